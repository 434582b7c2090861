# fx_mlir_import.split_graph decomposes a dimless x.size() into its dims
# (aten.sym_size.int per symbolic dim, an int per static one);
# getitem(size, i) becomes the dim itself, a torch op or tensor method that
# takes the size as a shape gets the tuple of the dims, and every other use
# (a slice, size + (2,), size.numel()) a torch.Size rebuilt from the dims in
# its own piece, which is what the size was. vLLM 0.34.0's
# _decompose_size_nodes (vllm/compilation/backends.py, lines 567-576)
# instead splices the dims into a user's positional arguments, which is
# right for x.view(size) only: x.size()[:1] would become getitem(d0, 8,
# slice) and torch.full(size, 0.5) full(d0, 8, 0.5). Each graph is split at
# an attention op between the size and its user, so the dims cross the cut;
# the split module computes what the unsplit graph computes at 3, 6 and 17
# tokens. Dynamo's graph (torch.compile, dynamic=True) has full, new_zeros,
# view and reshape of a size; graphs built by hand have the uses Dynamo
# folds into its SymInt placeholders (a slice, getitem -1, size + (2,)), a
# keyword use, size.numel() and a custom op's SymInt[] argument.
# REQUIRES: torch
# RUN: %python %s %fx_obj_root/bin/fx-opt | FileCheck %s

import copy
import operator
import sys

import torch
import torch.fx
from split_api import node, start_graph
from torch._subclasses.fake_tensor import FakeTensorMode

from fx_mlir_import import split_graph

FX_OPT = sys.argv[1]
TOKENS = (3, 6, 17)

LIB = torch.library.Library("splitsizes", "DEF")
LIB.define("attn(Tensor q) -> Tensor")
LIB.impl("attn", lambda q: q * 2, "CPU")
torch.library.register_fake("splitsizes::attn", torch.empty_like, lib=LIB)
LIB.define("ones(SymInt[] size) -> Tensor")
LIB.impl("ones", lambda size: torch.ones(size), "CompositeExplicitAutograd")
ATTN, ONES = torch.ops.splitsizes.attn.default, torch.ops.splitsizes.ones.default


def inputs(gm, n, weights=()):
    """Real inputs of `gm` for n tokens: x of shape (n, 8), a SymInt
    placeholder the x dim whose symbol it has, and each other tensor
    placeholder (a lifted parameter) the next of `weights`."""
    values = [p.meta["example_value"] for p in gm.graph.find_nodes(op="placeholder")]
    fake = next(v for v in values if isinstance(v, torch.Tensor))
    x = torch.randn(n, 8)
    dims = {str(d): x.shape[i] for i, d in enumerate(fake.shape)}
    weights = iter(weights)
    return [x if v is fake else next(weights) if isinstance(v, torch.Tensor) else dims[str(v)]
            for v in values]


def same(want, got):
    return all(torch.equal(a, b) for a, b in zip(want, got))


def check(name, gm, users, weights=()):
    """Splits `gm` at ATTN, prints each of `users` (node names) as a piece
    has it and whether the split computes what `gm` computes (inputs(gm, n,
    weights) for each n of TOKENS)."""
    unsplit = copy.deepcopy(gm)
    for n in gm.graph.nodes:
        if n.name in users:
            n.meta["shown"] = True  # split_module copies the meta, not the name
    split_gm, items = split_graph(gm, ["splitsizes::attn"], fx_opt=FX_OPT)
    print(f"{name}: {len(items)} pieces")
    for item in items:
        for n in item.graph.graph.nodes:
            if n.meta.get("shown"):
                print(f"  {item.submod_name}: {n.format_node()}")
    runs = [inputs(unsplit, n, weights) for n in TOKENS]
    print("  computes the unsplit graph:",
          all(same(unsplit(*args), split_gm(*args)) for args in runs))


# Dynamo's graph: the size, the attention, then its uses; both dims are
# symbolic (dynamic=True).
# CHECK-LABEL: dynamo: 3 pieces
# CHECK-NEXT: submod_2: %full : [num_users=1] = call_function[target=torch.full](args = ((%sym_size_int, %sym_size_int_1), 0.5), kwargs = {})
# CHECK-NEXT: submod_2: %new_zeros : [num_users=1] = call_method[target=new_zeros](args = (%l_x_, (%sym_size_int, %sym_size_int_1)), kwargs = {})
# CHECK-NEXT: submod_2: %view : [num_users=1] = call_method[target=view](args = (%y, (%sym_size_int, %sym_size_int_1)), kwargs = {})
# CHECK-NEXT: submod_2: %reshape : [num_users=1] = call_method[target=reshape](args = (%y, (%sym_size_int, %sym_size_int_1)), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
captured = []


