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
#include "mlir/Parser/Parser.h"
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

/// A single-threaded context of getRegistry() that drops its diagnostics:
/// most fuzzed input is invalid, and only a crash is a finding.
struct SilentContext {
  MLIRContext context{getRegistry(), MLIRContext::Threading::DISABLED};
  ScopedDiagnosticHandler silence{&context,
                                  [](Diagnostic &) { return success(); }};
};

/// `text` parsed in `context`, or null if it does not parse or verify. A
/// std::string, since the parser wants a NUL-terminated buffer.
inline OwningOpRef<ModuleOp> parseValid(const std::string &text,
                                        MLIRContext *context) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, context);
  if (!module || failed(verify(*module)))
    return nullptr;
  return module;
}

/// Runs `passes`, in order, on `copy`, a copy of `module`; a pipeline that
/// succeeds must leave IR that verifies. Returns whether it succeeded.
template <typename... Passes>
bool runOnCopy(ModuleOp module, OwningOpRef<ModuleOp> &copy, Passes... passes) {
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
void runOnCopy(ModuleOp module, std::unique_ptr<Pass> first, Passes... rest) {
  OwningOpRef<ModuleOp> copy;
  (void)runOnCopy(module, copy, std::move(first), std::move(rest)...);
}

} // namespace mlir::fx::fuzz

#endif // FX_MLIR_TOOLS_FX_FUZZ_FUZZSUPPORT_H
