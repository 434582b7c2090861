# split_graph and decompose_size_nodes on one tensor with two FX names
# (fx_mlir_import/inplace.py, issue 40 part 1): an op that returns its own
# input (`w = y.add_(1)`, `y += 1`, `y.mul_(2)`, `copy_`, `clamp_`,
# `torch.relu_`, `out=`) names the same tensor again, and an in-place shape
# op through either name changes the shape every name reads. Each Dynamo
# graph (torch.compile, dynamic=True) reads `y.size()` after `w.t_()` (or
# `w.size()` after `y.t_()`), with no splitting op and with the attention op
# splitsizes::attn between the change and the size's use; each split
# module must compute eager's values at 3, 6 and 17 tokens. A view is
# another tensor: `v.t_()` on a view of y leaves y's size alone. The model
# of Python's in-place operators is checked against torch itself: which
# return their receiver, on a tensor and on an int.
# REQUIRES: torch
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import operator
import sys

import torch
import torch.fx
from split_sizes import ATTN, OPS, captured, inputs

from fx_mlir_import import decompose_size_nodes, split_graph

LIBRARY = sys.argv[1]
TOKENS = (3, 6, 17)

# Each names y's tensor again, as its own node.
RENAMES = {
    "add_": lambda y: y.add_(1),
    "+=": lambda y: operator.iadd(y, 1),
    "mul_": lambda y: y.mul_(2),
    "copy_": lambda y: y.copy_(y * 3),
    "clamp_": lambda y: y.clamp_(-1, 1),
    "torch.relu_": lambda y: torch.relu_(y),
    "out=": lambda y: torch.add(y, 1, out=y),
}


def through(rename, split, name):
    """w = rename(y); then t_() through one name, `name` ("new": w, "old":
    y), and the other's size read after it."""
    def f(x):
        y = x * 2
        w = rename(y)
        changed, read = (w, y) if name == "new" else (y, w)
        changed.t_()
        if split:
            changed = ATTN(changed)
        size = read.size()
        if name == "new":
            return torch.full(size, 0.5), changed + 1
        return torch.full(size, 0.5), changed.unsqueeze_(0).size()[2] * read
    return f


def same(want, got):
    return len(want) == len(got) and all(
        a.shape == b.shape and torch.equal(a, b) for a, b in zip(want, got))


def computes(eager, module, gm):
    for n in TOKENS:
        args = inputs(gm, n)
        x = next(a for a in args if isinstance(a, torch.Tensor))
        want, got = eager(x.clone()), module(*args)
        if not same(want, got):
            return f"False at {n} tokens: {[tuple(t.shape) for t in got]}, eager " \
                   f"{[tuple(t.shape) for t in want]}"
    return True


# CHECK-LABEL: add_, shape op through the new name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: add_, shape op through the new name, split: 3 pieces, computes eager: True
# CHECK-NEXT: add_, shape op through the old name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: add_, shape op through the old name, split: 3 pieces, computes eager: True
# CHECK-NEXT: +=, shape op through the new name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: +=, shape op through the new name, split: 3 pieces, computes eager: True
# CHECK-NEXT: +=, shape op through the old name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: +=, shape op through the old name, split: 3 pieces, computes eager: True
# CHECK-NEXT: mul_, shape op through the new name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: mul_, shape op through the new name, split: 3 pieces, computes eager: True
# CHECK-NEXT: mul_, shape op through the old name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: mul_, shape op through the old name, split: 3 pieces, computes eager: True
# CHECK-NEXT: copy_, shape op through the new name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: copy_, shape op through the new name, split: 3 pieces, computes eager: True
# CHECK-NEXT: copy_, shape op through the old name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: copy_, shape op through the old name, split: 3 pieces, computes eager: True
# CHECK-NEXT: clamp_, shape op through the new name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: clamp_, shape op through the new name, split: 3 pieces, computes eager: True
# CHECK-NEXT: clamp_, shape op through the old name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: clamp_, shape op through the old name, split: 3 pieces, computes eager: True
# CHECK-NEXT: torch.relu_, shape op through the new name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: torch.relu_, shape op through the new name, split: 3 pieces, computes eager: True
# CHECK-NEXT: torch.relu_, shape op through the old name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: torch.relu_, shape op through the old name, split: 3 pieces, computes eager: True
# CHECK-NEXT: out=, shape op through the new name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: out=, shape op through the new name, split: 3 pieces, computes eager: True
# CHECK-NEXT: out=, shape op through the old name, unsplit: 1 pieces, computes eager: True
# CHECK-NEXT: out=, shape op through the old name, split: 3 pieces, computes eager: True
for name, rename in RENAMES.items():
    for which in ("new", "old"):
        for split in (False, True):
            eager = through(rename, split, which)
            gm = captured(eager, fullgraph=True)
            split_gm, items = split_graph(gm, OPS, library=LIBRARY)
            print(f"{name}, shape op through the {which} name, {'split' if split else 'unsplit'}: "
                  f"{len(items)} pieces, computes eager: {computes(eager, split_gm, gm)}")


