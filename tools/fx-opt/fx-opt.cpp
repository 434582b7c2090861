//===- fx-opt.cpp - fx-mlir optimizer driver ------------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-opt for the fx dialect: the registry of include/fx-mlir/InitAll.h (the
// fx dialect, the upstream dialects its graphs and their lowering use, their
// extensions), the fx passes and the fx-to-llvm pipeline, the upstream
// transforms (canonicalize, cse, inline, ...) and the test-only passes.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/InitAll.h"

#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::fx::test {
void registerTestLegacyDecomposeSizePass();
} // namespace mlir::fx::test

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  // The upstream passes that fold tensor.dim of fx results by reification.
  mlir::memref::registerResolveRankedShapeTypeResultDimsPass();
  mlir::memref::registerResolveShapedTypeResultDimsPass();
  mlir::fx::registerAllPasses();
  mlir::fx::test::registerTestLegacyDecomposeSizePass();

  mlir::DialectRegistry registry;
  mlir::fx::registerAllDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "fx-mlir optimizer driver\n", registry));
}
