# fx_mlir_import.split_graph against the reference copy of vLLM's split_graph
# (Inputs/vllm_reference.py) on every Dynamo-style graph of
# Inputs/vllm_graphs.py, with each family's splitting ops and with the
# default list: the same SplitItems (names, ids, is_splitting_graph), the
# same piece for every node, each piece's inputs and outputs in the same
# order and returned alike (a tuple: vLLM 0.34.0 passes tuple_return=True),
# the same sym_shape_indices; and the split GraphModules compute what
# the unsplit one computes at three token counts. A disagreement prints a
# per-graph diff and the run exits 1. Without fx_mlir_import.split_graph the
# run fails.
#
# With --against-reference it checks the harness and the reference alone:
# the reference against itself, its pieces as vLLM's rules give them, and its
# split graphs computing the unsplit results.
# REQUIRES: torch
# The passes run in process, through the build's libFXMLIR-C.so (the same
# partition as in an fx-opt process: split_api_native.py).
# RUN: %python %s --against-reference | FileCheck %s
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import inspect
import sys

import torch

import vllm_graphs
import vllm_reference as reference

TOKENS = (1, 7, 33)
MAX_NODE_LINES = 12
# More splitting-op lists for a family: overload names (`ns::op.overload`
# matches that overload; `ns::op.default` does not match the packet).
EXTRA_OPS = {"overloads": ["vllm::linear_attention.varlen", "vllm::short_conv.default"]}

# The reference's pieces ("*": a splitting piece) as vLLM's rules give them:
# the KV-cache update groups with the attention after it (node.next); MLA's
# lone torch.empty between its two splitting ops joins piece 0, so ids 2 and
# 6 are gone; cascade's getitems after the prefix attention keep the suffix
# attention apart; `vllm::linear_attention` matches .default, not .varlen.
# CHECK: llama, family ops: reference pieces 0 1* 2 3* 4, sym_shape_indices {'submod_0': [1], 'submod_2': [1], 'submod_4': [1]}
# CHECK-NEXT: llama, family ops: same partition (5 pieces)
# CHECK-NEXT: llama, family ops: equal to the unsplit graph at 1, 7, 33 tokens
# CHECK-NEXT: llama, default ops: reference pieces 0 1* 2 3* 4,
# CHECK-NEXT: llama, default ops: same partition
# CHECK-NEXT: llama, default ops: equal to the unsplit graph at 1, 7, 33 tokens
# CHECK: qwen, family ops: reference pieces 0 1* 2 3* 4,
# CHECK-NEXT: qwen, family ops: same partition
# CHECK: mla, family ops: reference pieces 0 1* 3* 4 5* 7* 8,
# CHECK-NEXT: mla, family ops: same partition
# The MoE's orig_shape: its sym_size crosses the attention (and the experts)
# as a SymInt, the piece's second SymInt argument.
# CHECK: moe, family ops: reference pieces 0 1* 2 3* 4 5* 6 7* 8, sym_shape_indices {'submod_0': [1], 'submod_2': [1], 'submod_4': [1, 2], 'submod_6': [1], 'submod_8': [1, 2]}
# CHECK-NEXT: moe, family ops: same partition
# CHECK: moe, default ops: reference pieces 0 1* 2 3* 4, sym_shape_indices {'submod_0': [1], 'submod_2': [1, 6], 'submod_4': [1, 6]}
# CHECK-NEXT: moe, default ops: same partition
# CHECK: hybrid, family ops: reference pieces 0 1* 2 3* 4 5* 6,
# CHECK-NEXT: hybrid, family ops: same partition
# CHECK: hybrid, default ops: reference pieces 0 1* 2 3* 4 5* 6,
# CHECK-NEXT: hybrid, default ops: same partition
# LoRA's x.size(0) stays a SymInt node and crosses the attention.
# CHECK: lora, family ops: reference pieces 0 1* 2 3* 4, sym_shape_indices {'submod_0': [1], 'submod_2': [1, 2], 'submod_4': [1, 2]}
# CHECK-NEXT: lora, family ops: same partition
# CHECK: tuple_attention, family ops: reference pieces 0 1* 2 3* 4,
# CHECK-NEXT: tuple_attention, family ops: same partition
# CHECK: cascade, family ops: reference pieces 0 1* 3* 4 5* 7* 8,
# CHECK-NEXT: cascade, family ops: same partition
# CHECK: cascade, default ops: reference pieces 0,
# CHECK-NEXT: cascade, default ops: same partition
# CHECK: overloads, family ops: reference pieces 0 1* 2 3* 4 5* 6 7* 8 9* 10 11* 12,
# CHECK-NEXT: overloads, family ops: same partition
# CHECK: overloads, overload names: reference pieces 0 1* 2 3* 4,
# CHECK-NEXT: overloads, overload names: same partition
# CHECK: slice_after_attention, family ops: reference pieces 0 1* 2 3* 4,
# CHECK-NEXT: slice_after_attention, family ops: same partition
# CHECK: slice_after_attention, default ops: equal to the unsplit graph at 1, 7, 33 tokens
# CHECK-NOT: differ
# CHECK: lora: vLLM before #42543: Tried to erase Node size_0 but it still had 2 users in the graph
# CHECK-NEXT: slice_after_attention: vLLM before #42543: Tried to erase Node num_tokens_0 but it still had
# CHECK-NEXT: 21 runs, 0 disagreements
# CHECK-NOT: differ


