// map-file: fx-split-graph's node -> piece map, as JSON, keyed by FX node
// name: every node the importer made ops of, the getitems it folded, the
// dims fx-decompose-size made (by size node and dim) and the nodes that
// decomposition erased; the sizes fx-decompose-size decomposed, each dim
// static or a new node's graph id; each piece under vLLM's name with its
// inputs and outputs in order and its sym_shape_indices; what crosses each
// cut.
// RUN: fx-opt %s --fx-decompose-size='placement=after-producer' \
// RUN:   --fx-split-graph='splitting-ops=vllm::attn map-file=%t.json' -o /dev/null
// RUN: FileCheck %s < %t.json
// A map that cannot be written is the pass's error, whether the file cannot
// be opened or a write fails once it is (/dev/full), and no LLVM ERROR.
// RUN: not fx-opt %s --fx-split-graph='splitting-ops=vllm::attn map-file=%t.missing/map.json' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not fx-opt %s --fx-split-graph='splitting-ops=vllm::attn map-file=/dev/full' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL

// MISSING: error: fx-split-graph: cannot write '{{.*}}.missing/map.json': No such file or directory
// FULL-NOT: LLVM ERROR
// FULL: error: fx-split-graph: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR

// CHECK:      "function": "forward",
// CHECK-NEXT: "errors": [],
// CHECK-NEXT: "sizes": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "size",
// CHECK-NEXT: "static": [
// CHECK-NEXT: null,
// CHECK-NEXT: 8
// CHECK-NEXT: ],
// CHECK-NEXT: "graph_ids": [
// CHECK-NEXT: 0,
// CHECK-NEXT: -1
// CHECK-NEXT: ]
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK-NEXT: "pieces": [
// CHECK-NEXT: {
// CHECK-NEXT: "submod": "submod_0",
// CHECK-NEXT: "graph_id": 0,
// CHECK-NEXT: "splitting": false,
// CHECK-NEXT: "function": "forward_submod_0",
// CHECK-NEXT: "nodes": [
// CHECK-NEXT: "relu"
// CHECK-NEXT: ],
// CHECK-NEXT: "inputs": [
// CHECK-NEXT: "x",
// CHECK-NEXT: "s0"
// CHECK-NEXT: ],
// CHECK-NEXT: "outputs": [
// CHECK-NEXT: "relu",
// CHECK-NEXT: "sym_size(x, 0)"
// CHECK-NEXT: ],
// CHECK-NEXT: "sym_shape_indices": [
// CHECK-NEXT: 1
// CHECK-NEXT: ]
// CHECK:      "submod": "submod_1",
// CHECK-NEXT: "graph_id": 1,
// CHECK-NEXT: "splitting": true,
// CHECK-NEXT: "function": "forward_submod_1",
// CHECK-NEXT: "nodes": [
// CHECK-NEXT: "attn",
// CHECK-NEXT: "out",
// CHECK-NEXT: "lse"
// CHECK-NEXT: ],
// CHECK-NEXT: "inputs": [
// CHECK-NEXT: "relu",
// CHECK-NEXT: "s0"
// CHECK-NEXT: ],
// CHECK-NEXT: "outputs": [
// CHECK-NEXT: "out",
// CHECK-NEXT: "lse"
// CHECK-NEXT: ],
// CHECK:      "submod": "submod_2",
// CHECK:      "nodes": [
// CHECK-NEXT: "size",
// CHECK-NEXT: "getitem",
// CHECK-NEXT: "view",
// CHECK-NEXT: "add"
// CHECK-NEXT: ],
// CHECK-NEXT: "inputs": [
// CHECK-NEXT: "out",
// CHECK-NEXT: "s0",
// CHECK-NEXT: "sym_size(x, 0)"
// CHECK-NEXT: ],
// CHECK-NEXT: "outputs": [
// CHECK-NEXT: "add"
// CHECK-NEXT: ],
// CHECK-NEXT: "sym_shape_indices": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 2
// CHECK-NEXT: ]
// CHECK:      "nodes": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "size",
// CHECK-NEXT: "submod": "submod_0",
// CHECK-NEXT: "dim": 0
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "relu",
// CHECK-NEXT: "submod": "submod_0"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "attn",
// CHECK-NEXT: "submod": "submod_1"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "out",
// CHECK-NEXT: "submod": "submod_1",
// CHECK-NEXT: "folded": true
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "lse",
// CHECK-NEXT: "submod": "submod_1",
// CHECK-NEXT: "folded": true
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "size",
// CHECK-NEXT: "submod": "submod_2",
// CHECK-NEXT: "erased": true
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "getitem",
// CHECK-NEXT: "submod": "submod_2",
// CHECK-NEXT: "erased": true
// CHECK-NEXT: },
// CHECK:      "cuts": [
// CHECK-NEXT: {
// CHECK-NEXT: "before": "submod_0",
// CHECK-NEXT: "after": "submod_1",
// CHECK-NEXT: "crosses": [
// CHECK-NEXT: {
// CHECK-NEXT: "value": "relu",
// CHECK-NEXT: "type": "tensor<?x8xf32>"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "value": "sym_size(x, 0)",
// CHECK-NEXT: "type": "index"

func.func @forward(%s0: index {fx.symbol = "s0"} loc("s0"),
                   %x: tensor<?x8xf32> {fx.dim_symbols = ["s0", ""]} loc("x")) -> (tensor<?x8xf32>, tensor<?xf32>)
    attributes {fx.folded = [["out", "attn", 0, "attn"], ["lse", "attn", 1, "out"]],
                fx.symbols = {"relu" = [["s0", ""]], "attn" = [["s0", ""], ["s0"]]}} {
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("relu")
  %attn:2 = fx.node "call_function" "torch.ops.vllm.attn.default"(%relu) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?xf32>) loc("attn")
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("size")
  %n = fx.getitem %size[0] : !fx.size<2> loc("getitem")
  %view = fx.view %attn#0, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32> loc("view")
  %add = fx.node "call_function" "torch.add"(%view, %n) : (tensor<?x8xf32>, index) -> tensor<?x8xf32> loc("add")
  return %add, %attn#1 : tensor<?x8xf32>, tensor<?xf32>
}
