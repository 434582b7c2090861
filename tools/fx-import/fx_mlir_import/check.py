# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""--check: what fx-decompose-size does with each size node, from the pass's
own remarks (`emit-remarks`), and what the pre-fix pass would have done;
with --split-ops, how fx-split-graph cuts the graph and what crosses each
cut, from its remarks too."""

import re
import subprocess

from .errors import FxImportError

# `<unknown>:0: remark: loc("NAME"): MESSAGE`: every op the importer writes
# is located at its FX node's name.
_DIAGNOSTIC = re.compile(r'(remark|error): loc\("((?:[^"\\]|\\.)*)"\): (.*)$')


def _fx_opt(fx_opt, text, *flags):
    try:
        return subprocess.run([fx_opt, "-", "-o", "/dev/null",
                               "--mlir-print-op-on-diagnostic=false", *flags],
                              input=text, capture_output=True, text=True)
    except OSError as e:
        raise FxImportError(f"cannot run fx-opt '{fx_opt}': {e.strerror}; "
                            f"give its path with --fx-opt") from None


def _diagnostics(stderr, severity):
    found = {}
    for line in stderr.splitlines():
        match = _DIAGNOSTIC.search(line)
        if match and match.group(1) == severity:
            found.setdefault(match.group(2), []).append(match.group(3))
    return found


def check(result, fx_opt, split_ops=None):
    """The --check report of an ImportResult; with `split_ops`, also how
    fx-split-graph splits it there."""
    run = _fx_opt(fx_opt, result.text, "--pass-pipeline=builtin.module(func.func("
                  "fx-decompose-size{emit-remarks=true}))")
    if run.returncode != 0:
        raise FxImportError("fx-decompose-size failed on the import: " +
                            (run.stderr.strip().splitlines() or ["no message"])[0])
    remarks = _diagnostics(run.stderr, "remark")
    lines = []
    for node, form, tensor in result.size_nodes:
        said = "; ".join(remarks.get(node.name, ["no remark"]))
        # sym_size(0) is a dim of the tensor operand: name it.
        tensor_name = tensor.name.lstrip("%")
        said = re.sub(r"sym_size\((\d+)\)", lambda m: f"sym_size({tensor_name}, {m.group(1)})",
                      said)
        for long, short in (("decomposed x.size() into", "decomposed into"),
                            ("erased x.size():", "erased:"),
                            ("left alone: x.size(dim) returns", "left alone: it returns"),
                            ("left alone: fx.sym_size returns", "left alone: it returns")):
            said = said.replace(long, short)
        if node.users:
            # Its FX users took constants (len(x.size())): no op is left.
            said = said.replace("erased: it has no users",
                                "erased: its users took constants, no op uses it")
        users = ", ".join(u.name for u in node.users) or "none"
        lines.append(f"{node.name}: {form}: {said}; users: {users}")
    if not result.size_nodes:
        lines.append("no size nodes in this graph")
    legacy = _fx_opt(fx_opt, result.text, "--test-fx-legacy-decompose-size")
    if legacy.returncode == 0:
        lines.append("pre-fix decomposition: succeeds on this graph")
    else:
        errors = [m for ms in _diagnostics(legacy.stderr, "error").values() for m in ms]
        if not errors:
            errors = [l for l in legacy.stderr.splitlines() if "error" in l][:1]
        lines.append("pre-fix decomposition: fails: " + "; ".join(errors))
    if split_ops:
        lines.extend(split_report(result, fx_opt, split_ops))
    return "\n".join(lines) + "\n"


# fx-split-graph{emit-remarks}: one remark per piece, one per cut.
_PIECE = re.compile(r"remark: (?:loc\(\"(?:[^\"\\]|\\.)*\"\): )?piece (\d+)( \(splitting\))?: "
                    r"@\S+; nodes: (.*); receives: .*; returns: .*$")
_CUT = re.compile(r"remark: cut between piece (\d+) and piece (\d+): crosses: (.*)$")


def _split_pipeline(split_ops, decompose):
    split = f"fx-split-graph{{splitting-ops={split_ops} emit-remarks=true}}"
    if decompose:
        return f"--pass-pipeline=builtin.module(func.func(fx-decompose-size),{split})"
    return f"--pass-pipeline=builtin.module({split})"


def split_report(result, fx_opt, split_ops):
    """The pieces fx-split-graph makes of the import at `split_ops` (a comma
    list, as its splitting-ops option takes), after fx-decompose-size, and
    what crosses each cut, in FX node names; and whether the split works
    without fx-decompose-size."""
    lines = []
    run = _fx_opt(fx_opt, result.text, _split_pipeline(split_ops, True))
    if run.returncode != 0:
        errors = [m for ms in _diagnostics(run.stderr, "error").values() for m in ms]
        lines.append(f"split at {split_ops}: fails: " +
                     "; ".join(errors or run.stderr.strip().splitlines()[:1]))
        return lines
    pieces, cuts = [], []
    for line in run.stderr.splitlines():
        piece = _PIECE.search(line)
        if piece:
            kind = " (splitting)" if piece.group(2) else ""
            pieces.append(f"piece {piece.group(1)}{kind}: {piece.group(3)}")
            continue
        cut = _CUT.search(line)
        if cut:
            crosses = cut.group(3).replace("'", "") or "nothing"
            cuts.append(f"cut {cut.group(1)}|{cut.group(2)}: {crosses}")
    if not pieces:
        lines.append(f"split at {split_ops}: no splitting op in this graph")
        return lines
    lines.append(f"split at {split_ops}, after fx-decompose-size: {len(pieces)} pieces")
    lines.extend(pieces)
    lines.extend(cuts)
    alone = _fx_opt(fx_opt, result.text, _split_pipeline(split_ops, False))
    if alone.returncode == 0:
        lines.append("without fx-decompose-size: splits the same way")
    else:
        errors = [m for ms in _diagnostics(alone.stderr, "error").values() for m in ms]
        lines.append("without fx-decompose-size: fails: " + "; ".join(errors))
    return lines
