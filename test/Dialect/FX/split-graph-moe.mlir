// The MoE graph that broke vLLM's piecewise compilation:
//   orig_shape = h.shape; h = moe(h); h.view(orig_shape)
// with torch.Size([s72, 2048]) crossing the cut, in the importer's form (each
// op's location is its FX node name). fx-split-graph alone fails with the
// cross-boundary diagnostic and leaves the module unchanged; after
// fx-decompose-size only index values cross and it splits cleanly.
//
// RUN: not fx-opt --verify-roundtrip %s --fx-split-graph='splitting-ops=vllm::moe_forward' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: not fx-opt --verify-roundtrip %s --fx-split-graph='splitting-ops=vllm::moe_forward' \
// RUN:   --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UNCHANGED
// RUN: fx-opt --verify-roundtrip %s --pass-pipeline='builtin.module(func.func(fx-decompose-size),fx-split-graph{splitting-ops=vllm::moe_forward})' \
// RUN:   | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --pass-pipeline='builtin.module(func.func(fx-decompose-size),fx-split-graph{splitting-ops=vllm::moe_forward})' \
// RUN:   | FileCheck %s

// The map says the same, for a caller to read: the node and both pieces.
// RUN: not fx-opt %s --fx-split-graph='splitting-ops=vllm::moe_forward map-file=%t.json' -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=MAP < %t.json
// MAP:      "errors": [
// MAP-NEXT: {
// MAP-NEXT: "node": "size",
// MAP-NEXT: "from": "submod_0",
// MAP-NEXT: "to": "submod_2",
// MAP-NEXT: "message": "a torch.Size would cross a split boundary: value 'size' of type '!fx.size<2>', defined by 'fx.size' in piece 0, is used in piece 2; run fx-decompose-size first"
// MAP-NOT: "pieces"

// ERROR: error: loc("size"): a torch.Size would cross a split boundary: value 'size' of type '!fx.size<2>', defined by 'fx.size' in piece 0, is used in piece 2; run fx-decompose-size first
// ERROR-NEXT: note: loc("view_1"): used here by 'fx.view'
// ERROR-NOT: error

// UNCHANGED: func.func @forward(
// UNCHANGED-NEXT: fx.size %{{.*}} : tensor<?x2048xf32> -> !fx.size<2>
// UNCHANGED-NOT: _submod_

// Outputs come in split_module's order, by first later use: the view (piece
// 1), then the dim (piece 2). Each piece that receives a value whose type
// mentions s72 receives s72 too, right after it.
// CHECK-LABEL: func.func @forward(
// CHECK-SAME: %[[S:[^:]*]]: index {fx.symbol = "s72"}, %[[H:[^:]*]]: tensor<?x2048xf32> {fx.dim_symbols = ["s72", ""]}, %[[R:[^:]*]]: tensor<?x8xf32> {fx.dim_symbols = ["s72", ""]})
// CHECK-NEXT: %[[P0:.*]]:2 = call @forward_submod_0(%[[H]], %[[S]]) : (tensor<?x2048xf32>, index) -> (tensor<?x2048xf32>, index)
// CHECK-NEXT: %[[P1:.*]] = call @forward_submod_1(%[[P0]]#0, %[[R]], %[[S]]) : (tensor<?x2048xf32>, tensor<?x8xf32>, index) -> tensor<?x2048xf32>
// CHECK-NEXT: %[[P2:.*]] = call @forward_submod_2(%[[P1]], %[[P0]]#1, %[[S]]) : (tensor<?x2048xf32>, index, index) -> tensor<?x2048xf32>
// CHECK-NEXT: return %[[P2]]
// CHECK-LABEL: func.func private @forward_submod_0(
// CHECK: %[[D:.*]] = fx.sym_size %{{.*}}, dim = 0 : tensor<?x2048xf32>
// CHECK: return %{{.*}}, %[[D]] : tensor<?x2048xf32>, index
// CHECK-LABEL: func.func private @forward_submod_1(
// CHECK-SAME: fx.piece = 1 : i64, fx.splitting = true, fx.sym_shape_indices = array<i64: 2>
// CHECK-NEXT: "torch.ops.vllm.moe_forward.default"
// CHECK-LABEL: func.func private @forward_submod_2(
// CHECK-SAME: %[[OUT:[^:]*]]: tensor<?x2048xf32>, %[[N:[^:]*]]: index, %{{[^:]*}}: index {fx.symbol = "s72"})
// CHECK-SAME: fx.sym_shape_indices = array<i64: 1, 2>
// CHECK-NEXT: %[[C:.*]] = arith.constant 2048 : index
// CHECK-NEXT: %[[SZ:.*]] = fx.make_size %[[N]], %[[C]] : !fx.size<2>
// CHECK-NEXT: fx.view %[[OUT]], %[[SZ]]
// CHECK-NOT: !fx.size<2>)
// CHECK-NOT: -> !fx.size
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
