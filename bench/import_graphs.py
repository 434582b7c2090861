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


def size_chain():
    nodes = int(os.environ.get("FX_BENCH_NODES", "1000"))
    g = torch.fx.Graph()
    x = g.placeholder("x")
    m = g.placeholder("m")
    last = []
    for _ in range(max(1, (nodes - 3) // BLOCK)):
        n = g.call_method("size", (x, 0))
        rows = g.call_function(operator.getitem, (m, slice(None, n, None)))
        s = g.call_method("size", (x,))
        first = g.call_function(operator.getitem, (s, 0))
        total = g.call_function(operator.add, (first, n))
        view = g.call_method("view", (x, s))
        relu = g.call_function(torch.relu, (rows,))
        last = [view, relu, total]
    g.output(tuple(last))
    return torch.fx.GraphModule(torch.nn.Module(), g), (torch.randn(4, 8), torch.randn(16))
