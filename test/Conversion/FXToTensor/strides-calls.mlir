// The strides of a call's result are its callee's returned strides, with
// the callee's arguments bound to the operands: a call that may pass or
// return a slice with a step is inlined, and the view compares the strides
// as in the function. Calls of contiguous tensors stay.
// RUN: fx-opt %s --convert-fx-to-tensor --canonicalize --cse | FileCheck %s

// every(x, st).view(-1) of x of shape [?, 3], every(x, st) = x[::st]: the
// strides (3 * st, 1), as @stepped in strides.mlir.
// CHECK-LABEL: func.func @every
// CHECK-LABEL: func.func @call_stepped
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[ST:.*]]: index)
// CHECK-NOT: call
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[STEP:.*]] = arith.select %{{.*}}, %[[ST]], %{{.*}} : index
// CHECK: tensor.extract_slice %[[X]][%{{.*}}, 0] [%{{.*}}, 3] [%[[STEP]], 1]
// CHECK: %[[STRIDE:.*]] = arith.muli %[[STEP]], %[[C3]] : index
// CHECK: arith.cmpi ne, %[[STRIDE]], %[[C3]] : index
// CHECK: cf.assert %{{.*}}, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
// CHECK: tensor.reshape
func.func @every(%x: tensor<?x3xf32>, %st: index) -> tensor<?x3xf32> {
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %x[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
func.func @call_stepped(%t: tensor<?x3xf32>, %st: index) -> tensor<?xf32> {
  %r = call @every(%t, %st) : (tensor<?x3xf32>, index) -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// identity(x[::st]).view(-1): the argument's strides come back.
// CHECK-LABEL: func.func @identity
// CHECK-LABEL: func.func @call_identity
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[ST:.*]]: index)
// CHECK-NOT: call
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[STEP:.*]] = arith.select %{{.*}}, %[[ST]], %{{.*}} : index
// CHECK: %[[STRIDE:.*]] = arith.muli %[[STEP]], %[[C3]] : index
// CHECK: arith.cmpi ne, %[[STRIDE]], %[[C3]] : index
// CHECK: tensor.reshape
func.func @identity(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  return %x : tensor<?x3xf32>
}
func.func @call_identity(%t: tensor<?x3xf32>, %st: index) -> tensor<?xf32> {
  %sl = fx.slice none, none, %st
  %x = fx.slice_tensor %t[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  %r = call @identity(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// identity(x).view(-1) and a view of an scf.if of arguments: contiguous,
// the call stays and no stride is compared.
// CHECK-LABEL: func.func @call_contiguous
// CHECK: call @identity
// CHECK-NOT: arith.cmpi ne
// CHECK: tensor.reshape
// CHECK-NOT: arith.cmpi ne
// CHECK: tensor.reshape
func.func @call_contiguous(%t: tensor<?x3xf32>, %u: tensor<?x3xf32>, %c: i1)
    -> (tensor<?xf32>, tensor<?xf32>) {
  %r = call @identity(%t) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  %i = scf.if %c -> tensor<?x3xf32> {
    scf.yield %t : tensor<?x3xf32>
  } else {
    scf.yield %u : tensor<?x3xf32>
  }
  %w = fx.view %i, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v, %w : tensor<?xf32>, tensor<?xf32>
}
