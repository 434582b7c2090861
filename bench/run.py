#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Benchmarks fx-decompose-size against parse+print and the shape dialect.

For each graph size it times, in one run and several times each (medians):

  parse     fx-opt, parse and print, no pass
  pass      fx-opt with func.func(fx-decompose-size)
  walk      `pass` with the walkAndApplyPatterns driver (use-walk-driver)
  pipeline  fx-opt with func.func(fx-decompose-size,canonicalize,cse)
  serial    `pass` with --mlir-disable-threading
  bytecode  `pass`, reading the graph as MLIR bytecode
  out-parse fx-opt, parse and print of the pass's output (the larger IR the
            pass has to print)
  upstream  Debian's mlir-opt, func.func(canonicalize) on the same graph
            written with shape.shape_of/shape.get_extent and tensor ops
  up-parse  Debian's mlir-opt, parse and print of that upstream graph
  pass-only the wall time of the pass alone (--mlir-timing), threaded and
            with --mlir-disable-threading

and the peak RSS of `parse` and `pass`. It prints a Markdown table and
writes it to --out.

A second table (--split-sizes; --split-only for just that one) times
fx-split-graph on one-function graphs with a splitting op per 100 ops
(gen_split_graphs.py): `split` is fx-opt with builtin.module(fx-split-graph),
`pass-only` the pass alone from --mlir-timing, both against `parse`. These machines are noisy: read the ratios.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from tables import add_run_arguments, growth, markdown, write_tables

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM_BIN = "/usr/lib/llvm-22/bin"


PASS_TIMING = re.compile(r"^\s*(?:\S+\s+\(\s*[\d.]+%\)\s+)?([\d.]+)\s+\(\s*[\d.]+%\)\s+'func\.func' Pipeline",
                         re.M)


def run(cmd):
    """Runs cmd, returns (seconds, peak RSS in MiB, stderr); fails loudly."""
    # stderr goes to a file: a pipe read only after wait4 could fill and
    # block the child.
    with tempfile.TemporaryFile() as log:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        log.seek(0)
        stderr = log.read().decode()
    if status != 0:
        sys.exit(f"benchmark command failed: {' '.join(cmd)}\n{stderr}")
    return elapsed, usage.ru_maxrss / 1024, stderr


def median_of(cmd, repeat):
    samples = [run(cmd) for _ in range(repeat)]
    return (statistics.median(s[0] for s in samples),
            statistics.median(s[1] for s in samples))


def median_pass_time(cmd, repeat):
    """The wall time of the func.func pass pipeline alone, from --mlir-timing."""
    times = []
    for _ in range(repeat):
        stderr = run(cmd + ["--mlir-timing"])[2]
        match = PASS_TIMING.search(stderr)
        if not match:
            sys.exit(f"no pass timing in the output of {' '.join(cmd)}:\n{stderr}")
        times.append(float(match.group(1)))
    return statistics.median(times)


def count_ops(path):
    with open(path) as f:
        return sum(1 for line in f if " = " in line or line.lstrip().startswith("return"))


SPLIT_TIMING = re.compile(r"^\s*(?:\S+\s+\(\s*[\d.]+%\)\s+)?([\d.]+)\s+\(\s*[\d.]+%\)\s+FXSplitGraph$",
                          re.M)


