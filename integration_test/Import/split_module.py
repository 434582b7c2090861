# fx_mlir_import.split_module: torch 2.x's split_module on torch 1.13. Pieces
# with no output, SymInts passed to every piece that receives a value whose
# shape mentions them, outputs ordered by first later use, the original order
# kept, and the split module computes what the graph computes.
# REQUIRES: torch
# RUN: %python %s | FileCheck %s

import operator

import torch
import torch.fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import ShapeEnv
from torch.fx.passes.split_module import split_module as torch_split_module

from fx_mlir_import.split_module import SplitModuleError, split_module


def node(graph, op, target, args, value, name=None):
    n = graph.create_node(op, target, args, name=name)
    if value is not None:
        n.meta["example_value"] = value
    return n


def show(gm):
    print(gm.code.strip())
    for name, child in gm.named_children():
        print(f"== {name}")
        print(child.code.strip())


def buffer_graph():
    """relu -> buffer; an op writes into the buffer (no output); the buffer
    is viewed with the SymInt placeholder later; `w` is static."""
    env = ShapeEnv()
    s0 = env.create_symint("s0", 5)
    with FakeTensorMode():
        x = torch.empty(s0, 8)
        w = torch.empty(8, 8)
    g = torch.fx.Graph()
    p_s0 = node(g, "placeholder", "s0", (), s0, "s0")
    p_x = node(g, "placeholder", "x", (), x, "x")
    p_w = node(g, "placeholder", "w", (), w, "w")
    relu = node(g, "call_function", torch.relu, (p_x,), x, "relu")
    buf = node(g, "call_function", torch.empty_like, (relu,), x, "buf")
    fill = node(g, "call_method", "copy_", (buf, relu), x, "fill")
    mm = node(g, "call_function", torch.mm, (buf, p_w), x, "mm")
    out = node(g, "call_method", "view", (mm, p_s0, 8), x, "out")
    wt = node(g, "call_function", torch.t, (p_w,), w, "wt")
    g.output((out, wt))
    part = {relu: 0, buf: 0, fill: 1, mm: 2, out: 2, wt: 2}
    return torch.fx.GraphModule(torch.nn.Module(), g), part


gm, part = buffer_graph()
split = split_module(gm, None, part.__getitem__, keep_original_order=True)
# The buffer is piece 0's first output: its first use in a later piece (copy_
# into it, args in order) comes before relu's. s0 goes with every tensor that
# mentions it, right after the first such input; w (static) brings none.
# CHECK-LABEL: def forward(self, s0, x, w):
# CHECK-NEXT: submod_0 = self.submod_0(x, s0)
# CHECK-NEXT: getitem = submod_0[0]
# CHECK-NEXT: getitem_1 = submod_0[1]
# CHECK-NEXT: submod_1 = self.submod_1(getitem, s0, getitem_1)
# CHECK-NEXT: submod_2 = self.submod_2(getitem, s0, w)
# CHECK-NEXT: getitem_2 = submod_2[0]
# CHECK-NEXT: getitem_3 = submod_2[1]
# CHECK-NEXT: return (getitem_2, getitem_3)
# CHECK: == submod_0
# CHECK-NEXT: def forward(self, x, s0):
# CHECK: return (empty_like, relu)
# The piece that writes into the buffer returns nothing and is still called.
# CHECK: == submod_1
# CHECK-NEXT: def forward(self, buf, s0, relu):
# CHECK-NEXT: copy_ = buf.copy_(relu)
# CHECK-NEXT: return ()
# CHECK: == submod_2
# CHECK-NEXT: def forward(self, buf, s0, w):
# CHECK: view = mm.view(s0, 8)
# CHECK: return (view, t)
show(split)

# The split module computes what the graph computes, at three sizes.
# CHECK: equal at 1: True
# CHECK: equal at 5: True
# CHECK: equal at 33: True
for n in (1, 5, 33):
    x, w = torch.randn(n, 8), torch.randn(8, 8)
    want, got = gm(n, x, w), split(n, x, w)
    print(f"equal at {n}:", all(torch.equal(a, b) for a, b in zip(want, got)))

# torch 1.13's own split_module fails on the piece with no output.
# CHECK: torch 1.13: IndexError
try:
    torch_split_module(gm, None, part.__getitem__, keep_original_order=True)
    print("torch 1.13: split")
except IndexError:
    print("torch 1.13: IndexError")


def plain_graph():
    """No metadata, every piece has an output: torch 1.13's split_module
    and this one must give the same module."""
    g = torch.fx.Graph()
    a = g.placeholder("a")
    b = g.placeholder("b")
    n1 = g.call_function(torch.add, (a, b))
    n2 = g.call_function(torch.mul, (n1, a))
    n3 = g.call_function(torch.sub, (n2, n1))
    n4 = g.call_function(operator.neg, (b,))
    n5 = g.call_function(torch.add, (n3, n4))
    g.output(n5)
    part = {n1: 0, n2: 1, n3: 1, n4: 2, n5: 3}
    return torch.fx.GraphModule(torch.nn.Module(), g), part


gm, part = plain_graph()
# CHECK: same as torch 1.13, original order: True
# CHECK: same as torch 1.13, topological order: True
for keep in (True, False):
    ours = split_module(gm, None, part.__getitem__, keep_original_order=keep)
    theirs = torch_split_module(gm, None, part.__getitem__, keep_original_order=keep)
    same = ours.code == theirs.code and all(
        getattr(ours, n).code == getattr(theirs, n).code for n, _ in theirs.named_children())
    print(f"same as torch 1.13, {'original' if keep else 'topological'} order:", same)


