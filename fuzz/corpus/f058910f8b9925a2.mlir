func.func @getitem_late_index(%x: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %split = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x)
      : (tensor<4x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2x3xf32>>
  %i = fx.sym_size %x, dim = 1 : tensor<4x3xf32>
  %getitem = fx.node "call_function" "operator.getitem"(%split, %i)
      : (tuple<tensor<2x3xf32>, tensor<2x3xf32>>, index) -> tensor<2x3xf32>
  return %getitem : tensor<2x3xf32>
}
