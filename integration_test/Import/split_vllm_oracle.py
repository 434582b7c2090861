# vLLM's own split_graph as the oracle of fx_mlir_import.split_graph: both
# split deep copies of every graph of Inputs/vllm_graphs.py, at its family's
# splitting ops and at vLLM's default list (what
# CompilationConfig.set_splitting_ops_for_v1 makes of splitting_ops=None), and
# must agree on the SplitItems (names, ids, is_splitting_graph), the order in
# which the split graph calls the pieces, the piece of every node, each
# piece's inputs and outputs in order and whether it returns a tuple, and the
# sym_shape_indices vLLM's PiecewiseCompileInterpreter would pass each
# compiled piece; both split graphs must compute what the unsplit one computes
# at three token counts. Each disagreement is one line; the run exits 1 when a
# split graph computes something else or a split_graph raises.
#
# vLLM 0.34.0 (vllm/compilation/backends.py) is installed beside torch 2.13.0
# by utils/install-vllm.sh.
# REQUIRES: torch, vllm
# RUN: %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

# vLLM 0.34.0 on torch 2.13 passes split_module tuple_return=True (torch is at
# least 2.12.0.dev, vllm/compilation/backends.py:627), so each of its pieces
# with one output returns a 1-tuple; fx-mlir's returns the value. That is the
# one disagreement: pieces, nodes, inputs, outputs, calls and
# sym_shape_indices are vLLM's on every graph.
# CHECK-LABEL: llama, family ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: 1 difference
# CHECK-NEXT: submod_4 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: llama, default ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: 1 difference
# CHECK-NEXT: submod_4 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: qwen, family ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: 1 difference
# CHECK-NEXT: submod_4 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: qwen, default ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: 1 difference
# CHECK-NEXT: submod_4 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: mla, family ops:
# CHECK-SAME: vLLM pieces 0 1* 3* 4 5* 7* 8: 3 differences
# CHECK-NEXT: submod_1 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_5 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_8 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: mla, default ops:
# CHECK-SAME: vLLM pieces 0 1* 3* 4 5* 7* 8: 3 differences
# CHECK-NEXT: submod_1 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_5 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_8 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: moe, family ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4 5* 6 7* 8: 3 differences
# CHECK-NEXT: submod_3 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_7 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_8 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: moe, default ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: 1 difference
# CHECK-NEXT: submod_4 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: hybrid, family ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4 5* 6: 1 difference
# CHECK-NEXT: submod_6 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: hybrid, default ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4 5* 6: 1 difference
# CHECK-NEXT: submod_6 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: lora, family ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: 1 difference
# CHECK-NEXT: submod_4 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: lora, default ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: 1 difference
# CHECK-NEXT: submod_4 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: tuple_attention, family ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-LABEL: tuple_attention, default ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-LABEL: cascade, family ops:
# CHECK-SAME: vLLM pieces 0 1* 3* 4 5* 7* 8: 1 difference
# CHECK-NEXT: submod_8 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: cascade, default ops:
# CHECK-SAME: vLLM pieces 0: 1 difference
# CHECK-NEXT: submod_0 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: overloads, family ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4 5* 6 7* 8 9* 10 11* 12: 5 differences
# CHECK-NEXT: submod_2 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_3 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_8 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_9 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_12 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: overloads, default ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4 5* 6 7* 8 9* 10 11* 12: 5 differences
# CHECK-NEXT: submod_2 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_3 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_8 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_9 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_12 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: slice_after_attention, family ops:
# CHECK-SAME: vLLM pieces 0 1* 2 3* 4: 3 differences
# CHECK-NEXT: submod_1 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_3 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: submod_4 returns a tuple: vLLM True, fx-mlir False
# CHECK-LABEL: slice_after_attention, default ops:
# CHECK-SAME: vLLM pieces 0: 1 difference
# CHECK-NEXT: submod_0 returns a tuple: vLLM True, fx-mlir False
# CHECK-NEXT: 20 runs, 18 disagree with vLLM, 0 failures

import copy
import inspect
import operator
import sys

import torch
from vllm.compilation.backends import split_graph as vllm_split_graph
from vllm.config import CompilationConfig
from vllm.config.compilation import CompilationMode

from fx_mlir_import import split_graph
import vllm_graphs

TOKENS = (1, 7, 33)


def default_splitting_ops():
    """vLLM's splitting ops when none are configured, Inductor's graph
    partition off (vllm/config/compilation.py, set_splitting_ops_for_v1)."""
    config = CompilationConfig(mode=CompilationMode.VLLM_COMPILE)
    config.set_splitting_ops_for_v1("naive")
    return config.splitting_ops


def key(node, by_name):
    """A node's name as built (meta['orig_name']); a node of the size
    decomposition is `sym_size(<tensor>,<dim>)`; a piece's placeholder is
    the node of the decomposed graph it stands for."""
    if node.op == "placeholder" and node.target in by_name:
        node = by_name[node.target]
    if "orig_name" in node.meta:
        return node.meta["orig_name"]
    if node.target is torch.ops.aten.sym_size.int:
        return f"sym_size({key(node.args[0], by_name)},{node.args[1]})"
    return f"?{node.name}"


