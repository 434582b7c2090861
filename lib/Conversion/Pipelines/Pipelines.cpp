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
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::fx {
#define GEN_PASS_DEF_FXBUFFERIZEFUNCTIONVALUES
#define GEN_PASS_DEF_FXCOPYSTRIDEDCASTS
#include "fx-mlir/Conversion/Passes.h.inc"
} // namespace mlir::fx

using namespace mlir;

/// A new buffer of `type`, of `buffer`'s shape, holding a copy of `buffer`'s
/// elements.
static Value copyIntoNewBuffer(OpBuilder &builder, Location loc, Value buffer,
                               MemRefType type) {
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(memref::DimOp::create(builder, loc, buffer, dim));
  Value copy = memref::AllocOp::create(builder, loc, type, dynamicSizes);
  memref::CopyOp::create(builder, loc, buffer, copy);
  return copy;
}

namespace {
/// Replaces each memref.cast of a strided buffer to the identity layout or
/// to an unranked memref by a copy into a new buffer of the identity layout:
/// LLVM 22's one-shot-bufferize casts where it must copy (Passes.td).
struct CopyStridedCastsPass
    : fx::impl::FXCopyStridedCastsBase<CopyStridedCastsPass> {
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
      Value copy = copyIntoNewBuffer(builder, loc, cast.getSource(), type);
      if (!ranked)
        copy = memref::CastOp::create(builder, loc, result, copy);
      cast.replaceAllUsesWith(copy);
      cast.erase();
    });
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Function values of tensors
//===----------------------------------------------------------------------===//
//
// LLVM 22's one-shot-bufferize converts the signatures of functions, their
// calls and returns, but not the type of a function value (a func.constant,
// a function argument) nor a func.call_indirect: it stops at the first such
// call with "op was not bufferized". The pass below gives every function
// value the signature that bufferization gives functions at their
// boundaries, with identity layouts, before bufferization runs: a
// func.constant refers to a wrapper of the function with that signature,
// and a call through a value passes buffers and takes buffers back.

static FunctionType getBufferSignature(FunctionType type);

/// `type` at a function boundary after bufferization with identity layouts:
/// a tensor's buffer, a function's signature of buffers, anything else as it
/// is.
static Type getBoundaryType(Type type) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return MemRefType::get(ranked.getShape(), ranked.getElementType());
  if (auto unranked = dyn_cast<UnrankedTensorType>(type))
    return UnrankedMemRefType::get(unranked.getElementType(), Attribute());
  if (auto function = dyn_cast<FunctionType>(type))
    return getBufferSignature(function);
  return type;
}

static FunctionType getBufferSignature(FunctionType type) {
  SmallVector<Type> inputs =
      llvm::map_to_vector(type.getInputs(), getBoundaryType);
  SmallVector<Type> results =
      llvm::map_to_vector(type.getResults(), getBoundaryType);
  return FunctionType::get(type.getContext(), inputs, results);
}

/// The elements of `tensor` in a buffer at a function boundary. A ranked
/// one is copied into a new buffer of the identity layout, whatever layout
/// its own buffer has; the callee owns the copy and may write it. An
/// unranked one is passed as it is (no buffer of unknown rank is allocated),
/// and taken read-only.
static Value copyToBoundaryBuffer(OpBuilder &builder, Location loc,
                                  Value tensor) {
  auto ranked = dyn_cast<RankedTensorType>(tensor.getType());
  if (!ranked)
    return bufferization::ToBufferOp::create(
        builder, loc, getBoundaryType(tensor.getType()), tensor,
        /*read_only=*/true);
  SmallVector<int64_t> strides(ranked.getRank(), ShapedType::kDynamic);
  auto anyLayout =
      MemRefType::get(ranked.getShape(), ranked.getElementType(),
                      StridedLayoutAttr::get(builder.getContext(),
                                             ShapedType::kDynamic, strides));
  Value buffer = bufferization::ToBufferOp::create(builder, loc, anyLayout,
                                                   tensor, /*read_only=*/true);
  return copyIntoNewBuffer(builder, loc, buffer,
                           cast<MemRefType>(getBoundaryType(ranked)));
}

/// The tensor of the boundary buffer `buffer`, as `type`: a ranked one is a
/// new buffer that nothing else holds (copyToBoundaryBuffer made it), so
/// bufferization may write it in place.
static Value getBoundaryTensor(OpBuilder &builder, Location loc, Type type,
                               Value buffer) {
  return bufferization::ToTensorOp::create(
      builder, loc, type, buffer, /*restrict=*/true,
      /*writable=*/isa<RankedTensorType>(type));
}

namespace {
/// func.constant of a function with tensors: the constant of its wrapper,
/// whose signature is of buffers.
struct ConstantOpOfWrapper : OpConversionPattern<func::ConstantOp> {
  ConstantOpOfWrapper(const TypeConverter &converter, MLIRContext *context,
                      const DenseMap<StringAttr, func::FuncOp> &wrappers)
      : OpConversionPattern(converter, context), wrappers(wrappers) {}

  LogicalResult
  matchAndRewrite(func::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    func::FuncOp wrapper =
        wrappers.lookup(op.getValueAttr().getRootReference());
    if (!wrapper)
      return rewriter.notifyMatchFailure(op, "no wrapper");
    rewriter.replaceOpWithNewOp<func::ConstantOp>(op, wrapper.getFunctionType(),
                                                  wrapper.getSymName());
    return success();
  }

