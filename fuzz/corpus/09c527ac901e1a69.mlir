func.func @next_node(%x: tensor<4xf32> loc("x")) -> tensor<4xf32>
    attributes {fx.folded = [["out", "attn", 0, "attn"], ["lse", "attn", 1, "out"]]} {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
  %a:2 = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) loc("attn")
  %k = fx.node "call_function" "torch.ops.vllm.kv.default"(%a#0) : (tensor<4xf32>) -> tensor<4xf32> loc("kv")
  %s = fx.node "call_function" "torch.add"(%k, %a#1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("add")
  return %s : tensor<4xf32>
}

func.func @adjacent(%x: tensor<4xf32> loc("x")) -> tensor<4xf32> {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
  fx.node "call_function" "torch.ops.vllm.kv.default"(%r) : (tensor<4xf32>) -> () loc("kv")
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<4xf32>) -> tensor<4xf32> loc("attn")
  %s = fx.node "call_function" "torch.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32> loc("neg")
  return %s : tensor<4xf32>
}

func.func @dims_after_producer(%s0: index {fx.symbol = "s0"} loc("s0"),
                               %x: tensor<?x4xf32> {fx.dim_symbols = ["s0", ""]} loc("x")) -> tensor<?x4xf32>
    attributes {fx.symbols = {"relu" = [["s0", ""]], "attn" = [["s0", ""]]}} {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %size = fx.size %r : tensor<?x4xf32> -> !fx.size<2> loc("size")
  %v = fx.view %a, %size : tensor<?x4xf32>, !fx.size<2> -> tensor<?x4xf32> loc("view")
  return %v : tensor<?x4xf32>
}

func.func @slice_to_input(%x: tensor<?x4xf32> loc("x"), %n: index loc("n")) -> tensor<?x4xf32> {
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %none = fx.slice none, %n, none loc("getitem")
  %g = fx.slice_tensor %a[%none] : tensor<?x4xf32> -> tensor<?x4xf32> loc("getitem")
  %r = fx.node "call_function" "torch.relu"(%g) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  return %r : tensor<?x4xf32>
}

func.func @output_order(%x: tensor<4xf32> loc("x")) -> tensor<4xf32> {
  %a = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("a")
  %b = fx.node "call_function" "torch.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("b")
  %c = fx.node "call_function" "torch.ops.vllm.attn.default"(%b) : (tensor<4xf32>) -> tensor<4xf32> loc("attn")
  %d = fx.node "call_function" "torch.add"(%c, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("add")
  return %d : tensor<4xf32>
}

func.func @symint_to_every_piece(%s0: index {fx.symbol = "s0"} loc("s0"),
                                 %x: tensor<?x4xf32> {fx.dim_symbols = ["s0", ""]} loc("x")) -> tensor<?x4xf32>
    attributes {fx.symbols = {"attn" = [["s0", ""]]}} {
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %r = fx.node "call_function" "torch.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  return %r : tensor<?x4xf32>
}
