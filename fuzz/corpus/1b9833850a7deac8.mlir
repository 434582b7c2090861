func.func @float_crosses(%x: tensor<4xf32>) -> tensor<4xf32> {
  %mean = fx.node "call_function" "torch.mean"(%x) : (tensor<4xf32>) -> f64
  %flag = fx.node "call_function" "torch.is_nonzero"(%x) : (tensor<4xf32>) -> i1
  %a = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %r = fx.node "call_function" "torch.add"(%a, %mean) : (tensor<4xf32>, f64) -> tensor<4xf32>
  %w = scf.if %flag -> tensor<4xf32> {
    scf.yield %r : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  return %w : tensor<4xf32>
}

func.func @fine(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
