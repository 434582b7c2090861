# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""vLLM's size decomposition, as fx-decompose-size decides it: a Decision's
sizes applied to an FX graph, and
decompose_size_nodes, vLLM's `_decompose_size_nodes`."""

import operator

import torch
import torch.fx

from . import guard, native
from .errors import FxImportError
from .importer import import_graph
from .specs import example_value


class Decomposition:
    """The Decision's size decomposition, applied to `graph`: each decomposed size's dims are made as vLLM's
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
        self.gone = []  # nodes left without users, erased on commit
        self.copies = []  # (copy, node): _copy_recomputed's copies
        self.dims = {}  # a dim made -> its graph id
        self.rebuilt = {}  # a torch.Size made -> its user

    def apply(self, decision, versions):
        """Applies the decision's sizes to the graph. Where this or what
        follows raises, the caller puts the graph back (guard.GraphState)."""
        for size in decision.decomposed():
            node = size.node
            if node is None:
                raise FxImportError("fx-split-graph's decision decomposes a size node "
                                    "the graph does not have")
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
                self.dims[part] = graph_id
                parts.append(part)
        return parts

    def _rewire(self, user, args, kwargs):
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
                    assignment[node] = decision.nodes[user]
                continue
            graph_id = decision.nodes.get(node)
            if graph_id is None:
                if decision.nodes:
                    raise FxImportError(f"fx-split-graph's decision has no piece for node "
                                        f"'{node.name}'")
                graph_id = 0  # nothing to cut at
            assignment[node] = graph_id
        pieces_of = {}
        for graph_id, nodes in decision.recomputed.items():
            for node in nodes:
                pieces_of.setdefault(node, set()).add(graph_id)
        self.copies = _copy_recomputed(self.graph, assignment, pieces_of, self.rebuilt)
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



def _copy_recomputed(graph, assignment, pieces_of, rebuilt):
    """Gives each other piece that the decision says computes a node again
    (`pieces_of`, {node: graph ids}: a torch.Size built of dims, such as a
    slice of a size or `size + (2,)`, or an int taken out of one) its own
    copy of that node, right before its first user there, as fx-split-graph
    copies such ops into each piece rather than passing them: only dims
    cross. A torch.Size Decomposition `rebuilt` for a user goes with each
    copy of it. For the graph id None, the output's copy is in no piece:
    the split module computes it. A node left without users leaves the
    assignment. Backwards, so that a copy's own arguments are copied in
    turn. Returns [(copy, node)], in the order made."""
    copies, callers = [], set()  # callers: the copies in no piece
    for node in reversed(graph.nodes):
        pieces = pieces_of.get(node)
        if node not in assignment or not (pieces or node in rebuilt):
            continue
        by_piece = {}
        for user in node.users:
            if user in assignment:
                piece = assignment[user]
            elif user.op == "output" or user in callers:
                piece = None
            else:
                continue
            if piece != assignment[node] and (node in rebuilt or piece in pieces):
                by_piece.setdefault(piece, []).append(user)
        for piece, users in by_piece.items():
            # node.users is in the order the uses were made; fx.Nodes compare
            # by their place in the graph.
            first = min(users)
            with graph.inserting_before(first):
                made = graph.node_copy(node)
            if piece is None:
                callers.add(made)
            else:
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


def decompose_size_nodes(gm, *, library=None):
    """vLLM's `_decompose_size_nodes` (vllm/compilation/backends.py of vLLM
    0.34.0), which split_graph runs first: replaces, in GraphModule `gm`, each
    size without a dim (x.size(), x.shape, sym_size(x)) by its dims, as
    fx-decompose-size decides and split_graph applies it; a size with a dim,
    x.size(0), is a scalar already and stays. In place; returns None. The
    passes run as split_graph runs them (`library`)."""
    from .split import decide_import  # split imports this module

    states = []
    try:
        with guard.held_interrupts():
            lib = native.library(library)
            result = import_graph(gm, as_split=True)
            decision = decide_import(lib, result, [], False)
            decision.check()
            guard.check()
            states.append(guard.GraphState(gm.graph))
            change = Decomposition(gm.graph)
            change.apply(decision, result.versions)
            guard.check()
            change.commit()
            gm.recompile()
    except BaseException:
        for state in states:
            guard.restore_surely(state)
        if states:
            while True:  # the code of the graph put back
                try:
                    gm.recompile()
                    break
                except KeyboardInterrupt:
                    continue
        raise