def layers_of(family):
    return 3 if family == "hybrid" else 2


def _nodes_in(arg):
    found = []
    torch.fx.node.map_arg(arg, found.append)
    return found


def interface(split_gm, items, decomposed):
    """What a split says, keyed by the original nodes: {submod: {"inputs",
    "outputs", "returns" (a tuple or a value), "nodes"}} and {node key:
    submod}. A node's key is its name as
    built (meta['orig_name']); a node the size decomposition made is
    `sym_size(<tensor key>,<dim>)`."""
    original = {n.name: n for n in decomposed.graph.nodes}

    def key_of_original(node):
        if "orig_name" in node.meta:
            return node.meta["orig_name"]
        if node.target is torch.ops.aten.sym_size.int:
            return f"sym_size({key_of_original(node.args[0])},{node.args[1]})"
        return f"?{node.name}"

    pieces, placement = {}, {}
    for item in items:
        keys, inputs, outputs, returns, nodes = {}, [], [], None, []
        for n in item.graph.graph.nodes:
            if n.op == "placeholder":
                source = original.get(n.target)
                keys[n] = (key_of_original(source) if source is not None
                           else n.meta.get("orig_name", f"?{n.target}"))
                inputs.append(keys[n])
            elif n.op == "output":
                outputs = [keys[m] for m in _nodes_in(n.args[0])]
                returns = "a tuple" if isinstance(n.args[0], tuple) else "a value"
            else:
                if "orig_name" in n.meta:
                    keys[n] = n.meta["orig_name"]
                elif n.target is torch.ops.aten.sym_size.int:
                    keys[n] = f"sym_size({keys[n.args[0]]},{n.args[1]})"
                else:
                    keys[n] = f"?{n.name}"
                nodes.append(keys[n])
                placement[keys[n]] = item.submod_name
        pieces[item.submod_name] = {"inputs": inputs, "outputs": outputs, "returns": returns,
                                    "nodes": nodes}
    return pieces, placement


def diff(ref_split, our_split):
    """Lines saying where fx-mlir's split differs from the reference's."""
    (ref_gm, ref_items, ref_graph), (our_gm, our_items, our_graph) = ref_split, our_split
    lines = []
    ref_desc = [(i.submod_name, i.graph_id, i.is_splitting_graph) for i in ref_items]
    our_desc = [(i.submod_name, i.graph_id, i.is_splitting_graph) for i in our_items]
    if ref_desc != our_desc:
        lines.append(f"SplitItems differ:\n    reference {ref_desc}\n    fx-mlir   {our_desc}")
    ref_pieces, ref_place = interface(ref_gm, ref_items, ref_graph)
    our_pieces, our_place = interface(our_gm, our_items, our_graph)
    moved = [key for key in sorted(set(ref_place) | set(our_place))
             if ref_place.get(key) != our_place.get(key)]
    for key in moved[:MAX_NODE_LINES]:
        lines.append(f"piece of node {key} differs: reference {ref_place.get(key)}, "
                     f"fx-mlir {our_place.get(key)}")
    if len(moved) > MAX_NODE_LINES:
        lines.append(f"... and {len(moved) - MAX_NODE_LINES} more nodes in other pieces")
    for name in sorted(set(ref_pieces) & set(our_pieces), key=lambda s: int(s[7:])):
        for what in ("inputs", "outputs", "returns"):
            if ref_pieces[name][what] != our_pieces[name][what]:
                lines.append(f"{name} {what} differ:\n    reference {ref_pieces[name][what]}\n"
                             f"    fx-mlir   {our_pieces[name][what]}")
    ref_sym = reference.sym_shape_indices(ref_gm, ref_items)
    our_sym = reference.sym_shape_indices(our_gm, our_items)
    if ref_sym != our_sym:
        lines.append(f"sym_shape_indices differ:\n    reference {ref_sym}\n    fx-mlir   {our_sym}")
    return lines


