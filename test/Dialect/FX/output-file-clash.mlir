// One file for two passes' outputs: fx-split-graph's map-file overwrites the
// file, so a report-file or another map-file at its path would lose records.
// The clash is an error when the passes are initialized, before either
// writes, whatever the spelling of the path.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not fx-opt %s -o /dev/null --pass-pipeline='builtin.module(func.func(fx-decompose-size{report-file=%t/out.json}),fx-split-graph{splitting-ops=vllm::attn map-file=%t/out.json})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPORT -DPATH=%t/out.json
// RUN: test ! -e %t/out.json
// RUN: not fx-opt %s -o /dev/null --pass-pipeline='builtin.module(fx-split-graph{map-file=%t/out.json},fx-split-graph{map-file=%t/../%basename_t.tmp/./out.json})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MAP -DPATH=%t/../%basename_t.tmp/./out.json
// Reports append: two share a file, and each keeps its records.
// RUN: fx-opt %s -o /dev/null --pass-pipeline='builtin.module(func.func(fx-decompose-size{report-file=%t/report.json}),func.func(fx-decompose-size{report-file=%t/report.json}))'
// RUN: FileCheck %s --check-prefix=APPEND < %t/report.json
// Each pass its own file: no clash.
// RUN: fx-opt %s -o /dev/null --pass-pipeline='builtin.module(func.func(fx-decompose-size{report-file=%t/r.json}),fx-split-graph{splitting-ops=vllm::attn map-file=%t/m.json})'
// RUN: FileCheck %s --check-prefix=ALONE < %t/r.json
// RUN: FileCheck %s --check-prefix=ALONE-MAP < %t/m.json

// REPORT: error: fx-split-graph{map-file} '[[PATH]]' is also fx-decompose-size{report-file}'s file, and one would overwrite the other's records; give each its own file
// MAP: error: fx-split-graph{map-file} '[[PATH]]' is also fx-split-graph{map-file}'s file, and one would overwrite the other's records; give each its own file
// APPEND: {"node":"size","action":"decomposed","dims":[-1,8]}
// APPEND-NEXT: {"node":"","action":"left-alone","reason":"sym-size"}
// ALONE: {"node":"size","action":"decomposed","dims":[-1,8]}
// ALONE-MAP: "functions": [

func.func @forward(%x: tensor<?x8xf32> loc("x")) -> tensor<?x8xf32> {
  %attn = fx.node "call_function" "torch.ops.vllm.attn.default"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("attn")
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("size")
  %view = fx.view %attn, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32> loc("view")
  return %view : tensor<?x8xf32>
}
