//===- FXAttrs.h - FX dialect attributes ------------------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXATTRS_H
#define FX_MLIR_DIALECT_FX_IR_FXATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "fx-mlir/Dialect/FX/IR/FXOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOpsAttributes.h.inc"

#endif // FX_MLIR_DIALECT_FX_IR_FXATTRS_H
