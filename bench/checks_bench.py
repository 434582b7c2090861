#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""What the lowering's run-time checks cost at run time.

Writes one fx function of at least 10^4 fx ops (a chain of blocks, each
x.size(k) with a run-time k, y.view(n, -1), a dim of the view, y[:b:step] and
its length, the next k computed from it, so that no block folds or merges
with another), lowers it twice and times both under mlir-runner, in one run:

  checks     fx-to-llvm as it is: every check the types cannot prove
  no checks  the same lowered IR with every fx.assert deleted after
             convert-fx-to-tensor{message-values},canonicalize,cse, then the
             rest of fx-to-llvm

Both variants share everything but the checks. A driver calls the function
--calls times in a loop (the loop index feeds the first k, so no call is
hoisted) and prints the elapsed time from rtclock(); each variant runs
--repeat times, alternating, and the table shows the medians per call and
their ratio. JIT compilation is outside the timed loop. The view's shape
tensor is a small allocation per block in both variants (fx-to-llvm frees no
buffers).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

LLVM_BIN = "/usr/lib/llvm-22/bin"
LLVM_LIB = "/usr/lib/llvm-22/lib"
FX_OPS_PER_BLOCK = 7


def graph(blocks):
    """The function under test: `blocks` chained blocks of 7 fx ops."""
    lines = [
        "func.func @graph(%x: tensor<?x?xf32>, %y: tensor<?xf32>, %k0: index,"
        " %step: index) -> index attributes {no_inline} {",
        "  %cm1 = arith.constant -1 : index",
        "  %c2 = arith.constant 2 : index",
    ]
    k = "%k0"
    for i in range(blocks):
        lines += [
            f"  %a{i} = fx.size %x, dim = {k} : tensor<?x?xf32> -> index",
            f"  %s{i} = fx.make_size %a{i}, %cm1 : !fx.size<2>",
            f"  %v{i} = fx.view %y, %s{i} : tensor<?xf32>, !fx.size<2> -> tensor<?x?xf32>",
            f"  %b{i} = fx.size %v{i}, dim = 0 : tensor<?x?xf32> -> index",
            f"  %l{i} = fx.slice none, %b{i}, %step",
            f"  %r{i} = fx.slice_tensor %y[%l{i}] : tensor<?xf32> -> tensor<?xf32>",
            f"  %n{i} = fx.size %r{i}, dim = 0 : tensor<?xf32> -> index",
            f"  %k{i + 1} = arith.remsi %n{i}, %c2 : index",
        ]
        k = f"%k{i + 1}"
    lines += [f"  return {k} : index", "}"]
    return "\n".join(lines) + "\n"


def driver(calls):
    """main: x of shape [3, 5], y of 15 elements; `calls` calls, timed."""
    return f"""
func.func private @rtclock() -> f64
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printNewline()
func.func @main() {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c15 = arith.constant 15 : index
  %calls = arith.constant {calls} : index
  %x = tensor.empty(%c3, %c5) : tensor<?x?xf32>
  %y = tensor.empty(%c15) : tensor<?xf32>
  %t0 = func.call @rtclock() : () -> f64
  %sum = scf.for %i = %c0 to %calls step %c1 iter_args(%acc = %c0) -> (index) {{
    %k0 = arith.remsi %i, %c2 : index
    %r = func.call @graph(%x, %y, %k0, %c1) : (tensor<?x?xf32>, tensor<?xf32>, index, index) -> index
    %next = arith.addi %acc, %r : index
    scf.yield %next : index
  }}
  %t1 = func.call @rtclock() : () -> f64
  %dt = arith.subf %t1, %t0 : f64
  func.call @printF64(%dt) : (f64) -> ()
  func.call @printNewline() : () -> ()
  %s = arith.index_cast %sum : index to i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}}
"""


def run(cmd, **kwargs):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd[:3])} ... failed:\n{proc.stderr[:2000]}")
    return proc.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fx-opt", default="build/bin/fx-opt")
    parser.add_argument("--blocks", type=int, default=1500,
                        help=f"blocks of {FX_OPS_PER_BLOCK} fx ops")
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="fx-checks-bench-")
    source = os.path.join(work, "graph.mlir")
    with open(source, "w") as f:
        f.write(graph(args.blocks) + driver(args.calls))
    fx_ops = args.blocks * FX_OPS_PER_BLOCK

    # Both variants leave convert-fx-to-tensor with the same IR; one keeps the
    # checks. The rest of fx-to-llvm finds no fx op to convert.
    lowered = run([args.fx_opt, source,
                   "--convert-fx-to-tensor=message-values", "--canonicalize",
                   "--cse"])
    checks = len(re.findall(r"^\s*fx\.assert ", lowered, flags=re.M))
    variants = {}
    for name, text in [("checks", lowered),
                       ("no checks", re.sub(r"^\s*fx\.assert .*\n", "",
                                            lowered, flags=re.M))]:
        path = os.path.join(work, name.replace(" ", "-") + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        llvm = path + ".llvm.mlir"
        run([args.fx_opt, path, "--fx-to-llvm", "-o", llvm])
        variants[name] = llvm

    runner = [os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
              "-entry-point-result=void", "-O2",
              f"-shared-libs={LLVM_LIB}/libmlir_runner_utils.so,"
              f"{LLVM_LIB}/libmlir_c_runner_utils.so"]
    times = {name: [] for name in variants}
    results = {}
    for _ in range(args.repeat):
        for name, llvm in variants.items():
            out = run(runner + [llvm]).split()
            times[name].append(float(out[0]) / args.calls)
            results[name] = out[1]
    if len(set(results.values())) != 1:
        sys.exit(f"the variants computed different results: {results}")

    with_checks = statistics.median(times["checks"])
    without = statistics.median(times["no checks"])
    print(f"run-time checks: medians of {args.repeat} runs of {args.calls} "
          f"calls, microseconds per call; mlir-runner -O2")
    print()
    print("| fx ops | checks left after canonicalize | with checks | "
          "without checks | with/without |")
    print("|---|---|---|---|---|")
    print(f"| {fx_ops} | {checks} | {with_checks * 1e6:.1f} | "
          f"{without * 1e6:.1f} | {with_checks / without:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
