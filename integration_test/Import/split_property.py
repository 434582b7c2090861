# A property test of split_graph (hypothesis, derandomized, 150 examples):
# random Dynamo-style graphs on a SymInt placeholder s0 and x of shape
# (s0, 8) with x.size(), x.size(d), x.shape[i], sym_size.int(x, 0), slices
# and sums of sizes, size.numel(), views, a custom op taking SymInt[],
# dead sizes, floats, a torch.Size a function of the user's returns (which
# may not cross a cut), a size read between in-place unsqueeze_ and squeeze_
# (one FakeTensor for the three names, as Dynamo records it), alias chains
# (in-place ops that return their input, add_, +=, mul_, clamp_, copy_,
# torch.relu_, out=, and shape ops t_, unsqueeze_, squeeze_, each on a
# random name of one tensor, with sizes read through other names, maybe
# across a cut: issue 40) and attention ops to split at. Where split_graph
# splits, the split module computes what the graph computed at 3, 6 and 17
# tokens;
# where it raises, it raises FxImportError and leaves the graph as it was:
# the same code, nodes, arguments and meta, computing the same.
# REQUIRES: torch
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s
# CHECK: 150 random graphs: {{[1-9][0-9]*}} split, {{[1-9][0-9]*}} refused, {{[1-9][0-9]*}} with alias chains ({{[1-9][0-9]*}} split), all properties hold

import operator
import os
import random
import sys

import torch
import torch.fx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from split_api import attention_op, node, shape_of, start_graph
from torch._subclasses.fake_tensor import FakeTensorMode

from fx_mlir_import import FxImportError, split_graph

LIBRARY = sys.argv[1]
ATTN = attention_op("splitprop")
FAKE = torch.library.Library("splitprop", "FRAGMENT")
torch.library.register_fake("splitprop::attn", torch.empty_like, lib=FAKE)
LIB = torch.library.Library("splitprop2", "DEF")
LIB.define("ones(SymInt[] size) -> Tensor")
LIB.impl("ones", lambda size: torch.ones(size), "CompositeExplicitAutograd")
ONES = torch.ops.splitprop2.ones.default
TOKENS = (3, 6, 17)
# More for a longer run by hand: FX_SPLIT_PROPERTY_EXAMPLES=1000.
EXAMPLES = int(os.environ.get("FX_SPLIT_PROPERTY_EXAMPLES", 150))
OUTCOMES = {"split": 0, "refused": 0, "chains": 0, "chains split": 0}

# In-place ops that return their input: a second name of its tensor.
RENAMES = (
    lambda g, who, other, name: node(g, "call_method", "add_", (who, 1), None, name),
    lambda g, who, other, name: node(g, "call_function", operator.iadd, (who, 2), None, name),
    lambda g, who, other, name: node(g, "call_method", "mul_", (who, 0.5), None, name),
    lambda g, who, other, name: node(g, "call_method", "clamp_", (who, -50, 50), None, name),
    lambda g, who, other, name: node(g, "call_method", "copy_", (who, other), None, name),
    lambda g, who, other, name: node(g, "call_function", torch.relu_, (who,), None, name),
    lambda g, who, other, name: g.create_node("call_function", torch.add, (who, 1),
                                              {"out": who}, name=name),
)


