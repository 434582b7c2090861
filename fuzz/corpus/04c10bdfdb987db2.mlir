func.func @forward(%s0: index {fx.symbol = "s0"} loc("s0"),
                   %x: tensor<?x8xf32> {fx.dim_symbols = ["s0", ""]} loc("x"))
    -> (tensor<?x16xf32>) {
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("relu")
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("sym_size")
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%relu) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("attn")
  %attn_1 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%attn) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("attn_1")
  %getitem = fx.getitem %size[0] : !fx.size<2> loc("getitem")
  %view = fx.view %attn_1, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32> loc("view")
  %add = fx.node "call_function" "torch.add"(%view, %x, %getitem) : (tensor<?x8xf32>, tensor<?x8xf32>, index) -> tensor<?x8xf32> loc("add")
  %split:2 = fx.node "call_function" "torch.ops.vllm.unified_kv_cache_update"(%add) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) loc("split")
  %cat = fx.node "call_function" "torch.cat"(%split#0, %split#1) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x16xf32> loc("cat")
  return %cat : tensor<?x16xf32>
}
