# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Which copy of libFXMLIR-C.so this process has registered: one process
holds one copy, since MLIR's registry, which libMLIR.so shares, ends the
process when passes register twice. native.py asks when a load finds that
another copy registered first."""

import ctypes
import os

__all__ = ["registering_copy"]


def registering_copy():
    """The path of the copy of the library, mapped in this process, whose fx
    passes MLIR's registry holds, or None."""
    try:
        with open("/proc/self/maps") as maps:
            lines = maps.read().splitlines()
    except OSError:
        return None
    ranges = {}
    for line in lines:
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and fields[5].startswith("/"):
            start, _, end = fields[0].partition("-")
            ranges.setdefault(fields[5], []).append((int(start, 16), int(end, 16)))
    for path, spans in ranges.items():
        try:
            function = ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_LAZY)[
                "fxMlirTryRegisterAllPasses"]
        except (OSError, AttributeError):
            continue
        # Only the file's own entry point, not one of a library it links.
        address = ctypes.cast(function, ctypes.c_void_p).value
        if any(start <= address < end for start, end in spans):
            function.restype = ctypes.c_bool
            if function():  # Registers nothing: a copy has already.
                return path
    return None
