// Views of tensors that are not contiguous, lowered with fx-to-llvm and run:
// a slice with a step multiplies the stride of dim 0, and torch's view then
// needs strides that computeStride can find for the new shape. Each case
// prints torch's values or stops with torch's message; the expression in
// torch 2.13.0 is beside it. The sizes, steps and view sizes are function
// arguments, so the strides are known only at run time.
//
// RUN: fx-opt %s --fx-to-llvm -o %t
// DEFINE: %{run} = mlir-runner %t -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// RUN: %{run} -e main | FileCheck %s
//
// torch.arange(12).view(4, 3)[::2].view(-1, 2): two rows 6 apart.
// RUN: not %{run} -e step_then_view 2>&1 | FileCheck %s --check-prefix=STRIDE
// torch.arange(24)[1::2].view(3, 4)[::2].view(8): the slice's step lands on
// the inner dim, the second step on dim 0.
// RUN: not %{run} -e start_step_inner 2>&1 | FileCheck %s --check-prefix=STRIDE
// torch.arange(24)[1::2].view(3, 4)[::2].view(2, 2, 2).view(4, 2): the
// strides of a view of a view.
// RUN: not %{run} -e view_of_view 2>&1 | FileCheck %s --check-prefix=STRIDE
// torch.arange(12).view(4, 1, 3)[::2].view(6): a size-1 dim ends no chunk.
// RUN: not %{run} -e unit_dim 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: {{^}}view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.{{$}}

func.func private @printMemrefI64(memref<*xi64>)

func.func @print_1d(%t: tensor<?xi64>) {
  %m = bufferization.to_buffer %t : tensor<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<?xi64, strided<[?], offset: ?>> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

func.func @print_2d(%t: tensor<?x?xi64>) {
  %m = bufferization.to_buffer %t : tensor<?x?xi64> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  %u = memref.cast %m : memref<?x?xi64, strided<[?, ?], offset: ?>> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

func.func @arange12() -> tensor<?xi64> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]> : tensor<12xi64>
  %t = tensor.cast %c : tensor<12xi64> to tensor<?xi64>
  return %t : tensor<?xi64>
}

func.func @arange24() -> tensor<?xi64> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                             15, 16, 17, 18, 19, 20, 21, 22, 23]> : tensor<24xi64>
  %t = tensor.cast %c : tensor<24xi64> to tensor<?xi64>
  return %t : tensor<?xi64>
}

