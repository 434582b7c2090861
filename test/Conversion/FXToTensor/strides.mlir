// A view needs strides that torch's computeStride finds, and reads those
// its input carries: a function's argument comes with its caller's, a slice
// with a step multiplies the stride of dim 0 by the step. Where the input
// is made in the function, contiguous, they fold to constants.
// RUN: fx-opt %s --convert-fx-to-tensor --canonicalize --cse | FileCheck %s

// x[::st].view(-1) of x of shape [?, 3] and strides (s0, s1): the strides
// (s0 * st, s1) are compared with the sizes at run time: dim 0 ends a chunk
// unless s0 * st is 3 * s1.
// CHECK-LABEL: func.func @stepped
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[X0:.*]]: index, %[[X1:.*]]: index, %[[ST:.*]]: index) -> (tensor<?xf32>, index)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[STEP:.*]] = arith.select %{{.*}}, %[[ST]], %{{.*}} : index
// CHECK: %[[STRIDE:.*]] = arith.muli %[[X0]], %[[STEP]] : index
// CHECK: cf.assert %{{.*}}, "IntArrayRef contains an int that cannot be represented as a SymInt: ?"
// CHECK: cf.assert %{{.*}}, "as_strided: Negative strides are not supported at the moment, got strides: [?, ?]"
// CHECK: tensor.extract_slice %[[X]][%{{.*}}, 0] [%[[ROWS:.*]], 3] [%[[STEP]], 1]
// CHECK: %[[N:.*]] = arith.muli %[[ROWS]], %[[C3]] : index
// CHECK: %[[V0:.*]] = call @__fx_view_strides_2_1(%[[ROWS]], %[[C3]], %[[STRIDE]], %[[X1]], %[[N]], %[[N]])
// CHECK: tensor.reshape
// CHECK: return %{{.*}}, %[[V0]]
func.func @stepped(%t: tensor<?x3xf32>, %st: index) -> tensor<?xf32> {
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %t[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// x[a:].view(-1): no step, so the strides are the argument's, unchecked by
// the slice, and compared by the view.
// CHECK-LABEL: func.func @unstepped
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[X0:.*]]: index, %[[X1:.*]]: index, %{{.*}}: index)
// CHECK-NOT: as_strided
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0] [%[[ROWS:.*]], 3] [1, 1]
// CHECK: call @__fx_view_strides_2_1(%[[ROWS]], %c3, %[[X0]], %[[X1]], %{{.*}}, %{{.*}})
func.func @unstepped(%t: tensor<?x3xf32>, %a: index) -> tensor<?xf32> {
  %sl = fx.slice %a, none, none
  %r = fx.slice_tensor %t[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// torch.zeros(4, 3)[::2].view(6): static and contiguous, made in the
// function, and refused as torch refuses it.
// The view may raise, so canonicalize keeps it though it is unused.
// CHECK-LABEL: func.func @static_refused
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: cf.assert %[[FALSE]], "view size is not compatible
// CHECK-LABEL: func.func @static_refused_unused
// CHECK: cf.assert %{{.*}}, "view size is not compatible
func.func @static_refused() -> tensor<6xf32> {
  %t = arith.constant dense<0.0> : tensor<4x3xf32>
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %sl = fx.slice none, none, %c2
  %r = fx.slice_tensor %t[%sl] : tensor<4x3xf32> -> tensor<2x3xf32>
  %s = fx.make_size %c6 : !fx.size<1>
  %v = fx.view %r, %s : tensor<2x3xf32>, !fx.size<1> -> tensor<6xf32>
  return %v : tensor<6xf32>
}
func.func @static_refused_unused() {
  %t = arith.constant dense<0.0> : tensor<4x3xf32>
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %sl = fx.slice none, none, %c2
  %r = fx.slice_tensor %t[%sl] : tensor<4x3xf32> -> tensor<2x3xf32>
  %s = fx.make_size %c6 : !fx.size<1>
  %v = fx.view %r, %s : tensor<2x3xf32>, !fx.size<1> -> tensor<6xf32>
  return
}

// torch.zeros(4, 3)[::2].view(2, 3, 1): the chunks allow it, proven at
// lowering: no check.
// CHECK-LABEL: func.func @static_kept
// CHECK-NOT: cf.assert
// CHECK: return
func.func @static_kept() -> tensor<2x3x1xf32> {
  %t = arith.constant dense<0.0> : tensor<4x3xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %sl = fx.slice none, none, %c2
  %r = fx.slice_tensor %t[%sl] : tensor<4x3xf32> -> tensor<2x3xf32>
  %s = fx.make_size %c2, %c3, %c1 : !fx.size<3>
  %v = fx.view %r, %s : tensor<2x3xf32>, !fx.size<3> -> tensor<2x3x1xf32>
  return %v : tensor<2x3x1xf32>
}

// torch.zeros(0).view(0, 2**63-1, 2): Stride calculation overflowed, at
// lowering. The unused view is kept: it raises.
// CHECK-LABEL: func.func @stride_overflow_unused
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: cf.assert %[[FALSE]], "Stride calculation overflowed"
func.func @stride_overflow_unused() {
  %t = arith.constant dense<> : tensor<0xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %max = arith.constant 9223372036854775807 : index
  %s = fx.make_size %c0, %max, %c2 : !fx.size<3>
  %v = fx.view %t, %s : tensor<0xf32>, !fx.size<3> -> tensor<0x9223372036854775807x2xf32>
  return
}

// A view of an argument of rank 1 to rank 3 calls the helper of those
// ranks, which checks the strides of the shape it views as: with 0 elements
// they are the products of the later sizes.
// CHECK-LABEL: func.func @stride_check
// CHECK-SAME: (%[[T:.*]]: tensor<?xf32>, %[[T0:.*]]: index, %{{.*}}: index, %{{.*}}: index)
// CHECK: %[[N:.*]] = tensor.dim %[[T]]
// CHECK: %[[V:.*]]:3 = call @__fx_view_strides_1_3(%[[N]], %[[T0]], %[[N]], %{{.*}}, %{{.*}}, %c2)
// CHECK-NOT: cf.assert
// CHECK: return %{{.*}}, %[[V]]#0, %[[V]]#1, %[[V]]#2
func.func @stride_check(%t: tensor<?xf32>, %a: index, %b: index) -> tensor<?x?x2xf32> {
  %c2 = arith.constant 2 : index
  %s = fx.make_size %a, %b, %c2 : !fx.size<3>
  %v = fx.view %t, %s : tensor<?xf32>, !fx.size<3> -> tensor<?x?x2xf32>
  return %v : tensor<?x?x2xf32>
}

// The helpers follow the functions, one per (input rank, view rank), each
// defined once: torch's computeStride on the strides it is given, and the
// view's checks, in torch's order. Of (s0, s1) with dim 1 of size n1, dim 0
// ends a chunk unless s0 is n1 * s1. A view to one dim has no stride that
// can overflow.
// CHECK-LABEL: func.func private @__fx_view_strides_2_1
// CHECK-SAME: (%[[N0:[^:]*]]: index, %[[N1:[^:]*]]: index, %[[S0:[^:]*]]: index, %[[S1:[^:]*]]: index, %[[NUMEL:[^:]*]]: index, %[[E0:[^:]*]]: index) -> index
// CHECK: %[[CHUNK:.*]] = arith.muli %[[N1]], %[[S1]] : index
// CHECK: arith.cmpi ne, %[[S0]], %[[CHUNK]] : index
// CHECK: cf.assert %{{.*}}, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
// CHECK-NOT: "Stride calculation overflowed"
// CHECK: cf.assert %{{.*}}, "numel: integer multiplication overflow"
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @__fx_view_strides_1_3
// CHECK: cf.assert %{{.*}}, "view size is not compatible
// CHECK: cf.assert %{{.*}}, "Stride calculation overflowed"
// CHECK: cf.assert %{{.*}}, "numel: integer multiplication overflow"
// CHECK-NEXT: return
// CHECK-NOT: func.func
