"""--check: what fx-decompose-size does with each size node, from the pass's
own remarks (`emit-remarks`), and what the pre-fix pass would have done."""

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


def check(result, fx_opt):
    """The --check report of an ImportResult."""
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
    return "\n".join(lines) + "\n"
