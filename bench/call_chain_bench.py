#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Benchmarks convert-fx-to-tensor on call chains against parsing.

On the call chains of gen_call_chain.py (each function views its argument
and calls the next one twice; 2^depth call paths, no slice), for each depth
it times, in one run and --repeat times each (medians):

  parse   fx-opt, parse and print, no pass (the whole command)
  lower   fx-opt --convert-fx-to-tensor (the whole command)

and, from --mlir-timing of the `lower` command, the wall time of its phases:
Parser, ConvertFXToTensor (the pass alone) and Output (printing the lowered
IR). Every function is the same size, so a linear lowering keeps the
ratios constant and the pass's time per function flat as the depth grows.
It prints a Markdown table and writes it to --out.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

import run as bench
from tables import add_run_arguments, growth, markdown, write_tables

HERE = os.path.dirname(os.path.abspath(__file__))
PHASES = ("Parser", "ConvertFXToTensor", "Output")


def phase_pattern(name):
    """A phase's wall time in --mlir-timing's report (as run.py reads it)."""
    return re.compile(r"^\s*(?:\S+\s+\(\s*[\d.]+%\)\s+)?([\d.]+)\s+\(\s*[\d.]+%\)\s+"
                      + re.escape(name) + "$", re.M)


def median_phases(cmd, repeat):
    """{phase: median wall time} over `repeat` runs of cmd with --mlir-timing."""
    samples = {name: [] for name in PHASES}
    for _ in range(repeat):
        stderr = bench.run(cmd + ["--mlir-timing"])[2]
        for name in PHASES:
            match = phase_pattern(name).search(stderr)
            if not match:
                sys.exit(f"no {name} timing in the output of {' '.join(cmd)}:\n{stderr}")
            samples[name].append(float(match.group(1)))
    return {name: statistics.median(times) for name, times in samples.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_run_arguments(parser, "--depths", "16,18,20,22,24,26,28,30",
                      "comma-separated chain depths", "chains")
    args = parser.parse_args()

    workdir = args.workdir or tempfile.mkdtemp(prefix="fx-chain-bench-")
    os.makedirs(workdir, exist_ok=True)
    gen = [sys.executable, os.path.join(HERE, "gen_call_chain.py")]
    rows = []
    for depth in (int(d) for d in args.depths.split(",")):
        chain = os.path.join(workdir, f"chain-{depth}.mlir")
        subprocess.run(gen + ["--depth", str(depth), "-o", chain], check=True)
        lower = [args.fx_opt, chain, "--convert-fx-to-tensor", "-o", "/dev/null"]
        t = {}
        t["parse"], _ = bench.median_of([args.fx_opt, chain, "-o", "/dev/null"], args.repeat)
        t["lower"], _ = bench.median_of(lower, args.repeat)
        t.update(median_phases(lower, args.repeat))
        rows.append((depth, bench.count_ops(chain), t))
        print(f"measured the call chain of depth {depth}", file=sys.stderr)

    columns = ["depth", "functions", "ops", "call paths", "parse", "lower", "lower/parse",
               "Parser", "ConvertFXToTensor", "pass/Parser", "Output", "pass µs/function",
               "pass vs previous depth"]
    cells = []
    previous = None
    for depth, ops, t in rows:
        functions = depth + 1
        convert = t["ConvertFXToTensor"]
        cells.append([depth, functions, ops, f"2^{depth}", f"{t['parse']:.4f}",
                      f"{t['lower']:.4f}", f"{t['lower'] / t['parse']:.2f}",
                      f"{t['Parser']:.4f}", f"{convert:.4f}", f"{convert / t['Parser']:.2f}",
                      f"{t['Output']:.4f}", f"{convert / functions * 1e6:.0f}",
                      growth(functions, convert, previous, "functions")])
        previous = (functions, convert)
    table = markdown(f"convert-fx-to-tensor call-chain benchmark: medians of {args.repeat} "
                     f"runs, seconds; {os.cpu_count()} cores", columns, cells)
    print(table)
    write_tables(args.out, {"call-chain": table})


if __name__ == "__main__":
    main()
