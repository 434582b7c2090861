# fx-split-graph copies a torch.Size built of dims, and an int taken out of
# one, into each piece that uses it rather than passing it, and its caller
# keeps what the return uses: the decision names those nodes
# (fxMlirSplitDecisionGetPieceRecomputed, GetReturnRecomputed), and
# split_graph copies exactly those. Here head = x.size()[:1] and n = head[0]
# are made before the attention op; a view by head before it, a view by head
# and a product by n after it, and head itself is returned. No piece
# receives or returns a torch.Size, only the dim crosses, and the split
# module computes what the unsplit graph computes at 3, 6 and 17 tokens.
# REQUIRES: torch
# RUN: %preload_asan %python %s | FileCheck %s

import copy
import operator

import torch
import torch.fx
from split_api import node, start_graph
from split_sizes import ATTN, OPS, inputs

from fx_mlir_import import split_graph


def graph():
    g, px, x = start_graph()
    size = node(g, "call_method", "size", (px,), x.shape, "size")
    head = node(g, "call_function", operator.getitem, (size, slice(None, 1)), x.shape[:1],
                "head")
    n = node(g, "call_function", operator.getitem, (head, 0), x.shape[0], "n")
    early = node(g, "call_method", "sum", (px, 1), x.sum(1), "early")
    before = node(g, "call_method", "view", (early, head), x.sum(1), "before")
    attn = node(g, "call_function", ATTN, (px,), x, "attn")
    total = node(g, "call_method", "sum", (attn, 1), x.sum(1), "total")
    after = node(g, "call_method", "view", (total, head), x.sum(1), "after")
    scaled = node(g, "call_function", operator.mul, (after, n), x.sum(1), "scaled")
    g.output((before, scaled, head))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def kinds(values):
    return " ".join(type(v).__name__ for v in values)


gm = graph()
unsplit = copy.deepcopy(gm)
split_gm, items = split_graph(gm, OPS)
for item in items:
    piece = item.graph.graph
    inputs_ = [n.meta.get("example_value") for n in piece.find_nodes(op="placeholder")]
    (output,) = piece.find_nodes(op="output")
    outputs = [n.meta.get("example_value") for n in output.args[0]]
    print(f"{item.submod_name}: in {kinds(inputs_)}; out {kinds(outputs)}")
    print("  " + " ".join(n.name for n in piece.nodes if n.op not in ("placeholder", "output")))
made = [n.name for n in split_gm.graph.nodes if n.op == "call_function"
        and not (n.target is operator.getitem and n.args[0].op == "call_module")]
print("split module:", " ".join(made))
runs = [inputs(unsplit, t) for t in (3, 6, 17)]
print("computes the unsplit graph:",
      all(all(torch.equal(a, b) if isinstance(a, torch.Tensor) else a == b
              for a, b in zip(unsplit(*args), split_gm(*args))) for args in runs))

# Piece 2 computes head and n again from the dim; piece 0 keeps its own head
# for its view and returns the dim, not the torch.Size.
# CHECK:      submod_0: in FakeTensor SymInt; out SymInt FakeTensor
# CHECK-NEXT:   sym_size_int size getitem sum_1 view
# CHECK-NEXT: submod_1: in FakeTensor SymInt; out FakeTensor
# CHECK:      submod_2: in FakeTensor SymInt SymInt; out FakeTensor
# CHECK-NEXT:   sum_1 size getitem view getitem_1 mul
# The split module builds the returned slice from the dim.
# CHECK-NEXT: split module: size getitem_{{[0-9]+}}{{$}}
# CHECK-NEXT: computes the unsplit graph: True
