//===- RegisterAllDialects.cpp - fx-opt's dialects, for C -----------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Apart from Registration.cpp: a library that links MLIR in leaves this file
// out, and with it every upstream dialect.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir-c/Registration.h"

#include "fx-mlir/InitAll.h"

#include "mlir/CAPI/IR.h"

void fxMlirRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::fx::registerAllDialects(*unwrap(registry));
}
