//===- InitFX.cpp - The fx dialect and passes, and what they need ---------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Apart from InitAll.cpp, so that a static link that needs only these does
// not take in every upstream dialect with mlir::registerAllDialects.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/InitAll.h"

#include "fx-mlir/Conversion/Passes.h"
#include "fx-mlir/Conversion/Pipelines/Pipelines.h"
#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void fx::registerFXDialects(DialectRegistry &registry) {
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, fx::FXDialect, index::IndexDialect,
                  LLVM::LLVMDialect, memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect>();
  registerFXPipelineDependencies(registry);
}

void fx::registerAllPasses() {
  // A function-local static runs the registration once, even when two plugin
  // entry points or two threads ask for it.
  static const bool registered = [] {
    registerFXPasses();
    registerFXConversionPasses();
    registerFXPipelines();
    return true;
  }();
  (void)registered;
}
