# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""split_graph: vLLM 0.34.0's `split_graph` (vllm/compilation/backends.py),
with the partition decided and checked by fx-mlir.

The graph is imported; fx-decompose-size (the dims placed as vLLM places
them) and fx-split-graph decide, in this process through libFXMLIR-C.so's
fxMlirSplitDecide or in an fx-opt process, and hand back a Decision
(decision.py). Nothing touches the GraphModule before that: the decision's
size decomposition is then applied to it once, and the pieces that torch's
split_module makes as vLLM calls it are built from the partition
(pieces.py). Where that raises, the decomposition is undone.
"""

import collections.abc
import dataclasses
import operator
import os
import re
import threading
import time

import sympy
import torch
import torch.fx
from torch.fx._lazy_graph_module import _LazyGraphModule

from . import native, passes, pieces
from .errors import FxImportError
from .importer import collector_paused, import_graph
from .specs import example_value, one_line

# What no op name has (torch's are `ns::op.overload`, identifiers), and
# what the pass option's list and pipeline syntax cannot carry.
_NOT_IN_NAMES = (",", "{", "}", "\"")

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


def split_graph(gm, splitting_ops=None, *, match_fx_targets=False, stats=None, fx_opt=None,
                library=None):
    """Splits GraphModule `gm` at `splitting_ops` (vLLM's names, such as
    `vllm::unified_attention_with_output`, or resolved torch ops; None:
    fx-split-graph's default, vLLM's list) and returns `(split_gm, items)`
    as vLLM's split_graph does, items sorted by graph id. Like vLLM's, it
    leaves `gm`'s x.size() nodes decomposed, but only once the split has
    succeeded: where it raises, `gm` is as it was.

    A node splits where vLLM 0.34.0's should_split says so: a call_function
    of a torch op one of whose names is in the list, as is (docs/Usage.md).
    `match_fx_targets`, an fx-mlir extension, also splits at nodes of any
    kind whose target is named as the importer spells it
    (`torch.nn.functional.scaled_dot_product_attention`, a method `view`).

    The passes run in this process through the C API library `library`
    (libFXMLIR-C.so), or in the fx-opt process at path `fx_opt`; with
    neither, through native.default_library() (the installed package's, else
    the build's), else the build's fx-opt. `stats`, a dict, receives the
    seconds spent per stage: import, passes (the decision), decompose (its
    application to `gm`), build (the pieces).
    Raises FxImportError, one line naming the node and both pieces, where
    fx-mlir refuses the split."""
    if not isinstance(gm, torch.fx.GraphModule):
        raise FxImportError(f"split_graph takes a torch.fx.GraphModule, not "
                            f"{type(gm).__name__}")
    if stats is not None and not isinstance(stats, collections.abc.MutableMapping):
        raise FxImportError(f"stats must be a dict, not {type(stats).__name__}")
    for name, path in (("library", library), ("fx_opt", fx_opt)):
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise FxImportError(f"{name} must be a path, not {type(path).__name__}")
    # Loading the library, once per process, is no stage of a split.
    runner = passes.runner(fx_opt, library)
    with collector_paused():
        return _split(gm, runner, _op_names(splitting_ops), match_fx_targets, stats)


def _split(gm, runner, ops, match_fx_targets, stats):
    times = {}
    clock = time.perf_counter()

    def lap(stage):
        nonlocal clock
        now = time.perf_counter()
        times[stage] = now - clock
        clock = now

    _check_attribute_names(gm)
    result = import_graph(gm, as_split=True)
    lap("import")
    decision = _decide(runner, result, ops, match_fx_targets)
    lap("passes")
    change = _Decomposition(gm.graph)
    try:
        change.apply(decision, result.versions)
        assignment = change.assignment(decision)
        lap("decompose")
        split_gm = _build(gm, assignment)
        items = [SplitItem(f"submod_{i}", i, decision.pieces.get(i, False),
                           getattr(split_gm, f"submod_{i}"))
                 for i in sorted(set(assignment.values()))]
        lap("build")
        if stats is not None:
            for stage, seconds in times.items():
                stats[stage] = seconds
    except BaseException:
        change.undo()
        raise
    change.commit()
    return split_gm, items


def _decide(runner, result, ops, match_fx_targets):
    """The Decision of `runner` (a native.Library or an fx-opt path) on the
    as_split import `result`; raises what it refuses, in one line."""
    if isinstance(runner, native.Library):
        decision = runner.decide(result, ops, match_fx_targets)
    else:
        decision = passes.split_decision(runner, result.text, ops, match_fx_targets)
    for node, source, user, message in decision.refusals:
        user = user or "the graph's output"
        raise FxImportError(f"node '{node}' cannot cross from {source} to {user}: {message}")
    if not decision.succeeded:
        raise FxImportError("fx-split-graph failed: " + decision.first_error())
    return decision


def _build(gm, assignment):
    """The split module of `gm` and `assignment` ({node: graph id}), as
    vLLM 0.34.0 has torch's split_module cut it (pieces.build: a piece with
    one output returns a 1-tuple, and each generates its code on first
    need), each module generating its code one thread at a time
    (_SplitModule). What split_module would raise (a cycle between pieces,
    a symbol no node binds) becomes one line."""
    try:
        split_gm = pieces.build(gm, assignment)
    except Exception as e:  # whatever the build raises, in one line
        if isinstance(e, KeyError) and e.args and isinstance(e.args[0], sympy.Symbol):
            # split_module's symbol_to_node[s]: a symbol of a value passed to a
            # piece that no SymInt placeholder or node has for example value.
            why = (f"no node binds symbol {e.args[0]}, which a value passed to a piece "
                   f"has in its shape (give the graph a SymInt placeholder for it)")
        elif isinstance(e, RuntimeError) and (bound := _bound_by_a_node(gm)):
            # split_module passes a symbol to a piece from the first node
            # whose example value is it; from that node's own piece or a
            # later one, its dependencies make a cycle.
            why = (f"node '{bound[0].name}' is the first to have symbol {bound[1]} and no "
                   f"placeholder has it, so split_module passes it from there to the "
                   f"pieces whose inputs have it in their shapes, some before it ({one_line(e)}; "
                   f"give the graph a SymInt placeholder for it)")
        else:
            why = one_line(e)
        raise FxImportError("torch.fx's split_module cannot apply fx-split-graph's "
                            f"partition: {why}") from None
    for module in (split_gm, *split_gm.children()):
        # A class of its own, as GraphModule.__new__ makes one, named as
        # GraphModule.__init__ names it.
        cls = type("GraphModuleImpl", (_SplitModule,), {})
        cls.__name__ = type(module).__name__
        module.__class__ = cls
    return split_gm


def _bound_by_a_node(gm):
    """(node, symbol) of the first symbol whose binding, as split_module
    picks it (the first node with the bare SymInt for example value), is no
    placeholder, or None."""
    bound = set()
    for node in gm.graph.nodes:
        value = node.meta.get("example_value")
        if isinstance(value, torch.SymInt) and isinstance(value.node.expr, sympy.Symbol):
            if value.node.expr not in bound and node.op != "placeholder":
                return node, value.node.expr
            bound.add(value.node.expr)
    return None


# Generating a GraphModule's code is not thread-safe: torch.fx's
# Graph.python_code gives the graph's nodes another repr while it prints
# them, and a lazy module generates its code on first need, so that
# threads calling a fresh split module at once get each other's names
# (UnboundLocalError) or no forward at all (torch/fx/_lazy_graph_module.py
# and torch/fx/graph.py, torch 2.13.0).
_CODEGEN = threading.RLock()


class _SplitModule(_LazyGraphModule):
    """A split module or piece: a lazy GraphModule that generates its code
    under _CODEGEN, on first need as before."""

    def _real_recompile(self):
        with _CODEGEN:
            return super()._real_recompile()

    def real_recompile(self):
        with _CODEGEN:
            super().real_recompile()

    def _lazy_forward(self, *args, **kwargs):
        # Another thread may mark the code stale again between the two
        # lines (a parent's code generation marks its pieces'): the call
        # then generates it again, rather than failing as torch's does.
        self.real_recompile()
        return self(*args, **kwargs)

    forward = _lazy_forward


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
    names = [n for n in names if n and not any(c.isspace() or c in _NOT_IN_NAMES for c in n)]
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


class _Decomposition:
    """The Decision's size decomposition, applied to `graph` so that it can
    be undone: each decomposed size's dims are made as vLLM's
    _decompose_size_nodes makes them (an aten.sym_size.int node per
    symbolic dim right after the tensor it reads, an int per static one:
    vllm/compilation/backends.py:536-541 of vLLM 0.34.0), where the tensor
    is the version the size reads (inplace.py). A getitem(size, i) with an
    int i in range gives way to the dim; a torch op or a tensor method that
    takes the size as a shape (_takes_shape) gets the tuple of the dims;
    every other use, the output included, gets a torch.Size of the dims
    built right before it, in its piece, which is what the size was
    (size.numel(), size[:-1], a returned size; vLLM splices the dims into a
    user's positional arguments, which is right only where the user takes
    them one by one, as view(x, size) does: docs/DesignNotes.md). The sizes
    and getitems left without users are erased on `commit`."""

    def __init__(self, graph):
        self.graph = graph
        self.made = []  # nodes made, in order
        self.rewired = []  # (node, args, kwargs) before, in order
        self.gone = []  # nodes left without users, erased on commit
        self.copies = []  # (copy, node): _copy_sizes' copies
        self.dims = {}  # a dim made -> its graph id
        self.rebuilt = {}  # a torch.Size made -> its user

    def apply(self, decision, versions):
        """Applies the decision's sizes to the graph; `undo` takes back as
        much as it did, should it raise."""
        by_name = {node.name: node for node in self.graph.nodes} if decision.sizes else {}
        for size in decision.sizes:
            node = by_name[size.name]
            parts = self._dims(versions.get(node, node.args[0]), node, size)
            for user in list(node.users):
                self._use(node, user, parts)
            self.gone.append(node)

    def _dims(self, tensor, size, decided):
        value = example_value(size)
        if not isinstance(value, (tuple, list)):
            value = getattr(example_value(tensor), "shape", None)
        parts = []
        with self.graph.inserting_after(tensor):
            for i, (static, graph_id) in enumerate(zip(decided.static, decided.graph_ids)):
                if static is not None:
                    parts.append(static)
                    continue
                if value is None:
                    raise FxImportError(f"node '{tensor.name}' has no example value; cannot "
                                        f"decompose size node '{size.name}'")
                part = self.graph.call_function(torch.ops.aten.sym_size.int, (tensor, i))
                part.meta["example_value"] = value[i]
                self.made.append(part)
                self.dims[part] = graph_id
                parts.append(part)
        return parts

    def _rewire(self, user, args, kwargs):
        self.rewired.append((user, user.args, user.kwargs))
        user.args, user.kwargs = args, kwargs

    def _use(self, size, user, parts):
        def swap(replacement):
            def one(n):
                return replacement if n is size else n
            self._rewire(user, torch.fx.node.map_arg(user.args, one),
                         torch.fx.node.map_arg(user.kwargs, one))

        if (user.op == "call_function" and user.target is operator.getitem
                and len(user.args) == 2 and user.args[0] is size
                and isinstance(user.args[1], int) and -len(parts) <= user.args[1] < len(parts)):
            part = parts[user.args[1]]
            for reader in list(user.users):
                self._rewire(reader, *(torch.fx.node.map_arg(
                    a, lambda n: part if n is user else n) for a in (reader.args, reader.kwargs)))
            self.gone.append(user)
            return
        if _takes_shape(user, size):
            swap(tuple(parts))
            return
        with self.graph.inserting_before(user):
            rebuilt = self.graph.call_function(torch.Size, (tuple(parts),))
        rebuilt.meta = dict(size.meta)
        self.made.append(rebuilt)
        self.rebuilt[rebuilt] = user
        swap(rebuilt)

    def assignment(self, decision):
        """{node: graph id} of the decomposed graph, every node but the
        placeholders, the output, what `commit` erases and a torch.Size the
        output alone uses, which the split module builds itself."""
        gone = set(self.gone)
        assignment = {}
        for node in self.graph.nodes:
            if node.op in ("placeholder", "output") or node in gone:
                continue
            if node in self.dims:
                assignment[node] = self.dims[node]
                continue
            user = self.rebuilt.get(node)
            if user is not None:
                if user.op != "output":
                    assignment[node] = decision.nodes[user.name]
                continue
            graph_id = decision.nodes.get(node.name)
            if graph_id is None:
                if decision.nodes:
                    raise FxImportError(f"fx-split-graph's decision has no piece for node "
                                        f"'{node.name}'")
                graph_id = 0  # nothing to cut at
            assignment[node] = graph_id
        self.copies = _copy_sizes(self.graph, assignment)
        return assignment

    def _drop_copies(self):
        for copy, node in reversed(self.copies):
            copy.replace_all_uses_with(node)
            self.graph.erase_node(copy)
        self.copies = []

    def commit(self):
        self._drop_copies()
        for node in self.gone:
            self.graph.erase_node(node)

    def undo(self):
        self._drop_copies()
        for user, args, kwargs in reversed(self.rewired):
            user.args, user.kwargs = args, kwargs
        for node in reversed(self.made):
            self.graph.erase_node(node)


def _copy_sizes(graph, assignment):
    """Gives each piece that uses a torch.Size computed from dims (a slice of
    a size, `size + (2,)`, the torch.Size _Decomposition rebuilt) its own
    copy of that node, right before its first user there, as fx-split-graph
    copies an fx.make_size into each piece rather than passing it: only its
    dims cross. A node left without users leaves the assignment. Backwards,
    so that a copy's own size arguments are copied in turn. Returns [(copy,
    node)], in the order made."""
    copies = []
    for node in reversed(graph.nodes):
        if (node.op != "call_function" or node not in assignment
                or not isinstance(example_value(node), torch.Size)):
            continue
        by_piece = {}
        for user in node.users:
            if user in assignment and assignment[user] != assignment[node]:
                by_piece.setdefault(assignment[user], []).append(user)
        for piece, users in by_piece.items():
            # node.users is in the order the uses were made, not graph order.
            first = users[0] if len(users) == 1 else next(n for n in graph.nodes if n in users)
            with graph.inserting_before(first):
                made = graph.node_copy(node)
            assignment[made] = piece
            copies.append((made, node))
            for user in users:
                user.replace_input_with(node, made)
        if not node.users:
            del assignment[node]
    return copies


def _takes_shape(user, size):
    """Whether `user` takes `size` only as a shape, where a tuple of the dims
    does as well as the torch.Size: a torch op (an OpOverload, a function of
    torch's namespace such as torch.full) or a tensor method taking it as an
    argument (x.view(size)), not as its receiver."""
    if user.op == "call_method":
        return user.args[0] is not size
    if user.op != "call_function" or user.target is torch.Size:
        return False
    if isinstance(user.target, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
        return True
    return getattr(user.target, "__module__", None) == "torch"


def decompose_size_nodes(gm, *, fx_opt=None, library=None):
    """vLLM's `_decompose_size_nodes` (vllm/compilation/backends.py of vLLM
    0.34.0), which split_graph runs first: replaces, in GraphModule `gm`, each
    size without a dim (x.size(), x.shape, sym_size(x)) by its dims, as
    fx-decompose-size decides and split_graph applies it; a size with a dim,
    x.size(0), is a scalar already and stays. In place; returns None. The
    passes run as split_graph runs them (`fx_opt`, `library`)."""
    runner = passes.runner(fx_opt, library)
    result = import_graph(gm, as_split=True)
    decision = _decide(runner, result, [], False)
    change = _Decomposition(gm.graph)
    try:
        change.apply(decision, result.versions)
    except BaseException:
        change.undo()
        raise
    change.commit()
    gm.recompile()
