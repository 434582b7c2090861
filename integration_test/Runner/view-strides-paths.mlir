// Views of slices whose strides reach the view on every path: a call's
// result, a recursive callee with several blocks, arith.select, an scf.if of
// two results (and a slice's stride too low for a SymInt), with and without
// upstream passes before the
// lowering, in fx-opt and in Debian's mlir-opt with the plugin. Each prints
// torch 2.13.0's values or stops with torch's message; the torch expression
// is beside each function, with t = torch.arange(6).
//
// DEFINE: %{run} = mlir-runner %t -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// RUN: fx-opt %s --fx-to-llvm -o %t
// RUN: %{run} -e no_step | FileCheck %s --check-prefix=NO-STEP
// RUN: %{run} -e step | FileCheck %s --check-prefix=STEP
// RUN: not %{run} -e sel_true 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: %{run} -e sel_false | FileCheck %s --check-prefix=ALL
// RUN: not %{run} -e neg 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: %{run} -e recursive_0 | FileCheck %s --check-prefix=ALL
// RUN: not %{run} -e recursive_1 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not %{run} -e negative_stride 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not %{run} -e symint_stride 2>&1 | FileCheck %s --check-prefix=SYMINT
// RUN: %{run} -e pair_true | FileCheck %s --check-prefix=ALL
// RUN: not %{run} -e pair_false 2>&1 | FileCheck %s --check-prefix=VIEW
//
// The same after upstream passes, which fold, inline and propagate constants
// before the lowering.
// RUN: fx-opt %s --inline --canonicalize --sccp --cse --fx-to-llvm -o %t
// RUN: %{run} -e no_step | FileCheck %s --check-prefix=NO-STEP
// RUN: %{run} -e step | FileCheck %s --check-prefix=STEP
// RUN: not %{run} -e sel_true 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not %{run} -e neg 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %{run} -e recursive_1 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not %{run} -e symint_stride 2>&1 | FileCheck %s --check-prefix=SYMINT
// RUN: %{run} -e pair_true | FileCheck %s --check-prefix=ALL
// RUN: not %{run} -e pair_false 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module(canonicalize,cse,fx-to-llvm)' -o %t
// RUN: %{run} -e no_step | FileCheck %s --check-prefix=NO-STEP
// RUN: not %{run} -e sel_true 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not %{run} -e recursive_1 2>&1 | FileCheck %s --check-prefix=VIEW
//
// NO-STEP: [2,  3,  4,  5]
// STEP: [1,  3,  5]
// ALL: [0,  1,  2,  3,  4,  5]
// VIEW: {{^}}view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.{{$}}
// NEG: {{^}}invalid shape dimension -3 at index 0 of shape [-3]{{$}}
// NEGATIVE: {{^}}as_strided: Negative strides are not supported at the moment, got strides: [-4611686018427387904, 1]{{$}}
// SYMINT: {{^}}IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775808{{$}}

func.func private @printMemrefI64(memref<*xi64>)
func.func @print_1d(%t: tensor<?xi64>) {
  %m = bufferization.to_buffer %t : tensor<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<?xi64, strided<[?], offset: ?>> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}
