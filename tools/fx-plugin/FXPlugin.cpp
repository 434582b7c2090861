//===- FXPlugin.cpp - fx dialect and pass plugin for mlir-opt -------------===//
//
// One shared library that is both a dialect plugin and a pass plugin:
//
//   mlir-opt --load-dialect-plugin=lib/FXPlugin.so \
//            --load-pass-plugin=lib/FXPlugin.so \
//            --pass-pipeline='builtin.module(func.func(fx-decompose-size))'
//
// The passes come in through --pass-pipeline: mlir-opt parses its own flags
// before it loads a plugin.
//
// It links libMLIR.so, as Debian's mlir-opt does, so that the tool and the
// plugin share one MLIR (one registry, one set of TypeIDs).
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Conversion/Passes.h"
#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FXDialect", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) { registry->insert<fx::FXDialect>(); }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FXPasses", LLVM_VERSION_STRING, []() {
            fx::registerFXPasses();
            fx::registerFXConversionPasses();
            fx::registerFXPipelines();
          }};
}
