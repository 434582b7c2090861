# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""What split_graph changes of the caller's objects, kept to be put back
where it raises, and interrupts held until that can be done.

A KeyboardInterrupt is raised between any two bytecodes; one inside
torch.fx's node insertion or a fake mode's __enter__ leaves a graph or the
mode stack half changed, which no undo can read back (an extra node with
the lookup table out of step; `c10::Error: trying to set the current
FakeTensorMode` and an abort). So `held_interrupts` makes SIGINT a flag
while split_graph runs, and `check` raises it where everything can be put
back. `GraphState` and `ObjectState` are what is put back. Why:
docs/DesignNotes.md, "What split_graph leaves behind".
"""

import collections.abc
import contextlib
import signal
import threading

from torch.fx.experimental.symbolic_shapes import ShapeEnv


class _Held:
    """SIGINT as a flag, for the main thread (the only one Python delivers
    signals to); elsewhere nothing is held and `check` does nothing."""

    def __init__(self):
        self.pending = False
        self.previous = None

    def hold(self, signum, frame):
        self.pending = True

    def check(self):
        """Does what the caller's SIGINT handler does (raise
        KeyboardInterrupt, as Python's default one does), if a SIGINT
        came."""
        if self.pending:
            self.pending = False
            _deliver(self.previous)


def _deliver(handler):
    if callable(handler):
        handler(signal.SIGINT, None)
    elif handler == signal.SIG_DFL:  # the process ends, as it would have
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.raise_signal(signal.SIGINT)
    # SIG_IGN: ignored, as it would have been.


_NOTHING_HELD = _Held()
_local = threading.local()


@contextlib.contextmanager
def held_interrupts():
    """SIGINT held while the block runs, given to the caller's handler at
    each `check` and at the end; the held state, for `check`. Nested
    blocks share the outer one."""
    outer = getattr(_local, "held", None)
    if outer is not None:
        yield outer
        return
    if threading.current_thread() is not threading.main_thread():
        yield _NOTHING_HELD
        return
    held = _Held()
    held.previous = signal.getsignal(signal.SIGINT)
    if held.previous is None:  # a handler not set from Python: left alone
        yield _NOTHING_HELD
        return
    signal.signal(signal.SIGINT, held.hold)
    _local.held = held
    try:
        yield held
    finally:
        _local.held = None
        signal.signal(signal.SIGINT, held.previous)
        if held.pending:  # came after the last check
            held.pending = False
            _deliver(held.previous)


def check():
    """`check` of the held state of this thread, if any."""
    held = getattr(_local, "held", None)
    if held is not None:
        held.check()


class GraphState:
    """A torch.fx Graph as it is now, to be put back as it was: its nodes'
    order, arguments, users in their order and sort keys, its namespace (so
    that names the undone nodes took are free again), its find_nodes
    lookup table, in its order, and its length and insertion point. The
    nodes' meta and names are left to the code that changes them (split_graph
    changes neither)."""

    def __init__(self, graph):
        self.graph = graph
        # A node's inputs and users are dicts of None: kept as tuples, a
        # third of their size.
        self.nodes = [(n, n._args, n._kwargs, tuple(n._input_nodes), tuple(n.users), n._sort_key)
                      for n in graph.nodes]
        namespace = graph._graph_namespace
        self.namespace = (dict(namespace._obj_to_name), set(namespace._used_names),
                          dict(namespace._base_count))
        self.used_names = _copy(graph._used_names)
        self.table = {key: dict(nodes)
                      for key, nodes in graph._find_nodes_lookup_table.table.items()}
        self.length = graph._len
        self.insert = graph._insert

    def restore(self):
        """Puts the graph back; as often as needed, each time the same.
        Node attributes are set as object attributes: Node.__setattr__
        would take each node out of the lookup table and put it back at
        its end (torch/fx/node.py, torch 2.13.0)."""
        graph = self.graph
        kept = {entry[0] for entry in self.nodes}
        made = [node for nodes in graph._find_nodes_lookup_table.table.values()
                for node in nodes if node not in kept]
        for node in made:  # gone, as erase_node leaves a node
            _set(node, "_erased", True)
        previous = graph._root
        for node, args, kwargs, inputs, users, key in self.nodes:
            _set(node, "_prev", previous)
            _set(previous, "_next", node)
            _set(node, "_args", args)
            _set(node, "_kwargs", kwargs)
            _set(node, "_sort_key", key)
            _set(node, "_erased", False)
            node._input_nodes.clear()
            node._input_nodes.update(dict.fromkeys(inputs))
            node.users.clear()
            node.users.update(dict.fromkeys(users))
            previous = node
        _set(previous, "_next", graph._root)
        _set(graph._root, "_prev", previous)
        namespace = graph._graph_namespace
        for field, saved in zip(("_obj_to_name", "_used_names", "_base_count"), self.namespace):
            _refill(getattr(namespace, field), saved)
        _refill(graph._used_names, self.used_names)
        table = graph._find_nodes_lookup_table.table
        table.clear()
        for key, nodes in self.table.items():
            table[key] = dict(nodes)
        graph._len = self.length
        graph._insert = self.insert


_set = object.__setattr__
_CONTAINERS = (dict, list, set, collections.abc.MutableSet)


def _copy(value):
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    return set(value)


def _refill(container, saved):
    """Gives `container` the contents `saved`, in place, in their order."""
    container.clear()
    if isinstance(container, list):
        container.extend(saved)
    else:
        container.update(saved)


class ObjectState:
    """An object's attributes as they are now, to be put back: each
    attribute's value by identity, and the contents of each container
    among them and of the containers in those (a ShapeEnv's
    deferred_runtime_asserts, a dict of lists), so that whoever holds one
    sees it as it was."""

    def __init__(self, obj, skip=()):
        self.obj = obj
        self.attributes = {}
        for name, value in vars(obj).items():
            if name in skip:
                continue
            inner = []
            if isinstance(value, _CONTAINERS):
                members = value.values() if isinstance(value, dict) else value
                inner = [(m, _copy(m)) for m in members if isinstance(m, _CONTAINERS)
                         and not isinstance(m, (str, bytes))]
                self.attributes[name] = (value, _copy(value), inner)
            else:
                self.attributes[name] = (value, None, inner)
        self.skip = set(skip)

    def restore(self):
        obj = self.obj
        for name in [n for n in vars(obj) if n not in self.attributes and n not in self.skip]:
            delattr(obj, name)
        for name, (value, contents, inner) in self.attributes.items():
            if getattr(obj, name, _MISSING) is not value:
                setattr(obj, name, value)
            if contents is not None:
                _refill(value, contents)
            for member, saved in inner:
                _refill(member, saved)
        if isinstance(obj, ShapeEnv):
            # Its caches hold what was derived from the state put back
            # (torch/fx/experimental/symbolic_shapes.py, _lru_cache, torch
            # 2.13.0: cleared only when the version counter moves).
            for method in vars(ShapeEnv).values():
                clear = getattr(method, "cache_clear", None)
                if clear is not None:
                    clear()


_MISSING = object()


def restore_surely(state):
    """state.restore(), again from the start should an interrupt stop it:
    outside `held_interrupts`, as where its exit gives one back."""
    while True:
        try:
            state.restore()
            return
        except KeyboardInterrupt:
            continue
