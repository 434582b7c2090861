func.func @two_blocks(%x: tensor<4xf32>) {
  cf.br ^bb1
^bb1:
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  return
}
