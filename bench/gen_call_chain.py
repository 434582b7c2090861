#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Writes a call chain of fx functions for the convert-fx-to-tensor benchmark.

@f0 to @f{depth}: each @fk but the last takes x: tensor<?x4xf32>, takes its
torch.Size (fx.size, fx.getitem), a dim (fx.sym_size), views x as (-1, 4)
(fx.make_size, fx.view) and calls @f{k+1} twice, on the view and then on
the first call's result; the leaf returns its argument. No slice anywhere.
Every function has the same few ops, so the program grows linearly with the
depth, while the number of call paths from @f0 to the leaf is 2^depth: an
analysis that follows every path is exponential here.
"""

import argparse
import sys

T = "tensor<?x4xf32>"


def chain(depth):
    lines = []
    for k in range(depth):
        lines += [
            f"func.func @f{k}(%x: {T}) -> {T} {{",
            f"  %size = fx.size %x : {T} -> !fx.size<2>",
            "  %n = fx.getitem %size[0] : !fx.size<2>",
            f"  %m = fx.sym_size %x, dim = 1 : {T}",
            "  %cm1 = arith.constant -1 : index",
            "  %shape = fx.make_size %cm1, %m : !fx.size<2>",
            f"  %v = fx.view %x, %shape : {T}, !fx.size<2> -> {T}",
            f"  %a = func.call @f{k + 1}(%v) : ({T}) -> {T}",
            f"  %b = func.call @f{k + 1}(%a) : ({T}) -> {T}",
            f"  return %b : {T}",
            "}",
        ]
    lines += [f"func.func @f{depth}(%x: {T}) -> {T} {{", f"  return %x : {T}", "}"]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, required=True,
                        help="functions that call the next one twice")
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    out = sys.stdout if args.output == "-" else open(args.output, "w")
    out.write(chain(args.depth))


if __name__ == "__main__":
    main()
