func.func @refused_keeps_size_spellings(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = fx.size %x, dim = 0 : tensor<?xf32> -> index
  %size = fx.size %x : tensor<?xf32> -> !fx.size<1>
  %1 = fx.getitem %size[0] : !fx.size<1>
  %2 = fx.node "call_function" "torch.add"(%x, %0, %1) : (tensor<?xf32>, index, index) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
