# split_graph and decompose_size_nodes on a tensor whose shape or strides an
# in-place op changes (fx_mlir_import/inplace.py): a dimless y.size() read
# after the change is decomposed after it, where the shape is the one the
# size read, not after y's producer as vLLM 0.34.0 places it (whose split
# module then returns the old shape or raises IndexError); one read before
# the change is typed as it was then, though Dynamo's FakeTensor for `y`
# holds the shape after it. Each Dynamo graph (torch.compile, dynamic=True)
# has the size before the attention op splitsizes::attn and its uses after
# it; its split module must compute eager's values at 3, 6 and 17 tokens.
# resize_, which Dynamo does not trace, is a graph built as Dynamo would
# record it. A change of an input's shape, whose metadata then has no shape
# as the input came in, is refused in one line.
# REQUIRES: torch
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import copy
import sys

import torch
from split_api import node, start_graph
from split_sizes import ATTN, OPS, captured, inputs

from fx_mlir_import import FxImportError, decompose_size_nodes, split_graph

LIBRARY = sys.argv[1]
TOKENS = (3, 6, 17)

CHANGES = {
    "t_": lambda y: y.t_(),
    "transpose_": lambda y: y.transpose_(0, 1),
    "swapdims_": lambda y: y.swapdims_(0, 1),
    "unsqueeze_": lambda y: y.unsqueeze_(0),
    "squeeze_": lambda y: y.unsqueeze_(1).squeeze_(1),
    "as_strided_": lambda y: y.as_strided_((y.size(1), y.size(0)), (1, y.size(1))),
    "set_": lambda y: y.set_(y.t().contiguous()),
}


def size_after(change):
    def f(x):
        y = x * 2
        change(y)
        size = y.size()
        return ATTN(y).reshape(size) + 1, torch.full(size, 0.5)
    return f


def size_before(change):
    def f(x):
        y = x * 2
        size = y.size()
        change(y)
        return ATTN(y).reshape(size) + 1, torch.full(size, 0.5)
    return f


def same(want, got):
    return len(want) == len(got) and all(torch.equal(a, b) for a, b in zip(want, got))


def computes(eager, module, gm):
    """Whether `module` computes eager(x) at every token count."""
    for n in TOKENS:
        args = inputs(gm, n)
        x = next(a for a in args if isinstance(a, torch.Tensor))
        if not same(eager(x.clone()), module(*args)):
            return False
    return True


# CHECK-LABEL: t_, read after: 3 pieces, computes eager: True
# CHECK-NEXT: t_, read before: 3 pieces, computes eager: True
# CHECK-NEXT: transpose_, read after: 3 pieces, computes eager: True
# CHECK-NEXT: transpose_, read before: 3 pieces, computes eager: True
# CHECK-NEXT: swapdims_, read after: 3 pieces, computes eager: True
# CHECK-NEXT: swapdims_, read before: 3 pieces, computes eager: True
# CHECK-NEXT: unsqueeze_, read after: 3 pieces, computes eager: True
# CHECK-NEXT: unsqueeze_, read before: 3 pieces, computes eager: True
# CHECK-NEXT: squeeze_, read after: 3 pieces, computes eager: True
# CHECK-NEXT: squeeze_, read before: 3 pieces, computes eager: True
# CHECK-NEXT: as_strided_, read after: 3 pieces, computes eager: True
# CHECK-NEXT: as_strided_, read before: 3 pieces, computes eager: True
# CHECK-NEXT: set_, read after: 3 pieces, computes eager: True
# CHECK-NEXT: set_, read before: 3 pieces, computes eager: True
for name, change in CHANGES.items():
    for when, make in (("after", size_after), ("before", size_before)):
        eager = make(change)
        gm = captured(eager, fullgraph=True)
        split_gm, items = split_graph(gm, OPS, library=LIBRARY)
        print(f"{name}, read {when}: {len(items)} pieces, computes eager: "
              f"{computes(eager, split_gm, gm)}")

