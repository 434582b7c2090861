module {
  llvm.func @dprintf(i32) -> i32
  func.func @clash(%c: i1) {
    cf.assert %c, "clash"
    return
  }
}
