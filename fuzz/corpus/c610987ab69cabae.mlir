func.func @size_returned(%x: tensor<?x8xf32>) -> !fx.size<2> {
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<?x8xf32>) -> ()
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  return %s : !fx.size<2>
}
