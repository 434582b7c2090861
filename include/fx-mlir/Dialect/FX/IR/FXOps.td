//===- FXOps.td - FX dialect operations --------------------*- tablegen -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXOPS_TD
#define FX_MLIR_DIALECT_FX_IR_FXOPS_TD

include "fx-mlir/Dialect/FX/IR/FXAttrs.td"
include "fx-mlir/Dialect/FX/IR/FXBase.td"
include "fx-mlir/Dialect/FX/IR/FXTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Every fx op names its results (`%size`, `%dim`, ...).
class FX_NamedOp<string mnemonic, list<Trait> traits = []>
    : FX_Op<mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>])>;

// An op that may raise at run time, as the torch op it models does, keeps
// torch's order and existence under upstream's passes: where it cannot be
// shown not to raise, it is not speculatable (LICM and control-flow sink leave
// it where it is) and it has a write effect on the default resource, as
// `cf.assert` has (DCE keeps it unused; nothing moves across it). Where it
// cannot raise, it is pure. Each op implements `mayRaise()`.
def FX_MayRaise
    : TraitList<[DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
                 DeclareOpInterfaceMethods<ConditionallySpeculatable>]>;

//===----------------------------------------------------------------------===//
// Size queries
//===----------------------------------------------------------------------===//

def FX_SizeOp : FX_NamedOp<"size", [FX_MayRaise]> {
  let summary = "Tensor.size, with or without a dim";
  let description = [{
    With no dim, `x.size()`: returns the whole `torch.Size` as
    `!fx.size<rank>`. With a dim, `x.size(d)`: returns that one size as
    `index`. The dim is either a constant (negative allowed) or an `index`
    operand.

    ```mlir
    %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>     // x.size()
    %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index  // x.size(0)
    %m = fx.size %x, dim = -1 : tensor<?x8xf32> -> index // x.size(-1)
    %k = fx.size %x, dim = %d : tensor<?x8xf32> -> index // x.size(d)
    ```

    The result type says which form an op is: a dimless size returns
    `!fx.size`, a size with a dim returns `index`.

    The op cannot raise, and is pure, only when the tensor is ranked and,
    with a dim, the dim is a constant in range; otherwise running it may be
    an error, as in PyTorch, and it is neither speculatable nor erased when
    unused.

    Canonicalization rewrites a size with a constant dim, or with a dim
    operand that is a constant, into `fx.sym_size`, the one canonical form of
    "the size of dim d"; on a ranked tensor the dim becomes non-negative. A
    dim operand that is out of range for a ranked tensor stays: it is an
    error at run time, which `fx.sym_size` could not express.
  }];

  let arguments = (ins AnyTensor:$input,
                       Optional<Index>:$dynamic_dim,
                       OptionalAttr<I64Attr>:$dim);
  let results = (outs AnyTypeOf<[FX_SizeType, Index]>:$result);

  let assemblyFormat = [{
    custom<SizeOperands>($input, $dim, $dynamic_dim)
    `` custom<AttrDict>(attr-dict, "getAttributeNames()")
    `:` custom<TensorType>(type($input), "\"operand 'input'\"")
    `->` qualified(type($result))
  }];

  let extraClassDeclaration = [{
    /// Whether this is `x.size()`, which returns a torch.Size.
    bool isDimless() { return ::llvm::isa<SizeType>(getType()); }

    /// The dim, when it is an attribute or a constant operand.
    std::optional<int64_t> getConstantDim();

    /// Whether running the op may raise.
    bool mayRaise();
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def FX_SymSizeOp : FX_NamedOp<"sym_size", [
    FX_MayRaise,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "torch.ops.aten.sym_size.int";
  let description = [{
    The size of one dim of a tensor, as an `index`. The dim is a constant and
    may be negative.

    ```mlir
    %n = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
    ```

    Pure only on a ranked tensor, where the verifier checked the dim; on an
    unranked tensor it may raise, is not speculatable and is kept unused.

    This is the canonical form of "the size of dim d": canonicalization
    rewrites `fx.size %x, dim = d` and `fx.getitem` of a dimless `fx.size`
    into it, and on a ranked tensor makes a negative dim non-negative
    (`dim = -1` of a rank-2 tensor is `dim = 1`), so that CSE merges the
    spellings. On an unranked tensor the dim stays as written.
  }];

  let arguments = (ins AnyTensor:$input, I64Attr:$dim);
  let results = (outs Index:$result);

  let assemblyFormat = [{
    $input `,` `dim` `=` $dim
    `` custom<AttrDict>(attr-dict, "getAttributeNames()")
    `:` custom<TensorType>(type($input), "\"operand 'input'\"")
  }];

  let extraClassDeclaration = [{
    /// Whether running the op may raise.
    bool mayRaise();
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// torch.Size values
//===----------------------------------------------------------------------===//

def FX_MakeSizeOp : FX_NamedOp<"make_size", [Pure, InferTypeOpAdaptor]> {
  let summary = "build a torch.Size from its elements";
  let description = [{
    Builds an `!fx.size<N>` from N `index` values.

    ```mlir
    %s = fx.make_size %n, %c8 : !fx.size<2>
    %e = fx.make_size : !fx.size<0>
    ```
  }];

  let arguments = (ins Variadic<Index>:$elements);
  let results = (outs FX_SizeType:$result);

  let assemblyFormat = [{
    $elements attr-dict
    `:` custom<SizeType>(type($result), "\"result\"")
  }];
}

def FX_GetItemOp : FX_NamedOp<"getitem", [
    Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "operator.getitem on a torch.Size";
  let description = [{
    Element `index` of a `torch.Size`, `s[index]`. The index is a constant and
    may be negative, as in Python.

    ```mlir
    %n = fx.getitem %s[0] : !fx.size<2>
    %m = fx.getitem %s[-1] : !fx.size<2>
    ```

    Element i of `x.size()` on a ranked tensor canonicalizes to
    `fx.sym_size %x, dim = i`. On an unranked tensor it stays: there
    `x.size()` checks at run time that the rank is the length of its type,
    a check that `fx.sym_size` would skip.
  }];

  let arguments = (ins FX_SizeType:$size, I64Attr:$index);
  let results = (outs Index:$result);

  let assemblyFormat = [{
    $size `[` $index `]` `` custom<AttrDict>(attr-dict, "getAttributeNames()")
    `:` custom<SizeType>(type($size), "\"operand 'size'\"")
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

def FX_SliceOp : FX_NamedOp<"slice", [Pure, AttrSizedOperandSegments]> {
  let summary = "build a Python slice object";
  let description = [{
    `slice(start, stop, step)`; each bound is an `index` or `none`.

    ```mlir
    %s = fx.slice none, %n, none   // slice(None, n, None), as in a[:n]
    ```
  }];

  let arguments = (ins Optional<Index>:$start,
                       Optional<Index>:$stop,
                       Optional<Index>:$step);
  let results = (outs FX_SliceType:$result);

  // Each bound is an optional group whose else branch prints `none`.
  let assemblyFormat = [{
    ($start^):(`none`)? `,` ($stop^):(`none`)? `,` ($step^):(`none`)?
    `` custom<AttrDict>(attr-dict, "getAttributeNames()")
  }];
}

def FX_SliceTensorOp : FX_NamedOp<"slice_tensor", [
    FX_MayRaise, AllElementTypesMatch<["input", "result"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes", "reifyDimOfResult"]>]> {
  let summary = "index a tensor by a slice along dim 0";
  let description = [{
    `t[s]` where `s` is a slice object: the rows of `t` that the slice selects.
    The result has the rank, the element type and the trailing dims of the
    input; only dim 0 may differ, and it cannot grow.

    A step that is not positive raises, as Python does, and so does a static
    result dim that the slice does not have. A step multiplies the stride of
    dim 0, which torch checks. The op is pure only when the step is absent
    or the constant 1 and the result type claims no dim that the input type
    does not have; otherwise it is not speculatable and is kept unused.

    ```mlir
    %r = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xi64>
    ```
  }];

  let arguments = (ins AnyTensor:$input, FX_SliceType:$slice);
  let results = (outs AnyTensor:$result);

  let assemblyFormat = [{
    $input `[` $slice `]` attr-dict
    `:` custom<TensorType>(type($input), "\"operand 'input'\"")
    `->` custom<TensorType>(type($result), "\"result\"")
  }];

  let extraClassDeclaration = [{
    /// Whether running the op may raise.
    bool mayRaise();
  }];

  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// torch.Size consumers
//===----------------------------------------------------------------------===//

def FX_ViewOp : FX_NamedOp<"view", [
    FX_MayRaise, AllElementTypesMatch<["input", "result"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes", "reifyDimOfResult"]>]> {
  let summary = "Tensor.view with a torch.Size";
  let description = [{
    `x.view(size)`: the same elements under the shape `size`. The result rank
    is the length of `size`. A view of a tensor to its own size, such as
    `x.view(x.size())`, folds to the tensor.

    A size that does not fit the tensor raises at run time, with torch's
    message (see `convert-fx-to-tensor`); the verifier rejects only types
    that contradict each other. Whether the input's strides allow the view
    is known only at run time, as in torch. The op is pure only when its
    size is constants that fit the static input, as the result type says,
    with strides that do not overflow, and the input is contiguous whatever
    the run (a function's argument may have any strides): made by an op with no tensor operand (a
    constant, `tensor.empty`), or a view or a slice without a step of such a
    tensor; otherwise it is not speculatable and is kept unused.

    ```mlir
    %v = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
    ```
  }];

  let arguments = (ins AnyTensor:$input, FX_SizeType:$size);
  let results = (outs AnyTensor:$result);

  let assemblyFormat = [{
    $input `,` $size attr-dict
    `:` custom<TensorType>(type($input), "\"operand 'input'\"") `,`
    custom<SizeType>(type($size), "\"operand 'size'\"")
    `->` custom<TensorType>(type($result), "\"result\"")
  }];

  let extraClassDeclaration = [{
    /// Whether running the op may raise.
    bool mayRaise();
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Everything else
//===----------------------------------------------------------------------===//

def FX_NodeOp : FX_NamedOp<"node"> {
  let summary = "an opaque torch.fx node";
  let description = [{
    A torch.fx node that the dialect does not model, kept whole so that no
    node of an imported graph is lost: its kind (`call_function`,
    `call_method`, `call_module` or `get_attr`), its target, the values it
    uses as operands and its result types. `args`, when present, is the
    Python form of the node's arguments, with `%N` for operand N.

    ```mlir
    %y = fx.node call_function "torch.relu"(%x) {args = "(%0,)"}
        : (tensor<?x8xf32>) -> tensor<?x8xf32>
    ```

    The kind is a bare keyword; the quoted form `"call_function"` parses too.
    The op may have any side effect; no pass moves, merges or erases it.
  }];

  let arguments = (ins FX_NodeKindAttr:$kind, StrAttr:$target,
                       Variadic<AnyType>:$inputs,
                       OptionalAttr<StrAttr>:$args);
  let results = (outs Variadic<AnyType>:$results);

  let assemblyFormat = [{
    custom<NodeKind>($kind) $target `(` $inputs `)`
    `` custom<AttrDict>(attr-dict, "{\"kind\", \"target\"}")
    `:` functional-type($inputs, $results)
  }];

  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Run-time checks
//===----------------------------------------------------------------------===//

def FX_AssertOp : FX_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "a run-time check whose message carries run-time values";
  let description = [{
    Stops the program with a message when `condition` is false, as
    `cf.assert` does, but the message is a format: each `{}` in it stands
    for the next of `values`, printed in decimal when the check fails. `{{`
    and `}}` are a literal brace. `convert-fx-to-tensor{message-values}`
    emits it so that a failed check prints torch's message with the numbers
    torch prints; `fx-lower-assert-to-llvm` prints it to stderr and exits
    with status 1.

    ```mlir
    fx.assert %ok, "shape '[{}, 8]' is invalid for input of size {}"
        (%n, %numel : index, index)
    ```

    `canonicalize` erases a check whose condition is true and writes a
    constant value into the format.
  }];

  let arguments = (ins I1:$condition, StrAttr:$format,
                       Variadic<AnyTypeOf<[Index,
                         SignlessIntOfWidths<[8, 16, 32, 64]>]>>:$values);

  let assemblyFormat = [{
    $condition `,` $format (` ` `(` $values^ `:` type($values) `)`)? attr-dict
  }];

  let extraClassDeclaration = [{
    /// The text of the format between its placeholders, braces unescaped:
    /// one piece more than there are values.
    ::llvm::SmallVector<std::string> getPieces();

    /// The message with each value that is a constant in place, and `?` for
    /// the others: what a check with a static message can say.
    std::string getStaticMessage();

    /// `text` with its braces doubled, to stand for itself in a format.
    static std::string escape(::llvm::StringRef text);

    /// `format` with the constants among `values` written into it; the
    /// others, still placeholders, are appended to `remaining`.
    static std::string inlineConstants(
        ::llvm::StringRef format, ::mlir::ValueRange values,
        ::llvm::SmallVectorImpl<::mlir::Value> &remaining);
  }];

  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

#endif // FX_MLIR_DIALECT_FX_IR_FXOPS_TD
