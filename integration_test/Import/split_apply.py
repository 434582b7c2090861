# split_graph applies fx-split-graph's partition as vLLM 0.34.0's split_graph
# does (vllm/compilation/backends.py, lines 626-635): its one build of the
# pieces (pieces.build) makes what torch's split_module makes of the same
# partition with keep_original_order=True and tuple_return=True (the same
# modules, code, nodes and meta), so that every piece returns a tuple, a
# piece with one output a 1-tuple, which the split module takes apart by
# getitem. Checked on every family of
# Inputs/vllm_graphs.py, at its splitting ops and at the default list. A
# graph that reads a buffer (get_attr) and one with a no_grad region
# (torch._C._set_grad_enabled) compute what the unsplit graph computes, and
# the no_grad region's later piece, run alone as vLLM runs a compiled piece,
# computes without grad.
# REQUIRES: torch
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import copy
import operator
import sys

import torch
import vllm_graphs
from split_api import as_split_module, attention_op, grad_region, recording_splits, with_buffer

from fx_mlir_import import split_graph

LIBRARY = sys.argv[1]


def split(gm, ops):
    """split_graph's result; prints how many builds of the pieces it made and
    whether the last is what split_module makes of its partition."""
    with recording_splits() as calls:
        split_gm, items = split_graph(gm, ops, library=LIBRARY)
    print(f"{len(calls)} build, as split_module builds:", as_split_module(split_gm, *calls[-1]))
    return split_gm, items


def returns(piece):
    """What a piece's output node returns: 'tuple' with its length, or the
    type of its one value."""
    (output,) = (n for n in piece.graph.nodes if n.op == "output")
    value = output.args[0]
    return len(value) if isinstance(value, tuple) else type(value).__name__


def unpacked(split_gm):
    """Whether the split module reads every piece's result by getitem."""
    return all(user.op == "call_function" and user.target is operator.getitem
               for n in split_gm.graph.nodes if n.op == "call_module" for user in n.users)


# CHECK-COUNT-20: {{^[a-z_]+, (family|default) ops: 1 build, as split_module builds: True$}}
# CHECK-NOT: as split_module builds
# CHECK-NEXT: llama, family ops: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-COUNT-18: {{^[a-z_]+, (family|default) ops: [0-9]+ pieces, all return tuples, 1-tuples [0-9]+, results read by getitem: True$}}
# CHECK-NEXT: slice_after_attention, default ops: 1 pieces, all return tuples, 1-tuples 1, results read by getitem: True
lines = []
for family, build in vllm_graphs.FAMILIES.items():
    for which in ("family", None):
        case = build()
        print(f"{family}, {which or 'default'} ops: ", end="")
        split_gm, items = split(case.gm, case.splitting_ops if which else None)
        kinds = [returns(item.graph) for item in items]
        others = [k for k in kinds if not isinstance(k, int)]
        lines.append(f"{family}, {which or 'default'} ops: {len(items)} pieces, "
                     + (f"not a tuple: {others}" if others else "all return tuples")
                     + f", 1-tuples {kinds.count(1)}, results read by getitem: "
                     f"{unpacked(split_gm)}")
print(*lines, sep="\n")


def same(want, got):
    return all(torch.equal(a, b) for a, b in zip(want, got))


# A buffer read by a get_attr node, used before and after the attention.
# CHECK-LABEL: with_buffer: 1 build, as split_module builds: True
# CHECK-NEXT: pieces submod_0 submod_1 submod_2, returning 1 1 1
# CHECK-NEXT: computes the unsplit graph: True
gm = with_buffer(attention_op("splitapply"))
unsplit = copy.deepcopy(gm)
print("with_buffer: ", end="")
split_gm, items = split(gm, ["splitapply::attn"])
print("pieces", *(item.submod_name for item in items), end=", returning ")
print(*(returns(item.graph) for item in items))
x = torch.randn(5, 8)
print("computes the unsplit graph:", same(unsplit(5, x), split_gm(5, x)))

# A no_grad region around the attention: split_module opens it again at the
# start of each later piece it spans, so each piece run alone (as vLLM
# compiles it) computes without grad.
# CHECK-LABEL: grad_region: 1 build, as split_module builds: True
# CHECK-NEXT: pieces submod_0 submod_1 submod_2
# CHECK-NEXT: computes the unsplit graph: True, requires_grad False
# CHECK-NEXT: submod_2 (attn, s0, w) alone: a 1-tuple, requires_grad False
gm = grad_region(attention_op("splitapplygrad"))
unsplit = copy.deepcopy(gm)
print("grad_region: ", end="")
split_gm, items = split(gm, ["splitapplygrad::attn"])
print("pieces", *(item.submod_name for item in items))
x, w = torch.randn(5, 8), torch.randn(8, requires_grad=True)
got = split_gm(5, x, w)
print(f"computes the unsplit graph: {same(unsplit(5, x, w), got)}, "
      f"requires_grad {got[0].requires_grad}")
inputs = [n.target for n in split_gm.submod_2.graph.nodes if n.op == "placeholder"]
(alone,) = split_gm.submod_2(*(dict(attn=torch.randn(5, 8), s0=5, w=w)[i] for i in inputs))
print(f"submod_2 ({', '.join(inputs)}) alone: a 1-tuple, requires_grad", alone.requires_grad)
