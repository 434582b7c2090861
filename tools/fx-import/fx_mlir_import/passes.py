# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""What `fx-import --check` runs: fx-opt's passes on an import, by pipeline
text, and what they report for people who run fx-opt: fx-decompose-size's
`report-file` (one JSON object per size op) and fx-split-graph's `map-file`
(one JSON document). The names below are the ones the passes write
(lib/Dialect/FX/Transforms). split_graph uses none of this: it takes its
decision through the C API (native.Library.decide).

The passes run in the fx-opt at a path, or in this process through a
`native.Library` (libFXMLIR-C.so); both give a `Ran`."""

import collections
import contextlib
import json
import os
import subprocess
import tempfile

from . import native
from .errors import FxImportError

# The keys and values of fx-decompose-size{report-file} and
# fx-split-graph{map-file} (docs/Passes/FXPasses.md) that are read here.
NODE, ACTION, REASON, DIMS = "node", "action", "reason", "dims"
DECOMPOSED, ERASED = "decomposed", "erased"
WITH_DIM, SYM_SIZE, UNRANKED = "with-dim", "sym-size", "unranked"
FUNCTIONS, ERRORS, PIECES, NODES, CUTS = "functions", "errors", "pieces", "nodes", "cuts"
SUBMOD, GRAPH_ID, SPLITTING, MESSAGE = "submod", "graph_id", "splitting", "message"
BEFORE, AFTER, CROSSES, VALUE, TYPE = "before", "after", "crosses", "value", "type"

# The source tree's fx-opt; an installed package has none.
FX_OPT = os.path.join(native.BUILD, "bin", "fx-opt")

# Where fx-decompose-size puts the dims: as vLLM 0.34.0's
# _decompose_size_nodes does (vllm/compilation/backends.py:506-577), right
# after the tensor's producer.
VLLM_PLACEMENT = "placement=after-producer"


def runner(fx_opt=None):
    """What runs --check's passes: the fx-opt at path `fx_opt`; without
    one, the library this process has loaded already, else
    native.default_library() (the installed package's, else the build's),
    else the build's fx-opt."""
    if fx_opt is not None:
        return os.fspath(fx_opt)
    if native.loaded() is not None:
        return native.loaded()
    library = native.default_library()
    if library is not None:
        return native.load(library)
    if not os.path.exists(FX_OPT):
        raise FxImportError(f"this source tree has built neither libFXMLIR-C.so nor fx-opt "
                            f"(in {native.BUILD}): build them (ninja -C {native.BUILD}), or "
                            f"give --fx-opt")
    return FX_OPT


def run(fx_opt, text, *flags, pass_fds=()):
    """fx-opt on MLIR text, with the descriptors `pass_fds` open in it; the
    CompletedProcess."""
    try:
        return subprocess.run([fx_opt, "-", "-o", "/dev/null",
                               "--mlir-print-op-on-diagnostic=false", *flags],
                              input=text, capture_output=True, text=True,
                              pass_fds=pass_fds)
    except OSError as e:
        raise FxImportError(f"cannot run fx-opt '{fx_opt}': {e.strerror}; "
                            f"give its path with --fx-opt") from None


# How a pipeline ended: whether it succeeded, and what it printed on stderr.
Ran = collections.namedtuple("Ran", ["succeeded", "stderr"])


def run_pipeline(runner, text, pipeline, pass_fds=()):
    """The Ran of the textual `pipeline` on `text`, in this process when
    `runner` is a native.Library, else in the fx-opt at path `runner` (with
    the descriptors `pass_fds` open in it)."""
    if isinstance(runner, native.Library):
        return Ran(*runner.run(text, pipeline))
    done = run(runner, text, f"--pass-pipeline={pipeline}", pass_fds=pass_fds)
    return Ran(done.returncode == 0, done.stderr)


# What pipeline text cannot carry in an option's value: MLIR 22's pipeline
# parser, as fx-opt runs it, ends an unquoted value at a space or `,`, and
# the options at the first `}`, quoted or not.
_UNQUOTABLE = set(" \t\n,{}'\"")


@contextlib.contextmanager
def _pass_output():
    """A file for a pass to write (`report-file`, `map-file`): yields its
    path, as pipeline text can carry it, and its descriptor, to read back
    and to pass to fx-opt. Where Linux gives one, the file is in memory
    (memfd_create) and its path is /proc/self/fd/N, the same in this process
    and in an fx-opt given N, so no directory (TMPDIR) is involved; else it
    is a file in a fresh temporary directory whose path pipeline text can
    carry."""
    if hasattr(os, "memfd_create") and os.path.isdir("/proc/self/fd"):
        fd = os.memfd_create("fx-mlir-pass-output", os.MFD_CLOEXEC)
        try:
            yield f"/proc/self/fd/{fd}", fd
        finally:
            os.close(fd)
        return
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "output")
        if _UNQUOTABLE & set(path):
            raise FxImportError(f"the temporary directory '{scratch}' has a character "
                                "a pass pipeline cannot carry; set TMPDIR to another")
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            yield path, fd
        finally:
            os.close(fd)


def _read(fd):
    """What a pass wrote into the file of `fd`."""
    with open(fd, closefd=False) as written:
        written.seek(0)
        return written.read()


def first_error(stderr):
    """The message of the first error fx-opt printed, without its location."""
    for line in stderr.splitlines():
        head, found, message = line.partition("error: ")
        if found:
            if message.startswith("loc("):
                message = message.partition("): ")[2] or message
            return message
    return (stderr.strip().splitlines() or ["no message"])[0]


def decompose_report(runner, text):
    """What fx-decompose-size does with each size op of the import, run by
    `runner` (as run_pipeline takes it): {node name: [record, ...]}."""
    with _pass_output() as (path, fd):
        done = run_pipeline(runner, text, "builtin.module(func.func("
                            f"fx-decompose-size{{report-file={path}}}))", (fd,))
        if not done.succeeded:
            raise FxImportError("fx-decompose-size failed on the import: " +
                                first_error(done.stderr))
        records = {}
        for line in _read(fd).splitlines():
            record = json.loads(line)
            records.setdefault(record[NODE], []).append(record)
        return records


def split_map(runner, text, split_ops, decompose=True, match_fx_targets=False):
    """fx-split-graph's map of the import at `split_ops` (a comma list, `{}`
    for none; None for the pass's default), with its match-fx-targets
    extension if asked, after fx-decompose-size placed as vLLM places it,
    run by `runner` (as run_pipeline takes it): (map or None, Ran)."""
    with _pass_output() as (path, fd):
        ops = "" if split_ops is None else f"splitting-ops={split_ops} "
        if match_fx_targets:
            ops += "match-fx-targets=true "
        split = f"fx-split-graph{{{ops}map-file={path}}}"
        if decompose:
            split = f"func.func(fx-decompose-size{{{VLLM_PLACEMENT}}}),{split}"
        done = run_pipeline(runner, text, f"builtin.module({split})", (fd,))
        # Empty when the pass did not get as far as writing its map.
        document = _read(fd)
        return (json.loads(document) if document else None), done
