# split_graph has vLLM 0.34.0's signature and return: it takes the splitting
# ops as names, OpOverloads or packets (anything else is one error) and
# returns the split module and a SplitItem per piece, filling `stats` with its
# stages; the partition is fx-split-graph's map. A Dynamo-style graph (SymInt
# placeholder s0, every node's meta['example_value'] fake) with a
# tuple-returning attention op twice, unpacked by getitems: the getitems keep
# the two apart (vLLM's node.next rule), and the x.size() after the second one
# is decomposed into a sym_size node right after its tensor, as vLLM's
# _decompose_size_nodes places it. The split module computes what the graph
# computes.
# REQUIRES: torch
# RUN: %preload_asan %python %s | FileCheck %s

import copy

import torch
from split_api import tuple_attention

from fx_mlir_import import SplitItem, split_graph


gm = tuple_attention()
unsplit = copy.deepcopy(gm)
stats = {}
split_gm, items = split_graph(gm, ["splitapi::attn"], stats=stats)

# The sym_size node follows getitem_2, which vLLM puts in attn_1's piece; it
# is not a getitem, so it goes to the next id, 4.
# CHECK: submod_0 0 False relu
# CHECK-NEXT: submod_1 1 True splitapi.attn.default getitem getitem
# CHECK-NEXT: submod_3 3 True splitapi.attn.default getitem
# CHECK-NEXT: submod_4 4 False aten.sym_size.int view add
def target(n):
    return getattr(n.target, "__name__", None) if callable(n.target) and not isinstance(
        n.target, torch._ops.OpOverload) else str(n.target)


for item in items:
    assert isinstance(item, SplitItem)
    nodes = [target(n) for n in item.graph.graph.nodes if n.op not in ("placeholder", "output")]
    print(item.submod_name, item.graph_id, item.is_splitting_graph, *nodes)

# CHECK-NEXT: stages: build decompose import passes
print("stages:", *sorted(stats))

# CHECK-NEXT: 3: same
# CHECK-NEXT: 5: same
# CHECK-NEXT: 9: same
for tokens in (3, 5, 9):
    x = torch.randn(tokens, 8)
    expected, got = unsplit(tokens, x), split_gm(tokens, x)
    same = all(torch.equal(a, b) for a, b in zip(expected, got))
    print(f"{tokens}: {'same' if same else 'DIFFERENT'}")

# Newer vLLM passes the splitting ops resolved (OpOverloads); a packet and
# its .default name the same op, so the partition is the same.
# CHECK-NEXT: resolved: 0 1 3 4
# CHECK-NEXT: packet: 0 1 3 4
for label, op in (("resolved", torch.ops.splitapi.attn.default),
                  ("packet", torch.ops.splitapi.attn)):
    _, resolved_items = split_graph(copy.deepcopy(unsplit), [op])
    print(f"{label}:", *(item.graph_id for item in resolved_items))

# CHECK-NEXT: error: splitting op 3 is neither a name nor a torch op
try:
    split_graph(copy.deepcopy(unsplit), [3])
except Exception as e:
    print("error:", e)
