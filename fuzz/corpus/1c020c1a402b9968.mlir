func.func @tuple_element(%x: tensor<4xf32>) -> tensor<4xf32> {
  %pair:2 = fx.node "call_function" "f"(%x) : (tensor<4xf32>) -> (tensor<4xf32>, !fx.size<1>)
  %a = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%pair#0) : (tensor<4xf32>) -> tensor<4xf32>
  %v = fx.view %a, %pair#1 : tensor<4xf32>, !fx.size<1> -> tensor<4xf32>
  return %v : tensor<4xf32>
}
