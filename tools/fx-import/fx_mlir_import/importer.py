# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The importer: one handler per (node kind, target), an opaque fx.node for
every other node.

Each node's value is a tree: an `Ssa` leaf (an MLIR value with its type and
spec), a `Const` leaf (a value the dialect does not model, kept whole in the
`args` of its users), or a tuple, list or dict of trees.
"""

import builtins
import contextlib
import functools
import gc
import operator

import torch
import torch.fx
from torch.fx import Node

from .emitter import Emitter, loc, quote, symbol
from .errors import FxImportError, describe, qualified
from .inplace import Versions
from .types import TypeConverter, Unsupported
from .values import Const, ScalarSpec, SizeSpec, Sym, TensorSpec

INT64_MIN, INT64_MAX = -2**63, 2**63 - 1


class Ssa:
    __slots__ = ("name", "type", "spec")

    def __init__(self, name, type_, spec):
        self.name, self.type, self.spec = name, type_, spec

    @property
    def is_tensor(self):
        return isinstance(self.spec, TensorSpec)

    @property
    def is_size(self):
        return isinstance(self.spec, SizeSpec)

    @property
    def is_index(self):
        return self.type == "index"


class SliceArg:
    """A slice literal in a node's args; its bounds are trees."""
    __slots__ = ("start", "stop", "step")

    def __init__(self, start, stop, step):
        self.start, self.stop, self.step = start, stop, step


def _is_int(tree):
    return isinstance(tree, Const) and isinstance(tree.value, int) and \
        not isinstance(tree.value, bool)


def _leaves(tree, out):
    """Appends the Ssa leaves of `tree` to `out`, in order."""
    if isinstance(tree, Ssa):
        out.append(tree)
    elif isinstance(tree, (tuple, list)):
        for item in tree:
            _leaves(item, out)
    elif isinstance(tree, dict):
        for item in tree.values():
            _leaves(item, out)
    elif isinstance(tree, SliceArg):
        for bound in (tree.start, tree.stop, tree.step):
            _leaves(bound, out)


def _tuple_text(parts):
    """A Python tuple of rendered parts."""
    inner = ", ".join(parts)
    return f"({inner},)" if len(parts) == 1 else f"({inner})"


class NodeValue:
    """The value of a node that has no metadata (Dynamo's `_enter_autocast`),
    or whose value has no Python form (a submodule: the subgraph operand of
    a higher-order op). Its node is an fx.node with no results, and its
    users name it in their args, as FX's code does."""
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


def _unprintable(value):
    """Whether a value has no Python form for args: a module, or an object
    printed with its address (an autocast context, run on example inputs)."""
    return isinstance(value, torch.nn.Module) or type(value).__repr__ is object.__repr__


def _const_repr(value):
    if isinstance(value, torch.Tensor):
        return f"tensor(shape={list(value.shape)}, dtype={value.dtype})"
    if isinstance(value, (torch._ops.OperatorBase, torch._ops.OpOverloadPacket)):
        return qualified(value)  # the op a higher-order op calls
    return repr(value)


class ImportResult:
    """An imported graph: its MLIR text, and the size nodes it holds, for
    --check."""

    def __init__(self, gm, text, size_nodes, versions, nesting=None):
        self.gm, self.text, self.size_nodes = gm, text, size_nodes
        # {size node: the node whose tensor version it reads}, where an
        # in-place op changed that tensor before it (inplace.py).
        self.versions = versions
        # How deep the text nests at most, where that is known without
        # reading it (SPLIT_NESTING), else None.
        self.nesting = nesting

    def __str__(self):
        return self.text


