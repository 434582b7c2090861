func.func @forward(%s72: index {fx.symbol = "s72"} loc("s72"),
                   %hidden_states: tensor<?x2048xf32> {fx.dim_symbols = ["s72", ""]} loc("hidden_states"),
                   %router_logits: tensor<?x8xf32> {fx.dim_symbols = ["s72", ""]} loc("router_logits"))
    -> tensor<?x2048xf32> {
  %size = fx.size %hidden_states : tensor<?x2048xf32> -> !fx.size<2> loc("size")
  %c-1 = arith.constant -1 : index loc("view")
  %c2048 = arith.constant 2048 : index loc("view")
  %size.1 = fx.make_size %c-1, %c2048 : !fx.size<2> loc("view")
  %view = fx.view %hidden_states, %size.1 : tensor<?x2048xf32>, !fx.size<2> -> tensor<?x2048xf32> loc("view")
  %moe_forward = fx.node "call_function" "torch.ops.vllm.moe_forward.default"(%view, %router_logits)
      {args = "(%0, %1, 'model.layers.0.mlp.experts')"}
      : (tensor<?x2048xf32>, tensor<?x8xf32>) -> tensor<?x2048xf32> loc("moe_forward")
  %view_1 = fx.view %moe_forward, %size : tensor<?x2048xf32>, !fx.size<2> -> tensor<?x2048xf32> loc("view_1")
  return %view_1 : tensor<?x2048xf32>
}
