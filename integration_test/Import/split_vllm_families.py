# Every family of Inputs/vllm_graphs.py, split once at each splitting-op list
# (its family's ops, the default lists, and for overloads the overload
# names), with every check on that one split: vLLM's split_graph agrees
# (Inputs/vllm_oracle.py), and the pieces are built once as torch's
# split_module builds them.
#
# vLLM's own split_graph is the oracle of fx_mlir_import.split_graph: both
# split deep copies of each graph, vLLM at its default list (what
# CompilationConfig.set_splitting_ops_for_v1 makes of splitting_ops=None)
# where fx-mlir takes its own (splitting_ops=None). Compared: the SplitItems
# (names, ids, is_splitting_graph), the order in which the split graph calls
# the pieces, the piece of every node, each piece's inputs and outputs in
# order and whether it returns a tuple, and the sym_shape_indices vLLM's
# PiecewiseCompileInterpreter would pass each compiled piece; every split
# graph must compute what the unsplit one computes at three token counts.
# Each disagreement is one line; the run exits 1 when a split graph computes
# something else.
#
# Then, on fx-mlir's split of that run (`built` and `returns` lines):
# - split_graph applies the partition as vLLM 0.34.0's split_graph does
#   (vllm/compilation/backends.py, lines 626-635): its one build of the
#   pieces (pieces.build) makes what torch's split_module makes of the same
#   partition with keep_original_order=True and tuple_return=True (the same
#   modules, code, nodes and meta); every piece returns a tuple, a piece
#   with one output a 1-tuple, which the split module takes apart by getitem;
# - an ASan build's library runs under the preloaded ASan runtime, as a
#   plugin does.
# (fx-import --check reports the same Decision split_graph takes, through
# split.decide_import, so no test compares the two.)
#
# vLLM 0.34.0 is installed beside torch 2.13.0 by utils/install-vllm.sh;
# paths below are in its site-packages.
# REQUIRES: torch, vllm
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

# On every run the splits are the same: SplitItems, calls, nodes, inputs,
# outputs, 1-tuples and sym_shape_indices. vLLM's rules give these pieces
# ("*": a splitting piece): the KV-cache update groups with the attention
# after it (node.next); MLA's lone torch.empty between its two splitting ops
# joins piece 0, so ids 2 and 6 are gone; cascade's getitems after the
# prefix attention keep the suffix attention apart; `vllm::linear_attention`
# matches .default, not .varlen. Every line of a run follows its title
# (CHECK-NEXT), so a difference, a refusal or a wrong result is a failure.
# CHECK: llama, family ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: llama, default ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# Each layer's output returned too: layer 0's crosses both later cuts, and
# the piece that makes it returns it with the hidden state, so no 1-tuple.
# CHECK-NEXT: llama_hidden_states, family ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 0, results read by getitem: True
# CHECK-NEXT: llama_hidden_states, default ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 0, results read by getitem: True
# CHECK-NEXT: qwen, family ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: qwen, default ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: mla, family ops: vLLM pieces 0 1* 3* 4 5* 7* 8: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 7 pieces, all return tuples, 1-tuples 3, results read by getitem: True
# CHECK-NEXT: mla, default ops: vLLM pieces 0 1* 3* 4 5* 7* 8: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 7 pieces, all return tuples, 1-tuples 3, results read by getitem: True
# CHECK-NEXT: moe, family ops: vLLM pieces 0 1* 2 3* 4 5* 6 7* 8: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 9 pieces, all return tuples, 1-tuples 3, results read by getitem: True
# CHECK-NEXT: moe, default ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: hybrid, family ops: vLLM pieces 0 1* 2 3* 4 5* 6: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 7 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: hybrid, default ops: vLLM pieces 0 1* 2 3* 4 5* 6: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 7 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: lora, family ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: lora, default ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: tuple_attention, family ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 0, results read by getitem: True
# CHECK-NEXT: tuple_attention, default ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 0, results read by getitem: True
# CHECK-NEXT: cascade, family ops: vLLM pieces 0 1* 3* 4 5* 7* 8: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 7 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: cascade, default ops: vLLM pieces 0: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 1 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: overloads, family ops: vLLM pieces 0 1* 2 3* 4 5* 6 7* 8 9* 10 11* 12: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 13 pieces, all return tuples, 1-tuples 5, results read by getitem: True
# CHECK-NEXT: overloads, default ops: vLLM pieces 0 1* 2 3* 4 5* 6 7* 8 9* 10 11* 12: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 13 pieces, all return tuples, 1-tuples 5, results read by getitem: True
# CHECK-NEXT: overloads, overload names: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: slice_after_attention, family ops: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 5 pieces, all return tuples, 1-tuples 3, results read by getitem: True
# CHECK-NEXT: slice_after_attention, default ops: vLLM pieces 0: the same split
# CHECK-NEXT: built: 1, as split_module builds: True
# CHECK-NEXT: returns: 1 pieces, all return tuples, 1-tuples 1, results read by getitem: True
# CHECK-NEXT: 23 runs, 0 disagree with vLLM, 0 failures
# CHECK-NOT: differ

import operator
import os
import sys

import vllm_graphs
from split_api import as_split_module, recording_splits, returns
from vllm_oracle import Oracle, default_splitting_ops


TOKENS = (1, 7, 33)

# More splitting-op lists for a family: overload names (`ns::op.overload`
# matches that overload; `ns::op.default` does not match the packet).
OVERLOAD_NAMES = {"overloads": ["vllm::linear_attention.varlen", "vllm::short_conv.default"]}



def run_case(case):
    """run(module, tokens) for a VllmGraph: its inputs at that many tokens."""
    return lambda module, n: module(*case.inputs(n))


def unpacked(split_gm):
    """Whether the split module reads every piece's result by getitem."""
    return all(user.op == "call_function" and user.target is operator.getitem
               for n in split_gm.graph.nodes if n.op == "call_module" for user in n.users)


def applied(split_gm, items, calls):
    """How split_graph built the pieces, and what each returns."""
    print(f"  built: {len(calls)}, as split_module builds:", as_split_module(split_gm, *calls[-1]))
    kinds = [returns(item.graph) for item in items]
    others = [k for k in kinds if not isinstance(k, int)]
    print(f"  returns: {len(items)} pieces, "
          + (f"not a tuple: {others}" if others else "all return tuples")
          + f", 1-tuples {kinds.count(1)}, results read by getitem: {unpacked(split_gm)}")


def main(library):
    # What this process starts runs without the preloaded runtime.
    os.environ.pop("LD_PRELOAD", None)
    oracle = Oracle(library=library)
    defaults = default_splitting_ops()
    for family, build in vllm_graphs.FAMILIES.items():
        case = build()
        # (title, vLLM's ops, fx-mlir's ops): where vLLM takes its default
        # list, fx-mlir takes its own (None).
        runs = [("family ops", case.splitting_ops, case.splitting_ops),
                ("default ops", defaults, None)]
        if family in OVERLOAD_NAMES:
            runs.append(("overload names", OVERLOAD_NAMES[family], OVERLOAD_NAMES[family]))
        for which, their_ops, our_ops in runs:
            with recording_splits() as calls:
                oracle.compare(f"{family}, {which}", case.gm, their_ops, run_case(case), TOKENS,
                               our_ops=our_ops)
            if oracle.ours is None:
                continue
            split_gm, items = oracle.ours
            applied(split_gm, items, calls)
    return oracle.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
