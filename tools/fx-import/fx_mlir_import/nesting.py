# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The nesting guard: how deep MLIR text nests, and `run`, which calls the
C API on it on a thread whose stack holds the parser and the passes, or
refuses text nested deeper than MAX_NESTING. The parser and the passes
recurse once per level of nesting, and the host's stack is not theirs to
overflow."""

import itertools
import operator
import re
import threading

from .errors import FxImportError

__all__ = ["MAX_NESTING", "nesting", "run"]

# The stack `run` gives its thread; MAX_NESTING takes a small part of it.
_STACK = 512 << 20
MAX_NESTING = 4096
# How deep text may nest on the caller's thread, whatever its stack: the
# parser's frames for so few levels, and the passes' for a function of ops
# (which recurse by region, not by op), take a small part of any thread's.
_SHALLOW = 16

# What does not nest: string literals, comments, `->` and `>=`. A literal
# is matched a run of plain characters at a time, not one by one: the
# imports of large graphs are mostly names in quotes.
_FLAT = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|//[^\n]*|->|>=')
# Each byte of the brackets, as one more than the step in depth it makes.
_STEPS = bytes.maketrans(b"{([<})]>", b"\2\2\2\2\0\0\0\0")
_OTHERS = bytes(set(range(256)) - set(b"{([<})]>"))

# threading.stack_size is the process's: set and restored under this lock.
_stack_size = threading.Lock()


def nesting(text):
    """How deep `text` nests brackets outside what does not nest (_FLAT): a
    bound on how deep MLIR's parser recurses on it."""
    brackets = _FLAT.sub("", text).encode(errors="replace").translate(_STEPS, _OTHERS)
    return max(itertools.accumulate(map(operator.sub, brackets, itertools.repeat(1)),
                                    initial=0))


def _check(text):
    """Refuses `text` nested deeper than MAX_NESTING."""
    if sum(map(text.count, "{([<")) <= MAX_NESTING:
        return  # Too few brackets to matter, and the common case.
    depth = nesting(text)
    if depth > MAX_NESTING:
        raise FxImportError(f"the MLIR text nests {depth} deep; the in-process "
                            f"runner takes at most {MAX_NESTING}")


def run(call, text, depth=None):
    """call(), which parses `text` and runs passes on it. `depth`, how deep
    the text nests if its maker knows (ImportResult.nesting), is otherwise
    measured. Text that may nest deeper than _SHALLOW is called on a thread
    with a stack for MAX_NESTING; the rest on the caller's, as starting a
    thread costs more than a small graph's decision."""
    if depth is not None and depth <= _SHALLOW:
        return call()
    _check(text)
    done = {}

    def work():
        try:
            done["ran"] = call()
        except BaseException as e:  # Raised again in the caller's thread.
            done["raised"] = e

    with _stack_size:
        previous = threading.stack_size(_STACK)
        try:
            worker = threading.Thread(target=work, name="fx-mlir-run")
            worker.start()
        except RuntimeError as e:
            raise FxImportError(f"cannot start the in-process runner's thread: {e}") from None
        finally:
            threading.stack_size(previous)
    worker.join()
    if "raised" in done:
        raise done["raised"]
    return done["ran"]
