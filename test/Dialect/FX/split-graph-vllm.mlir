// The cases of vLLM's tests/compile/test_graph_partition.py, as fx IR in the
// importer's spelling (make_fx targets: torch.ops.aten.relu.default, ...).
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size --fx-split-graph='splitting-ops=aten::split.Tensor,aten::sigmoid' | FileCheck %s --check-prefix=SPLIT
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph='splitting-ops=silly::attention,aten::sqrt' | FileCheck %s --check-prefix=CONSEC
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph | FileCheck %s
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size --fx-split-graph='splitting-ops=aten::sigmoid' | FileCheck %s --check-prefix=SHAPE

// test_getitem_moved_to_producer_subgraph: split on aten::split.Tensor. The
// getitems of its tuple go to its piece, so only tensors leave it, even the
// one after a relu of piece 2.
// SPLIT-LABEL: func.func @getitem_to_producer(
// SPLIT-NEXT: %[[C:.*]]:2 = call @getitem_to_producer_submod_1(%{{.*}}) : (tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
// SPLIT-NEXT: %[[R:.*]] = call @getitem_to_producer_submod_2(%[[C]]#0, %[[C]]#1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// SPLIT-NEXT: return %[[R]]
// SPLIT-LABEL: func.func private @getitem_to_producer_submod_1(
// SPLIT-SAME: fx.piece = 1 : i64, fx.splitting = true
// SPLIT-NEXT: "torch.ops.aten.split.Tensor"
// SPLIT-NEXT: "operator.getitem"
// SPLIT-NEXT: "operator.getitem"
// SPLIT-NEXT: return
// SPLIT-LABEL: func.func private @getitem_to_producer_submod_2(
// SPLIT-NEXT: "torch.ops.aten.relu.default"
// SPLIT-NEXT: "torch.ops.aten.relu.default"
// SPLIT-NEXT: "torch.ops.aten.cat.default"
func.func @getitem_to_producer(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %split = fx.node "call_function" "torch.ops.aten.split.Tensor"(%x) {args = "(%0, 2)"}
      : (tensor<4x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2x3xf32>>
  %getitem = fx.node "call_function" "operator.getitem"(%split) {args = "(%0, 0)"}
      : (tuple<tensor<2x3xf32>, tensor<2x3xf32>>) -> tensor<2x3xf32>
  %relu = fx.node "call_function" "torch.ops.aten.relu.default"(%getitem) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %getitem_1 = fx.node "call_function" "operator.getitem"(%split) {args = "(%0, 1)"}
      : (tuple<tensor<2x3xf32>, tensor<2x3xf32>>) -> tensor<2x3xf32>
  %relu_1 = fx.node "call_function" "torch.ops.aten.relu.default"(%getitem_1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %cat = fx.node "call_function" "torch.ops.aten.cat.default"(%relu, %relu_1)
      : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %cat : tensor<4x3xf32>
}

// test_no_tuple_inputs_with_multiple_consumers: split on aten::split.Tensor
// and aten::sigmoid; the tuple is used by two later pieces, which receive
// its elements: four pieces, no tuple argument.
// SPLIT-LABEL: func.func @no_tuple_inputs(
// SPLIT-NEXT: %[[C:.*]]:2 = call @no_tuple_inputs_submod_1(%{{.*}}) : (tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
// SPLIT-NEXT: %[[R:.*]]:2 = call @no_tuple_inputs_submod_2(%[[C]]#0, %[[C]]#1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
// SPLIT-NEXT: %[[S:.*]] = call @no_tuple_inputs_submod_3(%[[R]]#0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// SPLIT-NEXT: %[[O:.*]] = call @no_tuple_inputs_submod_4(%[[C]]#0, %[[C]]#1, %[[S]], %[[R]]#1) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<8x3xf32>
// SPLIT-NEXT: return %[[O]]
// SPLIT-NOT: func.func {{.*}}tuple<
// SPLIT-NOT: call {{.*}}tuple<
func.func @no_tuple_inputs(%x: tensor<4x3xf32>) -> tensor<8x3xf32> {
  %split = fx.node "call_function" "torch.ops.aten.split.Tensor"(%x) {args = "(%0, 2)"}
      : (tensor<4x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2x3xf32>>
  %getitem = fx.node "call_function" "operator.getitem"(%split) {args = "(%0, 0)"}
      : (tuple<tensor<2x3xf32>, tensor<2x3xf32>>) -> tensor<2x3xf32>
  %getitem_1 = fx.node "call_function" "operator.getitem"(%split) {args = "(%0, 1)"}
      : (tuple<tensor<2x3xf32>, tensor<2x3xf32>>) -> tensor<2x3xf32>
  %relu = fx.node "call_function" "torch.ops.aten.relu.default"(%getitem) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %relu_1 = fx.node "call_function" "torch.ops.aten.relu.default"(%getitem_1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %sigmoid = fx.node "call_function" "torch.ops.aten.sigmoid.default"(%relu) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %cat = fx.node "call_function" "torch.ops.aten.cat.default"(%getitem, %getitem_1, %sigmoid, %relu_1)
      : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<8x3xf32>
  return %cat : tensor<8x3xf32>
}

// test_consecutive_ops_in_split: split on silly::attention and aten::sqrt;
// sqrt and the attention right after it share one splitting piece, of two
// nodes: three pieces in all.
// CONSEC-LABEL: func.func @consecutive(
// CONSEC-NEXT: call @consecutive_submod_0(
// CONSEC-NEXT: call @consecutive_submod_1(
// CONSEC-NEXT: call @consecutive_submod_2(
// CONSEC-NEXT: return
// CONSEC-LABEL: func.func private @consecutive_submod_1(
// CONSEC-SAME: fx.piece = 1 : i64, fx.splitting = true
// CONSEC-NEXT: "torch.ops.aten.sqrt.default"
// CONSEC-NEXT: "torch.ops.silly.attention.default"
// CONSEC-NEXT: return
// CONSEC-LABEL: func.func private @consecutive_submod_2(
// CONSEC-SAME: fx.piece = 2 : i64, fx.splitting = false
// CONSEC-NEXT: "torch.ops.aten.sigmoid.default"
// CONSEC-NOT: _submod_3
func.func @consecutive(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %relu = fx.node "call_function" "torch.ops.aten.relu.default"(%x) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %sqrt = fx.node "call_function" "torch.ops.aten.sqrt.default"(%relu) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  fx.node "call_function" "torch.ops.silly.attention.default"(%relu, %relu, %sqrt, %sqrt)
      : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> ()
  %sigmoid = fx.node "call_function" "torch.ops.aten.sigmoid.default"(%sqrt) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %sigmoid : tensor<8x4xf32>
}

// vLLM groups two splitting ops only when the very next node splits: a
// getitem of the first one in between keeps them apart. It goes to the first
// one's piece, 1; id 2 gets no node and no piece; the second one is piece 3.
// CONSEC-LABEL: func.func @consecutive_with_getitem(
// CONSEC-NEXT: %[[G:.*]] = call @consecutive_with_getitem_submod_1(
// CONSEC-NEXT: call @consecutive_with_getitem_submod_3(%[[G]])
// CONSEC-NEXT: return
// CONSEC-LABEL: func.func private @consecutive_with_getitem_submod_1(
// CONSEC-NEXT: "torch.ops.aten.sqrt.default"
// CONSEC-NEXT: "operator.getitem"
// CONSEC-NEXT: return
func.func @consecutive_with_getitem(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %t = fx.node "call_function" "torch.ops.aten.sqrt.default"(%x) : (tensor<8x4xf32>) -> tuple<tensor<8x4xf32>>
  %g = fx.node "call_function" "operator.getitem"(%t) : (tuple<tensor<8x4xf32>>) -> tensor<8x4xf32>
  %a = fx.node "call_function" "torch.ops.silly.attention"(%g) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %a : tensor<8x4xf32>
}

// The empty-only piece (vLLM's _merge_empty_only_subgraphs): a piece holding
// only an empty allocation joins the previous non-splitting piece when its
// operands are defined there or before; piece 2 vanishes, piece 4 stays.
// CHECK-LABEL: func.func @empty_only(
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x8xf32>
// CHECK-NEXT: %[[P0:.*]]:2 = call @empty_only_submod_0(%[[X]]) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>)
// CHECK-NEXT: %[[P1:.*]] = call @empty_only_submod_1(%[[P0]]#0)
// CHECK-NEXT: call @empty_only_submod_3(%[[P1]], %[[P0]]#1)
// CHECK-NEXT: %[[P4:.*]] = call @empty_only_submod_4(%[[P1]]) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: call @empty_only_submod_5(
// CHECK-NEXT: %[[P6:.*]] = call @empty_only_submod_6(
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @empty_only_submod_0(
// CHECK-NEXT: "torch.ops.aten.relu.default"
// CHECK-NEXT: %[[N:.*]] = fx.sym_size
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: "torch.ops.aten.empty.memory_format"(%[[N]], %[[C8]])
// CHECK-NEXT: return
// CHECK-NOT: @empty_only_submod_2(
// CHECK-LABEL: func.func private @empty_only_submod_4(
// CHECK-SAME: fx.piece = 4 : i64, fx.splitting = false
// CHECK-NEXT: "torch.ops.aten.empty_like.default"
// CHECK-NEXT: return
func.func @empty_only(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %relu = fx.node "call_function" "torch.ops.aten.relu.default"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %n = fx.sym_size %relu, dim = 0 : tensor<?x8xf32>
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%relu) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %c8 = arith.constant 8 : index
  %out = fx.node "call_function" "torch.ops.aten.empty.memory_format"(%n, %c8) : (index, index) -> tensor<?x8xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%attn, %out) : (tensor<?x8xf32>, tensor<?x8xf32>) -> ()
  %out2 = fx.node "call_function" "torch.ops.aten.empty_like.default"(%attn) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%attn, %out2) : (tensor<?x8xf32>, tensor<?x8xf32>) -> ()
  %r = fx.node "call_function" "torch.ops.aten.add.Tensor"(%out, %out2) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// Each spelling of an empty allocation merges; a piece of one other op or of
// two allocations does not, nor does one with no earlier non-splitting piece.
// CHECK-LABEL: func.func @empty_spellings(
// CHECK-NEXT: call @empty_spellings_submod_1(
// CHECK-NEXT: call @empty_spellings_submod_2(
// CHECK-NEXT: call @empty_spellings_submod_3(
// CHECK-NEXT: call @empty_spellings_submod_4(
// CHECK-NEXT: call @empty_spellings_submod_5(
// CHECK-NEXT: call @empty_spellings_submod_7(
// CHECK-NEXT: call @empty_spellings_submod_9(
// CHECK-NEXT: call @empty_spellings_submod_11(
// CHECK-NEXT: call @empty_spellings_submod_13(
// CHECK-NEXT: call @empty_spellings_submod_14(
// CHECK-NEXT: call @empty_spellings_submod_15(
// CHECK-NEXT: call @empty_spellings_submod_16(
// CHECK-NEXT: call @empty_spellings_submod_17(
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @empty_spellings_submod_2(
// CHECK-NEXT: "torch.empty_like"
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @empty_spellings_submod_4(
// CHECK-NEXT: "torch.relu"
// CHECK-NEXT: tensor.empty
// CHECK-NEXT: call_method "new_empty"
// CHECK-NEXT: "torch.empty"
// CHECK-NEXT: "torch.ops.aten.new_empty_strided.default"
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @empty_spellings_submod_14(
// CHECK-NEXT: "torch.zeros"
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @empty_spellings_submod_16(
// CHECK-NEXT: "torch.empty"
// CHECK-NEXT: "torch.empty"
// CHECK-NEXT: return
func.func @empty_spellings(%x: tensor<4xf32>) {
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  %e0 = fx.node "call_function" "torch.empty_like"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%e0) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> ()
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  %e1 = tensor.empty() : tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%e1) : (tensor<4xf32>) -> ()
  %e2 = fx.node "call_method" "new_empty"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%e2) : (tensor<4xf32>) -> ()
  %e3 = fx.node "call_function" "torch.empty"() : () -> tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%e3) : (tensor<4xf32>) -> ()
  %e4 = fx.node "call_function" "torch.ops.aten.new_empty_strided.default"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%e4) : (tensor<4xf32>) -> ()
  %z = fx.node "call_function" "torch.zeros"() : () -> tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%z) : (tensor<4xf32>) -> ()
  %e5 = fx.node "call_function" "torch.empty"() : () -> tensor<4xf32>
  %e6 = fx.node "call_function" "torch.empty"() : () -> tensor<4xf32>
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%e5, %e6) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// test_sym_size_moved_across_split_boundary, and the shape used after one
// and two cuts: x.size() taken before the sigmoids, used by views after them.
// After fx-decompose-size only index values cross: the symbolic dim as an
// fx.sym_size result, the static dim as a constant each piece makes.
// SHAPE-LABEL: func.func @shape_crosses(
// SHAPE-SAME: %[[X:[^:]*]]: tensor<?x8xf32>, %[[Y:[^:]*]]: tensor<?xf32>)
// SHAPE-NEXT: %[[P0:.*]] = call @shape_crosses_submod_0(%[[X]]) : (tensor<?x8xf32>) -> index
// SHAPE-NEXT: %[[P1:.*]] = call @shape_crosses_submod_1(%[[X]]) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// SHAPE-NEXT: %[[P2:.*]] = call @shape_crosses_submod_2(%[[Y]], %[[P0]]) : (tensor<?xf32>, index) -> tensor<?x8xf32>
// SHAPE-NEXT: %[[P3:.*]] = call @shape_crosses_submod_3(%[[P2]]) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// SHAPE-NEXT: %[[P4:.*]] = call @shape_crosses_submod_4(%[[P3]], %[[P0]], %[[P1]]) : (tensor<?x8xf32>, index, tensor<?x8xf32>) -> tensor<?x8xf32>
// SHAPE-NEXT: return %[[P4]]
// SHAPE-LABEL: func.func private @shape_crosses_submod_0(
// SHAPE-NEXT: %[[D:.*]] = fx.sym_size
// SHAPE-NEXT: return %[[D]] : index
// SHAPE-LABEL: func.func private @shape_crosses_submod_2(
// SHAPE-SAME: %[[YA:[^:]*]]: tensor<?xf32>, %[[N:[^:]*]]: index)
// SHAPE-SAME: fx.sym_shape_indices = array<i64: 1>
// SHAPE-NEXT: %[[C8:.*]] = arith.constant 8 : index
// SHAPE-NEXT: %[[S:.*]] = fx.make_size %[[N]], %[[C8]] : !fx.size<2>
// SHAPE-NEXT: fx.view %[[YA]], %[[S]]
// SHAPE-LABEL: func.func private @shape_crosses_submod_4(
// SHAPE-SAME: %[[A:[^:]*]]: tensor<?x8xf32>, %[[N4:[^:]*]]: index, %[[B:[^:]*]]: tensor<?x8xf32>)
// SHAPE-SAME: fx.sym_shape_indices = array<i64: 1>
// SHAPE-NEXT: %[[C84:.*]] = arith.constant 8 : index
// SHAPE-NEXT: %[[S4:.*]] = fx.make_size %[[N4]], %[[C84]] : !fx.size<2>
// SHAPE-NEXT: fx.view %[[A]], %[[S4]]
// SHAPE-NOT: !fx.size<2>)
// SHAPE-NOT: -> !fx.size
func.func @shape_crosses(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %sigmoid = fx.node "call_function" "torch.ops.aten.sigmoid.default"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %view = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  %sigmoid_1 = fx.node "call_function" "torch.ops.aten.sigmoid.default"(%view) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %view_1 = fx.view %sigmoid_1, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %add = fx.node "call_function" "torch.ops.aten.add.Tensor"(%view_1, %sigmoid) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %add : tensor<?x8xf32>
}

// test_sym_size_with_torch_compile_and_mark_dynamic: Dynamo's graph takes
// the SymInt s77 as an argument bound to dim 0 of x. Each piece that
// receives x receives s77 too, used or not, and marks its position; a piece
// that uses s77 receives it like any value.
// CHECK-LABEL: func.func @symint_threaded(
// CHECK-SAME: %[[S:[^:]*]]: index {fx.symbol = "s77"}, %[[X:[^:]*]]: tensor<?x8xf32> {fx.dim_symbols = ["s77", ""]})
// CHECK-NEXT: %[[P0:.*]] = call @symint_threaded_submod_0(%[[X]], %[[S]]) : (tensor<?x8xf32>, index) -> tensor<?x8xf32>
// CHECK-NEXT: %[[P1:.*]] = call @symint_threaded_submod_1(%[[P0]])
// CHECK-NEXT: %[[P2:.*]] = call @symint_threaded_submod_2(%[[P1]], %[[S]]) : (tensor<?x8xf32>, index) -> tensor<?x8xf32>
// CHECK-NEXT: %[[P3:.*]] = call @symint_threaded_submod_3(%[[P2]])
// CHECK-NEXT: %[[P4:.*]] = call @symint_threaded_submod_4(%[[P3]], %[[X]], %[[S]]) : (tensor<?x8xf32>, tensor<?x8xf32>, index) -> tensor<?x8xf32>
// CHECK-NEXT: return %[[P4]]
// CHECK-LABEL: func.func private @symint_threaded_submod_0(
// CHECK-SAME: tensor<?x8xf32> {fx.dim_symbols = ["s77", ""]}, %{{[^:]*}}: index {fx.symbol = "s77"})
// CHECK-SAME: fx.sym_shape_indices = array<i64: 1>
// CHECK-LABEL: func.func private @symint_threaded_submod_1(
// CHECK-SAME: fx.sym_shape_indices = array<i64>
// CHECK-LABEL: func.func private @symint_threaded_submod_2(
// CHECK-SAME: fx.sym_shape_indices = array<i64: 1>
// CHECK-LABEL: func.func private @symint_threaded_submod_4(
// CHECK-SAME: %{{[^:]*}}: tensor<?x8xf32>, %{{[^:]*}}: tensor<?x8xf32> {fx.dim_symbols = ["s77", ""]}, %{{[^:]*}}: index {fx.symbol = "s77"})
// CHECK-SAME: fx.sym_shape_indices = array<i64: 2>
func.func @symint_threaded(%s77: index {fx.symbol = "s77"},
                           %x: tensor<?x8xf32> {fx.dim_symbols = ["s77", ""]}) -> tensor<?x8xf32> {
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%relu) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %c8 = arith.constant 8 : index
  %size = fx.make_size %s77, %c8 : !fx.size<2>
  %view = fx.view %attn, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %attn_1 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%view) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %add = fx.node "call_function" "torch.add"(%attn_1, %x) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %add : tensor<?x8xf32>
}

