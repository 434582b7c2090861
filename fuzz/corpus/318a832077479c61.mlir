func.func @forward(%x: tensor<*xf32> loc("x")) -> tensor<*xf32> {
  %d = fx.sym_size %x, dim = -1 : tensor<*xf32> loc("d")
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%x, %d) : (tensor<*xf32>, index) -> tensor<*xf32> loc("attn")
  return %attn : tensor<*xf32>
}