  const DenseMap<StringAttr, func::FuncOp> &wrappers;
};

/// func.call_indirect through a function value of buffers: each tensor
/// operand copied into a boundary buffer, each buffer result taken back as a
/// tensor.
struct CallIndirectOpOfBuffers : OpConversionPattern<func::CallIndirectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::CallIndirectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> operands;
    for (auto [original, converted] :
         llvm::zip_equal(op.getCalleeOperands(), adaptor.getCalleeOperands()))
      operands.push_back(isa<TensorType>(original.getType())
                             ? copyToBoundaryBuffer(rewriter, loc, original)
                             : converted);
    auto call = func::CallIndirectOp::create(rewriter, loc, adaptor.getCallee(),
                                             operands);
    SmallVector<Value> results;
    for (auto [original, result] :
         llvm::zip_equal(op.getResults(), call.getResults()))
      results.push_back(
          isa<TensorType>(original.getType())
              ? getBoundaryTensor(rewriter, loc, original.getType(), result)
              : result);
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// arith.select of function values.
struct SelectOpOfFunctions : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, adaptor.getCondition(),
                                                 adaptor.getTrueValue(),
                                                 adaptor.getFalseValue());
    return success();
  }
};

/// Gives each function value of tensors the signature of buffers that
/// one-shot-bufferize gives the function itself (identity layouts at
/// function boundaries), so that it bufferizes the rest: function
/// arguments, results and block arguments of such values, func.constant
/// (which refers to a wrapper `@f_buffers` that calls `@f`), arith.select
/// and func.call_indirect (which copies its tensors into new buffers).
/// Another op that takes or makes such a value fails the pass.
struct BufferizeFunctionValuesPass
    : fx::impl::FXBufferizeFunctionValuesBase<BufferizeFunctionValuesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](FunctionType type) -> Type { return getBufferSignature(type); });

    // Most modules have no such value: nothing to do.
    auto needsConversion = [](Type type) {
      auto function = dyn_cast<FunctionType>(type);
      return function && getBufferSignature(function) != function;
    };
    bool found = false;
    SmallVector<func::ConstantOp> constants;
    module.walk([&](Operation *op) {
      if (auto constant = dyn_cast<func::ConstantOp>(op);
          constant && needsConversion(constant.getType()))
        constants.push_back(constant);
      // Any such value is a result or a function's argument, or comes from
      // one through a block argument.
      if (auto function = dyn_cast<FunctionOpInterface>(op))
        found = found ||
                llvm::any_of(function.getArgumentTypes(), needsConversion) ||
                llvm::any_of(function.getResultTypes(), needsConversion);
      found = found || llvm::any_of(op->getResultTypes(), needsConversion);
    });
    if (!found)
      return;

    // A wrapper per function that a func.constant refers to.
    SymbolTable symbols(module);
    DenseMap<StringAttr, func::FuncOp> wrappers;
    SmallVector<std::pair<func::FuncOp, func::FuncOp>> toWrap;
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    for (func::ConstantOp constant : constants) {
      StringAttr name = constant.getValueAttr().getRootReference();
      auto callee = symbols.lookup<func::FuncOp>(name);
      if (!callee || wrappers.contains(name))
        continue;
      auto wrapper = func::FuncOp::create(
          builder, callee.getLoc(), (name.getValue() + "_buffers").str(),
          getBufferSignature(callee.getFunctionType()));
      wrapper.setPrivate();
      symbols.insert(wrapper);
      wrappers[name] = wrapper;
      toWrap.emplace_back(callee, wrapper);
    }

    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    RewritePatternSet patterns(context);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    cf::populateCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
    patterns.add<CallIndirectOpOfBuffers, SelectOpOfFunctions>(converter,
                                                               context);
    patterns.add<ConstantOpOfWrapper>(converter, context, wrappers);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // Each wrapper calls its function, whose signature now has function
    // values of buffers and tensors as before.
    for (auto [callee, wrapper] : toWrap) {
      Location loc = wrapper.getLoc();
      OpBuilder builder = OpBuilder::atBlockBegin(wrapper.addEntryBlock());
      SmallVector<Value> operands;
      for (auto [type, argument] :
           llvm::zip_equal(callee.getArgumentTypes(), wrapper.getArguments()))
        operands.push_back(isa<TensorType>(type)
                               ? getBoundaryTensor(builder, loc, type, argument)
                               : Value(argument));
      auto call = func::CallOp::create(builder, loc, callee, operands);
      SmallVector<Value> results;
      for (Value result : call.getResults())
        results.push_back(isa<TensorType>(result.getType())
                              ? copyToBoundaryBuffer(builder, loc, result)
                              : result);
      func::ReturnOp::create(builder, loc, results);
    }
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
  pm.addPass(fx::createFXBufferizeFunctionValues());
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
  pm.addPass(fx::createFXCopyStridedCasts());
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
  // parses a user's pipeline in process (fxMlirParsePassPipeline).
  registerPassPipeline(
      "fx-to-llvm",
      "Lower fx IR to the LLVM dialect, ready for mlir-runner: "
      "convert-fx-to-tensor{message-values} with its run-time checks, "
      "canonicalize, cse, function values of tensors given signatures of "
      "buffers, one-shot-bufferize of function boundaries, and the "
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
