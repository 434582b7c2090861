# split_graph applies fx-split-graph's partition as vLLM 0.34.0's split_graph
# does (vllm/compilation/backends.py, lines 626-635): its one build of the
# pieces (pieces.build) makes what torch's split_module makes of the same
# partition with keep_original_order=True and tuple_return=True (the same
# modules, code, nodes and meta), so that every piece returns a tuple, a
# piece with one output a 1-tuple, which the split module takes apart by
# getitem. Checked here on a graph that reads a buffer (get_attr) and one
# with a no_grad region (torch._C._set_grad_enabled), which compute what the
# unsplit graph computes; the no_grad region's later piece, run alone as
# vLLM runs a compiled piece, computes without grad. The same build on every
# family of Inputs/vllm_graphs.py is checked in split_vllm_families.py.
# REQUIRES: torch
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import copy
import sys

import torch
from split_api import (as_split_module, attention_op, grad_region, recording_splits, returns,
                       with_buffer)

from fx_mlir_import import split_graph

LIBRARY = sys.argv[1]


def split(gm, ops):
    """split_graph's result; prints how many builds of the pieces it made and
    whether the last is what split_module makes of its partition."""
    with recording_splits() as calls:
        split_gm, items = split_graph(gm, ops, library=LIBRARY)
    print(f"{len(calls)} build, as split_module builds:", as_split_module(split_gm, *calls[-1]))
    return split_gm, items


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
