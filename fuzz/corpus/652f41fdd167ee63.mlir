func.func @two_asserts(%c: i1, %d: i1) {
  cf.assert %c, "50% first"
  cf.assert %d, "50% first"
  return
}
