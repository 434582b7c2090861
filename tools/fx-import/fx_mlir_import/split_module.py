# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""split_module with torch 2.x semantics, for torch 1.13 and newer.

`split_module(m, root_m, split_callback, ...)` cuts a GraphModule into
`submod_<id>` children as torch 2.x's `torch.fx.passes.split_module` does
(torch/fx/passes/split_module.py at pytorch/pytorch
07bfb4da9efcf4c80c308540b11bcee3e1d0f381: SymInt threading, pieces without
outputs, the order of inputs and outputs; the later version with
`tuple_return` and `partition_affix`, added by pytorch/pytorch PR #179007,
was read without a commit, index file id 52872108543). What torch 1.13's own
split_module (Debian's python3-torch 1.13) lacks, and this one does:

- a piece with no output (an op that writes into a buffer) is called and
  returns `()`; 1.13 fails indexing its empty output list;
- SymInts are threaded: when a value crosses into a piece, the node that
  binds each free symbol of its `meta["example_value"]` (the first node in
  graph order whose example value is a SymInt that is a bare symbol, so a
  SymInt placeholder wins) becomes an input of that piece right after the
  value, sorted by the symbol's name; a binder that is not a placeholder
  also becomes an output of its own piece;
- `keep_original_order` emits the calls in the order of each piece's first
  node and the placeholders in their original order;
- outputs are ordered by first use in a later piece (the walk visits each
  node's args, then kwargs, then the graph output), inputs by first use
  inside the piece, placeholder-like inputs before nn.Module get_attrs.

With `lazy=True` (split_graph's) the pieces and the split module are
LazyGraphModules: the same graphs, code generated on first need.

Not supported: torch 2.x's autocast and set_grad_enabled region splitting
(GLOBAL_STATE_NODES); such a node is an error here.
"""

import operator
import weakref

import torch
import torch.fx
from torch.fx.graph_module import GraphModule

from .types import is_symint

__all__ = ["LazyGraphModule", "split_module"]

_GLOBAL_STATE_TARGETS = tuple(
    t for t in (getattr(torch._C, "_set_grad_enabled", None),
                getattr(getattr(torch, "amp", None), "_enter_autocast", None),
                getattr(getattr(torch, "amp", None), "_exit_autocast", None)) if t)


class _Generated:
    """Stands, on a GraphModule's class, for an attribute that `recompile()`
    generates (`_code`, `forward`, `__call__`): reading it through the
    instance, or through the class for forward and `__call__`, generates the
    code first. `owner` is a weak reference to the instance of a per-instance
    class (None for `_code`, which lives on the instance)."""
    __slots__ = ("name", "owner")

    def __init__(self, name, owner=None):
        self.name = name
        self.owner = owner

    def __get__(self, obj, cls=None):
        module = obj if obj is not None else self.owner and self.owner()
        if module is None:
            if obj is None and self.owner is None:
                return self
            raise AttributeError(self.name)
        module.real_recompile()
        return getattr(obj if obj is not None else cls, self.name)


class _OwnLazyGraphModule(GraphModule):
    """A GraphModule that generates its code on first need, for a torch
    without `torch.fx._lazy_graph_module._LazyGraphModule` (torch 1.13).

    The idea is torch's (torch/fx/_lazy_graph_module.py, pytorch/pytorch
    commit 027a8dc7226184818320756f5c024c5c0ea4bbd9): setting the graph
    only marks the code stale, and what reads the generated code generates
    it. Here the stale state is `_code` missing from the instance: the
    graph setter (which GraphModule.__init__ calls) drops `_code` and puts
    `_Generated` stand-ins for `forward` and `__call__` on the module's own
    class (GraphModule.__new__ makes one per instance), and `_code` has one
    on this class. So calling, `forward` (also from the class, as
    symbolic_trace reads it), `code`, `str`, `to_folder` generate the code,
    and pickling and torch.jit.script generate it first. Unlike torch's
    class, `recompile()` stays eager and returns the PythonCode, so editing
    the graph and recompiling behaves as on a GraphModule. Copies
    (copy/deepcopy) are eager GraphModules, as GraphModule makes them."""

    _code = _Generated("_code")

    @property
    def graph(self):
        return self._graph

    @graph.setter
    def graph(self, g):
        cls = type(self)
        if cls is _OwnLazyGraphModule:  # no class per instance: stay eager
            GraphModule.graph.fset(self, g)
            return
        assert isinstance(g, torch.fx.Graph), f"Expected a Graph instance, but got {type(g)}"
        self._graph = g
        g.owning_module = self
        self.__dict__.pop("_code", None)
        owner = weakref.ref(self)
        cls.forward = _Generated("forward", owner)
        if "__call__" not in vars(cls):
            cls.__call__ = _Generated("__call__", owner)

    def _needs_recompile(self):
        return "_code" not in self.__dict__

    def real_recompile(self):
        if self._needs_recompile():
            self.recompile()

    def recompile(self):
        cls = type(self)
        for name in ("forward", "__call__"):
            if isinstance(vars(cls).get(name), _Generated):
                delattr(cls, name)
        return super().recompile()

    # GraphModule's reducers copy __dict__ before they recompile.
    def __reduce__(self):
        self.real_recompile()
        return super().__reduce__()

    def __reduce_package__(self, exporter):
        self.real_recompile()
        return super().__reduce_package__(exporter)

    def __reduce_deploy__(self, importer):
        self.real_recompile()
        return super().__reduce_deploy__(importer)

    def __prepare_scriptable__(self):
        self.real_recompile()
        return self


try:
    from torch.fx._lazy_graph_module import _LazyGraphModule as LazyGraphModule
except ImportError:
    LazyGraphModule = _OwnLazyGraphModule


class SplitModuleError(RuntimeError):
    """A graph split_module cannot cut; the message names the node."""


class _Piece:
    __slots__ = ("name", "submod_name", "inputs", "outputs", "dependencies",
                 "dependents", "graph", "env", "targets")

    def __init__(self, name):
        self.name = name
        self.submod_name = f"submod_{name}"
        self.inputs = {}  # node name -> None, in insertion order
        self.outputs = {}
        self.dependencies = {}
        self.dependents = {}
        self.graph = torch.fx.Graph()
        self.env = {}  # original node -> node of this piece's graph
        self.targets = {}


def _sym_expr(value):
    """The sympy expression of a SymInt (torch 2.x `.node.expr`, torch 1.13
    `.get_pyobj().expr`)."""
    node = getattr(value, "node", None)
    if node is not None and hasattr(node, "expr"):
        return node.expr
    return value.get_pyobj().expr


def _free_symbols(value):
    """The free symbols of an example value: of a SymInt; of a tensor's
    sizes, strides and storage offset; of the elements of a tuple or list."""
    found = set()

    def visit(v):
        if is_symint(v):
            found.update(_sym_expr(v).free_symbols)
        elif isinstance(v, torch.Tensor):
            for d in v.shape:
                visit(d)
            try:
                for d in v.stride():
                    visit(d)
                visit(v.storage_offset())
            except RuntimeError:  # some fake tensors have no strides on 1.13
                pass
        elif isinstance(v, (tuple, list)):
            for e in v:
                visit(e)

    visit(value)
    return found


def _bare_symbol(value):
    if not is_symint(value):
        return None
    expr = _sym_expr(value)
    return expr if getattr(expr, "is_Symbol", False) else None


def _nodes_in(arg):
    """The nodes of an argument, in torch.fx.map_arg's order."""
    found = []
    torch.fx.node.map_arg(arg, found.append)
    return found


_AGGREGATES = (tuple, list, dict, slice)


def _map_nodes(args, env):
    """map_arg(args, env.__getitem__) for a node's args tuple or kwargs
    dict, without map_arg where they hold no aggregate. (Node.__init__
    passes what it is given through map_arg again, so either form makes
    the same node.)"""
    values = args.values() if isinstance(args, dict) else args
    for value in values:
        if isinstance(value, _AGGREGATES):
            return torch.fx.node.map_arg(args, env.__getitem__)
    if isinstance(args, dict):
        return {k: env[v] if isinstance(v, torch.fx.Node) else v for k, v in args.items()}
    return tuple(env[v] if isinstance(v, torch.fx.Node) else v for v in args)


def _attr(module, qualname):
    value = module
    for atom in qualname.split("."):
        if not hasattr(value, atom):
            raise SplitModuleError(f"split_module: node target '{qualname}' not found")
        value = getattr(value, atom)
    return value


def split_module(m, root_m, split_callback, qualname_map=None, keep_original_order=False,
                 keep_original_node_name=False, keep_original_input_name=True, *,
                 tuple_return=False, lazy=False):
    """Cut `m` into pieces by `split_callback(node) -> int` (placeholders,
    get_attr and output are not asked). `root_m` is unused, as in torch.
    Returns a GraphModule whose `submod_<id>` children are the pieces;
    with `lazy`, it and the pieces are LazyGraphModules, which generate
    their code on first need."""
    module_cls = LazyGraphModule if lazy else GraphModule
    del root_m
    nodes = list(m.graph.nodes)
    by_name = {node.name: node for node in nodes}
    piece_of = {}
    pieces = {}
    binder = {}

    for node in nodes:
        symbol = _bare_symbol(node.meta.get("example_value"))
        if symbol is not None:
            binder.setdefault(symbol, node)
        if node.op in ("placeholder", "get_attr", "output"):
            continue
        if node.op == "call_function" and node.target in _GLOBAL_STATE_TARGETS:
            raise SplitModuleError(
                f"split_module: node '{node.name}' changes global state "
                f"({node.target}); region splitting is not supported")
        name = str(split_callback(node))
        if name not in pieces:
            pieces[name] = _Piece(name)
        piece_of[node] = name

    symbols_of = {}  # node -> the free symbols of its example value, sorted

    def record(def_node, use_node):
        defined = piece_of.get(def_node)
        used = piece_of.get(use_node) if use_node is not None else None
        if defined == used:
            return
        if defined is not None:
            pieces[defined].outputs.setdefault(def_node.name)
            if used is not None:
                pieces[defined].dependents.setdefault(used)
        if used is None:
            return
        user = pieces[used]
        user.inputs.setdefault(def_node.name)
        symbols = symbols_of.get(def_node)
        if symbols is None:
            value = def_node.meta.get("example_value")
            symbols = symbols_of[def_node] = (
                () if value is None else sorted(_free_symbols(value), key=str))
        for symbol in symbols:
            bound_by = binder.get(symbol)
            if bound_by is None:
                raise SplitModuleError(
                    f"split_module: node '{def_node.name}' crosses into piece {used} "
                    f"with symbol {symbol} that no node binds")
            user.inputs.setdefault(bound_by.name)
            if bound_by.op != "placeholder":
                bound_in = piece_of.get(bound_by)
                if bound_in is not None:
                    pieces[bound_in].outputs.setdefault(bound_by.name)
                    pieces[bound_in].dependents.setdefault(used)
                    user.dependencies.setdefault(bound_in)
        if defined is not None:
            user.dependencies.setdefault(defined)

    for node in nodes:
        if node.op in ("placeholder", "get_attr"):
            continue
        if node.op == "output":
            for def_node in _nodes_in(node.args[0]):
                record(def_node, None)
            continue
        # Each input once, in map_arg's order over args, then kwargs: the
        # order of first uses, which is all record() depends on.
        for def_node in node.all_input_nodes:
            record(def_node, node)

    original_order = list(pieces)
    # Kahn's algorithm with a stack, as torch does, so the topological order
    # (keep_original_order=False) is torch's too.
    waiting = {name: dict(p.dependencies) for name, p in pieces.items()}
    ready = [name for name, deps in waiting.items() if not deps]
    topo_order = []
    while ready:
        name = ready.pop()
        topo_order.append(name)
        for dependent in pieces[name].dependents:
            waiting[dependent].pop(name, None)
            if not waiting[dependent]:
                ready.append(dependent)
    if len(topo_order) != len(pieces):
        raise SplitModuleError("split_module: cycle exists between partitions")

    def is_module_attr(node):
        return (node.op == "get_attr" and isinstance(node.target, str)
                and isinstance(_attr(m, node.target), torch.nn.Module))

    for name in topo_order:
        piece = pieces[name]
        modules = {n: is_module_attr(by_name[n]) for n in piece.inputs}
        ordered = ([n for n, module in modules.items() if not module]
                   + [n for n, module in modules.items() if module])
        kept = {}
        for counter, inp in enumerate(ordered):
            orig = by_name[inp]
            if modules[inp]:
                new = piece.graph.get_attr(orig.target)
                piece.targets[orig.target] = _attr(m, orig.target)
            else:
                new = piece.graph.placeholder(inp if keep_original_input_name
                                              else f"arg_{counter}", type_expr=orig.type)
                kept[inp] = None
            new.meta = orig.meta.copy()
            piece.env[orig] = new
        piece.inputs = kept

    # create_node names a node from its target by the stateless
    # Graph._target_to_str (snake case); given that name as the candidate it
    # picks the same unique name, so each target's is computed once (keyed
    # by the string, or by the id of a callable, which its nodes keep alive).
    candidates = {}
    for node in nodes:
        name = piece_of.get(node)
        if name is None:
            continue
        piece = pieces[name]
        args = _map_nodes(node.args, piece.env)
        kwargs = _map_nodes(node.kwargs, piece.env)
        target = node.target
        if node.op in ("call_module", "get_attr"):
            target = node.target.replace(".", "_")
            piece.targets[target] = _attr(m, node.target)
            if qualname_map is not None:
                qualname_map[f"{piece.submod_name}.{target}"] = node.target
        if keep_original_node_name:
            candidate = node.name
        else:
            key = target if isinstance(target, str) else id(target)
            candidate = candidates.get(key)
            if candidate is None:
                candidate = candidates[key] = piece.graph._target_to_str(target)
        new = piece.graph.create_node(node.op, target, args, kwargs, name=candidate,
                                      type_expr=node.type)
        new.meta = node.meta.copy()
        piece.env[node] = new

    base = torch.fx.Graph()
    base_env = {}
    base_attrs = {}

    def construct(node):
        if node.name in base_env:
            return
        if node.op == "placeholder":
            new = base.create_node("placeholder",
                                   node.name if keep_original_node_name else node.target,
                                   tuple(node.args), type_expr=node.type)
        elif node.op == "get_attr":
            new = base.get_attr(node.target)
            base_attrs[node.target] = _attr(m, node.target)
        else:
            return
        new.meta = node.meta.copy()
        base_env[node.name] = new

    if not keep_original_order:
        for node in nodes:
            construct(node)

    # With keep_original_order, every placeholder comes before the first call.
    placeholders = [node for node in nodes if node.op == "placeholder"]
    for name in (original_order if keep_original_order else topo_order):
        piece = pieces[name]
        results = tuple(piece.env[by_name[n]] for n in piece.outputs)
        piece.graph.output(results[0] if len(results) == 1 and not tuple_return else results)
        if keep_original_order:
            for node in placeholders:
                construct(node)
            placeholders = ()
            for inp in piece.inputs:
                construct(by_name[inp])
        base_attrs[piece.submod_name] = module_cls(piece.targets, piece.graph)
        call = base.call_module(piece.submod_name,
                                tuple(base_env[n] for n in piece.inputs))
        if len(piece.outputs) > 1 or (piece.outputs and tuple_return):
            for i, out in enumerate(piece.outputs):
                base_env[out] = base.call_function(operator.getitem, (call, i))
        elif piece.outputs:
            base_env[next(iter(piece.outputs))] = call

    if keep_original_order and not base_env:
        for node in nodes:
            construct(node)

    for node in nodes:
        if node.op == "output":
            base.output(torch.fx.node.map_arg(node.args[0], lambda n: base_env[n.name]))
    return module_cls(base_attrs, base)
