# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""split_graph: vLLM's `split_graph` (vllm/compilation/backends.py of vLLM
0.34.0, first read at vllm-project/vllm 7ffc3d06e70c; docs/DesignNotes.md),
with the partition decided and checked by fx-mlir.

The graph is imported; fx-decompose-size (the dims placed as vLLM places
them) and fx-split-graph run on it, in this process through libFXMLIR-C.so
or in an fx-opt process; and the pass's node -> piece map is applied back to
the GraphModule: the same size decomposition in FX, then torch's own
split_module as vLLM calls it (torch/fx/passes/split_module.py, torch
2.13.0).
"""

import dataclasses
import operator
import time

import sympy
import torch
import torch.fx
from torch.fx._lazy_graph_module import _use_lazy_graph_module
from torch.fx.passes.split_module import split_module

from . import native, passes
from .errors import FxImportError
from .importer import import_graph
from .specs import one_line
from .types import SpecReader

# What cannot be in a splitting op's name: the pass option's list and
# pipeline syntax.
_NOT_IN_NAMES = (",", "{", "}", " ", "\"")

# The size forms fx-decompose-size decomposes (ImportResult.size_nodes).
_DIMLESS = ("x.size()", "x.shape", "sym_size(x)")


@dataclasses.dataclass
class SplitItem:
    """One piece, as vLLM's SplitItem: its submodule's name, vLLM's graph
    id, whether it holds splitting ops, and the submodule."""
    submod_name: str
    graph_id: int
    is_splitting_graph: bool
    graph: torch.fx.GraphModule


def split_graph(gm, splitting_ops=None, *, stats=None, fx_opt=None, library=None):
    """Splits GraphModule `gm` at `splitting_ops` (vLLM's names, such as
    `vllm::unified_attention_with_output`, or resolved torch ops; None:
    fx-split-graph's default, vLLM's list) and returns `(split_gm, items)`
    as vLLM's split_graph does, items sorted by graph id. Like vLLM's, it
    decomposes `gm`'s x.size() nodes in place first.

    The passes run in this process through the C API library `library`
    (libFXMLIR-C.so), or in the fx-opt process at path `fx_opt`; with
    neither, through native.default_library() (the installed package's, else
    the build's), else the build's fx-opt. `stats`, a dict,
    receives the seconds spent per stage: import, passes, read-back, apply.
    Raises FxImportError, one line naming the node and both pieces, where
    fx-mlir refuses the split."""
    # Loading the library, once per process, is no stage of a split.
    runner = _runner(fx_opt, library)
    clock = time.perf_counter()

    def lap(stage):
        nonlocal clock
        now = time.perf_counter()
        if stats is not None:
            stats[stage] = now - clock
        clock = now

    result = import_graph(gm)
    lap("import")
    ops = None if splitting_ops is None else ",".join(map(_op_name, splitting_ops))
    split, done = passes.split_map(runner, result.text, ops)
    lap("passes")
    if split is None:
        raise FxImportError("fx-split-graph failed: " + passes.first_error(done.stderr))
    (function,) = split[passes.FUNCTIONS]
    for error in function[passes.ERRORS]:
        to = error.get(passes.TO, "the graph's output")
        raise FxImportError(f"node '{error[passes.NODE]}' cannot cross from "
                            f"{error[passes.FROM]} to {to}: {error[passes.MESSAGE]}")
    if not done.succeeded:
        raise FxImportError("fx-split-graph failed: " + passes.first_error(done.stderr))
    pieces, dims, splitting = _read_map(function)
    lap("read-back")
    created = _decompose_sizes(gm, result.size_nodes)
    assignment = {}
    for node in gm.graph.nodes:
        if node.op in ("placeholder", "output"):
            continue
        key = created.get(node)
        piece = dims.get(key) if key else pieces.get(node.name)
        if piece is None:
            piece = 0 if not pieces else None
        if piece is None:
            raise FxImportError(f"fx-split-graph's map has no piece for node '{node.name}'")
        assignment[node] = piece
    split_gm = _apply(gm, assignment)
    items = []
    for name, module in split_gm.named_children():
        graph_id = int(name[len("submod_"):])
        items.append(SplitItem(name, graph_id, graph_id in splitting, module))
    items.sort(key=lambda item: item.graph_id)
    lap("apply")
    return split_gm, items


def _apply(gm, assignment):
    """Cuts `gm` into the pieces of `assignment` ({node: graph id}) as vLLM
    0.34.0 does (split_graph in vllm/compilation/backends.py, lines
    626-635): torch's split_module with `keep_original_order=True` and
    `tuple_return=True`, so that a piece with one output returns a 1-tuple,
    under `_use_lazy_graph_module(True)`, so that each piece generates its
    code on first need (torch/fx/passes/split_module.py and
    torch/fx/_lazy_graph_module.py at pytorch/pytorch cf30153c4c13, torch
    2.13.0). Whatever split_module raises (a cycle between pieces, a symbol
    no node binds) becomes one line."""
    try:
        with _use_lazy_graph_module(True):
            return split_module(gm, None, assignment.__getitem__, keep_original_order=True,
                                tuple_return=True)
    except Exception as e:  # whatever torch raises, in one line
        if isinstance(e, KeyError) and e.args and isinstance(e.args[0], sympy.Symbol):
            # split_module's symbol_to_node[s]: a symbol of a value passed to a
            # piece that no SymInt placeholder or node has for example value.
            why = (f"no node binds symbol {e.args[0]}, which a value passed to a piece "
                   f"has in its shape (give the graph a SymInt placeholder for it)")
        else:
            why = one_line(e)
        raise FxImportError("torch.fx's split_module cannot apply fx-split-graph's "
                            f"partition: {why}") from None


def _runner(fx_opt, library):
    """What runs the passes, as passes.run_pipeline takes it."""
    if fx_opt is not None and library is not None:
        raise FxImportError("split_graph: give fx_opt or library, not both")
    if fx_opt is not None:
        return fx_opt
    if library is None:
        library = native.default_library()
    if library is not None:
        return native.load(library)
    return passes.FX_OPT


def _op_name(op):
    """A splitting op as fx-split-graph spells it: a name as given, and a
    resolved op (vLLM at 0041b00e4c3d passes OpOverloads) by its `OpOverload.name()`,
    `ns::op` for a packet."""
    if isinstance(op, str):
        if not op or any(c in op for c in _NOT_IN_NAMES):
            raise FxImportError(f"splitting op {op!r} is not an op name: it is empty or "
                                f"has a comma, a brace, a space or a quote")
        return op
    if isinstance(op, torch._ops.OpOverload):
        return op.name()
    if isinstance(op, torch._ops.OpOverloadPacket):
        return op._qualified_op_name
    raise FxImportError(f"splitting op {op!r} is neither a name nor a torch op")


def _graph_id(submod):
    return int(submod[len("submod_"):])


def _read_map(function):
    """({node name: graph id}, {(size node, dim): graph id}, {splitting
    graph ids}) of one function's map."""
    pieces, dims = {}, {}
    for record in function.get(passes.NODES, []):
        graph_id = _graph_id(record[passes.SUBMOD])
        if passes.DIM in record:
            dims[(record[passes.NAME], record[passes.DIM])] = graph_id
        elif not record.get(passes.ERASED_NODE):
            pieces[record[passes.NAME]] = graph_id
    splitting = {p[passes.GRAPH_ID] for p in function.get(passes.PIECES, [])
                 if p[passes.SPLITTING]}
    return pieces, dims, splitting


def _example(node):
    for key in ("example_value", "val"):
        if key in node.meta:
            return node.meta[key]
    return None


def _decompose_sizes(gm, size_nodes):
    """fx-decompose-size's decomposition in FX: one aten.sym_size.int node
    per symbolic dim right after the tensor's producer, as vLLM's
    _decompose_size_nodes places them, an int per static dim. A
    getitem(size, int) becomes its dim; every other use of the size, in a
    positional or keyword argument or nested in one, becomes the tuple of
    the dims, which is what the size was (vLLM 0.34.0 splices the dims into
    a user's positional arguments, right where it takes them one by one, as
    view(x, size) does: docs/DesignNotes.md). Returns {new node: (size node
    name, dim)}."""
    graph = gm.graph
    reader = SpecReader()
    created = {}
    for node, form, _ in size_nodes:
        if form not in _DIMLESS:
            continue
        if not node.users:  # fx-decompose-size erases a dead one
            graph.erase_node(node)
            continue
        tensor = node.args[0]
        value = _example(tensor)
        if value is None:
            raise FxImportError(f"node '{tensor.name}' has no example value; cannot "
                                f"decompose size node '{node.name}'")
        parts = []
        with graph.inserting_after(tensor):
            for i, dim in enumerate(value.shape):
                # Static as the import typed it: a SymInt whose expression is
                # a number (a dim a guard specialized) is that number there.
                static = reader.dim(dim)
                if isinstance(static, int):
                    parts.append(static)
                    continue
                part = graph.call_function(torch.ops.aten.sym_size.int, (tensor, i))
                part.meta["example_value"] = dim
                created[part] = (node.name, i)
                parts.append(part)
        for user in list(node.users):
            if (user.op == "call_function" and user.target is operator.getitem
                    and len(user.args) == 2 and user.args[0] is node
                    and isinstance(user.args[1], int)):
                user.replace_all_uses_with(parts[user.args[1]])
                graph.erase_node(user)
                continue
            dims = tuple(parts)
            user.args = torch.fx.node.map_arg(user.args, lambda n: dims if n is node else n)
            user.kwargs = torch.fx.node.map_arg(user.kwargs, lambda n: dims if n is node else n)
        graph.erase_node(node)
    return created


def decompose_size_nodes(gm):
    """vLLM's `_decompose_size_nodes` (vllm/compilation/backends.py of vLLM
    0.34.0), which split_graph runs first: replaces, in GraphModule `gm`, each
    size without a dim (x.size(), x.shape, sym_size(x): the size nodes the
    import finds) by its dims, as `_decompose_sizes` does; a size with a dim,
    x.size(0), is a scalar already and stays. In place; returns None."""
    _decompose_sizes(gm, import_graph(gm).size_nodes)
    gm.recompile()
