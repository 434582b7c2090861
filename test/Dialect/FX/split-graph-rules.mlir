// The rules of fx-split-graph, one function each, in the order its
// description (Passes.td) states them. Most split at the default list,
// through fx-opt, Debian's mlir-opt with the fx plugin, and --pass-pipeline.
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph | FileCheck %s
// RUN: fx-opt --verify-roundtrip %s --pass-pipeline='builtin.module(fx-split-graph)' | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --pass-pipeline='builtin.module(fx-split-graph)' | FileCheck %s
// A second run leaves the result alone.
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph --fx-split-graph | FileCheck %s
// An empty list splits nothing.
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph='splitting-ops=' | FileCheck %s --check-prefix=NONE
// NONE-NOT: fx.piece
// Functions in the importer's form (each op located at its FX node's name,
// the getitems it folded in `fx.folded`, the SymInts of values in
// `fx.symbols`) split at vllm::attn and vllm::kv, after fx-decompose-size
// with placement=after-producer (prefix ATTN) or in place (INPLACE).
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size='placement=after-producer' \
// RUN:   --fx-split-graph='splitting-ops=vllm::attn,vllm::kv' | FileCheck %s --check-prefix=ATTN
// RUN: fx-opt %s --fx-decompose-size --fx-split-graph='splitting-ops=vllm::attn,vllm::kv' \
// RUN:   | FileCheck %s --check-prefix=INPLACE
// Overloads other than .default, by name (OVERLOAD).
// RUN: fx-opt %s --fx-split-graph='splitting-ops=vllm::attn.out' | FileCheck %s --check-prefix=OVERLOAD
// RUN: fx-opt %s --fx-split-graph='splitting-ops=vllm::attn.out.out' | FileCheck %s --check-prefix=OVERLOAD

//===----------------------------------------------------------------------===//
// FX nodes
//===----------------------------------------------------------------------===//

// fx-decompose-size{placement=after-producer} puts the dims of
// x.size() right after the tensor's producer, as vLLM's
// _decompose_size_nodes does (inserting_after(tensor_node)): the dim of
// relu's output is computed in piece 0 and crosses as an index. In place
// (the default), it is computed where the x.size() was, after the cut, and
// the tensor crosses instead.
// ATTN-LABEL: func.func @dims_after_producer(
// ATTN-SAME: %[[S0:[^:]*]]: index {fx.symbol = "s0"}, %[[X:[^:]*]]: tensor<?x4xf32>
// ATTN-NEXT: %[[P0:.*]]:2 = call @dims_after_producer_submod_0(%[[X]], %[[S0]]) : (tensor<?x4xf32>, index) -> (tensor<?x4xf32>, index)
// ATTN-NEXT: %[[P1:.*]] = call @dims_after_producer_submod_1(%[[P0]]#0, %[[S0]])
// ATTN-NEXT: call @dims_after_producer_submod_2(%[[P1]], %[[S0]], %[[P0]]#1)
// ATTN-LABEL: func.func private @dims_after_producer_submod_0(
// ATTN-NEXT: "torch.relu"
// ATTN-NEXT: fx.sym_size %{{.*}}, dim = 0
// ATTN-NEXT: return
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

//===----------------------------------------------------------------------===//
// Splitting ops
//===----------------------------------------------------------------------===//

