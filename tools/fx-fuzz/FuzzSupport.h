//===- FuzzSupport.h - What the fx libFuzzer targets share ------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The dialects the targets parse, and a pass run on a copy whose result must
// verify. A crash, a sanitizer report or an abort() here is a bug; a
// diagnostic is not.
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_TOOLS_FX_FUZZ_FUZZSUPPORT_H
#define FX_MLIR_TOOLS_FX_FUZZ_FUZZSUPPORT_H

#include "fx-mlir/Dialect/FX/IR/FXDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include <cstdlib>

namespace mlir::fx::fuzz {

/// The dialects of an imported graph; the passes load what they make.
inline const DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    r->insert<fx::FXDialect, arith::ArithDialect, func::FuncDialect,
              scf::SCFDialect, tensor::TensorDialect>();
    return r;
  }();
  return *registry;
}

/// Runs `passes`, in order, on `copy`, a copy of `module`; a pipeline that
/// succeeds must leave IR that verifies. Returns whether it succeeded.
template <typename... Passes>
bool runOnCopy(ModuleOp module, OwningOpRef<ModuleOp> &copy,
               Passes... passes) {
  copy = module.clone();
  PassManager pm(module.getContext());
  pm.enableVerifier(false);
  (pm.addPass(std::move(passes)), ...);
  if (failed(pm.run(*copy)))
    return false;
  if (failed(verify(*copy)))
    std::abort();
  return true;
}

template <typename... Passes>
void runOnCopy(ModuleOp module, std::unique_ptr<Pass> first,
               Passes... rest) {
  OwningOpRef<ModuleOp> copy;
  (void)runOnCopy(module, copy, std::move(first), std::move(rest)...);
}

} // namespace mlir::fx::fuzz

#endif // FX_MLIR_TOOLS_FX_FUZZ_FUZZSUPPORT_H
