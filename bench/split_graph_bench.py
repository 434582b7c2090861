#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Benchmarks fx_mlir_import.split_graph against the installed vLLM's.

GraphModule in, split GraphModule and SplitItems out, on the graphs
torch.compile(dynamic=True) hands a backend for transformers' Llama at 32
and 80 decoder layers and Mixtral (a mixture of experts) at 32
(integration_test/Import/Inputs/hf_models.py: small configs, floats
specialized, the attention an aten op, as vLLM's models call it through an
op), split at aten::scaled_dot_product_attention. In one run, interleaved,
it times

  vLLM        vllm.compilation.backends.split_graph (vllm 0.34.0), and its
              stages: _decompose_size_nodes, the walk (the rest), torch's
              split_module, timed by wrapping the two functions vLLM calls
  fx-mlir     fx_mlir_import.split_graph with the passes run in process
              through libFXMLIR-C.so, and its stages from its `stats`:
              import, passes (the decision, through fxMlirSplitDecide),
              decompose (its size decomposition, applied to the graph) and
              build (the pieces, as torch's split_module builds them)

and prints a Markdown table of medians in seconds with the ratio. Loading
the library happens once, before the runs. Capturing the graphs is not
timed; each call gets a deep copy (both decompose sizes in place) and starts
after a full garbage collection. Both must split alike (SplitItems, node
placement, piece interfaces: integration_test/Import/Inputs/vllm_oracle.py),
or the run stops. With --profile, it prints cProfile's top functions of one
fx-mlir split of the last graph.
"""

import argparse
import contextlib
import copy
import cProfile
import gc
import os
import pstats
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(ROOT, "tools", "fx-import"),
                os.path.join(ROOT, "integration_test", "Import", "Inputs")]

import torch.fx.passes.split_module  # noqa: E402
import vllm.compilation.backends as vllm_backends  # noqa: E402
from hf_models import ATTENTION_OP, attention_as_op, capture  # noqa: E402
from vllm_oracle import describe, differences  # noqa: E402

from fx_mlir_import import native, split_graph  # noqa: E402
from tables import write_tables  # noqa: E402

VLLM_STAGES = ("decompose", "walk", "split_module")
STAGES = ("import", "passes", "decompose", "build")


@contextlib.contextmanager
def vllm_stages(stats):
    """Within it, vLLM's split_graph records the seconds of its
    _decompose_size_nodes and of torch's split_module in `stats`; the walk
    is the rest. Both are looked up when split_graph calls them
    (vllm/compilation/backends.py:582, 629 of vllm 0.34.0)."""
    decompose = vllm_backends._decompose_size_nodes
    module = torch.fx.passes.split_module
    split_module = module.split_module

    def timed(name, function):
        def call(*args, **kwargs):
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                stats[name] = time.perf_counter() - start
        return call

    vllm_backends._decompose_size_nodes = timed("decompose", decompose)
    module.split_module = timed("split_module", split_module)
    try:
        yield
    finally:
        vllm_backends._decompose_size_nodes = decompose
        module.split_module = split_module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library",
                        default=os.path.join(ROOT, "build", "lib", "libFXMLIR-C.so"),
                        help="the libFXMLIR-C.so that split_graph runs in process")
    parser.add_argument("--graphs", default="llama:32,llama:80,mixtral:32",
                        help="comma-separated family:layers of Inputs/hf_models.py")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each")
    parser.add_argument("--profile", action="store_true",
                        help="print cProfile's top functions of one fx-mlir split")
    parser.add_argument("--out", help="also write the table here; in "
                        "bench/README.md, into its marked section")
    args = parser.parse_args()

    start = time.perf_counter()
    native.load(args.library)
    load = time.perf_counter() - start

    rows = [f"split_graph benchmark: graphs of torch.compile(dynamic=True), split at "
            f"{ATTENTION_OP}, medians of {args.repeat} runs, seconds; loading "
            f"libFXMLIR-C.so, once per process: {load:.4f}", "",
            "| model | layers | FX nodes | pieces | vLLM | fx-mlir | fx-mlir/vLLM | "
            + " | ".join(f"vLLM {s}" for s in VLLM_STAGES) + " | "
            + " | ".join(STAGES) + " |",
            "|---|---|---|---|---|---|---|" + "---|" * (len(VLLM_STAGES) + len(STAGES))]
    graphs = [(family, int(layers)) for family, layers in
              (spec.split(":") for spec in args.graphs.split(","))]
    for family, layers in graphs:
        start = time.perf_counter()
        gm = attention_as_op(capture(family, specialize_float=True, layers=layers).gm)
        print(f"{family} at {layers} layers: captured in {time.perf_counter() - start:.1f} s",
              file=sys.stderr)
        times = {"vLLM": [], "fx-mlir": []}
        stages = {stage: [] for stage in VLLM_STAGES + STAGES}
        pieces = None
        for _ in range(args.repeat):
            theirs_gm, ours_gm = copy.deepcopy(gm), copy.deepcopy(gm)
            vllm_stats, stats = {}, {}
            gc.collect()
            with vllm_stages(vllm_stats):
                start = time.perf_counter()
                theirs = vllm_backends.split_graph(theirs_gm, [ATTENTION_OP])
                times["vLLM"].append(time.perf_counter() - start)
            vllm_stats["walk"] = (times["vLLM"][-1] - vllm_stats["decompose"]
                                  - vllm_stats["split_module"])
            gc.collect()
            start = time.perf_counter()
            ours = split_graph(ours_gm, [ATTENTION_OP], stats=stats, library=args.library)
            times["fx-mlir"].append(time.perf_counter() - start)
            lines = differences(describe(*theirs, theirs_gm), describe(*ours, ours_gm))
            if lines:
                sys.exit(f"error: {family} at {layers} layers splits otherwise:\n  "
                         + "\n  ".join(lines))
            for stage in VLLM_STAGES:
                stages[stage].append(vllm_stats[stage])
            for stage in STAGES:
                stages[stage].append(stats[stage])
            pieces = len(ours[1])
        theirs_s, ours_s = (statistics.median(times[n]) for n in ("vLLM", "fx-mlir"))
        cells = " | ".join(f"{statistics.median(stages[s]):.4f}" for s in VLLM_STAGES + STAGES)
        rows.append(f"| {family} | {layers} | {len(gm.graph.nodes)} | {pieces} | "
                    f"{theirs_s:.4f} | {ours_s:.4f} | {ours_s / theirs_s:.2f} | {cells} |")
    table = "\n".join(rows) + "\n"
    print(table)
    if args.profile:
        profile = cProfile.Profile()
        ours_gm = copy.deepcopy(gm)
        profile.runcall(split_graph, ours_gm, [ATTENTION_OP], library=args.library)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    if args.out:
        write_tables(args.out, {"split-graph-api": table})


if __name__ == "__main__":
    main()
