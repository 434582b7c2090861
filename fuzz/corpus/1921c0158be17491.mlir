func.func @lone_brace(%c: i1, %n: index) {
  fx.assert %c, "{} } x" (%n : index)
  return
}
