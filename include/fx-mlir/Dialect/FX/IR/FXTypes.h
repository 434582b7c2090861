//===- FXTypes.h - FX dialect types -----------------------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXTYPES_H
#define FX_MLIR_DIALECT_FX_IR_FXTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOpsTypes.h.inc"

#endif // FX_MLIR_DIALECT_FX_IR_FXTYPES_H
