llvm.mlir.global internal constant @fx_assert_msg_0("first\0A\00") {addr_space = 0 : i32}
func.func @after_earlier_run(%c: i1) {
  cf.assert %c, "second"
  return
}
