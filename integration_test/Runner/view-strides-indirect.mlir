// Views of slices that reach the view through func.call_indirect of a
// function value that is not a constant where it is called (a function
// argument, an arith.select of two functions), lowered with fx-to-llvm and
// run. fx-to-llvm gives such values a signature of buffers before
// one-shot-bufferize (fx-bufferize-function-values), and the strides travel
// beside the tensors through it. Each case prints torch 2.13.0's values or
// stops with torch's message; the expression in torch is beside it, with
// t = torch.arange(12), every(x, st) = x[::st], keep(x, st) = x,
// flat(x) = x.view(-1), apply(f, *args) = f(*args) and
// pick(c) = every if c else keep.
//
// RUN: fx-opt %s --fx-to-llvm -o %t
// DEFINE: %{run} = mlir-runner %t -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// RUN: %{run} -e main | FileCheck %s
//
// apply(every, t.view(4, 3), 2).view(-1, 2)
// RUN: not %{run} -e every_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// apply(pick(True), t.view(4, 3), 2).view(-1, 2)
// RUN: not %{run} -e picked_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// apply(flat, t.view(4, 3)[::2])
// RUN: not %{run} -e flat_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
//
// The same after upstream passes before the lowering, which may turn a call
// through a value into a direct call and inline it, and in Debian's
// mlir-opt with the plugin.
// RUN: fx-opt %s --inline --canonicalize --sccp --cse --fx-to-llvm -o %t
// RUN: %{run} -e main | FileCheck %s
// RUN: not %{run} -e every_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not %{run} -e picked_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not %{run} -e flat_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module(canonicalize,cse,fx-to-llvm)' -o %t
// RUN: %{run} -e main | FileCheck %s
// RUN: not %{run} -e every_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not %{run} -e picked_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// RUN: not %{run} -e flat_refused 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: {{^}}view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.{{$}}
// STRIDE-NOT: Unranked Memref

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

// torch.arange(12).view(4, 3)
func.func @arange4x3() -> tensor<?x?xi64> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]> : tensor<12xi64>
  %t = tensor.cast %c : tensor<12xi64> to tensor<?xi64>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %s = fx.make_size %c4, %c3 : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %v : tensor<?x?xi64>
}

