// The map of a function whose ops carry no FX names (upstream IR): its
// pieces are listed all the same, without nodes of their own to name. An MLIR
// op name splits only with match-fx-targets.
// RUN: fx-opt %s --fx-split-graph='splitting-ops=linalg.matmul match-fx-targets=true map-file=%t.json' -o /dev/null
// RUN: FileCheck %s < %t.json
// CHECK:      "submod": "submod_0",
// CHECK-NEXT: "graph_id": 0,
// CHECK-NEXT: "splitting": false,
// CHECK-NEXT: "function": "f_submod_0",
// CHECK-NEXT: "nodes": [],
// CHECK-NEXT: "inputs": [],
// CHECK-NEXT: "outputs": [
// CHECK-NEXT: "tensor.empty"
// CHECK:      "submod": "submod_1",
// CHECK-NEXT: "graph_id": 1,
// CHECK-NEXT: "splitting": true,
// CHECK-NEXT: "function": "f_submod_1",
// CHECK-NEXT: "nodes": [],
// CHECK-NEXT: "inputs": [
// CHECK-NEXT: "%arg0",
// CHECK-NEXT: "tensor.empty"
// CHECK-NEXT: ],
// CHECK-NEXT: "outputs": [
// CHECK-NEXT: "linalg.matmul"
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = tensor.empty() : tensor<4x4xf32>
  %1 = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}
