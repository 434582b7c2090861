//===- FXAssertToLLVM.h - Run-time checks to LLVM ---------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_CONVERSION_FXASSERTTOLLVM_FXASSERTTOLLVM_H
#define FX_MLIR_CONVERSION_FXASSERTTOLLVM_FXASSERTTOLLVM_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::fx {

#define GEN_PASS_DECL_FXLOWERASSERTTOLLVM
#include "fx-mlir/Conversion/Passes.h.inc"

} // namespace mlir::fx

#endif // FX_MLIR_CONVERSION_FXASSERTTOLLVM_FXASSERTTOLLVM_H
