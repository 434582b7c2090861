// vLLM's split_graph rules (vllm/compilation/backends.py), one function
// each, in the importer's form: each op located at its FX node's name, the
// getitems it folded in `fx.folded`, the SymInts of values in `fx.symbols`.
// RUN: fx-opt %s --fx-decompose-size='placement=after-producer' \
// RUN:   --fx-split-graph='splitting-ops=vllm::attn,vllm::kv' | FileCheck %s

// Rule 1: two splitting ops share a piece only when the second is the very
// next node. `out, lse = attn(q)` puts two getitems between attn and kv,
// which the importer folded into attn's results: they go to attn's piece,
// and kv is piece 3.
// CHECK-LABEL: func.func @next_node(
// CHECK-NEXT: call @next_node_submod_0(
// CHECK-NEXT: call @next_node_submod_1(
// CHECK-NEXT: call @next_node_submod_3(
// CHECK-NEXT: call @next_node_submod_4(
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @next_node_submod_1(
// CHECK-SAME: fx.splitting = true
// CHECK-NEXT: "torch.ops.vllm.attn.default"
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @next_node_submod_3(
// CHECK-SAME: fx.splitting = true
// CHECK-NEXT: "torch.ops.vllm.kv.default"
// CHECK-NEXT: return
func.func @next_node(%x: tensor<4xf32> loc("x")) -> tensor<4xf32>
    attributes {fx.folded = [["out", "attn", 0, "attn"], ["lse", "attn", 1, "out"]]} {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
  %a:2 = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) loc("attn")
  %k = fx.node "call_function" "torch.ops.vllm.kv.default"(%a#0) : (tensor<4xf32>) -> tensor<4xf32> loc("kv")
  %s = fx.node "call_function" "torch.add"(%k, %a#1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("add")
  return %s : tensor<4xf32>
}

// Without the getitems in between, kv is the next node: one piece of two.
// CHECK-LABEL: func.func @adjacent(
// CHECK-NEXT: call @adjacent_submod_0(
// CHECK-NEXT: call @adjacent_submod_1(
// CHECK-NEXT: call @adjacent_submod_2(
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @adjacent_submod_1(
// CHECK-NEXT: "torch.ops.vllm.kv.default"
// CHECK-NEXT: "torch.ops.vllm.attn.default"
// CHECK-NEXT: return
func.func @adjacent(%x: tensor<4xf32> loc("x")) -> tensor<4xf32> {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
  fx.node "call_function" "torch.ops.vllm.kv.default"(%r) : (tensor<4xf32>) -> () loc("kv")
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<4xf32>) -> tensor<4xf32> loc("attn")
  %s = fx.node "call_function" "torch.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32> loc("neg")
  return %s : tensor<4xf32>
}

// Rule 2: fx-decompose-size{placement=after-producer} puts the dims of
// x.size() right after the tensor's producer, as vLLM's
// _decompose_size_nodes does (inserting_after(tensor_node)): the dim of
// relu's output is computed in piece 0 and crosses as an index. In place
// (the default), it is computed where the x.size() was, after the cut, and
// the tensor crosses instead.
// RUN: fx-opt %s --fx-decompose-size --fx-split-graph='splitting-ops=vllm::attn,vllm::kv' \
// RUN:   | FileCheck %s --check-prefix=INPLACE
// CHECK-LABEL: func.func @dims_after_producer(
// CHECK-SAME: %[[S0:[^:]*]]: index {fx.symbol = "s0"}, %[[X:[^:]*]]: tensor<?x4xf32>
// CHECK-NEXT: %[[P0:.*]]:2 = call @dims_after_producer_submod_0(%[[X]], %[[S0]]) : (tensor<?x4xf32>, index) -> (tensor<?x4xf32>, index)
// CHECK-NEXT: %[[P1:.*]] = call @dims_after_producer_submod_1(%[[P0]]#0, %[[S0]])
// CHECK-NEXT: call @dims_after_producer_submod_2(%[[P1]], %[[S0]], %[[P0]]#1)
// CHECK-LABEL: func.func private @dims_after_producer_submod_0(
// CHECK-NEXT: "torch.relu"
// CHECK-NEXT: fx.sym_size %{{.*}}, dim = 0
// CHECK-NEXT: return
// INPLACE-LABEL: func.func @dims_after_producer(
// INPLACE-NEXT: %[[P0:.*]] = call @dims_after_producer_submod_0(
// INPLACE-NEXT: %[[P1:.*]] = call @dims_after_producer_submod_1(%[[P0]],
// INPLACE-NEXT: call @dims_after_producer_submod_2(%[[P0]], %{{.*}}, %[[P1]])
func.func @dims_after_producer(%s0: index {fx.symbol = "s0"} loc("s0"),
                               %x: tensor<?x4xf32> {fx.dim_symbols = ["s0", ""]} loc("x")) -> tensor<?x4xf32>
    attributes {fx.symbols = {"relu" = [["s0", ""]], "attn" = [["s0", ""]]}} {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %size = fx.size %r : tensor<?x4xf32> -> !fx.size<2> loc("size")
  %v = fx.view %a, %size : tensor<?x4xf32>, !fx.size<2> -> tensor<?x4xf32> loc("view")
  return %v : tensor<?x4xf32>
}

// Rule 3: vLLM moves every getitem on a non-placeholder to its input's
// piece, tensor slicing `attn[:n]` included.
// CHECK-LABEL: func.func private @slice_to_input_submod_1(
// CHECK-SAME: fx.splitting = true
// CHECK-NEXT: "torch.ops.vllm.attn.default"
// CHECK-NEXT: fx.slice
// CHECK-NEXT: fx.slice_tensor
// CHECK-NEXT: return
func.func @slice_to_input(%x: tensor<?x4xf32> loc("x"), %n: index loc("n")) -> tensor<?x4xf32> {
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %none = fx.slice none, %n, none loc("getitem")
  %g = fx.slice_tensor %a[%none] : tensor<?x4xf32> -> tensor<?x4xf32> loc("getitem")
  %r = fx.node "call_function" "torch.relu"(%g) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  return %r : tensor<?x4xf32>
}

// Rule 6: a piece's outputs come in the order of their first use by a later
// piece (split_module's order), not in the order they are defined.
// CHECK-LABEL: func.func @output_order(
// CHECK-NEXT: %[[P0:.*]]:2 = call @output_order_submod_0(
// CHECK-NEXT: call @output_order_submod_1(%[[P0]]#0)
// CHECK-NEXT: call @output_order_submod_2(%{{.*}}, %[[P0]]#1)
// CHECK-LABEL: func.func private @output_order_submod_0(
// CHECK: %[[B:.*]] = fx.node {{.*}}"torch.neg"
// CHECK: return %[[B]], %{{.*}} :
func.func @output_order(%x: tensor<4xf32> loc("x")) -> tensor<4xf32> {
  %a = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("a")
  %b = fx.node "call_function" "torch.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("b")
  %c = fx.node "call_function" "torch.ops.vllm.attn.default"(%b) : (tensor<4xf32>) -> tensor<4xf32> loc("attn")
  %d = fx.node "call_function" "torch.add"(%c, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("add")
  return %d : tensor<4xf32>
}

// Rule 7: a piece that receives a value whose type mentions a SymInt (here
// the attention's output, (s0, 4), computed by another piece) receives the
// SymInt argument too, right after it, as torch.fx's split_module passes it;
// `fx.sym_shape_indices` lists it.
// CHECK-LABEL: func.func private @symint_to_every_piece_submod_2(
// CHECK-SAME: %{{[^:]*}}: tensor<?x4xf32>, %{{[^:]*}}: index {fx.symbol = "s0"})
// CHECK-SAME: fx.sym_shape_indices = array<i64: 1>
func.func @symint_to_every_piece(%s0: index {fx.symbol = "s0"} loc("s0"),
                                 %x: tensor<?x4xf32> {fx.dim_symbols = ["s0", ""]} loc("x")) -> tensor<?x4xf32>
    attributes {fx.symbols = {"attn" = [["s0", ""]]}} {
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %r = fx.node "call_function" "torch.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  return %r : tensor<?x4xf32>
}
