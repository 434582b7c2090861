//===- FXDialect.h - FX dialect ---------------------------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXDIALECT_H
#define FX_MLIR_DIALECT_FX_IR_FXDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "fx-mlir/Dialect/FX/IR/FXOpsDialect.h.inc"

#endif // FX_MLIR_DIALECT_FX_IR_FXDIALECT_H
