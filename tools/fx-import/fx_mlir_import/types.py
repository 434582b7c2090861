# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The type converter: abstract values of torch.fx nodes and their MLIR types.

An abstract value (a "spec") says what a node computes without its data:

  TensorSpec(dims, dtype)  a tensor; each dim an int (static) or a Sym
  SizeSpec(dims)           a torch.Size; each element an int or a Sym
  ScalarSpec(kind, symbol) an int/SymInt ("index"), bool ("i1"), float ("f64")
  Const(value)             a value the dialect does not model (dtype, device,
                           None, str, ...): kept whole in the args of users
  tuple/list/dict          containers of specs

Specs come from running the graph (way (a)) or from node metadata (way (b)).
"""

import torch

DTYPES = {
    torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16",
    torch.float64: "f64", torch.int64: "i64", torch.int32: "i32",
    torch.int16: "i16", torch.int8: "i8", torch.uint8: "ui8", torch.bool: "i1",
    torch.complex32: "complex<f16>", torch.complex64: "complex<f32>",
    torch.complex128: "complex<f64>",
}


class Sym:
    """A symbolic dim or int: `expr` is its printed SymInt expression, or
    None when it is only known to vary (the --dynamic guess)."""

    __slots__ = ("expr",)

    def __init__(self, expr=None):
        self.expr = expr

    def __eq__(self, other):
        return isinstance(other, Sym) and self.expr == other.expr

    def __hash__(self):
        return hash(self.expr)

    def __repr__(self):
        return f"Sym({self.expr!r})"


class TensorSpec:
    __slots__ = ("dims", "dtype")

    def __init__(self, dims, dtype):
        self.dims, self.dtype = tuple(dims), dtype


class SizeSpec:
    __slots__ = ("dims",)

    def __init__(self, dims):
        self.dims = tuple(dims)


class ScalarSpec:
    __slots__ = ("kind", "symbol")

    def __init__(self, kind, symbol=None):
        self.kind, self.symbol = kind, symbol


class Const:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Unsupported(Exception):
    """A value the importer has no type for; the message says which."""


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


class TypeConverter:
    """MLIR types of specs; the type of each tensor (dims, dtype) is printed
    once. With `aliases`, a tensor type is an alias (`!t0`) that `aliases()`
    defines: text only a parser reads parses quicker so."""

    def __init__(self, aliases=False):
        self.tensor_types = {}
        # The same by TensorSpec, which hashes by identity: SpecReader makes
        # one per (dims, dtype), and hashing dims calls Sym.__hash__.
        self.spec_types = {}
        self.alias_of = {} if aliases else None  # full type -> its alias

    def aliases(self):
        """The definitions of the aliases used, one a line."""
        return "".join(f"{alias} = {full}\n" for full, alias in (self.alias_of or {}).items())

    def element_type(self, dtype):
        if dtype not in DTYPES:
            raise Unsupported(f"tensors of dtype {dtype} are not supported")
        return DTYPES[dtype]

    def tensor_type(self, spec):
        type_ = self.spec_types.get(spec)
        if type_ is not None:
            return type_
        key = (spec.dims, spec.dtype)
        type_ = self.tensor_types.get(key)
        if type_ is None:
            dims = "".join([("?" if isinstance(d, Sym) else str(d)) + "x" for d in spec.dims])
            type_ = f"tensor<{dims}{self.element_type(spec.dtype)}>"
            if self.alias_of is not None:
                type_ = self.alias_of.setdefault(type_, f"!t{len(self.alias_of)}")
            self.tensor_types[key] = type_
        self.spec_types[spec] = type_
        return type_

    def type_of(self, spec):
        """The MLIR type of a leaf spec, or None for a Const or a container."""
        if isinstance(spec, TensorSpec):
            return self.tensor_type(spec)
        if isinstance(spec, SizeSpec):
            return f"!fx.size<{len(spec.dims)}>"
        if isinstance(spec, ScalarSpec):
            return spec.kind
        return None

    @staticmethod
    def dim_symbols(spec):
        """The fx.dim_symbols of a tensor argument, or None if no dim has a
        symbol (convention 1)."""
        names = [d.expr if isinstance(d, Sym) and d.expr else "" for d in spec.dims]
        return names if any(names) else None