// The default names are vLLM's (vllm::unified_attention is not among them).
// As vLLM's should_split matches, `ns::op` matches the packet and the
// .default overload only: OpOverload.name() carries any other overload's
// name. Names that only start like one do not match.
// CHECK-LABEL: func.func @default_names(
// CHECK-COUNT-8: call @default_names_submod_
// CHECK-NEXT: return
// CHECK: func.func private @default_names_submod_0({{.*}}fx.splitting = false
// CHECK-NEXT: "torch.ops.vllm.unified_attention"
// CHECK-NEXT: "torch.ops.vllm.unified_attention_with_output_x"
// CHECK-NEXT: "torch.ops.vllm.unified_attention_with_output.default.x"
// CHECK-NEXT: "torch.ops.vllmx.unified_attention_with_output"
// CHECK-NEXT: "vllm.unified_attention_with_output"
// CHECK-NEXT: "torch.ops.vllm::unified_attention_with_output"
// CHECK-NEXT: call_method "torch.ops.vllm.unified_attention_with_output"
// CHECK-NEXT: "torch.ops.vllm.unified_attention_with_output.out"
// CHECK: func.func private @default_names_submod_1({{.*}}fx.splitting = true
// CHECK-NEXT: "torch.ops.vllm.unified_attention_with_output"
// CHECK-NEXT: return
// CHECK: func.func private @default_names_submod_3({{.*}}fx.splitting = true
// CHECK-NEXT: "torch.ops.vllm.qwen_gdn_attention_core.default"
// CHECK: func.func private @default_names_submod_5({{.*}}fx.splitting = true
// CHECK-NEXT: "torch.ops.vllm.deepseek_v4_attention.default"
// CHECK: func.func private @default_names_submod_7({{.*}}fx.splitting = true
// CHECK-NEXT: "torch.ops.vllm.unified_kv_cache_update.default"
// CHECK-NEXT: "torch.ops.vllm.unified_attention_with_output.default"
// CHECK-NEXT: return
func.func @default_names(%x: tensor<4xf32>) {
  fx.node "call_function" "torch.ops.vllm.unified_attention"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output_x"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default.x"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllmx.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm::unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_method" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.out"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.qwen_gdn_attention_core.default"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.deepseek_v4_attention.default"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.unified_kv_cache_update.default"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%x) : (tensor<4xf32>) -> ()
  return
}

