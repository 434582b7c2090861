# fx_mlir_import.split_graph returns GraphModules that generate their code on
# first need (split_module's lazy=True): nothing is generated while
# splitting; the split is the one eager split_module gives (same code, names
# and node meta, piece by piece); what reads the code generates it, once;
# calling computes what the unsplit graph computes; pickling, deepcopy,
# print_readable, symbolic_trace and torch.jit.script work on pieces that were
# never used; editing a graph and recompiling, or assigning a new graph,
# behaves as on a GraphModule. Code generation is counted at
# torch.fx.Graph.python_code, which GraphModule.recompile calls. (This is
# split_module.py's own LazyGraphModule, torch 1.13's case; a torch with
# _LazyGraphModule is used instead, and its recompile() is lazy.)
# REQUIRES: torch
# RUN: %python %s %fx_obj_root/bin/fx-opt | FileCheck %s

import contextlib
import copy
import inspect
import io
import operator
import pickle
import sys

import torch
import torch.fx

import vllm_graphs
import fx_mlir_import.split_module as split_module_py
from fx_mlir_import import split_graph

FX_OPT = sys.argv[1]
TOKENS = (1, 7)

generated = []
python_code = torch.fx.Graph.python_code


def counting_python_code(graph, *args, **kwargs):
    generated.append(graph)
    return python_code(graph, *args, **kwargs)


torch.fx.Graph.python_code = counting_python_code


def modules(gm):
    return [("top", gm)] + list(gm.named_children())


def stale(gm):
    return [name for name, m in modules(gm) if m._needs_recompile()]


def computes_unsplit(gm, unsplit):
    return all(
        all(torch.equal(a, b) for a, b in zip(unsplit.gm(*unsplit.inputs(n)),
                                               gm(*unsplit.inputs(n))))
        for n in TOKENS)


def lazy_split():
    case = vllm_graphs.llama(2)  # an eager GraphModule: not counted
    del generated[:]
    return split_graph(case.gm, case.splitting_ops, fx_opt=FX_OPT)


def eager_split():
    """split_graph with split_module's default, eager GraphModules."""
    lazy_module = split_module_py.split_module

    def eager(*args, **kwargs):
        kwargs["lazy"] = False
        return lazy_module(*args, **kwargs)

    split_module_py.split_module = eager
    try:
        return lazy_split()
    finally:
        split_module_py.split_module = lazy_module


unsplit = vllm_graphs.llama(2)

# CHECK-LABEL: split
# CHECK-NEXT: generated while splitting: 0
# CHECK-NEXT: GraphModules: True
# CHECK-NEXT: stale: top submod_0 submod_1 submod_2 submod_3 submod_4
print("split")
split_gm, items = lazy_split()
print("generated while splitting:", len(generated))
print("GraphModules:", all(isinstance(m, torch.fx.GraphModule) for _, m in modules(split_gm))
      and all(item.graph is getattr(split_gm, item.submod_name) for item in items))
print("stale:", *stale(split_gm))

# The split is eager split_module's: code, node names, targets and meta.
# CHECK-LABEL: as eager
# CHECK-NEXT: eager: no LazyGraphModule
# CHECK-NEXT: same code: True
# CHECK-NEXT: same nodes and meta: True
# CHECK-NEXT: code is the graph's: True
print("as eager")
eager_gm, _ = eager_split()
print("eager:", "no LazyGraphModule" if not any(
    isinstance(m, split_module_py.LazyGraphModule) for _, m in modules(eager_gm)) else "lazy")
print("same code:", all(m.code == getattr(eager_gm, n).code if n != "top" else
                        m.code == eager_gm.code for n, m in modules(split_gm)))


def nodes(gm):
    return [(n.op, n.name, str(n.target), str(n.args), str(n.kwargs),
             sorted(n.meta), [str(v) for _, v in sorted(n.meta.items())])
            for n in gm.graph.nodes]


print("same nodes and meta:", all(
    nodes(m) == nodes(eager_gm if n == "top" else getattr(eager_gm, n))
    for n, m in modules(split_gm)))
print("code is the graph's:", all(
    m.code == m.graph.python_code(root_module="self").src for _, m in modules(split_gm)))

# CHECK-LABEL: first use
# CHECK-NEXT: code: 1 generated, submod_0 fresh
# CHECK-NEXT: again: 0 generated
# CHECK-NEXT: str: 1 generated, shows the code: True
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-NEXT: stale after calling: none
print("first use")
split_gm, items = lazy_split()
code = split_gm.submod_0.code
print(f"code: {len(generated)} generated, submod_0",
      "stale" if split_gm.submod_0._needs_recompile() else "fresh")
