//===- fx-lsp-server.cpp - LSP server for fx-mlir -------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-lsp-server for fx programs: diagnostics, hover, go-to-definition and
// completion for the dialects fx-opt registers. An editor starts it and talks
// the Language Server Protocol over stdin/stdout.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdlib>

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::fx::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry))
             ? EXIT_FAILURE
             : EXIT_SUCCESS;
}
