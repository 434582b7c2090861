//===- FXTypes.cpp - FX dialect types -------------------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXTypes.h"
#include "fx-mlir/Dialect/FX/IR/FXDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::fx;

#define GET_TYPEDEF_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOpsTypes.cpp.inc"

void FXDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "fx-mlir/Dialect/FX/IR/FXOpsTypes.cpp.inc"
      >();
}

LogicalResult SizeType::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t rank) {
  if (rank < 0)
    return emitError() << "!fx.size length must be non-negative, got " << rank;
  return success();
}
