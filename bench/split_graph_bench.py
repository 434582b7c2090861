#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Benchmarks fx_mlir_import.split_graph against vLLM's split_graph.

GraphModule in, split GraphModule and SplitItems out: for Llama graphs of
each layer count (integration_test/Import/Inputs/vllm_graphs.py,
Dynamo-style, split at vLLM's default splitting ops), in one run and
interleaved, it times

  reference   the reference copy of vLLM's split_graph
              (integration_test/Import/Inputs/vllm_reference.py), which
              applies its partition with torch's split_module
  in process  fx_mlir_import.split_graph with the passes run through
              libFXMLIR-C.so, end to end, and each of its stages from its
              `stats` dict: import, passes, read-back, apply (with torch's
              split_module, keep_original_order=True and tuple_return=True
              as vLLM 0.34.0 passes them, as the reference does)
  fx-opt      the same with the passes run in an fx-opt process

and prints a Markdown table of medians in seconds with the ratios to the
reference. Loading the library happens once per process, before the runs;
its time is printed apart. Building the graphs is not timed; each call gets
a fresh graph, since all three decompose sizes in place, and starts after a
full garbage collection. All three must give the same SplitItems, or the
run stops. These machines are noisy: read the ratios.
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
from fx_mlir_import import native, split_graph  # noqa: E402
from tables import write_tables  # noqa: E402

STAGES = ("import", "passes", "read-back", "apply")


def describe(items):
    return [(i.submod_name, i.graph_id, i.is_splitting_graph) for i in items]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fx-opt", default=os.path.join(ROOT, "build", "bin", "fx-opt"),
                        help="the fx-opt that split_graph runs in a process")
    parser.add_argument("--library",
                        default=os.path.join(ROOT, "build", "lib", "libFXMLIR-C.so"),
                        help="the libFXMLIR-C.so that split_graph runs in process")
    parser.add_argument("--layers", default="32,80",
                        help="comma-separated decoder layer counts (Llama)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each")
    parser.add_argument("--out", help="also write the table here; in "
                        "bench/README.md, into its marked section")
    args = parser.parse_args()

    start = time.perf_counter()
    native.load(args.library)
    load = time.perf_counter() - start

    rows = [f"split_graph benchmark: Llama layers, vLLM's default splitting ops, medians of "
            f"{args.repeat} runs, seconds; loading libFXMLIR-C.so, once per process: "
            f"{load:.4f}", "",
            "| layers | FX nodes | pieces | reference | in process | in process/reference | "
            "fx-opt | fx-opt/reference | " + " | ".join(STAGES) + " |",
            "|---|---|---|---|---|---|---|---|" + "---|" * len(STAGES)]
    runs = (("in process", {"library": args.library}), ("fx-opt", {"fx_opt": args.fx_opt}))
    for layers in (int(s) for s in args.layers.split(",")):
        times = {name: [] for name in ("reference",) + tuple(name for name, _ in runs)}
        stages = {stage: [] for stage in STAGES}
        nodes = pieces = None
        for _ in range(args.repeat):
            ref_gm = vllm_graphs.llama(layers).gm
            nodes = len(ref_gm.graph.nodes)
            gc.collect()
            start = time.perf_counter()
            _, ref_items = vllm_reference.split_graph(ref_gm, None)
            times["reference"].append(time.perf_counter() - start)
            for name, runner in runs:
                our_gm = vllm_graphs.llama(layers).gm
                stats = {}
                gc.collect()
                start = time.perf_counter()
                _, our_items = split_graph(our_gm, None, stats=stats, **runner)
                times[name].append(time.perf_counter() - start)
                if describe(ref_items) != describe(our_items):
                    sys.exit(f"error: at {layers} layers the SplitItems differ ({name}):\n"
                             f"  reference {describe(ref_items)}\n"
                             f"  fx-mlir   {describe(our_items)}")
                if name != "in process":
                    continue
                for stage in STAGES:
                    if stage not in stats:
                        sys.exit(f"error: split_graph's stats have no '{stage}' stage: {stats}")
                    stages[stage].append(stats[stage])
            pieces = len(ref_items)
        ref, inproc, process = (statistics.median(times[n])
                                for n in ("reference", "in process", "fx-opt"))
        cells = " | ".join(f"{statistics.median(stages[s]):.4f}" for s in STAGES)
        rows.append(f"| {layers} | {nodes} | {pieces} | {ref:.4f} | {inproc:.4f} | "
                    f"{inproc / ref:.2f} | {process:.4f} | {process / ref:.2f} | {cells} |")
    table = "\n".join(rows) + "\n"
    print(table)
    if args.out:
        write_tables(args.out, {"split-graph-api": table})


if __name__ == "__main__":
    main()
