func.func @in_loop(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    fx.assert %c, "in a loop at {}" (%i : index)
    cf.assert %c, "in a loop"
  }
  return
}