def describe(split_gm, items, decomposed):
    """What a split says, in the original graph's names."""
    by_name = {n.name: n for n in decomposed.graph.nodes}
    place, pieces = {}, {}
    for item in items:
        inputs, returned, is_tuple = [], [], False
        for n in item.graph.graph.nodes:
            if n.op == "placeholder":
                inputs.append(key(n, by_name))
            elif n.op == "output":
                is_tuple = isinstance(n.args[0], (tuple, list))
                torch.fx.node.map_arg(n.args[0], lambda m: returned.append(key(m, by_name)))
            else:
                place[key(n, by_name)] = item.submod_name
        pieces[item.submod_name] = (inputs, returned, is_tuple)
    return {
        "items": [(i.submod_name, i.graph_id, i.is_splitting_graph) for i in items],
        "calls": [n.target for n in split_gm.graph.nodes if n.op == "call_module"],
        "place": place,
        "pieces": pieces,
        "sym_shape_indices": sym_shape_indices(split_gm, items),
    }


def sym_shape_indices(split_gm, items):
    """{piece: positions of its SymInt arguments} for the pieces vLLM
    compiles, as PiecewiseCompileInterpreter.call_module computes them
    (vllm/compilation/backends.py, vllm 0.34.0): from the example values,
    a piece's result being its output nodes' example values."""
    compiled = {i.submod_name for i in items if not i.is_splitting_graph}
    env, found = {}, {}
    for node in split_gm.graph.nodes:
        if node.op == "placeholder":
            env[node] = node.meta.get("example_value")
        elif node.op == "call_module":
            args = torch.fx.node.map_arg(node.args, env.__getitem__)
            if node.target in compiled:
                found[node.target] = [i for i, a in enumerate(args)
                                      if isinstance(a, torch.SymInt)]
            out = getattr(split_gm, node.target).graph.output_node()
            env[node] = torch.fx.node.map_arg(out.args[0], lambda n: n.meta["example_value"])
        elif node.op == "call_function" and node.target is operator.getitem:
            env[node] = env[node.args[0]][node.args[1]]
    return found


def differences(want, got):
    """One line per thing fx-mlir's split says otherwise than vLLM's."""
    lines = []
    for what in ("items", "calls", "sym_shape_indices"):
        if want[what] != got[what]:
            lines.append(f"{what}: vLLM {want[what]}, fx-mlir {got[what]}")
    for node in sorted(set(want["place"]) | set(got["place"])):
        if want["place"].get(node) != got["place"].get(node):
            lines.append(f"node {node}: vLLM {want['place'].get(node)}, "
                         f"fx-mlir {got['place'].get(node)}")
    for name in sorted(want["pieces"].keys() & got["pieces"].keys(), key=lambda s: int(s[7:])):
        (w_in, w_out, w_tuple), (g_in, g_out, g_tuple) = want["pieces"][name], got["pieces"][name]
        if w_in != g_in:
            lines.append(f"{name} inputs: vLLM {w_in}, fx-mlir {g_in}")
        if w_out != g_out:
            lines.append(f"{name} outputs: vLLM {w_out}, fx-mlir {g_out}")
        if w_tuple != g_tuple:
            lines.append(f"{name} returns a tuple: vLLM {w_tuple}, fx-mlir {g_tuple}")
    return lines


def computes_the_same(want, got):
    """Bitwise the same, or within float tolerance (a piece is another
    program)."""
    if len(want) != len(got):
        return False
    return all(torch.equal(a, b) or (a.shape == b.shape and torch.allclose(a, b, 1e-5, 1e-6))
               for a, b in zip(want, got))


def main(library):
    ours = split_graph
    if "library" in inspect.signature(split_graph).parameters:
        ours = lambda gm, ops: split_graph(gm, ops, library=library)  # noqa: E731
    defaults = default_splitting_ops()
    runs = disagreements = failures = 0
    for family, build in vllm_graphs.FAMILIES.items():
        case = build(3 if family == "hybrid" else 2)
        for label, ops in (("family ops", case.splitting_ops), ("default ops", defaults)):
            runs += 1
            title = f"{family}, {label}"
            theirs_gm, ours_gm = copy.deepcopy(case.gm), copy.deepcopy(case.gm)
            try:
                theirs = vllm_split_graph(theirs_gm, list(ops))
                mine = ours(ours_gm, list(ops))
            except Exception as err:
                failures += 1
                print(f"{title}: raised {type(err).__name__}: {str(err).splitlines()[0]}")
                continue
            lines = differences(describe(*theirs, theirs_gm), describe(*mine, ours_gm))
            pieces = " ".join(f"{i.graph_id}{'*' if i.is_splitting_graph else ''}"
                              for i in theirs[1])
            print(f"{title}: vLLM pieces {pieces}: "
                  + (f"{len(lines)} difference{'s' * (len(lines) > 1)}" if lines
                     else "the same split"))
            disagreements += bool(lines)
            for line in lines:
                print(f"  {line}")
            for n in TOKENS:
                want = case.gm(*case.inputs(n))
                for who, (split_gm, _) in (("vLLM", theirs), ("fx-mlir", mine)):
                    if not computes_the_same(want, split_gm(*case.inputs(n))):
                        failures += 1
                        print(f"{title}: {who}'s split graph computes something else "
                              f"at {n} tokens")
    print(f"{runs} runs, {disagreements} disagree with vLLM, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
