# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The pieces of a partition, built as vLLM 0.34.0 has torch build them.

vLLM's split_graph calls `split_module(gm, None, callback,
keep_original_order=True, tuple_return=True)` under
`_use_lazy_graph_module(True)` (vllm/compilation/backends.py:626-635);
`build` makes the same split module from a partition that is already
decided: the same pieces with the same inputs, outputs, node names and
meta, the same stitching graph (torch/fx/passes/split_module.py, torch
2.13.0, whose behaviour it follows). Where split_module would raise, `build`
raises one FxImportError that says why in its own words, from what it
holds: the symbol no node binds, or the node whose symbol makes the cycle. What it does
not do is what that call spends most of its time on when the partition
comes from outside: a callback and a closure per node, the free symbols of
an example value computed again at each use of it, and per node made,
torch.fx's walk of its arguments for a raw SymInt to warn of (the nodes
copied were walked when made) and two updates of the graph's find_nodes
table (_copy).
"""

import inspect
import operator

import torch
import torch.fx
import torch.fx.traceback as fx_traceback
from torch.fx._lazy_graph_module import _make_graph_module, _use_lazy_graph_module
from torch.fx.experimental.symbolic_shapes import free_symbols, is_symbolic

from .errors import FxImportError
from .specs import one_line

# What every error of `build` says first.
_CANNOT = "torch.fx's split_module cannot apply fx-split-graph's partition: "

# What split_module keeps out of the pieces' data flow: a region's entry
# and exit, copied into each piece the region spans.
_SET_GRAD = torch._C._set_grad_enabled
_ENTER_AUTOCAST = torch.amp._enter_autocast
_EXIT_AUTOCAST = torch.amp._exit_autocast
_GLOBAL_STATE = (_ENTER_AUTOCAST, _EXIT_AUTOCAST, _SET_GRAD)


class _Piece:
    __slots__ = ("id", "name", "graph", "env", "inputs", "outputs", "needs", "needed_by",
                 "targets")

    def __init__(self, piece_id):
        self.id = piece_id
        self.name = f"submod_{piece_id}"
        self.graph = torch.fx.Graph()
        self.env = {}  # a node of the graph -> its value in this piece
        # Nodes of the graph, in first-use order (dicts as ordered sets).
        self.inputs, self.outputs = {}, {}
        self.needs, self.needed_by = {}, {}  # piece ids
        self.targets = {}  # attribute name -> what the piece's module holds


def _attribute(gm, qualname):
    value = gm
    for atom in qualname.split("."):
        if not hasattr(value, atom):
            raise FxImportError(f"{_CANNOT}node target {qualname} is no attribute of the "
                                "module")
        value = getattr(value, atom)
    return value


def _is_global_state(node):
    return node.op == "call_function" and node.target in _GLOBAL_STATE


# The setters of Node.args and Node.kwargs, called as themselves: through
# Node.__setattr__, each would also take the node out of its graph's
# find_nodes table and put it back, which is keyed by op and target alone.
# For the same reason a node made here gets its meta copied into its own,
# empty when made, rather than assigned.
_set_args = torch.fx.Node.args.fset
_set_kwargs = torch.fx.Node.kwargs.fset


def _copy(graph, node, target, args, kwargs, names):
    """A copy of `node` in `graph`, with `target`, `args` and `kwargs`, named
    and typed as graph.create_node(node.op, target, args, kwargs,
    type_expr=node.type) would, and with a copy of its meta. The node is
    made without arguments and given them after: create_node looks through
    a call's arguments for a raw SymInt to warn of, which those of a node
    already in a graph were looked through for when it was made. `names`
    caches the name create_node derives from each target."""
    try:
        name = names.get(target)
    except TypeError:  # an unhashable target: not cached
        name = names = None
    if name is None:
        name = graph._target_to_str(target)
        if names is not None:
            names[target] = name
    made = graph.create_node(node.op, target, name=name, type_expr=node.type)
    _set_args(made, args)
    if kwargs:
        _set_kwargs(made, kwargs)
    made.meta.update(node.meta)
    return made


def _getitem(graph, value, i):
    """The node of value[i] in `graph`, as split_module makes it: through a
    Proxy of `value`, which gives it the meta a preserve_node_meta context
    holds, if any; else made as _copy makes nodes."""
    if fx_traceback.has_preserved_node_meta():
        return torch.fx.proxy.Proxy(value)[i].node
    made = graph.create_node("call_function", operator.getitem, name="getitem")
    _set_args(made, (value, i))
    return made


def build(gm, piece_of):
    """The split module of GraphModule `gm` whose nodes (all but
    placeholders, get_attrs and the output) are in the pieces `piece_of`
    says ({node: graph id}), as the split_module call above makes it. What
    split_module cannot do, a node in no piece, is computed by the split
    module itself where the output uses it (a torch.Size the graph returns,
    which may not be a piece's output), and left out where nothing does; a
    get_attr only the output reads is the split module's own. What torch.fx
    raises on the way is one FxImportError too."""
    with _use_lazy_graph_module(True):
        try:
            return _Builder(gm, piece_of).run()
        except FxImportError:
            raise
        except Exception as e:  # torch.fx's own, in one line
            raise FxImportError(_CANNOT + one_line(e)) from None


class _Builder:
    def __init__(self, gm, piece_of):
        self.gm, self.graph, self.given = gm, gm.graph, piece_of
        # The graph id of each node a piece holds: not the placeholders,
        # get_attrs and output, whatever `piece_of` says of them.
        self.piece_of = {}
        self.pieces = {}  # graph id -> _Piece, in order of first node
        self.symbol_node = {}  # a bare symbol -> the first node that is it
        self.symbols = {}  # a node -> the free symbols of its value, sorted

    def run(self):
        grad, autocast, exits = self._assign()
        self._uses(bool(grad) or bool(autocast))
        self._check_acyclic()
        # A region's entry stays in its first piece and is copied, with its
        # constant arguments, to the start of each later one.
        for regions in (autocast, grad):
            for node, ids in regions.items():
                self.pieces[ids[0]].env[node] = node
                for piece_id in ids[1:]:
                    piece = self.pieces[piece_id]
                    copy = piece.graph.create_node(node.op, node.target, tuple(node.args), {},
                                                   type_expr=node.type)
                    copy.meta.update(node.meta)
                    piece.env[node] = copy
        for piece in self.pieces.values():
            self._inputs(piece)
        self._copy_nodes()
        # An autocast region is exited at the end of each piece it spans
        # but its last, innermost first.
        for node in reversed(autocast):
            for piece_id in autocast[node][:-1]:
                piece = self.pieces[piece_id]
                exit_node = exits[node]
                copy = piece.graph.create_node(exit_node.op, exit_node.target,
                                               (piece.env[node],), {},
                                               type_expr=exit_node.type)
                copy.meta.update(exit_node.meta)
        return self._stitch()

    def _assign(self):
        """Binds symbols to nodes, opens the pieces in graph order and finds
        the pieces each grad or autocast region spans."""
        grad, autocast, exits = {}, {}, {}
        active_grad, active_autocasts = None, set()
        for node in self.graph.nodes:
            value = node.meta.get("example_value")
            if isinstance(value, (torch.SymInt, torch.SymFloat)):
                expr = value.node.expr
                if expr.is_Symbol and expr not in self.symbol_node:
                    self.symbol_node[expr] = node
            if node.op in ("placeholder", "get_attr", "output") or node not in self.given:
                continue
            piece_id = self.piece_of[node] = self.given[node]
            if piece_id not in self.pieces:
                self.pieces[piece_id] = _Piece(piece_id)
            if _is_global_state(node):
                if node.target is _SET_GRAD:
                    if len(node.args) != 1:
                        raise FxImportError(_CANNOT +
                            f"Expected 1 arg for _set_grad_enabled, got {len(node.args)}")
                    if not isinstance(node.args[0], bool):
                        raise FxImportError(_CANNOT + f"Expected bool arg, got {type(node.args[0])}")
                    active_grad = node
                    grad[node] = {piece_id}
                elif node.target is _ENTER_AUTOCAST:
                    if any(isinstance(arg, torch.fx.Node) for arg in node.args):
                        raise FxImportError(_CANNOT +
                            "Expected all args to be python constants, not Nodes")
                    active_autocasts.add(node)
                    autocast[node] = {piece_id}
                    exits[node] = None
                else:
                    if len(node.args) != 1:
                        raise FxImportError(_CANNOT +
                            f"Expected 1 arg for _exit_autocast, got {len(node.args)}")
                    autocast[node.args[0]].add(piece_id)
                    active_autocasts.remove(node.args[0])
                    exits[node.args[0]] = node
            if active_grad is not None:
                grad[active_grad].add(piece_id)
            for entry in active_autocasts:
                autocast[entry].add(piece_id)
        if any(exit_node is None for exit_node in exits.values()):
            raise FxImportError(_CANNOT + "autocast must exit")
        return ({k: sorted(v) for k, v in grad.items()},
                {k: sorted(v) for k, v in autocast.items()}, exits)

    def _uses(self, monotonic):
        """Records each value that crosses from one piece to another, with
        the symbols in its example value, and the pieces' dependencies."""
        highest = -1
        for node in self.graph.nodes:
            if node.op in ("placeholder", "get_attr"):
                continue
            if node.op == "output":
                self._returned(node)
                continue
            piece_id = self.piece_of.get(node)
            if piece_id is None:
                continue
            if monotonic:
                if highest > piece_id:
                    raise FxImportError(_CANNOT +
                        "autocast or set_grad_enabled require monotonically increasing "
                        f"partitions: highest: {highest}, this node's: {piece_id}")
                highest = piece_id
            if not _is_global_state(node):
                for used in node.all_input_nodes:
                    self._cross(used, piece_id)

    def _returned(self, node):
        """Records what the output `node` uses, through the nodes in no
        piece, which the split module computes: depth first, inputs in
        order, with a stack, as a chain of such nodes is as deep as it is
        long."""
        stack, seen = list(reversed(node.all_input_nodes)), set()
        while stack:
            used = stack.pop()
            if used in seen:
                continue
            seen.add(used)
            if used.op in ("call_function", "call_method") and used not in self.piece_of:
                stack.extend(reversed(used.all_input_nodes))
            else:
                self._cross(used, None)

    def _cross(self, value, user_id):
        value_id = self.piece_of.get(value)
        if value_id == user_id:
            return
        if value_id is not None:
            source = self.pieces[value_id]
            source.outputs.setdefault(value)
            if user_id is not None:
                source.needed_by.setdefault(user_id)
        if user_id is None:
            return
        user = self.pieces[user_id]
        user.inputs.setdefault(value)
        for symbol in self._symbols(value):
            bound = self.symbol_node.get(symbol)
            if bound is None:
                raise FxImportError(
                    f"{_CANNOT}no node binds symbol {symbol}, which a value passed to a piece "
                    f"has in its shape (give the graph a SymInt placeholder for it)")
            user.inputs.setdefault(bound)
            if bound.op != "placeholder":
                bound_id = self.piece_of.get(bound)
                if bound_id is not None:
                    self.pieces[bound_id].outputs.setdefault(bound)
                    self.pieces[bound_id].needed_by.setdefault(user_id)
                    user.needs.setdefault(bound_id)
        if value_id is not None:
            user.needs.setdefault(value_id)

    def _symbols(self, node):
        symbols = self.symbols.get(node)
        if symbols is None:
            value = node.meta.get("example_value")
            if isinstance(value, torch.Tensor) and value.layout is torch.strided:
                # free_symbols(value), the symbols of its sizes, strides and
                # offset, without its generators.
                found = set()
                for dim in (*value.shape, *value.stride(), value.storage_offset()):
                    if isinstance(dim, torch.SymInt) and is_symbolic(dim):
                        found.update(dim.node.expr.free_symbols)
            else:
                found = () if value is None else free_symbols(value)
            symbols = self.symbols[node] = sorted(found, key=str)
        return symbols

    def _check_acyclic(self):
        waiting = {piece_id: len(piece.needs) for piece_id, piece in self.pieces.items()}
        ready = [piece_id for piece_id, count in waiting.items() if not count]
        done = 0
        while ready:
            done += 1
            for dependent in self.pieces[ready.pop()].needed_by:
                waiting[dependent] -= 1
                if not waiting[dependent]:
                    ready.append(dependent)
        if done != len(self.pieces):
            raise FxImportError(_CANNOT + self._cycle())

    def _cycle(self):
        """Why the pieces depend on each other in a cycle: where a symbol is
        first a node's, not a placeholder's, split_module passes it from that
        node's piece to pieces before it."""
        for symbol, node in self.symbol_node.items():
            if node.op != "placeholder" and isinstance(node.meta.get("example_value"),
                                                       torch.SymInt):
                return (f"node '{node.name}' is the first to have symbol {symbol} and no "
                        f"placeholder has it, so split_module passes it from there to the "
                        f"pieces whose inputs have it in their shapes, some before it "
                        f"(RuntimeError: cycle exists between partitions!; give the graph "
                        f"a SymInt placeholder for it)")
        return "RuntimeError: cycle exists between partitions!"

    def _inputs(self, piece):
        """The piece's placeholders, in input order, then the submodules it
        reads (a higher-order op's subgraph), which it holds itself."""
        values, modules = [], []
        for node in piece.inputs:
            if node.op == "get_attr" and isinstance(_attribute(self.gm, node.target),
                                                    torch.nn.Module):
                modules.append(node)
            else:
                values.append(node)
        placeholders = {}
        for node in values + modules:
            if node.op == "get_attr" and node in modules:
                made = piece.graph.get_attr(node.target)
                piece.targets[node.target] = _attribute(self.gm, node.target)
            else:
                made = piece.graph.placeholder(node.name, type_expr=node.type)
                placeholders[node] = None
            made.meta.update(node.meta)
            piece.env[node] = made
        piece.inputs = placeholders

    def _copy_nodes(self):
        map_arg = torch.fx.graph.map_arg
        names = {}
        for node in self.graph.nodes:
            piece_id = self.piece_of.get(node)
            if piece_id is None:
                continue
            piece = self.pieces[piece_id]
            env = piece.env
            target = node.target
            if node.op == "call_module":
                attribute = _attribute(self.gm, target)
                target = target.replace(".", "_")
                piece.targets[target] = attribute
            made = _copy(piece.graph, node, target, map_arg(node.args, env.__getitem__),
                         map_arg(node.kwargs, env.__getitem__), names)
            env[node] = made

    def _stitch(self):
        """The split module: the graph's placeholders, then per piece the
        attributes it reads first, its call and the getitems of its
        results; the output as the graph's."""
        base = torch.fx.Graph()
        env, attrs, made = {}, {}, set()

        def construct(node):
            if node.op == "placeholder":
                default = node.args[0] if node.args else inspect.Signature.empty
                env[node] = base.placeholder(node.target, type_expr=node.type,
                                             default_value=default)
            elif node.op == "get_attr":
                env[node] = base.get_attr(node.target)
                attrs[node.target] = _attribute(self.gm, node.target)
            else:
                return
            env[node].meta.update(node.meta)

        for piece in self.pieces.values():
            piece.graph.output(tuple(piece.env[node] for node in piece.outputs))
            if not made:
                for node in self.graph.find_nodes(op="placeholder"):
                    construct(node)
                    made.add(node)
            for node in piece.inputs:
                if node not in made:
                    construct(node)
                    made.add(node)
            attrs[piece.name] = _make_graph_module(piece.targets, piece.graph)
            call = base.call_module(piece.name, tuple(env[node] for node in piece.inputs))
            for i, node in enumerate(piece.outputs):
                env[node] = _getitem(base, call, i)
        if not env:
            for node in self.graph.nodes:
                construct(node)
        # What the output uses that no piece gives, a node in no piece or a
        # get_attr no piece reads, made here in graph order.
        output = self.graph.output_node()
        needed, stack = set(), list(output.all_input_nodes)
        while stack:
            node = stack.pop()
            if node not in env and node not in needed:
                needed.add(node)
                if node.op != "get_attr":
                    stack.extend(node.all_input_nodes)
        map_arg = torch.fx.graph.map_arg
        for node in self.graph.nodes:
            if node not in needed:
                continue
            if node.op == "get_attr":
                construct(node)
                continue
            made = base.create_node(node.op, node.target, map_arg(node.args, env.__getitem__),
                                    map_arg(node.kwargs, env.__getitem__), type_expr=node.type)
            made.meta.update(node.meta)
            env[node] = made
        base.output(map_arg(output.args[0], env.__getitem__))
        split = _make_graph_module(attrs, base)
        split.meta["partition_names"] = {piece.name for piece in self.pieces.values()}
        return split
