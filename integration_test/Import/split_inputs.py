# What split_graph takes: a `gm` that is not a GraphModule, a `stats` that
# is not a mapping and a `library` that is not a path are one
# FxImportError line each; a `stats` mapping that raises while it is
# written leaves `gm` as it was (the same code, nodes and meta) and raises
# what it raised. A get_attr of a nested submodule's parameter or buffer
# (`inner.w`, as symbolic_trace and torch.export(...).module() write it)
# splits, and the split module computes what the module computes.
# REQUIRES: torch
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import sys

import torch
from split_api import start_graph
from split_sizes import ATTN, OPS

from fx_mlir_import import FxImportError, split_graph

LIBRARY = sys.argv[1]


def refused(**kwargs):
    try:
        split_graph(**kwargs)
    except FxImportError as e:
        return f"refused: {e}"
    return "split"


class Inner(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.linspace(0.5, 2.0, 8))
        self.register_buffer("b", torch.linspace(-1.0, 1.0, 8))


class Outer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return ATTN(x * self.inner.w) + self.inner.b


def traced():
    return torch.fx.symbolic_trace(Outer())


# CHECK-LABEL: not a GraphModule: refused: split_graph takes a torch.fx.GraphModule, not Outer
# CHECK-NEXT: stats a list: refused: stats must be a dict, not list
# CHECK-NEXT: library an int: refused: library must be a path, not int
print("not a GraphModule:", refused(gm=Outer(), splitting_ops=OPS, library=LIBRARY))
print("stats a list:", refused(gm=traced(), splitting_ops=OPS, stats=[], library=LIBRARY))
print("library an int:", refused(gm=traced(), splitting_ops=OPS, library=3))


class Raising(dict):
    def __setitem__(self, key, value):
        raise RuntimeError(f"cannot record {key}")


def snapshot(gm):
    return gm.code, [(n.name, n.op, n.target, repr(n.args), repr(n.kwargs), dict(n.meta))
                     for n in gm.graph.nodes]


def sized():
    """y = x.view(x.size()) around the attention: a size to decompose."""
    g, px, x = start_graph()
    size = g.call_method("size", (px,))
    size.meta["example_value"] = x.shape
    attn = g.call_function(ATTN, (px,))
    attn.meta["example_value"] = x
    view = g.call_method("view", (attn, size))
    view.meta["example_value"] = x
    g.output((view,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# CHECK-LABEL: stats raises: RuntimeError: cannot record import
# CHECK-NEXT: gm unchanged: True
gm = sized()
before = snapshot(gm)
try:
    split_graph(gm, OPS, stats=Raising(), library=LIBRARY)
except RuntimeError as e:
    print(f"stats raises: {type(e).__name__}: {e}")
print("gm unchanged:", snapshot(gm) == before)

# CHECK-LABEL: symbolic_trace, nested get_attr: 3 pieces, computes the module: True
# CHECK-NEXT: export, nested get_attr: 3 pieces, computes the module: True
module = Outer()
x = torch.randn(5, 8)
split_gm, items = split_graph(torch.fx.symbolic_trace(module), OPS, library=LIBRARY)
print(f"symbolic_trace, nested get_attr: {len(items)} pieces, computes the module:",
      torch.equal(split_gm(x), module(x)))
exported = torch.export.export(module, (x,)).module()
split_gm, items = split_graph(exported, OPS, library=LIBRARY)
print(f"export, nested get_attr: {len(items)} pieces, computes the module:",
      torch.equal(split_gm(x)[0], module(x)))
