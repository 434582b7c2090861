// report-file: what emit-remarks says, one JSON object per size op, for
// fx-import --check to read. Function passes run in parallel; each line is
// written whole.
// RUN: rm -f %t.jsonl
// RUN: fx-opt %s --pass-pipeline='builtin.module(func.func(fx-decompose-size{report-file=%t.jsonl}))' -o /dev/null
// RUN: FileCheck %s < %t.jsonl
// RUN: not fx-opt %s --fx-decompose-size=report-file=%t.missing/report.jsonl -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNWRITABLE
// A write that fails once the file is open is the pass's error too, not an
// LLVM ERROR from the stream's destructor.
// RUN: not fx-opt %s --fx-decompose-size=report-file=/dev/full -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FULL
// RUN: not fx-opt %s --fx-decompose-size=placement=elsewhere -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLACEMENT

// CHECK-DAG: {"node":"s","action":"decomposed","dims":[-1,8]}
// CHECK-DAG: {"node":"dead","action":"erased"}
// CHECK-DAG: {"node":"n","action":"left-alone","reason":"with-dim"}
// CHECK-DAG: {"node":"k","action":"left-alone","reason":"sym-size"}
// CHECK-DAG: {"node":"us","action":"left-alone","reason":"unranked"}
// CHECK-DAG: {"node":"rs","action":"decomposed","dims":[]}
// CHECK-DAG: {"node":"t","action":"decomposed","dims":[3]}
// UNWRITABLE: error: cannot write '{{.*}}report.jsonl': No such file or directory
// FULL-NOT: LLVM ERROR
// FULL: error: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR
// PLACEMENT: fx-decompose-size: placement must be in-place or after-producer, got 'elsewhere'

func.func @report(%x: tensor<?x8xf32>, %u: tensor<*xf32>, %r: tensor<f32>) -> (!fx.size<2>, index, index, !fx.size<3>, !fx.size<0>) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("s")
  %dead = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("dead")
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("n")
  %k = fx.sym_size %x, dim = -1 : tensor<?x8xf32> loc("k")
  %us = fx.size %u : tensor<*xf32> -> !fx.size<3> loc("us")
  %rs = fx.size %r : tensor<f32> -> !fx.size<0> loc("rs")
  return %s, %n, %k, %us, %rs : !fx.size<2>, index, index, !fx.size<3>, !fx.size<0>
}

func.func @other(%y: tensor<3xf32>) -> !fx.size<1> {
  %t = fx.size %y : tensor<3xf32> -> !fx.size<1> loc("t")
  return %t : !fx.size<1>
}