def same_values(want, got):
    """'equal', 'allclose' or None (they differ)."""
    if not isinstance(want, (tuple, list)):
        want, got = (want,), (got,)
    if len(want) != len(got):
        return None
    if all(torch.equal(a, b) for a, b in zip(want, got)):
        return "equal"
    if all(a.shape == b.shape and torch.allclose(a, b, rtol=1e-5, atol=1e-6)
           for a, b in zip(want, got)):
        return "allclose"
    return None


def main(argv):
    if "--against-reference" in argv:
        ours, impl = reference.split_graph, "the reference"
    else:
        try:
            from fx_mlir_import import split_graph as ours
        except ImportError as err:
            print(f"error: fx_mlir_import.split_graph is missing: {err}")
            return 1
        impl = "fx-mlir"
        if "library" in inspect.signature(ours).parameters:
            library, plain = argv[1], ours
            ours = lambda gm, ops: plain(gm, ops, library=library)  # noqa: E731
    runs = disagreements = 0
    for family, build in vllm_graphs.FAMILIES.items():
        variants = [("family ops", "family"), ("default ops", None)]
        if family in EXTRA_OPS:
            variants.append(("overload names", EXTRA_OPS[family]))
        for label, which in variants:
            runs += 1
            title = f"{family}, {label}"
            unsplit = build(layers_of(family))
            ops = unsplit.splitting_ops if which == "family" else which
            ref_case, our_case = build(layers_of(family)), build(layers_of(family))
            ref_gm, ref_items = reference.split_graph(ref_case.gm, ops)
            print(f"{title}: reference pieces "
                  + " ".join(f"{i.graph_id}{'*' if i.is_splitting_graph else ''}"
                             for i in ref_items)
                  + f", sym_shape_indices {reference.sym_shape_indices(ref_gm, ref_items)}")
            try:
                our_gm, our_items = ours(our_case.gm, ops)
            except Exception as err:  # a refusal is a disagreement, said in one line
                disagreements += 1
                print(f"{title}: {impl} differs: it raised {type(err).__name__}: {err}")
                continue
            lines = diff((ref_gm, ref_items, ref_case.gm), (our_gm, our_items, our_case.gm))
            if lines:
                disagreements += 1
                print(f"{title}: partitions differ ({impl} against the reference):")
                for line in lines:
                    print("  " + line)
            else:
                print(f"{title}: same partition ({len(our_items)} pieces)")
            kinds = set()
            for n in TOKENS:
                want = unsplit.gm(*unsplit.inputs(n))
                for who, gm in (("reference", ref_gm), (impl, our_gm)):
                    kind = same_values(want, gm(*unsplit.inputs(n)))
                    if kind is None:
                        disagreements += 1
                        print(f"{title}: {who}'s split graph differs from the unsplit "
                              f"graph at {n} tokens")
                    kinds.add(kind)
            if kinds == {"equal"}:
                print(f"{title}: equal to the unsplit graph at "
                      f"{', '.join(map(str, TOKENS))} tokens")
            elif None not in kinds:
                print(f"{title}: allclose to the unsplit graph at "
                      f"{', '.join(map(str, TOKENS))} tokens")
    # vLLM before #42543 decomposed x.size(dim) too: it fails where such a
    # size sits in a slice (LoRA's mapping[:x.size(0)], attn[:n]).
    for family, build in vllm_graphs.FAMILIES.items():
        case = build(layers_of(family))
        try:
            reference.split_graph(case.gm, case.splitting_ops, fixed_sizes=False)
        except RuntimeError as err:
            print(f"{family}: vLLM before #42543: {err}")
    print(f"{runs} runs, {disagreements} disagreements")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
