// emit-remarks reports each piece and what crosses each cut, in FX node
// names (the importer's locations); the importer's --check reads the same
// from the map (map-file). A dim of a decomposed x.size() is named by what
// it reads, sym_size(x, 0).
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size --fx-split-graph='emit-remarks' -o /dev/null 2>&1 | FileCheck %s
// Without the option, the pass says nothing.
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size --fx-split-graph -o /dev/null 2>&1 | count 0

// CHECK: remark: loc("relu"): piece 0: @forward_submod_0; nodes: relu, sym_size; receives: x, s0; returns: relu, sym_size(x, 0)
// CHECK-NEXT: remark: loc("attn"): piece 1 (splitting): @forward_submod_1; nodes: attn, attn_1; receives: relu; returns: attn_1
// CHECK-NEXT: remark: loc("view"): piece 2: @forward_submod_2; nodes: getitem, view, add; receives: attn_1, sym_size(x, 0), s0, x; returns: add
// CHECK-NEXT: remark: loc("split"): piece 3 (splitting): @forward_submod_3; nodes: split; receives: add; returns: split[0], split[1]
// CHECK-NEXT: remark: loc("cat"): piece 4: @forward_submod_4; nodes: cat; receives: split[0], split[1]; returns: cat
// CHECK: remark: cut between piece 0 and piece 1: crosses: relu ('tensor<?x8xf32>'), sym_size(x, 0) ('index')
// CHECK: remark: cut between piece 1 and piece 2: crosses: attn_1 ('tensor<?x8xf32>'), sym_size(x, 0) ('index')
// CHECK: remark: cut between piece 2 and piece 3: crosses: add ('tensor<?x8xf32>')
// CHECK: remark: cut between piece 3 and piece 4: crosses: split[0] ('tensor<?x8xf32>'), split[1] ('tensor<?x8xf32>')
// CHECK-NOT: remark

func.func @forward(%s0: index {fx.symbol = "s0"} loc("s0"),
                   %x: tensor<?x8xf32> {fx.dim_symbols = ["s0", ""]} loc("x"))
    -> (tensor<?x16xf32>) {
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("relu")
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("sym_size")
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%relu) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("attn")
  %attn_1 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%attn) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("attn_1")
  %getitem = fx.getitem %size[0] : !fx.size<2> loc("getitem")
  %view = fx.view %attn_1, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32> loc("view")
  %add = fx.node "call_function" "torch.add"(%view, %x, %getitem) : (tensor<?x8xf32>, tensor<?x8xf32>, index) -> tensor<?x8xf32> loc("add")
  %split:2 = fx.node "call_function" "torch.ops.vllm.unified_kv_cache_update"(%add) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) loc("split")
  %cat = fx.node "call_function" "torch.cat"(%split#0, %split#1) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x16xf32> loc("cat")
  return %cat : tensor<?x16xf32>
}
