// The rules of fx-split-graph, one function each. Through fx-opt, Debian's
// mlir-opt with the fx plugin, and --pass-pipeline.
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph | FileCheck %s
// RUN: fx-opt --verify-roundtrip %s --pass-pipeline='builtin.module(fx-split-graph)' | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --pass-pipeline='builtin.module(fx-split-graph)' | FileCheck %s
// A second run leaves the result alone.
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph --fx-split-graph | FileCheck %s
// An empty list splits nothing.
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph='splitting-ops=' | FileCheck %s --check-prefix=NONE
// NONE-NOT: fx.piece

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
// RUN: fx-opt %s --fx-split-graph='splitting-ops=vllm::attn.out' | FileCheck %s --check-prefix=OVERLOAD
// RUN: fx-opt %s --fx-split-graph='splitting-ops=vllm::attn.out.out' | FileCheck %s --check-prefix=OVERLOAD
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
