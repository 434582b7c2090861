# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Graphs for the importer benchmark (bench/import_bench.py).

`size_chain` returns a GraphModule of about FX_BENCH_NODES nodes (default
1000) and its example inputs: blocks of x.size(0) as a slice stop, x.size()
with a getitem and a view, arithmetic on the sizes and an opaque relu, the
idioms --check reports on. fx_import.py takes it as
`bench/import_graphs.py:size_chain --dynamic x:0`.
"""

import operator
import os

import torch
import torch.fx

BLOCK = 7  # FX nodes per block


def _name(base, k):
    # Unique names up front, so that the graph's namespace finds each name
    # free at once.
    return base if k == 0 else f"{base}_{k}"


def size_chain():
    nodes = int(os.environ.get("FX_BENCH_NODES", "1000"))
    g = torch.fx.Graph()
    x = g.placeholder("x")
    m = g.placeholder("m")
    last = []
    for i in range(max(1, (nodes - 3) // BLOCK)):
        n = g.create_node("call_method", "size", (x, 0), name=_name("size", 2 * i))
        rows = g.create_node("call_function", operator.getitem, (m, slice(None, n, None)),
                             name=_name("getitem", 2 * i))
        s = g.create_node("call_method", "size", (x,), name=_name("size", 2 * i + 1))
        first = g.create_node("call_function", operator.getitem, (s, 0),
                              name=_name("getitem", 2 * i + 1))
        total = g.create_node("call_function", operator.add, (first, n), name=_name("add", i))
        view = g.create_node("call_method", "view", (x, s), name=_name("view", i))
        relu = g.create_node("call_function", torch.relu, (rows,), name=_name("relu", i))
        last = [view, relu, total]
    g.output(tuple(last))
    return torch.fx.GraphModule(torch.nn.Module(), g), (torch.randn(4, 8), torch.randn(16))
