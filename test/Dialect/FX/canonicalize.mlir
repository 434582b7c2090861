// RUN: fx-opt --verify-roundtrip %s --canonicalize --cse --split-input-file | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --canonicalize --cse --split-input-file | FileCheck %s

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

// fx.sym_size is the one form of "the size of dim d": x.size(d) with a
// constant dim (attribute or operand) and x.size()[d] become it, a negative
// dim of a ranked tensor is counted from the front, and CSE merges them.
// CHECK-LABEL: func.func @one_form
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK-NEXT: %[[D0:.*]] = fx.sym_size %[[X]], dim = 0 : tensor<?x?xf32>
// CHECK-NEXT: %[[D1:.*]] = fx.sym_size %[[X]], dim = 1 : tensor<?x?xf32>
// CHECK-NEXT: return %[[D0]], %[[D0]], %[[D0]], %[[D0]], %[[D0]], %[[D1]], %[[D1]], %[[D1]]
func.func @one_form(%x: tensor<?x?xf32>)
    -> (index, index, index, index, index, index, index, index) {
  %0 = fx.size %x, dim = 0 : tensor<?x?xf32> -> index
  %1 = fx.sym_size %x, dim = -2 : tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %2 = fx.size %x, dim = %c0 : tensor<?x?xf32> -> index
  %s = fx.size %x : tensor<?x?xf32> -> !fx.size<2>
  %3 = fx.getitem %s[0] : !fx.size<2>
  %4 = fx.getitem %s[-2] : !fx.size<2>
  %5 = fx.size %x, dim = -1 : tensor<?x?xf32> -> index
  %cm1 = arith.constant -1 : index
  %6 = fx.size %x, dim = %cm1 : tensor<?x?xf32> -> index
  %7 = fx.getitem %s[1] : !fx.size<2>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : index, index, index, index, index, index, index, index
}

// -----

// On an unranked tensor the rank is known only at run time: a constant dim
// moves to fx.sym_size as written, negative or not, and fx.sym_size checks it
// at run time as fx.size did. Each may raise, so each stays, in order: CSE
// does not merge ops that write, as a raising op does.
// CHECK-LABEL: func.func @unranked
// CHECK-SAME: (%[[U:.*]]: tensor<*xf32>)
// CHECK-NEXT: %[[A:.*]] = fx.sym_size %[[U]], dim = 1 : tensor<*xf32>
// CHECK-NEXT: %[[B:.*]] = fx.sym_size %[[U]], dim = -1 : tensor<*xf32>
// CHECK-NEXT: %[[B2:.*]] = fx.sym_size %[[U]], dim = -1 : tensor<*xf32>
// CHECK-NEXT: %[[C:.*]] = fx.sym_size %[[U]], dim = 7 : tensor<*xf32>
// CHECK-NEXT: return %[[A]], %[[B]], %[[B2]], %[[C]]
func.func @unranked(%u: tensor<*xf32>) -> (index, index, index, index) {
  %0 = fx.size %u, dim = 1 : tensor<*xf32> -> index
  %1 = fx.size %u, dim = -1 : tensor<*xf32> -> index
  %2 = fx.sym_size %u, dim = -1 : tensor<*xf32>
  %c7 = arith.constant 7 : index
  %3 = fx.size %u, dim = %c7 : tensor<*xf32> -> index
  return %0, %1, %2, %3 : index, index, index, index
}

// -----

// What cannot be proven stays: a dim operand that is not a constant; a
// constant dim operand out of range of a ranked tensor (a run-time error,
// which fx.sym_size would reject in the verifier); x.size()[i] of an unranked
// tensor, where x.size() checks the rank at run time.
// CHECK-LABEL: func.func @kept
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[Z:.*]]: tensor<f32>, %[[U:.*]]: tensor<*xf32>, %[[D:.*]]: index)
// CHECK-NOT: fx.sym_size
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[CM3:.*]] = arith.constant -3 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = fx.size %[[X]], dim = %[[D]] : tensor<?x8xf32> -> index
// CHECK-NEXT: %[[B:.*]] = fx.size %[[X]], dim = %[[C5]] : tensor<?x8xf32> -> index
// CHECK-NEXT: %[[C:.*]] = fx.size %[[X]], dim = %[[CM3]] : tensor<?x8xf32> -> index
// CHECK-NEXT: %[[E:.*]] = fx.size %[[Z]], dim = %[[C0]] : tensor<f32> -> index
// CHECK-NEXT: %[[S:.*]] = fx.size %[[U]] : tensor<*xf32> -> !fx.size<2>
// CHECK-NEXT: %[[F:.*]] = fx.getitem %[[S]][0] : !fx.size<2>
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[E]], %[[F]]
func.func @kept(%x: tensor<?x8xf32>, %z: tensor<f32>, %u: tensor<*xf32>,
                %d: index) -> (index, index, index, index, index) {
  %0 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  %c5 = arith.constant 5 : index
  %1 = fx.size %x, dim = %c5 : tensor<?x8xf32> -> index
  %cm3 = arith.constant -3 : index
  %2 = fx.size %x, dim = %cm3 : tensor<?x8xf32> -> index
  %c0 = arith.constant 0 : index
  %3 = fx.size %z, dim = %c0 : tensor<f32> -> index
  %s = fx.size %u : tensor<*xf32> -> !fx.size<2>
  %4 = fx.getitem %s[0] : !fx.size<2>
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}

// -----

// A torch.Size that is not x.size() keeps its getitem.
// CHECK-LABEL: func.func @getitem_of_argument
// CHECK-SAME: (%[[S:.*]]: !fx.size<2>)
// CHECK: %[[N:.*]] = fx.getitem %[[S]][-1] : !fx.size<2>
// CHECK: return %[[N]]
func.func @getitem_of_argument(%s: !fx.size<2>) -> index {
  %0 = fx.getitem %s[-1] : !fx.size<2>
  return %0 : index
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

// x.size()[i] is a constant on a static dim, and fx.sym_size on a symbolic
// one; the dead x.size() goes.
// CHECK-LABEL: func.func @getitem_size
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[N:.*]] = fx.sym_size %[[X]], dim = 0 : tensor<?x8xf32>
// CHECK-NEXT: return %[[N]], %[[C8]]
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
