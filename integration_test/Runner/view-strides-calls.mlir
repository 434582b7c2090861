// Views of slices with a step that reach the view through calls, lowered
// with fx-to-llvm and run: the callee's returned strides, its arguments
// bound to the operands, as torch 2.13.0 keeps them. Each case prints
// torch's values or stops with torch's message; the expression in torch is
// beside it, with every(x, st) = x[::st], identity(x) = x and
// every_again(x, st) = every(x, st).
//
// RUN: fx-opt %s --fx-to-llvm -o %t
// DEFINE: %{run} = mlir-runner %t -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// RUN: %{run} -e main | FileCheck %s
//
// every(torch.arange(12).view(4, 3), 2).view(-1, 2)
// RUN: not %{run} -e call_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// identity(torch.arange(12).view(4, 3)[::2]).view(-1, 2)
// RUN: not %{run} -e identity_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// every_again(torch.arange(12).view(4, 3), 2).view(-1, 2)
// RUN: not %{run} -e call_call_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// every(torch.arange(12).view(4, 3), 2).view(-1, 2), every through
// func.call_indirect of func.constant
// RUN: not %{run} -e indirect_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: {{^}}view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.{{$}}

func.func private @printMemrefI64(memref<*xi64>)

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

// x[::st]
func.func @every(%x: tensor<?x?xi64>, %st: index) -> tensor<?x?xi64> {
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %x[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  return %r : tensor<?x?xi64>
}

func.func @identity(%x: tensor<?x?xi64>) -> tensor<?x?xi64> {
  return %x : tensor<?x?xi64>
}

func.func @every_again(%x: tensor<?x?xi64>, %st: index) -> tensor<?x?xi64> {
  %r = call @every(%x, %st) : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  return %r : tensor<?x?xi64>
}

// every(t.view(a, c), st).view(-1, b)
func.func @call_view(%t: tensor<?xi64>, %a: index, %c: index, %st: index,
                     %b: index) -> tensor<?x?xi64> {
  %s = fx.make_size %a, %c : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %r = call @every(%v, %st) : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %m1 = arith.constant -1 : index
  %s2 = fx.make_size %m1, %b : !fx.size<2>
  %w = fx.view %r, %s2 : tensor<?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

// identity(t.view(a, c)[::st]).view(-1, b)
func.func @identity_view(%t: tensor<?xi64>, %a: index, %c: index, %st: index,
                         %b: index) -> tensor<?x?xi64> {
  %s = fx.make_size %a, %c : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %sl = fx.slice none, none, %st
  %x = fx.slice_tensor %v[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %r = call @identity(%x) : (tensor<?x?xi64>) -> tensor<?x?xi64>
  %m1 = arith.constant -1 : index
  %s2 = fx.make_size %m1, %b : !fx.size<2>
  %w = fx.view %r, %s2 : tensor<?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

// every_again(t.view(a, c), st).view(-1, b)
func.func @call_call_view(%t: tensor<?xi64>, %a: index, %c: index,
                          %st: index, %b: index) -> tensor<?x?xi64> {
  %s = fx.make_size %a, %c : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %r = call @every_again(%v, %st) : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %m1 = arith.constant -1 : index
  %s2 = fx.make_size %m1, %b : !fx.size<2>
  %w = fx.view %r, %s2 : tensor<?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

// every(t.view(a, c), st).view(-1, b), every called indirectly.
func.func @indirect_view(%t: tensor<?xi64>, %a: index, %c: index, %st: index,
                         %b: index) -> tensor<?x?xi64> {
  %s = fx.make_size %a, %c : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %f = func.constant @every : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %r = func.call_indirect %f(%v, %st) : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %m1 = arith.constant -1 : index
  %s2 = fx.make_size %m1, %b : !fx.size<2>
  %w = fx.view %r, %s2 : tensor<?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

func.func @call_refused() {
  %t = call @arange12() : () -> tensor<?xi64>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %w = call @call_view(%t, %c4, %c3, %c2, %c2)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  return
}

func.func @identity_refused() {
  %t = call @arange12() : () -> tensor<?xi64>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %w = call @identity_view(%t, %c4, %c3, %c2, %c2)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  return
}

func.func @call_call_refused() {
  %t = call @arange12() : () -> tensor<?xi64>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %w = call @call_call_view(%t, %c4, %c3, %c2, %c2)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  return
}

func.func @indirect_refused() {
  %t = call @arange12() : () -> tensor<?xi64>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %w = call @indirect_view(%t, %c4, %c3, %c2, %c2)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %t12 = call @arange12() : () -> tensor<?xi64>
  %sl6 = fx.slice none, %c6, none
  %t6 = fx.slice_tensor %t12[%sl6] : tensor<?xi64> -> tensor<?xi64>

  // The graphs above at one row, where torch's view works:
  // every(torch.arange(6).view(2, 3), 2).view(-1, 3) -> [[0, 1, 2]]
  // CHECK: sizes = [1, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2]]
  %a = call @call_view(%t6, %c2, %c3, %c2, %c3)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%a) : (tensor<?x?xi64>) -> ()
  // identity(torch.arange(6).view(2, 3)[::2]).view(-1, 3) -> [[0, 1, 2]]
  // CHECK: sizes = [1, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2]]
  %b = call @identity_view(%t6, %c2, %c3, %c2, %c3)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%b) : (tensor<?x?xi64>) -> ()
  // every_again(torch.arange(6).view(2, 3), 2).view(-1, 3) -> [[0, 1, 2]]
  // CHECK: sizes = [1, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2]]
  %c = call @call_call_view(%t6, %c2, %c3, %c2, %c3)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%c) : (tensor<?x?xi64>) -> ()
  // every(torch.arange(6).view(2, 3), 2).view(-1, 3), indirectly
  // -> [[0, 1, 2]]
  // CHECK: sizes = [1, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2]]
  %d = call @indirect_view(%t6, %c2, %c3, %c2, %c3)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%d) : (tensor<?x?xi64>) -> ()
  // Rows that keep their chunk: every(torch.arange(12).view(4, 3), 2)
  // .view(-1, 3) -> [[0, 1, 2], [6, 7, 8]]
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2],
  // CHECK-NEXT: [6,   7,   8]]
  %e = call @call_view(%t12, %c4, %c3, %c2, %c3)
      : (tensor<?xi64>, index, index, index, index) -> tensor<?x?xi64>
  call @print_2d(%e) : (tensor<?x?xi64>) -> ()
  return
}
