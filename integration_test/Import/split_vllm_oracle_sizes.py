# vLLM's own split_graph as the oracle (Inputs/vllm_oracle.py) on the size,
# SymInt and refusal graphs the other split tests build for themselves, which
# split_vllm_oracle.py does not split: those of split_api_symint.py
# (Inputs/split_api.py, layers), split_api_sizes.py (Inputs/split_sizes.py:
# Dynamo's and one by hand per use of a size) and
# split_refusals_returns_threads.py (Inputs/split_api.py). Both split deep
# copies of each graph at its attention op; compared, as there: the
# SplitItems, the calls, the piece of every node, each piece's inputs and
# outputs in order, sym_shape_indices, and what the unsplit graph and both
# split graphs compute at three token counts. One line per graph, then one per
# difference.
#
# Not here, being split_vllm_oracle.py's: the graphs of
# split_api_signature.py, split_lazy.py and split_apply.py (tuple_attention,
# with_buffer, grad_region); nor, being split_vllm_families.py's, those of
# Inputs/vllm_graphs.py (split_lazy.py's llama among them).
# split_api_signature.py's resolved splitting ops (OpOverloads, as a newer
# vLLM passes them) are not compared: vLLM 0.34.0's split_graph takes op names
# (backends.py:581), and should_split compares a name with each entry
# (partition_rules.py:26, 34), so it never splits at an OpOverload.
# dynamo_graphs.py, make_fx_graphs.py and export_graphs.py split nothing.
#
# Paths below are in vLLM 0.34.0's site-packages, vllm/compilation/.
# REQUIRES: torch, vllm
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

# split_api_symint.py's graph and split_refusals_returns_threads.py's that
# both split, split alike. The dead x.size() of dead_size keeps its sym_size
# node between the attention ops (it has no users, so nothing replaces it),
# which parts them: no piece 2 is missing. sym_size_dim is also compared once
# more after fx-mlir has split it in place, as
# split_refusals_returns_threads.py splits it twice.
# CHECK: symint: layers: vLLM pieces 0 1* 2 3* 4 5* 6: the same split
# CHECK-NEXT: odd: sym_size_dim: vLLM pieces 0 1* 2: the same split
# CHECK-NEXT: odd: sym_size_dim, split again: vLLM pieces 0 1* 2: the same split
# CHECK-NEXT: odd: dead_size: vLLM pieces 0 1* 2 3*: the same split
# CHECK-NEXT: odd: long_graph: vLLM pieces 0 1* 2 3* 4 5*: the same split
# CHECK-NEXT: odd: traced: vLLM pieces 0 1* 2: the same split
#
# Both refuse a graph whose s0 no SymInt placeholder binds: the first node
# with s0 for example value is then a sym_size node, and torch's
# split_module passes s0 from there to a piece at or before it, a cycle.
# vLLM's sym_size node follows x (backends.py:531), in piece 0; fx-mlir's
# names it. An agreement.
# CHECK-NEXT: odd: without_s0: vLLM raised RuntimeError: cycle exists between partitions!
# CHECK-NEXT: odd: without_s0: fx-mlir raised FxImportError: torch.fx's split_module cannot apply fx-split-graph's partition: node 'sym_size_int' is the first to have symbol s0 and no placeholder has it, so split_module passes it from there to the pieces whose inputs have it in their shapes, some before it (RuntimeError: cycle exists between partitions!; give the graph a SymInt placeholder for it)
#
# Where they part, fx-mlir's choices (docs/DesignNotes.md, "Where fx-mlir
# departs from vLLM, and why" and "What a user of a decomposed size gets"):
# - A torch.Size of a user's function (shape_of) crosses the cut: vLLM lets
#   it, though its docstring says aot_autograd cannot take a torch.Size as
#   a piece's output (backends.py:507-514); fx-mlir refuses.
# CHECK-NEXT: odd: size_and_shape: fx-mlir raised FxImportError: node 'shape' cannot cross from submod_0 to submod_2: a torch.Size would cross a split boundary: value 'shape' of type '!fx.size<2>', defined by 'fx.node' in piece 0, is used in piece 2
# - A size the graph returns sits in the output node's tuple, where vLLM's
#   replacement, among a user's top-level positional arguments
#   (backends.py:567-576), does not look; erasing the size (577) raises.
#   fx-mlir builds the torch.Size in the split module.
# CHECK-NEXT: odd: returns_size: vLLM raised RuntimeError: Tried to erase Node size but it still had 1 users in the graph: {output: None}!
#
# - vLLM splices the dims into every other user's positional arguments
#   (backends.py:567-576), right for view and reshape only: Dynamo's
#   torch.full(size, 0.5) becomes full(d0, d1, 0.5) (new_zeros takes the
#   dims one by one, as view does), and its split graph raises. fx-mlir
#   passes a torch op the tuple of the dims.
# CHECK-NEXT: sizes: dynamo: vLLM pieces 0 1* 2: the same split
# CHECK-NEXT: sizes: dynamo: vLLM's split graph raised at sizes 1, 7, 33: TypeError: full() takes 2 positional arguments but 3 were given
# - Not a difference: x's dim 1, which a Linear specializes to 8, is a
#   SymInt in Dynamo's metadata whose expression is the integer 8. vLLM
#   makes a sym_size node of every SymInt dim (backends.py:536-541) and
#   passes it to the view's piece, a third SymInt argument; so does
#   fx-mlir, whose split_graph imports such a SymInt as vLLM reads it, a
#   value (a `?` dim), not the 8 it is.
# CHECK-NEXT: sizes: dynamo, a specialized dim: vLLM pieces 0 1* 2: the same split
# - size[:1]: vLLM asserts an int index (backends.py:558-563).
# CHECK-NEXT: sizes: slice: vLLM raised AssertionError: Expected literal int index for getitem on size(), got slice: slice(None, 1, None)
# - size[-1], size[-2]: the dims themselves in both (backends.py:564-565).
# CHECK-NEXT: sizes: negative index: vLLM pieces 0 1* 2: the same split
# - A size in a keyword argument stays; erasing it raises (backends.py:577).
# CHECK-NEXT: sizes: keyword: vLLM raised RuntimeError: Tried to erase Node size but it still had 1 users in the graph: {use: None}!
# - size + (2,) becomes add(d0, 8, (2,)), which torch.fx writes d0 + 8, so
#   the expand gets one size; size.numel() becomes d0.numel(8); a custom
#   op's SymInt[] gets two arguments. fx-mlir rebuilds a torch.Size in the
#   user's piece (the node size, which vLLM erased) or passes the tuple.
# CHECK-NEXT: sizes: size + (2,): vLLM pieces 0 1* 2: 1 difference
# CHECK-NEXT:   node size: vLLM None, fx-mlir submod_2
# CHECK-NEXT: sizes: size + (2,): vLLM's split graph raised at size 1: RuntimeError: expand(torch.FloatTensor{[1, 8, 1]}, size=[9]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (3)
# CHECK-NEXT: sizes: size + (2,): vLLM's split graph raised at size 7: RuntimeError: expand(torch.FloatTensor{[7, 8, 1]}, size=[15]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (3)
# CHECK-NEXT: sizes: size + (2,): vLLM's split graph raised at size 33: RuntimeError: expand(torch.FloatTensor{[33, 8, 1]}, size=[41]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (3)
# CHECK-NEXT: sizes: numel: vLLM pieces 0 1* 2: 1 difference
# CHECK-NEXT:   node size: vLLM None, fx-mlir submod_2
# CHECK-NEXT: sizes: numel: vLLM's split graph raised at sizes 1, 7, 33: AttributeError: 'int' object has no attribute 'numel'
# CHECK-NEXT: sizes: custom op: vLLM pieces 0 1* 2: the same split
# CHECK-NEXT: sizes: custom op: vLLM's split graph raised at sizes 1, 7, 33: RuntimeError: splitsizes::ones() expected at most 1 argument(s) but received 2 argument(s). Declaration: splitsizes::ones(SymInt[] size) -> Tensor
#
# No fx-mlir split graph computes something else (exit status 0).
# CHECK-NEXT: 17 runs, 8 disagree with vLLM, 0 failures, 4 where vLLM's split graph computes something else
# CHECK-NOT: differs

