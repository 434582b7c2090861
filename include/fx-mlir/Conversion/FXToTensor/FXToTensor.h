//===- FXToTensor.h - FX to tensor and arith conversion ---------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_CONVERSION_FXTOTENSOR_FXTOTENSOR_H
#define FX_MLIR_CONVERSION_FXTOTENSOR_FXTOTENSOR_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
class TypeConverter;

namespace fx {

#define GEN_PASS_DECL_CONVERTFXTOTENSOR
#include "fx-mlir/Conversion/Passes.h.inc"

/// Adds the conversions of `!fx.size<N>` to N `index` values and of
/// `!fx.slice` to its (start, stop, step).
void populateFXToTensorTypeConversions(TypeConverter &converter);

/// Adds the patterns that lower fx ops to tensor and arith ops, with their
/// run-time checks as `fx.assert`. They expect an fx.size with a constant dim
/// in its canonical form, fx.sym_size (SizeOp's canonicalization patterns):
/// such an fx.size is not lowered.
void populateFXToTensorConversionPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns);

} // namespace fx
} // namespace mlir

#endif // FX_MLIR_CONVERSION_FXTOTENSOR_FXTOTENSOR_H
