#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Writes one fx graph of a given size for the fx-split-graph benchmark.

A transformer-like chain in the form fx-decompose-size leaves: per layer
about 99 ops (relu, sym_size, constants, make_size, view, a size with a dim
in a slice, slice_tensor, add) and one splitting op,
torch.ops.vllm.unified_attention_with_output.default. Each layer also views with the
torch.Size built in the layer before, so size builds and index values cross
every cut, as in the graphs vLLM splits.
"""

import argparse
import sys

T = "tensor<?x64xf32>"
M = "tensor<?xi64>"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, required=True, help="about this many ops")
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()

    out = sys.stdout if args.output == "-" else open(args.output, "w")
    w = out.write
    w(f"func.func @forward(%x: {T}, %m: {M}) -> ({T}, {M}) {{\n")
    ops = 0
    h, m, size, counter = "%x", "%m", None, 0

    def fresh(hint):
        nonlocal counter
        counter += 1
        return f"%{hint}{counter}"

    w("  %c64 = arith.constant 64 : index\n")
    ops += 1
    while ops < args.ops:
        # One layer: 11 groups of 9 ops, then the attention.
        for g in range(11):
            a, n, s, v, k, sl, m2, h2 = (fresh(p) for p in
                                         ("relu", "n", "size", "view", "k", "slice", "m", "add"))
            w(f'  {a} = fx.node "call_function" "torch.relu"({h}) : ({T}) -> {T}\n')
            w(f"  {n} = fx.sym_size {a}, dim = 0 : {T}\n")
            w(f"  {s} = fx.make_size {n}, %c64 : !fx.size<2>\n")
            # The first group views with the size of the layer before.
            w(f"  {v} = fx.view {a}, {size if g == 0 and size else s} : {T}, !fx.size<2> -> {T}\n")
            w(f"  {k} = fx.size {v}, dim = 0 : {T} -> index\n")
            w(f"  {sl} = fx.slice none, {k}, none\n")
            w(f"  {m2} = fx.slice_tensor {m}[{sl}] : {M} -> {M}\n")
            w(f'  {h2} = fx.node "call_function" "torch.add"({v}, {h}) : ({T}, {T}) -> {T}\n')
            w(f"  {fresh('c')} = arith.constant {g} : index\n")
            h, m, size = h2, m2, s
            ops += 9
        attn = fresh("attn")
        w(f'  {attn} = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"'
          f"({h}, {m}) : ({T}, {M}) -> {T}\n")
        h = attn
        ops += 1
    w(f"  return {h}, {m} : {T}, {M}\n}}\n")
    ops += 1
    if out is not sys.stdout:
        out.close()
    print(f"{ops} ops", file=sys.stderr)


if __name__ == "__main__":
    main()