class GraphImporter:
    def __init__(self, gm, specs, func_name="forward", as_split=False):
        self.gm, self.graph, self.specs = gm, gm.graph, specs
        self.func_name = func_name
        # split_graph's import: a placeholder without metadata is no error,
        # as vLLM's split_graph needs none; and the text is only for the
        # passes to decide on (short names, no `args`, no `fx.symbols`).
        self.as_split = as_split
        self.types = TypeConverter(aliases=as_split)
        self.out = Emitter(compact=as_split)
        self.env = {}
        self.size_nodes = []  # (node, form, input), in graph order
        # Not a closure over self: the cycle would keep the importer, its
        # values and text alive until a collection, which split_graph pauses.
        self.versions = Versions(lambda n, specs=specs: isinstance(specs.get(n), TensorSpec))
        self.size_versions = {}
        self.leaves = {}  # node -> its Ssa leaves, in result order
        # For fx-split-graph (the function attributes FOLDED_ATTR and
        # SYMBOLS_ATTR): the getitem nodes folded into a result, and the
        # SymInt expressions of node values.
        self.folded = []
        self.symbols = {}
        self.targets = {}
        # Computed once per key: the quoted `"op" "target"` of an fx.node,
        # by (op, target); the _symbol_exprs of a tensor, by its dims.
        self.heads = {}
        self.tensor_exprs = {}

    # Trees ------------------------------------------------------------------

    def spec(self, node):
        spec = self.specs.get(node)
        if spec is None:
            raise FxImportError(f"{describe(node)}: has no shape metadata "
                                f"(meta['example_value'], meta['val'] or meta['tensor_meta']) "
                                f"and no example inputs were given")
        return spec

    def type_of(self, spec, node):
        try:
            return self.types.type_of(spec)
        except Unsupported as e:
            raise FxImportError(f"{describe(node)}: {e}") from None

    def materialize(self, spec, node):
        """The tree of a node's results and its (Ssa) leaves in order: a leaf
        per modelled value, named for the node, with its leaf number when
        the tree is more than one leaf."""
        if not isinstance(spec, (tuple, list, dict)):
            type_ = self.type_of(spec, node)
            if type_ is None:
                return (spec if isinstance(spec, Const) else Const(spec)), []
            leaf = Ssa(self.out.name_for(node.name), type_, spec)
            return leaf, [leaf]
        leaves = []
        tree = self.tree_of(spec, node, leaves)
        single = len(leaves) == 1 and tree is leaves[0]
        for i, leaf in enumerate(leaves):
            leaf.name = self.out.name_for(node.name, None if single else i)
        return tree, leaves

    def tree_of(self, spec, node, leaves):
        """The tree of a node's result spec, its (unnamed) Ssa leaves
        appended to `leaves`. A method, not a closure that calls itself: that
        would be a cycle, which keeps the importer alive until the collector
        runs, and split_graph pauses it."""
        if isinstance(spec, tuple):
            return tuple(self.tree_of(s, node, leaves) for s in spec)
        if isinstance(spec, list):
            return [self.tree_of(s, node, leaves) for s in spec]
        if isinstance(spec, dict):
            return {k: self.tree_of(v, node, leaves) for k, v in spec.items()}
        type_ = self.type_of(spec, node)
        if type_ is None:
            return spec if isinstance(spec, Const) else Const(spec)
        leaf = Ssa(None, type_, spec)
        leaves.append(leaf)
        return leaf

    def tree(self, arg):
        """The tree of a literal argument of a node."""
        if isinstance(arg, Node):
            return self.env[arg]
        if arg is None or isinstance(arg, (int, float, str)):  # the common literals
            return Const(arg)
        if isinstance(arg, slice):
            return SliceArg(self.tree(arg.start), self.tree(arg.stop), self.tree(arg.step))
        # A namedtuple is a Const; a plain tuple has no `_fields` to look for.
        if type(arg) is tuple or isinstance(arg, tuple) and not hasattr(arg, "_fields"):
            return tuple([self.tree(a) for a in arg])
        if isinstance(arg, list):
            return [self.tree(a) for a in arg]
        if isinstance(arg, dict):
            return {k: self.tree(v) for k, v in arg.items()}
        return Const(arg)

    def render(self, tree, operands, node):
        """Python form of a tree, with %N for operand N."""
        if isinstance(tree, Ssa):
            operands.append(tree)
            return f"%{len(operands) - 1}"
        if isinstance(tree, Const):
            return _const_repr(tree.value)
        if isinstance(tree, SliceArg):
            value = self.slice_value(tree, node)
            if value is not None:
                operands.append(value)
                return f"%{len(operands) - 1}"
            parts = [self.render(b, operands, node) for b in (tree.start, tree.stop, tree.step)]
            return f"slice({', '.join(parts)})"
        if isinstance(tree, tuple):
            return _tuple_text([self.render(t, operands, node) for t in tree])
        if isinstance(tree, list):
            return "[" + ", ".join([self.render(t, operands, node) for t in tree]) + "]"
        if isinstance(tree, dict):
            return "{" + ", ".join([f"{k!r}: {self.render(v, operands, node)}"
                                    for k, v in tree.items()]) + "}"
        return _const_repr(tree.value)

    def render_arg(self, arg, operands, node):
        """render(tree(arg)), without the tree of a node or a common literal."""
        if isinstance(arg, Node):
            return self.render(self.env[arg], operands, node)
        if arg is None or isinstance(arg, (int, float, str)):
            return repr(arg)
        return self.render(self.tree(arg), operands, node)

    # Scalars ----------------------------------------------------------------

    def constant(self, value, node, clamp=False):
        if not INT64_MIN <= value <= INT64_MAX:
            if not clamp:
                raise FxImportError(f"{describe(node)}: the int {value} does not fit in "
                                    f"64 bits")
            value = min(max(value, INT64_MIN), INT64_MAX)
        name = self.out.fresh("c")
        self.out.op(f"{name} = arith.constant {value} : index", node.name)
        return name

    def index(self, tree, node, clamp=False):
        """The SSA name of an index for an int literal or an index value, or
        None if the tree is neither."""
        if isinstance(tree, Ssa):
            return tree.name if tree.is_index else None
        if _is_int(tree):
            return self.constant(tree.value, node, clamp)
        return None

    def slice_value(self, s, node):
        """An fx.slice for a slice whose bounds are None or ints, else None.
        Bounds beyond int64 clamp: a slice clamps them to the dim anyway."""
        bounds = []
        for bound in (s.start, s.stop, s.step):
            if isinstance(bound, Const) and bound.value is None:
                bounds.append("none")
                continue
            if not (_is_int(bound) or isinstance(bound, Ssa) and bound.is_index):
                return None
            bounds.append(self.index(bound, node, clamp=True))
        name = self.out.fresh("slice")
        self.out.op(f"{name} = fx.slice {', '.join(bounds)}", node.name)
        return Ssa(name, "!fx.slice", None)

    # Definitions ------------------------------------------------------------

    def define(self, node, text, type_, spec):
        name = self.out.name_for(node.name)
        self.out.op(f"{name} = {text}", node.name)
        self.env[node] = Ssa(name, type_, spec)
        self.note_symbols(node, [self.env[node]])

    def note_symbols(self, node, leaves):
        """Records the SymInt expressions of a node's results, if any: from
        its metadata when it has one value (x.size(0) is the SymInt s0 there,
        an index here), else from its leaves. A split's import needs none:
        they say what an outlined piece receives, and split_graph outlines
        nothing."""
        self.leaves[node] = leaves
        if self.as_split:
            return
        known = self.specs.get(node)
        if len(leaves) == 1 and isinstance(known, (TensorSpec, ScalarSpec)):
            exprs = [self.symbol_exprs(known)]
        else:
            exprs = [self.symbol_exprs(leaf.spec) for leaf in leaves]
        if any(map(any, exprs)):
            self.symbols[node.name] = exprs

    def symbol_exprs(self, spec):
        """_symbol_exprs(spec); a tensor's once per dims."""
        if not isinstance(spec, TensorSpec):
            return _symbol_exprs(spec)
        exprs = self.tensor_exprs.get(spec.dims)
        if exprs is None:
            exprs = self.tensor_exprs[spec.dims] = _symbol_exprs(spec)
        return exprs

    def fold(self, node, tree):
        """A getitem of a tuple: the node is the tree's value, with no op of
        its own; fx-split-graph still needs to know where it is."""
        self.env[node] = tree
        base = node.args[0]
        if not isinstance(base, Node):
            return
        leaves = self.leaves.get(base, [])
        result = next((i for i, leaf in enumerate(leaves) if leaf is tree), -1)
        after = node.prev.name if node.prev.op != "root" else ""
        self.folded.append((node.name, base.name, result, after))

    def note_size(self, node, form, x):
        """Records size node `node` of tensor `x`, its first argument."""
        self.size_nodes.append((node, form, x))
        version = self.versions.read(node.args[0])
        if version is not node.args[0]:
            self.size_versions[node] = version

    def define_constant(self, node, value):
        self.define(node, f"arith.constant {value} : index", "index", ScalarSpec("index"))

    def make_size(self, node, elements, dims):
        """fx.make_size of index names; the node's value."""
        type_ = f"!fx.size<{len(elements)}>"
        self.define(node, f"fx.make_size {', '.join(elements)} : {type_}", type_,
                    SizeSpec(dims))

    def elements_of(self, tree, node):
        """(index names, dims) of a size-like tree: an !fx.size value (one
        fx.getitem per element) or a tuple/list of ints and index values."""
        if isinstance(tree, Ssa) and tree.is_size:
            names = []
            for i in range(len(tree.spec.dims)):
                name = self.out.fresh("item")
                self.out.op(f"{name} = fx.getitem {tree.name}[{i}] : {tree.type}", node.name)
                names.append(name)
            return names, list(tree.spec.dims)
        if isinstance(tree, (tuple, list)):
            names = [self.index(t, node) for t in tree]
            if None in names:
                return None
            return names, [t.value if isinstance(t, Const) else Sym() for t in tree]
        return None

    def opaque(self, node):
        operands = []
        if self.as_split:
            # A split reads which values a node uses, not how: no `args`.
            env = self.env
            for used in node.all_input_nodes:
                value = env[used]
                if type(value) is Ssa:  # the usual case, without a call
                    operands.append(value)
                else:
                    _leaves(value, operands)
            args = ""
        else:
            text = _tuple_text([self.render_arg(a, operands, node) for a in node.args])
            if node.kwargs:
                text += ", **" + self.render(self.tree(dict(node.kwargs)), operands, node)
            args = f" {{args = {quote(text)}}}"
        spec = self.specs.get(node)
        if spec is None or isinstance(spec, Const) and _unprintable(spec.value):
            spec = Const(NodeValue(node.name))
        tree, leaves = self.materialize(spec, node)
        self.env[node] = tree
        self.note_symbols(node, leaves)
        lhs = ", ".join([l.name for l in leaves]) + " = " if leaves else ""
        self.out.op(
            f"{lhs}fx.node {self.head(node)}"
            f"({', '.join([o.name for o in operands])}){args} : "
            f"({', '.join([o.type for o in operands])}) -> "
            f"({', '.join([l.type for l in leaves])})",
            node.name)

    def head(self, node):
        """The quoted op and target of a node's fx.node."""
        key = (node.op, node.target)
        try:
            head = self.heads.get(key)
        except TypeError:  # an unhashable target: not kept
            head = key = None
        if head is None:
            head = f"{quote(node.op)} {quote(qualified(node.target))}"
            if key is not None:
                self.heads[key] = head
        return head

    # The graph --------------------------------------------------------------

    def placeholder(self, node, arguments):
        spec = self.specs.get(node)
        if spec is None and self.as_split:
            # Not an argument of the function: its uses read it as the
            # value of an unmodelled node.
            self.env[node] = Const(NodeValue(node.name))
            return
        tree, leaves = self.materialize(self.spec(node), node)
        self.env[node] = tree
        for leaf in leaves:
            attrs = []
            if isinstance(leaf.spec, ScalarSpec) and leaf.spec.symbol:
                attrs.append(f"fx.symbol = {quote(leaf.spec.symbol)}")
            if isinstance(leaf.spec, TensorSpec):
                symbols = self.types.dim_symbols(leaf.spec)
                if symbols:
                    attrs.append("fx.dim_symbols = [" +
                                 ", ".join(quote(s) for s in symbols) + "]")
            attr_text = f" {{{', '.join(attrs)}}}" if attrs else ""
            arguments.append(f"{leaf.name}: {leaf.type}{attr_text} {loc(node.name)}")

    def output(self, node, results):
        tree = self.tree(node.args[0])
        operands = []
        text = self.render(tree, operands, node)
        results.extend(operands)
        flat = isinstance(tree, Ssa) or (
            isinstance(tree, (tuple, list)) and all(isinstance(t, Ssa) for t in tree))
        return None if flat else text

    def run(self):
        arguments, results = [], []
        outputs = None
        # The placeholders after a node, [name, the node before it]: vLLM's
        # walk tests whether the node after a splitting node splits, and a
        # placeholder there does not (docs/DesignNotes.md).
        placeholders, among_nodes = [], False
        for node in self.graph.nodes:
            if node.op == "placeholder":
                if among_nodes:
                    placeholders.append((node.name, node.prev.name))
                self.placeholder(node, arguments)
            elif node.op == "output":
                outputs = self.output(node, results)
            else:
                among_nodes = True
                handler = _handler(node)
                if handler is None or handler(self, node) is NOT_HANDLED:
                    self.opaque(node)
                elif _is_torch_op(node.target):
                    # Modeled: vLLM's should_split still sees a torch op.
                    self.targets[node.name] = qualified(node.target)
                # Every name of a tensor this node changed in place reads
                # its value from here on.
                for name in self.versions.note(node):
                    self.env[name] = self.env[node]
        types = ", ".join(r.type for r in results)
        attrs = []
        if outputs is not None:
            attrs.append(f"fx.outputs = {quote(outputs)}")
        if self.folded:
            attrs.append(f"{FOLDED_ATTR} = [" + ", ".join(
                f"[{quote(n)}, {quote(i)}, {r}, {quote(a)}]" for n, i, r, a in self.folded) + "]")
        if placeholders:
            attrs.append(f"{PLACEHOLDERS_ATTR} = [" + ", ".join(
                f"[{quote(n)}, {quote(a)}]" for n, a in placeholders) + "]")
        if self.targets:
            attrs.append(f"{TARGETS_ATTR} = {{" + ", ".join(
                f"{quote(n)} = {quote(t)}" for n, t in self.targets.items()) + "}")
        if self.symbols:
            attrs.append(f"{SYMBOLS_ATTR} = {{" + ", ".join([
                f"{quote(n)} = {_symbols_value(tuple(results_))}"
                for n, results_ in self.symbols.items()]) + "}")
        attrs = f" attributes {{{', '.join(attrs)}}}" if attrs else ""
        ret = (f"  return {', '.join(r.name for r in results)} : {types} {loc('output')}"
               if results else f"  return {loc('output')}")
        body = "\n".join(self.out.lines + [ret])
        text = (f"{self.types.aliases()}func.func {symbol(self.func_name)}({', '.join(arguments)}) -> ({types}){attrs} {{\n"
                f"{body}\n}}\n")
        return ImportResult(self.gm, text, self.size_nodes, self.size_versions,
                            SPLIT_NESTING if self.as_split else None)