import sys

import split_sizes
import torch
from split_api import (attention_op, dead_size, layers, long_graph, returns_size,
                       size_and_shape, sym_size_dim, traced, without_s0)
from vllm_oracle import Oracle

from fx_mlir_import import split_graph

TOKENS = (1, 7, 33)
ATTN = attention_op("oracleinline")
OPS = ["oracleinline::attn"]


def x_of(n):
    return torch.randn(n, 8, generator=torch.Generator().manual_seed(n))


def with_s0(module, n):
    """run(module, tokens) for a graph of split_api.start_graph: s0, x."""
    return module(n, x_of(n))


def x_only(module, n):
    """run(module, tokens) for a graph whose one input is x."""
    return module(x_of(n))


def sizes_run(gm, weights=()):
    """run(module, tokens) for a graph of Inputs/split_sizes.py."""
    return lambda module, n: module(*split_sizes.inputs(gm, n, weights))


def main(library):
    oracle = Oracle(library=library)
    oracle.compare("symint: layers", layers(ATTN), OPS, with_s0, TOKENS)

    gm = sym_size_dim(ATTN)
    oracle.compare("odd: sym_size_dim", gm, OPS, with_s0, TOKENS)
    split_graph(gm, OPS, library=library)
    oracle.compare("odd: sym_size_dim, split again", gm, OPS, with_s0, TOKENS)
    for build in (dead_size, long_graph):
        oracle.compare(f"odd: {build.__name__}", build(ATTN), OPS, with_s0, TOKENS)
    for build in (traced, without_s0):
        oracle.compare(f"odd: {build.__name__}", build(ATTN), OPS, x_only, TOKENS)
    for build in (size_and_shape, returns_size):
        oracle.compare(f"odd: {build.__name__}", build(ATTN), OPS, with_s0, TOKENS)

    gm = split_sizes.dynamo()
    oracle.compare("sizes: dynamo", gm, split_sizes.OPS, sizes_run(gm), TOKENS)
    gm = split_sizes.dynamo_specialized()
    oracle.compare("sizes: dynamo, a specialized dim", gm, split_sizes.OPS,
                   sizes_run(gm, split_sizes.LINEAR_WEIGHTS), TOKENS)
    for name, use in split_sizes.USES.items():
        gm = split_sizes.by_hand(use)
        oracle.compare(f"sizes: {name}", gm, split_sizes.OPS, sizes_run(gm), TOKENS)
    return oracle.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
