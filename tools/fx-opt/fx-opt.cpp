//===- fx-opt.cpp - fx-mlir optimizer driver ------------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with the fx dialect: every upstream dialect, extension and pass
// that mlir-opt registers (include/fx-mlir/InitAll.h and
// mlir/InitAllPasses.h), the fx passes and the fx-to-llvm pipeline, and the
// test-only passes.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::fx::test {
void registerTestLegacyDecomposeSizePass();
} // namespace mlir::fx::test

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::fx::registerAllPasses();
  mlir::fx::test::registerTestLegacyDecomposeSizePass();

  mlir::DialectRegistry registry;
  mlir::fx::registerAllDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "fx-mlir optimizer driver\n", registry));
}
