// RUN: fx-opt --verify-roundtrip %s | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s | FileCheck %s
// Custom form -> generic form -> custom form gives the same IR.
// RUN: fx-opt --verify-roundtrip %s --mlir-print-op-generic | fx-opt --verify-roundtrip | FileCheck %s

// CHECK-LABEL: func.func @size_forms
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[D:.*]]: index)
func.func @size_forms(%x: tensor<?x8xf32>, %d: index)
    -> (!fx.size<2>, index, index, index) {
  // CHECK-NEXT: fx.size %[[X]] : tensor<?x8xf32> -> !fx.size<2>
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  // CHECK-NEXT: fx.size %[[X]], dim = 0 : tensor<?x8xf32> -> index
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  // CHECK-NEXT: fx.size %[[X]], dim = -1 : tensor<?x8xf32> -> index
  %m = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  // CHECK-NEXT: fx.size %[[X]], dim = %[[D]] : tensor<?x8xf32> -> index
  %k = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  return %s, %n, %m, %k : !fx.size<2>, index, index, index
}

// Dims on unranked tensors cannot be checked and are accepted.
// CHECK-LABEL: func.func @unranked
func.func @unranked(%x: tensor<*xf32>) -> (!fx.size<3>, index, index) {
  // CHECK-NEXT: fx.size %{{.*}} : tensor<*xf32> -> !fx.size<3>
  %s = fx.size %x : tensor<*xf32> -> !fx.size<3>
  // CHECK-NEXT: fx.size %{{.*}}, dim = 5 : tensor<*xf32> -> index
  %n = fx.size %x, dim = 5 : tensor<*xf32> -> index
  // CHECK-NEXT: fx.sym_size %{{.*}}, dim = -7 : tensor<*xf32>
  %m = fx.sym_size %x, dim = -7 : tensor<*xf32>
  return %s, %n, %m : !fx.size<3>, index, index
}

// CHECK-LABEL: func.func @rank0
func.func @rank0(%x: tensor<f32>) -> !fx.size<0> {
  // CHECK-NEXT: fx.size %{{.*}} : tensor<f32> -> !fx.size<0>
  %s = fx.size %x : tensor<f32> -> !fx.size<0>
  return %s : !fx.size<0>
}

// CHECK-LABEL: func.func @sym_size
func.func @sym_size(%x: tensor<?x8xf32>) -> (index, index) {
  // CHECK-NEXT: fx.sym_size %{{.*}}, dim = 0 : tensor<?x8xf32>
  %a = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  // CHECK-NEXT: fx.sym_size %{{.*}}, dim = -2 : tensor<?x8xf32>
  %b = fx.sym_size %x, dim = -2 : tensor<?x8xf32>
  return %a, %b : index, index
}

// CHECK-LABEL: func.func @make_size_getitem
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
func.func @make_size_getitem(%a: index, %b: index)
    -> (index, index, !fx.size<0>) {
  // CHECK-NEXT: %[[S:.*]] = fx.make_size %[[A]], %[[B]] : !fx.size<2>
  %s = fx.make_size %a, %b : !fx.size<2>
  // CHECK-NEXT: fx.getitem %[[S]][0] : !fx.size<2>
  %0 = fx.getitem %s[0] : !fx.size<2>
  // CHECK-NEXT: fx.getitem %[[S]][-1] : !fx.size<2>
  %1 = fx.getitem %s[-1] : !fx.size<2>
  // CHECK-NEXT: fx.make_size : !fx.size<0>
  %e = fx.make_size : !fx.size<0>
  return %0, %1, %e : index, index, !fx.size<0>
}

// CHECK-LABEL: func.func @slices
// CHECK-SAME: (%[[T:.*]]: tensor<?x4xi64>, %[[A:.*]]: index, %[[B:.*]]: index, %[[C:.*]]: index)
func.func @slices(%t: tensor<?x4xi64>, %a: index, %b: index, %c: index)
    -> (tensor<?x4xi64>, tensor<2x4xi64>) {
  // CHECK-NEXT: %[[S0:.*]] = fx.slice none, %[[B]], none
  %s0 = fx.slice none, %b, none
  // CHECK-NEXT: %[[S1:.*]] = fx.slice %[[A]], %[[B]], %[[C]]
  %s1 = fx.slice %a, %b, %c
  // CHECK-NEXT: fx.slice none, none, none
  %s2 = fx.slice none, none, none
  // CHECK-NEXT: fx.slice %[[A]], none, none
  %s3 = fx.slice %a, none, none
  // CHECK-NEXT: fx.slice_tensor %[[T]][%[[S0]]] : tensor<?x4xi64> -> tensor<?x4xi64>
  %r0 = fx.slice_tensor %t[%s0] : tensor<?x4xi64> -> tensor<?x4xi64>
  // CHECK-NEXT: fx.slice_tensor %[[T]][%[[S1]]] : tensor<?x4xi64> -> tensor<2x4xi64>
  %r1 = fx.slice_tensor %t[%s1] : tensor<?x4xi64> -> tensor<2x4xi64>
  return %r0, %r1 : tensor<?x4xi64>, tensor<2x4xi64>
}

