# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The fx-opt tool wrapper: `fx-import --check`'s pre-fix line, which runs
fx-opt's test pass `--test-fx-legacy-decompose-size` (what vLLM did before
the fix: decompose every size, x.size(0) too) on an import. That pass is
fx-opt's only, not the C API's; nothing else in the package runs fx-opt or
reads what it prints."""

import os
import subprocess

from .errors import FxImportError
from .locate import BUILD

# The source tree's fx-opt; an installed package has none.
FX_OPT = os.path.join(BUILD, "bin", "fx-opt")


def legacy_decomposition(fx_opt, text):
    """What the pre-fix pass does with the import `text`, run in the fx-opt
    at path `fx_opt`, else the build's."""
    if fx_opt is None and not os.path.exists(FX_OPT):
        return "not run: its pass is fx-opt's only (give --fx-opt)"
    try:
        done = subprocess.run([fx_opt or FX_OPT, "-", "-o", "/dev/null",
                               "--mlir-print-op-on-diagnostic=false",
                               "--test-fx-legacy-decompose-size"],
                              input=text, capture_output=True, text=True)
    except OSError as e:
        raise FxImportError(f"cannot run fx-opt '{fx_opt or FX_OPT}': {e.strerror}; "
                            f"give its path with --fx-opt") from None
    if done.returncode == 0:
        return "succeeds on this graph"
    return "fails: " + _first_error(done.stderr)


def _first_error(stderr):
    """The message of the first error fx-opt printed, without its location."""
    for line in stderr.splitlines():
        head, found, message = line.partition("error: ")
        if found:
            if message.startswith("loc("):
                message = message.partition("): ")[2] or message
            return message
    return (stderr.strip().splitlines() or ["no message"])[0]