del generated[:]
assert split_gm.submod_0.code == code
print(f"again: {len(generated)} generated")
text = str(split_gm.submod_2)
print(f"str: {len(generated)} generated, shows the code:",
      split_gm.submod_2.code in text)
print("computes the unsplit graph:", computes_unsplit(split_gm, unsplit))
print("stale after calling:", *(stale(split_gm) or ["none"]))

# Never-used pieces: forward (and its signature) read from the class, as
# symbolic_trace reads it, deepcopy, print_readable. (Unpickling retraces
# the code, which these pieces' torch.empty of SymInt sizes do not allow on
# torch 1.13, eager or not: pickling is checked on the module below.)
# CHECK-LABEL: unused pieces
# CHECK-NEXT: forward from the class: eager's signature True fresh
# CHECK-NEXT: deepcopy: computes the unsplit graph: True
# CHECK-NEXT: print_readable: class GraphModule(torch.nn.Module):
# CHECK-NEXT: print_readable has the forward: True
print("unused pieces")
split_gm, _ = lazy_split()
signature = inspect.signature(type(split_gm.submod_2).forward)
print("forward from the class: eager's signature",
      signature == inspect.signature(type(eager_gm.submod_2).forward),
      "stale" if split_gm.submod_2._needs_recompile() else "fresh")
split_gm, _ = lazy_split()
print("deepcopy: computes the unsplit graph:",
      computes_unsplit(copy.deepcopy(split_gm), unsplit))
split_gm, _ = lazy_split()
out = io.StringIO()
with contextlib.redirect_stdout(out):
    split_gm.submod_0.print_readable()
print("print_readable:", out.getvalue().splitlines()[0])
print("print_readable has the forward:", "def forward(self" in out.getvalue())

# torch.jit.script, symbolic_trace and graph edits, on a module of torch ops.


class Small(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x, y):
        a = self.lin(x).relu()
        return (a + y).sum(), a


small = torch.fx.symbolic_trace(Small())
part = {n: 0 if n.op == "call_module" else 1 for n in small.graph.nodes}
x, y = torch.randn(2, 4), torch.randn(2, 4)


def lazy_small():
    return split_module_py.split_module(small, None, part.__getitem__, lazy=True)


def same(a, b):
    return all(torch.equal(p, q) for p, q in zip(a, b))


# CHECK-LABEL: small
# CHECK-NEXT: stale: top submod_0 submod_1
# CHECK-NEXT: scripted: True
# CHECK-NEXT: symbolic_trace: same code True
# CHECK-NEXT: pickled: True
# CHECK-NEXT: recompile: PythonCode, fresh, has the edit True
# CHECK-NEXT: edited: True
# CHECK-NEXT: new graph: stale
# CHECK-NEXT: new graph computes: True
print("small")
print("stale:", *stale(lazy_small()))
print("scripted:", same(torch.jit.script(lazy_small())(x, y), small(x, y)))
piece = lazy_small().submod_1
print("symbolic_trace: same code", torch.fx.symbolic_trace(piece).code == piece.code)
print("pickled:", same(pickle.loads(pickle.dumps(lazy_small()))(x, y), small(x, y)))

gm = lazy_small()
piece = gm.submod_1
relu = next(n for n in piece.graph.nodes if n.name == "relu")
with piece.graph.inserting_after(relu):
    doubled = piece.graph.call_function(operator.mul, (relu, 2))
relu.replace_all_uses_with(doubled)
doubled.args = (relu, 2)
result = piece.recompile()
print(f"recompile: {type(result).__name__},",
      "stale" if piece._needs_recompile() else "fresh,",
      "has the edit", "relu * 2" in piece.code)
want = small(x, y)
print("edited:", same(gm(x, y), ((2 * want[1] + y).sum(), 2 * want[1])))

gm = lazy_small()
gm(x, y)
piece = gm.submod_1
fresh = copy.deepcopy(piece.graph)
for n in fresh.nodes:
    if n.target is operator.add:
        n.target = operator.sub
piece.graph = fresh
print("new graph:", "stale" if piece._needs_recompile() else "fresh")
print("new graph computes:", same(gm(x, y), ((want[1] - y).sum(), want[1])))