// The LoRA graph: token_lora_mapping[:x.size(0)] after an attention. The
// slice bound x.size(0) is a scalar: fx-decompose-size leaves it alone, it
// crosses as an index, and the piece that slices rebuilds the slice.
// SHAPE-LABEL: func.func @lora(
// SHAPE-SAME: %[[X:[^:]*]]: tensor<?x8xf32>, %[[M:[^:]*]]: tensor<?xi64>)
// SHAPE-NEXT: %[[P0:.*]] = call @lora_submod_0(%[[X]]) : (tensor<?x8xf32>) -> index
// SHAPE-NEXT: %[[P1:.*]] = call @lora_submod_1(%[[X]])
// SHAPE-NEXT: %[[P2:.*]]:2 = call @lora_submod_2(%[[M]], %[[P0]], %[[P1]]) : (tensor<?xi64>, index, tensor<?x8xf32>) -> (tensor<?xi64>, tensor<?x8xf32>)
// SHAPE-LABEL: func.func private @lora_submod_0(
// SHAPE-NEXT: %[[N:.*]] = fx.size %{{.*}}, dim = 0 : tensor<?x8xf32> -> index
// SHAPE-NEXT: return %[[N]] : index
// SHAPE-LABEL: func.func private @lora_submod_2(
// SHAPE-SAME: %[[MA:[^:]*]]: tensor<?xi64>, %[[NA:[^:]*]]: index, %{{[^:]*}}: tensor<?x8xf32>)
// SHAPE-NEXT: %[[SL:.*]] = fx.slice none, %[[NA]], none
// SHAPE-NEXT: fx.slice_tensor %[[MA]][%[[SL]]]
func.func @lora(%x: tensor<?x8xf32>, %token_lora_mapping: tensor<?xi64>) -> (tensor<?xi64>, tensor<?x8xf32>) {
  %size = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %slice = fx.slice none, %size, none
  %sigmoid = fx.node "call_function" "torch.ops.aten.sigmoid.default"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %getitem = fx.slice_tensor %token_lora_mapping[%slice] : tensor<?xi64> -> tensor<?xi64>
  %lora_a = fx.node "call_module" "lora_a"(%sigmoid) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %getitem, %lora_a : tensor<?xi64>, tensor<?x8xf32>
}
