// A view whose sizes multiply past int64, lowered with fx-to-llvm and run:
// torch 2.13.0 multiplies the sizes in infer_size without an overflow check,
// so a product that wraps to the element count passes it; computeStride then
// fails, or the view's numel overflows. Each case prints torch's message
// (torch.zeros(n).view(...) in torch 2.13.0), the sizes given as function
// arguments and, in the *_const cases, as constants that fold.
//
// RUN: fx-opt %s --fx-to-llvm -o %t
// DEFINE: %{run} = mlir-runner %t -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// RUN: %{run} -e main | FileCheck %s
//
// torch.zeros(2).view(3, 6148914691236517206): 3 * 6148914691236517206 wraps
// to 2.
// RUN: not %{run} -e wraps_to_numel 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not %{run} -e wraps_to_numel_const 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: {{^}}view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.{{$}}
//
// torch.zeros(8).view(6148914691236517208, 3): computeStride passes (3, then
// the wrapped 8); numel overflows. So do torch.tensor(1.).view(7,
// 7905747460161236407) of a 0-d tensor, and torch.zeros(0).view(2**62, 4,
// 0), whose product is 0 past an overflow.
// RUN: not %{run} -e numel_overflow 2>&1 | FileCheck %s --check-prefix=NUMEL
// RUN: not %{run} -e numel_overflow_const 2>&1 | FileCheck %s --check-prefix=NUMEL
// RUN: not %{run} -e numel_overflow_0d 2>&1 | FileCheck %s --check-prefix=NUMEL
// RUN: not %{run} -e numel_overflow_empty 2>&1 | FileCheck %s --check-prefix=NUMEL
// NUMEL: {{^}}numel: integer multiplication overflow{{$}}
//
// torch.zeros(0).view(0, 2**63-1, 2): with 0 elements computeStride takes
// contiguous strides of the new shape, and 2 * (2**63-1) wraps to a negative
// stride, which set_sizes_and_strides recomputes with an overflow check.
// torch.zeros(4).view(2, 2**62+1, 2): the product wraps to 4, computeStride
// passes with a stride 2 * (2**62+1) that wraps negative. torch.zeros(0).view(3,
// 2**62, 2, 0): the strides overflow before numel does, and torch checks them
// first.
// RUN: not %{run} -e stride_overflow_empty 2>&1 | FileCheck %s --check-prefix=STRIDES
// RUN: not %{run} -e stride_overflow_empty_const 2>&1 | FileCheck %s --check-prefix=STRIDES
// RUN: not %{run} -e stride_overflow 2>&1 | FileCheck %s --check-prefix=STRIDES
// RUN: not %{run} -e stride_before_numel 2>&1 | FileCheck %s --check-prefix=STRIDES
// STRIDES: {{^}}Stride calculation overflowed{{$}}
//
// torch.zeros(0).view(2**62, 4, 2**62, 0): the stride 4 * 2**62 wraps to 0,
// not negative, so only numel overflows.
// RUN: not %{run} -e stride_wraps_to_0 2>&1 | FileCheck %s --check-prefix=NUMEL
//
// torch.zeros(6).view(-1, 2**62, 4, 3): the wrapped product is negative.
// RUN: not %{run} -e infer_wraps 2>&1 | FileCheck %s --check-prefix=INFER
// INFER: {{^}}shape '[-1, 4611686018427387904, 4, 3]' is invalid for input of size 6{{$}}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// n elements, never read: a view reads only the sizes.
func.func @zeros(%n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  return %e : tensor<?xf32>
}

func.func @view2(%n: index, %a: index, %b: index) {
  %y = call @zeros(%n) : (index) -> tensor<?xf32>
  %s = fx.make_size %a, %b : !fx.size<2>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<2> -> tensor<?x?xf32>
  return
}

func.func @view3(%n: index, %a: index, %b: index, %c: index) {
  %y = call @zeros(%n) : (index) -> tensor<?xf32>
  %s = fx.make_size %a, %b, %c : !fx.size<3>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<3> -> tensor<?x?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %v, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %v, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %v, %c2 : tensor<?x?x?xf32>
  call @print_index(%d0) : (index) -> ()
  call @print_index(%d1) : (index) -> ()
  call @print_index(%d2) : (index) -> ()
  return
}

func.func @wraps_to_numel() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %big = arith.constant 6148914691236517206 : index
  call @view2(%c2, %c3, %big) : (index, index, index) -> ()
  return
}

func.func @wraps_to_numel_const() {
  %y = arith.constant dense<0.0> : tensor<2xf32>
  %c3 = arith.constant 3 : index
  %big = arith.constant 6148914691236517206 : index
  %s = fx.make_size %c3, %big : !fx.size<2>
  %v = fx.view %y, %s : tensor<2xf32>, !fx.size<2> -> tensor<?x?xf32>
  return
}

