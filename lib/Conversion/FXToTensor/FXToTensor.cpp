//===- FXToTensor.cpp - Lower the fx dialect to tensor and arith ----------===//

#include "fx-mlir/Conversion/FXToTensor/FXToTensor.h"
#include "fx-mlir/Dialect/FX/IR/FXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

#include <limits>

namespace mlir::fx {
#define GEN_PASS_DEF_CONVERTFXTOTENSOR
#include "fx-mlir/Conversion/Passes.h.inc"
} // namespace mlir::fx

using namespace mlir;
using namespace mlir::fx;

/// The rank of `tensor` as an index value.
static Value getRank(OpBuilder &builder, Location loc, Value tensor) {
  if (auto type = dyn_cast<RankedTensorType>(tensor.getType()))
    return arith::ConstantIndexOp::create(builder, loc, type.getRank());
  return tensor::RankOp::create(builder, loc, tensor);
}

/// `tensor.dim` of the Python-style constant `dim`, which the verifier has
/// checked when the tensor is ranked; a static dim is a constant.
static Value lowerDim(OpBuilder &builder, Location loc, Value tensor,
                      int64_t dim) {
  if (auto type = dyn_cast<RankedTensorType>(tensor.getType())) {
    int64_t index = *normalizeIndex(dim, type.getRank());
    if (!type.isDynamicDim(index))
      return arith::ConstantIndexOp::create(builder, loc,
                                            type.getDimSize(index));
    return tensor::DimOp::create(builder, loc, tensor, index);
  }
  if (dim >= 0)
    return tensor::DimOp::create(builder, loc, tensor, dim);
  Value offset = arith::ConstantIndexOp::create(builder, loc, dim);
  Value index = arith::AddIOp::create(builder, loc,
                                      getRank(builder, loc, tensor), offset);
  return tensor::DimOp::create(builder, loc, tensor, index);
}

/// `tensor.dim` of a dim known only at run time: `d < 0 ? d + rank : d`.
static Value lowerDim(OpBuilder &builder, Location loc, Value tensor,
                      Value dim) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value negative =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, dim, zero);
  Value wrapped =
      arith::AddIOp::create(builder, loc, dim, getRank(builder, loc, tensor));
  Value index = arith::SelectOp::create(builder, loc, negative, wrapped, dim);
  return tensor::DimOp::create(builder, loc, tensor, index);
}

/// Clamps a slice bound into [0, length] as Python does for a positive step:
/// a negative bound counts from the end, then saturates at both ends.
static Value clampBound(OpBuilder &builder, Location loc, Value bound,
                        Value length) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value negative = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::slt, bound, zero);
  Value fromEnd = arith::MaxSIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, bound, length), zero);
  Value fromStart = arith::MinSIOp::create(builder, loc, bound, length);
  return arith::SelectOp::create(builder, loc, negative, fromEnd, fromStart);
}

namespace {
struct SizeOpLowering : OpConversionPattern<SizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    if (auto sizeType = dyn_cast<SizeType>(op.getType())) {
      SmallVector<Value> elements;
      for (int64_t dim = 0; dim < sizeType.getRank(); ++dim)
        elements.push_back(lowerDim(rewriter, loc, input, dim));
      rewriter.replaceOpWithMultiple(op, {elements});
      return success();
    }
    if (IntegerAttr dim = op.getDimAttr())
      rewriter.replaceOp(op, lowerDim(rewriter, loc, input, dim.getInt()));
    else
      rewriter.replaceOp(
          op, lowerDim(rewriter, loc, input, adaptor.getDynamicDim()));
    return success();
  }
};

struct SymSizeOpLowering : OpConversionPattern<SymSizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SymSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, lowerDim(rewriter, op.getLoc(), adaptor.getInput(),
                                    op.getDimAttr().getInt()));
    return success();
  }
};

struct MakeSizeOpLowering : OpConversionPattern<MakeSizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MakeSizeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> elements;
    for (ValueRange element : adaptor.getElements())
      llvm::append_range(elements, element);
    rewriter.replaceOpWithMultiple(op, {elements});
    return success();
  }
};

struct GetItemOpLowering : OpConversionPattern<GetItemOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GetItemOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange elements = adaptor.getSize();
    std::optional<int64_t> index =
        normalizeIndex(op.getIndexAttr().getInt(), elements.size());
    if (!index)
      return rewriter.notifyMatchFailure(op, "index out of range");
    rewriter.replaceOp(op, elements[*index]);
    return success();
  }
};

struct SliceOpLowering : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto boundOr = [&](Value bound, int64_t absent) -> Value {
      if (bound)
        return bound;
      return arith::ConstantIndexOp::create(rewriter, loc, absent);
    };
    // An absent stop is "the end": the largest index, which clamps to the
    // length of whatever the slice is applied to.
    Value start = boundOr(adaptor.getStart(), 0);
    Value stop =
        boundOr(adaptor.getStop(), std::numeric_limits<int64_t>::max());
    Value step = boundOr(adaptor.getStep(), 1);
    rewriter.replaceOpWithMultiple(op, {{start, stop, step}});
    return success();
  }
};

