# vLLM's own split_graph as the oracle of fx_mlir_import.split_graph: both
# split deep copies of every graph of Inputs/vllm_graphs.py, at its family's
# splitting ops and at the default lists (vLLM's: what
# CompilationConfig.set_splitting_ops_for_v1 makes of splitting_ops=None;
# fx-mlir's: splitting_ops=None), and of a few graphs below (EDGES) that
# touch the rules where vLLM and fx-mlir are known to part. Compared: the
# SplitItems (names, ids, is_splitting_graph), the order in which the split
# graph calls the pieces, the piece of every node, each piece's inputs and
# outputs in order and whether it returns a tuple, and the sym_shape_indices
# vLLM's PiecewiseCompileInterpreter would pass each compiled piece; every
# split graph must compute what the unsplit one computes at three token
# counts. Each disagreement is one line; the run exits 1 when a split graph
# computes something else or fx-mlir's split_graph raises.
#
# vLLM 0.34.0 is installed beside torch 2.13.0 by utils/install-vllm.sh;
# paths below are in its site-packages.
# REQUIRES: torch, vllm
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

# Where they part, each a documented choice of fx-mlir's
# (docs/DesignNotes.md, "vLLM itself as the oracle"):
# - A size in a keyword argument: vLLM's _decompose_size_nodes replaces it
#   only among positional arguments (backends.py:567-576) and then fails to
#   erase it; fx-mlir splits the graph.
# - x.shape as a getattr node: vLLM decomposes only call_method size
#   (backends.py:516) and lets the torch.Size cross; fx-mlir sends its
#   SymInt.
# On every family, at its ops and at the default lists, the splits are the
# same: SplitItems, calls, nodes, inputs, outputs, 1-tuples and
# sym_shape_indices.
# CHECK-COUNT-20: {{^[a-z_]+, (family|default) ops: vLLM pieces [0-9* ]+: the same split$}}
# CHECK-NEXT: size_in_keyword: vLLM raised RuntimeError: Tried to erase Node size but it still had 1 users in the graph: {reshaped: None}!
# CHECK-NEXT: shape_attribute: vLLM pieces 0 1* 2: 5 differences
# CHECK-NEXT: sym_shape_indices: vLLM {'submod_0': [1], 'submod_2': [1]}, fx-mlir {'submod_0': [1], 'submod_2': [1, 2]}
# CHECK-NEXT: node shape: vLLM submod_0, fx-mlir None
# CHECK-NEXT: node sym_size(x,0): vLLM None, fx-mlir submod_0
# CHECK-NEXT: submod_0 outputs: vLLM ['shape'], fx-mlir ['sym_size(x,0)']
# CHECK-NEXT: submod_2 inputs: vLLM ['short_conv', 's0', 'shape'], fx-mlir ['short_conv', 's0', 'sym_size(x,0)']
# CHECK-NEXT: one_list_ops, default ops: vLLM pieces 1* 2 3* 4: the same split
# CHECK-NEXT: 23 runs, 2 disagree with vLLM, 0 failures

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
from vllm_reference import sym_shape_indices

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


# Stand-ins for the splitting ops that only one default list has: vLLM
# 0.34.0's (vllm/config/compilation.py:925-947) has zaya_cca and
# step5_csa_attention, fx-split-graph's qwen4_exp_compute_ple_ngram_ids.
_LIB = torch.library.Library("vllm", "FRAGMENT")
for _name in ("zaya_cca", "step5_csa_attention", "qwen4_exp_compute_ple_ngram_ids"):
    _LIB.define(f"{_name}(Tensor x, str layer_name) -> Tensor")
    _LIB.impl(_name, lambda x, layer_name: x * 2 + 1, "CPU")


def _tokens_and_conv(name):
    """A graph builder with tokens x, and vllm::short_conv of x."""
    b = vllm_graphs.Builder(name)
    x = b.tokens("x", vllm_graphs.HIDDEN)
    conv = b.call(vllm_graphs.OPS.short_conv.default, (x, "conv"),
                  b.fake("n", vllm_graphs.HIDDEN), "short_conv")
    return b, x, conv


def size_in_keyword():
    """`torch.reshape(conv, shape=x.size())`: the size is a keyword
    argument, where vLLM's _decompose_size_nodes does not replace it."""
    b, x, conv = _tokens_and_conv("size_in_keyword")
    size = b.method("size", (x,), torch.Size([b.s0, vllm_graphs.HIDDEN]), "size")
    # The size node comes after the conv: move it before, as Dynamo orders it.
    conv.prepend(size)
    out = b.call(torch.reshape, (conv,), b.fake("n", vllm_graphs.HIDDEN), "reshaped",
                 {"shape": size})
    return b.finish([out], ["vllm::short_conv"])


