func.func @round_trip(%c: i1, %n: index, %m: i32) {
  fx.assert %c, "shape '[{}, 8]' is invalid for input of size {}" (%n, %m : index, i32)
  fx.assert %c, "braces {{ and }} alone"
  %c3 = arith.constant 3 : index
  %cm1 = arith.constant -1 : i64
  fx.assert %c, "{{[ {} {} {}" (%c3, %cm1, %n : index, i64, index)
  %true = arith.constant true
  fx.assert %true, "never fails {}" (%n : index)
  return
}
