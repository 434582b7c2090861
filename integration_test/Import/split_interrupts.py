# split_graph leaves no trace, returning or raising (issue 40 parts 2 and
# 3; fx_mlir_import/guard.py). The graph has a nonzero() (a fresh unbacked
# symbol when it runs under the fake mode), an in-place t_ whose name has
# one FakeTensor with the node before it, so that the graph runs again
# under the caller's fake mode, a size read after t_ and used after the
# attention op, so that a size is decomposed across a cut.
# - A split leaves the caller's fake mode, its shape environment
#   (pending_fresh_unbacked_symbols included) and torch's mode stack as
#   they were, and aot_eager then compiles the pieces in that mode.
# - An interrupt sweep: SIGINT raised (signal.raise_signal, as a Ctrl-C
#   comes) at evenly spread line events of every stage of split_graph:
#   the import, the fake re-run, the passes, applying the decision, the
#   build and the commit. Each must come back as KeyboardInterrupt, with gm
#   as it was (code, nodes, arguments, users order, namespace, lookup
#   table) and the fake mode, the shape environment and the mode stack as
#   they were; a split after the sweep computes what the graph computes.
# - 200 undone splits leave gm as it was, users order and namespace
#   included: the next decomposition names its nodes as the first would.
# REQUIRES: torch
# RUN: %preload_asan %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import collections
import gc
import os
import signal
import sys

import torch
import torch.fx
from split_api import node, start_graph
from torch._dynamo.backends.debugging import aot_eager

from fx_mlir_import import decompose_size_nodes, split_graph

LIBRARY = sys.argv[1]
# Python's own handler, as a program started from a shell has it (lit's
# workers ignore SIGINT, and so would the test).
signal.signal(signal.SIGINT, signal.default_int_handler)
LIB = torch.library.Library("splitintr", "DEF")
LIB.define("attn(Tensor q) -> Tensor")
LIB.impl("attn", lambda q: q * 2, "CPU")
torch.library.register_fake("splitintr::attn", torch.empty_like, lib=LIB)
ATTN = torch.ops.splitintr.attn.default
OPS = ["splitintr::attn"]
# Line events are counted in the package's frames and in torch.fx's and
# the fake tensors' (torch/_subclasses), where a graph or a mode changes.
TRACED = (os.path.dirname(sys.modules["fx_mlir_import"].__file__),
          os.path.join(os.path.dirname(torch.__file__), "fx"),
          os.path.join(os.path.dirname(torch.__file__), "_subclasses"))
POINTS_PER_STAGE = 16
# The stages: a function of each, on the stack at a line event.
STAGES = {"_replay_in_place": "fake re-run", "import_graph": "import",
          "decide": "passes", "apply": "apply", "assignment": "apply", "build": "build",
          "commit": "commit"}


def graph():
    g, px, x = start_graph()
    env = x.shape[0].node.shape_env
    value = x.clone()
    y = node(g, "call_function", torch.relu, (px,), value, "y")
    nz = node(g, "call_function", torch.nonzero, (px,), torch.nonzero(x), "nz")
    env.pending_fresh_unbacked_symbols.clear()  # as Dynamo leaves it
    value.t_()
    node(g, "call_method", "t_", (y,), value, "t_")
    size = node(g, "call_method", "size", (y,), value.shape, "size")
    attn = node(g, "call_function", ATTN, (px,), x.clone(), "attn")
    full = node(g, "call_function", torch.full, (size, 0.5), value.new_empty(value.shape),
                "full")
    g.output((full, attn, nz))
    return torch.fx.GraphModule(torch.nn.Module(), g), x.fake_mode


def run(module, n):
    x = torch.arange(n * 8, dtype=torch.float32).reshape(n, 8) % 3
    return module(n, x)


def same(want, got):
    return len(want) == len(got) and all(torch.equal(a, b) for a, b in zip(want, got))


def graph_state(gm):
    g = gm.graph
    namespace = g._graph_namespace
    return (gm.code,
            [(n.name, n.op, str(n.target), repr(n.args), repr(n.kwargs),
              [u.name for u in n.users], n._sort_key) for n in g.nodes],
            (sorted(namespace._used_names), dict(namespace._base_count),
             sorted(namespace._obj_to_name.values()), list(g._used_names)),
            {key: [n.name for n in nodes]
             for key, nodes in g._find_nodes_lookup_table.table.items() if nodes},
            g._len)


def mode_state(mode):
    env = mode.shape_env
    return (torch._C._len_torch_dispatch_stack(),
            torch._C._get_dispatch_mode(torch._C._TorchDispatchModeKey.FAKE),
            list(mode.enter_stack), mode.in_kernel_invocation,
            {k: repr(v) for k, v in vars(env).items()})


# CHECK-LABEL: split: 3 pieces, computes the graph: True; fake mode, shape env and mode stack as before: True
gm, mode = graph()
want = [run(gm, n) for n in (3, 6, 17)]
before = mode_state(mode)
split_gm, items = split_graph(gm, OPS, library=LIBRARY)
print(f"split: {len(items)} pieces, computes the graph: "
      f"{all(same(w, run(split_gm, n)) for w, n in zip(want, (3, 6, 17)))}; fake mode, shape "
      f"env and mode stack as before: {mode_state(mode) == before}")

# aot_eager compiles each piece in the caller's fake mode, as Inductor does
# in vLLM; a fresh unbacked symbol the re-run left pending would fail it.
class Compiled(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)