struct SliceTensorOpLowering : OpConversionPattern<SliceTensorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SliceTensorOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput().front();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "unranked input");
    ValueRange slice = adaptor.getSlice();
    Value step = slice[2];

    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);
    Value length = getValueOrCreateConstantIndexOp(rewriter, loc, sizes[0]);
    Value start = clampBound(rewriter, loc, slice[0], length);
    Value stop = clampBound(rewriter, loc, slice[1], length);
    // ceil(max(stop - start, 0) / step) rows, for a positive step.
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value span = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, stop, start), zero);
    sizes[0] =
        arith::CeilDivSIOp::create(rewriter, loc, span, step).getResult();

    SmallVector<OpFoldResult> offsets(inputType.getRank(),
                                      rewriter.getIndexAttr(0));
    offsets[0] = start;
    SmallVector<OpFoldResult> strides(inputType.getRank(),
                                      rewriter.getIndexAttr(1));
    strides[0] = step;
    Value result = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets,
                                                  sizes, strides);
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ViewOpLowering : OpConversionPattern<ViewOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ViewOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unranked result");
    Location loc = op.getLoc();
    ValueRange elements = adaptor.getSize();
    auto shapeType = RankedTensorType::get(
        {static_cast<int64_t>(elements.size())}, rewriter.getIndexType());
    Value shape =
        tensor::FromElementsOp::create(rewriter, loc, shapeType, elements);
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(
        op, resultType, adaptor.getInput().front(), shape);
    return success();
  }
};

/// A !fx.size<N> becomes N values; past this, N is a hostile input, not a
/// tensor rank.
constexpr int64_t kMaxLoweredSizeLength = 1 << 16;

/// Whether `op` defines or passes a !fx.size too long to lower.
bool hasOverlongSize(Operation *op) {
  auto overlong = [](Type type) {
    auto size = dyn_cast<SizeType>(type);
    return size && size.getRank() > kMaxLoweredSizeLength;
  };
  if (llvm::any_of(op->getResultTypes(), overlong))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (llvm::any_of(block.getArgumentTypes(), overlong))
        return true;
  auto function = dyn_cast<FunctionOpInterface>(op);
  return function && llvm::any_of(function.getResultTypes(), overlong);
}

/// What the patterns cannot express, reported on the op before anything
/// changes, so that a failed lowering leaves the IR as it was.
LogicalResult checkLowerable(Operation *root) {
  bool failed = false;
  root->walk([&](Operation *op) {
    if (hasOverlongSize(op)) {
      op->emitOpError() << "cannot be lowered: it carries a !fx.size of more "
                           "than "
                        << kMaxLoweredSizeLength << " elements";
      failed = true;
    }
    if (auto node = dyn_cast<NodeOp>(op)) {
      node.emitOpError() << "cannot be lowered: it is an opaque torch.fx node ("
                         << stringifyNodeKind(node.getKind()) << " "
                         << node.getTarget() << ")";
      failed = true;
    } else if (auto slice = dyn_cast<SliceOp>(op)) {
      Value step = slice.getStep();
      APInt value;
      if (step && !(matchPattern(step, m_ConstantInt(&value)) &&
                    value.isStrictlyPositive())) {
        slice.emitOpError("cannot be lowered: the step must be none or a "
                          "positive constant");
        failed = true;
      }
    } else if (auto sliceTensor = dyn_cast<SliceTensorOp>(op)) {
      if (!isa<RankedTensorType>(sliceTensor.getInput().getType())) {
        sliceTensor.emitOpError("cannot be lowered: the input is unranked");
        failed = true;
      }
    } else if (auto view = dyn_cast<ViewOp>(op)) {
      if (!isa<RankedTensorType>(view.getType())) {
        view.emitOpError("cannot be lowered: the result is unranked");
        failed = true;
      }
      // torch infers a -1 from the element count; tensor.reshape does not.
      if (auto makeSize = view.getSize().getDefiningOp<MakeSizeOp>()) {
        for (auto [i, element] : llvm::enumerate(makeSize.getElements())) {
          APInt value;
          if (matchPattern(element, m_ConstantInt(&value)) &&
              value.isNegative()) {
            view.emitOpError()
                << "cannot be lowered: element " << i << " of the size is "
                << value.getSExtValue() << ", a dim that torch infers";
            failed = true;
          }
        }
      }
    }
  });
  return success(!failed);
}

struct ConvertFXToTensorPass
    : fx::impl::ConvertFXToTensorBase<ConvertFXToTensorPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkLowerable(module)))
      return signalPassFailure();

    MLIRContext *context = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    populateFXToTensorTypeConversions(converter);

    RewritePatternSet patterns(context);
    populateFXToTensorConversionPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);

    ConversionTarget target(*context);
    target.addIllegalDialect<FXDialect>();
    target.addLegalDialect<arith::ArithDialect, tensor::TensorDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    // Any other op is legal once no fx type flows through it.
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegal(op); });

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::fx::populateFXToTensorTypeConversions(TypeConverter &converter) {
  converter.addConversion(
      [](SizeType type, SmallVectorImpl<Type> &results) -> LogicalResult {
        if (type.getRank() > kMaxLoweredSizeLength)
          return failure();
        results.append(type.getRank(), IndexType::get(type.getContext()));
        return success();
      });
  converter.addConversion(
      [](SliceType type, SmallVectorImpl<Type> &results) -> LogicalResult {
        results.append(3, IndexType::get(type.getContext()));
        return success();
      });
}

void mlir::fx::populateFXToTensorConversionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GetItemOpLowering, MakeSizeOpLowering, SizeOpLowering,
               SliceOpLowering, SliceTensorOpLowering, SymSizeOpLowering,
               ViewOpLowering>(converter, patterns.getContext());
}
