# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Tensor identity and in-place changes of a tensor's shape or strides.

An FX node names an object, not a value. An op that returns its own input
(`w = y.add_(1)`, `y += 1`, `out=y`) gives the same tensor a second name,
and after `w.t_()` every name of that tensor, `y` included, is the
transposed tensor. The importer reads the graph as SSA values, so an op
that changes a tensor's metadata in place starts a new version of that
tensor, and every later use of any of its names reads that version. Which
ops, and why: docs/DesignNotes.md, "Tensor identity and in-place changes".
"""

import functools
import operator

import torch
from torch.fx import Node

# Python's in-place operators (the `operator` module's list). For a
# receiver whose type defines the dunder, Python calls it and binds the
# target to what it returns; torch.Tensor defines each of these but
# __imatmul__ as its in-place method, which returns self (TensorBase's
# method table, torch 2.13.0). Without the dunder (`x @= y`), Python falls
# back to the binary operator, a new object.
_IN_PLACE_OPERATORS = {
    getattr(operator, name): f"__{name}__"
    for name in ("iadd", "iand", "iconcat", "ifloordiv", "ilshift", "imod", "imul", "imatmul",
                 "ior", "ipow", "irshift", "isub", "itruediv", "ixor")
}
_IN_PLACE_DUNDERS = frozenset(_IN_PLACE_OPERATORS.values())


def _packet(name):
    """aten's packet `name`, or None. getattr(torch.ops.aten, "__lt__")
    would find the namespace object's own method, so the op is looked up
    as getattr does for a name the object lacks: the packet already made,
    else the namespace's __getattr__, which makes it once. (Calling that
    again makes a second packet in the first's place, and torch's tables
    keyed by the first's overloads then miss: relu's fake kernel fails.)"""
    namespace = torch.ops.aten
    packet = vars(namespace).get(name)
    if packet is not None:
        return packet if isinstance(packet, torch._ops.OpOverloadPacket) else None
    try:
        packet = namespace.__getattr__(name)
    except (AttributeError, RuntimeError):
        return None
    return packet if isinstance(packet, torch._ops.OpOverloadPacket) else None


def _schemas(op):
    if isinstance(op, torch._ops.OpOverloadPacket):
        return [getattr(op, o)._schema for o in op.overloads()]
    return [op._schema]


def _returned_argument(schema):
    """The position and name of the argument that `schema`'s one return
    is, as its alias annotations say (`Tensor(a!) self -> Tensor(a!)`,
    `*, Tensor(a!) out -> Tensor(a!)`), or None."""
    if len(schema.returns) != 1:
        return None
    alias = schema.returns[0].alias_info
    if alias is None or not alias.is_write:
        return None
    for i, argument in enumerate(schema.arguments):
        info = argument.alias_info
        if (info is not None and info.is_write and info.before_set == alias.before_set
                and str(argument.type) == "Tensor"):
            return (None if argument.kwarg_only else i), argument.name
    return None


def _tensor_schemas(op):
    """The schemas of `op` whose first argument is a Tensor: those a
    Tensor method or a function of a tensor calls (not add_.t's list)."""
    return [s for s in _schemas(op) if s.arguments and str(s.arguments[0].type) == "Tensor"]


@functools.lru_cache(maxsize=None)
def _op_returns(op):
    """Where the result of every (tensor) overload of torch op `op` is
    found among its arguments: (position or None, name), or None."""
    found = {_returned_argument(s) for s in _tensor_schemas(op)}
    return found.pop() if len(found) == 1 else None


@functools.lru_cache(maxsize=None)
def _method_returns_self(name):
    """Whether Tensor method `name` returns its receiver: an in-place
    dunder of Python's list that torch.Tensor defines, or an aten op whose
    every tensor overload returns its written `self`."""
    if name in _IN_PLACE_DUNDERS:
        return hasattr(torch.Tensor, name)
    packet = _packet(name)
    return packet is not None and _op_returns(packet) == (0, "self")


@functools.lru_cache(maxsize=None)
def _method_changes_metadata(name):
    """Whether Tensor method `name` is an op tagged inplace_view."""
    packet = _packet(name)
    return packet is not None and _op_changes_metadata(packet)


@functools.lru_cache(maxsize=None)
def _op_changes_metadata(op):
    if isinstance(op, torch._ops.OpOverloadPacket):
        return any(_op_changes_metadata(getattr(op, o)) for o in op.overloads())
    return torch.Tag.inplace_view in op.tags


def _tensor_method_name(target):
    """The name of the Tensor method or torch function `target` is
    (torch.Tensor.t_ or torch.relu_ as a call_function), else None."""
    name = getattr(target, "__name__", None)
    if not isinstance(name, str):
        return None
    if getattr(torch.Tensor, name, None) is target or getattr(torch, name, None) is target:
        return name
    return None


_SELF = (0, "self")


@functools.lru_cache(maxsize=1024)  # a graph has few targets, each on many nodes
def _kind(op, target):
    """(whether it changes its first argument's shape or strides in place,
    where its result is among its arguments: (position or None, name) or
    None, whether that holds only for a tensor receiver: Python's in-place
    operators, which make a new object of an int)."""
    if op == "call_method":
        if target in _IN_PLACE_DUNDERS:
            return False, _SELF if _method_returns_self(target) else None, True
        return (_method_changes_metadata(target),
                _SELF if _method_returns_self(target) else None, False)
    if op != "call_function":
        return False, None, False
    dunder = _IN_PLACE_OPERATORS.get(target) if isinstance(target, type(operator.iadd)) else None
    if dunder is not None:
        return False, _SELF if _method_returns_self(dunder) else None, True
    if isinstance(target, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
        return _op_changes_metadata(target), _op_returns(target), False
    name = _tensor_method_name(target)
    if name is None:
        return False, None, False
    return _method_changes_metadata(name), _SELF if _method_returns_self(name) else None, False


def _node_kind(node):
    try:
        return _kind(node.op, node.target)
    except TypeError:  # an unhashable target, not cached
        return _kind.__wrapped__(node.op, node.target)


def _argument(node, where):
    position, name = where
    if position is not None and position < len(node.args):
        value = node.args[position]
    else:
        value = node.kwargs.get(name)
    return value if isinstance(value, Node) else None


def _out_argument(node):
    """The node `node` writes its result into, given as `out=`, or None."""
    out = node.kwargs.get("out")
    return out if isinstance(out, Node) else None


def changed_in_place(node):
    """The node whose tensor `node` changes the shape or strides of in
    place, or None: an op tagged inplace_view, or any op given `out=`
    (which may resize it)."""
    def changed(changes, where, tensor_only):
        if changes and node.args and isinstance(node.args[0], Node):
            return node.args[0]
        return None

    return _written(node, changed)


def same_tensor(node, is_tensor):
    """The node whose tensor object `node`'s value is, or None: an op
    whose schema returns a written argument (`Tensor(a!)`), a Tensor
    method or Python in-place operator that returns its receiver, an
    `out=`. `is_tensor(n)` says whether node n's value is a tensor (an
    in-place operator on an int makes a new int)."""
    def returned(changes, where, tensor_only):
        argument = None if where is None else _argument(node, where)
        if argument is None or tensor_only and not is_tensor(argument):
            return None
        return argument

    return _written(node, returned)


def _written(node, pick):
    """For a call `node`: the node it writes its result into given `out=`,
    else pick(*its kind): what it changes, where it returns an argument,
    and whether only of a tensor (_kind). None for any other node."""
    if node.op != "call_method" and node.op != "call_function":
        return None
    out = _out_argument(node)
    if out is not None:
        return out
    return pick(*_node_kind(node))


class Versions:
    """Walked in graph order (`note` each node once it is read), tells which
    node's value a node names at that point: the last in-place change of
    its tensor before it, else itself. Every node that is one tensor
    object is one class, `aliases`; a change through any of them is a
    change of all."""

    def __init__(self, is_tensor):
        self.is_tensor = is_tensor
        self.current = {}  # a name -> the node of its tensor's version now
        self.aliases = {}  # a name -> every name of the same tensor

    def read(self, node):
        return self.current.get(node, node)

    def note(self, node):
        """Notes `node`; returns the names whose version it is (every name
        of the tensor it changed the shape or strides of, then itself), or
        ()."""
        target = changed_in_place(node)
        if target is None:
            target = same_tensor(node, self.is_tensor)
            if target is not None:
                # One more name; the version each name reads is unchanged.
                names = self.aliases.get(target) or [target]
                names.append(node)
                self.aliases[target] = self.aliases[node] = names
            return ()
        names = self.aliases.get(target) or [target]
        names.append(node)
        for name in names:
            self.current[name] = node
            self.aliases[name] = names
        return names
