func.func @with_values(%c: i1, %n: index, %m: i32) {
  fx.assert %c, "shape '[{}, 8]' is invalid {{for}} input of size {}" (%n, %m : index, i32)
  return
}
