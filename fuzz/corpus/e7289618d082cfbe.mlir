func.func @too_few(%c: i1, %n: index) {
  fx.assert %c, "{} and {}" (%n : index)
  return
}
