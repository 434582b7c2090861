//===- Passes.h - FX conversion passes --------------------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_CONVERSION_PASSES_H
#define FX_MLIR_CONVERSION_PASSES_H

#include "fx-mlir/Conversion/FXAssertToLLVM/FXAssertToLLVM.h"
#include "fx-mlir/Conversion/FXToTensor/FXToTensor.h"
#include "fx-mlir/Conversion/Pipelines/Pipelines.h"

namespace mlir::fx {

#define GEN_PASS_REGISTRATION
#include "fx-mlir/Conversion/Passes.h.inc"

} // namespace mlir::fx

#endif // FX_MLIR_CONVERSION_PASSES_H
