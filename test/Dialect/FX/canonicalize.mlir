// RUN: fx-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: mlir-opt %fx_plugins %s --canonicalize --split-input-file | FileCheck %s

// A size with a dim on a static dim is a constant.
// CHECK-LABEL: func.func @static_dim
// CHECK-NOT: fx.
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT: fx.size
// CHECK-NOT: fx.sym_size
// CHECK: return %[[C8]], %[[C8]], %[[C4]], %[[C8]]
func.func @static_dim(%x: tensor<?x8xf32>, %y: tensor<4x8xf32>)
    -> (index, index, index, index) {
  %0 = fx.size %x, dim = 1 : tensor<?x8xf32> -> index
  %1 = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %2 = fx.sym_size %y, dim = -2 : tensor<4x8xf32>
  %c1 = arith.constant 1 : index
  %3 = fx.size %y, dim = %c1 : tensor<4x8xf32> -> index
  return %0, %1, %2, %3 : index, index, index, index
}

// -----

// Symbolic dims, unranked inputs and out-of-range dynamic dims stay.
// CHECK-LABEL: func.func @no_fold
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[U:.*]]: tensor<*xf32>)
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[A:.*]] = fx.size %[[X]], dim = 0
// CHECK-DAG: %[[B:.*]] = fx.sym_size %[[X]], dim = -2
// CHECK-DAG: %[[C:.*]] = fx.size %[[U]], dim = 1
// CHECK-DAG: %[[D:.*]] = fx.size %[[X]], dim = %[[C5]]
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @no_fold(%x: tensor<?x8xf32>, %u: tensor<*xf32>)
    -> (index, index, index, index) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.sym_size %x, dim = -2 : tensor<?x8xf32>
  %2 = fx.size %u, dim = 1 : tensor<*xf32> -> index
  %c5 = arith.constant 5 : index
  %3 = fx.size %x, dim = %c5 : tensor<?x8xf32> -> index
  return %0, %1, %2, %3 : index, index, index, index
}

// -----

// getitem of make_size is the element.
// CHECK-LABEL: func.func @getitem_make_size
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK-NOT: fx.
// CHECK: return %[[A]], %[[B]], %[[B]]
func.func @getitem_make_size(%a: index, %b: index) -> (index, index, index) {
  %s = fx.make_size %a, %b : !fx.size<2>
  %0 = fx.getitem %s[0] : !fx.size<2>
  %1 = fx.getitem %s[1] : !fx.size<2>
  %2 = fx.getitem %s[-1] : !fx.size<2>
  return %0, %1, %2 : index, index, index
}

// -----

// x.size()[i] is a constant on a static dim, and stays on a symbolic one.
// CHECK-LABEL: func.func @getitem_size
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[S:.*]] = fx.size %{{.*}} : tensor<?x8xf32> -> !fx.size<2>
// CHECK-DAG: %[[N:.*]] = fx.getitem %[[S]][0]
// CHECK: return %[[N]], %[[C8]]
func.func @getitem_size(%x: tensor<?x8xf32>) -> (index, index) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.getitem %s[0] : !fx.size<2>
  %1 = fx.getitem %s[-1] : !fx.size<2>
  return %0, %1 : index, index
}

// -----

// A view of a tensor to its own size is the tensor.
// CHECK-LABEL: func.func @identity_view
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[Y:.*]]: tensor<4x8xf32>)
// CHECK-NOT: fx.
// CHECK: return %[[X]], %[[X]], %[[Y]], %[[X]]
func.func @identity_view(%x: tensor<?x8xf32>, %y: tensor<4x8xf32>)
    -> (tensor<?x8xf32>, tensor<?x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  // The decomposed form of the same.
  %n = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  %c8 = arith.constant 8 : index
  %r = fx.make_size %n, %c8 : !fx.size<2>
  %1 = fx.view %x, %r : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %c4 = arith.constant 4 : index
  %t = fx.make_size %c4, %c8 : !fx.size<2>
  %2 = fx.view %y, %t : tensor<4x8xf32>, !fx.size<2> -> tensor<4x8xf32>
  // Elements read back from x.size() and x.size(-2).
  %m = fx.size %x, dim = -2 : tensor<?x8xf32> -> index
  %e = fx.getitem %s[1] : !fx.size<2>
  %u = fx.make_size %m, %e : !fx.size<2>
  %3 = fx.view %x, %u : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %0, %1, %2, %3 : tensor<?x8xf32>, tensor<?x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>
}

// -----

// Not the tensor's own size: the view stays.
// CHECK-LABEL: func.func @real_view
// CHECK-COUNT-4: fx.view
// CHECK-NOT: fx.view
func.func @real_view(%x: tensor<?x8xf32>, %y: tensor<?x8xf32>, %a: index)
    -> (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<8x?xf32>) {
  %sy = fx.size %y : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.view %x, %sy : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %c8 = arith.constant 8 : index
  %r = fx.make_size %a, %c8 : !fx.size<2>
  %1 = fx.view %x, %r : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %n = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  %c4 = arith.constant 4 : index
  %w = fx.make_size %n, %c4 : !fx.size<2>
  %2 = fx.view %x, %w : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %t = fx.make_size %c8, %n : !fx.size<2>
  %3 = fx.view %x, %t : tensor<?x8xf32>, !fx.size<2> -> tensor<8x?xf32>
  return %0, %1, %2, %3 : tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<8x?xf32>
}
