// RUN: fx-opt %s --fx-lower-assert-to-llvm --split-input-file --verify-diagnostics | FileCheck %s

// Each check branches to a block that flushes stdout, prints the message to
// stderr with dprintf and exits with status 1; one global per distinct
// format, NUL-terminated. A cf.assert's message is printed as it is: its `%`
// is escaped.
// CHECK-LABEL: llvm.mlir.global internal constant @fx_assert_msg_0("50%% first\0A\00")
// CHECK-NOT: llvm.mlir.global
// CHECK-DAG: llvm.func @_exit(i32)
// CHECK-DAG: llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32
// CHECK-DAG: llvm.func @fflush(!llvm.ptr) -> i32
// CHECK-LABEL: func.func @two_asserts
// CHECK-SAME: (%[[C:.*]]: i1, %[[D:.*]]: i1)
// CHECK: cf.cond_br %[[C]], ^[[OK:.*]], ^[[FAIL:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.call @fflush(%[[NULL]])
// CHECK: %[[MSG:.*]] = llvm.mlir.addressof @fx_assert_msg_0
// CHECK: %[[PTR:.*]] = llvm.getelementptr %[[MSG]]
// CHECK: %[[FD:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: llvm.call @dprintf(%[[FD]], %[[PTR]]) vararg(!llvm.func<i32 (i32, ptr, ...)>)
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.call @_exit(%[[ONE]])
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[OK]]:
// CHECK: cf.cond_br %[[D]]
// CHECK: llvm.mlir.addressof @fx_assert_msg_0
// CHECK-NOT: cf.assert
// CHECK: return
func.func @two_asserts(%c: i1, %d: i1) {
  cf.assert %c, "50% first"
  cf.assert %d, "50% first"
  return
}

// -----

// fx.assert: each `{}` is a `%lld` of the value as i64; `{{` is a brace.
// CHECK-LABEL: llvm.mlir.global internal constant @fx_assert_msg_0("shape '[%lld, 8]' is invalid {for} input of size %lld\0A\00")
// CHECK-LABEL: func.func @with_values
// CHECK-SAME: (%[[C:.*]]: i1, %[[N:.*]]: index, %[[M:.*]]: i32)
// CHECK: cf.cond_br %[[C]], ^[[OK:.*]], ^[[FAIL:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: %[[PTR:.*]] = llvm.getelementptr
// CHECK: %[[FD:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK: llvm.call @dprintf(%[[FD]], %[[PTR]], %[[N64]], %[[M64]]) vararg(!llvm.func<i32 (i32, ptr, ...)>) : (i32, !llvm.ptr, i64, i64) -> i32
// CHECK: llvm.call @_exit
// CHECK-NOT: fx.assert
func.func @with_values(%c: i1, %n: index, %m: i32) {
  fx.assert %c, "shape '[{}, 8]' is invalid {{for}} input of size {}" (%n, %m : index, i32)
  return
}

// -----

// Splitting the body of a structured op would break it.
func.func @in_loop(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'fx.assert' op cannot be lowered inside 'scf.for': run convert-scf-to-cf first}}
    fx.assert %c, "in a loop at {}" (%i : index)
    // expected-error @+1 {{'cf.assert' op cannot be lowered inside 'scf.for': run convert-scf-to-cf first}}
    cf.assert %c, "in a loop"
  }
  return
}

// -----

// Inside affine.for, convert-scf-to-cf alone cannot help: lower-affine makes
// the loop scf first.
func.func @in_affine_loop(%c: i1) {
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'fx.assert' op cannot be lowered inside 'affine.for': run lower-affine and convert-scf-to-cf first}}
    fx.assert %c, "in an affine loop at {}" (%i : index)
  }
  return
}

// -----

// A NUL of the text, as a message from Python may hold, is printed as the
// byte through `%c` with a 0, in its place among the values; it does not end
// the format early.
// CHECK-LABEL: llvm.mlir.global internal constant @fx_assert_msg_0("a%cb %lld c%c\0A\00")
// CHECK-LABEL: func.func @nul
// CHECK-SAME: (%[[C:.*]]: i1, %[[N:.*]]: i64)
// CHECK: %[[FD:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[Z1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[Z2:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: llvm.call @dprintf(%[[FD]], %{{.*}}, %[[Z1]], %[[N]], %[[Z2]]) vararg
func.func @nul(%c: i1, %n: i64) {
  fx.assert %c, "a\00b {} c\00" (%n : i64)
  return
}

// -----

// expected-error @below {{cannot declare fflush, dprintf and _exit for the run-time checks}}
module {
  // expected-error @+1 {{redefinition of function 'dprintf' of different type '!llvm.func<i32 (i32, ptr, ...)>' is prohibited}}
  llvm.func @dprintf(i32) -> i32
  func.func @clash(%c: i1) {
    cf.assert %c, "clash"
    return
  }
}

// -----

// A global of an earlier run keeps its format: the new one is named apart.
// CHECK-LABEL: llvm.mlir.global internal constant @fx_assert_msg_1("second\0A\00")
// CHECK: llvm.mlir.global internal constant @fx_assert_msg_0("first\0A\00")
// CHECK-LABEL: func.func @after_earlier_run
// CHECK: llvm.mlir.addressof @fx_assert_msg_1
// CHECK-NOT: llvm.mlir.addressof @fx_assert_msg_0
// CHECK: return
llvm.mlir.global internal constant @fx_assert_msg_0("first\0A\00") {addr_space = 0 : i32}
func.func @after_earlier_run(%c: i1) {
  cf.assert %c, "second"
  return
}
