# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""In-place changes of a tensor's shape or strides.

An FX node names an object, not a value: after `y.t_()`, the node `y` is
the transposed tensor. The importer reads the graph as SSA values, so an
op that changes its argument's metadata in place starts a new version of
that tensor, and every later use of any of its names reads that version.
Which ops, and why: docs/DesignNotes.md, "In-place changes of shape or
strides".
"""

import functools

import torch
from torch.fx import Node


@functools.lru_cache(maxsize=None)
def _method_changes_metadata(name):
    """Whether Tensor method `name` is an op tagged inplace_view."""
    if not name.endswith("_"):  # torch's in-place ops are named so
        return False
    try:
        packet = getattr(torch.ops.aten, name)
    except (AttributeError, RuntimeError):
        return False
    # A dunder such as `__gt__` is the namespace object's own method.
    if not isinstance(packet, torch._ops.OpOverloadPacket):
        return False
    return _op_changes_metadata(packet)


@functools.lru_cache(maxsize=None)
def _op_changes_metadata(op):
    if isinstance(op, torch._ops.OpOverloadPacket):
        return any(_op_changes_metadata(getattr(op, o)) for o in op.overloads())
    return torch.Tag.inplace_view in op.tags


@functools.lru_cache(maxsize=1024)  # a graph has few targets, each on many nodes
def _changes_metadata(op, target):
    """Whether a node of `op` and `target` changes its first argument's
    shape or strides in place."""
    if op == "call_method":
        return _method_changes_metadata(target)
    if isinstance(target, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
        return _op_changes_metadata(target)
    name = getattr(target, "__name__", None)  # torch.Tensor.t_ as a function
    return (isinstance(name, str) and getattr(torch.Tensor, name, None) is target
            and _method_changes_metadata(name))


def changed_in_place(node):
    """The node whose tensor `node` changes the shape or strides of in
    place, or None."""
    op = node.op
    if op != "call_method" and op != "call_function":
        return None
    if node.kwargs:
        out = node.kwargs.get("out")
        if isinstance(out, Node):
            return out
    try:
        changes = _changes_metadata(op, node.target)
    except TypeError:  # an unhashable target, not cached
        changes = _changes_metadata.__wrapped__(op, node.target)
    if not changes or not node.args or not isinstance(node.args[0], Node):
        return None
    return node.args[0]


class Versions:
    """Walked in graph order (`note` each node once it is read), tells which
    node's value a node names at that point: the last in-place change of
    its tensor before it, else itself."""

    def __init__(self):
        self.current = {}  # a name -> the node of its tensor's version now
        self.aliases = {}  # a name -> every name of the same tensor

    def read(self, node):
        return self.current.get(node, node)

    def note(self, node):
        """Notes `node`; returns the names whose version it is, or ()."""
        target = changed_in_place(node)
        if target is None:
            return ()
        names = self.aliases.get(target) or [target]
        names.append(node)
        for name in names:
            self.current[name] = node
            self.aliases[name] = names
        return names
