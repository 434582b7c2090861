# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The type converter: the MLIR types of specs (values.py)."""

import torch

from .values import ScalarSpec, SizeSpec, Sym, TensorSpec

DTYPES = {
    torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16",
    torch.float64: "f64", torch.int64: "i64", torch.int32: "i32",
    torch.int16: "i16", torch.int8: "i8", torch.uint8: "ui8", torch.bool: "i1",
    torch.complex32: "complex<f16>", torch.complex64: "complex<f32>",
    torch.complex128: "complex<f64>",
}


class Unsupported(Exception):
    """A value the importer has no type for; the message says which."""


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
