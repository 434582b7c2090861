# Where fx-mlir refuses a split, split_graph raises one FxImportError whose
# message is one line naming the FX node and both pieces: here a torch.Size
# that a function of the user's returns (no size node has its dims) made
# before the attention and used after it. Where torch's split_module fails
# on the partition, the error is one line too.
# REQUIRES: torch
# RUN: %preload_asan %python %s | FileCheck %s


import torch
import torch.fx
from split_api import attention_op, node, size_crosses
from symbolic import symint
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from fx_mlir_import import FxImportError, split_graph


gm = size_crosses(attention_op("splitapierr"))

# CHECK: node 'shape' cannot cross from submod_0 to submod_2: a torch.Size would cross a split boundary: value 'shape' of type '!fx.size<2>', defined by 'fx.node' in piece 0, is used in piece 2{{$}}
# CHECK-NEXT: lines: 1
try:
    split_graph(gm, ["splitapierr::attn"])
except FxImportError as e:
    print(e)
    print("lines:", len(str(e).splitlines()))

# What torch's split_module raises is one line too. A graph with no SymInt
# placeholder for s0, x of shape (s0, 8): where `sym_size(x, 0)` binds s0
# in the first piece, which also receives x, split_module makes that piece
# depend on itself (a cycle); with no binder at all it finds none for s0.


def no_symint_placeholder(attn_op, binder):
    env = ShapeEnv()
    s0 = symint(env, "s0", 5)
    with FakeTensorMode(shape_env=env):
        x = torch.empty(s0, 8)
    g = torch.fx.Graph()
    px = node(g, "placeholder", "x", (), x, "x")
    h = node(g, "call_function", torch.relu, (px,), x, "relu")
    if binder:
        d0 = node(g, "call_function", torch.ops.aten.sym_size.int, (px, 0), s0, "d0")
    h = node(g, "call_function", attn_op, (h,), x, "attn")
    if binder:
        h = node(g, "call_method", "view", (h, d0, 8), x, "view")
    h = node(g, "call_function", torch.neg, (h,), x, "neg")
    g.output((h,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# CHECK-NEXT: torch.fx's split_module cannot apply fx-split-graph's partition: node 'd0' is the first to have symbol s0 and no placeholder has it, so split_module passes it from there to the pieces whose inputs have it in their shapes, some before it (RuntimeError: cycle exists between partitions!; give the graph a SymInt placeholder for it)
# CHECK-NEXT: lines: 1
# CHECK-NEXT: torch.fx's split_module cannot apply fx-split-graph's partition: no node binds symbol s0, which a value passed to a piece has in its shape (give the graph a SymInt placeholder for it)
# CHECK-NEXT: lines: 1
ATTN_OP = attention_op("splitapierr2")
for binder in (True, False):
    try:
        split_graph(no_symint_placeholder(ATTN_OP, binder), ["splitapierr2::attn"])
        print("split")
    except FxImportError as e:
        print(e)
        print("lines:", len(str(e).splitlines()))
