# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Another MLIR in the process of the wheel's libFXMLIR-C.so, for
integration_test/Install/wheel.test: `--with debian`, Debian's libMLIR.so
loaded with RTLD_GLOBAL, as a process that loads MLIR for everyone does;
`--with torch-mlir`, torch-mlir's MLIR used through its bindings; or
`--with global`, the wheel's library itself made RTLD_GLOBAL, as by a host
that loads every library so, where any MLIR symbol it exported would stand
for Debian's in the tree's build loaded after it. The first two
cannot share a process (torch-mlir's LLVM then registers its options with
Debian's and ends the process), so each runs in one of its own. `--order
before` brings it in before the wheel's library is loaded, `after` after it
has split once. Then the tree's own build of libFXMLIR-C.so, which links
Debian's libMLIR.so, splits beside the wheel's. Each split of the graph
torch.compile captured (pip_package.py) must give the first split's
partition."""

import argparse
import copy
import ctypes
import os
import sys

# -P leaves the script's folder off the path; pip_package is beside it.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pip_package  # noqa: E402

from fx_mlir_import import FxImportError, native, split_graph  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--with", dest="other", choices=["debian", "torch-mlir", "global"], required=True)
parser.add_argument("--order", choices=["before", "after"], required=True)
parser.add_argument("--tree", required=True, help="the tree's build of libFXMLIR-C.so")
args = parser.parse_args()

GM = pip_package.captured()
first = []


def split(what, library=None):
    """Splits a copy of GM with `library` (default: the package's own) and
    prints whether the partition is the first split's."""
    try:
        _, items = split_graph(copy.deepcopy(GM), pip_package.OPS, library=library)
    except FxImportError as e:
        print(f"{what}: refused: {e}")
        return
    partition = [(i.graph_id, i.is_splitting_graph, [n.name for n in i.graph.graph.nodes])
                 for i in items]
    if not first:
        first.append(partition)
        print(f"{what}: pieces", " ".join(f"{i}{'*' if s else ''}" for i, s, _ in partition))
    else:
        print(f"{what}: the first split's partition: {partition == first[0]}")


def other():
    if args.other == "global":
        ctypes.CDLL(native.default_library(), mode=ctypes.RTLD_GLOBAL)
        print("the wheel's library: loaded with RTLD_GLOBAL")
        return
    if args.other == "debian":
        ctypes.CDLL("/usr/lib/llvm-22/lib/libMLIR.so", mode=ctypes.RTLD_GLOBAL)
        print("Debian's libMLIR.so: loaded with RTLD_GLOBAL")
        return
    from torch_mlir import ir
    from torch_mlir.dialects import torch as torch_dialect
    with ir.Context() as context:
        torch_dialect.register_dialect(context)
        module = ir.Module.parse(
            "func.func @f(%x: !torch.int) -> !torch.int {\n"
            "  return %x : !torch.int\n}")
        verified = module.operation.verify()
    print(f"torch-mlir: a module of the torch dialect parsed and verified: {verified}")


if args.order == "before":
    other()
    split("the wheel's library")
else:
    split("the wheel's library")
    other()
    split("the wheel's library again")
split("the tree's build beside it", args.tree)
split("the wheel's library once more")
print("mapped:", ", ".join(sorted(
    os.path.basename(p) for p in pip_package.loaded("lib")
    if os.path.basename(p).startswith(("libMLIR.so", "libFXMLIR-C.so", "libTorchMLIR")))))
print("wheel's library:", os.path.relpath(native.loaded().path, sys.prefix))