NOT_HANDLED = object()

# How deep an as_split import nests at most, whatever the graph: it has no
# `args` and no regions, so that its brackets are those of its form, a
# function of ops with types and attribute lists.
SPLIT_NESTING = 4

# The function attributes fx-split-graph reads, as the fx dialect declares
# them (discardableAttrs in FXBase.td).
FOLDED_ATTR = "fx.folded"
PLACEHOLDERS_ATTR = "fx.placeholders"
SYMBOLS_ATTR = "fx.symbols"
TARGETS_ATTR = "fx.targets"


def _is_torch_op(target):
    """Whether vLLM's should_split may match a call_function of `target`."""
    return isinstance(target, (torch._ops.OpOverload, torch._ops.OpOverloadPacket))


@functools.lru_cache(maxsize=1024)
def _symbols_value(results):
    """The fx.symbols entry of a node, from the _symbol_exprs of each of its
    results; the same few recur on every node."""
    return "[" + ", ".join([
        "[" + ", ".join([quote(e) for e in exprs]) + "]" for exprs in results]) + "]"


def _symbol_exprs(spec):
    """The SymInt expression of each dim of a tensor (one for an index),
    "" where there is none."""
    if isinstance(spec, TensorSpec):
        return tuple([d.expr or "" if isinstance(d, Sym) else "" for d in spec.dims])
    if isinstance(spec, ScalarSpec):
        return (spec.symbol or "",)
    return ()