// t.view(a, c)[::st].view(-1, b)
func.func @step_view(%t: tensor<?xi64>, %a: index, %c: index, %st: index,
                     %b: index) -> tensor<?x?xi64> {
  %s = fx.make_size %a, %c : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %v[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %m1 = arith.constant -1 : index
  %s2 = fx.make_size %m1, %b : !fx.size<2>
  %w = fx.view %r, %s2 : tensor<?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

// t.view(a, c)[start::st].view(n)
func.func @step_view_1d(%t: tensor<?xi64>, %a: index, %c: index,
                        %start: index, %st: index, %n: index) -> tensor<?xi64> {
  %s = fx.make_size %a, %c : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %sl = fx.slice %start, none, %st
  %r = fx.slice_tensor %v[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %s2 = fx.make_size %n : !fx.size<1>
  %w = fx.view %r, %s2 : tensor<?x?xi64>, !fx.size<1> -> tensor<?xi64>
  return %w : tensor<?xi64>
}

// t.view(a, c)[start::st].view(p, q)
func.func @step_view_2d(%t: tensor<?xi64>, %a: index, %c: index,
                        %start: index, %st: index, %p: index, %q: index)
    -> tensor<?x?xi64> {
  %s = fx.make_size %a, %c : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %sl = fx.slice %start, none, %st
  %r = fx.slice_tensor %v[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %s2 = fx.make_size %p, %q : !fx.size<2>
  %w = fx.view %r, %s2 : tensor<?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

// t[start::st].view(r, c)[::st2].view(n)
func.func @inner_step(%t: tensor<?xi64>, %start: index, %st: index,
                      %r: index, %c: index, %st2: index, %n: index)
    -> tensor<?xi64> {
  %sl = fx.slice %start, none, %st
  %x = fx.slice_tensor %t[%sl] : tensor<?xi64> -> tensor<?xi64>
  %s = fx.make_size %r, %c : !fx.size<2>
  %v = fx.view %x, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %sl2 = fx.slice none, none, %st2
  %y = fx.slice_tensor %v[%sl2] : tensor<?x?xi64> -> tensor<?x?xi64>
  %s2 = fx.make_size %n : !fx.size<1>
  %w = fx.view %y, %s2 : tensor<?x?xi64>, !fx.size<1> -> tensor<?xi64>
  return %w : tensor<?xi64>
}

// t[start::st].view(r, c)[::st2].view(p, q, k).view(u, w)
func.func @view_view(%t: tensor<?xi64>, %start: index, %st: index, %r: index,
                     %c: index, %st2: index, %p: index, %q: index, %k: index,
                     %u: index, %w: index) -> tensor<?x?xi64> {
  %sl = fx.slice %start, none, %st
  %x = fx.slice_tensor %t[%sl] : tensor<?xi64> -> tensor<?xi64>
  %s = fx.make_size %r, %c : !fx.size<2>
  %v = fx.view %x, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %sl2 = fx.slice none, none, %st2
  %y = fx.slice_tensor %v[%sl2] : tensor<?x?xi64> -> tensor<?x?xi64>
  %s2 = fx.make_size %p, %q, %k : !fx.size<3>
  %z = fx.view %y, %s2 : tensor<?x?xi64>, !fx.size<3> -> tensor<?x?x?xi64>
  %s3 = fx.make_size %u, %w : !fx.size<2>
  %o = fx.view %z, %s3 : tensor<?x?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %o : tensor<?x?xi64>
}

// t.view(a, 1, c)[::st].view(s): a view whose input has a size-1 dim.
func.func @unit_view(%t: tensor<?xi64>, %a: index, %c: index, %st: index,
                     %s: !fx.size<2>) -> tensor<?x?xi64> {
  %c1 = arith.constant 1 : index
  %s0 = fx.make_size %a, %c1, %c : !fx.size<3>
  %v = fx.view %t, %s0 : tensor<?xi64>, !fx.size<3> -> tensor<?x?x?xi64>
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %v[%sl] : tensor<?x?x?xi64> -> tensor<?x?x?xi64>
  %w = fx.view %r, %s : tensor<?x?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

// t.view(a, 1, c)[::st].view(n)
func.func @unit_view_1d(%t: tensor<?xi64>, %a: index, %c: index, %st: index,
                        %n: index) -> tensor<?xi64> {
  %c1 = arith.constant 1 : index
  %s0 = fx.make_size %a, %c1, %c : !fx.size<3>
  %v = fx.view %t, %s0 : tensor<?xi64>, !fx.size<3> -> tensor<?x?x?xi64>
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %v[%sl] : tensor<?x?x?xi64> -> tensor<?x?x?xi64>
  %s = fx.make_size %n : !fx.size<1>
  %w = fx.view %r, %s : tensor<?x?x?xi64>, !fx.size<1> -> tensor<?xi64>
  return %w : tensor<?xi64>
}

// t.view(a, 1)[::st].view(n).view(p, q): a trailing size-1 dim, whose
// stride is the first chunk's.
func.func @trailing_unit(%t: tensor<?xi64>, %a: index, %st: index, %n: index,
                         %p: index, %q: index) -> tensor<?x?xi64> {
  %c1 = arith.constant 1 : index
  %s0 = fx.make_size %a, %c1 : !fx.size<2>
  %v = fx.view %t, %s0 : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %v[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %s1 = fx.make_size %n : !fx.size<1>
  %x = fx.view %r, %s1 : tensor<?x?xi64>, !fx.size<1> -> tensor<?xi64>
  %s2 = fx.make_size %p, %q : !fx.size<2>
  %w = fx.view %x, %s2 : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

func.func @step_then_view() {
  %t = call @arange12() : () -> tensor<?xi64>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %w = call @step_view(%t, %c4, %c3, %c2, %c2)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  return
}

func.func @start_step_inner() {
  %t = call @arange24() : () -> tensor<?xi64>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %w = call @inner_step(%t, %c1, %c2, %c3, %c4, %c2, %c8)
      : (tensor<?xi64>, index, index, index, index, index, index) -> tensor<?xi64>
  return
}

func.func @view_of_view() {
  %t = call @arange24() : () -> tensor<?xi64>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %w = call @view_view(%t, %c1, %c2, %c3, %c4, %c2, %c2, %c2, %c2, %c4, %c2)
      : (tensor<?xi64>, index, index, index, index, index, index, index, index,
         index, index) -> tensor<?x?xi64>
  return
}

func.func @unit_dim() {
  %t = call @arange12() : () -> tensor<?xi64>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %w = call @unit_view_1d(%t, %c4, %c3, %c2, %c6)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %t12 = call @arange12() : () -> tensor<?xi64>
  %t24 = call @arange24() : () -> tensor<?xi64>

  // The graph of step_then_view at one row, where torch's view works:
  // torch.arange(12)[:6].view(2, 3)[::2].view(-1, 3) -> [[0, 1, 2]]
  // CHECK: sizes = [1, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2]]
  %sl6 = fx.slice none, %c6, none
  %t6 = fx.slice_tensor %t12[%sl6] : tensor<?xi64> -> tensor<?xi64>
  %a = call @step_view(%t6, %c2, %c3, %c2, %c3)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%a) : (tensor<?x?xi64>) -> ()

  // torch.arange(12).view(4, 3)[::4].view(3) -> [0, 1, 2]
  // CHECK: sizes = [3]
  // CHECK-NEXT: [0,  1,  2]
  %b = call @step_view_1d(%t12, %c4, %c3, %c0, %c4, %c3)
      : (tensor<?xi64>, index, index, index, index, index) -> tensor<?xi64>
  call @print_1d(%b) : (tensor<?xi64>) -> ()

  // A start and a step that land on the inner dim, then views that keep
  // the chunks: torch.arange(24)[1::2].view(3, 4)[::1].view(12)
  // -> [1, 3, 5, ..., 23]
  // CHECK: sizes = [12]
  // CHECK-NEXT: [1,  3,  5,  7,  9,  11,  13,  15,  17,  19,  21,  23]
  %c = call @inner_step(%t24, %c1, %c2, %c3, %c4, %c1, %c12)
      : (tensor<?xi64>, index, index, index, index, index, index) -> tensor<?xi64>
  call @print_1d(%c) : (tensor<?xi64>) -> ()

  // torch.arange(24)[1::2].view(3, 4)[::2].view(2, 2, 2).view(2, 4)
  // -> [[1, 3, 5, 7], [17, 19, 21, 23]]
  // CHECK: sizes = [2, 4]
  // CHECK-NEXT: {{\[}}[1,   3,   5,   7],
  // CHECK-NEXT: [17,   19,   21,   23]]
  %d = call @view_view(%t24, %c1, %c2, %c3, %c4, %c2, %c2, %c2, %c2, %c2, %c4)
      : (tensor<?xi64>, index, index, index, index, index, index, index, index,
         index, index) -> tensor<?x?xi64>
  call @print_2d(%d) : (tensor<?x?xi64>) -> ()

  // Size-1 dims: torch.arange(12).view(4, 1, 3)[::2].view(2, 3)
  // -> [[0, 1, 2], [6, 7, 8]]
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2],
  // CHECK-NEXT: [6,   7,   8]]
  %s23 = fx.make_size %c2, %c3 : !fx.size<2>
  %e = call @unit_view(%t12, %c4, %c3, %c2, %s23)
      : (tensor<?xi64>, index, index, index, !fx.size<2>) -> tensor<?x?xi64>
  call @print_2d(%e) : (tensor<?x?xi64>) -> ()

  // torch.arange(8).view(8, 1)[::2].view(4).view(2, 2) -> [[0, 2], [4, 6]]
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[0,   2],
  // CHECK-NEXT: [4,   6]]
  %sl8 = fx.slice none, %c8, none
  %t8 = fx.slice_tensor %t12[%sl8] : tensor<?xi64> -> tensor<?xi64>
  %f = call @trailing_unit(%t8, %c8, %c2, %c4, %c2, %c2)
      : (tensor<?xi64>, index, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%f) : (tensor<?x?xi64>) -> ()

  // 0 elements take any shape: torch.arange(12).view(4, 3)[4::2].view(3, 0)
  // and .view(0, 3), both empty.
  // CHECK: sizes = [3, 0]
  // CHECK: sizes = [0, 3]
  %g = call @step_view_2d(%t12, %c4, %c3, %c4, %c2, %c3, %c0)
      : (tensor<?xi64>, index, index, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%g) : (tensor<?x?xi64>) -> ()
  %h = call @step_view_2d(%t12, %c4, %c3, %c4, %c2, %c0, %c3)
      : (tensor<?xi64>, index, index, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%h) : (tensor<?x?xi64>) -> ()
  return
}
