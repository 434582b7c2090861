# sym_shape_indices as vLLM's PiecewiseCompileInterpreter computes them (the
# positions of a piece's SymInt arguments): every compiled piece of the
# split module receives s0, since each receives a value whose shape
# mentions it (torch 2.x split_module's rule, which fx-split-graph follows).
# The map's sym_shape_indices say the same.
# REQUIRES: torch, fx-split-module
# RUN: %PYTHON %s | FileCheck %s

import torch
import torch.fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from fx_mlir_import import split_graph
from fx_mlir_import.types import is_symint

lib = torch.library.Library("splitapisym", "DEF")
lib.define("attn(Tensor q) -> Tensor")
lib.impl("attn", lambda q: q * 2, "CPU")


def node(g, op, target, args, value, name):
    n = g.create_node(op, target, args, name=name)
    n.meta["example_value"] = value
    return n


env = ShapeEnv()
s0 = env.create_symint("s0", 5)
with FakeTensorMode():
    x = torch.empty(s0, 8)
g = torch.fx.Graph()
node(g, "placeholder", "s0", (), s0, "s0")
px = node(g, "placeholder", "x", (), x, "x")
h = px
for layer in range(3):
    h = node(g, "call_function", torch.relu, (h,), x, f"relu_{layer}")
    h = node(g, "call_function", torch.ops.splitapisym.attn.default, (h,), x, f"attn_{layer}")
h = node(g, "call_function", torch.neg, (h,), x, "neg")
g.output((h,))
gm = torch.fx.GraphModule(torch.nn.Module(), g)

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
                             if is_symint(n.meta.get("example_value"))])
