// Programs that torch runs or rejects at run time, lowered with fx-to-llvm and
// run: each prints torch's numbers or stops with torch's message, character
// for character, with the run-time values in it. The numbers and messages
// come from torch 2.13.0; each case names the torch expression.
//
// RUN: fx-opt %s --fx-to-llvm -o %t
// DEFINE: %{run} = mlir-runner %t -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// RUN: %{run} -e main | FileCheck %s
//
// x = torch.zeros(2, 3, 4) with dim 0 dynamic; x.size(d) for d = 3, 7, -4,
// -100: IndexError: Dimension out of range (expected to be in range of
// [-3, 2], but got 3)
// RUN: not %{run} -e dim_3 2>&1 | FileCheck %s --check-prefix=DIM -DGOT=3
// RUN: not %{run} -e dim_7 2>&1 | FileCheck %s --check-prefix=DIM -DGOT=7
// RUN: not %{run} -e dim_minus4 2>&1 | FileCheck %s --check-prefix=DIM -DGOT=-4
// RUN: not %{run} -e dim_minus100 2>&1 | FileCheck %s --check-prefix=DIM -DGOT=-100
// The same with every dim static, x.size(d) for d = 5:
// RUN: not %{run} -e static_dim_5 2>&1 | FileCheck %s --check-prefix=DIM -DGOT=5
// DIM: {{^}}Dimension out of range (expected to be in range of [-3, 2], but got [[GOT]]){{$}}
//
// The same tensor, unranked: x.size(5), x.size(-7), x.size(d) with d = 3.
// RUN: not %{run} -e unranked_5 2>&1 | FileCheck %s --check-prefix=DIM -DGOT=5
// RUN: not %{run} -e unranked_minus7 2>&1 | FileCheck %s --check-prefix=DIM -DGOT=-7
// RUN: not %{run} -e unranked_dim_3 2>&1 | FileCheck %s --check-prefix=DIM -DGOT=3
// An unranked tensor of rank 1 at run time, torch.zeros(5).size(d), d = 1:
//   IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)
// RUN: not %{run} -e unranked_rank1_dim_1 2>&1 | FileCheck %s --check-prefix=RANK1
// RANK1: {{^}}Dimension out of range (expected to be in range of [-1, 0], but got 1){{$}}
// An unranked tensor that is 0-d at run time: torch.tensor(1.).size(5),
// .size(d) with d = 0, .size(-1):
//   IndexError: Dimension specified as 5 but tensor has no dimensions
// RUN: not %{run} -e unranked_0d_5 2>&1 | FileCheck %s --check-prefix=NODIMS -DGOT=5
// RUN: not %{run} -e unranked_0d_dim_0 2>&1 | FileCheck %s --check-prefix=NODIMS -DGOT=0
// RUN: not %{run} -e unranked_0d_minus1 2>&1 | FileCheck %s --check-prefix=NODIMS -DGOT=-1
// A ranked 0-d tensor, torch.tensor(1.).size(d), d = 0:
// RUN: not %{run} -e dim_of_0d 2>&1 | FileCheck %s --check-prefix=NODIMS -DGOT=0
// NODIMS: {{^}}Dimension specified as [[GOT]] but tensor has no dimensions{{$}}
//
// x.size() typed !fx.size<4> on an unranked tensor of rank 2: the program's
// own type is wrong (torch has no such type), and the message says so.
// RUN: not %{run} -e rank_mismatch 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: {{^}}x.size() of a tensor whose rank is 2, not 4, the length of '!fx.size<4>'{{$}}
//
// y.view(x.size()) with x of shape [3, 8] and y of 6 elements:
//   RuntimeError: shape '[3, 8]' is invalid for input of size 6
// RUN: not %{run} -e view_count 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}shape '[3, 8]' is invalid for input of size 6{{$}}
// y = torch.arange(1., 7.), static [6]: y.view(4, 2):
//   RuntimeError: shape '[4, 2]' is invalid for input of size 6
// RUN: not %{run} -e view_static 2>&1 | FileCheck %s --check-prefix=STATICVIEW
// STATICVIEW: {{^}}shape '[4, 2]' is invalid for input of size 6{{$}}
//
// torch.arange(1., 7.).view(-1, -1): only one dimension can be inferred
// RUN: not %{run} -e view_two_inferred 2>&1 | FileCheck %s --check-prefix=TWO
// torch.zeros(0).view(-1, -1).view(5), the second view typed tensor<5xf32>:
// only one dimension can be inferred
// RUN: not %{run} -e view_two_inferred_then_static 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: {{^}}only one dimension can be inferred{{$}}
// torch.arange(1., 7.).view(-2, 3):
//   invalid shape dimension -2 at index 0 of shape [-2, 3]
// RUN: not %{run} -e view_minus2 2>&1 | FileCheck %s --check-prefix=MINUS2
// MINUS2: {{^}}invalid shape dimension -2 at index 0 of shape [-2, 3]{{$}}
// Inlined and canonicalized first, the -2 is a constant in the view's size:
// the verifier accepts it, and the run raises as torch does.
// RUN: fx-opt %s --inline --fx-to-llvm -o %t.inlined
// RUN: not mlir-runner %t.inlined -entry-point-result=void -e view_minus2 \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=MINUS2
// Inlined, an unranked tensor is a tensor.cast of a ranked one, which the
// lowering reads instead (canonicalize would fold the cast into a tensor.dim
// of a 0-d tensor, invalid IR): the same messages.
// RUN: not mlir-runner %t.inlined -entry-point-result=void -e unranked_0d_5 \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NODIMS -DGOT=5
// RUN: not mlir-runner %t.inlined -entry-point-result=void -e unranked_0d_minus1 \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=NODIMS -DGOT=-1
// RUN: not mlir-runner %t.inlined -entry-point-result=void -e rank_mismatch \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: mlir-runner %t.inlined -entry-point-result=void -e main \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// torch.arange(1., 7.).view(-1, -1, -2): the second -1 comes first,
//   only one dimension can be inferred
// RUN: not %{run} -e view_minus1_minus1_minus2 2>&1 | FileCheck %s --check-prefix=TWO
// torch.arange(1., 7.).view(-1, -2):
//   invalid shape dimension -2 at index 1 of shape [-1, -2]
// RUN: not %{run} -e view_minus1_minus2 2>&1 | FileCheck %s --check-prefix=MINUS1MINUS2
// MINUS1MINUS2: {{^}}invalid shape dimension -2 at index 1 of shape [-1, -2]{{$}}
// y = torch.arange(1., 7.); y.view(y.size(0), 2, -101), the size read from
// the tensor and printed in the shape:
//   invalid shape dimension -101 at index 2 of shape [6, 2, -101]
// RUN: not %{run} -e view_minus101 2>&1 | FileCheck %s --check-prefix=MINUS101
// MINUS101: {{^}}invalid shape dimension -101 at index 2 of shape [6, 2, -101]{{$}}
// torch.arange(1., 7.).view(-1, 4): shape '[-1, 4]' is invalid for input of size 6
// RUN: not %{run} -e view_indivisible 2>&1 | FileCheck %s --check-prefix=INDIV
// INDIV: {{^}}shape '[-1, 4]' is invalid for input of size 6{{$}}
// torch.arange(1., 7.).view(-1, 0): shape '[-1, 0]' is invalid for input of size 6
// RUN: not %{run} -e view_minus1_0 2>&1 | FileCheck %s --check-prefix=MINUS1ZERO
// MINUS1ZERO: {{^}}shape '[-1, 0]' is invalid for input of size 6{{$}}
// torch.tensor([[1., 2., 3.], [4., 5., 6.]]).view(4, -1), through an
// unranked tensor: shape '[4, -1]' is invalid for input of size 6
// RUN: not %{run} -e view_unranked_4 2>&1 | FileCheck %s --check-prefix=UNRANKEDVIEW
// UNRANKEDVIEW: {{^}}shape '[4, -1]' is invalid for input of size 6{{$}}
// torch.zeros(0).view(0, -1): cannot reshape tensor of 0 elements into shape
// [0, -1] because the unspecified dimension size -1 can be any value and is
// ambiguous
// RUN: not %{run} -e view_ambiguous 2>&1 | FileCheck %s --check-prefix=AMBIG
// AMBIG: {{^}}cannot reshape tensor of 0 elements into shape [0, -1] because the unspecified dimension size -1 can be any value and is ambiguous{{$}}
//
// t[::0] and t[::-1], the step a function argument:
//   ValueError: slice step cannot be zero; ValueError: step must be greater than zero
// RUN: not %{run} -e step_0 2>&1 | FileCheck %s --check-prefix=STEP0
// STEP0: {{^}}slice step cannot be zero{{$}}
// RUN: not %{run} -e step_minus1 2>&1 | FileCheck %s --check-prefix=STEPNEG
// STEPNEG: {{^}}step must be greater than zero{{$}}
//
// t[:] of a 5-row tensor, typed 3 rows: the type is wrong, not torch.
// RUN: not %{run} -e slice_rows 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: {{^}}dim 0 of the slice is 5, not 3, as the result type tensor<3xi64> says{{$}}
//
// u = torch.tensor([10, 11, 12, 13]): u[4:] has 0 rows and u[:100:3] 2, each
// typed 4 rows.
// RUN: not %{run} -e slice_past_end 2>&1 | FileCheck %s --check-prefix=ROWS4 -DGOT=0
// RUN: not %{run} -e slice_by_3 2>&1 | FileCheck %s --check-prefix=ROWS4 -DGOT=2
// ROWS4: {{^}}dim 0 of the slice is [[GOT]], not 4, as the result type tensor<4xi64> says{{$}}
//
// Through upstream's lowering instead (convert-fx-to-tensor without
// message-values, then upstream's passes to LLVM), a check is a cf.assert
// with the static text, which upstream lowers to `puts` and `abort`: the
// program computes the same numbers, and a failed check aborts (its text,
// left in stdio's buffer, is lost through a pipe).
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module( \
// RUN:     convert-fx-to-tensor,canonicalize, \
// RUN:     one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}, \
// RUN:     convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,lower-affine, \
// RUN:     convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm, \
// RUN:     reconcile-unrealized-casts)' -o %t.upstream
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module(convert-fx-to-tensor)' \
// RUN: | FileCheck %s --check-prefix=UPSTREAM
// RUN: mlir-runner %t.upstream -entry-point-result=void -e main \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: not --crash mlir-runner %t.upstream -entry-point-result=void -e view_count \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// UPSTREAM-NOT: fx.assert
// UPSTREAM-LABEL: func.func @size_dim
// UPSTREAM: cf.assert %{{.*}}, "Dimension out of range (expected to be in range of [-3, 2], but got ?)"
// UPSTREAM-LABEL: func.func @view_size
// UPSTREAM: cf.assert %{{.*}}, "shape '[?, 8]' is invalid for input of size ?"
// UPSTREAM-NOT: fx.assert

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @print_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @print_2d(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @print_i64(%t: tensor<?xi64>) {
  %m = bufferization.to_buffer %t : tensor<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<?xi64, strided<[?], offset: ?>> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

// Inputs: a [2, 3, 4] tensor, torch.arange(1., 7.), torch.arange(24.), and
// torch.tensor([10, 11, 12, 13, 14]).
func.func @x234() -> tensor<?x3x4xf32> {
  %c2 = arith.constant 2 : index
  %x = tensor.empty(%c2) : tensor<?x3x4xf32>
  return %x : tensor<?x3x4xf32>
}

func.func @y6() -> tensor<?xf32> {
  %cst = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %y = tensor.cast %cst : tensor<6xf32> to tensor<?xf32>
  return %y : tensor<?xf32>
}

func.func @u4() -> tensor<4xi64> {
  %u = arith.constant dense<[10, 11, 12, 13]> : tensor<4xi64>
  return %u : tensor<4xi64>
}

func.func @t5() -> tensor<?xi64> {
  %cst = arith.constant dense<[10, 11, 12, 13, 14]> : tensor<5xi64>
  %t = tensor.cast %cst : tensor<5xi64> to tensor<?xi64>
  return %t : tensor<?xi64>
}

//===--- Under test --------------------------------------------------------===//

// x.size(d)
func.func @size_dim(%x: tensor<?x3x4xf32>, %d: index) -> index {
  %n = fx.size %x, dim = %d : tensor<?x3x4xf32> -> index
  return %n : index
}

func.func @size_unranked(%x: tensor<*xf32>, %d: index) -> index {
  %n = fx.size %x, dim = %d : tensor<*xf32> -> index
  return %n : index
}

// x.size() as a torch.Size of 4 elements; its last element.
func.func @size4(%x: tensor<*xf32>) -> index {
  %s = fx.size %x : tensor<*xf32> -> !fx.size<4>
  %e = fx.getitem %s[-1] : !fx.size<4>
  return %e : index
}

// y.view(x.size())
func.func @view_size(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %v : tensor<?x8xf32>
}

// y.view(0 - 1, 2): the -1 appears only once 0 - 1 folds.
func.func @view_folded(%y: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = arith.subi %c0, %c1 : index
  %s = fx.make_size %m, %c2 : !fx.size<2>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %v : tensor<?x?xf32>
}

// a.reshape(a.size(0), -1)
func.func @reshape_infer(%a: tensor<?x3x4xf32>) -> tensor<?x?xf32> {
  %n = fx.size %a, dim = 0 : tensor<?x3x4xf32> -> index
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %n, %c-1 : !fx.size<2>
  %v = fx.view %a, %s : tensor<?x3x4xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %v : tensor<?x?xf32>
}

// y.view(a, b)
func.func @view_args(%y: tensor<?xf32>, %a: index, %b: index) -> tensor<?x?xf32> {
  %s = fx.make_size %a, %b : !fx.size<2>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %v : tensor<?x?xf32>
}

// y.view(y.size(0), 2, e)
func.func @view_rows_2_arg(%y: tensor<?xf32>, %e: index) -> tensor<?x2x?xf32> {
  %n = fx.size %y, dim = 0 : tensor<?xf32> -> index
  %c2 = arith.constant 2 : index
  %s = fx.make_size %n, %c2, %e : !fx.size<3>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<3> -> tensor<?x2x?xf32>
  return %v : tensor<?x2x?xf32>
}

// x.view(-1, -1).view(5) of a static x
func.func @view_twice_static(%x: tensor<0xf32>) -> tensor<5xf32> {
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %c-1, %c-1 : !fx.size<2>
  %v = fx.view %x, %s : tensor<0xf32>, !fx.size<2> -> tensor<?x?xf32>
  %c5 = arith.constant 5 : index
  %five = fx.make_size %c5 : !fx.size<1>
  %w = fx.view %v, %five : tensor<?x?xf32>, !fx.size<1> -> tensor<5xf32>
  return %w : tensor<5xf32>
}

// y.view(a, -1) of an unranked y: its element count is a loop over its rank.
func.func @view_unranked(%y: tensor<*xf32>, %a: index) -> tensor<?x?xf32> {
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %a, %c-1 : !fx.size<2>
  %v = fx.view %y, %s : tensor<*xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %v : tensor<?x?xf32>
}

// t[::step]
func.func @slice_step(%t: tensor<?xi64>, %step: index) -> tensor<?xi64> {
  %s = fx.slice none, none, %step
  %r = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// t[:], typed 3 rows.
func.func @slice_all_3(%t: tensor<?xi64>) -> tensor<3xi64> {
  %s = fx.slice none, none, none
  %r = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<3xi64>
  return %r : tensor<3xi64>
}

// x.size(d) of a 0-d x.
func.func @size_0d(%x: tensor<f32>, %d: index) -> index {
  %n = fx.size %x, dim = %d : tensor<f32> -> index
  return %n : index
}

// u[4:] and u[:stop:step], typed with all 4 rows.
func.func @slice_from_4(%u: tensor<4xi64>) -> tensor<4xi64> {
  %c4 = arith.constant 4 : index
  %s = fx.slice %c4, none, none
  %r = fx.slice_tensor %u[%s] : tensor<4xi64> -> tensor<4xi64>
  return %r : tensor<4xi64>
}
func.func @slice_to_by(%u: tensor<4xi64>, %stop: index, %step: index) -> tensor<4xi64> {
  %s = fx.slice none, %stop, %step
  %r = fx.slice_tensor %u[%s] : tensor<4xi64> -> tensor<4xi64>
  return %r : tensor<4xi64>
}

// z[1:] and z[:] of a tensor with a 0-sized trailing dim.
func.func @slice_zero_trailing(%z: tensor<?x0xf32>, %start: index) -> index {
  %s = fx.slice %start, none, none
  %r = fx.slice_tensor %z[%s] : tensor<?x0xf32> -> tensor<?x0xf32>
  %n = fx.size %r, dim = 0 : tensor<?x0xf32> -> index
  return %n : index
}

//===--- Entry points that stop --------------------------------------------===//

func.func @dim_at(%d: index) {
  %x = call @x234() : () -> tensor<?x3x4xf32>
  %n = call @size_dim(%x, %d) : (tensor<?x3x4xf32>, index) -> index
  call @print_index(%n) : (index) -> ()
  return
}
func.func @dim_3() {
  %d = arith.constant 3 : index
  call @dim_at(%d) : (index) -> ()
  return
}
func.func @dim_7() {
  %d = arith.constant 7 : index
  call @dim_at(%d) : (index) -> ()
  return
}
func.func @dim_minus4() {
  %d = arith.constant -4 : index
  call @dim_at(%d) : (index) -> ()
  return
}
func.func @dim_minus100() {
  %d = arith.constant -100 : index
  call @dim_at(%d) : (index) -> ()
  return
}

func.func @unranked234() -> tensor<*xf32> {
  %x = call @x234() : () -> tensor<?x3x4xf32>
  %u = tensor.cast %x : tensor<?x3x4xf32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
func.func @unranked_5() {
  %u = call @unranked234() : () -> tensor<*xf32>
  %n = fx.sym_size %u, dim = 5 : tensor<*xf32>
  call @print_index(%n) : (index) -> ()
  return
}
func.func @unranked_minus7() {
  %u = call @unranked234() : () -> tensor<*xf32>
  %n = fx.size %u, dim = -7 : tensor<*xf32> -> index
  call @print_index(%n) : (index) -> ()
  return
}
func.func @unranked_dim_3() {
  %u = call @unranked234() : () -> tensor<*xf32>
  %d = arith.constant 3 : index
  %n = call @size_unranked(%u, %d) : (tensor<*xf32>, index) -> index
  call @print_index(%n) : (index) -> ()
  return
}
func.func @unranked_0d() -> tensor<*xf32> {
  %x = tensor.empty() : tensor<f32>
  %u = tensor.cast %x : tensor<f32> to tensor<*xf32>
  return %u : tensor<*xf32>
}
func.func @unranked_0d_5() {
  %u = call @unranked_0d() : () -> tensor<*xf32>
  %n = fx.sym_size %u, dim = 5 : tensor<*xf32>
  call @print_index(%n) : (index) -> ()
  return
}
func.func @unranked_0d_dim_0() {
  %u = call @unranked_0d() : () -> tensor<*xf32>
  %d = arith.constant 0 : index
  %n = call @size_unranked(%u, %d) : (tensor<*xf32>, index) -> index
  call @print_index(%n) : (index) -> ()
  return
}
func.func @rank_mismatch() {
  %c2 = arith.constant 2 : index
  %x = tensor.empty(%c2) : tensor<?x3xf32>
  %u = tensor.cast %x : tensor<?x3xf32> to tensor<*xf32>
  %n = call @size4(%u) : (tensor<*xf32>) -> index
  call @print_index(%n) : (index) -> ()
  return
}

func.func @view_count() {
  %c3 = arith.constant 3 : index
  %x = tensor.empty(%c3) : tensor<?x8xf32>
  %y = call @y6() : () -> tensor<?xf32>
  %v = call @view_size(%x, %y) : (tensor<?x8xf32>, tensor<?xf32>) -> tensor<?x8xf32>
  %c = tensor.cast %v : tensor<?x8xf32> to tensor<?x?xf32>
  call @print_2d(%c) : (tensor<?x?xf32>) -> ()
  return
}
func.func @view_with(%a: index, %b: index) {
  %y = call @y6() : () -> tensor<?xf32>
  %v = call @view_args(%y, %a, %b) : (tensor<?xf32>, index, index) -> tensor<?x?xf32>
  call @print_2d(%v) : (tensor<?x?xf32>) -> ()
  return
}
func.func @view_two_inferred() {
  %m1 = arith.constant -1 : index
  call @view_with(%m1, %m1) : (index, index) -> ()
  return
}
func.func @view_two_inferred_then_static() {
  %x = tensor.empty() : tensor<0xf32>
  %v = call @view_twice_static(%x) : (tensor<0xf32>) -> tensor<5xf32>
  %c = tensor.cast %v : tensor<5xf32> to tensor<?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %c, %c0 : tensor<?xf32>
  call @print_index(%n) : (index) -> ()
  return
}
func.func @view_minus2() {
  %m2 = arith.constant -2 : index
  %c3 = arith.constant 3 : index
  call @view_with(%m2, %c3) : (index, index) -> ()
  return
}
func.func @view_minus101() {
  %y = call @y6() : () -> tensor<?xf32>
  %m101 = arith.constant -101 : index
  %v = call @view_rows_2_arg(%y, %m101) : (tensor<?xf32>, index) -> tensor<?x2x?xf32>
  %c2 = arith.constant 2 : index
  %n = tensor.dim %v, %c2 : tensor<?x2x?xf32>
  call @print_index(%n) : (index) -> ()
  return
}
func.func @view_indivisible() {
  %m1 = arith.constant -1 : index
  %c4 = arith.constant 4 : index
  call @view_with(%m1, %c4) : (index, index) -> ()
  return
}
func.func @view_ambiguous() {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  %e = tensor.empty(%c0) : tensor<?xf32>
  %v = call @view_args(%e, %c0, %m1) : (tensor<?xf32>, index, index) -> tensor<?x?xf32>
  call @print_2d(%v) : (tensor<?x?xf32>) -> ()
  return
}

func.func @step_with(%step: index) {
  %t = call @t5() : () -> tensor<?xi64>
  %r = call @slice_step(%t, %step) : (tensor<?xi64>, index) -> tensor<?xi64>
  call @print_i64(%r) : (tensor<?xi64>) -> ()
  return
}
func.func @step_0() {
  %c0 = arith.constant 0 : index
  call @step_with(%c0) : (index) -> ()
  return
}
func.func @step_minus1() {
  %m1 = arith.constant -1 : index
  call @step_with(%m1) : (index) -> ()
  return
}
func.func @slice_rows() {
  %t = call @t5() : () -> tensor<?xi64>
  %r = call @slice_all_3(%t) : (tensor<?xi64>) -> tensor<3xi64>
  %c = tensor.cast %r : tensor<3xi64> to tensor<?xi64>
  call @print_i64(%c) : (tensor<?xi64>) -> ()
  return
}

func.func @dim_of_0d() {
  %x = tensor.empty() : tensor<f32>
  %c0 = arith.constant 0 : index
  %n = call @size_0d(%x, %c0) : (tensor<f32>, index) -> index
  call @print_index(%n) : (index) -> ()
  return
}
func.func @print_u(%r: tensor<4xi64>) {
  %c = tensor.cast %r : tensor<4xi64> to tensor<?xi64>
  call @print_i64(%c) : (tensor<?xi64>) -> ()
  return
}
func.func @slice_past_end() {
  %u = call @u4() : () -> tensor<4xi64>
  %r = call @slice_from_4(%u) : (tensor<4xi64>) -> tensor<4xi64>
  call @print_u(%r) : (tensor<4xi64>) -> ()
  return
}
func.func @slice_by_3() {
  %u = call @u4() : () -> tensor<4xi64>
  %c100 = arith.constant 100 : index
  %c3 = arith.constant 3 : index
  %r = call @slice_to_by(%u, %c100, %c3) : (tensor<4xi64>, index, index) -> tensor<4xi64>
  call @print_u(%r) : (tensor<4xi64>) -> ()
  return
}

func.func @size_static(%x: tensor<2x3x4xf32>, %d: index) -> index {
  %n = fx.size %x, dim = %d : tensor<2x3x4xf32> -> index
  return %n : index
}
func.func @static_dim_5() {
  %x = tensor.empty() : tensor<2x3x4xf32>
  %d = arith.constant 5 : index
  %n = call @size_static(%x, %d) : (tensor<2x3x4xf32>, index) -> index
  call @print_index(%n) : (index) -> ()
  return
}
func.func @unranked_rank1_dim_1() {
  %c5 = arith.constant 5 : index
  %x = tensor.empty(%c5) : tensor<?xf32>
  %u = tensor.cast %x : tensor<?xf32> to tensor<*xf32>
  %d = arith.constant 1 : index
  %n = call @size_unranked(%u, %d) : (tensor<*xf32>, index) -> index
  call @print_index(%n) : (index) -> ()
  return
}
func.func @unranked_0d_minus1() {
  %u = call @unranked_0d() : () -> tensor<*xf32>
  %n = fx.sym_size %u, dim = -1 : tensor<*xf32>
  call @print_index(%n) : (index) -> ()
  return
}

// y.view(a, b) of a static y.
func.func @view_static_args(%y: tensor<6xf32>, %a: index, %b: index) -> tensor<?x?xf32> {
  %s = fx.make_size %a, %b : !fx.size<2>
  %v = fx.view %y, %s : tensor<6xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %v : tensor<?x?xf32>
}
func.func @view_static() {
  %cst = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %v = call @view_static_args(%cst, %c4, %c2) : (tensor<6xf32>, index, index) -> tensor<?x?xf32>
  call @print_2d(%v) : (tensor<?x?xf32>) -> ()
  return
}
func.func @view_minus1_minus1_minus2() {
  %y = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %m1 = arith.constant -1 : index
  %m2 = arith.constant -2 : index
  %s = fx.make_size %m1, %m1, %m2 : !fx.size<3>
  %v = fx.view %y, %s : tensor<6xf32>, !fx.size<3> -> tensor<?x?x?xf32>
  return
}
func.func @view_minus1_minus2() {
  %m1 = arith.constant -1 : index
  %m2 = arith.constant -2 : index
  call @view_with(%m1, %m2) : (index, index) -> ()
  return
}
func.func @view_minus1_0() {
  %m1 = arith.constant -1 : index
  %c0 = arith.constant 0 : index
  call @view_with(%m1, %c0) : (index, index) -> ()
  return
}
func.func @view_unranked_4() {
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %u = tensor.cast %cst : tensor<2x3xf32> to tensor<*xf32>
  %c4 = arith.constant 4 : index
  %v = call @view_unranked(%u, %c4) : (tensor<*xf32>, index) -> tensor<?x?xf32>
  call @print_2d(%v) : (tensor<?x?xf32>) -> ()
  return
}

//===--- What runs ---------------------------------------------------------===//

func.func @main() {
  // torch.zeros(2, 3, 4).size(-1), .size(1), .size(-3): 4, 3, 2
  // CHECK: 4
  // CHECK-NEXT: 3
  // CHECK-NEXT: 2
  %x = call @x234() : () -> tensor<?x3x4xf32>
  %cm1 = arith.constant -1 : index
  %c1 = arith.constant 1 : index
  %cm3 = arith.constant -3 : index
  %n0 = call @size_dim(%x, %cm1) : (tensor<?x3x4xf32>, index) -> index
  call @print_index(%n0) : (index) -> ()
  %n1 = call @size_dim(%x, %c1) : (tensor<?x3x4xf32>, index) -> index
  call @print_index(%n1) : (index) -> ()
  %n2 = call @size_dim(%x, %cm3) : (tensor<?x3x4xf32>, index) -> index
  call @print_index(%n2) : (index) -> ()

  // The same on the unranked tensor, and x.size() as !fx.size<4> of a
  // [2, 3, 4, 5] tensor: x.size()[-1] is 5.
  // CHECK-NEXT: 4
  // CHECK-NEXT: 5
  %u = call @unranked234() : () -> tensor<*xf32>
  %n3 = call @size_unranked(%u, %cm1) : (tensor<*xf32>, index) -> index
  call @print_index(%n3) : (index) -> ()
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x4 = tensor.empty(%c2) : tensor<?x3x4x5xf32>
  %u4 = tensor.cast %x4 : tensor<?x3x4x5xf32> to tensor<*xf32>
  %n4 = call @size4(%u4) : (tensor<*xf32>) -> index
  call @print_index(%n4) : (index) -> ()

  // torch.arange(1., 7.).view(0 - 1, 2): [[1, 2], [3, 4], [5, 6]]
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [5,   6]]
  %y = call @y6() : () -> tensor<?xf32>
  %v0 = call @view_folded(%y) : (tensor<?xf32>) -> tensor<?x?xf32>
  call @print_2d(%v0) : (tensor<?x?xf32>) -> ()

  // torch.arange(1., 7.).view(2, -1): [[1, 2, 3], [4, 5, 6]]
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[1,   2,   3],
  // CHECK-NEXT: [4,   5,   6]]
  %v1 = call @view_args(%y, %c2, %cm1) : (tensor<?xf32>, index, index) -> tensor<?x?xf32>
  call @print_2d(%v1) : (tensor<?x?xf32>) -> ()

  // a = torch.arange(24.).reshape(2, 3, 4); a.reshape(a.size(0), -1) has
  // shape [2, 12]; its row 1 is 12, ..., 23.
  // CHECK: sizes = [2, 12]
  // CHECK-NEXT: {{\[}}[0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11],
  // CHECK-NEXT: [12,   13,   14,   15,   16,   17,   18,   19,   20,   21,   22,   23]]
  %cst = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
                               [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %a = tensor.cast %cst : tensor<2x3x4xf32> to tensor<?x3x4xf32>
  %v2 = call @reshape_infer(%a) : (tensor<?x3x4xf32>) -> tensor<?x?xf32>
  call @print_2d(%v2) : (tensor<?x?xf32>) -> ()

  // torch.tensor([[1., 2., 3.], [4., 5., 6.]]).view(3, -1), through an
  // unranked tensor: [[1, 2], [3, 4], [5, 6]]
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [5,   6]]
  %cst23 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %u23 = tensor.cast %cst23 : tensor<2x3xf32> to tensor<*xf32>
  %v3 = call @view_unranked(%u23, %c3) : (tensor<*xf32>, index) -> tensor<?x?xf32>
  call @print_2d(%v3) : (tensor<?x?xf32>) -> ()

  // t = torch.tensor([10, 11, 12, 13, 14]); t[::2] is [10, 12, 14], t[::1]
  // all of t.
  // CHECK: sizes = [3]
  // CHECK-NEXT: [10,  12,  14]
  // CHECK: sizes = [5]
  // CHECK-NEXT: [10,  11,  12,  13,  14]
  %t = call @t5() : () -> tensor<?xi64>
  %s0 = call @slice_step(%t, %c2) : (tensor<?xi64>, index) -> tensor<?xi64>
  call @print_i64(%s0) : (tensor<?xi64>) -> ()
  %s1 = call @slice_step(%t, %c1) : (tensor<?xi64>, index) -> tensor<?xi64>
  call @print_i64(%s1) : (tensor<?xi64>) -> ()

  // z = torch.zeros(3, 0): z[1:].shape[0] is 2, z[0:].shape[0] is 3.
  // CHECK: 2
  // CHECK-NEXT: 3
  %c0 = arith.constant 0 : index
  %z = tensor.empty(%c3) : tensor<?x0xf32>
  %z1 = call @slice_zero_trailing(%z, %c1) : (tensor<?x0xf32>, index) -> index
  call @print_index(%z1) : (index) -> ()
  %z0 = call @slice_zero_trailing(%z, %c0) : (tensor<?x0xf32>, index) -> index
  call @print_index(%z0) : (index) -> ()

  // u = torch.tensor([10, 11, 12, 13]): u[:100:1] is all of u.
  // CHECK: sizes = [4]
  // CHECK-NEXT: [10,  11,  12,  13]
  %short = call @u4() : () -> tensor<4xi64>
  %c100 = arith.constant 100 : index
  %u1 = call @slice_to_by(%short, %c100, %c1) : (tensor<4xi64>, index, index) -> tensor<4xi64>
  call @print_u(%u1) : (tensor<4xi64>) -> ()
  return
}
