# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Run as a script: split_graph, given no library, in an environment where
fx_mlir_import is installed (integration_test/Install/pip-package.test): what
it made and which libFXMLIR-C.so it loaded, relative to the environment, or
its one line of error. `relu()` is a MODULE:FUNCTION for fx-import."""

import os
import sys

import torch

from fx_mlir_import import FxImportError, split_graph



def relu():
    return torch.nn.ReLU(), (torch.randn(2, 3),)


def main():
    try:
        _, items = split_graph(torch.fx.symbolic_trace(torch.nn.ReLU()), ["aten::relu"])
    except FxImportError as e:
        print(f"FxImportError: {e}")
        return
    with open("/proc/self/maps") as maps:
        loaded = {line.split()[-1] for line in maps
                  if line.rstrip().endswith("libFXMLIR-C.so")}
    print(f"{len(items)} pieces; libFXMLIR-C: "
          f"{', '.join(os.path.relpath(p, sys.prefix) for p in sorted(loaded))}")


if __name__ == "__main__":
    main()
