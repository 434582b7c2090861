//===- FXPlugin.cpp - fx dialect and pass plugin for mlir-opt -------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One shared library that is both a dialect plugin and a pass plugin. Either
// entry point registers the fx passes, so one flag is enough:
//
//   mlir-opt --load-dialect-plugin=lib/FXPlugin.so \
//            --pass-pipeline='builtin.module(func.func(fx-decompose-size))'
//
// and the two-flag form (adding --load-pass-plugin=lib/FXPlugin.so) keeps
// working. The passes come in through --pass-pipeline: mlir-opt parses its own
// flags before it loads a plugin.
//
// It links libMLIR.so, as Debian's mlir-opt does, so that the tool and the
// plugin share one MLIR (one registry, one set of TypeIDs).
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  // mlir-opt has every upstream dialect and extension already: add only fx.
  return {MLIR_PLUGIN_API_VERSION, "FXDialect", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<fx::FXDialect>();
            fx::registerAllPasses();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FXPasses", LLVM_VERSION_STRING,
          []() { fx::registerAllPasses(); }};
}