// An overload other than .default matches only when named, with or without
// the overload repeated (vLLM's op_overload_name).
// OVERLOAD-LABEL: func.func private @overloads_submod_0(
// OVERLOAD-NEXT: "torch.ops.vllm.attn.default"
// OVERLOAD-NEXT: "torch.ops.vllm.attn"
// OVERLOAD-NEXT: return
// OVERLOAD-LABEL: func.func private @overloads_submod_1(
// OVERLOAD-SAME: fx.splitting = true
// OVERLOAD-NEXT: "torch.ops.vllm.attn.out"
// OVERLOAD-NEXT: return
func.func @overloads(%x: tensor<4xf32>) {
  fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.attn"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.attn.out"(%x) : (tensor<4xf32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// Assignment
//===----------------------------------------------------------------------===//

// Pieces follow vLLM's numbering: 0, splitting 1, 2. The caller is a flat
// sequence of calls in order; each piece takes what it uses in first-use
// order and returns what later pieces or the return use.
// CHECK-LABEL: func.func @three_pieces(
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x8xf32>, %[[Y:[^:]*]]: tensor<?x8xf32>)
// CHECK-NEXT: %[[P0:.*]]:2 = call @three_pieces_submod_0(%[[X]], %[[Y]]) : (tensor<?x8xf32>, tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>)
// CHECK-NEXT: %[[P1:.*]] = call @three_pieces_submod_1(%[[P0]]#0) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: %[[P2:.*]] = call @three_pieces_submod_2(%[[P1]], %[[P0]]#1) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: return %[[P2]]
// CHECK-LABEL: func.func private @three_pieces_submod_0(
// CHECK-SAME: %[[A:[^:]*]]: tensor<?x8xf32>, %[[B:[^:]*]]: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>)
// CHECK-SAME: attributes {fx.piece = 0 : i64, fx.splitting = false, fx.sym_shape_indices = array<i64>}
// CHECK-NEXT: %[[R:.*]] = fx.node {{.*}}"torch.relu"(%[[A]])
// CHECK-NEXT: %[[S:.*]] = fx.node {{.*}}"torch.sigmoid"(%[[B]])
// CHECK-NEXT: return %[[R]], %[[S]]
// CHECK-LABEL: func.func private @three_pieces_submod_1(
// CHECK-SAME: attributes {fx.piece = 1 : i64, fx.splitting = true, fx.sym_shape_indices = array<i64>}
// CHECK-NEXT: fx.node {{.*}}"torch.ops.vllm.unified_attention_with_output.default"
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @three_pieces_submod_2(
// CHECK-SAME: attributes {fx.piece = 2 : i64, fx.splitting = false, fx.sym_shape_indices = array<i64>}
// CHECK-NEXT: fx.node {{.*}}"torch.add"
// CHECK-NEXT: return
func.func @three_pieces(%x: tensor<?x8xf32>, %y: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %sig = fx.node "call_function" "torch.sigmoid"(%y) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%relu)
      : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %add = fx.node "call_function" "torch.add"(%attn, %sig)
      : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %add : tensor<?x8xf32>
}

// A splitting op first: piece 0 is empty and has no function; a splitting op
// last: no piece after it. Two splitting ops apart: 1 and 3.
// CHECK-LABEL: func.func @split_first_and_last(
// CHECK-NEXT: call @split_first_and_last_submod_1(
// CHECK-NEXT: call @split_first_and_last_submod_2(
// CHECK-NEXT: call @split_first_and_last_submod_3(
// CHECK-NEXT: return
// CHECK-NOT: @split_first_and_last_submod_0
// CHECK: func.func private @split_first_and_last_submod_1({{.*}} attributes {fx.piece = 1 : i64, fx.splitting = true
// CHECK: func.func private @split_first_and_last_submod_2({{.*}} attributes {fx.piece = 2 : i64, fx.splitting = false
// CHECK: func.func private @split_first_and_last_submod_3({{.*}} attributes {fx.piece = 3 : i64, fx.splitting = true
// CHECK-NOT: @split_first_and_last_submod_4
func.func @split_first_and_last(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = fx.node "call_function" "torch.relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = fx.node "call_function" "torch.ops.vllm.unified_kv_cache_update.default"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// Two splitting ops share a piece only when the second is the very
// next node. `out, lse = attn(q)` puts two getitems between attn and kv,
// which the importer folded into attn's results: they go to attn's piece,
// and kv is piece 3.
// ATTN-LABEL: func.func @next_node(
// ATTN-NEXT: call @next_node_submod_0(
// ATTN-NEXT: call @next_node_submod_1(
// ATTN-NEXT: call @next_node_submod_3(
// ATTN-NEXT: call @next_node_submod_4(
// ATTN-NEXT: return
// ATTN-LABEL: func.func private @next_node_submod_1(
// ATTN-SAME: fx.splitting = true
// ATTN-NEXT: "torch.ops.vllm.attn.default"
// ATTN-NEXT: return
// ATTN-LABEL: func.func private @next_node_submod_3(
// ATTN-SAME: fx.splitting = true
// ATTN-NEXT: "torch.ops.vllm.kv.default"
// ATTN-NEXT: return
func.func @next_node(%x: tensor<4xf32> loc("x")) -> tensor<4xf32>
    attributes {fx.folded = [["out", "attn", 0, "attn"], ["lse", "attn", 1, "out"]]} {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
  %a:2 = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) loc("attn")
  %k = fx.node "call_function" "torch.ops.vllm.kv.default"(%a#0) : (tensor<4xf32>) -> tensor<4xf32> loc("kv")
  %s = fx.node "call_function" "torch.add"(%k, %a#1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("add")
  return %s : tensor<4xf32>
}

// Without the getitems in between, kv is the next node: one piece of two.
// ATTN-LABEL: func.func @adjacent(
// ATTN-NEXT: call @adjacent_submod_0(
// ATTN-NEXT: call @adjacent_submod_1(
// ATTN-NEXT: call @adjacent_submod_2(
// ATTN-NEXT: return
// ATTN-LABEL: func.func private @adjacent_submod_1(
// ATTN-NEXT: "torch.ops.vllm.kv.default"
// ATTN-NEXT: "torch.ops.vllm.attn.default"
// ATTN-NEXT: return
func.func @adjacent(%x: tensor<4xf32> loc("x")) -> tensor<4xf32> {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
  fx.node "call_function" "torch.ops.vllm.kv.default"(%r) : (tensor<4xf32>) -> () loc("kv")
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<4xf32>) -> tensor<4xf32> loc("attn")
  %s = fx.node "call_function" "torch.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32> loc("neg")
  return %s : tensor<4xf32>
}

// A placeholder between kv and attn in graph order (a graph built by hand;
// `fx.placeholders`): vLLM's walk skips it but tests it as kv's `node.next`,
// which does not split (vllm/compilation/backends.py:590, 612 of vLLM
// 0.34.0), so kv and attn get pieces 1 and 3, and neg piece 4; id 2 has no
// nodes.
// ATTN-LABEL: func.func @placeholder_between(
// ATTN-NEXT: call @placeholder_between_submod_0(
// ATTN-NEXT: call @placeholder_between_submod_1(
// ATTN-NEXT: call @placeholder_between_submod_3(
// ATTN-NEXT: %[[R:.*]] = call @placeholder_between_submod_4(
// ATTN-NEXT: return %[[R]]
// ATTN-LABEL: func.func private @placeholder_between_submod_1(
// ATTN-SAME: fx.piece = 1 : i64, fx.splitting = true
// ATTN-NEXT: "torch.ops.vllm.kv.default"
// ATTN-NEXT: return
// ATTN-LABEL: func.func private @placeholder_between_submod_3(
// ATTN-SAME: fx.piece = 3 : i64, fx.splitting = true
// ATTN-NEXT: "torch.ops.vllm.attn.default"
// ATTN-NEXT: return
func.func @placeholder_between(%x: tensor<4xf32> loc("x"), %y: tensor<4xf32> loc("y")) -> tensor<4xf32>
    attributes {fx.placeholders = [["y", "kv"]]} {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
  fx.node "call_function" "torch.ops.vllm.kv.default"(%r) : (tensor<4xf32>) -> () loc("kv")
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%y) : (tensor<4xf32>) -> tensor<4xf32> loc("attn")
  %s = fx.node "call_function" "torch.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32> loc("neg")
  return %s : tensor<4xf32>
}

// VLLM moves every getitem on a non-placeholder to its input's
// piece, tensor slicing `attn[:n]` included.
// ATTN-LABEL: func.func private @slice_to_input_submod_1(
// ATTN-SAME: fx.splitting = true
// ATTN-NEXT: "torch.ops.vllm.attn.default"
// ATTN-NEXT: fx.slice
// ATTN-NEXT: fx.slice_tensor
// ATTN-NEXT: return
func.func @slice_to_input(%x: tensor<?x4xf32> loc("x"), %n: index loc("n")) -> tensor<?x4xf32> {
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %none = fx.slice none, %n, none loc("getitem")
  %g = fx.slice_tensor %a[%none] : tensor<?x4xf32> -> tensor<?x4xf32> loc("getitem")
  %r = fx.node "call_function" "torch.relu"(%g) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  return %r : tensor<?x4xf32>
}

// fx-mlir's check: a getitem stays where it is when its other operands come
// from a later piece than its input's (here `n`, of relu after attn); vLLM
// would move it to attn's piece, before `n` is computed.
// ATTN-LABEL: func.func private @slice_stays_submod_2(
// ATTN-NEXT: "torch.relu"
// ATTN-NEXT: fx.sym_size
// ATTN-NEXT: fx.slice
// ATTN-NEXT: fx.slice_tensor
// ATTN-NEXT: return
func.func @slice_stays(%x: tensor<?x4xf32> loc("x")) -> tensor<?x4xf32> {
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %r = fx.node "call_function" "torch.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  %n = fx.sym_size %r, dim = 0 : tensor<?x4xf32> loc("sym_size")
  %none = fx.slice none, %n, none loc("getitem")
  %g = fx.slice_tensor %a[%none] : tensor<?x4xf32> -> tensor<?x4xf32> loc("getitem")
  return %g : tensor<?x4xf32>
}

// A piece of one empty allocation joins the latest non-splitting piece
// before it when its operands come from there or earlier: `empty` joins
// piece 0, and piece 2 has no function; `new_empty` reads kv's output and
// keeps piece 4.
// ATTN-LABEL: func.func @empty_joins(
// ATTN-NEXT: call @empty_joins_submod_0(
// ATTN-NEXT: call @empty_joins_submod_1(
// ATTN-NEXT: call @empty_joins_submod_3(
// ATTN-NEXT: call @empty_joins_submod_4(
// ATTN-NEXT: call @empty_joins_submod_5(
// ATTN-LABEL: func.func private @empty_joins_submod_0(
// ATTN-NEXT: "torch.relu"
// ATTN-NEXT: fx.sym_size
// ATTN-NEXT: arith.constant
// ATTN-NEXT: "torch.ops.aten.empty.memory_format"
// ATTN-NEXT: return
// ATTN-LABEL: func.func private @empty_joins_submod_4(
// ATTN-NEXT: call_method "new_empty"
// ATTN-NEXT: return
func.func @empty_joins(%x: tensor<?x4xf32> loc("x")) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  %n = fx.sym_size %r, dim = 0 : tensor<?x4xf32> loc("sym_size")
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%r) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %c4 = arith.constant 4 : index
  %e = fx.node "call_function" "torch.ops.aten.empty.memory_format"(%n, %c4) : (index, index) -> tensor<?x4xf32> loc("empty")
  %k = fx.node "call_function" "torch.ops.vllm.kv.default"(%a, %e) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32> loc("kv")
  %l = fx.node "call_method" "new_empty"(%k) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("new_empty")
  %k2 = fx.node "call_function" "torch.ops.vllm.kv.default"(%l) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("kv_1")
  return %k2, %l : tensor<?x4xf32>, tensor<?x4xf32>
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

