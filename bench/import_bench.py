#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Benchmarks the importer: fx_import.py alone and with --check.

For each graph size (FX nodes) it times, in one run and several times each
(medians), the whole command as a user runs it:

  import   fx_import.py bench/import_graphs.py:size_chain --dynamic x:0
  check    the same with --check (fx-decompose-size with its remarks, and
           the pre-fix pass, through fx-opt)

and prints a Markdown table with check/import and the growth of each column
from one size to the next (linear: 10x nodes in about 10x time). These
machines are noisy: read the ratios.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

from tables import growth, markdown, write_tables

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
IMPORTER = os.path.join(ROOT, "tools", "fx-import", "fx_import.py")
SPEC = os.path.join(HERE, "import_graphs.py") + ":size_chain"


def timed(cmd, nodes):
    env = dict(os.environ, FX_BENCH_NODES=str(nodes))
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"benchmark command failed: {' '.join(cmd)}\n{proc.stderr}")
    return elapsed


def median(cmd, nodes, repeat):
    return statistics.median(timed(cmd, nodes) for _ in range(repeat))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fx-opt", default=os.path.join(ROOT, "build", "bin", "fx-opt"),
                        help="the fx-opt that --check runs")
    parser.add_argument("--sizes", default="1000,10000,30000,100000",
                        help="comma-separated graph sizes in FX nodes")
    parser.add_argument("--repeat", type=int, default=3, help="runs per command")
    parser.add_argument("--out", help="also write the table here; in "
                        "bench/README.md, into its marked section")
    args = parser.parse_args()

    base = [sys.executable, IMPORTER, SPEC, "--dynamic", "x:0"]
    cells = []
    previous = None
    for nodes in (int(s) for s in args.sizes.split(",")):
        imp = median(base, nodes, args.repeat)
        chk = median(base + ["--check", "--fx-opt", args.fx_opt], nodes, args.repeat)
        cells.append([nodes, f"{imp:.3f}", f"{chk:.3f}", f"{chk / imp:.2f}",
                      growth(nodes, imp, previous and previous[:2], "nodes"),
                      growth(nodes, chk, previous and previous[::2], "nodes")])
        previous = (nodes, imp, chk)
    table = markdown(f"fx-import benchmark: medians of {args.repeat} runs, seconds, whole "
                     f"commands (Python start-up included)",
                     ["FX nodes", "import", "check", "check/import", "import vs previous",
                      "check vs previous"], cells)
    print(table)
    if args.out:
        write_tables(args.out, {"import": table})


if __name__ == "__main__":
    main()
