# sym_shape_indices as vLLM's PiecewiseCompileInterpreter computes them (the
# positions of a piece's SymInt arguments): every compiled piece of the
# split module receives s0, since each receives a value whose shape
# mentions it (torch 2.x split_module's rule, which fx-split-graph follows).
# REQUIRES: torch
# RUN: %python %s %fx_obj_root/bin/fx-opt | FileCheck %s

import sys

import torch
import torch.fx
from split_api import attention_op, node, start_graph

from fx_mlir_import import split_graph

# The fx-opt of the build under test.
FX_OPT = sys.argv[1]

attn_op = attention_op("splitapisym")
g, px, x = start_graph()
h = px
for layer in range(3):
    h = node(g, "call_function", torch.relu, (h,), x, f"relu_{layer}")
    h = node(g, "call_function", attn_op, (h,), x, f"attn_{layer}")
h = node(g, "call_function", torch.neg, (h,), x, "neg")
g.output((h,))
gm = torch.fx.GraphModule(torch.nn.Module(), g)

split_gm, items = split_graph(gm, ["splitapisym::attn"], fx_opt=FX_OPT)

# CHECK: submod_0 [1]
# CHECK-NEXT: submod_2 [1]
# CHECK-NEXT: submod_4 [1]
# CHECK-NEXT: submod_6 [1]
for item in items:
    if item.is_splitting_graph:
        continue
    placeholders = [n for n in item.graph.graph.nodes if n.op == "placeholder"]
    print(item.submod_name, [i for i, n in enumerate(placeholders)
                             if isinstance(n.meta.get("example_value"), torch.SymInt)])
