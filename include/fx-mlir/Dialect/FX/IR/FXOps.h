//===- FXOps.h - FX dialect operations --------------------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXOPS_H
#define FX_MLIR_DIALECT_FX_IR_FXOPS_H

#include "fx-mlir/Dialect/FX/IR/FXAttrs.h"
#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/Dialect/FX/IR/FXTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

namespace mlir::fx {

/// Maps a Python-style dim or index (negative counts from the end) into
/// [0, size). Returns std::nullopt when it is out of range.
std::optional<int64_t> normalizeIndex(int64_t index, int64_t size);

} // namespace mlir::fx

#define GET_OP_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOps.h.inc"

namespace mlir::fx {

/// The elements of `tensor.size()`, one index value per dim: fx.sym_size for a
/// symbolic dim, an arith.constant for a static one.
SmallVector<Value> createSizeElements(OpBuilder &builder, Location loc,
                                      TypedValue<RankedTensorType> tensor);

/// Rewrites each spelling of "the size of dim d" into fx.sym_size, its
/// canonical form: fx.size with a constant dim (an attribute or a constant
/// operand) and fx.getitem of x.size() on a ranked tensor; on a ranked tensor
/// a negative dim becomes non-negative. What would turn a run-time error into
/// a value stays as it is. The ops' canonicalizers add these patterns; a pass
/// adds them alone to handle one spelling.
void populateSymSizeCanonicalizationPatterns(RewritePatternSet &patterns);

} // namespace mlir::fx

#endif // FX_MLIR_DIALECT_FX_IR_FXOPS_H
