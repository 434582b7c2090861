//===- InitAll.cpp - Everything the fx-mlir tools register ----------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"

using namespace mlir;

void fx::registerAllDialects(DialectRegistry &registry) {
  // What mlir-opt registers, so that the tools read whatever mlir-opt reads
  // and writes, the lowering's output among it: every upstream dialect and
  // every extension (the func and LLVM inliner interfaces among them).
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // The fx dialect, and what fx-to-llvm needs, named as such.
  registerFXDialects(registry);
}
