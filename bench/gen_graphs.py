#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Writes LoRA-like fx graphs of a given size, for benchmarks and tests.

Each function holds chains of the size-handling pattern from LoRA graphs, on
tensors of rank 1 to 6 with mixed static and symbolic dims:

  %s = fx.size %x : T -> !fx.size<r>            dimless, decomposed by the pass
  %i = fx.getitem %s[k] : !fx.size<r>           users of the torch.Size
  %v = fx.view %x, %s : T, !fx.size<r> -> T
  %n = fx.size %v, dim = 0 : T -> index         a size with a dim...
  %l = fx.slice %i, %n, none                    ...used in a slice
  %m' = fx.slice_tensor %m[%l] : ...

Every value feeds the next group, so nothing is dead. One group in eight
gives its torch.Size many getitem users. With --upstream, the same graphs are
written with upstream ops (shape.shape_of, shape.get_extent, tensor.reshape,
tensor.dim, tensor.extract_slice) for comparison with the shape dialect.
"""

import argparse
import random
import sys

RANKS = range(1, 7)


def tensor_type(shape):
    return "tensor<" + "x".join("?" if d is None else str(d) for d in shape) + "xf32>"


def make_shapes(rng):
    # One argument per rank; the first dim is always symbolic (tokens).
    shapes = []
    for rank in RANKS:
        shape = [None] + [rng.choice([None, 2, 4, 8]) for _ in range(rank - 1)]
        shapes.append(shape)
    return shapes


class Writer:
    def __init__(self, out, upstream):
        self.out = out
        self.upstream = upstream
        self.ops = 0
        self.next_id = 0

    def fresh(self):
        self.next_id += 1
        return f"%v{self.next_id}"

    def emit(self, text):
        self.out.write("  " + text + "\n")
        self.ops += 1

    def let(self, value):
        """Emits `<fresh name> = value`; returns the name."""
        name = self.fresh()
        self.emit(f"{name} = {value}")
        return name

    def group(self, x, shape, m, many_users):
        """One size-handling group on tensor `x`; returns the new (x, m)."""
        t = tensor_type(shape)
        rank = len(shape)
        users = 16 if many_users else 2
        s = self.fresh()
        items = []
        if self.upstream:
            st = f"tensor<{rank}xindex>"
            self.emit(f"{s} = shape.shape_of {x} : {t} -> {st}")
            for k in range(users):
                c = self.let(f"arith.constant {k % rank} : index")
                i = self.let(f"shape.get_extent {s}, {c} : {st}, index -> index")
                items.append(i)
            v = self.let(f"tensor.reshape {x}({s}) : ({t}, {st}) -> {t}")
            c0 = self.let("arith.constant 0 : index")
            n = self.let(f"tensor.dim {v}, {c0} : {t}")
            size = self.let(f"arith.subi {n}, {items[0]} : index")
            m2 = self.let(f"tensor.extract_slice {m}[{items[0]}] [{size}] [1]"
                          f" : tensor<?xi64> to tensor<?xi64>")
        else:
            self.emit(f"{s} = fx.size {x} : {t} -> !fx.size<{rank}>")
            for k in range(users):
                i = self.let(f"fx.getitem {s}[{k % rank}] : !fx.size<{rank}>")
                items.append(i)
            v = self.let(f"fx.view {x}, {s} : {t}, !fx.size<{rank}> -> {t}")
            n = self.let(f"fx.size {v}, dim = 0 : {t} -> index")
            sl = self.let(f"fx.slice {items[0]}, {n}, none")
            m2 = self.let(f"fx.slice_tensor {m}[{sl}] : tensor<?xi64> -> tensor<?xi64>")
        return v, m2

    def function(self, name, shapes, groups, rng):
        args = ", ".join(f"%x{r}: {tensor_type(s)}" for r, s in zip(RANKS, shapes))
        results = ", ".join([tensor_type(s) for s in shapes] + ["tensor<?xi64>"])
        self.out.write(f"func.func @{name}({args}, %m: tensor<?xi64>) -> ({results}) {{\n")
        xs = [f"%x{r}" for r in RANKS]
        m = "%m"
        for g in range(groups):
            r = rng.randrange(len(shapes))
            xs[r], m = self.group(xs[r], shapes[r], m, many_users=(g % 8 == 7))
        values = ", ".join(xs + [m])
        self.out.write(f"  return {values} : {results}\n}}\n")
        self.ops += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, required=True, help="about this many ops")
    parser.add_argument("--functions", type=int, default=0,
                        help="number of functions (default: ops / 1000, at least 1)")
    parser.add_argument("--upstream", action="store_true",
                        help="write the upstream shape/tensor equivalent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    functions = args.functions or max(1, args.ops // 1000)
    # A group is ~8 fx ops on average (2 or 16 getitems).
    ops_per_group = 9 if not args.upstream else 14
    groups = max(1, args.ops // functions // ops_per_group)
    out = sys.stdout if args.output == "-" else open(args.output, "w")
    writer = Writer(out, args.upstream)
    for f in range(functions):
        writer.function(f"graph{f}", make_shapes(rng), groups, random.Random(args.seed + f))
    if out is not sys.stdout:
        out.close()
    print(f"{writer.ops} ops in {functions} functions", file=sys.stderr)


if __name__ == "__main__":
    main()
