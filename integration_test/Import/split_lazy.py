# fx_mlir_import.split_graph returns torch's _LazyGraphModules
# (torch/fx/_lazy_graph_module.py, torch 2.13.0), which generate their code
# on first need, as torch's split_module builds them under
# _use_lazy_graph_module(True) where vLLM 0.34.0 calls it
# (vllm/compilation/backends.py, lines 626-635). For the Llama graph and a
# graph with a get_attr node: nothing is generated while splitting; the code
# is the one eager split_module gives on the same partition and vLLM's arguments
# (same code, names and node meta, piece by piece); what reads the code
# generates it, once; calling computes what the unsplit graph computes;
# pickling, deepcopy and print_readable work on pieces never used; editing a
# piece's graph and calling recompile(), or giving it a new graph, takes
# effect on the next call. Code generation is counted at torch.fx.Graph.python_code, which
# GraphModule.recompile calls.
# REQUIRES: torch
# RUN: %preload_asan %python %s | FileCheck %s

import contextlib
import copy
import io
import operator
import pickle

import torch
import torch.fx
import vllm_graphs
from split_api import (VLLM_SPLIT_MODULE, attention_op, modules, nodes, recording_splits,
                       with_buffer)
from torch.fx._lazy_graph_module import _LazyGraphModule
from torch.fx.passes.split_module import split_module

from fx_mlir_import import split_graph


generated = []
python_code = torch.fx.Graph.python_code


def counting_python_code(graph, *args, **kwargs):
    generated.append(graph)
    return python_code(graph, *args, **kwargs)


torch.fx.Graph.python_code = counting_python_code

ATTN = attention_op("splitlazy")
x = torch.randn(5, 8)


class Case:
    """A graph, its splitting ops, and what the unsplit graph computes."""

    def __init__(self, name, build, ops, inputs):
        self.name, self.build, self.ops, self.inputs = name, build, ops, inputs
        self.want = build()(*inputs)

    def split(self):
        """split_graph's (split module, the graph and partition it built the
        pieces of); building the graph (eager GraphModules) is not
        counted."""
        gm = self.build()
        del generated[:]
        with recording_splits() as calls:
            split_gm, _ = split_graph(gm, self.ops)
        ((graph, assignment),) = calls
        return split_gm, graph, assignment

    def computes(self, gm):
        return all(torch.equal(a, b) for a, b in zip(self.want, gm(*self.inputs)))


llama = vllm_graphs.llama(2)
CASES = [Case("llama", lambda: vllm_graphs.llama(2).gm, llama.splitting_ops, llama.inputs(7)),
         Case("with_buffer", lambda: with_buffer(ATTN), ["splitlazy::attn"], (5, x))]


def stale(gm):
    return [name for name, m in modules(gm) if m._needs_recompile()]


# CHECK-LABEL: llama: split
# CHECK-NEXT: generated while splitting: 0
# CHECK-NEXT: _LazyGraphModules: True
# CHECK-NEXT: stale: top submod_0 submod_1 submod_2 submod_3 submod_4
# CHECK-NEXT: eager split_module: no _LazyGraphModule
# CHECK-NEXT: same code: True
# CHECK-NEXT: same nodes and meta: True
# CHECK-NEXT: code is the graph's: True
# CHECK-LABEL: with_buffer: split
# CHECK-NEXT: generated while splitting: 0
# CHECK-NEXT: _LazyGraphModules: True
# CHECK-NEXT: stale: top submod_0 submod_1 submod_2
# CHECK-NEXT: eager split_module: no _LazyGraphModule
# CHECK-NEXT: same code: True
# CHECK-NEXT: same nodes and meta: True
# CHECK-NEXT: code is the graph's: True
for case in CASES:
    print(f"{case.name}: split")
    split_gm, graph, assignment = case.split()
    print("generated while splitting:", len(generated))
    print("_LazyGraphModules:", all(isinstance(m, _LazyGraphModule) for _, m in modules(split_gm)))
    print("stale:", *stale(split_gm))
    eager = split_module(graph, None, assignment.__getitem__, **VLLM_SPLIT_MODULE)
    print("eager split_module:", "no _LazyGraphModule" if not any(
        isinstance(m, _LazyGraphModule) for _, m in modules(eager)) else "lazy")
    theirs = dict(modules(eager))
    print("same code:", all(m.code == theirs[n].code for n, m in modules(split_gm)))
    print("same nodes and meta:", all(nodes(m) == nodes(theirs[n]) for n, m in modules(split_gm)))
    print("code is the graph's:", all(
        m.code == m.graph.python_code(root_module="self").src for _, m in modules(split_gm)))

