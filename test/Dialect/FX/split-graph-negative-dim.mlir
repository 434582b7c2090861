// A value named by the fx.sym_size that reads it keeps its dim as written: a
// negative dim prints signed, as torch.fx prints the node's argument.
// RUN: fx-opt %s --fx-split-graph='emit-remarks' -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: loc("attn"): piece 1 (splitting): @forward_submod_1; nodes: attn; receives: x, sym_size(x, -1); returns: attn
// CHECK: remark: cut between piece 0 and piece 1: crosses: sym_size(x, -1) ('index')
// CHECK-NOT: 18446744073709551615

func.func @forward(%x: tensor<*xf32> loc("x")) -> tensor<*xf32> {
  %d = fx.sym_size %x, dim = -1 : tensor<*xf32> loc("d")
  %attn = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%x, %d) : (tensor<*xf32>, index) -> tensor<*xf32> loc("attn")
  return %attn : tensor<*xf32>
}
