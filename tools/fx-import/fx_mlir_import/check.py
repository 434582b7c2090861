# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""--check: what fx-decompose-size does with each size node, from the pass's
own report (`report-file`), and what the pre-fix pass would have done; with
--split-ops, how fx-split-graph cuts the graph and what crosses each cut,
from its map (`map-file`)."""

import os

from . import passes

# The report's words, as --check says them.
_LEFT_ALONE = {
    passes.WITH_DIM: "left alone: it returns one int, not a torch.Size",
    passes.SYM_SIZE: "left alone: it returns one int, not a torch.Size",
    passes.UNRANKED: "left alone: its tensor is unranked, so its dims are unknown",
}


def _say(record, tensor_name, has_users):
    action = record[passes.ACTION]
    if action == passes.DECOMPOSED:
        dims = ", ".join(f"sym_size({tensor_name}, {i})" if d < 0 else str(d)
                         for i, d in enumerate(record[passes.DIMS]))
        return f"decomposed into [{dims}]"
    if action == passes.ERASED:
        # Its FX users took constants (len(x.size())): no op is left.
        return ("erased: its users took constants, no op uses it" if has_users
                else "erased: it has no users")
    return _LEFT_ALONE[record[passes.REASON]]


def check(result, fx_opt=None, split_ops=None, match_fx_targets=False):
    """The --check report of an ImportResult; with `split_ops`, also how
    fx-split-graph splits it there (with its match-fx-targets extension if
    `match_fx_targets`). The passes run as passes.runner picks, as for
    split_graph: in the fx-opt at path `fx_opt`, else through
    native.default_library() in this process, else in the build's fx-opt.
    The pre-fix pass, one of fx-opt's test passes, runs in `fx_opt` or the
    build's fx-opt, where there is one (an installed package has none)."""
    runner = passes.runner(fx_opt)
    records = passes.decompose_report(runner, result.text)
    lines = []
    for node, form, tensor in result.size_nodes:
        # The tensor's FX node (a getitem of a tuple has no SSA name of its own).
        tensor_name = getattr(node.args[0], "name", None) or tensor.name.lstrip("%")
        said = "; ".join(_say(r, tensor_name, bool(node.users))
                         for r in records.get(node.name, [])) or "no remark"
        users = ", ".join(u.name for u in node.users) or "none"
        lines.append(f"{node.name}: {form}: {said}; users: {users}")
    if not result.size_nodes:
        lines.append("no size nodes in this graph")
    lines.append("pre-fix decomposition: " + _legacy(fx_opt, result.text))
    if split_ops:
        lines.extend(split_report(result, runner, split_ops, match_fx_targets))
    return "\n".join(lines) + "\n"


def _legacy(fx_opt, text):
    """What the pre-fix pass does with the import."""
    if fx_opt is None and not os.path.exists(passes.FX_OPT):
        return "not run: its pass is fx-opt's only (give --fx-opt)"
    done = passes.run(fx_opt or passes.FX_OPT, text, "--test-fx-legacy-decompose-size")
    if done.returncode == 0:
        return "succeeds on this graph"
    return "fails: " + passes.first_error(done.stderr)


def _errors(split, done):
    """The messages of a failed split: the map's, else fx-opt's first."""
    messages = [e[passes.MESSAGE] for f in (split or {}).get(passes.FUNCTIONS, [])
                for e in f[passes.ERRORS]]
    return "; ".join(messages) or passes.first_error(done.stderr)


def split_report(result, fx_opt, split_ops, match_fx_targets=False):
    """The pieces fx-split-graph makes of the import at `split_ops` (a comma
    list, as its splitting-ops option takes), after fx-decompose-size, and
    what crosses each cut, in FX node names; and whether the split works
    without fx-decompose-size."""
    split, done = passes.split_map(fx_opt, result.text, split_ops,
                                   match_fx_targets=match_fx_targets)
    if not done.succeeded:
        return [f"split at {split_ops}: fails: {_errors(split, done)}"]
    lines = []
    for function in split[passes.FUNCTIONS]:
        for piece in function.get(passes.PIECES, []):
            if passes.NODES not in piece:
                continue
            kind = " (splitting)" if piece[passes.SPLITTING] else ""
            lines.append(f"piece {piece[passes.GRAPH_ID]}{kind}: "
                         f"{', '.join(piece[passes.NODES])}")
        for cut in function.get(passes.CUTS, []):
            crosses = ", ".join(f"{c[passes.VALUE]} ({c[passes.TYPE]})"
                                for c in cut[passes.CROSSES]) or "nothing"
            before = cut[passes.BEFORE].rpartition("_")[2]
            after = cut[passes.AFTER].rpartition("_")[2]
            lines.append(f"cut {before}|{after}: {crosses}")
    if not lines:
        return [f"split at {split_ops}: no splitting op in this graph"]
    pieces = sum(1 for line in lines if line.startswith("piece "))
    lines.insert(0, f"split at {split_ops}, after fx-decompose-size: {pieces} pieces")
    alone, alone_done = passes.split_map(fx_opt, result.text, split_ops, decompose=False,
                                         match_fx_targets=match_fx_targets)
    if alone_done.succeeded:
        lines.append("without fx-decompose-size: splits the same way")
    else:
        lines.append("without fx-decompose-size: fails: " + _errors(alone, alone_done))
    return lines