# A chain: each in-place op on the name the one before returned, the size
# read through the first name.
def chain(x):
    y = x * 2
    a = y.add_(1)
    a += 2
    b = a.mul_(3)
    b.unsqueeze_(0)
    s3 = y.size()
    c = torch.relu_(y)
    c.squeeze_(0)
    c.t_()
    d = ATTN(c)
    return torch.full(y.size(), 0.5), a.size()[1] * d, torch.full(b.size(), 1.0), \
        torch.full(s3, 2.0)


def split_and_compare(what, eager):
    """Splits eager's captured graph and prints whether the split computes
    what eager does."""
    gm = captured(eager, fullgraph=True)
    split_gm, items = split_graph(gm, OPS, library=LIBRARY)
    print(f"{what}: {len(items)} pieces, computes eager: {computes(eager, split_gm, gm)}")


# CHECK-LABEL: a chain of renames: 3 pieces, computes eager: True
split_and_compare("a chain of renames", chain)


# A view is another tensor, with metadata of its own.
def view_changed(x):
    y = x * 2
    v = y.view(y.shape)
    v.t_()
    v = ATTN(v)
    return torch.full(y.size(), 0.5), v + 1


# CHECK-LABEL: t_ of a view: 3 pieces, computes eager: True
split_and_compare("t_ of a view", view_changed)

# decompose_size_nodes on its own: y.size()'s dims are read after t_ of w.
# CHECK-LABEL: decompose_size_nodes, add_: computes eager: True
eager = through(RENAMES["add_"], False, "new")
gm = captured(eager, fullgraph=True)
decompose_size_nodes(gm, library=LIBRARY)
print("decompose_size_nodes, add_: computes eager:", computes(eager, gm, gm))

# The model of Python's in-place operators against torch: whether each
# returns its receiver, a tensor; on an int (a SymInt node) none is a
# second name.
# CHECK-LABEL: in-place operators: 14, the model agrees with torch on 14; on an int: 0 renames
from fx_mlir_import.inplace import _IN_PLACE_OPERATORS, _method_returns_self, same_tensor  # noqa: E402

agree = 0
for op, dunder in _IN_PLACE_OPERATORS.items():
    returned = None
    for dtype in (torch.float32, torch.int64):  # bit ops take ints, /= a float
        t = torch.ones(2, 2, dtype=dtype)
        try:
            returned = op(t, torch.ones(2, 2, dtype=dtype) if dunder == "__imatmul__" else 1)
            break
        except TypeError:  # iconcat: a tensor is no sequence
            break
        except RuntimeError:
            continue
    if (returned is t) == _method_returns_self(dunder):
        agree += 1
    else:
        print("differs:", dunder)
g = torch.fx.Graph()
s0 = g.placeholder("s0")
s0.meta["example_value"] = 5
renames = sum(same_tensor(g.call_function(op, (s0, 1)), lambda n: isinstance(
    n.meta.get("example_value"), torch.Tensor)) is not None for op in _IN_PLACE_OPERATORS)
print(f"in-place operators: {len(_IN_PLACE_OPERATORS)}, the model agrees with torch on {agree}; "
      f"on an int: {renames} renames")
