# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""--check: what fx-decompose-size does with each size node, and what the
pre-fix pass would have done; with --split-ops, how fx-split-graph cuts the
graph and what crosses each cut. All but the pre-fix line is the Decision
split_graph takes (split.decide_import, in this process), so the two agree
by construction; the pre-fix pass is one of fx-opt's test passes, run by
passes.py, the fx-opt tool wrapper."""

from . import decision as decided
from . import native, passes
from .split import decide_import

# What fx-decompose-size did with a size it left alone, as --check says it.
_LEFT_ALONE = {
    decided.WITH_DIM: "left alone: it returns one int, not a torch.Size",
    decided.SYM_SIZE: "left alone: it returns one int, not a torch.Size",
    decided.UNRANKED: "left alone: its tensor is unranked, so its dims are unknown",
}


def _tensor_name(node, tensor):
    """The name of the tensor the size node `node` reads: its FX node's,
    else its SSA value's (a getitem of a tuple has no SSA name of its
    own)."""
    return getattr(node.args[0], "name", None) or tensor.name.lstrip("%")


def _say(size, tensor_name):
    if size.action != decided.DECOMPOSED:
        return _LEFT_ALONE[size.action]
    dims = ", ".join(f"sym_size({tensor_name}, {i})" if d is None else str(d)
                     for i, d in enumerate(size.static))
    return f"decomposed into [{dims}]"


def check(result, fx_opt=None, split_ops=None, match_fx_targets=False, library=None):
    """The --check report of the ImportResult `result`, from split_graph's
    Decision on its graph (through the C API library `library`, as
    split_graph finds one); with `split_ops` (a comma list), also how it
    splits there (with the match-fx-targets extension if
    `match_fx_targets`). The pre-fix pass runs in the fx-opt at path
    `fx_opt`, else the build's, where there is one (an installed package has
    none)."""
    ops = [op for op in split_ops.split(",") if op] if split_ops else []
    lib = native.library(library)
    decision = decide_import(lib, result, ops, match_fx_targets)
    sizes = {size.node: size for size in decision.sizes}
    tensors = {}
    lines = []
    for node, form, tensor in result.size_nodes:
        tensors[node] = tensor_name = _tensor_name(node, tensor)
        size = sizes.get(node)
        said = _say(size, tensor_name) if size is not None else "no remark"
        users = ", ".join(u.name for u in node.users) or "none"
        lines.append(f"{node.name}: {form}: {said}; users: {users}")
    if not result.size_nodes:
        lines.append("no size nodes in this graph")
    lines.append("pre-fix decomposition: " + passes.legacy_decomposition(fx_opt, result.text))
    if split_ops:
        lines.extend(_split_report(lib, result, decision, split_ops, ops, match_fx_targets,
                                   tensors))
    return "\n".join(lines) + "\n"


def _failure(decision):
    """Why a split does not stand: its refusals' messages, else its first
    error."""
    return "; ".join(r.message for r in decision.refusals) or decision.first_error()


def _crossing(crossing, tensors):
    """A value crossing a cut, named as vLLM's split names it: a dim
    fx-decompose-size made by the size's tensor and the dim."""
    if crossing.node is None:
        name = "a value"
    elif crossing.dim is not None:
        name = f"sym_size({tensors.get(crossing.node, crossing.node.name)}, {crossing.dim})"
    else:
        name = crossing.node.name
    return f"{name} ({crossing.type})"


def _split_report(lib, result, decision, split_ops, ops, match_fx_targets, tensors):
    """The pieces the Decision makes of the graph at `split_ops`, after
    fx-decompose-size, each with vLLM's nodes in it, and what crosses each
    cut; and whether the split stands without fx-decompose-size."""
    if not decision.succeeded:
        return [f"split at {split_ops}: fails: {_failure(decision)}"]
    if not any(decision.pieces.values()):
        return [f"split at {split_ops}: no splitting op in this graph"]
    lines = [f"split at {split_ops}, after fx-decompose-size: {len(decision.pieces)} pieces"]
    # Each piece's nodes, grouped in one pass over the graph's.
    members = {graph_id: [] for graph_id in decision.pieces}
    for node, graph_id in decision.nodes.items():
        members.setdefault(graph_id, []).append(node.name)
    for graph_id, splitting in sorted(decision.pieces.items()):
        lines.append(f"piece {graph_id}{' (splitting)' if splitting else ''}: "
                     f"{', '.join(members[graph_id])}")
    by_cut = [[] for _ in decision.cuts]
    for crossing in decision.crossings:
        text = _crossing(crossing, tensors)
        for cut in range(crossing.first_cut, crossing.last_cut + 1):
            by_cut[cut].append(text)
    for cut, crosses in zip(decision.cuts, by_cut):
        lines.append(f"cut {cut.before}|{cut.after}: {', '.join(crosses) or 'nothing'}")
    alone = decide_import(lib, result, ops, match_fx_targets, decompose=False)
    if alone.succeeded:
        # Without it, the sizes are nodes of their own; the rest must agree.
        same = all(alone.nodes.get(node, graph_id) == graph_id
                   for node, graph_id in decision.nodes.items())
        lines.append("without fx-decompose-size: splits " +
                     ("the same way" if same else "another way"))
    else:
        lines.append("without fx-decompose-size: fails: " + _failure(alone))
    return lines