# Handlers: each emits the node as fx/arith ops, or returns NOT_HANDLED for
# an opaque fx.node. --------------------------------------------------------


def _tensor_arg(imp, node, position=0):
    if len(node.args) <= position:
        return None
    tree = imp.tree(node.args[position])
    return tree if isinstance(tree, Ssa) and tree.is_tensor else None


def _dimless_size(imp, node, x, form):
    rank = len(x.spec.dims)
    imp.define(node, f"fx.size {x.name} : {x.type} -> !fx.size<{rank}>", f"!fx.size<{rank}>",
               SizeSpec(x.spec.dims))
    imp.note_size(node, form, x)


def _dim_size(imp, node, x, dim, form):
    """x.size(dim) for a literal or index dim; NOT_HANDLED when out of range."""
    rank = len(x.spec.dims)
    if isinstance(dim, Ssa) and dim.is_index:
        imp.define(node, f"fx.size {x.name}, dim = {dim.name} : {x.type} -> index", "index",
                   ScalarSpec("index"))
    elif _is_int(dim) and -rank <= dim.value < rank:
        imp.define(node, f"fx.size {x.name}, dim = {dim.value} : {x.type} -> index", "index",
                   ScalarSpec("index"))
    else:
        return NOT_HANDLED
    imp.note_size(node, form, x)


