# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Two attention blocks compiled with torch.compile(dynamic=True), for
integration_test/Install/pip-package.test. The attention is a custom op,
as vLLM's is. Run as a script, by a Python that has fx_mlir_import
installed, its backend splits the graph with split_graph and reports the
pieces, what the split computes and which libraries were loaded;
`captured()` is the MODULE:FUNCTION the fx-import command imports."""

import copy
import os
import sys

import torch
import torch.nn.functional as F
from torch import nn

OPS = ["pippackage::attention"]


@torch.library.custom_op("pippackage::attention", mutates_args=())
def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    return F.scaled_dot_product_attention(q, k, v, is_causal=True)


@attention.register_fake
def _(q, k, v):
    return torch.empty_like(q)


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = (t.unflatten(-1, (self.heads, -1)).transpose(1, 2)
                   for t in self.qkv(x).chunk(3, dim=-1))
        a = attention(q, k, v).transpose(1, 2)
        return x + self.out(a.reshape(x.size()))


def model():
    torch.manual_seed(0)
    return nn.Sequential(Block(16, 2), nn.LayerNorm(16), Block(16, 2))


def captured():
    """The GraphModule that torch.compile hands its backend."""
    graphs = []

    def record(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch.compile(model(), backend=record, dynamic=True)(torch.randn(2, 5, 16))
    (gm,) = graphs
    return gm


def loaded(name):
    """The files whose name starts with `name` mapped into this process."""
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps}
    return sorted(p for p in paths if os.path.basename(p).startswith(name))


def dimless_sizes(gm):
    """How many x.size() nodes `gm` and its submodules hold."""
    return sum(n.op == "call_method" and n.target == "size" and len(n.args) == 1
               for m in gm.modules() if isinstance(m, torch.fx.GraphModule)
               for n in m.graph.nodes)


def main():
    import fx_mlir_import
    from fx_mlir_import import split_graph

    splits, runs = [], []

    def backend(gm, example_inputs):
        unsplit = copy.deepcopy(gm)
        split_gm, items = split_graph(gm, OPS)
        splits.append((dimless_sizes(unsplit), dimless_sizes(split_gm), items))

        def run(*args):
            (out,), (expected,) = split_gm(*args), unsplit(*args)
            runs.append(torch.equal(out, expected))
            return (out,)
        return run

    m = model()
    compiled = torch.compile(m, backend=backend, dynamic=True)
    for batch, seq in [(2, 5), (3, 7)]:
        x = torch.randn(batch, seq, 16)
        out = compiled(x)
        print(f"batch {batch}, seq {seq}: split == unsplit: {runs[-1]}, "
              f"close to eager: {torch.allclose(out, m(x), atol=1e-6)}")
    print(f"graphs compiled: {len(splits)}")
    before, after, items = splits[0]
    print(f"x.size() nodes: {before} before the split, {after} after")
    print("pieces:", " ".join(f"{i.graph_id}{'*' if i.is_splitting_graph else ''}"
                              for i in items))
    for item in items:
        nodes = item.graph.graph.nodes
        ops = [str(n.target) for n in nodes
               if n.op == "call_function" and str(n.target).startswith("pippackage.")]
        inputs = {type(n.meta["example_value"]).__name__ for n in nodes
                  if n.op == "placeholder"}
        print(f"{item.submod_name}: attention ops {ops}, inputs {sorted(inputs)}")

    print("package:", os.path.relpath(os.path.dirname(fx_mlir_import.__file__), sys.prefix))
    print("libFXMLIR-C:", ", ".join(os.path.relpath(p, sys.prefix)
                                    for p in loaded("libFXMLIR-C.so")))
    print("libMLIR:", ", ".join(loaded("libMLIR.so")))


if __name__ == "__main__":
    main()