def split_benchmark(args, workdir):
    """fx-split-graph on one-function graphs with a splitting op per 100 ops,
    against parse+print: its own table."""
    gen = [sys.executable, os.path.join(HERE, "gen_split_graphs.py")]
    split = "--pass-pipeline=builtin.module(fx-split-graph)"
    rows = []
    for size in (int(s) for s in args.split_sizes.split(",")):
        graph = os.path.join(workdir, f"split-{size}.mlir")
        subprocess.run(gen + ["--ops", str(size), "-o", graph], check=True,
                       stderr=subprocess.DEVNULL)
        ops = count_ops(graph)
        # The largest size once: the machine is shared.
        repeat = 1 if size >= 1000000 else args.repeat
        t = {}
        t["parse"], rss_parse = median_of([args.fx_opt, graph, "-o", "/dev/null"], repeat)
        t["split"], rss_split = median_of([args.fx_opt, graph, split, "-o", "/dev/null"], repeat)
        passes = []
        for _ in range(repeat):
            stderr = run([args.fx_opt, graph, split, "--mlir-timing", "-o", "/dev/null"])[2]
            match = SPLIT_TIMING.search(stderr)
            if not match:
                sys.exit(f"no fx-split-graph timing in:\n{stderr}")
            passes.append(float(match.group(1)))
        t["pass-only"] = statistics.median(passes)
        rows.append((ops, repeat, t, rss_parse, rss_split))
        print(f"measured split on {ops} ops", file=sys.stderr)

    columns = ["ops", "runs", "parse", "split", "split/parse", "pass-only",
               "pass-only/parse", "pass-only µs/op", "RSS parse MiB", "RSS split MiB",
               "pass-only vs previous size"]
    cells = []
    previous = None
    for ops, repeat, t, rss_parse, rss_split in rows:
        only = t["pass-only"]
        cells.append([ops, repeat, f"{t['parse']:.3f}", f"{t['split']:.3f}",
                      f"{t['split'] / t['parse']:.2f}", f"{only:.3f}",
                      f"{only / t['parse']:.3f}", f"{only / ops * 1e6:.2f}",
                      f"{rss_parse:.0f}", f"{rss_split:.0f}", growth(ops, only, previous, "ops")])
        previous = (ops, only)
    return markdown(f"fx-split-graph benchmark: one function, a splitting op per 100 ops; "
                    f"medians, seconds; {os.cpu_count()} cores", columns, cells)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_run_arguments(parser, "--sizes", "1000,10000,100000,1000000",
                      "comma-separated op counts", "graphs")
    parser.add_argument("--mlir-opt", default=os.path.join(LLVM_BIN, "mlir-opt"))
    parser.add_argument("--split-sizes", default="10000,100000,1000000",
                        help="op counts for the fx-split-graph table ('' for none)")
    parser.add_argument("--split-only", action="store_true",
                        help="only the fx-split-graph table")
    args = parser.parse_args()

    workdir = args.workdir or tempfile.mkdtemp(prefix="fx-bench-")
    os.makedirs(workdir, exist_ok=True)
    split_table = split_benchmark(args, workdir) if args.split_sizes else ""
    if args.split_only:
        print(split_table)
        write_tables(args.out, {"split": split_table})
        return
    gen = [sys.executable, os.path.join(HERE, "gen_graphs.py")]
    decompose = "--pass-pipeline=builtin.module(func.func(fx-decompose-size))"
    walk = ("--pass-pipeline=builtin.module(func.func("
            "fx-decompose-size{use-walk-driver}))")
    pipeline = ("--pass-pipeline=builtin.module(func.func("
                "fx-decompose-size,canonicalize,cse))")
    canonicalize = "--pass-pipeline=builtin.module(func.func(canonicalize))"

    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        graph = os.path.join(workdir, f"fx-{size}.mlir")
        bytecode = os.path.join(workdir, f"fx-{size}.mlirbc")
        decomposed = os.path.join(workdir, f"fx-{size}.decomposed.mlir")
        upstream = os.path.join(workdir, f"upstream-{size}.mlir")
        subprocess.run(gen + ["--ops", str(size), "-o", graph], check=True,
                       stderr=subprocess.DEVNULL)
        subprocess.run(gen + ["--ops", str(size), "--upstream", "-o", upstream],
                       check=True, stderr=subprocess.DEVNULL)
        subprocess.run([args.fx_opt, graph, "--emit-bytecode", "-o", bytecode], check=True)
        subprocess.run([args.fx_opt, graph, decompose, "-o", decomposed], check=True)
        ops, up_ops = count_ops(graph), count_ops(upstream)

        t = {}
        t["parse"], rss_parse = median_of([args.fx_opt, graph, "-o", "/dev/null"], args.repeat)
        t["pass"], rss_pass = median_of([args.fx_opt, graph, decompose, "-o", "/dev/null"], args.repeat)
        t["walk"], _ = median_of([args.fx_opt, graph, walk, "-o", "/dev/null"], args.repeat)
        t["pipeline"], _ = median_of([args.fx_opt, graph, pipeline, "-o", "/dev/null"], args.repeat)
        t["serial"], _ = median_of([args.fx_opt, graph, decompose, "--mlir-disable-threading",
                                    "-o", "/dev/null"], args.repeat)
        t["bytecode"], _ = median_of([args.fx_opt, bytecode, decompose, "-o", "/dev/null"], args.repeat)
        t["out-parse"], _ = median_of([args.fx_opt, decomposed, "-o", "/dev/null"], args.repeat)
        t["upstream"], _ = median_of([args.mlir_opt, upstream, canonicalize, "-o", "/dev/null"],
                                     args.repeat)
        t["pass-only"] = median_pass_time([args.fx_opt, graph, decompose, "-o", "/dev/null"],
                                          args.repeat)
        t["pass-only-serial"] = median_pass_time(
            [args.fx_opt, graph, decompose, "--mlir-disable-threading", "-o", "/dev/null"],
            args.repeat)
        t["up-parse"], _ = median_of([args.mlir_opt, upstream, "-o", "/dev/null"], args.repeat)
        rows.append((size, ops, up_ops, t, rss_parse, rss_pass))
        print(f"measured {ops} ops", file=sys.stderr)

    columns = ["ops", "parse", "pass", "pass/parse", "walk", "walk/parse", "out-parse",
               "pipeline", "serial", "serial/pass", "bytecode", "upstream (ops)", "up-parse",
               "pipeline/op ÷ upstream/op", "parse/op ÷ up-parse/op", "RSS parse MiB",
               "RSS pass MiB", "RSS pass/parse", "pass vs previous size", "pass-only",
               "pass-only/parse", "pass-only serial", "serial/threaded"]
    cells = []
    previous = None
    for size, ops, up_ops, t, rss_parse, rss_pass in rows:
        per_op = (t["pipeline"] / ops) / (t["upstream"] / up_ops)
        parse_per_op = (t["parse"] / ops) / (t["up-parse"] / up_ops)
        cells.append([ops, f"{t['parse']:.3f}", f"{t['pass']:.3f}",
                      f"{t['pass'] / t['parse']:.2f}", f"{t['walk']:.3f}",
                      f"{t['walk'] / t['parse']:.2f}", f"{t['out-parse']:.3f}",
                      f"{t['pipeline']:.3f}", f"{t['serial']:.3f}",
                      f"{t['serial'] / t['pass']:.2f}", f"{t['bytecode']:.3f}",
                      f"{t['upstream']:.3f} ({up_ops})", f"{t['up-parse']:.3f}",
                      f"{per_op:.2f}", f"{parse_per_op:.2f}", f"{rss_parse:.0f}",
                      f"{rss_pass:.0f}", f"{rss_pass / rss_parse:.2f}",
                      growth(ops, t["pass"], previous, "ops"), f"{t['pass-only']:.3f}",
                      f"{t['pass-only'] / t['parse']:.3f}", f"{t['pass-only-serial']:.3f}",
                      f"{t['pass-only-serial'] / t['pass-only']:.2f}"])
        previous = (ops, t["pass"])
    table = markdown(f"fx-decompose-size benchmark: medians of {args.repeat} runs, seconds; "
                     f"{os.cpu_count()} cores", columns, cells)
    tables = {"decompose": table}
    if split_table:
        tables["split"] = split_table
    print("\n".join(tables.values()))
    write_tables(args.out, tables)


if __name__ == "__main__":
    main()