def _size(imp, node):
    x = _tensor_arg(imp, node)
    if x is None or len(node.args) > 2 or set(node.kwargs) - {"dim"}:
        return NOT_HANDLED
    dim = node.args[1] if len(node.args) == 2 else node.kwargs.get("dim")
    if dim is None:
        return _dimless_size(imp, node, x, "x.size()")
    return _dim_size(imp, node, x, imp.tree(dim), "x.size(dim)")


def _getattr(imp, node):
    x = _tensor_arg(imp, node)
    if x is None or len(node.args) != 2 or node.kwargs:
        return NOT_HANDLED
    if node.args[1] == "shape":
        return _dimless_size(imp, node, x, "x.shape")
    if node.args[1] == "ndim":
        return imp.define_constant(node, len(x.spec.dims))
    return NOT_HANDLED


def _rank(imp, node):
    x = _tensor_arg(imp, node)
    if x is None or len(node.args) != 1 or node.kwargs:
        return NOT_HANDLED
    imp.define_constant(node, len(x.spec.dims))


def _len(imp, node):
    if len(node.args) != 1 or node.kwargs:
        return NOT_HANDLED
    tree = imp.tree(node.args[0])
    if isinstance(tree, Ssa) and tree.is_tensor and tree.spec.dims:
        return _dim_size(imp, node, tree, Const(0), "len(x)")
    if isinstance(tree, Ssa) and tree.is_size:
        return imp.define_constant(node, len(tree.spec.dims))
    if isinstance(tree, (tuple, list, dict)):
        return imp.define_constant(node, len(tree))
    return NOT_HANDLED


