"""Pieces of the split_graph tests (integration_test/Import/split_*.py): a
torch.library stand-in for an attention op, the start of a Dynamo-style
graph with a SymInt placeholder s0 and x of shape (s0, 8), graphs built on
them, a recorder of split_graph's builds of the pieces, and the comparison
of a build with torch's split_module."""

import contextlib
import operator

import torch
import torch.fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx._lazy_graph_module import _use_lazy_graph_module
from torch.fx.experimental.symbolic_shapes import ShapeEnv
from torch.fx.passes.split_module import split_module

from symbolic import symint

from fx_mlir_import import pieces as fx_pieces


def node(graph, op, target, args, value, name):
    """A node of `graph` with its fake value as Dynamo records it."""
    made = graph.create_node(op, target, args, name=name)
    made.meta["example_value"] = value
    return made


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
    s0 = symint(env, "s0", 5)
    with FakeTensorMode(shape_env=env):
        x = torch.empty(s0, 8)
    g = torch.fx.Graph()
    node(g, "placeholder", "s0", (), s0, "s0")
    return g, node(g, "placeholder", "x", (), x, "x"), x


def float_crosses(attn_op):
    """A float (x.mean().item()) computed before `attn_op` and used after
    it: a scalar, which crosses the cut as vLLM passes it. Returns the
    GraphModule."""
    g, px, x = start_graph()
    mean = node(g, "call_method", "mean", (px,), 0.5, "mean")
    attn = node(g, "call_function", attn_op, (px,), x, "attn")
    mul = node(g, "call_function", operator.mul, (attn, mean), x, "mul")
    g.output((mul,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def shape_of(t):
    """x.shape through a function of the user's, which no size
    decomposition sees through."""
    return t.shape


def size_crosses(attn_op):
    """A torch.Size returned by shape_of(x) before `attn_op` and viewed to
    after it: no size node has its dims, so a split there must be refused.
    Returns the GraphModule."""
    g, px, x = start_graph()
    shape = node(g, "call_function", shape_of, (px,), x.shape, "shape")
    attn = node(g, "call_function", attn_op, (px,), x, "attn")
    view = node(g, "call_method", "view", (attn, shape), x, "view")
    g.output((view,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def tuple_attention():
    """Two tuple-returning attention ops, `out, lse = attn(q)`, the second
    on the first's output, then `out2.view(out2.size()) + x`: returns the
    GraphModule (fx_import.py's MODULE:FUNCTION form)."""
    lib = torch.library.Library("splitapi", "DEF")
    lib.define("attn(Tensor q) -> (Tensor, Tensor)")
    lib.impl("attn", lambda q: (q * 2 + 1, q.sum(-1)), "CPU")
    _LIBRARIES.append(lib)
    attn_op = torch.ops.splitapi.attn.default
    g, px, x = start_graph()
    with FakeTensorMode():
        lse = torch.empty(x.shape[0])
    relu = node(g, "call_function", torch.relu, (px,), x, "relu")
    attn = node(g, "call_function", attn_op, (relu,), (x, lse), "attn")
    out = node(g, "call_function", operator.getitem, (attn, 0), x, "getitem")
    lse0 = node(g, "call_function", operator.getitem, (attn, 1), lse, "getitem_1")
    attn2 = node(g, "call_function", attn_op, (out,), (x, lse), "attn_1")
    out2 = node(g, "call_function", operator.getitem, (attn2, 0), x, "getitem_2")
    size = node(g, "call_method", "size", (out2,), x.shape, "size")
    view = node(g, "call_method", "view", (out2, size), x, "view")
    add = node(g, "call_function", operator.add, (view, px), x, "add")
    g.output((add, lse0))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def with_buffer(attn_op):
    """`(x * scale).attn + scale` where scale is a buffer of the module, read
    by a get_attr node: returns the GraphModule."""
    g, px, x = start_graph()
    with FakeTensorMode():
        fake_scale = torch.empty(8)
    scale = node(g, "get_attr", "scale", (), fake_scale, "scale")
    mul = node(g, "call_function", operator.mul, (px, scale), x, "mul")
    attn = node(g, "call_function", attn_op, (mul,), x, "attn")
    add = node(g, "call_function", operator.add, (attn, scale), x, "add")
    g.output((add,))
    root = torch.nn.Module()
    root.register_buffer("scale", torch.linspace(0.5, 2.0, 8))
    return torch.fx.GraphModule(root, g)


def grad_region(attn_op):
    """`x * w`, `attn_op`, `+ w` between torch._C._set_grad_enabled(False)
    and (True), as Dynamo records a torch.no_grad() block; w is a third
    placeholder of shape (8,). Returns the GraphModule."""
    g, px, x = start_graph()
    with FakeTensorMode():
        fake_w = torch.empty(8)
    pw = node(g, "placeholder", "w", (), fake_w, "w")
    node(g, "call_function", torch._C._set_grad_enabled, (False,), None, "set_grad_enabled")
    mul = node(g, "call_function", operator.mul, (px, pw), x, "mul")
    attn = node(g, "call_function", attn_op, (mul,), x, "attn")
    add = node(g, "call_function", operator.add, (attn, pw), x, "add")
    node(g, "call_function", torch._C._set_grad_enabled, (True,), None, "set_grad_enabled_1")
    g.output((add,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def layers(attn_op, count=3):
    """`count` layers of relu then `attn_op`, then neg (split_api_symint.py):
    every piece reads a tensor of s0 rows. Returns the GraphModule."""
    g, px, x = start_graph()
    h = px
    for layer in range(count):
        h = node(g, "call_function", torch.relu, (h,), x, f"relu_{layer}")
        h = node(g, "call_function", attn_op, (h,), x, f"attn_{layer}")
    h = node(g, "call_function", torch.neg, (h,), x, "neg")
    g.output((h,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# The odd graphs of split_refusals_returns_threads.py; each returns the
# GraphModule.


def size_and_shape(attn_op):
    """`attn_op(x).view(x.size()).reshape(shape_of(x))`: the size is
    decomposed, the torch.Size of shape_of crosses the cut."""
    g, px, x = start_graph()
    size = node(g, "call_method", "size", (px,), x.shape, "size")
    shape = node(g, "call_function", shape_of, (px,), x.shape, "shape")
    attn = node(g, "call_function", attn_op, (px,), x, "attn")
    view = node(g, "call_method", "view", (attn, size), x, "view")
    reshaped = node(g, "call_method", "reshape", (view, shape), x, "reshaped")
    g.output((reshaped,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def without_s0(attn_op):
    """`attn_op(x).view(x.size())` with x's s0 in no SymInt placeholder:
    x is the only input."""
    g, px, x = start_graph()
    g.erase_node(next(iter(g.nodes)))
    size = node(g, "call_method", "size", (px,), x.shape, "size")
    attn = node(g, "call_function", attn_op, (px,), x, "attn")
    g.output((node(g, "call_method", "view", (attn, size), x, "view"),))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def sym_size_dim(attn_op):
    """`attn_op(x) * sym_size.int(x, 0)`: x.size(0), not a dimless size."""
    g, px, x = start_graph()
    dim = node(g, "call_function", torch.ops.aten.sym_size.int, (px, 0), x.shape[0], "dim")
    attn = node(g, "call_function", attn_op, (px,), x, "attn")
    g.output((node(g, "call_function", operator.mul, (attn, dim), x, "mul"),))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def returns_size(attn_op):
    """Returns (attn_op(x), x.size(), scale), scale a buffer read by a
    get_attr node that no other node uses."""
    g, px, x = start_graph()
    size = node(g, "call_method", "size", (px,), x.shape, "size")
    scale = node(g, "get_attr", "scale", (), torch.empty(8), "scale")
    attn = node(g, "call_function", attn_op, (px,), x, "attn")
    g.output((attn, size, scale))
    root = torch.nn.Module()
    root.register_buffer("scale", torch.linspace(0.5, 2.0, 8))
    return torch.fx.GraphModule(root, g)


def dead_size(attn_op):
    """`attn_op(attn_op(relu(x)))` with a dead size of the first one's
    output between the two."""
    g, px, x = start_graph()
    relu = node(g, "call_function", torch.relu, (px,), x, "relu")
    attn = node(g, "call_function", attn_op, (relu,), x, "attn")
    node(g, "call_method", "size", (attn,), x.shape, "size")
    g.output((node(g, "call_function", attn_op, (attn,), x, "attn_1"),))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def long_graph(attn_op):
    """12 steps of relu and + i, `attn_op` after every fourth."""
    g, px, x = start_graph()
    value = px
    for i in range(12):
        value = node(g, "call_function", torch.relu, (value,), x, f"relu_{i}")
        value = node(g, "call_function", operator.add, (value, i), x, f"add_{i}")
        if i % 4 == 3:
            value = node(g, "call_function", attn_op, (value,), x, f"attn_{i}")
    g.output((value,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def traced(attn_op):
    """`attn_op(relu(x)) + relu(x)` as symbolic_trace records it: no
    metadata at all, x the only input."""
    class Model(torch.nn.Module):
        def forward(self, x):
            y = torch.relu(x)
            return attn_op(y) + y

    return torch.fx.symbolic_trace(Model())


# How vLLM 0.34.0 calls torch's split_module (vllm/compilation/backends.py,
# lines 626-635), under _use_lazy_graph_module(True).
VLLM_SPLIT_MODULE = {"keep_original_order": True, "tuple_return": True}


@contextlib.contextmanager
def recording_splits():
    """Within it, split_graph's builder of the pieces (pieces.build)
    records each call in the list it yields: (graph module, {node: graph
    id}); it is the original again after."""
    calls = []
    original = fx_pieces.build

    def recording(gm, piece_of):
        calls.append((gm, dict(piece_of)))
        return original(gm, piece_of)

    fx_pieces.build = recording
    try:
        yield calls
    finally:
        fx_pieces.build = original


def modules(gm):
    """A split module and its pieces, by name."""
    return [("top", gm)] + list(gm.named_children())


def nodes(gm):
    """What a module's graph says, its nodes' meta values by identity."""
    return [(n.op, n.name, str(n.target), str(n.args), str(n.kwargs),
             [(key, id(value)) for key, value in n.meta.items()]) for n in gm.graph.nodes]


def returns(piece):
    """What a piece's output node returns: the tuple's length, or the type
    of its one value."""
    (output,) = (n for n in piece.graph.nodes if n.op == "output")
    value = output.args[0]
    return len(value) if isinstance(value, tuple) else type(value).__name__


def as_split_module(split_gm, gm, piece_of):
    """Whether `split_gm` is what torch's split_module makes of `gm` and
    `piece_of` as vLLM calls it: the same modules with the same code, nodes
    and meta."""
    with _use_lazy_graph_module(True):
        theirs = dict(modules(split_module(gm, None, piece_of.__getitem__,
                                           **VLLM_SPLIT_MODULE)))
    return all(name in theirs and m.code == theirs[name].code and nodes(m) == nodes(theirs[name])
               for name, m in modules(split_gm)) and len(theirs) == len(modules(split_gm))
