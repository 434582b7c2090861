//===- FXAttrs.cpp - FX dialect attributes --------------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXAttrs.h"
#include "fx-mlir/Dialect/FX/IR/FXDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::fx;

#include "fx-mlir/Dialect/FX/IR/FXOpsEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOpsAttributes.cpp.inc"

void FXDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "fx-mlir/Dialect/FX/IR/FXOpsAttributes.cpp.inc"
      >();
}