def alias_chain(g, t, x, name, seed, tensors, scalars, extra):
    """relu(t) as y, then random in-place ops on random names of y's tensor
    (each a new name, with y's one FakeTensor, as Dynamo records them):
    renames, t_, unsqueeze_(0), squeeze_(0); sizes read through random
    names, each used by torch.full, maybe after a cut; last, the shape
    made (s0, 8) again. Returns the number of ops drawn."""
    rng = random.Random(seed)
    value = x.clone()
    names = [node(g, "call_function", torch.relu, (t,), value, f"{name}_y")]
    rank, transposed = 2, False
    steps = rng.randint(2, 9)
    for k in range(steps):
        who, label = rng.choice(names), f"{name}_{k}"
        kind = rng.randrange(6)
        if kind <= 1:  # a rename
            made = rng.choice(RENAMES)(g, who, rng.choice(names), label)
            made.meta["example_value"] = value
            names.append(made)
        elif kind == 2 and rank == 2:
            value.t_()
            transposed = not transposed
            names.append(node(g, "call_method", "t_", (who,), value, label))
        elif kind == 3 and rank == 2:
            value.unsqueeze_(0)
            rank = 3
            names.append(node(g, "call_method", "unsqueeze_", (who, 0), value, label))
        elif kind == 3:
            value.squeeze_(0)
            rank = 2
            names.append(node(g, "call_method", "squeeze_", (who, 0), value, label))
        else:  # a size read through any name, used maybe after a cut
            if kind == 4:
                size = node(g, "call_method", "size", (who,), value.shape, label + "_size")
            else:
                size = node(g, "call_function", getattr, (who, "shape"), value.shape,
                            label + "_size")
            i = rng.randrange(rank)
            scalars.append(node(g, "call_function", operator.getitem, (size, i),
                                value.shape[i], label + "_dim"))
            if rng.randrange(2):
                tensors.append(node(g, "call_function", ATTN, (t,), x, label + "_attn"))
            extra.append(node(g, "call_function", torch.full, (size, 0.5),
                              value.new_empty(value.shape), label + "_full"))
    if rank == 3:
        value.squeeze_(0)
        names.append(node(g, "call_method", "squeeze_", (rng.choice(names), 0), value,
                          f"{name}_squeeze"))
    if transposed:
        value.t_()
        names.append(node(g, "call_method", "t_", (rng.choice(names),), value, f"{name}_t"))
    tensors.append(rng.choice(names))
    return steps


def build(steps):
    """The graph of `steps`, each (op, pick, seed): tensors stay of x's
    shape (s0, 8); sizes and scalars are kept in pools that later steps
    pick from."""
    g, px, x = start_graph()
    env = x.shape[0].node.shape_env
    tensors, sizes, scalars, extra = [px], [], [], []
    for i, (op, pick, seed) in enumerate(steps):
        t = tensors[pick % len(tensors)]
        name = f"n{i}"
        if op == 0:
            tensors.append(node(g, "call_function", torch.relu, (t,), x, name))
        elif op == 1:
            tensors.append(node(g, "call_function", ATTN, (t,), x, name))
        elif op in (2, 3):  # x.size(), x.shape
            if op == 2:
                sizes.append(node(g, "call_method", "size", (t,), x.shape, name))
            else:
                sizes.append(node(g, "call_function", getattr, (t, "shape"), x.shape, name))
        elif op == 4:  # x.size(d)
            d = (0, 1, -1)[pick % 3]
            scalars.append(node(g, "call_method", "size", (t, d), x.shape[d], name))
        elif op == 5:
            scalars.append(node(g, "call_function", torch.ops.aten.sym_size.int, (t, 0),
                                x.shape[0], name))
        elif op == 6 and sizes:  # size[i]
            i_ = (0, 1, -1)[pick % 3]
            scalars.append(node(g, "call_function", operator.getitem,
                                (sizes[pick % len(sizes)], i_), x.shape[i_], name))
        elif op == 7 and sizes:  # t.view(size), t.reshape(size)
            method = ("view", "reshape")[pick % 2]
            tensors.append(node(g, "call_method", method, (t, sizes[pick % len(sizes)]), x,
                                name))
        elif op == 8 and scalars:  # t * scalar
            tensors.append(node(g, "call_function", operator.mul,
                                (t, scalars[pick % len(scalars)]), x, name))
        elif op == 9 and sizes:  # t.sum(1).view(size[:1]).unsqueeze(-1) + t
            head = node(g, "call_function", operator.getitem,
                        (sizes[pick % len(sizes)], slice(None, 1)), x.shape[:1], name + "_head")
            total = node(g, "call_method", "sum", (t, 1), x.sum(1), name + "_sum")
            view = node(g, "call_method", "view", (total, head), x.sum(1), name + "_view")
            column = node(g, "call_method", "unsqueeze", (view, -1), x[:, :1], name + "_col")
            tensors.append(node(g, "call_function", operator.add, (column, t), x, name))
        elif op == 10 and sizes:  # ones(size) * t, SymInt[]
            ones = node(g, "call_function", ONES, (sizes[pick % len(sizes)],), x, name + "_ones")
            tensors.append(node(g, "call_function", operator.mul, (ones, t), x, name))
        elif op == 11 and sizes:  # t.unsqueeze(-1).expand(size + (2,)).sum(-1)
            with FakeTensorMode(shape_env=env):
                wide = torch.empty(x.shape[0], 8, 2)
            grown = node(g, "call_function", operator.add, (sizes[pick % len(sizes)], (2,)),
                         wide.shape, name + "_grown")
            column = node(g, "call_method", "unsqueeze", (t, -1), wide[..., :1], name + "_col")
            expand = node(g, "call_method", "expand", (column, grown), wide, name + "_wide")
            tensors.append(node(g, "call_method", "sum", (expand, -1), x, name))
        elif op == 12 and sizes:  # t * size.numel()
            count = node(g, "call_method", "numel", (sizes[pick % len(sizes)],),
                         x.shape[0] * 8, name + "_numel")
            tensors.append(node(g, "call_function", operator.mul, (t, count), x, name))
        elif op == 13:  # a float, which crosses a cut as a scalar
            total = node(g, "call_method", "sum", (t,), x.sum(), name + "_sum")
            scalars.append(node(g, "call_method", "item", (total,), 0.5, name))
        elif op == 14:  # a torch.Size of no size node: refused across a cut
            sizes.append(node(g, "call_function", shape_of, (t,), x.shape, name))
        elif op == 15:  # y.unsqueeze_(0), y.size()[1] there, maybe past a cut, y.squeeze_(0)
            value = x.clone()
            y = node(g, "call_function", torch.relu, (t,), value, name + "_y")
            value.unsqueeze_(0)
            node(g, "call_method", "unsqueeze_", (y, 0), value, name + "_unsqueeze")
            if pick % 2:
                tensors.append(node(g, "call_function", ATTN, (t,), x, name + "_attn"))
            size = node(g, "call_method", "size", (y,), value.shape, name + "_size")
            scalars.append(node(g, "call_function", operator.getitem, (size, 1), value.shape[1],
                                name + "_dim"))
            value.squeeze_(0)
            tensors.append(node(g, "call_method", "squeeze_", (y, 0), value, name))
        elif op == 16:
            alias_chain(g, t, x, name, seed, tensors, scalars, extra)
    outputs = tensors[-2:] + sizes[-1:] if steps and steps[-1][1] % 2 else tensors[-1:]
    outputs += extra
    g.output(tuple(outputs))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def inputs(n):
    return n, torch.arange(n * 8, dtype=torch.float32).reshape(n, 8) / 7 - 3


