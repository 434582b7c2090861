# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The abstract values of torch.fx nodes ("specs"): what a node computes,
without its data.

  TensorSpec(dims, dtype)  a tensor; each dim an int (static) or a Sym
  SizeSpec(dims)           a torch.Size; each element an int or a Sym
  ScalarSpec(kind, symbol) an int/SymInt ("index"), bool ("i1"), float ("f64")
  Const(value)             a value the dialect does not model (dtype, device,
                           None, str, ...): kept whole in the args of users
  tuple/list/dict          containers of specs

specs.py reads them from a graph; types.py gives their MLIR types.
"""


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
