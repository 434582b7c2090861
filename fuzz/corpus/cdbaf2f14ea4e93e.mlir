func.func @not_an_integer(%c: i1, %f: f32) {
  fx.assert %c, "{}" (%f : f32)
  return
}
