// A call passes each tensor's strides along with it and returns the callee's
// returned strides: a function's signature has, after each ranked tensor,
// one index per dim. A view of a call's result compares the strides that
// come back, at run time, whatever the callee did.
// RUN: fx-opt %s --convert-fx-to-tensor --canonicalize --cse | FileCheck %s

// every(x, st).view(-1) of x of shape [?, 3], every(x, st) = x[::st]: the
// callee returns the strides (s0 * st, s1), and the view compares them.
// CHECK-LABEL: func.func @every
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[X0:.*]]: index, %[[X1:.*]]: index, %[[ST:.*]]: index) -> (tensor<?x3xf32>, index, index)
// CHECK: %[[STEP:.*]] = arith.select %{{.*}}, %[[ST]], %{{.*}} : index
// CHECK: %[[S0:.*]] = arith.muli %[[X0]], %[[STEP]] : index
// CHECK: tensor.extract_slice %[[X]][%{{.*}}, 0] [%{{.*}}, 3] [%[[STEP]], 1]
// CHECK: return %{{.*}}, %[[S0]], %[[X1]] : tensor<?x3xf32>, index, index
// CHECK-LABEL: func.func @call_stepped
// CHECK-SAME: (%[[T:.*]]: tensor<?x3xf32>, %[[T0:.*]]: index, %[[T1:.*]]: index, %[[ST:.*]]: index) -> (tensor<?xf32>, index)
// CHECK: %[[R:.*]]:3 = call @every(%[[T]], %[[T0]], %[[T1]], %[[ST]])
// CHECK: %[[V:.*]] = call @__fx_view_strides_2_1(%{{.*}}, %c3, %[[R]]#1, %[[R]]#2, %{{.*}}, %{{.*}})
// CHECK: tensor.reshape
// CHECK: return %{{.*}}, %[[V]]
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

// identity(x[::st]).view(-1): the argument's strides go in and come back.
// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[X0:.*]]: index, %[[X1:.*]]: index) -> (tensor<?x3xf32>, index, index)
// CHECK-NEXT: return %[[X]], %[[X0]], %[[X1]]
// CHECK-LABEL: func.func @call_identity
// CHECK-SAME: (%[[T:.*]]: tensor<?x3xf32>, %[[T0:.*]]: index, %[[T1:.*]]: index, %[[ST:.*]]: index)
// CHECK: %[[S0:.*]] = arith.muli %[[T0]], %{{.*}} : index
// CHECK: %[[R:.*]]:3 = call @identity(%{{.*}}, %[[S0]], %[[T1]])
// CHECK: call @__fx_view_strides_2_1(%{{.*}}, %c3, %[[R]]#1, %[[R]]#2, %{{.*}}, %{{.*}})
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

// A declaration's signature carries the strides too: its callers and its
// definition elsewhere agree on them.
// CHECK-LABEL: func.func private @external
// CHECK-SAME: (tensor<?x3xf32>, index, index) -> (tensor<?x3xf32>, index, index)
func.func private @external(tensor<?x3xf32>) -> tensor<?x3xf32>

// A tensor that an upstream op makes is new and contiguous: its strides are
// the products of the later dims.
// CHECK-LABEL: func.func @made
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x3xf32>
// CHECK: return %[[E]], %c3, %c1 : tensor<?x3xf32>, index, index
func.func @made(%n: index) -> tensor<?x3xf32> {
  %e = tensor.empty(%n) : tensor<?x3xf32>
  return %e : tensor<?x3xf32>
}

// Both views call one helper, which compares the strides it is given: dim 0
// ends a chunk unless its stride is 3 times that of dim 1.
// CHECK-LABEL: func.func private @__fx_view_strides_2_1
// CHECK-SAME: (%{{[^:]*}}: index, %[[N1:[^:]*]]: index, %[[S0:[^:]*]]: index, %[[S1:[^:]*]]: index, %{{[^:]*}}: index, %{{[^:]*}}: index) -> index
// CHECK: %[[CHUNK:.*]] = arith.muli %[[N1]], %[[S1]] : index
// CHECK: arith.cmpi ne, %[[S0]], %[[CHUNK]] : index
// CHECK: cf.assert %{{.*}}, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
// CHECK-NOT: func.func