// Constants, slices and torch.Size builds belong to no piece: each piece
// that uses one has its own copy, right before its first user there, and
// only index values cross.
// CHECK-LABEL: func.func @rematerialized(
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x8xf32>, %[[M:[^:]*]]: tensor<?xi64>)
// CHECK-NEXT: %[[P0:.*]]:2 = call @rematerialized_submod_0(%[[X]]) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, index)
// CHECK-NEXT: %[[P1:.*]] = call @rematerialized_submod_1(%[[P0]]#0)
// CHECK-NEXT: %[[P2:.*]]:2 = call @rematerialized_submod_2(%[[M]], %[[P0]]#1, %[[P1]]) : (tensor<?xi64>, index, tensor<?x8xf32>) -> (tensor<?xi64>, tensor<?x8xf32>)
// CHECK-NEXT: return %[[P2]]#0, %[[P2]]#1
// CHECK-LABEL: func.func private @rematerialized_submod_0(
// CHECK-NEXT: fx.node {{.*}}"torch.relu"
// CHECK-NEXT: fx.sym_size
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @rematerialized_submod_2(
// CHECK-SAME: %[[M2:[^:]*]]: tensor<?xi64>, %[[N:[^:]*]]: index, %[[A:[^:]*]]: tensor<?x8xf32>)
// CHECK-SAME: fx.sym_shape_indices = array<i64: 1>
// CHECK-NEXT: %[[SL:.*]] = fx.slice none, %[[N]], none
// CHECK-NEXT: %[[T:.*]] = fx.slice_tensor %[[M2]][%[[SL]]]
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[SZ:.*]] = fx.make_size %[[N]], %[[C8]] : !fx.size<2>
// CHECK-NEXT: %[[V:.*]] = fx.view %[[A]], %[[SZ]]
// CHECK-NEXT: return %[[T]], %[[V]]
func.func @rematerialized(%x: tensor<?x8xf32>, %m: tensor<?xi64>) -> (tensor<?xi64>, tensor<?x8xf32>) {
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %n = fx.sym_size %relu, dim = 0 : tensor<?x8xf32>
  %c8 = arith.constant 8 : index
  %slice = fx.slice none, %n, none
  %size = fx.make_size %n, %c8 : !fx.size<2>
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%relu) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %t = fx.slice_tensor %m[%slice] : tensor<?xi64> -> tensor<?xi64>
  %v = fx.view %attn, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %t, %v : tensor<?xi64>, tensor<?x8xf32>
}

