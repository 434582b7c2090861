// fx-to-llvm runs on the module. Anchored on another op it is an error of the
// pipeline text, as a pass of the wrong op is, not a fatal error that kills
// the process parsing it (fx-fuzz-runner found it: fuzz/runner).
// RUN: not fx-opt %s --pass-pipeline='builtin.module(func.func(fx-to-llvm))' 2>&1 \
// RUN:   | FileCheck %s
// RUN: not fx-opt %s --pass-pipeline='builtin.2odule(fx-to-llvm)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNREGISTERED
// RUN: not fx-opt %s --pass-pipeline='builtin.module(fx-to-llvm{x=1})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTIONS
// RUN: fx-opt %s --pass-pipeline='builtin.module(fx-to-llvm)' | FileCheck %s --check-prefix=MODULE

// CHECK: error: fx-to-llvm runs on 'builtin.module', not on 'func.func'
// CHECK-NOT: LLVM ERROR
// UNREGISTERED: error: fx-to-llvm runs on 'builtin.module', not on 'builtin.2odule'
// UNREGISTERED-NOT: LLVM ERROR
// OPTIONS: failed to add `fx-to-llvm` with options `x=1`
// OPTIONS-NOT: LLVM ERROR

// MODULE-LABEL: llvm.func @f()
// MODULE-NOT: func.func
func.func @f() {
  return
}