# CHECK-LABEL: llama: first use
# CHECK-NEXT: code: 1 generated, submod_0 fresh
# CHECK-NEXT: again: 0 generated
# CHECK-NEXT: str: 1 generated, shows the code: True
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-NEXT: stale after calling: none
# CHECK-LABEL: with_buffer: first use
# CHECK-NEXT: code: 1 generated, submod_0 fresh
# CHECK-NEXT: again: 0 generated
# CHECK-NEXT: str: 1 generated, shows the code: True
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-NEXT: stale after calling: none
for case in CASES:
    print(f"{case.name}: first use")
    split_gm, *_ = case.split()
    code = split_gm.submod_0.code
    print(f"code: {len(generated)} generated, submod_0",
          "stale" if split_gm.submod_0._needs_recompile() else "fresh")
    del generated[:]
    assert split_gm.submod_0.code == code
    print(f"again: {len(generated)} generated")
    text = str(split_gm.submod_2)
    print(f"str: {len(generated)} generated, shows the code:", split_gm.submod_2.code in text)
    print("computes the unsplit graph:", case.computes(split_gm))
    print("stale after calling:", *(stale(split_gm) or ["none"]))

# Split modules whose code was never generated: pickled and unpickled (which
# generates it, then traces it), deep-copied (still lazy), printed readable.
# CHECK-LABEL: llama: never used
# CHECK-NEXT: pickle: computes the unsplit graph: True
# CHECK-NEXT: deepcopy: stale, computes the unsplit graph: True
# CHECK-NEXT: print_readable: class GraphModule(torch.nn.Module):
# CHECK-NEXT: print_readable has the forward: True
# CHECK-LABEL: with_buffer: never used
# CHECK-NEXT: pickle: computes the unsplit graph: True
# CHECK-NEXT: deepcopy: stale, computes the unsplit graph: True
# CHECK-NEXT: print_readable: class GraphModule(torch.nn.Module):
# CHECK-NEXT: print_readable has the forward: True
for case in CASES:
    print(f"{case.name}: never used")
    split_gm, *_ = case.split()
    print("pickle: computes the unsplit graph:",
          case.computes(pickle.loads(pickle.dumps(split_gm))))
    split_gm, *_ = case.split()
    copied = copy.deepcopy(split_gm)
    print("deepcopy:", "stale," if copied._needs_recompile() else "fresh,",
          "computes the unsplit graph:", case.computes(copied))
    split_gm, *_ = case.split()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        split_gm.submod_0.print_readable()
    print("print_readable:", out.getvalue().splitlines()[0])
    print("print_readable has the forward:", "def forward(self" in out.getvalue())

# Editing the graph of a piece that already ran: recompile() marks it stale
# and the next call runs the edit; a new graph, the same.
# CHECK-LABEL: with_buffer: edits
# CHECK-NEXT: recompile: stale, has the edit True
# CHECK-NEXT: edited: True
# CHECK-NEXT: new graph: stale
# CHECK-NEXT: new graph computes: True
case = CASES[1]
print("with_buffer: edits")
split_gm, *_ = case.split()
split_gm(5, x)
piece = split_gm.submod_2  # add = attn + scale
add = next(n for n in piece.graph.nodes if n.target is operator.add)
with piece.graph.inserting_after(add):
    doubled = piece.graph.call_function(operator.mul, (add, 2))
add.replace_all_uses_with(doubled)
doubled.args = (add, 2)
piece.recompile()
print("recompile:", "stale," if piece._needs_recompile() else "fresh,",
      "has the edit", "add * 2" in piece.code)
print("edited:", torch.equal(split_gm(5, x)[0], 2 * case.want[0]))

split_gm, *_ = case.split()
split_gm(5, x)
piece = split_gm.submod_2
fresh = copy.deepcopy(piece.graph)
for n in fresh.nodes:
    if n.target is operator.add:
        n.target = operator.sub
piece.graph = fresh
print("new graph:", "stale" if piece._needs_recompile() else "fresh")
scale = torch.linspace(0.5, 2.0, 8)
print("new graph computes:", torch.equal(split_gm(5, x)[0], (x * scale) * 2 - scale))
