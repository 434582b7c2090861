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
or the run stops. In the same run it then measures, each interleaved:

  fixed       both on graphs of 100 to 300 nodes (--small), as vLLM's
              engine splits them, and the first call of each in a fresh
              process (capture not timed; fx-mlir's loads the library)
  growth      both on Inputs/vllm_graphs.py's llama, built by hand, at about
              2,000 and 20,000 nodes (--growth), and how each one's time
              grows; then with each layer's output returned too, so that
              values live across many cuts
  memory      on --graphs, the peak of what Python allocates while each
              splits (tracemalloc), and for fx-mlir also how far the
              resident set's peak rises above it while fxMlirSplitDecide
              decides (MLIR's C++ memory, which tracemalloc does not see)

With --profile, it prints cProfile's top functions of one fx-mlir split of
the last graph.
"""

import argparse
import contextlib
import copy
import cProfile
import ctypes
import gc
import os
import pstats
import statistics
import subprocess
import sys
import time
import tracemalloc

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(ROOT, "tools", "fx-import"),
                os.path.join(ROOT, "integration_test", "Import", "Inputs")]

import torch.fx.passes.split_module  # noqa: E402
import vllm.compilation.backends as vllm_backends  # noqa: E402
import vllm_graphs  # noqa: E402
from hf_models import ATTENTION_OP, attention_as_op, capture  # noqa: E402
from vllm_oracle import describe, differences  # noqa: E402

from fx_mlir_import import import_graph, native, split_graph  # noqa: E402
from fx_mlir_import.split import decide_import  # noqa: E402
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


def _vllm_split(gm, stats=None):
    with vllm_stages({} if stats is None else stats):
        return vllm_backends.split_graph(gm, [ATTENTION_OP])


def _timed(split, gm):
    """Seconds of split(gm) on a deep copy, after a full collection."""
    work = copy.deepcopy(gm)
    gc.collect()
    start = time.perf_counter()
    split(work)
    return time.perf_counter() - start


def _status(field):
    """A field of /proc/self/status, in bytes."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(field)


_LIBC = ctypes.CDLL(None)


def _python_peak(split, gm):
    """The peak of the bytes Python allocates while split(gm) runs
    (tracemalloc)."""
    work = copy.deepcopy(gm)
    gc.collect()
    tracemalloc.start()
    try:
        split(work)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _native_peak(library, gm):
    """How far above the resident set before it the process's peak goes
    while fxMlirSplitDecide decides on gm's import: the memory MLIR takes
    in C++, which tracemalloc does not see. Linux resets the peak (VmHWM) on
    a write of 5 to /proc/self/clear_refs; glibc first returns what it
    holds free to the system (malloc_trim), or MLIR would fit in it
    unseen."""
    result = import_graph(gm, as_split=True)
    gc.collect()
    _LIBC.malloc_trim(0)
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")
    before = _status("VmRSS")
    decide_import(library, result, [ATTENTION_OP], False)
    return _status("VmHWM") - before


def _graph(spec):
    family, layers = spec.split(":")
    return attention_as_op(capture(family, specialize_float=True, layers=int(layers)).gm)


def _first_call(spec, library, ours):
    """In a fresh process (the graph captured first, not timed): the seconds
    of the first split, the library's load included for fx-mlir's."""
    code = (f"import sys; sys.argv[0] = {__file__!r}; import split_graph_bench as b; "
            f"b.first_call_child({spec!r}, {library!r}, {ours!r})")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=HERE, check=True)
    return float(done.stdout.split()[-1])


def first_call_child(spec, library, ours):
    gm = _graph(spec)
    gc.collect()
    start = time.perf_counter()
    if ours:
        split_graph(gm, [ATTENTION_OP], library=library)
    else:
        _vllm_split(gm)
    print(time.perf_counter() - start)


def _median(values):
    return statistics.median(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library",
                        default=os.path.join(ROOT, "build", "lib", "libFXMLIR-C.so"),
                        help="the libFXMLIR-C.so that split_graph runs in process")
    parser.add_argument("--graphs", default="llama:32,llama:80,mixtral:32",
                        help="comma-separated family:layers of Inputs/hf_models.py")
    parser.add_argument("--small", default="llama:2,llama:4,mixtral:2",
                        help="graphs of 100 to 300 nodes for the fixed cost, as --graphs")
    parser.add_argument("--growth", default="50,500",
                        help="layers of Inputs/vllm_graphs.py's llama for the growth, two "
                             "sizes (about 2,000 and 20,000 nodes)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each")
    parser.add_argument("--profile", action="store_true",
                        help="print cProfile's top functions of one fx-mlir split")
    parser.add_argument("--out", help="also write the tables here; in "
                        "bench/README.md, into their marked sections")
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
    graphs = {}
    for spec in args.graphs.split(","):
        start = time.perf_counter()
        gm = graphs[spec] = _graph(spec)
        print(f"{spec}: captured in {time.perf_counter() - start:.1f} s", file=sys.stderr)
        times = {"vLLM": [], "fx-mlir": []}
        stages = {stage: [] for stage in VLLM_STAGES + STAGES}
        pieces = None
        for _ in range(args.repeat):
            theirs_gm, ours_gm = copy.deepcopy(gm), copy.deepcopy(gm)
            vllm_stats, stats = {}, {}
            gc.collect()
            start = time.perf_counter()
            theirs = _vllm_split(theirs_gm, vllm_stats)
            times["vLLM"].append(time.perf_counter() - start)
            vllm_stats["walk"] = (times["vLLM"][-1] - vllm_stats["decompose"]
                                  - vllm_stats["split_module"])
            gc.collect()
            start = time.perf_counter()
            ours = split_graph(ours_gm, [ATTENTION_OP], stats=stats, library=args.library)
            times["fx-mlir"].append(time.perf_counter() - start)
            lines = differences(describe(*theirs, theirs_gm), describe(*ours, ours_gm))
            if lines:
                sys.exit(f"error: {spec} splits otherwise:\n  " + "\n  ".join(lines))
            for stage in VLLM_STAGES:
                stages[stage].append(vllm_stats[stage])
            for stage in STAGES:
                stages[stage].append(stats[stage])
            pieces = len(ours[1])
        theirs_s, ours_s = (_median(times[n]) for n in ("vLLM", "fx-mlir"))
        cells = " | ".join(f"{_median(stages[s]):.4f}" for s in VLLM_STAGES + STAGES)
        family, layers = spec.split(":")
        rows.append(f"| {family} | {layers} | {len(gm.graph.nodes)} | {pieces} | "
                    f"{theirs_s:.4f} | {ours_s:.4f} | {ours_s / theirs_s:.2f} | {cells} |")
    tables = {"split-graph-api": "\n".join(rows) + "\n"}

    def ours(gm):
        return split_graph(gm, [ATTENTION_OP], library=args.library)

    # The fixed cost, on graphs of the size vLLM's engine splits, runs
    # interleaved; then the first call of a process, apart.
    rows = ["| model | layers | FX nodes | vLLM | fx-mlir | fx-mlir/vLLM | vLLM first call | "
            "fx-mlir first call, load included |", "|---|---|---|---|---|---|---|---|"]
    for spec in args.small.split(","):
        gm = _graph(spec)
        times = {"vLLM": [], "fx-mlir": []}
        for _ in range(4 * args.repeat):
            times["vLLM"].append(_timed(_vllm_split, gm))
            times["fx-mlir"].append(_timed(ours, gm))
        theirs_s, ours_s = (_median(times[n]) for n in ("vLLM", "fx-mlir"))
        first = [_first_call(spec, args.library, which) for which in (False, True)]
        family, layers = spec.split(":")
        rows.append(f"| {family} | {layers} | {len(gm.graph.nodes)} | {theirs_s:.4f} | "
                    f"{ours_s:.4f} | {ours_s / theirs_s:.2f} | {first[0]:.4f} | "
                    f"{first[1]:.4f} |")
    tables["split-graph-fixed"] = "\n".join(rows) + "\n"

    # Growth: Inputs/vllm_graphs.py's llama, built by hand, at two sizes;
    # then with every layer's output returned, each crossing every later cut.
    rows = ["| graph | layers | FX nodes | vLLM | fx-mlir | fx-mlir/vLLM |",
            "|---|---|---|---|---|---|"]
    growths = []
    for graph, hidden_states in (("llama", False), ("llama, hidden states returned", True)):
        grown = []
        for layers in args.growth.split(","):
            case = vllm_graphs.llama(int(layers), hidden_states)
            gm, ops = case.gm, case.splitting_ops
            times = {"vLLM": [], "fx-mlir": []}
            for _ in range(args.repeat):
                times["vLLM"].append(_timed(
                    lambda g: vllm_backends.split_graph(g, ops), gm))
                times["fx-mlir"].append(_timed(
                    lambda g: split_graph(g, ops, library=args.library), gm))
            theirs_s, ours_s = (_median(times[n]) for n in ("vLLM", "fx-mlir"))
            grown.append((len(gm.graph.nodes), theirs_s, ours_s))
            rows.append(f"| {graph} | {layers} | {len(gm.graph.nodes)} | {theirs_s:.4f} | "
                        f"{ours_s:.4f} | {ours_s / theirs_s:.2f} |")
        (n0, v0, o0), (n1, v1, o1) = grown[0], grown[-1]
        growths.append(f"{graph}, from {n0} to {n1} nodes ({n1 / n0:.1f} times): vLLM's "
                       f"time grows {v1 / v0:.2f} times, fx-mlir's {o1 / o0:.2f} times.")
    rows += [""] + [f"- {line}" for line in growths]
    tables["split-graph-growth"] = "\n".join(rows) + "\n"

    # Memory: Python's peak while each splits, and MLIR's while it decides.
    rows = ["| model | layers | vLLM peak MiB | fx-mlir peak MiB: Python + MLIR | "
            "fx-mlir/vLLM |", "|---|---|---|---|---|"]
    library = native.load(args.library)
    for spec, gm in graphs.items():
        peaks = {"vLLM": [], "Python": [], "MLIR": []}
        for _ in range(args.repeat):
            peaks["vLLM"].append(_python_peak(_vllm_split, gm))
            peaks["Python"].append(_python_peak(ours, gm))
            peaks["MLIR"].append(_native_peak(library, gm))
        theirs_m, python_m, mlir_m = (_median(peaks[n]) / 2**20
                                      for n in ("vLLM", "Python", "MLIR"))
        family, layers = spec.split(":")
        rows.append(f"| {family} | {layers} | {theirs_m:.1f} | {python_m:.1f} + {mlir_m:.1f} | "
                    f"{(python_m + mlir_m) / theirs_m:.2f} |")
    tables["split-graph-memory"] = "\n".join(rows) + "\n"

    for table in tables.values():
        print(table)
    if args.profile:
        profile = cProfile.Profile()
        ours_gm = copy.deepcopy(gm)
        profile.runcall(split_graph, ours_gm, [ATTENTION_OP], library=args.library)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    if args.out:
        write_tables(args.out, tables)


if __name__ == "__main__":
    main()