def _numel_of(imp, node, x):
    """The product of x's dims: fx.sym_size per symbolic dim, one constant
    for the static ones; the node's value is the last op."""
    symbolic = [i for i, d in enumerate(x.spec.dims) if isinstance(d, Sym)]
    static = 1
    for d in x.spec.dims:
        static *= 1 if isinstance(d, Sym) else d
    if not symbolic:
        return imp.define_constant(node, static)
    if len(symbolic) == 1 and static == 1:  # x.numel() is that one dim
        return imp.define(node, f"fx.sym_size {x.name}, dim = {symbolic[0]} : {x.type}",
                          "index", ScalarSpec("index"))
    factors = []
    for i in symbolic:
        name = imp.out.fresh("dim")
        imp.out.op(f"{name} = fx.sym_size {x.name}, dim = {i} : {x.type}", node.name)
        factors.append(name)
    if static != 1:
        factors.append(imp.constant(static, node))
    product = factors[0]
    for factor in factors[1:-1]:
        name = imp.out.fresh("mul")
        imp.out.op(f"{name} = arith.muli {product}, {factor} : index", node.name)
        product = name
    imp.define(node, f"arith.muli {product}, {factors[-1]} : index", "index",
               ScalarSpec("index"))


def _numel(imp, node):
    x = _tensor_arg(imp, node)
    if x is None or len(node.args) != 1 or node.kwargs:
        return NOT_HANDLED
    _numel_of(imp, node, x)


def _sym_size(imp, node):
    x = _tensor_arg(imp, node)
    if x is None or node.kwargs:
        return NOT_HANDLED
    if len(node.args) == 1:
        return _dimless_size(imp, node, x, "sym_size(x)")
    dim = imp.tree(node.args[1])
    rank = len(x.spec.dims)
    if len(node.args) != 2 or not _is_int(dim) or not -rank <= dim.value < rank:
        return NOT_HANDLED
    imp.define(node, f"fx.sym_size {x.name}, dim = {dim.value} : {x.type}", "index",
               ScalarSpec("index"))
    imp.note_size(node, "sym_size(x, dim)", x)


def _getitem(imp, node):
    if len(node.args) != 2 or node.kwargs:
        return NOT_HANDLED
    base, item = imp.tree(node.args[0]), node.args[1]
    if isinstance(base, (tuple, list, dict)) and not isinstance(item, Node):
        try:
            tree = base[item]
        except (IndexError, KeyError, TypeError):
            return NOT_HANDLED
        return imp.fold(node, tree)
    if not isinstance(base, Ssa):
        return NOT_HANDLED
    if base.is_size and isinstance(item, int) and not isinstance(item, bool):
        if not -len(base.spec.dims) <= item < len(base.spec.dims):
            return NOT_HANDLED
        return imp.define(node, f"fx.getitem {base.name}[{item}] : {base.type}", "index",
                          ScalarSpec("index"))
    if base.is_size and isinstance(item, slice) and all(
            b is None or isinstance(b, int) and not isinstance(b, bool)
            for b in (item.start, item.stop, item.step)):
        if item.step == 0:
            return NOT_HANDLED
        # s[a:b:c] of a torch.Size is a torch.Size of its elements.
        picked = range(len(base.spec.dims))[item]
        names = []
        for i in picked:
            name = imp.out.fresh("item")
            imp.out.op(f"{name} = fx.getitem {base.name}[{i}] : {base.type}", node.name)
            names.append(name)
        return imp.make_size(node, names, [base.spec.dims[i] for i in picked])
    if base.is_tensor and isinstance(item, slice):
        return _slice_rows(imp, node, base, item)
    return NOT_HANDLED


def _slice_rows(imp, node, x, item):
    """x[a:b:c], the Python slice `item` over dim 0 of tensor `x`."""
    result_spec = imp.specs.get(node)
    if not isinstance(result_spec, TensorSpec):
        return NOT_HANDLED
    s = imp.slice_value(imp.tree(item), node)
    if s is None:
        return NOT_HANDLED
    result = imp.type_of(result_spec, node)
    imp.define(node, f"fx.slice_tensor {x.name}[{s.name}] : {x.type} -> {result}", result,
               result_spec)


_ATEN_SLICE_PARAMS = (("dim", 0), ("start", None), ("end", None), ("step", 1))


