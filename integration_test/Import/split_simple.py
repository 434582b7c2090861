# split_graph applies its partition with torch's split_module_simple where
# that makes what split_module(..., keep_original_order=True) makes, and
# with split_module elsewhere (fx_mlir_import/split.py, _simple_fits). On
# every family of Inputs/vllm_graphs.py, at its splitting ops and at the
# default list, split_graph takes the simple one; on the graph and partition
# it passes, split_module makes the same children in the same order, each
# with the same inputs and outputs in the same order, the same code and the
# same node meta, and the same split module. A graph that reads a buffer
# (get_attr) and one with a no_grad region (torch._C._set_grad_enabled) take
# split_module and compute what the unsplit graph computes; there the simple
# one would be wrong: its piece has no `scale`, and its pieces do not enter
# the no_grad region again. Small graphs show each other reason not to take
# the simple one.
# REQUIRES: torch
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import copy
import sys

import torch
import torch.fx
import vllm_graphs
from split_api import attention_op, grad_region, node, recording_splits, with_buffer
from symbolic import symint
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx._lazy_graph_module import _use_lazy_graph_module
from torch.fx.experimental.symbolic_shapes import ShapeEnv
from torch.fx.passes.split_module import split_module, split_module_simple

from fx_mlir_import import split_graph
from fx_mlir_import.split import _simple_fits

LIBRARY = sys.argv[1]


def split(gm, ops):
    """split_graph's result, the function of torch's it called and that
    call's graph and partition."""
    with recording_splits() as calls:
        split_gm, items = split_graph(gm, ops, library=LIBRARY)
    ((called, graph, assignment),) = calls
    return split_gm, items, called, graph, assignment


def nodes_in(arg):
    found = []
    torch.fx.node.map_arg(arg, found.append)
    return found


def interface(gm):
    """Each child's name, input names and output names, in order."""
    pieces = []
    for name, piece in gm.named_children():
        nodes = list(piece.graph.nodes)
        pieces.append((name, [n.name for n in nodes if n.op == "placeholder"],
                       [n.name for n in nodes_in(nodes[-1].args[0])]))
    return pieces


def graph_of(gm):
    """Every node of the module and its children, its meta by identity (both
    copy the original node's meta dict, not its values)."""
    return [[(n.op, n.name, str(n.target), str(n.args), str(n.kwargs),
              [(key, id(value)) for key, value in n.meta.items()]) for n in m.graph.nodes]
            for m in [gm] + [c for _, c in gm.named_children()]]


def code_of(gm):
    return [gm.code] + [c.code for _, c in gm.named_children()]


# CHECK-COUNT-20: {{^[a-z_]+, (family|default) ops: split_module_simple, [0-9]+ pieces; split_module's: same inputs and outputs, same nodes and meta, same code$}}
# CHECK-NOT: differ
for family, build in vllm_graphs.FAMILIES.items():
    for which in ("family", None):
        case = build()
        split_gm, items, called, graph, assignment = split(
            case.gm, case.splitting_ops if which else None)
        with _use_lazy_graph_module(True):
            theirs = split_module(graph, None, assignment.__getitem__, keep_original_order=True)
        verdicts = []
        for what, of in (("inputs and outputs", interface), ("nodes and meta", graph_of),
                         ("code", code_of)):
            verdicts.append(("same " if of(split_gm) == of(theirs) else "differ: ") + what)
        print(f"{family}, {which or 'default'} ops: {called}, {len(items)} pieces; "
              f"split_module's: {', '.join(verdicts)}")


def same(want, got):
    return all(torch.equal(a, b) for a, b in zip(want, got))


# A buffer read by a get_attr node, used before and after the attention.
# CHECK-LABEL: with_buffer: split_module, pieces submod_0 submod_1 submod_2
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-NEXT: split_module_simple's submod_0: AttributeError: 'GraphModuleImpl' object has no attribute 'scale'
gm = with_buffer(attention_op("splitsimple"))
unsplit = copy.deepcopy(gm)
split_gm, items, called, graph, assignment = split(gm, ["splitsimple::attn"])
print(f"with_buffer: {called}, pieces", *(item.submod_name for item in items))
x = torch.randn(5, 8)
print("computes the unsplit graph:", same(unsplit(5, x), split_gm(5, x)))
try:
    split_module_simple(graph, assignment)(5, x)
    print("split_module_simple's: computes")
