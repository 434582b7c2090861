# Which nodes are splitting ops: fx_mlir_import.split_graph against the
# installed vLLM 0.34.0's split_graph (should_split in
# vllm/compilation/partition_rules.py:14-36), on deep copies of Dynamo graphs
# (torch.compile, dynamic shapes) and of a traced module with attributes
# named like the pieces. Compared per case: the SplitItems (name, graph id,
# is_splitting_graph) and the nodes of each piece; the split module must
# compute what the unsplit graph computes. A case that agrees prints
# "same", else both splits.
# REQUIRES: torch, vllm
# RUN: %preload_asan %python %s | FileCheck %s

import copy

import torch
from vllm.compilation.backends import split_graph as vllm_split_graph

from fx_mlir_import import FxImportError, split_graph



def dynamo_graph(fn, *args):
    """The one graph Dynamo captures of `fn`, its inputs' dims dynamic."""
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    torch.compile(fn, backend=backend, dynamic=True, fullgraph=True)(*args)
    (gm,) = graphs
    return gm


def pieces(items):
    return [(item.submod_name, item.graph_id, item.is_splitting_graph,
             [n.name for n in item.graph.graph.nodes if n.op not in ("placeholder", "output")])
            for item in items]


def compare(label, gm, splitting_ops, inputs):
    """Splits deep copies of `gm` with vLLM and fx-mlir; prints one line."""
    expected = gm(*inputs)
    theirs_gm, theirs = vllm_split_graph(copy.deepcopy(gm), copy.deepcopy(splitting_ops))
    try:
        ours_gm, ours = split_graph(copy.deepcopy(gm), splitting_ops)
    except FxImportError as e:
        print(f"{label}: fx-mlir raised: {e}")
        return
    for split_gm in (theirs_gm, ours_gm):
        assert all(torch.equal(a, b) for a, b in zip(split_gm(*inputs), expected))
    if pieces(ours) == pieces(theirs):
        print(f"{label}: same, pieces {' '.join(f'{i.graph_id}' + '*' * i.is_splitting_graph for i in ours)}")
    else:
        print(f"{label}: vLLM {pieces(theirs)}\n  fx-mlir {pieces(ours)}")


def aten_ops(x):
    """torch ops the importer models (view, reshape, _unsafe_view, slice),
    and ones vLLM's own tests split at (split.Tensor, sigmoid, sqrt)."""
    a = torch.ops.aten.sigmoid.default(x)
    b = torch.ops.aten.view.default(a, [x.shape[0] * 2, 4])
    c = torch.ops.aten.reshape.default(b, [x.shape[0], 8])
    d = torch.ops.aten._unsafe_view.default(c, [x.shape[0] * 8])
    e = torch.ops.aten.slice.Tensor(d, 0, 0, 4)
    f = torch.ops.aten.sqrt.default(e.abs())
    p, q = torch.ops.aten.split.Tensor(f, 2)
    return torch.ops.aten.add.Tensor(p, q)


x = torch.randn(6, 8)
gm = dynamo_graph(aten_ops, x)

# Modeled ops split as any torch op: by packet name, by `.default`, and a
# non-default overload by its full name only.
# CHECK-LABEL: // ----- modeled torch ops
# CHECK-NEXT: ['aten::view']: same, pieces 0 1* 2
# CHECK-NEXT: ['aten::view.default']: same, pieces 0 1* 2
# CHECK-NEXT: ['aten::reshape']: same, pieces 0 1* 2
# CHECK-NEXT: ['aten::_unsafe_view']: same, pieces 0 1* 2
# CHECK-NEXT: ['aten::slice.Tensor']: same, pieces 0 1* 2
# CHECK-NEXT: ['aten::slice']: same, pieces 0
# CHECK-NEXT: ['aten::view', 'aten::reshape', 'aten::_unsafe_view', 'aten::slice.Tensor']: same, pieces 0 1* 2 3* 4
# CHECK-NEXT: ['aten::split.Tensor', 'aten::sigmoid']: same, pieces 1* 2 3* 4
# CHECK-NEXT: ['aten::sqrt']: same, pieces 0 1* 2
# CHECK-NEXT: ['aten::add']: same, pieces 0
# CHECK-NEXT: ['aten::add.Tensor']: same, pieces 0 1*
print("// ----- modeled torch ops")
for ops in (["aten::view"], ["aten::view.default"], ["aten::reshape"], ["aten::_unsafe_view"],
            ["aten::slice.Tensor"], ["aten::slice"],
            ["aten::view", "aten::reshape", "aten::_unsafe_view", "aten::slice.Tensor"],
            ["aten::split.Tensor", "aten::sigmoid"], ["aten::sqrt"], ["aten::add"],
            ["aten::add.Tensor"]):
    compare(ops, gm, ops, [x.shape[0], x])

