# sym_shape_indices as vLLM's PiecewiseCompileInterpreter computes them (the
# positions of a piece's SymInt arguments): every compiled piece of the
# split module receives s0, since each receives a value whose shape
# mentions it (torch 2.x split_module's rule, which fx-split-graph follows).
# REQUIRES: torch
# RUN: %preload_asan %python %s | FileCheck %s


import torch
from split_api import attention_op, layers

from fx_mlir_import import split_graph


gm = layers(attention_op("splitapisym"))

split_gm, items = split_graph(gm, ["splitapisym::attn"])

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