except AttributeError as e:
    print("split_module_simple's submod_0:", f"{type(e).__name__}: {e}")

# A no_grad region around the attention: split_module opens it again at the
# start of each later piece it spans, so each piece run alone (as vLLM
# compiles it) computes without grad.
# CHECK-LABEL: grad_region: split_module, pieces submod_0 submod_1 submod_2
# CHECK-NEXT: computes the unsplit graph: True, requires_grad False
# CHECK-NEXT: submod_2 alone: requires_grad False
# CHECK-NEXT: split_module_simple's submod_2 alone: requires_grad True
gm = grad_region(attention_op("splitsimplegrad"))
unsplit = copy.deepcopy(gm)
split_gm, items, called, graph, assignment = split(gm, ["splitsimplegrad::attn"])
print(f"grad_region: {called}, pieces", *(item.submod_name for item in items))
x, w = torch.randn(5, 8), torch.randn(8, requires_grad=True)
got = split_gm(5, x, w)
print(f"computes the unsplit graph: {same(unsplit(5, x, w), got)}, "
      f"requires_grad {got[0].requires_grad}")
attn = torch.randn(5, 8)
print("submod_2 alone: requires_grad", split_gm.submod_2(attn, 5, w).requires_grad)
print("split_module_simple's submod_2 alone: requires_grad",
      split_module_simple(graph, assignment).submod_2(attn, 5, w).requires_grad)

# The other graphs split_graph does not give the simple one, one reason
# each, on x -> relu (piece 0) -> neg (piece 1) and variations; the
# symbols are s0 of x's shape (s0, 8) without a SymInt placeholder.
# CHECK-LABEL: relu, neg: fits
# CHECK-NEXT: a placeholder with a default value: does not fit
# CHECK-NEXT: a placeholder after a node: does not fit
# CHECK-NEXT: a call_module: does not fit
# CHECK-NEXT: a value crossing into an earlier piece: does not fit
# CHECK-NEXT: a symbol bound by no node: does not fit
# CHECK-NEXT: a symbol bound by a node, not a placeholder: does not fit


def variant(change=None):
    env = ShapeEnv()
    s0 = symint(env, "s0", 5)
    with FakeTensorMode(shape_env=env):
        x = torch.empty(s0, 8) if change in ("no binder", "node binder") else torch.empty(5, 8)
    g = torch.fx.Graph()
    px = node(g, "placeholder", "x", (), x, "x")
    if change == "default":
        g.placeholder("y", default_value=1.0)
    part = {}
    if change == "node binder":
        part[node(g, "call_function", torch.ops.aten.sym_size.int, (px, 0), s0, "d0")] = 0
    relu = node(g, "call_function", torch.relu, (px,), x, "relu")
    part[relu] = 0
    if change == "late placeholder":
        g.placeholder("y")
    if change == "call_module":
        relu = node(g, "call_module", "lin", (relu,), x, "lin")
        part[relu] = 0
    neg = node(g, "call_function", torch.neg, (relu,), x, "neg")
    part[neg] = 1
    if change == "earlier piece":
        part[node(g, "call_function", torch.sigmoid, (neg,), x, "sig")] = 0
    g.output((neg,))
    root = torch.nn.Module()
    root.lin = torch.nn.Linear(8, 8)
    return torch.fx.GraphModule(root, g), part


for label, change in (("relu, neg", None), ("a placeholder with a default value", "default"),
                      ("a placeholder after a node", "late placeholder"),
                      ("a call_module", "call_module"),
                      ("a value crossing into an earlier piece", "earlier piece"),
                      ("a symbol bound by no node", "no binder"),
                      ("a symbol bound by a node, not a placeholder", "node binder")):
    print(f"{label}:", "fits" if _simple_fits(*variant(change)) else "does not fit")