# Names are matched as they are: a name with a space, an empty one, one no
# op has, and an empty list split nothing; the graph is one piece.
# CHECK-LABEL: // ----- names as given
# CHECK-NEXT: [' aten::sqrt']: same, pieces 0
# CHECK-NEXT: ['aten::sqrt ']: same, pieces 0
# CHECK-NEXT: ['aten::sqrt\n']: same, pieces 0
# CHECK-NEXT: ['', 'aten::sqrt,aten::sigmoid']: same, pieces 0
# CHECK-NEXT: ['{aten::sqrt}', '"aten::sqrt"']: same, pieces 0
# CHECK-NEXT: []: same, pieces 0
# CHECK-NEXT: ('aten::sqrt',): same, pieces 0 1* 2
print("// ----- names as given")
for ops in ([" aten::sqrt"], ["aten::sqrt "], ["aten::sqrt\n"], ["", "aten::sqrt,aten::sigmoid"],
            ["{aten::sqrt}", '"aten::sqrt"'], [], ("aten::sqrt",)):
    compare(ops, gm, ops, [x.shape[0], x])

# A str: vLLM tests its substrings (partition_rules.py:26, 34), fx-mlir
# refuses it.
# CHECK-LABEL: // ----- a str
# CHECK-NEXT: 'aten::sqrt': fx-mlir raised: splitting_ops is the string 'aten::sqrt', not a list of op names; give ['aten::sqrt']
print("// ----- a str")
compare("'aten::sqrt'", gm, "aten::sqrt", [x.shape[0], x])


def methods(x):
    s = x.size()
    y = torch.sigmoid(x.relu().sigmoid())
    return y.view(s)[: s[0] // 2]


gm = dynamo_graph(methods, x)

# Only call_function nodes of torch ops split: not call_method sigmoid, relu
# or view, nor the function torch.sigmoid. The dims vLLM's size
# decomposition makes are aten.sym_size.int nodes, which do, by the
# overload's full name.
# CHECK-LABEL: // ----- methods and functions
# CHECK-NEXT: ['sigmoid']: same, pieces 0
# CHECK-NEXT: ['relu', 'view']: same, pieces 0
# CHECK-NEXT: ['torch.sigmoid']: same, pieces 0
# CHECK-NEXT: ['aten::sigmoid']: same, pieces 0
# CHECK-NEXT: ['aten::sym_size']: same, pieces 0
# CHECK-NEXT: ['aten::sym_size.int']: same, pieces 1* 2
print("// ----- methods and functions")
for ops in (["sigmoid"], ["relu", "view"], ["torch.sigmoid"], ["aten::sigmoid"],
            ["aten::sym_size"], ["aten::sym_size.int"]):
    compare(ops, gm, ops, [*x.shape, x])


class Attributes(torch.nn.Module):
    """Attributes named as split_module names its pieces."""

    def __init__(self):
        super().__init__()
        self.submod_1 = torch.nn.Linear(8, 8)
        self.submod_0 = torch.nn.Parameter(torch.randn(8))

    def forward(self, x):
        return torch.ops.aten.sigmoid.default(self.submod_1(x)) + self.submod_0


class Record(torch.fx.Interpreter):
    """Runs a traced graph, keeping each value as its node's example value."""

    def run_node(self, n):
        n.meta["example_value"] = super().run_node(n)
        return n.meta["example_value"]


gm = torch.fx.symbolic_trace(Attributes())
Record(gm).run(x)

# vLLM's split module keeps the attributes where its pieces should be, and
# calls them; fx-mlir refuses the graph.
# CHECK-LABEL: // ----- attributes named submod_<n>
# CHECK-NEXT: vLLM's split module raises TypeError: 'Parameter' object is not callable
# CHECK-NEXT: fx-mlir raised: node 'submod_1' uses attribute 'submod_1', a name torch.fx's split_module gives a piece; rename it
print("// ----- attributes named submod_<n>")
theirs_gm, _ = vllm_split_graph(copy.deepcopy(gm), ["aten::sigmoid"])
try:
    theirs_gm(x)
except TypeError as e:
    print(f"vLLM's split module raises TypeError: {e}")
try:
    split_graph(copy.deepcopy(gm), ["aten::sigmoid"])
except FxImportError as e:
    print(f"fx-mlir raised: {e}")