func.func @numel_overflow() {
  %c8 = arith.constant 8 : index
  %c3 = arith.constant 3 : index
  %big = arith.constant 6148914691236517208 : index
  call @view2(%c8, %big, %c3) : (index, index, index) -> ()
  return
}

func.func @numel_overflow_const() {
  %y = arith.constant dense<0.0> : tensor<8xf32>
  %c3 = arith.constant 3 : index
  %big = arith.constant 6148914691236517208 : index
  %s = fx.make_size %big, %c3 : !fx.size<2>
  %v = fx.view %y, %s : tensor<8xf32>, !fx.size<2> -> tensor<?x3xf32>
  return
}

func.func @view_0d(%y: tensor<f32>, %a: index, %b: index) {
  %s = fx.make_size %a, %b : !fx.size<2>
  %v = fx.view %y, %s : tensor<f32>, !fx.size<2> -> tensor<?x?xf32>
  return
}

func.func @numel_overflow_0d() {
  %y = arith.constant dense<1.0> : tensor<f32>
  %c7 = arith.constant 7 : index
  %big = arith.constant 7905747460161236407 : index
  call @view_0d(%y, %c7, %big) : (tensor<f32>, index, index) -> ()
  return
}

func.func @numel_overflow_empty() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %big = arith.constant 4611686018427387904 : index
  call @view3(%c0, %big, %c4, %c0) : (index, index, index, index) -> ()
  return
}

func.func @view4(%n: index, %a: index, %b: index, %c: index, %d: index) {
  %y = call @zeros(%n) : (index) -> tensor<?xf32>
  %s = fx.make_size %a, %b, %c, %d : !fx.size<4>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<4> -> tensor<?x?x?x?xf32>
  return
}

func.func @stride_overflow_empty() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %max = arith.constant 9223372036854775807 : index
  call @view3(%c0, %c0, %max, %c2) : (index, index, index, index) -> ()
  return
}

func.func @stride_overflow_empty_const() {
  %y = arith.constant dense<> : tensor<0xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %max = arith.constant 9223372036854775807 : index
  %s = fx.make_size %c0, %max, %c2 : !fx.size<3>
  %v = fx.view %y, %s : tensor<0xf32>, !fx.size<3> -> tensor<?x?x?xf32>
  return
}

func.func @stride_overflow() {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %big = arith.constant 4611686018427387905 : index
  call @view3(%c4, %c2, %big, %c2) : (index, index, index, index) -> ()
  return
}

func.func @stride_before_numel() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %big = arith.constant 4611686018427387904 : index
  call @view4(%c0, %c3, %big, %c2, %c0)
      : (index, index, index, index, index) -> ()
  return
}

func.func @stride_wraps_to_0() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %big = arith.constant 4611686018427387904 : index
  call @view4(%c0, %big, %c4, %big, %c0)
      : (index, index, index, index, index) -> ()
  return
}

func.func @infer_wraps() {
  %c6 = arith.constant 6 : index
  %y = call @zeros(%c6) : (index) -> tensor<?xf32>
  %m1 = arith.constant -1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %big = arith.constant 4611686018427387904 : index
  %s = fx.make_size %m1, %big, %c4, %c3 : !fx.size<4>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<4> -> tensor<?x?x?x?xf32>
  return
}

func.func @main() {
  // torch.zeros(0).view(0, 2**62, 4): the product is 0 with no overflow on
  // the way, torch.Size([0, 4611686018427387904, 4]).
  // CHECK: 0
  // CHECK-NEXT: 4611686018427387904
  // CHECK-NEXT: 4
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %big = arith.constant 4611686018427387904 : index
  call @view3(%c0, %c0, %big, %c4) : (index, index, index, index) -> ()
  // torch.zeros(6).view(3, 2, 1): no overflow, the dims print.
  // CHECK-NEXT: 3
  // CHECK-NEXT: 2
  // CHECK-NEXT: 1
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  call @view3(%c6, %c3, %c2, %c1) : (index, index, index, index) -> ()
  // torch.zeros(0).view(2**63-1, 2, 0): strides (2, 1, 1), no overflow,
  // torch.Size([9223372036854775807, 2, 0]).
  // CHECK-NEXT: 9223372036854775807
  // CHECK-NEXT: 2
  // CHECK-NEXT: 0
  %max = arith.constant 9223372036854775807 : index
  call @view3(%c0, %max, %c2, %c0) : (index, index, index, index) -> ()
  return
}