// A copy whose operands the piece itself defines comes after them.
// CHECK-LABEL: func.func private @copy_after_operand_submod_2(
// CHECK-NEXT: %[[N:.*]] = fx.sym_size
// CHECK-NEXT: %[[C:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[S:.*]] = fx.make_size %[[N]], %[[C]]
// CHECK-NEXT: fx.view %{{.*}}, %[[S]]
func.func @copy_after_operand(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %c8 = arith.constant 8 : index
  %a = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %n = fx.sym_size %a, dim = 0 : tensor<?x8xf32>
  %s = fx.make_size %n, %c8 : !fx.size<2>
  %v = fx.view %a, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %v : tensor<?x8xf32>
}

// What the return needs of them stays in the caller, after the calls.
// CHECK-LABEL: func.func @returned_constant(
// CHECK-NEXT: %[[P0:.*]] = call @returned_constant_submod_0(
// CHECK-NEXT: call @returned_constant_submod_1(
// CHECK-NEXT: %[[C:.*]] = arith.constant 3 : index
// CHECK-NEXT: return %[[C]], %[[P0]]
func.func @returned_constant(%x: tensor<4xf32>) -> (index, index) {
  %c3 = arith.constant 3 : index
  %n = fx.sym_size %x, dim = 0 : tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  return %c3, %n : index, index
}

