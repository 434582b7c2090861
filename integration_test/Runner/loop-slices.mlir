// A loop that slices its tensor each iteration, the tensor a cast of a
// static one: fx-to-llvm's canonicalize leaves the loop's type dynamic.
// (LLVM 22's scf.for canonicalization, ForOpTensorCastFolder, gives the
// loop the cast's static type, as if no iteration changed it; a user's own
// canonicalize before fx-to-llvm does so, and the lowered module does not
// verify: see DesignNotes.)
//
// RUN: fx-opt %s --fx-to-llvm -o %t
// RUN: mlir-runner %t -e loop_twice -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module(fx-to-llvm)' -o %t
// RUN: mlir-runner %t -e loop_twice -entry-point-result=void \
// RUN:   -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// CHECK: [0,  4,  8,  12]

func.func private @printMemrefI64(memref<*xi64>)
func.func @print_1d(%t: tensor<?xi64>) {
  %m = bufferization.to_buffer %t : tensor<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<?xi64, strided<[?], offset: ?>> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}
// x = torch.arange(16); for _ in range(2): x = x[::2]. The loop's tensor
// comes from a cast of a static one, whose type LLVM 22's scf.for
// canonicalization would give the loop as if no iteration changed it.
func.func @loop_twice() {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi64>
  %x = tensor.cast %c : tensor<16xi64> to tensor<?xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %x) -> (tensor<?xi64>) {
    %sl = fx.slice none, none, %c2
    %h = fx.slice_tensor %a[%sl] : tensor<?xi64> -> tensor<?xi64>
    scf.yield %h : tensor<?xi64>
  }
  call @print_1d(%r) : (tensor<?xi64>) -> ()
  return
}
