# A refused split leaves gm as it was, a split module returns what the graph
# returns, and threads may call it at once: split_graph on the odd graphs of
# issue 26. A refusal leaves gm as it was (nodes, args, meta, code, what it
# computes), even where torch's split_module raises; sym_size.int(x, 0) keeps
# its dim, also on a second split of the same graph; a returned x.size() comes
# back a torch.Size; a returned get_attr comes back; a dead x.size() numbers
# the pieces as vLLM 0.34.0 does; a graph without metadata splits as in vLLM;
# 8 threads calling a fresh split module at once all get what the unsplit
# graph computes.
# REQUIRES: torch, vllm
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import sys
import threading

import torch
from split_api import (attention_op, dead_size, long_graph, returns_size, size_and_shape,
                       sym_size_dim, traced, without_s0)

from fx_mlir_import import FxImportError, split_graph
from vllm.compilation.backends import split_graph as vllm_split_graph

LIBRARY = sys.argv[1]
ATTN = attention_op("splitodd")
OPS = ["splitodd::attn"]


def snapshot(gm):
    return (gm.code, [(n.name, n.op, n.target, str(n.args), str(n.kwargs), dict(n.meta))
                      for n in gm.graph.nodes])


def x_of(n):
    return torch.arange(n * 8, dtype=torch.float32).reshape(n, 8)


# A torch.Size of no size node crosses the cut: fx-mlir refuses, after
# x.size() was decomposed in its copy; gm is as it was and computes the same.
# CHECK-LABEL: refused: node 'shape' cannot cross from submod_0 to submod_2
# CHECK-NEXT: gm unchanged: True
# CHECK-NEXT: computes the same: True
gm = size_and_shape(ATTN)
want, before = gm(5, x_of(5)), snapshot(gm)
try:
    split_graph(gm, OPS, library=LIBRARY)
except FxImportError as e:
    print("refused:", str(e).split(":")[0])
print("gm unchanged:", snapshot(gm) == before)
print("computes the same:", torch.equal(gm(5, x_of(5))[0], want[0]))

# torch's split_module raises: x's s0 has no SymInt placeholder, and the
# first node with s0 for example value, which split_module passes to each
# piece that needs s0, is the sym_size node of the view's size, in the
# view's piece: a cycle, named. gm is still as it was.
# CHECK-LABEL: refused: torch.fx's split_module cannot apply fx-split-graph's partition: node 'sym_size_int' is the first to have symbol s0 and no placeholder has it, so split_module passes it from there to the pieces whose inputs have it in their shapes, some before it (RuntimeError: cycle exists between partitions!; give the graph a SymInt placeholder for it)
# CHECK-NEXT: gm unchanged: True
gm = without_s0(ATTN)
before = snapshot(gm)
try:
    split_graph(gm, OPS, library=LIBRARY)
except FxImportError as e:
    print("refused:", e)
print("gm unchanged:", snapshot(gm) == before)

# sym_size.int(x, 0) is x.size(0), not a dimless size: left alone, twice.
# CHECK-LABEL: sym_size(x, 0), first split: 3 pieces, computes the same: True
# CHECK-NEXT: second split: 3 pieces, computes the same: True
gm = sym_size_dim(ATTN)
for label in ("sym_size(x, 0), first split", "second split"):
    split_gm, items = split_graph(gm, OPS, library=LIBRARY)
    print(f"{label}: {len(items)} pieces, computes the same:",
          torch.equal(split_gm(5, x_of(5))[0], x_of(5) * 2 * 5))

# A returned x.size() is a torch.Size, built in the split module from the
# dims, not a piece's output; a returned get_attr comes back too.
# CHECK-LABEL: returned: torch.Size([5, 8]) True
# CHECK-NEXT: returned get_attr: True
# CHECK-NEXT: no piece returns a torch.Size: True
gm = returns_size(ATTN)
split_gm, items = split_graph(gm, OPS, library=LIBRARY)
_, got, got_scale = split_gm(5, x_of(5))
print("returned:", got, type(got) is torch.Size)
print("returned get_attr:", torch.equal(got_scale, gm.scale))
print("no piece returns a torch.Size:",
      all(n.target is not torch.Size for item in items
          for n in item.graph.graph.output_node().all_input_nodes))


# A dead x.size() of a splitting op's output: vLLM 0.34.0 leaves its
# sym_size node between the two attention ops, which parts them.
# CHECK-LABEL: dead size: vLLM [0, 1, 2, 3], fx-mlir [0, 1, 2, 3]
_, vllm_items = vllm_split_graph(dead_size(ATTN), OPS)
_, items = split_graph(dead_size(ATTN), OPS, library=LIBRARY)
print(f"dead size: vLLM {[i.graph_id for i in vllm_items]}, fx-mlir {[i.graph_id for i in items]}")


# 8 threads call a fresh split module at once, 30 times: every call gets
# what the unsplit graph computes (torch's lazy modules generate their code
# concurrently otherwise: UnboundLocalError, missing "forward").
# CHECK-LABEL: threads: 240 calls, 0 wrong
sys.setswitchinterval(1e-6)
unsplit = long_graph(ATTN)
want = unsplit(5, x_of(5))
calls, wrong = 0, []
for _ in range(30):
    split_gm, _ = split_graph(long_graph(ATTN), OPS, library=LIBRARY)
    barrier = threading.Barrier(8)

    def call():
        barrier.wait()
        try:
            if not torch.equal(split_gm(5, x_of(5))[0], want[0]):
                wrong.append("differs")
        except Exception as e:  # what the race raises
            wrong.append(repr(e))

    threads = [threading.Thread(target=call) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    calls += 8
print(f"threads: {calls} calls, {len(wrong)} wrong", wrong[:1])


# No metadata at all (symbolic_trace's graph): vLLM 0.34.0 splits it, as it
# needs example values only for the tensor of a dimless x.size(); so does
# fx-mlir, the placeholder being an unmodelled value.
# CHECK-LABEL: no metadata: vLLM [0, 1, 2], fx-mlir [0, 1, 2], computes the same: True
unsplit = traced(ATTN)
_, vllm_items = vllm_split_graph(traced(ATTN), OPS)
split_gm, items = split_graph(traced(ATTN), OPS, library=LIBRARY)
print(f"no metadata: vLLM {[i.graph_id for i in vllm_items]}, fx-mlir {[i.graph_id for i in items]},",
      "computes the same:", torch.equal(split_gm(x_of(5)), unsplit(x_of(5))))
