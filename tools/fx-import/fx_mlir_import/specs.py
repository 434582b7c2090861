# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Where the specs of a graph's nodes come from.

Way (a), `specs_from_runs`: the graph run on example inputs, and again with
the --dynamic dims changed; a dim is static only if every run agrees.
Way (b), `specs_from_metadata`: each node's FakeTensor metadata.
"""

import functools
import operator

import torch
import torch.fx
from torch._guards import detect_fake_mode
from torch.utils._pytree import tree_map_only

from . import guard
from .errors import FxImportError, describe
from .inplace import Versions, changed_in_place
from .values import Const, ScalarSpec, SizeSpec, Sym, TensorSpec


class _NodeFailure(Exception):
    def __init__(self, node, error):
        super().__init__(str(error))
        self.node, self.error = node, error


def one_line(error):
    message = (str(error).strip().splitlines() or [""])[0]
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


class SpecReader:
    """The specs of the values of one graph. Its caches hold what repeats
    from node to node:

      syms          the Sym of each SymInt, by its sympy expression
                    (`value.node.expr`, which the SymNode caches; printing
                    it, as str(value) does, is slow)
      node_syms     the same by SymNode: the tensors of a graph share a
                    few hundred of them, and a SymNode hashes by identity,
                    where a sympy expression hashes in Python
      tensor_specs  the TensorSpec of each (dims, dtype), one object for
                    all tensors of that shape (specs are never changed)
    """

    def __init__(self, specialized=True):
        """`specialized`: whether a SymInt whose expression is a number (a
        dim a guard specialized) reads as that int, or, as vLLM's
        split_graph takes it (a SymInt, a value of the graph), as a Sym
        known only to vary."""
        self.specialized = specialized
        self.syms = {}
        self.node_syms = {}
        self.tensor_specs = {}

    def dim(self, value):
        """An int, or a Sym for a SymInt (an int if its expression is a
        number and `specialized`)."""
        if type(value) is int:
            return value
        if isinstance(value, torch.SymInt):
            node = value.node
            sym = self.node_syms.get(node)
            if sym is None:
                expr = node.expr
                sym = self.syms.get(expr)
                if sym is None:
                    if not expr.is_number:
                        sym = Sym(str(expr))
                    else:
                        sym = int(expr) if self.specialized else Sym()
                    self.syms[expr] = sym
                self.node_syms[node] = sym
            return sym
        return int(value)

    def tensor(self, shape, dtype):
        dims = tuple([d if type(d) is int else self.dim(d) for d in shape])
        key = (dims, dtype)
        spec = self.tensor_specs.get(key)
        if spec is None:
            spec = self.tensor_specs[key] = TensorSpec(dims, dtype)
        return spec

    def of_value(self, value):
        """The spec of one concrete (or fake) value."""
        if isinstance(value, torch.Tensor):
            return self.tensor(value.shape, value.dtype)
        if isinstance(value, torch.Size):
            return SizeSpec([self.dim(d) for d in value])
        if isinstance(value, (bool, torch.SymBool)):
            return ScalarSpec("i1")
        if isinstance(value, torch.SymInt):
            dim = self.dim(value)
            return ScalarSpec("index", dim.expr if isinstance(dim, Sym) else None)
        if isinstance(value, int):
            return ScalarSpec("index")
        if isinstance(value, (float, torch.SymFloat)):
            return ScalarSpec("f64")
        if isinstance(value, (tuple, list)) and not hasattr(value, "_fields"):
            return type(value)(self.of_value(v) for v in value) if isinstance(value, tuple) \
                else [self.of_value(v) for v in value]
        if isinstance(value, dict):
            return {k: self.of_value(v) for k, v in value.items()}
        return Const(value)

    def of_metadata(self, meta):
        """The spec of a node from its metadata, or None if it has none:
        meta['example_value'] (Dynamo), then meta['val'] (export, make_fx),
        then meta['tensor_meta'] (ShapeProp)."""
        for key in ("example_value", "val"):
            if key in meta:
                return self.of_value(meta[key])
        if "tensor_meta" in meta:
            return self.of_tensor_meta(meta["tensor_meta"])
        return None

    def of_tensor_meta(self, tm):
        if hasattr(tm, "shape") and hasattr(tm, "dtype"):
            return self.tensor(tm.shape, tm.dtype)
        if isinstance(tm, (tuple, list)):
            return [self.of_tensor_meta(t) for t in tm]
        if isinstance(tm, dict):
            return {k: self.of_tensor_meta(v) for k, v in tm.items()}
        return self.of_value(tm)


class _Recorder(torch.fx.Interpreter):
    """Runs the graph and keeps every node's value; where an op changes a
    tensor's shape or strides in place (inplace.py), each tensor as its node
    left it, a detached alias."""

    def __init__(self, module, in_place):
        super().__init__(module)
        self.values = {}
        self.in_place = in_place

    def run_node(self, node):
        try:
            value = super().run_node(node)
        except Exception as e:  # whatever the user's code raises
            raise _NodeFailure(node, e) from None
        self.values[node] = (tree_map_only(torch.Tensor, torch.Tensor.detach, value)
                             if self.in_place else value)
        return value


def _run(gm, inputs):
    recorder = _Recorder(gm, any(changed_in_place(n) for n in gm.graph.nodes))
    recorder.run(*inputs)
    return recorder.values


def parse_dynamic(specs):
    """{'x': {0}} from ['x:0']; raises on a malformed spec."""
    dynamic = {}
    for spec in specs:
        name, colon, dims = spec.partition(":")
        try:
            if not name or not colon:
                raise ValueError
            dynamic.setdefault(name, set()).update(int(d) for d in dims.split(","))
        except ValueError:
            raise FxImportError(f"--dynamic {spec}: expected NAME:DIM[,DIM...], "
                                f"e.g. x:0 or x:0,1") from None
    return dynamic


def _check_inputs(placeholders, inputs, dynamic):
    names = [n.name for n in placeholders]
    if len(inputs) > len(placeholders):
        raise FxImportError(f"the graph has {len(placeholders)} placeholders "
                            f"({', '.join(names)}) but {len(inputs)} example inputs were given")
    for node in placeholders[len(inputs):]:
        if not node.args:
            raise FxImportError(f"the graph has {len(placeholders)} placeholders "
                                f"({', '.join(names)}) but {len(inputs)} example inputs were "
                                f"given, and '{node.name}' has no default")
    normalized = {}
    for name, dims in dynamic.items():
        if name not in names:
            raise FxImportError(f"--dynamic {name}: no placeholder is named '{name}' "
                                f"(placeholders: {', '.join(names)})")
        index = names.index(name)
        if index >= len(inputs) or not isinstance(inputs[index], torch.Tensor):
            raise FxImportError(f"--dynamic {name}: placeholder '{name}' is not a tensor")
        value = inputs[index]
        for dim in sorted(dims):
            if not -value.dim() <= dim < value.dim():
                raise FxImportError(f"--dynamic {name}:{dim}: placeholder '{name}' "
                                    f"has rank {value.dim()}")
            size = value.shape[dim]
            if size < 2:
                raise FxImportError(
                    f"--dynamic {name}:{dim}: the example size of this dim is {size}, and "
                    f"torch specializes sizes 0 and 1; give an example of size 2 or more")
            normalized.setdefault(index, set()).add(dim % value.dim())
    return normalized


def _merge(node, values):
    """The spec of a node from its values in several runs."""
    first = values[0]
    if isinstance(first, torch.Tensor):
        if any(not isinstance(v, torch.Tensor) for v in values):
            raise FxImportError(f"{describe(node)}: is a tensor in one run and not in another")
        ranks = sorted({v.dim() for v in values})
        if len(ranks) > 1:
            raise FxImportError(f"{describe(node)}: its rank depends on the --dynamic dims "
                                f"(ranks {', '.join(map(str, ranks))} in different runs); "
                                f"the fx dialect needs a fixed rank")
        dims = [d if all(v.shape[i] == d for v in values) else Sym()
                for i, d in enumerate(first.shape)]
        return TensorSpec(dims, first.dtype)
    if isinstance(first, torch.Size):
        lengths = sorted({len(v) for v in values})
        if len(lengths) > 1:
            raise FxImportError(f"{describe(node)}: its length depends on the --dynamic dims "
                                f"({', '.join(map(str, lengths))} in different runs)")
        return SizeSpec([d if all(v[i] == d for v in values) else Sym()
                         for i, d in enumerate(first)])
    if isinstance(first, (tuple, list)):  # torch.return_types too
        lengths = sorted({len(v) for v in values})
        if len(lengths) > 1:
            raise FxImportError(f"{describe(node)}: its number of results depends on the "
                                f"--dynamic dims ({', '.join(map(str, lengths))} in different "
                                f"runs); the fx dialect needs a fixed number")
        items = [_merge(node, [v[i] for v in values]) for i in range(len(first))]
        return items if isinstance(first, list) else tuple(items)
    if isinstance(first, dict):
        return {k: _merge(node, [v[k] for v in values]) for k in first}
    if isinstance(first, bool):
        return ScalarSpec("i1")
    if isinstance(first, int):
        return ScalarSpec("index")
    if isinstance(first, float):
        return ScalarSpec("f64")
    return Const(first)


def specs_from_runs(gm, inputs, dynamic):
    """Way (a): specs from running the graph."""
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    inputs = list(inputs)
    dyn = _check_inputs(placeholders, inputs, dynamic)
    try:
        runs = [_run(gm, inputs)]
    except _NodeFailure as f:
        raise FxImportError(f"{describe(f.node)}: fails on the example inputs: "
                            f"{one_line(f.error)}") from None
    if dyn:
        # Doubling keeps the relations a graph usually needs (y.view(x.size())
        # with y of x.numel()): it must run. Smaller and odd sizes catch what
        # doubling cannot (x[:5] is 5 rows for 10 and 20, 2 rows for 2); a run
        # that fails there proves nothing and is skipped.
        def with_size(size_of):
            return [_resize_all(v, dyn[i], size_of) if i in dyn else v
                    for i, v in enumerate(inputs)]
        try:
            runs.append(_run(gm, with_size(lambda n: 2 * n)))
        except _NodeFailure as f:
            raise FxImportError(f"{describe(f.node)}: fails with the --dynamic dims doubled "
                                f"({one_line(f.error)}); is every --dynamic dim really "
                                f"dynamic?") from None
        for size_of in (lambda n: 2, lambda n: 3, lambda n: n + 1):
            try:
                runs.append(_run(gm, with_size(size_of)))
            except _NodeFailure:
                pass
    specs = {}
    for node in gm.graph.nodes:
        if node.op == "output":
            continue
        specs[node] = _merge(node, [r[node] for r in runs if node in r])
    return specs


def _resize_all(value, dims, size_of):
    """`value` with each of `dims` made size_of(its size) long, its rows
    repeated or cut, so that index tensors keep valid indices."""
    for dim in sorted(dims):
        index = torch.arange(size_of(value.shape[dim])) % value.shape[dim]
        value = value.index_select(dim, index)
    return value


def specs_from_metadata(gm, specialized=True):
    """Way (b): specs from meta['example_value'], meta['val'] or
    meta['tensor_meta'], and for a get_attr node without any, from the
    attribute itself (make_fx's `_tensor_constant0`, a higher-order op's
    subgraph); other nodes without any are left out. `specialized` as
    SpecReader takes it."""
    specs = {}
    reader = SpecReader(specialized)
    versions = Versions(lambda n: isinstance(example_value(n), torch.Tensor))
    stale, last = set(), None
    for node in gm.graph.nodes:
        if node.op == "output":
            continue
        spec = reader.of_metadata(node.meta)
        if spec is None and node.op == "get_attr":
            spec = _attribute_spec(gm, node.target, reader)
        if spec is not None:
            specs[node] = spec
        names = versions.note(node)
        if names and _shares_metadata(node, names, stale):
            last = node
    if last is not None:
        _replay_in_place(gm, specs, reader, stale, last)
    return specs


def example_value(node):
    """A node's example value: meta['example_value'] (Dynamo), else
    meta['val'] (export, make_fx), else None."""
    meta = node.meta
    return meta["example_value"] if "example_value" in meta else meta.get("val")


def _shares_metadata(node, names, stale):
    """Whether `node`, which changes the tensor of `names` (its earlier
    names, then itself) in place, has for metadata the tensor of an earlier
    name: Dynamo's metadata is each node's FakeTensor itself, which such an
    op changes for every earlier name too. Adds those names to `stale`.
    make_fx and export record a copy per node."""
    value = example_value(node)
    if not isinstance(value, torch.Tensor):
        return False
    shared = [n for n in names[:-1] if example_value(n) is value]
    if not shared:
        return False
    placeholder = next((n for n in shared if n.op == "placeholder"), None)
    if placeholder is not None:
        raise FxImportError(f"node '{node.name}' changes the shape or strides of input "
                            f"'{placeholder.name}' in place, and its metadata holds the "
                            f"tensor after that change, not as it came in")
    stale.update(shared)
    return True


def _replay_in_place(gm, specs, reader, stale, last):
    """Gives the `stale` nodes (_shares_metadata) their specs as each left
    its tensor: the graph runs again, up to node `last`, the last in-place
    change that made a name stale, on new FakeTensors of its inputs in
    their fake mode. The user's code in the graph runs again. The run
    leaves no trace: the fake mode, its shape environment (the guards, the
    replacements and the fresh unbacked symbols of the run:
    `pending_fresh_unbacked_symbols` would fail the caller's next trace)
    and torch's mode stack are put back as they were, whatever happens; an
    interrupt is held until they are (guard.py)."""
    mode = detect_fake_mode([example_value(n) for n in gm.graph.find_nodes(op="placeholder")])
    if mode is None:
        raise FxImportError(f"node '{last.name}' changes a tensor's shape or strides in place, "
                            f"and the graph's metadata has no fake mode to run it again in")
    shape_env = mode.shape_env
    states = [guard.ObjectState(mode, skip=("shape_env",))]
    if shape_env is not None:
        states.append(guard.ObjectState(shape_env))
    key = torch._C._TorchDispatchModeKey.FAKE
    current = torch._C._get_dispatch_mode(key)
    depth = torch._C._len_torch_dispatch_stack()
    replay = _Replay(gm, mode)
    try:
        with mode:
            for node in gm.graph.nodes:
                guard.check()
                replaced = len(shape_env.replacements) if shape_env is not None else 0
                try:
                    replay.env[node] = value = replay.run_node(node)
                except Exception as e:  # whatever the op raises under the fake mode
                    raise FxImportError(f"{describe(node)}: fails when the graph runs again for "
                                        f"the in-place change of node '{last.name}': "
                                        f"{one_line(e)}") from None
                if shape_env is not None and len(shape_env.replacements) != replaced:
                    # A symbol specialized or unified: the specs of the run
                    # would not be the graph's.
                    new = [f"{k} = {v}" for k, v in shape_env.replacements.items()
                           if k not in states[1].attributes["replacements"][1]]
                    raise FxImportError(f"{describe(node)}: when the graph runs again for the "
                                        f"in-place change of node '{last.name}', it guards "
                                        f"{', '.join(new)}, which the graph does not")
                if node in stale:
                    specs[node] = reader.of_value(value)
                if node is last:
                    break
    finally:
        for state in states:
            state.restore()
        if torch._C._get_dispatch_mode(key) is not current:  # the mode left set or unset
            torch._C._unset_dispatch_mode(key)
            if current is not None:
                torch._C._set_dispatch_mode(current)
        if torch._C._len_torch_dispatch_stack() != depth:
            raise FxImportError(f"torch's dispatch mode stack changed while the graph ran again "
                                f"for the in-place change of node '{last.name}'")


class _Replay(torch.fx.Interpreter):
    """Runs a graph on new FakeTensors like its placeholders' metadata."""

    def __init__(self, gm, mode):
        super().__init__(gm)
        self.mode = mode

    def run_node(self, node):
        if node.op != "placeholder":
            value = super().run_node(node)
        else:
            value = example_value(node)
            if isinstance(value, torch.Tensor):  # not the metadata's own
                value = torch.empty_strided(value.shape, value.stride(), dtype=value.dtype,
                                            device=value.device)
        if isinstance(value, torch.Tensor) and not self.mode.is_our_fake(value):
            value = self.mode.from_tensor(value, static_shapes=True)  # an attribute
        return value

    def call_method(self, target, args, kwargs):
        # torch.Size.numel() makes each dim a Python int, a guard that
        # specializes a SymInt; the product of the dims is its value.
        if target == "numel" and args and isinstance(args[0], torch.Size) and not kwargs \
                and len(args) == 1:
            return functools.reduce(operator.mul, args[0], 1)
        return super().call_method(target, args, kwargs)


def _attribute_spec(gm, target, reader):
    """The spec of attribute `target` (a dotted path) of `gm`, or None if it
    has none."""
    value = gm
    for name in target.split("."):
        value = getattr(value, name, None)
        if value is None:
            return None
    return reader.of_value(value)


def has_symbolic_metadata(gm):
    """Whether every placeholder has metadata and some of it is symbolic."""
    reader = SpecReader()
    specs = [reader.of_metadata(n.meta) for n in gm.graph.nodes if n.op == "placeholder"]
    if not specs or any(s is None for s in specs):
        return False

    def symbolic(spec):
        if isinstance(spec, (TensorSpec, SizeSpec)):
            return any(isinstance(d, Sym) for d in spec.dims)
        if isinstance(spec, ScalarSpec):
            return spec.symbol is not None
        if isinstance(spec, (tuple, list)):
            return any(symbolic(s) for s in spec)
        if isinstance(spec, dict):
            return any(symbolic(s) for s in spec.values())
        return False

    return any(symbolic(s) for s in specs)
