"""torch.compile-style graphs, built by hand as Dynamo hands them to a
backend: every node carries meta['example_value'] (a FakeTensor whose dims
may be SymInts), symbolic sizes are also torch.SymInt placeholders, and there
are no example inputs. The SymInts come from `symbolic.symint` and the
tensors from a FakeTensorMode over the same ShapeEnv.

Each function returns the GraphModule alone, so that
`fx_import.py compile_graphs.py:lora_regression` imports it from metadata.
"""

import operator

import torch
import torch.fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from symbolic import symint


def _node(graph, op, target, args, value, name=None):
    node = graph.create_node(op, target, args, name=name)
    node.meta["example_value"] = value
    return node


def lora_regression():
    """The graph of the crash: x of shape (s0, 8); x.size(0) is the stop of a
    slice of token_lora_mapping."""
    env = ShapeEnv()
    s0 = symint(env, "s0", 5)
    with FakeTensorMode(shape_env=env):
        x = torch.empty(s0, 8)
        mapping = torch.empty(16, dtype=torch.int64)
        sliced = torch.empty(s0, dtype=torch.int64)
        y = torch.empty(s0, 8)
    g = torch.fx.Graph()
    p_s0 = _node(g, "placeholder", "s0", (), s0, name="s0")
    p_x = _node(g, "placeholder", "x", (), x, name="x")
    p_map = _node(g, "placeholder", "token_lora_mapping", (), mapping, name="token_lora_mapping")
    size = _node(g, "call_method", "size", (p_x, 0), s0, name="size_1")
    getitem = _node(g, "call_function", operator.getitem,
                    (p_map, slice(None, size, None)), sliced, name="getitem")
    relu = _node(g, "call_function", torch.relu, (p_x,), y, name="relu")
    g.output((relu, getitem))
    del p_s0
    return torch.fx.GraphModule(torch.nn.Module(), g)


def moe():
    """The MoE pattern: orig_shape = h.shape; h = moe(h); h.view(orig_shape),
    with h of shape (s0, s1, 16) flattened to tokens for the experts."""
    env = ShapeEnv()
    s0 = symint(env, "s0", 2)
    s1 = symint(env, "s1", 7)
    with FakeTensorMode(shape_env=env):
        h = torch.empty(s0, s1, 16)
        tokens = torch.empty(s0 * s1, 16)
    g = torch.fx.Graph()
    _node(g, "placeholder", "s0", (), s0, name="s0")
    _node(g, "placeholder", "s1", (), s1, name="s1")
    p_h = _node(g, "placeholder", "h", (), h, name="l_h_")
    shape = _node(g, "call_function", getattr, (p_h, "shape"), h.shape, name="orig_shape")
    hidden = _node(g, "call_function", operator.getitem, (shape, -1), 16, name="hidden")
    flat = _node(g, "call_method", "view", (p_h, -1, hidden), tokens, name="flat")
    experts = _node(g, "call_function", torch.ops.aten.relu.default, (flat,), tokens,
                    name="experts")
    out = _node(g, "call_method", "view", (experts, shape), h, name="out")
    g.output((out,))
    return torch.fx.GraphModule(torch.nn.Module(), g)