// CHECK-LABEL: func.func @view
func.func @view(%x: tensor<?x8xf32>, %y: tensor<4x8xf32>, %s: !fx.size<2>,
                %t: !fx.size<3>) -> (tensor<?x8xf32>, tensor<2x2x8xf32>) {
  // CHECK-NEXT: fx.view %{{.*}}, %{{.*}} : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %0 = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  // CHECK-NEXT: fx.view %{{.*}}, %{{.*}} : tensor<4x8xf32>, !fx.size<3> -> tensor<2x2x8xf32>
  %1 = fx.view %y, %t : tensor<4x8xf32>, !fx.size<3> -> tensor<2x2x8xf32>
  return %0, %1 : tensor<?x8xf32>, tensor<2x2x8xf32>
}

// CHECK-LABEL: func.func @node
func.func @node(%x: tensor<?x8xf32>, %n: index) -> (tensor<?x8xf32>, index) {
  // CHECK-NEXT: %[[Y:.*]] = fx.node call_function "torch.relu"(%{{.*}}) {args = "(%0,)"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = fx.node call_function "torch.relu"(%x) {args = "(%0,)"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  // CHECK-NEXT: fx.node call_method "mul"(%{{.*}}) : (index) -> index
  %m = fx.node call_method "mul"(%n) : (index) -> index
  // CHECK-NEXT: fx.node call_module "fc1"(%[[Y]]) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %z = fx.node call_module "fc1"(%y) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  // CHECK-NEXT: fx.node get_attr "weight"() : () -> ()
  fx.node get_attr "weight"() : () -> ()
  return %y, %m : tensor<?x8xf32>, index
}

// The quoted kind, as older producers (and fx-import) write it, parses to the
// same op.
// CHECK-LABEL: func.func @node_quoted_kind
func.func @node_quoted_kind(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // CHECK-NEXT: fx.node call_function "torch.relu"(%{{.*}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  // CHECK-NEXT: fx.node get_attr "weight"() : () -> ()
  fx.node "get_attr" "weight"() : () -> ()
  return %y : tensor<?x8xf32>
}

// The generic form spells the kind as an fx attribute.
// CHECK-LABEL: func.func @node_generic
func.func @node_generic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // CHECK-NEXT: fx.node call_method "relu"(%{{.*}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = "fx.node"(%x) <{kind = #fx<node_kind call_method>, target = "relu"}> : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// Results print with names that say what they are: a torch.Size, one dim, a
// slice object, a sliced or viewed tensor, an opaque node's target.
// CHECK-LABEL: func.func @result_names
func.func @result_names(%x: tensor<?x8xf32>, %t: tensor<16xi64>)
    -> (index, index, index, tensor<?xi64>, tensor<?x8xf32>, tensor<?x8xf32>) {
  // CHECK-NEXT: %size = fx.size %{{.*}} : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  // CHECK-NEXT: %dim = fx.size %{{.*}}, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  // CHECK-NEXT: %dim_0 = fx.sym_size %{{.*}}, dim = 1 : tensor<?x8xf32>
  %2 = fx.sym_size %x, dim = 1 : tensor<?x8xf32>
  // CHECK-NEXT: %dim_1 = fx.getitem %size[0] : !fx.size<2>
  %3 = fx.getitem %0[0] : !fx.size<2>
  // CHECK-NEXT: %size_2 = fx.make_size %dim, %dim_0 : !fx.size<2>
  %4 = fx.make_size %1, %2 : !fx.size<2>
  // CHECK-NEXT: %slice = fx.slice none, %dim, none
  %5 = fx.slice none, %1, none
  // CHECK-NEXT: %sliced = fx.slice_tensor %{{.*}}[%slice] : tensor<16xi64> -> tensor<?xi64>
  %6 = fx.slice_tensor %t[%5] : tensor<16xi64> -> tensor<?xi64>
  // CHECK-NEXT: %view = fx.view %{{.*}}, %size_2 : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %7 = fx.view %x, %4 : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  // CHECK-NEXT: %relu = fx.node call_function "torch.nn.functional.relu"(%view)
  %8 = fx.node call_function "torch.nn.functional.relu"(%7) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  // CHECK-NEXT: %fc1:2 = fx.node call_module "fc1"(%relu)
  %9:2 = fx.node call_module "fc1"(%8) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, index)
  return %3, %9#1, %2, %6, %9#0, %8 : index, index, index, tensor<?xi64>, tensor<?x8xf32>, tensor<?x8xf32>
}
