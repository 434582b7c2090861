//===- Passes.cpp - C API for the fx passes -------------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir-c/Passes.h"

#include "fx-mlir/Conversion/Passes.h"
#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"

// The generated definitions name the C++ entry points unqualified; the
// declarations in fx-mlir-c/Passes.h give them C linkage.
using namespace mlir;
using namespace mlir::fx;

#include "fx-mlir/Conversion/Passes.capi.cpp.inc"
#include "fx-mlir/Dialect/FX/Transforms/Passes.capi.cpp.inc"
