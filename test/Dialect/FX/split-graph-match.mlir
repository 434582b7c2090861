// Which nodes are splitting ops: those vLLM 0.34.0's should_split
// (vllm/compilation/partition_rules.py:14-36) splits at, call_function nodes
// of torch ops by exact name, whether fx.node or modeled (fx.targets), and
// with match-fx-targets also other targets and MLIR op names.
// RUN: fx-opt --verify-roundtrip %s --fx-split-graph='splitting-ops=aten::view,aten::slice.Tensor,aten::add.Tensor,aten::mul,higher_order::wrap,sigmoid,torch.relu' | FileCheck %s
// RUN: fx-opt %s --fx-split-graph='splitting-ops=sigmoid,torch.relu match-fx-targets=true' | FileCheck %s --check-prefix=EXT
// RUN: fx-opt %s --pass-pipeline='builtin.module(func.func(fx-decompose-size),fx-split-graph{splitting-ops=aten::sym_size.int})' | FileCheck %s --check-prefix=SYM
// An empty list splits nothing, and the map says so.
// RUN: fx-opt %s --fx-split-graph='splitting-ops={} map-file=%t.json' | FileCheck %s --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=NONE-MAP < %t.json
// NONE-NOT: fx.piece
// NONE-MAP: "function": "modeled_view",
// NONE-MAP-NEXT: "errors": []
// NONE-MAP-NOT: "pieces"

// A torch op the importer modeled keeps its target in fx.targets: aten.view
// as fx.view splits at `aten::view`.
// CHECK-LABEL: func.func @modeled_view(
// CHECK-NEXT: call @modeled_view_submod_0(
// CHECK-NEXT: call @modeled_view_submod_1(
// CHECK-NEXT: call @modeled_view_submod_2(
// CHECK-LABEL: func.func private @modeled_view_submod_1(
// CHECK-SAME: fx.splitting = true
// CHECK: fx.view
// CHECK-NEXT: return
// NONE-LABEL: func.func @modeled_view(
// NONE-NOT: call @
// EXT-LABEL: func.func @modeled_view(
// EXT-NOT: call @
func.func @modeled_view(%x: tensor<8xf32> loc("x")) -> tensor<2x4xf32>
    attributes {fx.targets = {b = "torch.ops.aten.view.default"}} {
  %a = fx.node call_function "torch.ops.aten.neg.default"(%x) : (tensor<8xf32>) -> tensor<8xf32> loc("a")
  %c2 = arith.constant 2 : index loc("b")
  %c4 = arith.constant 4 : index loc("b")
  %s = fx.make_size %c2, %c4 : !fx.size<2> loc("b")
  %b = fx.view %a, %s : tensor<8xf32>, !fx.size<2> -> tensor<2x4xf32> loc("b")
  %c = fx.node call_function "torch.ops.aten.neg.default"(%b) : (tensor<2x4xf32>) -> tensor<2x4xf32> loc("c")
  return %c : tensor<2x4xf32>
}

// aten.slice.Tensor as fx.slice_tensor is a splitting op, not a getitem
// that joins its input's piece.
// CHECK-LABEL: func.func @modeled_slice(
// CHECK-NEXT: call @modeled_slice_submod_0(
// CHECK-NEXT: call @modeled_slice_submod_1(
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @modeled_slice_submod_1(
// CHECK-SAME: fx.splitting = true
// CHECK: fx.slice_tensor
// CHECK-NEXT: return
func.func @modeled_slice(%x: tensor<8xf32> loc("x")) -> tensor<?xf32>
    attributes {fx.targets = {e = "torch.ops.aten.slice.Tensor"}} {
  %a = fx.node call_function "torch.ops.aten.neg.default"(%x) : (tensor<8xf32>) -> tensor<8xf32> loc("a")
  %c4 = arith.constant 4 : index loc("e")
  %s = fx.slice none, %c4, none loc("e")
  %e = fx.slice_tensor %a[%s] : tensor<8xf32> -> tensor<?xf32> loc("e")
  return %e : tensor<?xf32>
}

// An overload other than .default is named by its full name only:
// `aten::mul` is not aten.mul.Tensor, `aten::add.Tensor` is aten.add.Tensor.
// A higher-order op is no torch op, whatever its name. Methods and Python
// functions never split.
// CHECK-LABEL: func.func @names(
// CHECK-NEXT: call @names_submod_0(
// CHECK-NEXT: call @names_submod_1(
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @names_submod_0(
// CHECK: "torch.ops.aten.mul.Tensor"
// CHECK: "torch.ops.higher_order.wrap"
// CHECK: "sigmoid"
// CHECK: "torch.relu"
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @names_submod_1(
// CHECK-SAME: fx.splitting = true
// CHECK-NEXT: "torch.ops.aten.add.Tensor"
// CHECK-NEXT: return
// EXT-LABEL: func.func @names(
// EXT-NEXT: call @names_submod_0(
// EXT-NEXT: call @names_submod_1(
// EXT-NEXT: call @names_submod_2(
// EXT-NEXT: return
// EXT-LABEL: func.func private @names_submod_1(
// EXT-SAME: fx.splitting = true
// EXT-NEXT: "sigmoid"
// EXT-NEXT: "torch.relu"
// EXT-NEXT: return
func.func @names(%x: tensor<4xf32> loc("x")) -> tensor<4xf32> {
  %m = fx.node call_function "torch.ops.aten.mul.Tensor"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("m")
  %w = fx.node call_function "torch.ops.higher_order.wrap"(%m) : (tensor<4xf32>) -> tensor<4xf32> loc("w")
  %s = fx.node call_method "sigmoid"(%w) : (tensor<4xf32>) -> tensor<4xf32> loc("s")
  %r = fx.node call_function "torch.relu"(%s) : (tensor<4xf32>) -> tensor<4xf32> loc("r")
  %a = fx.node call_function "torch.ops.aten.add.Tensor"(%r, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("a")
  return %a : tensor<4xf32>
}

// The dims fx-decompose-size makes are vLLM's new aten.sym_size.int nodes.
// SYM-LABEL: func.func @created_dims(
// SYM-NEXT: call @created_dims_submod_1(
// SYM-NEXT: call @created_dims_submod_2(
// SYM-NEXT: return
// SYM-LABEL: func.func private @created_dims_submod_1(
// SYM-SAME: fx.splitting = true
// SYM-NEXT: fx.sym_size
// SYM-NEXT: return
func.func @created_dims(%x: tensor<?x4xf32> loc("x")) -> tensor<?x4xf32> {
  %s = fx.size %x : tensor<?x4xf32> -> !fx.size<2> loc("size")
  %v = fx.view %x, %s : tensor<?x4xf32>, !fx.size<2> -> tensor<?x4xf32> loc("view")
  return %v : tensor<?x4xf32>
}
