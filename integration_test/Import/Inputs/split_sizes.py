"""The graphs of split_api_sizes.py: a dimless x.size() taken before the
attention op splitsizes::attn (ATTN) and used after it, so that its dims
cross the cut. Dynamo's (torch.compile, dynamic=True) and graphs built by
hand on split_api.start_graph, one per use of the size (USES); `inputs`
gives any of them its real inputs at a token count."""

import operator

import torch
import torch.fx
from split_api import node, start_graph
from torch._subclasses.fake_tensor import FakeTensorMode

LIB = torch.library.Library("splitsizes", "DEF")
LIB.define("attn(Tensor q) -> Tensor")
LIB.impl("attn", lambda q: q * 2, "CPU")
torch.library.register_fake("splitsizes::attn", torch.empty_like, lib=LIB)
LIB.define("ones(SymInt[] size) -> Tensor")
LIB.impl("ones", lambda size: torch.ones(size), "CompositeExplicitAutograd")
ATTN, ONES = torch.ops.splitsizes.attn.default, torch.ops.splitsizes.ones.default
OPS = ["splitsizes::attn"]


def inputs(gm, n, weights=()):
    """Real inputs of `gm` for n tokens: x of shape (n, 8), random but the
    same for the same n, a SymInt placeholder the x dim whose symbol it has,
    and each other tensor placeholder (a lifted parameter) the next of
    `weights`."""
    values = [p.meta["example_value"] for p in gm.graph.find_nodes(op="placeholder")]
    fake = next(v for v in values if isinstance(v, torch.Tensor))
    x = torch.randn(n, 8, generator=torch.Generator().manual_seed(n))
    dims = {str(d): x.shape[i] for i, d in enumerate(fake.shape)}
    weights = iter(weights)
    return [x if v is fake else next(weights) if isinstance(v, torch.Tensor) else dims[str(v)]
            for v in values]


def captured(fn, fullgraph=False):
    """The graph torch.compile(dynamic=True) hands a backend for fn(x), x of
    shape [5, 8], with Dynamo's caches cleared first."""
    graphs = []

    def capture(gm, example_inputs):
        graphs.append(gm)
        return gm

    torch._dynamo.reset()
    torch.compile(fn, backend=capture, dynamic=True, fullgraph=fullgraph)(torch.randn(5, 8))
    (gm,) = graphs
    return gm


def _uses(x):
    size = x.size()
    y = ATTN(x)
    return torch.full(size, 0.5) + y, x.new_zeros(size) + y, y.view(size), y.reshape(size)


def dynamo():
    """Dynamo's graph of full, new_zeros, view and reshape of x.size(); both
    dims symbolic."""
    return captured(_uses)


# A Linear specializes x's dim 1 to 8; Dynamo's metadata keeps it a SymInt
# whose expression is 8. Its parameters are the graph's lifted inputs.
LINEAR = torch.nn.Linear(8, 8)
LINEAR_WEIGHTS = (LINEAR.weight, LINEAR.bias)


def _specialized(x):
    size = x.size()
    return ATTN(LINEAR(x)).view(size)


def dynamo_specialized():
    """Dynamo's graph of `ATTN(LINEAR(x)).view(x.size())`; inputs(gm, n,
    LINEAR_WEIGHTS) are its inputs."""
    return captured(_specialized)


def by_hand(use):
    """x of shape (s0, 8), size = x.size(), a = ATTN(x), then use(g, size, a,
    fake x) returns the graph's output: the GraphModule."""
    g, px, x = start_graph()
    size = node(g, "call_method", "size", (px,), x.shape, "size")
    attn = node(g, "call_function", ATTN, (px,), x, "attn")
    g.output((use(g, size, attn, x),))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# The uses of the size, each naming the node that uses it "use" (and its
# users "tail" or "last"), as split_api_sizes.py shows them.


def slice_use(g, size, attn, x):
    """a.sum(1).view(size[:1])"""
    head = node(g, "call_function", operator.getitem, (size, slice(None, 1)), x.shape[:1], "use")
    total = node(g, "call_method", "sum", (attn, 1), x.sum(1), "total")
    return node(g, "call_method", "view", (total, head), x.sum(1), "view")


def negative_index(g, size, attn, x):
    """a * size[-1] + size[-2]"""
    last = node(g, "call_function", operator.getitem, (size, -1), 8, "last")
    first = node(g, "call_function", operator.getitem, (size, -2), x.shape[0], "first")
    mul = node(g, "call_function", operator.mul, (attn, last), x, "use")
    return node(g, "call_function", operator.add, (mul, first), x, "tail")


def keyword(g, size, attn, x):
    """torch.full(size=size, fill_value=0.5) + a"""
    full = g.create_node("call_function", torch.full, (),
                         {"size": size, "fill_value": 0.5}, name="use")
    full.meta["example_value"] = x
    return node(g, "call_function", operator.add, (full, attn), x, "add")


def concatenated(g, size, attn, x):
    """a.unsqueeze(-1).expand(size + (2,))"""
    with FakeTensorMode(shape_env=x.shape[0].node.shape_env):
        wide = torch.empty(x.shape[0], 8, 2)
    grown = node(g, "call_function", operator.add, (size, (2,)), wide.shape, "use")
    unsqueezed = node(g, "call_method", "unsqueeze", (attn, -1), wide[..., :1], "unsqueeze")
    return node(g, "call_method", "expand", (unsqueezed, grown), wide, "tail")


def numel(g, size, attn, x):
    """a * size.numel(): a method of the torch.Size, which a tuple lacks"""
    count = node(g, "call_method", "numel", (size,), x.shape[0] * 8, "use")
    return node(g, "call_function", operator.mul, (attn, count), x, "tail")


def custom_op(g, size, attn, x):
    """splitsizes.ones(size) * a"""
    ones = node(g, "call_function", ONES, (size,), x, "use")
    return node(g, "call_function", operator.mul, (ones, attn), x, "mul")


USES = {"slice": slice_use, "negative index": negative_index, "keyword": keyword,
        "size + (2,)": concatenated, "numel": numel, "custom op": custom_op}
