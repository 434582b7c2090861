func.func @nested(%x: tensor<4xf32>, %c: i1) {
  scf.if %c {
    fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  }
  return
}