def _aten_slice(imp, node):
    """aten.slice.Tensor(x, dim, start, end, step), as export and make_fx
    write x[a:b:c]: on dim 0, the same fx.slice_tensor (aten clamps the
    bounds as Python does). Other dims stay opaque."""
    x = _tensor_arg(imp, node)
    names = [name for name, _ in _ATEN_SLICE_PARAMS]
    if x is None or len(node.args) > 5 or not set(node.kwargs) <= set(names):
        return NOT_HANDLED
    values = [default for _, default in _ATEN_SLICE_PARAMS]
    values[:len(node.args) - 1] = node.args[1:]
    for name, value in node.kwargs.items():
        values[names.index(name)] = value
    dim, start, end, step = values
    dim, rank = imp.tree(dim), len(x.spec.dims)
    if not _is_int(dim) or rank == 0 or dim.value not in (0, -rank):
        return NOT_HANDLED
    return _slice_rows(imp, node, x, slice(start, end, step))


def _view(imp, node):
    x = _tensor_arg(imp, node)
    result_spec = imp.specs.get(node)
    if x is None or node.kwargs or len(node.args) < 2 or \
            not isinstance(result_spec, TensorSpec):
        return NOT_HANDLED
    sizes = [imp.tree(a) for a in node.args[1:]]
    if len(sizes) == 1 and isinstance(sizes[0], Ssa) and sizes[0].is_size:
        size = sizes[0]
    elif imp.as_split:
        # Dims given one by one: a split reads only which index values the
        # view uses, as of an opaque node; fx.make_size and its constants
        # would be ops for the parser that decide nothing.
        return NOT_HANDLED
    else:
        if len(sizes) == 1 and isinstance(sizes[0], (tuple, list)):
            sizes = list(sizes[0])
        if not all(_is_int(s) or isinstance(s, Ssa) and s.is_index for s in sizes):
            return NOT_HANDLED  # x.view(dtype), or sizes the dialect cannot name
        names = [imp.index(s, node) for s in sizes]
        type_ = f"!fx.size<{len(names)}>"
        name = imp.out.fresh("size")
        imp.out.op(f"{name} = fx.make_size {', '.join(names)} : {type_}", node.name)
        size = Ssa(name, type_, None)
    result = imp.type_of(result_spec, node)
    imp.define(node, f"fx.view {x.name}, {size.name} : {x.type}, {size.type} -> {result}",
               result, result_spec)


_BINARY = {
    operator.add: "arith.addi", operator.sub: "arith.subi", operator.mul: "arith.muli",
    operator.floordiv: "arith.floordivsi",
}
_COMPARE = {
    operator.eq: "eq", operator.ne: "ne", operator.lt: "slt", operator.le: "sle",
    operator.gt: "sgt", operator.ge: "sge",
}


def _scalar_operands(imp, node, count, trees=None):
    """The index names of a node's `count` scalar operands (their `trees`,
    if the caller has them), or None."""
    if len(node.args) != count or node.kwargs:
        return None
    if trees is None:
        trees = [imp.tree(a) for a in node.args]
    if not any(isinstance(t, Ssa) for t in trees):
        return None
    if not all(_is_int(t) or isinstance(t, Ssa) and t.is_index for t in trees):
        return None
    return [imp.index(t, node) for t in trees]


def _arith(imp, node):
    trees = [imp.tree(a) for a in node.args]
    if any(isinstance(t, Ssa) and t.is_tensor for t in trees):
        return NOT_HANDLED  # tensor arithmetic, the usual case in a model
    if node.target is operator.add:
        if len(trees) == 2 and not node.kwargs and any(
                isinstance(t, Ssa) and t.is_size for t in trees):
            # torch.Size + tuple, tuple + torch.Size, torch.Size + torch.Size.
            parts = [imp.elements_of(t, node) for t in trees]
            if None in parts:
                return NOT_HANDLED
            return imp.make_size(node, parts[0][0] + parts[1][0], parts[0][1] + parts[1][1])
    names = _scalar_operands(imp, node, 2, trees)
    if names is None:
        return NOT_HANDLED
    a, b = names
    if node.target in _COMPARE:
        return imp.define(node, f"arith.cmpi {_COMPARE[node.target]}, {a}, {b} : index", "i1",
                          ScalarSpec("i1"))
    if node.target is operator.mod:
        # Python's % takes the sign of the divisor: a - (a // b) * b.
        quotient, product = imp.out.fresh("div"), imp.out.fresh("mul")
        imp.out.op(f"{quotient} = arith.floordivsi {a}, {b} : index", node.name)
        imp.out.op(f"{product} = arith.muli {quotient}, {b} : index", node.name)
        return imp.define(node, f"arith.subi {a}, {product} : index", "index",
                          ScalarSpec("index"))
    imp.define(node, f"{_BINARY[node.target]} {a}, {b} : index", "index", ScalarSpec("index"))


def _neg(imp, node):
    names = _scalar_operands(imp, node, 1)
    if names is None:
        return NOT_HANDLED
    zero = imp.constant(0, node)
    imp.define(node, f"arith.subi {zero}, {names[0]} : index", "index", ScalarSpec("index"))


