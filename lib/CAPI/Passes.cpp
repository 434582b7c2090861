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
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/Pass/PassManager.h"

// The generated definitions name the C++ entry points unqualified; the
// declarations in fx-mlir-c/Passes.h give them C linkage.
using namespace mlir;
using namespace mlir::fx;

#include "fx-mlir/Conversion/Passes.capi.cpp.inc"
#include "fx-mlir/Dialect/FX/Transforms/Passes.capi.cpp.inc"

MlirLogicalResult
fxMlirOpPassManagerAddOwnedPass(MlirOpPassManager passManager, MlirPass pass,
                                MlirStringCallback errorCallback,
                                void *userData) {
  OpPassManager *manager = unwrap(passManager);
  std::unique_ptr<Pass> owned(unwrap(pass));
  // The check of upstream's OpPassManager::addPass, which reports it with
  // report_fatal_error.
  std::optional<StringRef> managerOp = manager->getOpName();
  std::optional<StringRef> passOp = owned->getOpName();
  if (managerOp && passOp && *managerOp != *passOp &&
      manager->getNesting() == OpPassManager::Nesting::Explicit) {
    mlir::detail::CallbackOstream os(errorCallback, userData);
    StringRef name = owned->getArgument();
    os << "'" << (name.empty() ? owned->getName() : name) << "' runs on '"
       << *passOp << "', not on the '" << *managerOp
       << "' this pass manager runs on; add it to a pass manager nested "
       << "for '" << *passOp << "' (mlirOpPassManagerGetNestedUnder)";
    os.flush();
    return mlirLogicalResultFailure();
  }
  manager->addPass(std::move(owned));
  return mlirLogicalResultSuccess();
}
