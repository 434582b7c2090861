#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Benchmarks fx_mlir_import.split_graph against vLLM's split_graph.

GraphModule in, split GraphModule and SplitItems out: for Llama graphs of
each layer count (integration_test/Import/Inputs/vllm_graphs.py, Dynamo-style, split at
vLLM's default splitting ops), in one run and interleaved, it times

  reference   the reference copy of vLLM's split_graph
              (integration_test/Import/Inputs/vllm_reference.py)
  fx-mlir     fx_mlir_import.split_graph, end to end, and each of its stages
              from its `stats` dict: import, fx-opt, read-back, apply

and prints a Markdown table of medians in seconds with fx-mlir/reference.
Building the graphs is not timed; each call gets a fresh graph, since both
decompose sizes in place, and starts after a full garbage collection. The
two must give the same SplitItems, or the run stops. These machines are
noisy: read the ratios.
"""

import argparse
import gc
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(ROOT, "tools", "fx-import"),
                os.path.join(ROOT, "integration_test", "Import", "Inputs")]

import vllm_graphs  # noqa: E402
import vllm_reference  # noqa: E402
from fx_mlir_import import split_graph  # noqa: E402
from tables import write_tables  # noqa: E402

STAGES = ("import", "fx-opt", "read-back", "apply")


def describe(items):
    return [(i.submod_name, i.graph_id, i.is_splitting_graph) for i in items]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fx-opt", default=os.path.join(ROOT, "build", "bin", "fx-opt"),
                        help="the fx-opt that split_graph runs")
    parser.add_argument("--layers", default="32,80",
                        help="comma-separated decoder layer counts (Llama)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each")
    parser.add_argument("--out", help="also write the table here; in "
                        "bench/README.md, into its marked section")
    args = parser.parse_args()

    rows = [f"split_graph benchmark: Llama layers, vLLM's default splitting ops, medians of "
            f"{args.repeat} runs, seconds, in process", "",
            "| layers | FX nodes | pieces | reference | fx-mlir | fx-mlir/reference | "
            + " | ".join(STAGES) + " |",
            "|---|---|---|---|---|---|" + "---|" * len(STAGES)]
    for layers in (int(s) for s in args.layers.split(",")):
        ref_times, our_times = [], []
        stages = {stage: [] for stage in STAGES}
        nodes = pieces = None
        for _ in range(args.repeat):
            ref_gm = vllm_graphs.llama(layers).gm
            our_gm = vllm_graphs.llama(layers).gm
            nodes = len(ref_gm.graph.nodes)
            gc.collect()
            start = time.perf_counter()
            _, ref_items = vllm_reference.split_graph(ref_gm, None)
            ref_times.append(time.perf_counter() - start)
            stats = {}
            gc.collect()
            start = time.perf_counter()
            _, our_items = split_graph(our_gm, None, stats=stats, fx_opt=args.fx_opt)
            our_times.append(time.perf_counter() - start)
            for stage in STAGES:
                if stage not in stats:
                    sys.exit(f"error: split_graph's stats have no '{stage}' stage: {stats}")
                stages[stage].append(stats[stage])
            if describe(ref_items) != describe(our_items):
                sys.exit(f"error: at {layers} layers the SplitItems differ:\n"
                         f"  reference {describe(ref_items)}\n  fx-mlir   {describe(our_items)}")
            pieces = len(our_items)
        ref, ours = statistics.median(ref_times), statistics.median(our_times)
        cells = " | ".join(f"{statistics.median(stages[s]):.4f}" for s in STAGES)
        rows.append(f"| {layers} | {nodes} | {pieces} | {ref:.4f} | {ours:.4f} | "
                    f"{ours / ref:.2f} | {cells} |")
    table = "\n".join(rows) + "\n"
    print(table)
    if args.out:
        write_tables(args.out, {"split-graph-api": table})


if __name__ == "__main__":
    main()
