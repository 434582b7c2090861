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

import copy
import dataclasses
import operator
import re
import threading
import time

import sympy
import torch
import torch.fx
from torch.fx._lazy_graph_module import _LazyGraphModule, _make_graph_module, _use_lazy_graph_module
from torch.fx.passes.split_module import split_module

from . import native, passes
from .errors import FxImportError
from .importer import import_graph
from .inplace import Versions
from .specs import one_line
from .types import SpecReader

# What no op name has (torch's are `ns::op.overload`, identifiers), and
# what the pass option's list and pipeline syntax cannot carry.
_NOT_IN_NAMES = (",", "{", "}", "\"")

# The names torch.fx's split_module gives the pieces, as attributes of the
# split module (torch/fx/passes/split_module.py, torch 2.13.0).
_PIECE_NAME = re.compile(r"submod_[0-9]+")

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


def split_graph(gm, splitting_ops=None, *, match_fx_targets=False, stats=None, fx_opt=None,
                library=None):
    """Splits GraphModule `gm` at `splitting_ops` (vLLM's names, such as
    `vllm::unified_attention_with_output`, or resolved torch ops; None:
    fx-split-graph's default, vLLM's list) and returns `(split_gm, items)`
    as vLLM's split_graph does, items sorted by graph id. Like vLLM's, it
    leaves `gm`'s x.size() nodes decomposed, but only once the split has
    succeeded: all the work is done on a copy, and where it raises, `gm` is
    as it was.

    A node splits where vLLM 0.34.0's should_split says so: a call_function
    of a torch op one of whose names is in the list, as is (docs/Usage.md).
    `match_fx_targets`, an fx-mlir extension, also splits at nodes of any
    kind whose target is named as the importer spells it
    (`torch.nn.functional.scaled_dot_product_attention`, a method `view`).

    The passes run in this process through the C API library `library`
    (libFXMLIR-C.so), or in the fx-opt process at path `fx_opt`; with
    neither, through native.default_library() (the installed package's, else
    the build's), else the build's fx-opt. `stats`, a dict,
    receives the seconds spent per stage: copy (of `gm`'s graph, which the
    split rewrites), import, passes, read-back, apply.
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

    ops = _op_list(splitting_ops)
    _check_attribute_names(gm)
    work, originals = _copy(gm)
    lap("copy")
    _decompose_dead_sizes(work.graph)
    result = import_graph(work, as_split=True)
    lap("import")
    split, done = passes.split_map(runner, result.text, ops, match_fx_targets=match_fx_targets)
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
    created = _decompose_sizes(work.graph, result.size_nodes, result.versions)
    assignment = {}
    for node in work.graph.nodes:
        if node.op in ("placeholder", "output"):
            continue
        key = created.get(node)
        if isinstance(key, torch.fx.Node):  # a torch.Size rebuilt for its user
            if key.op == "output":
                continue  # _apply builds it in the split module
            piece = pieces.get(key.name)
        else:
            piece = dims.get(key) if key else pieces.get(node.name)
        if piece is None:
            piece = 0 if not pieces else None
        if piece is None:
            raise FxImportError(f"fx-split-graph's map has no piece for node '{node.name}'")
        assignment[node] = piece
    _copy_sizes(work.graph, assignment)
    sizes_returned = [node for node, user in created.items()
                      if isinstance(user, torch.fx.Node) and user.op == "output"]
    split_gm = _apply(work, assignment, sizes_returned)
    items = []
    for name, module in split_gm.named_children():
        graph_id = int(name[len("submod_"):])
        items.append(SplitItem(name, graph_id, graph_id in splitting, module))
    items.sort(key=lambda item: item.graph_id)
    # The split stands: `gm` gets the decomposition its pieces were cut from.
    _decompose_dead_sizes(gm.graph)
    _decompose_sizes(gm.graph, [(originals[node], form, x) for node, form, x in result.size_nodes
                                if form in _DIMLESS],
                     {originals[size]: originals[version]
                      for size, version in result.versions.items()})
    lap("apply")
    return split_gm, items


def _copy(gm):
    """A lazy GraphModule on a copy of `gm`'s graph (the same names and meta,
    the attributes of `gm` that it reads) and {copied node: `gm`'s node}."""
    graph = copy.deepcopy(gm.graph)
    with _use_lazy_graph_module(True):
        work = _make_graph_module(gm, graph)
    return work, dict(zip(graph.nodes, gm.graph.nodes))


def _apply(gm, assignment, sizes_returned=()):
    """Cuts `gm` into the pieces of `assignment` ({node: graph id}) as vLLM
    0.34.0 does (split_graph in vllm/compilation/backends.py, lines
    626-635): torch's split_module with `keep_original_order=True` and
    `tuple_return=True`, so that a piece with one output returns a 1-tuple,
    under `_use_lazy_graph_module(True)`, so that each piece generates its
    code on first need (torch/fx/passes/split_module.py and
    torch/fx/_lazy_graph_module.py at pytorch/pytorch cf30153c4c13, torch
    2.13.0), then makes the modules generate their code one thread at a
    time (_SplitModule). `gm`'s output may return what split_module cannot:
    the torch.Size nodes `sizes_returned` (one would be a piece's output)
    and a get_attr no piece reads (split_module has no node for it in the
    split module); the split module's output builds them itself. Whatever
    split_module raises (a cycle between pieces, a symbol no node binds)
    becomes one line."""
    output = gm.graph.output_node()
    returned = output.args
    aside = set(sizes_returned)
    aside.update(n for n in output.all_input_nodes if n.op == "get_attr" and len(n.users) == 1)
    output.args = torch.fx.node.map_arg(
        returned, lambda n: (n.args[0] if n.op == "call_function" else None) if n in aside else n)
    for node in aside:
        if node.op == "call_function":
            gm.graph.erase_node(node)
    try:
        with _use_lazy_graph_module(True):
            split_gm = split_module(gm, None, assignment.__getitem__, keep_original_order=True,
                                    tuple_return=True)
    except Exception as e:  # whatever torch raises, in one line
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
    if aside:
        _rebuild_returned(split_gm, gm, returned, aside)
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


def _rebuild_returned(split_gm, gm, returned, aside):
    """Puts back into `split_gm`'s output what _apply set aside from `gm`'s
    output `returned`: a torch.Size of the dims the split module has, a
    get_attr of the attribute, copied from `gm`."""
    graph = split_gm.graph
    output = graph.output_node()

    def rebuild(before, after):
        if isinstance(before, torch.fx.Node):
            if before not in aside:
                return after
            with graph.inserting_before(output):
                if before.op == "get_attr":
                    torch.fx.graph_module._copy_attr(gm, split_gm, before.target)
                    made = graph.get_attr(before.target)
                else:
                    made = graph.call_function(torch.Size, (after,))
            made.meta = dict(before.meta)
            return made
        if isinstance(before, dict):
            return type(after)({k: rebuild(before[k], v) for k, v in after.items()})
        if isinstance(before, (tuple, list)):
            items = [rebuild(b, a) for b, a in zip(before, after)]
            return type(after)(*items) if hasattr(after, "_fields") else type(after)(items)
        return after

    output.args = rebuild(returned, output.args)
    split_gm.recompile()


# Generating a GraphModule's code is not thread-safe: torch.fx's
# Graph.python_code gives the graph's nodes another repr while it prints
# them, and a lazy module generates its code on first need, so that
# threads calling a fresh split module at once get each other's names
# (UnboundLocalError) or no forward at all (torch/fx/_lazy_graph_module.py
# and torch/fx/graph.py at cf30153c4c13, torch 2.13.0).
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


def _op_list(splitting_ops):
    """fx-split-graph's splitting-ops option for `splitting_ops`: None for
    its default, `{}` for none.

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
    return ",".join(dict.fromkeys(names)) or "{}"


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
    resolved op (vLLM at 0041b00e4c3d passes OpOverloads) by its `OpOverload.name()`,
    `ns::op` for a packet."""
    if isinstance(op, str):
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


def _dims(graph, tensor, size, reader):
    """The dims of `tensor` for decomposing size node `size`, as vLLM's
    _decompose_size_nodes makes them: an aten.sym_size.int node per
    symbolic dim right after the tensor's producer, an int per static dim
    (static as split_graph's import types it, with `reader` not
    `specialized`: a SymInt is symbolic even where its expression is a
    number, a dim a guard specialized, as vLLM makes a node of every SymInt
    dim, vllm/compilation/backends.py:536-541 of vLLM 0.34.0). `tensor` is
    the version the size reads (inplace.py): its producer, or the last
    in-place change of its shape before the size, and the dims are the
    size's own example value, which is the shape it read."""
    value = _example(size)
    if not isinstance(value, (tuple, list)):
        value = getattr(_example(tensor), "shape", None)
    if value is None:
        raise FxImportError(f"node '{tensor.name}' has no example value; cannot "
                            f"decompose size node '{size.name}'")
    parts = []
    with graph.inserting_after(tensor):
        for i, dim in enumerate(value):
            static = reader.dim(dim)
            if isinstance(static, int):
                parts.append(static)
                continue
            part = graph.call_function(torch.ops.aten.sym_size.int, (tensor, i))
            part.meta["example_value"] = dim
            parts.append(part)
    return parts


def _decompose_dead_sizes(graph):
    """Decomposes each dead x.size() (call_method size, no dim) as vLLM
    0.34.0's _decompose_size_nodes does (vllm/compilation/backends.py,
    lines 506-577): its dims are made all the same, and a dead sym_size.int
    node right after a splitting op parts it from the next one, which
    numbers the pieces. fx-decompose-size erases a dead size instead; run
    before the import, this makes the pass see the dims vLLM splits."""
    reader = SpecReader(specialized=False)
    versions = Versions()
    for node in list(graph.nodes):
        if (node.op == "call_method" and node.target == "size" and not node.users
                and len(node.args) == 1 and not node.kwargs):
            _dims(graph, versions.read(node.args[0]), node, reader)
            graph.erase_node(node)
        else:
            versions.note(node)


def _copy_sizes(graph, assignment):
    """Gives each piece that uses a torch.Size computed from dims (a slice of
    a size, `size + (2,)`, the torch.Size _decompose_sizes rebuilt) its own
    copy of that node, right before its first user there, as fx-split-graph
    copies an fx.make_size into each piece rather than passing it: only its
    dims cross. A node left without users is erased. Backwards, so that a
    copy's own size arguments are copied in turn."""
    for node in reversed(graph.nodes):
        if (node.op != "call_function" or node not in assignment
                or not isinstance(_example(node), torch.Size)):
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
            for user in users:
                user.replace_input_with(node, made)
        if not node.users:
            del assignment[node]
            graph.erase_node(node)


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


def _decompose_sizes(graph, size_nodes, versions):
    """fx-decompose-size's decomposition in FX (_dims). A getitem(size, i)
    with an int i in range becomes the dim; a torch op or a tensor method
    that takes the size as a shape (_takes_shape) gets the tuple of the
    dims; every other use, the output included, gets a torch.Size of the
    dims built right before it, in its piece, which is what the size was
    (size.numel(), size[:-1], a returned size; vLLM 0.34.0 splices the
    dims into a user's positional arguments, which is right only where the
    user takes them one by one, as view(x, size) does: docs/DesignNotes.md).
    A dead size is erased, as fx-decompose-size erases it. `versions`
    ({size node: the tensor version it reads}, ImportResult.versions) places
    the dims of a size read after an in-place change of its tensor. Returns {new
    node: (size node name, dim)} for the dims and {new node: its user} for
    the torch.Size nodes."""
    reader = SpecReader(specialized=False)
    created = {}
    for node, form, _ in size_nodes:
        if form not in _DIMLESS:
            continue
        if not node.users:
            graph.erase_node(node)
            continue
        parts = _dims(graph, versions.get(node, node.args[0]), node, reader)
        created.update((part, (node.name, i)) for i, part in enumerate(parts)
                       if isinstance(part, torch.fx.Node))
        for user in list(node.users):
            if (user.op == "call_function" and user.target is operator.getitem
                    and len(user.args) == 2 and user.args[0] is node
                    and isinstance(user.args[1], int) and -len(parts) <= user.args[1] < len(parts)):
                user.replace_all_uses_with(parts[user.args[1]])
                graph.erase_node(user)
                continue
            if _takes_shape(user, node):
                dims = tuple(parts)
                user.args = torch.fx.node.map_arg(user.args, lambda n: dims if n is node else n)
                user.kwargs = torch.fx.node.map_arg(user.kwargs,
                                                    lambda n: dims if n is node else n)
                continue
            with graph.inserting_before(user):
                rebuilt = graph.call_function(torch.Size, (tuple(parts),))
            rebuilt.meta = dict(node.meta)
            created[rebuilt] = user
            user.replace_input_with(node, rebuilt)
        graph.erase_node(node)
    return created


def decompose_size_nodes(gm):
    """vLLM's `_decompose_size_nodes` (vllm/compilation/backends.py of vLLM
    0.34.0), which split_graph runs first: replaces, in GraphModule `gm`, each
    size without a dim (x.size(), x.shape, sym_size(x): the size nodes the
    import finds) by its dims, as `_decompose_sizes` does; a size with a dim,
    x.size(0), is a scalar already and stays. In place; returns None."""
    _decompose_dead_sizes(gm.graph)
    result = import_graph(gm, as_split=True)
    _decompose_sizes(gm.graph, result.size_nodes, result.versions)
    gm.recompile()
