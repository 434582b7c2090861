//===- fx-opt.cpp - fx-mlir optimizer driver ------------------------------===//
//
// mlir-opt for the fx dialect: the fx dialect and the upstream dialects its
// graphs and their lowering use (arith, bufferization, cf, func, llvm, memref,
// scf, tensor), the fx passes, the fx-to-llvm pipeline, the upstream transforms
// (canonicalize, cse, inline, ...) and the test-only passes.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Conversion/Passes.h"
#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::fx::test {
void registerTestLegacyDecomposeSizePass();
} // namespace mlir::fx::test

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::fx::registerFXPasses();
  mlir::fx::registerFXConversionPasses();
  mlir::fx::registerFXPipelines();
  mlir::fx::test::registerTestLegacyDecomposeSizePass();

  mlir::DialectRegistry registry;
  registry.insert<mlir::fx::FXDialect, mlir::arith::ArithDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::LLVM::LLVMDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect>();
  mlir::fx::registerFXPipelineDependencies(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "fx-mlir optimizer driver\n", registry));
}