def capture(gm, example_inputs):
    captured.append(gm)
    return gm


def uses(x):
    size = x.size()
    y = ATTN(x)
    return torch.full(size, 0.5) + y, x.new_zeros(size) + y, y.view(size), y.reshape(size)


torch.compile(uses, backend=capture, dynamic=True)(torch.randn(5, 8))
(gm,) = captured
check("dynamo", gm, ("full", "new_zeros", "view", "reshape"))

# A Linear specializes x's dim 1 to 8, and Dynamo's metadata keeps it a
# SymInt whose expression is 8: a static dim, as the import types it, so the
# view takes the int.
# CHECK-LABEL: dynamo, a specialized dim: 3 pieces
# CHECK-NEXT: submod_2: %view : [num_users=1] = call_method[target=view](args = (%attn_default, (%sym_size_int, 8)), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
LINEAR = torch.nn.Linear(8, 8)


def specialized(x):
    size = x.size()
    return ATTN(LINEAR(x)).view(size)


captured.clear()
torch.compile(specialized, backend=capture, dynamic=True)(torch.randn(5, 8))
(gm,) = captured
check("dynamo, a specialized dim", gm, ("view",), (LINEAR.weight, LINEAR.bias))


# By hand: x of shape (s0, 8), size = x.size(), a = attn(x), then `use`.
def by_hand(name, use):
    g, px, x = start_graph()
    size = node(g, "call_method", "size", (px,), x.shape, "size")
    attn = node(g, "call_function", ATTN, (px,), x, "attn")
    g.output((use(g, size, attn, x),))
    check(name, torch.fx.GraphModule(torch.nn.Module(), g), ("size", "use", "tail", "last"))


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


# The pieces' nodes are named by split_module (after their targets).
# CHECK-LABEL: slice: 3 pieces
# CHECK-NEXT: submod_2: %size : [num_users=1] = call_function[target=torch.Size](args = ((%sym_size_int, 8),), kwargs = {})
# CHECK-NEXT: submod_2: %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%size, slice(None, 1, None)), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
# getitem(size, -1) is the static dim 8 and getitem(size, -2) the sym_size
# node: no getitem of the size is left.
# CHECK-LABEL: negative index: 3 pieces
# CHECK-NEXT: submod_2: %mul : [num_users=1] = call_function[target=operator.mul](args = (%attn, 8), kwargs = {})
# CHECK-NEXT: submod_2: %add : [num_users=1] = call_function[target=operator.add](args = (%mul, %sym_size_int), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-LABEL: keyword: 3 pieces
# CHECK-NEXT: submod_2: %full : [num_users=1] = call_function[target=torch.full](args = (), kwargs = {size: (%sym_size_int, 8), fill_value: 0.5})
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-LABEL: size + (2,): 3 pieces
# CHECK-NEXT: submod_2: %size : [num_users=1] = call_function[target=torch.Size](args = ((%sym_size_int, 8),), kwargs = {})
# CHECK-NEXT: submod_2: %add : [num_users=1] = call_function[target=operator.add](args = (%size, (2,)), kwargs = {})
# CHECK-NEXT: submod_2: %expand : [num_users=1] = call_method[target=expand](args = (%unsqueeze, %add), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
# size.numel() needs a torch.Size, which a tuple of the dims is not.
# CHECK-LABEL: numel: 3 pieces
# CHECK-NEXT: submod_2: %size : [num_users=1] = call_function[target=torch.Size](args = ((%sym_size_int, 8),), kwargs = {})
# CHECK-NEXT: submod_2: %numel : [num_users=1] = call_method[target=numel](args = (%size,), kwargs = {})
# CHECK-NEXT: submod_2: %mul : [num_users=1] = call_function[target=operator.mul](args = (%attn, %numel), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-LABEL: custom op: 3 pieces
# CHECK-NEXT: submod_2: %ones_default : [num_users=1] = call_function[target=torch.ops.splitsizes.ones.default](args = ((%sym_size_int, 8),), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
for name, use in (("slice", slice_use), ("negative index", negative_index), ("keyword", keyword),
                  ("size + (2,)", concatenated), ("numel", numel), ("custom op", custom_op)):
    by_hand(name, use)