# CHECK-LABEL: aot_eager on the pieces: computes the graph: True
with torch._guards.tracing(torch._guards.TracingContext(mode)):
    for item in items:
        placeholders = [n.meta.get("example_value") for n in item.graph.graph.nodes
                        if n.op == "placeholder"]
        setattr(split_gm, item.submod_name, Compiled(aot_eager(item.graph, placeholders)))
print("aot_eager on the pieces: computes the graph:",
      all(same(w, run(split_gm, n)) for w, n in zip(want, (3, 6, 17))))


def stage_of(frame):
    while frame is not None:
        stage = STAGES.get(frame.f_code.co_name)
        if stage is not None:
            return stage
        frame = frame.f_back
    return "other"


def traced_split(on_line):
    """split_graph of a fresh graph, `on_line(frame)` at each line event
    in TRACED frames until it returns True; (outcome, gm and the fake mode
    as before)."""
    gm, mode = graph()
    gm_before, mode_before = graph_state(gm), mode_state(mode)
    done = []

    def tracer(frame, event, arg):
        if done:
            return None
        if event == "line" and on_line(frame):
            done.append(True)
            sys.settrace(None)
        return tracer

    def global_tracer(frame, event, arg):
        return tracer if frame.f_code.co_filename.startswith(TRACED) and not done else None

    # The collector's finalizers run torch code at times of their own;
    # without them, a split makes the same line events each time.
    gc.disable()
    sys.settrace(global_tracer)
    try:
        split_graph(gm, OPS, library=LIBRARY)
        outcome = "returned"
    except KeyboardInterrupt:
        outcome = "KeyboardInterrupt"
    except BaseException as e:  # any other is a failure of the sweep
        outcome = type(e).__name__
    finally:
        sys.settrace(None)
        gc.enable()
    return outcome, graph_state(gm) == gm_before and mode_state(mode) == mode_before


# The stage of every line event of a split, then SIGINT at evenly spread
# events of each stage.
# The first traced split of the process takes paths of its own (caches
# filled once): counted until two splits agree.
events, previous = [], None
while previous is None or len(events) != len(previous):
    previous, events = events, []
    traced_split(lambda frame: events.append(stage_of(frame)))
by_stage = collections.defaultdict(list)
for i, stage in enumerate(events):
    by_stage[stage].append(i)
points = []
for stage, indices in sorted(by_stage.items()):
    count = min(POINTS_PER_STAGE, len(indices))
    points += [(indices[k * len(indices) // count], stage) for k in range(count)]

# CHECK-LABEL: interrupt sweep: {{[0-9]+}} line events, {{[0-9]+}} points; every stage hit: True; KeyboardInterrupt: all; gm, fake mode, shape env and mode stack as before: all
outcomes, stages, bad = collections.Counter(), collections.Counter(), 0
for at, stage in points:
    counter = iter(range(at + 1))

    def on_line(frame):
        if next(counter) == at:
            signal.raise_signal(signal.SIGINT)
            return True
        return False

    outcome, kept = traced_split(on_line)
    outcomes[outcome] += 1
    stages[stage] += 1
    if outcome != "KeyboardInterrupt" or not kept:
        bad += 1
        print(f"  at line event {at} ({stage}): {outcome}, as before: {kept}")
print(f"interrupt sweep: {len(events)} line events, {len(points)} points; every stage hit: "
      f"{all(stages[s] for s in set(STAGES.values()))}; KeyboardInterrupt: "
      f"{'all' if outcomes['KeyboardInterrupt'] == len(points) else dict(outcomes)}; gm, fake "
      f"mode, shape env and mode stack as before: "
      f"{'all' if not bad else f'{len(points) - bad} of {len(points)}'}")
print("  points per stage:", dict(sorted(stages.items())))

# A caller that ignores SIGINT keeps ignoring it: the split completes.
# CHECK-LABEL: SIGINT ignored, raised while the decision is applied: returned
signal.signal(signal.SIGINT, signal.SIG_IGN)
at = next(i for i, stage in enumerate(events) if stage == "apply")
counter = iter(range(at + 1))
outcome, _ = traced_split(lambda frame: next(counter) == at and (
    signal.raise_signal(signal.SIGINT) or True))
signal.signal(signal.SIGINT, signal.default_int_handler)
print("SIGINT ignored, raised while the decision is applied:", outcome)

# After the sweep, in this process: a split works and computes the graph.
# CHECK-LABEL: after the sweep: 3 pieces, computes the graph: True
gm, mode = graph()
split_gm, items = split_graph(gm, OPS, library=LIBRARY)
print(f"after the sweep: {len(items)} pieces, computes the graph: "
      f"{all(same(w, run(split_gm, n)) for w, n in zip(want, (3, 6, 17)))}")


class Raising(dict):
    """A stats dict that raises when written, after the decision is applied."""

    def __setitem__(self, key, value):
        raise RuntimeError("stats refused")


# Undone splits (stats raises once the decision is applied) leave gm as it
# was, users order and namespace included: decompose_size_nodes then names
# the dims as on a fresh graph.
# CHECK-LABEL: 200 undone splits: gm as before: True; then decompose_size_nodes names as on a fresh graph: True
gm, _ = graph()
state = graph_state(gm)
for _ in range(200):
    try:
        split_graph(gm, OPS, library=LIBRARY, stats=Raising())
    except RuntimeError:
        pass
kept = graph_state(gm) == state
decompose_size_nodes(gm, library=LIBRARY)
fresh, _ = graph()
decompose_size_nodes(fresh, library=LIBRARY)
print(f"200 undone splits: gm as before: {kept}; then decompose_size_nodes names as on a fresh "
      f"graph: {[n.name for n in gm.graph.nodes] == [n.name for n in fresh.graph.nodes]}")