func.func @arange6() -> tensor<?xi64> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi64>
  %t = tensor.cast %c : tensor<6xi64> to tensor<?xi64>
  return %t : tensor<?xi64>
}
func.func @view61(%t: tensor<?xi64>) -> tensor<?x?xi64> {
  %c6 = arith.constant 6 : index
  %c1 = arith.constant 1 : index
  %s = fx.make_size %c6, %c1 : !fx.size<2>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %v : tensor<?x?xi64>
}
// t.view(6, 1)[2:].view(4), the view static and its input dynamic
func.func @no_step() {
  %t = call @arange6() : () -> tensor<?xi64>
  %v = call @view61(%t) : (tensor<?xi64>) -> tensor<?x?xi64>
  %c2 = arith.constant 2 : index
  %sl = fx.slice %c2, none, none
  %r = fx.slice_tensor %v[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %c4 = arith.constant 4 : index
  %s = fx.make_size %c4 : !fx.size<1>
  %w = fx.view %r, %s : tensor<?x?xi64>, !fx.size<1> -> tensor<4xi64>
  %d = tensor.cast %w : tensor<4xi64> to tensor<?xi64>
  call @print_1d(%d) : (tensor<?xi64>) -> ()
  return
}
// t.view(6, 1)[1::2].view(3)
func.func @step() {
  %t = call @arange6() : () -> tensor<?xi64>
  %v = call @view61(%t) : (tensor<?xi64>) -> tensor<?x?xi64>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sl = fx.slice %c1, none, %c2
  %r = fx.slice_tensor %v[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %c3 = arith.constant 3 : index
  %s = fx.make_size %c3 : !fx.size<1>
  %w = fx.view %r, %s : tensor<?x?xi64>, !fx.size<1> -> tensor<3xi64>
  %d = tensor.cast %w : tensor<3xi64> to tensor<?xi64>
  call @print_1d(%d) : (tensor<?xi64>) -> ()
  return
}
// (x[::2] if c else x).view(-1), x = t.view(3, 2), as arith.select
func.func @sel(%c: i1) {
  %t = call @arange6() : () -> tensor<?xi64>
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %s0 = fx.make_size %c3, %c2 : !fx.size<2>
  %x = fx.view %t, %s0 : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %sl = fx.slice none, none, %c2
  %r = fx.slice_tensor %x[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %y = arith.select %c, %r, %x : tensor<?x?xi64>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %w = fx.view %y, %s : tensor<?x?xi64>, !fx.size<1> -> tensor<?xi64>
  call @print_1d(%w) : (tensor<?xi64>) -> ()
  return
}
func.func @sel_true() { %c = arith.constant true
  call @sel(%c) : (i1) -> ()
  return }
func.func @sel_false() { %c = arith.constant false
  call @sel(%c) : (i1) -> ()
  return }
// t.view(-3)[:-2:-3].view(-3)
func.func @neg() {
  %t = call @arange6() : () -> tensor<?xi64>
  %m3 = arith.constant -3 : index
  %s = fx.make_size %m3 : !fx.size<1>
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<1> -> tensor<?xi64>
  %m2 = arith.constant -2 : index
  %sl = fx.slice none, %m2, %m3
  %r = fx.slice_tensor %v[%sl] : tensor<?xi64> -> tensor<?xi64>
  %w = fx.view %r, %s : tensor<?xi64>, !fx.size<1> -> tensor<?xi64>
  call @print_1d(%w) : (tensor<?xi64>) -> ()
  return
}

// halve(x, n), recursive, with several blocks. (A func.call_indirect of a
// tensor lowers, test/Conversion/FXToTensor/strides-flow.mlir, but upstream's
// one-shot-bufferize in fx-to-llvm does not take it.)
func.func @arange6_3x2() -> tensor<?x?xi64> {
  %t = call @arange6() : () -> tensor<?xi64>
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %s = fx.make_size %c3, %c2 : !fx.size<2>
  %x = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  return %x : tensor<?x?xi64>
}
func.func @halve(%x: tensor<?x?xi64>, %n: index) -> tensor<?x?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %done = arith.cmpi eq, %n, %c0 : index
  cf.cond_br %done, ^end(%x : tensor<?x?xi64>), ^more
^more:
  %sl = fx.slice none, none, %c2
  %h = fx.slice_tensor %x[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %m = arith.subi %n, %c1 : index
  %y = func.call @halve(%h, %m) : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  cf.br ^end(%y : tensor<?x?xi64>)
^end(%r: tensor<?x?xi64>):
  return %r : tensor<?x?xi64>
}
// halve(arange(6).view(3, 2), n).view(-1): n = 0 gives the tensor, n = 1
// rows 0 and 2, not contiguous.
func.func @recursive(%n: index) {
  %x = call @arange6_3x2() : () -> tensor<?x?xi64>
  %r = call @halve(%x, %n) : (tensor<?x?xi64>, index) -> tensor<?x?xi64>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x?xi64>, !fx.size<1> -> tensor<?xi64>
  call @print_1d(%v) : (tensor<?xi64>) -> ()
  return
}
func.func @recursive_0() { %c = arith.constant 0 : index
  call @recursive(%c) : (index) -> ()
  return }
func.func @recursive_1() { %c = arith.constant 1 : index
  call @recursive(%c) : (index) -> ()
  return }
// torch.zeros(1, 3)[::2**62][::4]: the stride 3 * 2**62 wraps negative.
func.func @negative_stride() {
  %x = arith.constant dense<0> : tensor<1x3xi64>
  %big = arith.constant 4611686018427387904 : index
  %c4 = arith.constant 4 : index
  %s1 = fx.slice none, none, %big
  %a = fx.slice_tensor %x[%s1] : tensor<1x3xi64> -> tensor<?x3xi64>
  %s2 = fx.slice none, none, %c4
  %b = fx.slice_tensor %a[%s2] : tensor<?x3xi64> -> tensor<?x3xi64>
  return
}
// torch.zeros(1, 3)[::2**61][::4]: the stride 3 * 2**63 wraps to INT64_MIN,
// below what a SymInt holds.
func.func @symint_stride() {
  %x = arith.constant dense<0> : tensor<1x3xi64>
  %big = arith.constant 2305843009213693952 : index
  %c4 = arith.constant 4 : index
  %s1 = fx.slice none, none, %big
  %a = fx.slice_tensor %x[%s1] : tensor<1x3xi64> -> tensor<?x3xi64>
  %s2 = fx.slice none, none, %c4
  %b = fx.slice_tensor %a[%s2] : tensor<?x3xi64> -> tensor<?x3xi64>
  return
}
// x = arange(6).view(3, 2); a, b = (x[::2], x) if c else (x, x[::2]);
// b.view(-1): an scf.if of two results, one a stepped slice; each result
// carries its own strides, so b is viewed where it is contiguous.
func.func @pair(%c: i1) {
  %x = call @arange6_3x2() : () -> tensor<?x?xi64>
  %c2 = arith.constant 2 : index
  %a, %b = scf.if %c -> (tensor<?x?xi64>, tensor<?x?xi64>) {
    %sl = fx.slice none, none, %c2
    %r = fx.slice_tensor %x[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
    scf.yield %r, %x : tensor<?x?xi64>, tensor<?x?xi64>
  } else {
    %sl = fx.slice none, none, %c2
    %r = fx.slice_tensor %x[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
    scf.yield %x, %r : tensor<?x?xi64>, tensor<?x?xi64>
  }
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %b, %s : tensor<?x?xi64>, !fx.size<1> -> tensor<?xi64>
  call @print_1d(%v) : (tensor<?xi64>) -> ()
  return
}
func.func @pair_true() { %c = arith.constant true
  call @pair(%c) : (i1) -> ()
  return }
func.func @pair_false() { %c = arith.constant false
  call @pair(%c) : (i1) -> ()
  return }
