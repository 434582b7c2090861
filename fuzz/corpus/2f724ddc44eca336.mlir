func.func @layers(%s0: index {fx.symbol = "s0"},
                  %x: tensor<?x8xf32> {fx.dim_symbols = ["s0", ""]},
                  %kv: tensor<16x8xf32>, %flag: i1) -> (tensor<?x8xf32>, index, tensor<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %n = fx.size %relu, dim = 0 : tensor<?x8xf32> -> index
  %q:2 = fx.node "call_function" "torch.ops.aten.split.Tensor"(%relu) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>)
  fx.node "call_function" "torch.ops.vllm.unified_kv_cache_update.default"(%q#0, %kv) : (tensor<?x8xf32>, tensor<16x8xf32>) -> ()
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%q#1, %kv) : (tensor<?x8xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
  %sel = scf.if %flag -> tensor<?x8xf32> {
    scf.yield %attn : tensor<?x8xf32>
  } else {
    scf.yield %relu : tensor<?x8xf32>
  }
  %d = fx.size %sel, dim = %c0 : tensor<?x8xf32> -> index
  %attn_1 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%sel) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %add = fx.node "call_function" "torch.add"(%attn_1, %x, %s0) : (tensor<?x8xf32>, tensor<?x8xf32>, index) -> tensor<?x8xf32>
  %m = fx.node "call_function" "torch.mul"(%add, %d) : (tensor<?x8xf32>, index) -> tensor<?x8xf32>
  return %add, %n, %m : tensor<?x8xf32>, index, tensor<?x8xf32>
}