def _assert_scalar(imp, node):
    """aten._assert_scalar(cond, message), which torch._check and export's
    range checks write: fx.assert with the message as its format, braces
    doubled to stand for themselves."""
    if len(node.args) != 2 or node.kwargs or not isinstance(node.args[1], str):
        return NOT_HANDLED
    cond = imp.tree(node.args[0])
    if not isinstance(cond, Ssa) or cond.type != "i1":
        return NOT_HANDLED
    message = node.args[1].replace("{", "{{").replace("}", "}}")
    imp.out.op(f"fx.assert {cond.name}, {quote(message)}", node.name)
    imp.env[node] = Const(None)


def _aten(name):
    """The packet and every overload of torch.ops.aten.NAME, if it exists."""
    packet = getattr(torch.ops.aten, name, None)
    if packet is None:
        return []
    found = [packet]
    for o in packet.overloads():
        found.append(getattr(packet, o))
    return found


DISPATCH = {
    ("call_method", "size"): _size,
    ("call_function", builtins.getattr): _getattr,
    ("call_method", "dim"): _rank,
    ("call_method", "ndimension"): _rank,
    ("call_function", builtins.len): _len,
    ("call_method", "numel"): _numel,
    ("call_method", "nelement"): _numel,
    ("call_function", torch.numel): _numel,
    ("call_function", operator.getitem): _getitem,
    ("call_method", "view"): _view,
    ("call_method", "reshape"): _view,
    ("call_function", torch.reshape): _view,
    ("call_function", operator.neg): _neg,
}
for _op in list(_BINARY) + list(_COMPARE) + [operator.mod]:
    DISPATCH[("call_function", _op)] = _arith
for _target in _aten("sym_size"):
    DISPATCH[("call_function", _target)] = _sym_size
for _target in _aten("sym_numel"):
    DISPATCH[("call_function", _target)] = _numel
# Export and make_fx graphs spell x.view(s) at the aten level; x.view(dtype)
# (aten.view.dtype) finds no sizes and stays opaque.
for _name in ("view", "reshape", "_unsafe_view"):
    for _target in _aten(_name):
        DISPATCH[("call_function", _target)] = _view
for _target in _aten("slice"):
    DISPATCH[("call_function", _target)] = _aten_slice
for _target in _aten("_assert_scalar"):
    DISPATCH[("call_function", _target)] = _assert_scalar


def _handler(node):
    try:
        return DISPATCH.get((node.op, node.target))
    except TypeError:  # an unhashable target
        return None


def import_graph(gm, example_inputs=None, dynamic=None, func_name="forward", as_split=False):
    """Imports GraphModule `gm`. With example inputs (way (a)), types come
    from running it, the dims of `dynamic` ({'x': {0}}) being `?`; without,
    or when its nodes' metadata holds SymInts, from that metadata (ways (b)
    and (c)). With `as_split`, the graph reads as vLLM's split_graph reads
    it: a placeholder without metadata is not an argument of the function
    but an unmodelled value, and a SymInt whose expression is a number is
    a SymInt (SpecReader's `specialized`: a `?` dim, an index value). Its
    text is for the passes alone: no `args`, and a view of dims given one
    by one is an opaque node."""
    with collector_paused():
        return _import(gm, example_inputs, dynamic, func_name, as_split)


@contextlib.contextmanager
def collector_paused():
    """Within it, Python's cyclic collector does not run: an import (or a
    split) allocates many small objects and frees none, which the collector
    would rescan again and again (superlinear)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _import(gm, example_inputs, dynamic, func_name, as_split):
    from .specs import has_symbolic_metadata, specs_from_metadata, specs_from_runs
    # Metadata with SymInts says what is symbolic: no guess then, even with
    # example inputs (unless --dynamic asks for one).
    if example_inputs is None or (not dynamic and has_symbolic_metadata(gm)):
        if dynamic:
            raise FxImportError("--dynamic needs example inputs; a graph with metadata "
                                "says which dims are symbolic itself")
        specs = specs_from_metadata(gm, specialized=not as_split)
    else:
        specs = specs_from_runs(gm, example_inputs, dynamic or {})
    importer = GraphImporter(gm, specs, func_name, as_split)
    return importer.run()


def import_module(module, example_inputs=None, dynamic=None, func_name="forward"):
    """Imports an nn.Module, traced with torch.fx.symbolic_trace, or a
    GraphModule."""
    if not isinstance(module, torch.fx.GraphModule):
        try:
            module = torch.fx.symbolic_trace(module)
        except Exception as e:  # whatever tracing the user's code raises
            from .specs import one_line
            raise FxImportError(f"torch.fx cannot trace {type(module).__name__}: "
                                f"{one_line(e)}") from None
    return import_graph(module, example_inputs, dynamic, func_name)