//===----------------------------------------------------------------------===//
// Outlining
//===----------------------------------------------------------------------===//

// A piece's outputs come in the order of their first use by a later
// piece (split_module's order), not in the order they are defined.
// ATTN-LABEL: func.func @output_order(
// ATTN-NEXT: %[[P0:.*]]:2 = call @output_order_submod_0(
// ATTN-NEXT: call @output_order_submod_1(%[[P0]]#0)
// ATTN-NEXT: call @output_order_submod_2(%{{.*}}, %[[P0]]#1)
// ATTN-LABEL: func.func private @output_order_submod_0(
// ATTN: %[[B:.*]] = fx.node {{.*}}"torch.neg"
// ATTN: return %[[B]], %{{.*}} :
func.func @output_order(%x: tensor<4xf32> loc("x")) -> tensor<4xf32> {
  %a = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("a")
  %b = fx.node "call_function" "torch.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("b")
  %c = fx.node "call_function" "torch.ops.vllm.attn.default"(%b) : (tensor<4xf32>) -> tensor<4xf32> loc("attn")
  %d = fx.node "call_function" "torch.add"(%c, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("add")
  return %d : tensor<4xf32>
}

// Splitting ops write to buffers: a splitting op with no result still cuts,
// and nothing moves across it.
// CHECK-LABEL: func.func @mutating(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>, %[[K:[^:]*]]: tensor<4xf32>)
// CHECK-NEXT: %[[R:.*]] = call @mutating_submod_0(%[[X]])
// CHECK-NEXT: call @mutating_submod_1(%[[R]], %[[K]]) : (tensor<4xf32>, tensor<4xf32>) -> ()
// CHECK-NEXT: %[[U:.*]] = call @mutating_submod_2(%[[K]])
// CHECK-NEXT: return %[[U]]
// CHECK-LABEL: func.func private @mutating_submod_1(
// CHECK-NEXT: fx.node {{.*}}"torch.ops.vllm.unified_mla_kv_cache_update"
// CHECK-NEXT: return{{$}}
func.func @mutating(%x: tensor<4xf32>, %kv: tensor<4xf32>) -> tensor<4xf32> {
  %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_mla_kv_cache_update"(%0, %kv) : (tensor<4xf32>, tensor<4xf32>) -> ()
  %1 = fx.node "call_function" "torch.neg"(%kv) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// Values used inside a region of a piece's op are received like any other.
// Function arguments are passed to the pieces whatever their type.
// CHECK-LABEL: func.func private @regions_submod_2(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[T:[^:]*]]: tensor<4xf32>, %[[A:[^:]*]]: tensor<4xf32>)
// CHECK-NEXT: scf.if %[[C]]
// CHECK-NEXT: scf.yield %[[T]]
// CHECK-NEXT: else
// CHECK-NEXT: scf.yield %[[A]]
func.func @regions(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = scf.if %c -> tensor<4xf32> {
    scf.yield %0 : tensor<4xf32>
  } else {
    scf.yield %1 : tensor<4xf32>
  }
  return %2 : tensor<4xf32>
}

// A name that is taken gets a unique suffix, and the existing symbol keeps
// its users.
// CHECK-LABEL: func.func private @clash_submod_1(tensor<4xf32>)
// CHECK-LABEL: func.func @clash(
// CHECK-NEXT: call @clash_submod_1_0(
// CHECK-NEXT: call @clash_submod_2(
// CHECK: func.func private @clash_submod_1_0({{.*}}fx.piece = 1
// CHECK: func.func private @clash_submod_2(
// CHECK-NEXT: call @clash_submod_1(
func.func private @clash_submod_1(tensor<4xf32>)
func.func @clash(%x: tensor<4xf32>) {
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  call @clash_submod_1(%x) : (tensor<4xf32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// SymInts
//===----------------------------------------------------------------------===//

// A piece that receives a value whose type mentions a SymInt (here
// the attention's output, (s0, 4), computed by another piece) receives the
// SymInt argument too, right after it, as torch.fx's split_module passes it;
// `fx.sym_shape_indices` lists it.
// ATTN-LABEL: func.func private @symint_to_every_piece_submod_2(
// ATTN-SAME: %{{[^:]*}}: tensor<?x4xf32>, %{{[^:]*}}: index {fx.symbol = "s0"})
// ATTN-SAME: fx.sym_shape_indices = array<i64: 1>
func.func @symint_to_every_piece(%s0: index {fx.symbol = "s0"} loc("s0"),
                                 %x: tensor<?x4xf32> {fx.dim_symbols = ["s0", ""]} loc("x")) -> tensor<?x4xf32>
    attributes {fx.symbols = {"attn" = [["s0", ""]]}} {
  %a = fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("attn")
  %r = fx.node "call_function" "torch.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("relu")
  return %r : tensor<?x4xf32>
}

//===----------------------------------------------------------------------===//
// What may cross a cut
//===----------------------------------------------------------------------===//

// Scalars cross as tensors do: a float (`f64`, as `x.mean().item()`) and a
// SymBool (`i1`) leave piece 0 as results and enter piece 2 as arguments;
// only `index` arguments are SymInts in sym_shape_indices.
// CHECK-LABEL: func.func @scalars_cross(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>)
// CHECK-NEXT: %[[P0:.*]]:2 = call @scalars_cross_submod_0(%[[X]]) : (tensor<4xf32>) -> (f64, i1)
// CHECK-NEXT: %[[P1:.*]] = call @scalars_cross_submod_1(%[[X]])
// CHECK-NEXT: %[[P2:.*]] = call @scalars_cross_submod_2(%[[P1]], %[[P0]]#0, %[[P0]]#1) : (tensor<4xf32>, f64, i1) -> tensor<4xf32>
// CHECK-NEXT: return %[[P2]]
// CHECK-LABEL: func.func private @scalars_cross_submod_2(
// CHECK-SAME: %{{[^:]*}}: tensor<4xf32>, %{{[^:]*}}: f64, %{{[^:]*}}: i1) -> tensor<4xf32>
// CHECK-SAME: fx.sym_shape_indices = array<i64>
func.func @scalars_cross(%x: tensor<4xf32>) -> tensor<4xf32> {
  %mean = fx.node "call_method" "item"(%x) : (tensor<4xf32>) -> f64
  %flag = fx.node "call_function" "torch.is_nonzero"(%x) : (tensor<4xf32>) -> i1
  %a = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %r = fx.node "call_function" "torch.ops.test.scale"(%a, %mean, %flag) : (tensor<4xf32>, f64, i1) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// What is left alone
//===----------------------------------------------------------------------===//

// No splitting op: the function is left alone, as are declarations.
// CHECK-LABEL: func.func @no_splitting_op(
// CHECK-NEXT: fx.node {{.*}}"torch.relu"
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @declaration(
func.func @no_splitting_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @declaration(tensor<4xf32>) -> tensor<4xf32>