# decompose_size_nodes, vLLM's first step, on its own: the dims of the size
# read after t_ are taken after t_.
# CHECK-LABEL: decompose_size_nodes, t_: computes eager: True
# CHECK-NOT: sym_size.int(y,
# CHECK: torch.ops.aten.sym_size.int(t_, 0)
# CHECK-NOT: sym_size.int(y,
# CHECK: torch.ops.aten.sym_size.int(t_, 1)
# CHECK-NOT: sym_size.int(y,
eager = size_after(CHANGES["t_"])
gm = captured(eager, fullgraph=True)
decompose_size_nodes(gm, library=LIBRARY)
print("decompose_size_nodes, t_: computes eager:", computes(eager, gm, gm))
print("\n".join(sorted(line.strip() for line in gm.code.splitlines() if "sym_size.int" in line)))


def resized():
    """y = x * 2; y.resize_(8, s0); y.size() after, ATTN between it and
    its use: Dynamo's one FakeTensor for y and resize_."""
    g, px, x = start_graph()
    value = x * 2
    y = node(g, "call_function", torch.mul, (px, 2), value, "y")
    s0 = next(iter(g.find_nodes(op="placeholder")))
    value.resize_(8, x.shape[0])
    node(g, "call_method", "resize_", (y, 8, s0), value, "resize_")
    size = node(g, "call_method", "size", (y,), value.shape, "size")
    attn = node(g, "call_function", ATTN, (y,), value, "attn")
    full = node(g, "call_function", torch.full, (size, 0.5), value, "full")
    g.output((attn, full))
    return torch.fx.GraphModule(torch.nn.Module(), g)


def resized_eager(x):
    y = x * 2
    y.resize_(8, x.shape[0])
    return y * 2, torch.full(y.size(), 0.5)


# CHECK-LABEL: resize_, read after: 3 pieces, computes eager: True
gm = resized()
split_gm, items = split_graph(gm, OPS, library=LIBRARY)
print(f"resize_, read after: {len(items)} pieces, computes eager: "
      f"{computes(resized_eager, split_gm, gm)}")


def input_changed():
    """x.t_() on the input x itself, then x.size(): the metadata of x holds
    the transposed shape."""
    g, px, x = start_graph()
    x.t_()
    node(g, "call_method", "t_", (px,), x, "t_")
    size = node(g, "call_method", "size", (px,), x.shape, "size")
    g.output((node(g, "call_function", torch.full, (size, 0.5), x, "full"),))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# CHECK-LABEL: refused: node 't_' changes the shape or strides of input 'x' in place, and its metadata holds the tensor after that change, not as it came in
# CHECK-NEXT: gm unchanged: True
gm = input_changed()
before = copy.deepcopy(gm.graph).python_code("self").src
try:
    split_graph(gm, OPS, library=LIBRARY)
except FxImportError as e:
    print("refused:", e)
print("gm unchanged:", gm.graph.python_code("self").src == before)


def real_values():
    """y.t_() where the metadata holds one real tensor for y and t_, as no
    tracer records it: there is no fake mode to run the graph again in."""
    g = torch.fx.Graph()
    px = node(g, "placeholder", "x", (), torch.ones(4, 8), "x")
    value = torch.ones(4, 8)
    y = node(g, "call_function", torch.relu, (px,), value, "y")
    value.t_()
    node(g, "call_method", "t_", (y,), value, "t_")
    size = node(g, "call_method", "size", (y,), value.shape, "size")
    g.output((node(g, "call_function", torch.full, (size, 0.5), value, "full"),))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# CHECK-LABEL: refused: node 't_' changes a tensor's shape or strides in place, and the graph's metadata has no fake mode to run it again in
try:
    split_graph(real_values(), OPS, library=LIBRARY)
except FxImportError as e:
    print("refused:", e)
