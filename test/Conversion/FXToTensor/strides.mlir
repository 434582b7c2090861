// A view needs strides that torch's computeStride finds. The lowering
// follows them from a slice with a step: its dim 0 stride is the step times
// the input's. A view of a contiguous tensor has no strides to read.
// RUN: fx-opt %s --convert-fx-to-tensor --canonicalize --cse | FileCheck %s

// x[::st].view(-1) of x of shape [?, 3]: the strides (3 * st, 1) are
// compared with the sizes at run time.
// CHECK-LABEL: func.func @stepped
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[ST:.*]]: index)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[STEP:.*]] = arith.select %{{.*}}, %[[ST]], %{{.*}} : index
// CHECK: tensor.extract_slice %[[X]][%{{.*}}, 0] [%{{.*}}, 3] [%[[STEP]], 1]
// CHECK: %[[STRIDE:.*]] = arith.muli %[[STEP]], %[[C3]] : index
// CHECK: arith.cmpi ne, %[[STRIDE]], %[[C3]] : index
// CHECK: cf.assert %{{.*}}, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
// CHECK: cf.assert %{{.*}}, "numel: integer multiplication overflow"
// CHECK: tensor.reshape
func.func @stepped(%t: tensor<?x3xf32>, %st: index) -> tensor<?xf32> {
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %t[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// x[a:].view(-1): no step, so contiguous: no chunk boundary is compared,
// and the compatibility check only guards against a wrapped product.
// CHECK-LABEL: func.func @unstepped
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0] [%{{.*}}, 3] [1, 1]
// CHECK-NOT: arith.cmpi ne
// CHECK: cf.assert %{{.*}}, "view size is not compatible
// CHECK-NOT: cf.assert %{{.*}}, "Stride calculation overflowed"
// CHECK: cf.assert %{{.*}}, "numel: integer multiplication overflow"
func.func @unstepped(%t: tensor<?x3xf32>, %a: index) -> tensor<?xf32> {
  %sl = fx.slice %a, none, none
  %r = fx.slice_tensor %t[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// torch.zeros(4, 3)[::2].view(6): static, and refused as torch refuses it.
// The view may raise, so canonicalize keeps it though it is unused.
// CHECK-LABEL: func.func @static_refused
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: cf.assert %[[FALSE]], "view size is not compatible
// CHECK-LABEL: func.func @static_refused_unused
// CHECK: cf.assert %{{.*}}, "view size is not compatible
func.func @static_refused(%t: tensor<4x3xf32>) -> tensor<6xf32> {
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %sl = fx.slice none, none, %c2
  %r = fx.slice_tensor %t[%sl] : tensor<4x3xf32> -> tensor<2x3xf32>
  %s = fx.make_size %c6 : !fx.size<1>
  %v = fx.view %r, %s : tensor<2x3xf32>, !fx.size<1> -> tensor<6xf32>
  return %v : tensor<6xf32>
}
func.func @static_refused_unused(%t: tensor<4x3xf32>) {
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
// CHECK: tensor.reshape
func.func @static_kept(%t: tensor<4x3xf32>) -> tensor<2x3x1xf32> {
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
func.func @stride_overflow_unused(%t: tensor<0xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %max = arith.constant 9223372036854775807 : index
  %s = fx.make_size %c0, %max, %c2 : !fx.size<3>
  %v = fx.view %t, %s : tensor<0xf32>, !fx.size<3> -> tensor<0x9223372036854775807x2xf32>
  return
}

// A view of a dynamic contiguous tensor checks the strides of the shape it
// views as: with 0 elements they are the products of the later sizes.
// CHECK-LABEL: func.func @stride_check
// CHECK: cf.assert %{{.*}}, "view size is not compatible
// CHECK: cf.assert %{{.*}}, "Stride calculation overflowed"
// CHECK: cf.assert %{{.*}}, "numel: integer multiplication overflow"
func.func @stride_check(%t: tensor<?xf32>, %a: index, %b: index) -> tensor<?x?x2xf32> {
  %c2 = arith.constant 2 : index
  %s = fx.make_size %a, %b, %c2 : !fx.size<3>
  %v = fx.view %t, %s : tensor<?xf32>, !fx.size<3> -> tensor<?x?x2xf32>
  return %v : tensor<?x?x2xf32>
}
