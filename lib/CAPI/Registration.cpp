//===- Registration.cpp - What the fx-mlir tools register, for C ----------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir-c/Registration.h"

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"
#include "fx-mlir/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

void fxMlirRegisterDialects(MlirDialectRegistry registry) {
  mlir::fx::registerFXDialects(*unwrap(registry));
}

void fxMlirRegisterAllPasses(void) { mlir::fx::registerAllPasses(); }

bool fxMlirTryRegisterAllPasses(void) {
  // Each copy of this library has TypeIDs of its own: the registry's
  // fx-split-graph tells which copy registered the fx passes.
  std::unique_ptr<mlir::Pass> ours = mlir::fx::createFXSplitGraph();
  if (const mlir::PassInfo *info =
          mlir::PassInfo::lookup(ours->getArgument())) {
    mlir::OpPassManager pm;
    if (failed(info->addToPipeline(
            pm, "", [](const llvm::Twine &) { return mlir::failure(); })) ||
        pm.size() != 1 || pm.begin()->getTypeID() != ours->getTypeID())
      return false;
  }
  mlir::fx::registerAllPasses();
  return true;
}
