func.func @forward(%s0: index {fx.symbol = "s0"} loc("s0"),
                   %x: tensor<?x8xf32> {fx.dim_symbols = ["s0", ""]} loc("x")) -> (tensor<?x8xf32>, tensor<?xf32>)
    attributes {fx.folded = [["out", "attn", 0, "attn"], ["lse", "attn", 1, "out"]],
                fx.symbols = {"relu" = [["s0", ""]], "attn" = [["s0", ""], ["s0"]]}} {
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("relu")
  %attn:2 = fx.node "call_function" "torch.ops.vllm.attn.default"(%relu) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?xf32>) loc("attn")
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("size")
  %n = fx.getitem %size[0] : !fx.size<2> loc("getitem")
  %view = fx.view %attn#0, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32> loc("view")
  %add = fx.node "call_function" "torch.add"(%view, %n) : (tensor<?x8xf32>, index) -> tensor<?x8xf32> loc("add")
  return %add, %attn#1 : tensor<?x8xf32>, tensor<?xf32>
}
