func.func @size_crosses(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %orig_shape = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %h = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %v = fx.view %h, %orig_shape : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %v : tensor<?x8xf32>
}
