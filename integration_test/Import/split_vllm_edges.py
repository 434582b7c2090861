# Three edges of split_graph against the installed vLLM 0.34.0's (issue 40
# part 4), each split module also run against the unsplit graph at 3, 6
# and 17 tokens (Inputs/vllm_oracle.py):
# - a call_method node named as a dunder of torch.Tensor (`__lt__`,
#   `__eq__`, `__iadd__`, ...), as Dynamo records one under flex_attention:
#   split as vLLM splits it, and decompose_size_nodes takes it too;
# - a get_attr that only the output uses (`return relu(sigmoid(a)), self.w`):
#   vLLM raises KeyError, fx-mlir splits it, the split module computing the
#   module's outputs;
# - a placeholder between two splitting ops in node order (a graph built by
#   hand, as the partition tests of engines that copied vLLM's split build
#   them): vLLM's walk tests it as the first op's `node.next`
#   (vllm/compilation/backends.py:590, 612), so the ops do not share a
#   piece: pieces 1* 3* 4, as vLLM gives them.
# REQUIRES: torch, vllm
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import operator
import sys

import torch
import torch.fx
from split_api import node, start_graph
from vllm_oracle import Oracle

from fx_mlir_import import decompose_size_nodes, split_graph

LIBRARY = sys.argv[1]
SIZES = (3, 6, 17)
LIB = torch.library.Library("splitedges", "DEF")
for name in ("attn", "kv"):
    LIB.define(f"{name}(Tensor q) -> Tensor")
    LIB.impl(name, lambda q: q * 2, "CPU")
    torch.library.register_fake(f"splitedges::{name}", torch.empty_like, lib=LIB)
ATTN, KV = torch.ops.splitedges.attn.default, torch.ops.splitedges.kv.default
OPS = ["splitedges::attn", "splitedges::kv"]
oracle = Oracle(library=LIBRARY)


def tokens(module, n):
    x = torch.arange(n * 8, dtype=torch.float32).reshape(n, 8) / 5 - 3
    return module(n, x)


# Dunders of torch.Tensor that take a tensor of the same shape, that take
# nothing, and the in-place ones (which return their receiver).
BINARY = ["__add__", "__div__", "__eq__", "__floordiv__", "__ge__", "__gt__", "__le__",
          "__lt__", "__mod__", "__mul__", "__ne__", "__pow__", "__radd__", "__rdiv__",
          "__rfloordiv__", "__rmod__", "__rmul__", "__rpow__", "__rsub__", "__rtruediv__",
          "__sub__", "__truediv__", "__iadd__", "__isub__", "__imul__", "__itruediv__",
          "__ifloordiv__", "__imod__", "__ipow__"]
UNARY = ["__abs__", "__neg__", "__pos__"]


def dunder_graph(method):
    """p = x.abs() + 1; d = p.<method>(p); attn(d) viewed as x.size(),
    the size taken before attn."""
    g, px, x = start_graph()
    positive = x.abs() + 1
    p = node(g, "call_function", operator.add,
             (node(g, "call_method", "abs", (px,), x.abs(), "abs"), 1), positive, "p")
    args = (p,) if method in UNARY else (p, p)
    value = getattr(positive.clone(), method)(*args[1:] and (positive,))
    d = node(g, "call_method", method, args, value, "d")
    size = node(g, "call_method", "size", (px,), x.shape, "size")
    a = node(g, "call_function", ATTN, (d,), value.clone(), "attn")
    view = node(g, "call_method", "view", (a, size), value.clone(), "view")
    g.output((view,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# CHECK-LABEL: dunder methods: 32, vLLM splits 32 as fx-mlir does, decompose_size_nodes computes the graph on 32
alike = decomposed = 0
for method in BINARY + UNARY:
    gm = dunder_graph(method)
    before = oracle.disagreements + oracle.failures
    oracle.compare(method, gm, OPS, tokens, SIZES)
    alike += oracle.disagreements + oracle.failures == before
    want = [tokens(gm, n) for n in SIZES]
    decompose_size_nodes(gm, library=LIBRARY)
    decomposed += all(torch.equal(w[0], tokens(gm, n)[0]) for w, n in zip(want, SIZES)) and \
        not any(n.target == "size" and len(n.args) == 1 for n in gm.graph.nodes)
print(f"dunder methods: {len(BINARY + UNARY)}, vLLM splits {alike} as fx-mlir does, "
      f"decompose_size_nodes computes the graph on {decomposed}")


class Weights(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.arange(3.0))

    def forward(self, a):
        return torch.ops.aten.relu.default(torch.ops.aten.sigmoid.default(a)), self.w


# CHECK-LABEL: get_attr by the output, aten::sigmoid: vLLM raised KeyError: 'w'
# CHECK-NEXT: get_attr by the output, aten::sigmoid: fx-mlir pieces 1* 2, computes the module: True
# CHECK-NEXT: get_attr by the output, aten::relu: vLLM raised KeyError: 'w'
# CHECK-NEXT: get_attr by the output, aten::relu: fx-mlir pieces 0 1*, computes the module: True
for op in ("aten::sigmoid", "aten::relu"):
    gm = torch.fx.symbolic_trace(Weights())
    title = f"get_attr by the output, {op}"
    oracle.compare(title, gm, [op], lambda m, n: m(torch.linspace(-2, 2, n)), SIZES)
    split_gm, items = oracle.ours
    module = Weights()
    same = all(torch.equal(a, b) for n in SIZES
               for a, b in zip(module(torch.linspace(-2, 2, n)), split_gm(torch.linspace(-2, 2, n))))
    print(f"{title}: fx-mlir pieces "
          f"{' '.join(f'{i.graph_id}{chr(42) * i.is_splitting_graph}' for i in items)}, "
          f"computes the module: {same}")


def placeholder_between(first_node):
    """relu(x) (unless not `first_node`), kv, a placeholder y, attn(y),
    neg: y sits between the two splitting ops."""
    g = torch.fx.Graph()
    n = g.placeholder("n")
    x = g.placeholder("x")
    r = g.call_function(torch.relu, (x,)) if first_node else x
    k = g.call_function(KV, (r,))
    y = g.placeholder("y")
    a = g.call_function(ATTN, (y,))
    g.output((g.call_function(torch.neg, (a,)), k, n))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# CHECK-LABEL: placeholder between, after relu: vLLM pieces 0 1* 3* 4: the same split
# CHECK-NEXT: placeholder between, first: vLLM pieces 1* 3* 4: the same split
for title, first_node in (("after relu", True), ("first", False)):
    oracle.compare(f"placeholder between, {title}", placeholder_between(first_node), OPS,
                   lambda m, n: m(n, torch.linspace(-2, 2, n), torch.linspace(0, 3, n)), SIZES)

# CHECK-LABEL: 36 runs, 2 disagree with vLLM, 0 failures
sys.exit(oracle.summary())
