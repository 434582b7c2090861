"""Pieces of the split_graph tests (test/Import/split_api_*.py): a
torch.library stand-in for an attention op, and the start of a Dynamo-style
graph with a SymInt placeholder s0 and x of shape (s0, 8)."""

import torch
import torch.fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from compile_graphs import _node as node

_LIBRARIES = []


def attention_op(namespace):
    """torch.ops.<namespace>.attn.default: q -> q * 2."""
    lib = torch.library.Library(namespace, "DEF")
    lib.define("attn(Tensor q) -> Tensor")
    lib.impl("attn", lambda q: q * 2, "CPU")
    _LIBRARIES.append(lib)  # the op lives as long as its library
    return getattr(torch.ops, namespace).attn.default


def start_graph():
    """(graph, x node, fake x) with placeholders s0 and x of shape (s0, 8)."""
    env = ShapeEnv()
    s0 = env.create_symint("s0", 5)
    with FakeTensorMode():
        x = torch.empty(s0, 8)
    g = torch.fx.Graph()
    node(g, "placeholder", "s0", (), s0, "s0")
    return g, node(g, "placeholder", "x", (), x, "x"), x