def shape_attribute():
    """`conv.view(x.shape)` with x.shape a `getattr` node, as symbolic_trace
    records it (Dynamo records `size`): vLLM leaves it, and the torch.Size
    crosses the cut."""
    b, x, conv = _tokens_and_conv("shape_attribute")
    shape = b.call(getattr, (x, "shape"), torch.Size([b.s0, vllm_graphs.HIDDEN]), "shape")
    conv.prepend(shape)
    out = b.method("view", (conv, shape), b.fake("n", vllm_graphs.HIDDEN), "viewed")
    return b.finish([out], ["vllm::short_conv"])


def one_list_ops():
    """Ops where the default lists read at different vLLM commits part: two
    that vLLM 0.34.0 added and one it dropped, with no splitting ops given,
    so that each split_graph takes its own default."""
    b = vllm_graphs.Builder("one_list_ops")
    h = b.tokens("x", vllm_graphs.HIDDEN)
    for i, name in enumerate(("zaya_cca", "qwen4_exp_compute_ple_ngram_ids",
                              "step5_csa_attention")):
        op = b.call(getattr(vllm_graphs.OPS, name).default, (h, f"layer{i}"),
                    b.fake("n", vllm_graphs.HIDDEN), name)
        h = b.call(operator.add, (op, h), b.fake("n", vllm_graphs.HIDDEN), f"add_{i}")
    return b.finish([h], [])


EDGES = {f.__name__: f for f in (size_in_keyword, shape_attribute, one_list_ops)}


def runs(defaults):
    """(title, VllmGraph, vLLM's splitting ops, fx-mlir's) of every
    comparison; where vLLM takes its default list, fx-mlir takes its own
    (None)."""
    for family, build in vllm_graphs.FAMILIES.items():
        case = build(3 if family == "hybrid" else 2)
        yield f"{family}, family ops", case, case.splitting_ops, case.splitting_ops
        yield f"{family}, default ops", case, defaults, None
    for name, build in EDGES.items():
        case = build()
        if case.splitting_ops:
            yield name, case, case.splitting_ops, case.splitting_ops
        else:
            yield f"{name}, default ops", case, defaults, None


def split_and_run(title, case, their_ops, our_ops, ours):
    """Compares one split; returns (disagrees, failures)."""
    theirs_gm, ours_gm = copy.deepcopy(case.gm), copy.deepcopy(case.gm)
    try:
        mine = ours(ours_gm, our_ops)
    except Exception as err:
        print(f"{title}: fx-mlir raised {type(err).__name__}: {str(err).splitlines()[0]}")
        return True, 1
    splits = [("fx-mlir", mine)]
    try:
        theirs = vllm_split_graph(theirs_gm, list(their_ops))
    except Exception as err:  # vLLM refuses what fx-mlir splits
        print(f"{title}: vLLM raised {type(err).__name__}: {str(err).splitlines()[0]}")
        lines = None
    else:
        splits.append(("vLLM", theirs))
        lines = differences(describe(*theirs, theirs_gm), describe(*mine, ours_gm))
        pieces = " ".join(f"{i.graph_id}{'*' if i.is_splitting_graph else ''}"
                          for i in theirs[1])
        print(f"{title}: vLLM pieces {pieces}: "
              + (f"{len(lines)} difference{'s' * (len(lines) > 1)}" if lines
                 else "the same split"))
        for line in lines:
            print(f"  {line}")
    failures = 0
    for n in TOKENS:
        want = case.gm(*case.inputs(n))
        for who, (split_gm, _) in splits:
            try:
                same = computes_the_same(want, split_gm(*case.inputs(n)))
            except Exception as err:
                same = False
                print(f"{title}: {who}'s split graph raised {type(err).__name__} "
                      f"at {n} tokens: {str(err).splitlines()[0]}")
            if not same:
                failures += 1
                print(f"{title}: {who}'s split graph differs from the unsplit graph "
                      f"at {n} tokens")
    return lines != [], failures


def main(library):
    ours = split_graph
    if "library" in inspect.signature(split_graph).parameters:
        ours = lambda gm, ops: split_graph(gm, ops, library=library)  # noqa: E731
    count = disagreements = failures = 0
    for title, case, their_ops, our_ops in runs(default_splitting_ops()):
        disagrees, failed = split_and_run(title, case, their_ops, our_ops, ours)
        count += 1
        disagreements += disagrees
        failures += failed
    print(f"{count} runs, {disagreements} disagree with vLLM, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