class WithModules(torch.nn.Module):
    """A parameter (get_attr) and a submodule called twice (call_module)."""

    def __init__(self):
        super().__init__()
        self.param = torch.nn.Parameter(torch.rand(3, 4))
        self.linear = torch.nn.Linear(4, 5)

    def forward(self, x, y):
        z = self.linear(x + self.param).clamp(min=0.0, max=1.0)
        return z + self.linear(y).clamp(min=0.0, max=1.0)


root = WithModules()
traced = torch.fx.symbolic_trace(root)
computing = [n for n in traced.graph.nodes if n.op not in ("placeholder", "get_attr", "output")]
round_robin = {n: i % 3 for i, n in enumerate(computing)}
# CHECK: with modules, original order: same as torch 1.13: True, equal: True
# CHECK: with modules, topological order: same as torch 1.13: True, equal: True
for keep in (True, False):
    ours = split_module(traced, root, round_robin.__getitem__, keep_original_order=keep)
    theirs = torch_split_module(traced, root, round_robin.__getitem__, keep_original_order=keep)
    same = ours.code == theirs.code and all(
        getattr(ours, n).code == getattr(theirs, n).code for n, _ in theirs.named_children())
    x, y = torch.rand(3, 4), torch.rand(3, 4)
    print(f"with modules, {'original' if keep else 'topological'} order: same as torch 1.13: "
          f"{same}, equal: {torch.equal(ours(x, y), traced(x, y))}")

# Without keep_original_order the calls follow torch's topological order
# (a stack: the last ready piece first), so piece 2 (independent) comes first.
# CHECK-LABEL: def forward(self, a, b):
# CHECK-NEXT: submod_2 = self.submod_2(b)
# CHECK-NEXT: submod_0 = self.submod_0(a, b)
print(split_module(gm, None, part.__getitem__).code.strip())


def binder_graph():
    """No SymInt placeholder: s0 is bound by `n = lengths.item()` in piece 0,
    which then returns it to the piece that receives a tensor of s0 rows."""
    env = ShapeEnv()
    s0 = env.create_symint("s0", 5)
    with FakeTensorMode():
        lengths = torch.empty(1, dtype=torch.int64)
        buf = torch.empty(s0, 8)
    g = torch.fx.Graph()
    p_len = node(g, "placeholder", "lengths", (), lengths, "lengths")
    n = node(g, "call_method", "item", (p_len,), s0, "n")
    zeros = node(g, "call_function", torch.ones, (n, 8), buf, "zeros")
    sig = node(g, "call_function", torch.sigmoid, (zeros,), buf, "sig")
    g.output((sig,))
    return torch.fx.GraphModule(torch.nn.Module(), g), {n: 0, zeros: 0, sig: 1}


gm, part = binder_graph()
# CHECK-LABEL: def forward(self, lengths):
# CHECK-NEXT: submod_0 = self.submod_0(lengths)
# CHECK-NEXT: getitem = submod_0[0]
# CHECK-NEXT: getitem_1 = submod_0[1]
# CHECK-NEXT: submod_1 = self.submod_1(getitem, getitem_1)
# CHECK: == submod_0
# CHECK: return (ones, item)
# CHECK: == submod_1
# CHECK-NEXT: def forward(self, zeros, n):
# CHECK: equal: True
show(split_module(gm, None, part.__getitem__, keep_original_order=True))
lengths = torch.tensor([3])
print("equal:", torch.equal(gm(lengths)[0],
                            split_module(gm, None, part.__getitem__,
                                         keep_original_order=True)(lengths)[0]))

# tuple_return wraps a single output in a tuple, as torch >= 2.12's does.
# CHECK: def forward(self, lengths):
# CHECK-NEXT: submod_0 = self.submod_0(lengths)
# CHECK-NEXT: getitem = submod_0[0]
# CHECK-NEXT: getitem_1 = submod_0[1]
# CHECK-NEXT: submod_1 = self.submod_1(getitem, getitem_1)
# CHECK-NEXT: getitem_2 = submod_1[0]
# CHECK-NEXT: return (getitem_2,)
print(split_module(gm, None, part.__getitem__, keep_original_order=True,
                   tuple_return=True).code.strip())


def s0_graph(binder):
    """x of s0 rows. With `binder`, s0's binder is a sym_size in the piece
    that also receives x: torch 2.x makes that piece depend on itself and
    reports a cycle. Without, relu's s0 rows cross a cut and no node binds
    s0."""
    env = ShapeEnv()
    s0 = env.create_symint("s0", 5)
    with FakeTensorMode():
        x = torch.empty(s0, 8)
    g = torch.fx.Graph()
    p_x = node(g, "placeholder", "x", (), x, "x")
    part = {}
    if binder:
        part[node(g, "call_function", torch.ops.aten.sym_size.int, (p_x, 0), s0, "d0")] = 0
    relu = node(g, "call_function", torch.relu, (p_x,), x, "relu")
    part[relu] = 0
    sig = node(g, "call_function", torch.sigmoid, (relu,), x, "sig")
    part[sig] = 0 if binder else 1
    g.output((sig,))
    return torch.fx.GraphModule(torch.nn.Module(), g), part


# CHECK: split_module: cycle exists between partitions
# CHECK: split_module: node 'x' crosses into piece 0 with symbol s0 that no node binds
for binder in (True, False):
    gm, part = s0_graph(binder)
    try:
        split_module(gm, None, part.__getitem__, keep_original_order=True)
    except SplitModuleError as err:
        print(err)