def same(want, got):
    return len(want) == len(got) and all(
        torch.equal(a, b) if isinstance(a, torch.Tensor) else a == b and type(a) is type(b)
        for a, b in zip(want, got))


def snapshot(gm):
    return gm.code, [(n.name, n.op, n.target, repr(n.args), repr(n.kwargs), dict(n.meta))
                     for n in gm.graph.nodes]


@settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.integers(0, 16), st.integers(0, 99), st.integers(0, 2**32 - 1)),
                min_size=1, max_size=14))
def test_split_graph(steps):
    gm = build(steps)
    chain = any(op == 16 for op, _, _ in steps)
    OUTCOMES["chains"] += chain
    want = [gm(*inputs(n)) for n in TOKENS]
    before = snapshot(gm)
    try:
        split_gm, _ = split_graph(gm, ["splitprop::attn"], library=LIBRARY)
    except FxImportError as e:
        assert "\n" not in str(e), e
        assert snapshot(gm) == before, f"refused ({e}) and changed gm"
        assert all(same(w, gm(*inputs(n))) for w, n in zip(want, TOKENS))
        OUTCOMES["refused"] += 1
        return
    for w, n in zip(want, TOKENS):
        assert same(w, split_gm(*inputs(n))), f"split differs at {n} tokens: {steps}"
    OUTCOMES["split"] += 1
    OUTCOMES["chains split"] += chain


test_split_graph()
print(f"{EXAMPLES} random graphs: {OUTCOMES['split']} split, {OUTCOMES['refused']} refused, "
      f"{OUTCOMES['chains']} with alias chains ({OUTCOMES['chains split']} split), "
      "all properties hold")
