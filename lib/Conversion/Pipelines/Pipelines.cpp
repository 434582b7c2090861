//===- Pipelines.cpp - fx-to-llvm -----------------------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Conversion/Pipelines/Pipelines.h"
#include "fx-mlir/Conversion/FXAssertToLLVM/FXAssertToLLVM.h"
#include "fx-mlir/Conversion/FXToTensor/FXToTensor.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {
/// Replaces each memref.cast of a strided buffer to the identity layout or
/// to an unranked memref by a copy into a new buffer of the identity layout.
/// LLVM 22's one-shot-bufferize casts a buffer of layout `strided<[?, 1]>`
/// to `memref<?x?xT>` at a function boundary with identity layouts, as if
/// the dynamic stride were the identity one: returning
/// `tensor.extract_slice %m[0, 0] [%n, %k] [%step, 1]` gives the rows of
/// step 1. And it reshapes an unranked memref in place, as if it had the
/// identity layout, which LLVM 22's memref.reshape lowering reads without
/// its offset: `t.view(6, 1)[2:].view(4)` gave the first 4 elements. A copy
/// has the same elements wherever such a cast was right.
struct CopyStridedCastsPass
    : PassWrapper<CopyStridedCastsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CopyStridedCastsPass)

  StringRef getArgument() const override { return "fx-copy-strided-casts"; }
  StringRef getDescription() const override {
    return "Copy a strided buffer that bufferization casts to the identity "
           "layout or to an unranked memref";
  }

  void runOnOperation() override {
    getOperation().walk([](memref::CastOp cast) {
      auto source = dyn_cast<MemRefType>(cast.getSource().getType());
      Type result = cast.getType();
      auto ranked = dyn_cast<MemRefType>(result);
      if (!source || source.getLayout().isIdentity() ||
          (ranked && !ranked.getLayout().isIdentity()))
        return;
      // The buffer of the identity layout: the result's, or the source's
      // shape for an unranked result.
      MemRefType type =
          ranked ? ranked
                 : MemRefType::get(source.getShape(), source.getElementType(),
                                   MemRefLayoutAttrInterface(),
                                   source.getMemorySpace());
      OpBuilder builder(cast);
      Location loc = cast.getLoc();
      SmallVector<Value> dynamicSizes;
      for (int64_t dim = 0; dim < type.getRank(); ++dim)
        if (type.isDynamicDim(dim))
          dynamicSizes.push_back(
              memref::DimOp::create(builder, loc, cast.getSource(), dim));
      Value copy = memref::AllocOp::create(builder, loc, type, dynamicSizes);
      memref::CopyOp::create(builder, loc, cast.getSource(), copy);
      if (!ranked)
        copy = memref::CastOp::create(builder, loc, result, copy);
      cast.replaceAllUsesWith(copy);
      cast.erase();
    });
  }
};
} // namespace

/// fx IR to the LLVM dialect: the fx lowering with its run-time checks,
/// whose messages print run-time values, cleanup that erases the checks the
/// types prove, bufferization, and the upstream conversions to LLVM, asserts
/// last before cf.
static void buildFXToLLVMPipeline(OpPassManager &pm) {
  fx::ConvertFXToTensorOptions lowering;
  lowering.messageValues = true;
  pm.addPass(fx::createConvertFXToTensor(lowering));
  // LLVM 22's scf.for canonicalization gives a loop the static type of a
  // tensor.cast that feeds it, as if no iteration changed the shape: a loop
  // that slices its tensor each time would read past it.
  pm.addPass(createCanonicalizerPass(
      GreedyRewriteConfig(),
      /*disabledPatterns=*/{"(anonymous namespace)::ForOpTensorCastFolder"}));
  pm.addPass(createCSEPass());
  bufferization::OneShotBufferizePassOptions bufferization;
  bufferization.bufferizeFunctionBoundaries = true;
  // Fully dynamic layouts crash the bufferization of calls that pass
  // unranked tensors (castOrReallocMemRefValue in LLVM 22); identity layouts
  // copy a strided result at a return instead.
  bufferization.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // A loop whose tensor is sliced each iteration yields a new buffer.
  bufferization.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferization));
  pm.addPass(std::make_unique<CopyStridedCastsPass>());
  // affine's loops become scf, then all of scf cf blocks, where a check can
  // branch.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(fx::createFXLowerAssertToLLVM());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::fx::registerFXPipelines() {
  // As PassPipelineRegistration<>, but a pass manager anchored on another op
  // (`func.func(fx-to-llvm)`) is an error of the pipeline text: adding the
  // module passes to it would be a fatal error, which kills a host that
  // parses a user's pipeline in process (native.Library.run).
  registerPassPipeline(
      "fx-to-llvm",
      "Lower fx IR to the LLVM dialect, ready for mlir-runner: "
      "convert-fx-to-tensor{message-values} with its run-time checks, "
      "canonicalize, cse, one-shot-bufferize of function boundaries, and the "
      "conversions to LLVM, fx.assert and cf.assert through "
      "fx-lower-assert-to-llvm",
      [](OpPassManager &pm, StringRef options,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!options.empty())
          return failure();
        StringRef anchor = pm.getOpAnchorName();
        if (anchor != OpPassManager::getAnyOpAnchorName() &&
            anchor != ModuleOp::getOperationName())
          return errorHandler("fx-to-llvm runs on 'builtin.module', not on '" +
                              anchor + "'");
        buildFXToLLVMPipeline(pm);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)>) {});
}

void mlir::fx::registerFXPipelineDependencies(DialectRegistry &registry) {
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
}
