# vLLM's own split_graph as the oracle of fx_mlir_import.split_graph
# (Inputs/vllm_oracle.py) on graphs that touch the rules where vLLM and
# fx-mlir are known to part (EDGES, below) and on the graphs of the split_api
# tests (Inputs/split_api.py): both split deep copies of each graph, at its
# splitting ops, or at the default lists (vLLM's: what
# CompilationConfig.set_splitting_ops_for_v1 makes of splitting_ops=None;
# fx-mlir's: splitting_ops=None). Compared: the SplitItems (names, ids,
# is_splitting_graph), the order in which the split graph calls the pieces,
# the piece of every node, each piece's inputs and outputs in order and
# whether it returns a tuple, and the sym_shape_indices vLLM's
# PiecewiseCompileInterpreter would pass each compiled piece; every split
# graph must compute what the unsplit one computes at three token counts.
# Each disagreement is one line; the run exits 1 when a split graph computes
# something else. The same comparison on every family of
# Inputs/vllm_graphs.py is split_vllm_families.py's.
#
# vLLM 0.34.0 is installed beside torch 2.13.0 by utils/install-vllm.sh;
# paths below are in its site-packages.
# REQUIRES: torch, vllm
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

# Where they part, each a documented choice of fx-mlir's
# (docs/DesignNotes.md, "Where fx-mlir departs from vLLM, and why" and
# "What a user of a decomposed size gets"):
# - A size in a keyword argument: vLLM's _decompose_size_nodes replaces it
#   only among positional arguments (backends.py:567-576) and then fails to
#   erase it; fx-mlir splits the graph.
# - x.shape as a getattr node: vLLM decomposes only call_method size
#   (backends.py:516) and lets the torch.Size cross; fx-mlir sends its
#   SymInt.
# - A torch.Size that no size node makes (size_crosses: a function of the
#   user's returns x.shape): vLLM lets it cross, which its own docstring says
#   aot_autograd cannot take as a piece's output (backends.py:507-514);
#   fx-mlir refuses it in one line. A float crossing (float_crosses) is a
#   scalar, which both pass.
# CHECK: size_in_keyword: vLLM raised RuntimeError: Tried to erase Node size but it still had 1 users in the graph: {reshaped: None}!
# CHECK-NEXT: shape_attribute: vLLM pieces 0 1* 2: 5 differences
# CHECK-NEXT: sym_shape_indices: vLLM {'submod_0': [1], 'submod_2': [1]}, fx-mlir {'submod_0': [1], 'submod_2': [1, 2]}
# CHECK-NEXT: node shape: vLLM submod_0, fx-mlir None
# CHECK-NEXT: node sym_size(x,0): vLLM None, fx-mlir submod_0
# CHECK-NEXT: submod_0 outputs: vLLM ['shape'], fx-mlir ['sym_size(x,0)']
# CHECK-NEXT: submod_2 inputs: vLLM ['short_conv', 's0', 'shape'], fx-mlir ['short_conv', 's0', 'sym_size(x,0)']
# vLLM 0.34.0's default list has zaya_cca and step5_csa_attention, the older
# releases' none of the three (integration_test/VllmReleases).
# CHECK-NEXT: one_list_ops, default ops: vLLM pieces {{1\* 2 3\* 4|0}}: the same split
# CHECK-NEXT: tuple_attention: vLLM pieces 0 1* 3* 4: the same split
# CHECK-NEXT: with_buffer: vLLM pieces 0 1* 2: the same split
# CHECK-NEXT: grad_region: vLLM pieces 0 1* 2: the same split
# CHECK-NEXT: float_crosses: vLLM pieces 0 1* 2: the same split
# CHECK-NEXT: size_crosses: fx-mlir raised FxImportError: node 'shape' cannot cross from submod_0 to submod_2: a torch.Size would cross a split boundary: value 'shape' of type '!fx.size<2>', defined by 'fx.node' in piece 0, is used in piece 2
# CHECK-NEXT: 8 runs, 3 disagree with vLLM, 0 failures
# CHECK-NOT: differs

import operator
import sys

import torch
import vllm_graphs
from split_api import (attention_op, float_crosses, grad_region, size_crosses, tuple_attention,
                       with_buffer)
from vllm_oracle import Oracle, default_splitting_ops

TOKENS = (1, 7, 33)


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


def run_case(case):
    """run(module, tokens) for a VllmGraph: its inputs at that many tokens."""
    return lambda module, n: module(*case.inputs(n))


def run_split_api(*tail):
    """run(module, tokens) for a graph of Inputs/split_api.py: s0, x of shape
    (s0, 8), then the tensors of shapes `tail`."""
    def run(module, n):
        gen = torch.Generator().manual_seed(n)
        return module(n, torch.randn(n, 8, generator=gen),
                      *(torch.randn(shape, generator=gen) for shape in tail))
    return run


def main(library):
    oracle = Oracle(library=library)
    defaults = default_splitting_ops()
    for name, build in EDGES.items():
        case = build()
        if case.splitting_ops:
            oracle.compare(name, case.gm, case.splitting_ops, run_case(case), TOKENS)
        else:
            oracle.compare(f"{name}, default ops", case.gm, defaults, run_case(case), TOKENS,
                           our_ops=None)
    # The graphs of the split_api tests (Inputs/split_api.py).
    oracle.compare("tuple_attention", tuple_attention(), ["splitapi::attn"], run_split_api(),
                   TOKENS)
    oracle.compare("with_buffer", with_buffer(attention_op("oraclebuffer")),
                   ["oraclebuffer::attn"], run_split_api(), TOKENS)
    oracle.compare("grad_region", grad_region(attention_op("oraclegrad")),
                   ["oraclegrad::attn"], run_split_api((8,)), TOKENS)
    oracle.compare("float_crosses", float_crosses(attention_op("oraclefloat")),
                   ["oraclefloat::attn"], run_split_api(), TOKENS)
    oracle.compare("size_crosses", size_crosses(attention_op("oraclesize")),
                   ["oraclesize::attn"], run_split_api(), TOKENS)
    return oracle.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
