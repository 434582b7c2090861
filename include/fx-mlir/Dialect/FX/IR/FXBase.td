//===- FXBase.td - FX dialect definition -------------------*- tablegen -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The fx dialect models the part of a torch.fx graph that handles tensor
// sizes.
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXBASE_TD
#define FX_MLIR_DIALECT_FX_IR_FXBASE_TD

include "mlir/IR/OpBase.td"

def FX_Dialect : Dialect {
  let name = "fx";
  let cppNamespace = "::mlir::fx";
  let summary = "The size-handling subset of torch.fx graphs.";
  let description = [{
    The `fx` dialect models how a torch.fx graph asks tensors for their sizes
    and passes those sizes around. Tensors are builtin tensor types: in
    `tensor<?x8xf32>`, a `?` is a symbolic size (a SymInt) and a number is a
    static int. Scalars, such as the result of `x.size(0)`, are `index`.

    The two Python forms of `Tensor.size` return different things, and the
    dialect keeps them apart in the type system:

    * `x.size()` returns a `torch.Size` tuple: `fx.size` with no dim, whose
      result is `!fx.size<rank>`;
    * `x.size(0)` returns one int: `fx.size` with a dim, whose result is
      `index`.

    Only the first form can be decomposed into per-dim values; see the
    `fx-decompose-size` pass. The importer writes sizes as the graph spells
    them; after canonicalization the size of one dim has one form,
    `fx.sym_size` (torch's `aten.sym_size.int`), whether it was written
    `x.size(d)` or `x.size()[d]`.

    A constant dim may be negative, as in Python (`-1` is the last dim). On a
    ranked tensor it must lie in `[-rank, rank)`. On an unranked tensor it
    cannot be checked, so it is accepted; like PyTorch, running such a graph
    with a dim out of range is an error at run time.

    In the custom form of an op, the syntax sets the op's attributes (`dim`,
    `index`, a slice's bounds, a node's kind and target); an attribute
    dictionary may not set them again. Results are named after what they
    hold (`%size`, `%dim`, `%slice`, `%sliced`, `%view`, an `fx.node` after
    its target).
  }];

  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;

  // The attributes the importer and fx-split-graph put on functions and
  // their arguments; each is verified (FXDialect.cpp), so that a malformed
  // one is an error that names it, never skipped.
  let discardableAttrs = (ins
    // On a function argument: this index argument is the SymInt "s0".
    "::mlir::StringAttr":$symbol,
    // On a tensor argument: the SymInt of each dim, "" for a static one.
    "::mlir::ArrayAttr":$dim_symbols,
    // On an imported function: the getitem nodes folded into their input's
    // results, each [name, input, result (-1: none), the node before it].
    "::mlir::ArrayAttr":$folded,
    // On an imported function: the placeholders that come after a node in
    // graph order, each [name, the node before it].
    "::mlir::ArrayAttr":$placeholders,
    // On an imported function: per node, per result, the SymInt expression
    // of each dim (one for an index), "" where there is none.
    "::mlir::DictionaryAttr":$symbols,
    // On an imported function: the torch op target of each node it modeled.
    "::mlir::DictionaryAttr":$targets,
    // On an imported function: the Python form of the graph's output, where
    // it is more than a flat tuple of results.
    "::mlir::StringAttr":$outputs,
    // On a piece fx-split-graph outlined: vLLM's graph id, whether it holds
    // splitting ops, and the positions of its index arguments.
    "::mlir::IntegerAttr":$piece,
    "::mlir::BoolAttr":$splitting,
    "::mlir::DenseI64ArrayAttr":$sym_shape_indices
  );
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;

  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
}

class FX_Op<string mnemonic, list<Trait> traits = []>
    : Op<FX_Dialect, mnemonic, traits>;

#endif // FX_MLIR_DIALECT_FX_IR_FXBASE_TD
