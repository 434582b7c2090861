// RUN: fx-opt %s --fx-lower-assert-to-llvm --split-input-file --verify-diagnostics | FileCheck %s

// Each assert branches to a block that flushes stdout, writes the message to
// stderr and exits with status 1; one global per distinct message.
// CHECK-LABEL: llvm.mlir.global internal constant @fx_assert_msg_0("first\0A")
// CHECK-NOT: llvm.mlir.global
// CHECK-DAG: llvm.func @_exit(i32)
// CHECK-DAG: llvm.func @write(i32, !llvm.ptr, i64) -> i64
// CHECK-DAG: llvm.func @fflush(!llvm.ptr) -> i32
// CHECK-LABEL: func.func @two_asserts
// CHECK-SAME: (%[[C:.*]]: i1, %[[D:.*]]: i1)
// CHECK: cf.cond_br %[[C]], ^[[OK:.*]], ^[[FAIL:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.call @fflush(%[[NULL]])
// CHECK: %[[MSG:.*]] = llvm.mlir.addressof @fx_assert_msg_0
// CHECK: %[[FD:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[LEN:.*]] = llvm.mlir.constant(6 : i64) : i64
// CHECK: llvm.call @write(%[[FD]], %{{.*}}, %[[LEN]])
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.call @_exit(%[[ONE]])
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[OK]]:
// CHECK: cf.cond_br %[[D]]
// CHECK: llvm.mlir.addressof @fx_assert_msg_0
// CHECK-NOT: cf.assert
// CHECK: return
func.func @two_asserts(%c: i1, %d: i1) {
  cf.assert %c, "first"
  cf.assert %d, "first"
  return
}

// -----

// Splitting the body of a structured op would break it.
func.func @in_loop(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'cf.assert' op cannot be lowered inside 'scf.for': run convert-scf-to-cf first}}
    cf.assert %c, "in a loop"
  }
  return
}

// -----

// expected-error @below {{cannot declare fflush, write and _exit for cf.assert}}
module {
  // expected-error @+1 {{redefinition of function 'write' of different type '!llvm.func<i64 (i32, ptr, i64)>' is prohibited}}
  llvm.func @write(i32) -> i32
  func.func @clash(%c: i1) {
    cf.assert %c, "clash"
    return
  }
}

// -----

// A global of an earlier run keeps its message: the new one is named apart.
// CHECK-LABEL: llvm.mlir.global internal constant @fx_assert_msg_1("second\0A")
// CHECK: llvm.mlir.global internal constant @fx_assert_msg_0("first\0A")
// CHECK-LABEL: func.func @after_earlier_run
// CHECK: llvm.mlir.addressof @fx_assert_msg_1
// CHECK-NOT: llvm.mlir.addressof @fx_assert_msg_0
// CHECK: return
llvm.mlir.global internal constant @fx_assert_msg_0("first\0A") {addr_space = 0 : i32}
func.func @after_earlier_run(%c: i1) {
  cf.assert %c, "second"
  return
}