func.func @every(%x: tensor<?x?xi64>, %st: index) -> tensor<?x?xi64> {
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %x[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  return %r : tensor<?x?xi64>
}

func.func @keep(%x: tensor<?x?xi64>, %st: index) -> tensor<?x?xi64> {
  return %x : tensor<?x?xi64>
}

func.func @flat(%x: tensor<?x?xi64>) -> tensor<?xi64> {
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %r = fx.view %x, %s : tensor<?x?xi64>, !fx.size<1> -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @apply(%f: (tensor<?x?xi64>, index) -> tensor<?x?xi64>,
                 %x: tensor<?x?xi64>, %st: index) -> tensor<?x?xi64> {
  %r = func.call_indirect %f(%x, %st) : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  return %r : tensor<?x?xi64>
}

func.func @apply_flat(%f: (tensor<?x?xi64>) -> tensor<?xi64>,
                      %x: tensor<?x?xi64>) -> tensor<?xi64> {
  %r = func.call_indirect %f(%x) : (tensor<?x?xi64>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @pick(%c: i1) -> ((tensor<?x?xi64>, index) -> tensor<?x?xi64>) {
  %every = func.constant @every : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %keep = func.constant @keep : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %f = arith.select %c, %every, %keep : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  return %f : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
}

// apply(f, t.view(4, 3), 2).view(-1, b)
func.func @apply_view(%f: (tensor<?x?xi64>, index) -> tensor<?x?xi64>,
                      %b: index) -> tensor<?x?xi64> {
  %x = call @arange4x3() : () -> tensor<?x?xi64>
  %c2 = arith.constant 2 : index
  %r = call @apply(%f, %x, %c2)
      : ((tensor<?x?xi64>, index) -> tensor<?x?xi64>, tensor<?x?xi64>, index)
      -> tensor<?x?xi64>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1, %b : !fx.size<2>
  %w = fx.view %r, %s : tensor<?x?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %w : tensor<?x?xi64>
}

// apply(flat, t.view(4, 3)[start:stop:st])
func.func @apply_flat_slice(%start: index, %stop: index, %st: index)
    -> tensor<?xi64> {
  %x = call @arange4x3() : () -> tensor<?x?xi64>
  %sl = fx.slice %start, %stop, %st
  %y = fx.slice_tensor %x[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %f = func.constant @flat : (tensor<?x?xi64>) -> tensor<?xi64>
  %r = call @apply_flat(%f, %y)
      : ((tensor<?x?xi64>) -> tensor<?xi64>, tensor<?x?xi64>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @every_refused() {
  %f = func.constant @every : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %c2 = arith.constant 2 : index
  %w = call @apply_view(%f, %c2)
      : ((tensor<?x?xi64>, index) -> tensor<?x?xi64>, index) -> tensor<?x?xi64>
  call @print_2d(%w) : (tensor<?x?xi64>) -> ()
  return
}

func.func @picked_refused() {
  %true = arith.constant true
  %f = call @pick(%true) : (i1) -> ((tensor<?x?xi64>, index) -> tensor<?x?xi64>)
  %c2 = arith.constant 2 : index
  %w = call @apply_view(%f, %c2)
      : ((tensor<?x?xi64>, index) -> tensor<?x?xi64>, index) -> tensor<?x?xi64>
  call @print_2d(%w) : (tensor<?x?xi64>) -> ()
  return
}

func.func @flat_refused() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r = call @apply_flat_slice(%c0, %c4, %c2) : (index, index, index) -> tensor<?xi64>
  call @print_1d(%r) : (tensor<?xi64>) -> ()
  return
}

func.func @main() {
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index

  // Rows that keep their chunk: apply(every, t.view(4, 3), 2).view(-1, 3)
  // -> [[0, 1, 2], [6, 7, 8]]
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2],
  // CHECK-NEXT: [6,   7,   8]]
  %every = func.constant @every : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %a = call @apply_view(%every, %c3)
      : ((tensor<?x?xi64>, index) -> tensor<?x?xi64>, index) -> tensor<?x?xi64>
  call @print_2d(%a) : (tensor<?x?xi64>) -> ()

  // apply(pick(False), t.view(4, 3), 2).view(-1, 2)
  // -> [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11]]
  // CHECK: sizes = [6, 2]
  // CHECK-NEXT: {{\[}}[0,   1],
  // CHECK-NEXT: [2,   3],
  // CHECK-NEXT: [4,   5],
  // CHECK-NEXT: [6,   7],
  // CHECK-NEXT: [8,   9],
  // CHECK-NEXT: [10,   11]]
  %keep = call @pick(%false) : (i1) -> ((tensor<?x?xi64>, index) -> tensor<?x?xi64>)
  %b = call @apply_view(%keep, %c2)
      : ((tensor<?x?xi64>, index) -> tensor<?x?xi64>, index) -> tensor<?x?xi64>
  call @print_2d(%b) : (tensor<?x?xi64>) -> ()

  // apply(flat, t.view(4, 3)[0:2:1]) -> [0, 1, 2, 3, 4, 5]
  // CHECK: sizes = [6]
  // CHECK-NEXT: {{\[}}0,  1,  2,  3,  4,  5]
  %c = call @apply_flat_slice(%c0, %c2, %c1) : (index, index, index) -> tensor<?xi64>
  call @print_1d(%c) : (tensor<?xi64>) -> ()

  // The slice's offset passes through the call: apply(flat, t.view(4, 3)[2:4:1])
  // -> [6, 7, 8, 9, 10, 11]
  // CHECK: sizes = [6]
  // CHECK-NEXT: {{\[}}6,  7,  8,  9,  10,  11]
  %d = call @apply_flat_slice(%c2, %c4, %c1) : (index, index, index) -> tensor<?xi64>
  call @print_1d(%d) : (tensor<?xi64>) -> ()
  return
}
