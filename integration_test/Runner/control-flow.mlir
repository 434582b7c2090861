// !fx.size and !fx.slice values through scf.if, scf.for, cf block
// arguments and func.call_indirect, lowered with fx-to-llvm and run. The
// numbers are torch's, for the expression named at each case.
//
// RUN: fx-opt %s --fx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefI64(memref<*xi64>)

func.func @print_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @print_i64(%t: tensor<?xi64>) {
  %m = bufferization.to_buffer %t : tensor<?xi64> to memref<?xi64>
  %u = memref.cast %m : memref<?xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

// (x.size() if c else y.size())[0]
func.func @if_size(%x: tensor<?x8xf32>, %y: tensor<?x4xf32>, %c: i1) -> index {
  %s = scf.if %c -> !fx.size<2> {
    %a = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
    scf.yield %a : !fx.size<2>
  } else {
    %b = fx.size %y : tensor<?x4xf32> -> !fx.size<2>
    scf.yield %b : !fx.size<2>
  }
  %e = fx.getitem %s[0] : !fx.size<2>
  return %e : index
}

// s = slice(None); for i in range(n): s = slice(i, None); t[s]
func.func @for_slice(%t: tensor<?xi64>, %n: index) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = fx.slice none, none, none
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> !fx.slice {
    %next = fx.slice %i, none, none
    scf.yield %next : !fx.slice
  }
  %r = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// t.view(a.size() if c else b.size()) through a cf block argument, then its
// dim 1.
func.func @branch_size(%t: tensor<?xi64>, %a: tensor<2x?xf32>, %b: tensor<3x?xf32>,
                       %c: i1) -> index {
  %sa = fx.size %a : tensor<2x?xf32> -> !fx.size<2>
  %sb = fx.size %b : tensor<3x?xf32> -> !fx.size<2>
  cf.cond_br %c, ^join(%sa : !fx.size<2>), ^join(%sb : !fx.size<2>)
^join(%s: !fx.size<2>):
  %v = fx.view %t, %s : tensor<?xi64>, !fx.size<2> -> tensor<?x?xi64>
  %n = fx.size %v, dim = 1 : tensor<?x?xi64> -> index
  return %n : index
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %x = tensor.empty(%c2) : tensor<?x8xf32>
  %y = tensor.empty(%c5) : tensor<?x4xf32>
  // x = torch.zeros(2, 8), y = torch.zeros(5, 4):
  // (x.size() if True else y.size())[0] is 2, with False 5.
  // CHECK: 2
  // CHECK-NEXT: 5
  %i0 = call @if_size(%x, %y, %true) : (tensor<?x8xf32>, tensor<?x4xf32>, i1) -> index
  call @print_index(%i0) : (index) -> ()
  %i1 = call @if_size(%x, %y, %false) : (tensor<?x8xf32>, tensor<?x4xf32>, i1) -> index
  call @print_index(%i1) : (index) -> ()

  // t = torch.tensor([10, 11, 12, 13, 14, 15]); with n = 3 the loop leaves
  // slice(2, None): t[2:] is [12, 13, 14, 15]; with n = 0, t[:].
  // CHECK: sizes = [4]
  // CHECK-NEXT: [12,  13,  14,  15]
  // CHECK: sizes = [6]
  // CHECK-NEXT: [10,  11,  12,  13,  14,  15]
  %cst = arith.constant dense<[10, 11, 12, 13, 14, 15]> : tensor<6xi64>
  %t = tensor.cast %cst : tensor<6xi64> to tensor<?xi64>
  %r0 = call @for_slice(%t, %c3) : (tensor<?xi64>, index) -> tensor<?xi64>
  call @print_i64(%r0) : (tensor<?xi64>) -> ()
  %c0 = arith.constant 0 : index
  %r1 = call @for_slice(%t, %c0) : (tensor<?xi64>, index) -> tensor<?xi64>
  call @print_i64(%r1) : (tensor<?xi64>) -> ()

  // a = torch.zeros(2, 3), b = torch.zeros(3, 2):
  // t.view(a.size() if True else b.size()).size(1) is 3, with False 2.
  // CHECK: 3
  // CHECK-NEXT: 2
  %a = tensor.empty(%c3) : tensor<2x?xf32>
  %b = tensor.empty(%c2) : tensor<3x?xf32>
  %n0 = call @branch_size(%t, %a, %b, %true) : (tensor<?xi64>, tensor<2x?xf32>, tensor<3x?xf32>, i1) -> index
  call @print_index(%n0) : (index) -> ()
  %n1 = call @branch_size(%t, %a, %b, %false) : (tensor<?xi64>, tensor<2x?xf32>, tensor<3x?xf32>, i1) -> index
  call @print_index(%n1) : (index) -> ()

  // f = lambda s, sl: torch.zeros(s)[sl].size(0); f(x.size(), slice(1, None))
  // through func.call_indirect: x is 2 x 8, so 1.
  // CHECK-NEXT: 1
  %f = func.constant @size_rows : (!fx.size<2>, !fx.slice) -> index
  %sx = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %c1 = arith.constant 1 : index
  %sl = fx.slice %c1, none, none
  %rows = func.call_indirect %f(%sx, %sl) : (!fx.size<2>, !fx.slice) -> index
  call @print_index(%rows) : (index) -> ()
  return
}

// torch.zeros(s)[sl].size(0), with s and sl as !fx.size and !fx.slice.
func.func @size_rows(%s: !fx.size<2>, %sl: !fx.slice) -> index {
  %n = fx.getitem %s[0] : !fx.size<2>
  %m = fx.getitem %s[1] : !fx.size<2>
  %z = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = fx.slice_tensor %z[%sl] : tensor<?x?xf32> -> tensor<?x?xf32>
  %rows = fx.size %r, dim = 0 : tensor<?x?xf32> -> index
  return %rows : index
}
