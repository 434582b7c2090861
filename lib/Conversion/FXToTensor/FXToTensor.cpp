//===- FXToTensor.cpp - Lower the fx dialect to tensor and arith ----------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Conversion/FXToTensor/FXToTensor.h"
#include "fx-mlir/Dialect/FX/IR/FXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace mlir::fx {
#define GEN_PASS_DEF_CONVERTFXTOTENSOR
#include "fx-mlir/Conversion/Passes.h.inc"
} // namespace mlir::fx

using namespace mlir;
using namespace mlir::fx;

//===----------------------------------------------------------------------===//
// Building the checks
//===----------------------------------------------------------------------===//
//
// Most of the pass's time goes into creating ops, and most of the ops that a
// view's checks would build fold away or are constants. So an op that folds
// is never inserted, and each constant is made once per function, at the
// start of its entry block.

/// The entry block of the function around `builder`'s insertion point, which
/// dominates all of it; null outside a function or in a region still being
/// built.
static Block *getConstantBlock(OpBuilder &builder) {
  for (Block *block = builder.getInsertionBlock(); block;) {
    Operation *parent = block->getParentOp();
    if (!parent)
      return nullptr;
    if (parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return isa<FunctionOpInterface>(parent) ? &block->getParent()->front()
                                              : nullptr;
    block = parent->getBlock();
  }
  return nullptr;
}

/// How many of the constants that start an entry block are searched for one
/// to reuse: a function with more distinct ones may get one twice.
constexpr unsigned kConstantsSearched = 16;

/// The arith constant `value`: the function's, at the start of its entry
/// block, else one at the insertion point.
static Value getConstant(OpBuilder &builder, Location loc, TypedAttr value) {
  Block *block = getConstantBlock(builder);
  if (!block)
    return arith::ConstantOp::create(builder, loc, value);
  unsigned searched = 0;
  for (Operation &op : *block) {
    auto constant = dyn_cast<arith::ConstantOp>(op);
    if (!constant || ++searched > kConstantsSearched)
      break;
    if (constant.getValue() == value)
      return constant;
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(block);
  return arith::ConstantOp::create(builder, loc, value);
}

static Value constantIndex(OpBuilder &builder, Location loc, int64_t value) {
  return getConstant(builder, loc, builder.getIndexAttr(value));
}

static Value constantBool(OpBuilder &builder, Location loc, bool value) {
  return getConstant(builder, loc, builder.getBoolAttr(value));
}

/// As OpBuilder::createOrFold, but an op that folds is never inserted, and
/// one that folds to a constant gives the function's constant.
template <typename OpTy, typename... Args>
static Value foldOrCreate(OpBuilder &builder, Location loc, Args &&...args) {
  OperationState state(loc, OpTy::getOperationName());
  OpTy::build(builder, state, std::forward<Args>(args)...);
  Operation *op = Operation::create(state);
  // An in-place fold (a commutative op's constant moved to the right) may
  // let the op fold again.
  SmallVector<OpFoldResult, 1> folded;
  for (int attempt = 0; attempt < 2 && folded.empty(); ++attempt)
    if (failed(op->fold(folded)))
      break;
  if (folded.size() == 1) {
    Value value = dyn_cast<Value>(folded.front());
    if (auto attr = dyn_cast_if_present<IntegerAttr>(
            dyn_cast<Attribute>(folded.front()));
        attr && attr.getType() == op->getResult(0).getType())
      value = getConstant(builder, loc, attr);
    if (value) {
      op->destroy();
      return value;
    }
  }
  // Folded in place, or not at all.
  builder.insert(op);
  return op->getResult(0);
}

/// `value` as a value: the function's constant where it is one.
static Value getValue(OpBuilder &builder, Location loc, OpFoldResult value) {
  if (auto attr = dyn_cast<Attribute>(value))
    return getConstant(builder, loc, cast<TypedAttr>(attr));
  return cast<Value>(value);
}

/// `tensor.dim` of the constant `dim`, which must be in range.
static Value getDim(OpBuilder &builder, Location loc, Value tensor,
                    int64_t dim) {
  return tensor::DimOp::create(builder, loc, tensor,
                               constantIndex(builder, loc, dim));
}

/// The dims of the ranked `tensor`: constants where static.
static SmallVector<Value> getSizes(OpBuilder &builder, Location loc,
                                   Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    sizes.push_back(type.isDynamicDim(dim)
                        ? getDim(builder, loc, tensor, dim)
                        : constantIndex(builder, loc, type.getDimSize(dim)));
  return sizes;
}

/// The rank of `tensor` as an index value.
static Value getRank(OpBuilder &builder, Location loc, Value tensor) {
  if (auto type = dyn_cast<RankedTensorType>(tensor.getType()))
    return constantIndex(builder, loc, type.getRank());
  return tensor::RankOp::create(builder, loc, tensor);
}

// The helpers below give at once what folding would from constant operands
// or one operand twice, the common case in a view's checks, without building
// an op to fold. Past those, they fold only where arith's folders could
// still find something (a constant operand, or an operand that an op of the
// kinds the folders look through made); else they build the op, since a
// failed fold costs about as much as building it.

/// An op that the helpers below know not to fold.
template <typename OpTy, typename... Args>
static Value create(OpBuilder &builder, Location loc, Args &&...args) {
  return OpTy::create(builder, loc, std::forward<Args>(args)...).getResult();
}

/// Whether `value` was made by one of the logic ops that arith's folders of
/// andi, ori and xori look through (x & ~x, x ^ a ^ a).
static bool isLogicResult(Value value) {
  return isa_and_present<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
      value.getDefiningOp());
}

/// The value of the integer constant `value`, if it is one.
static std::optional<APInt> getConstantBits(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto attr = dyn_cast<IntegerAttr>(constant.getValue());
  if (!attr)
    return std::nullopt;
  return attr.getValue();
}

static Value cmp(OpBuilder &builder, Location loc, arith::CmpIPredicate pred,
                 Value lhs, Value rhs) {
  using arith::CmpIPredicate;
  if (lhs == rhs)
    return constantBool(
        builder, loc,
        llvm::is_contained({CmpIPredicate::eq, CmpIPredicate::sle,
                            CmpIPredicate::sge, CmpIPredicate::ule,
                            CmpIPredicate::uge},
                           pred));
  std::optional<APInt> lhsBits = getConstantBits(lhs);
  std::optional<APInt> rhsBits = lhsBits ? getConstantBits(rhs) : std::nullopt;
  if (rhsBits)
    return constantBool(builder, loc,
                        arith::applyCmpPredicate(pred, *lhsBits, *rhsBits));
  if (!lhsBits && !getConstantBits(rhs))
    return create<arith::CmpIOp>(builder, loc, pred, lhs, rhs);
  return foldOrCreate<arith::CmpIOp>(builder, loc, pred, lhs, rhs);
}

/// lhs && rhs (`OpTy` arith.andi, whose constant `absorbing` is false) or
/// lhs || rhs (arith.ori, true) of i1 values: a constant operand gives
/// itself where it absorbs, else the other operand.
template <typename OpTy>
static Value combine(OpBuilder &builder, Location loc, Value lhs, Value rhs,
                     bool absorbing) {
  if (lhs == rhs)
    return lhs;
  if (std::optional<APInt> bits = getConstantBits(lhs))
    return bits->isZero() != absorbing ? lhs : rhs;
  if (std::optional<APInt> bits = getConstantBits(rhs))
    return bits->isZero() != absorbing ? rhs : lhs;
  if (!isLogicResult(lhs) && !isLogicResult(rhs))
    return create<OpTy>(builder, loc, lhs, rhs);
  return foldOrCreate<OpTy>(builder, loc, lhs, rhs);
}

static Value both(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  return combine<arith::AndIOp>(builder, loc, lhs, rhs, /*absorbing=*/false);
}

static Value either(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  return combine<arith::OrIOp>(builder, loc, lhs, rhs, /*absorbing=*/true);
}

static Value negate(OpBuilder &builder, Location loc, Value condition) {
  if (std::optional<APInt> bits = getConstantBits(condition))
    return constantBool(builder, loc, bits->isZero());
  Value one = constantBool(builder, loc, true);
  if (!isLogicResult(condition))
    return create<arith::XOrIOp>(builder, loc, condition, one);
  return foldOrCreate<arith::XOrIOp>(builder, loc, condition, one);
}

/// `lhs * rhs`, wrapping.
static Value multiply(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  std::optional<APInt> lhsBits = getConstantBits(lhs);
  std::optional<APInt> rhsBits = getConstantBits(rhs);
  if (lhsBits && rhsBits)
    return getConstant(builder, loc,
                       IntegerAttr::get(lhs.getType(), *lhsBits * *rhsBits));
  if ((lhsBits && lhsBits->isOne()) || (rhsBits && rhsBits->isZero()))
    return rhs;
  if ((rhsBits && rhsBits->isOne()) || (lhsBits && lhsBits->isZero()))
    return lhs;
  if (!lhsBits && !rhsBits)
    return create<arith::MulIOp>(builder, loc, lhs, rhs);
  return foldOrCreate<arith::MulIOp>(builder, loc, lhs, rhs);
}

static Value select(OpBuilder &builder, Location loc, Value condition,
                    Value lhs, Value rhs) {
  if (lhs == rhs)
    return lhs;
  if (std::optional<APInt> bits = getConstantBits(condition))
    return bits->isZero() ? rhs : lhs;
  // select(x == y, x, y) folds, and so do selects of i1 constants.
  auto compare = condition.getDefiningOp<arith::CmpIOp>();
  bool comparesBoth = compare &&
                      llvm::is_contained(compare->getOperands(), lhs) &&
                      llvm::is_contained(compare->getOperands(), rhs);
  if (!comparesBoth && !(lhs.getType().isInteger(1) && getConstantBits(lhs) &&
                         getConstantBits(rhs)))
    return create<arith::SelectOp>(builder, loc, condition, lhs, rhs);
  return foldOrCreate<arith::SelectOp>(builder, loc, condition, lhs, rhs);
}

/// Emits the run-time check `fx.assert %condition, format (values)`, the way
/// torch checks at run time, unless the condition folded to true: what the
/// types prove is not checked again. Constant values are written into the
/// format.
static void emitCheck(OpBuilder &builder, Location loc, Value condition,
                      const Twine &format, ValueRange values = {}) {
  if (matchPattern(condition, m_One()))
    return;
  SmallVector<Value> remaining;
  std::string text = AssertOp::inlineConstants(format.str(), values, remaining);
  AssertOp::create(builder, loc, condition, text, remaining);
}

/// torch's message for a dim of a 0-d tensor; the value is the dim.
constexpr StringLiteral kNoDimensions =
    "Dimension specified as {} but tensor has no dimensions";

/// Checks `-rank <= dim < rank` at run time, as torch's `maybe_wrap_dim`
/// does, and returns the dim normalized into [0, rank).
static Value checkAndNormalizeDim(OpBuilder &builder, Location loc,
                                  Value tensor, Value dim) {
  using arith::CmpIPredicate;
  Value rank = getRank(builder, loc, tensor);
  Value zero = constantIndex(builder, loc, 0);
  // An unranked tensor may be 0-d at run time, where torch has other words.
  if (!isa<RankedTensorType>(tensor.getType()))
    emitCheck(builder, loc, cmp(builder, loc, CmpIPredicate::ne, rank, zero),
              kNoDimensions, dim);
  Value lowest = foldOrCreate<arith::SubIOp>(builder, loc, zero, rank);
  Value inRange =
      both(builder, loc, cmp(builder, loc, CmpIPredicate::sge, dim, lowest),
           cmp(builder, loc, CmpIPredicate::slt, dim, rank));
  Value highest = foldOrCreate<arith::SubIOp>(builder, loc, rank,
                                              constantIndex(builder, loc, 1));
  emitCheck(builder, loc, inRange,
            "Dimension out of range (expected to be in range of [{}, {}], but "
            "got {})",
            {lowest, highest, dim});
  Value negative = cmp(builder, loc, CmpIPredicate::slt, dim, zero);
  Value wrapped = foldOrCreate<arith::AddIOp>(builder, loc, dim, rank);
  return select(builder, loc, negative, wrapped, dim);
}

/// `tensor`, or the ranked tensor it is a tensor.cast of. Sizes are read from
/// the ranked one: canonicalize folds a cast into a tensor.dim of it, and a
/// tensor.dim of a 0-d tensor is invalid IR, where the lowering checks first.
static Value getRankedSource(Value tensor) {
  Value source = tensor;
  while (auto cast = source.getDefiningOp<tensor::CastOp>())
    source = cast.getSource();
  return isa<RankedTensorType>(source.getType()) ? source : tensor;
}

static Value lowerDim(OpBuilder &builder, Location loc, Value tensor,
                      Value dim);

/// `tensor.dim` of the Python-style constant `dim`. A static dim is a
/// constant; on an unranked tensor, or a ranked one that the verifier did not
/// see (the source of a cast), it is checked at run time.
static Value lowerDim(OpBuilder &builder, Location loc, Value tensor,
                      int64_t dim) {
  if (auto type = dyn_cast<RankedTensorType>(tensor.getType())) {
    std::optional<int64_t> index = normalizeIndex(dim, type.getRank());
    if (!index)
      return lowerDim(builder, loc, tensor, constantIndex(builder, loc, dim));
    if (!type.isDynamicDim(*index))
      return constantIndex(builder, loc, type.getDimSize(*index));
    return getDim(builder, loc, tensor, *index);
  }
  Value index = checkAndNormalizeDim(builder, loc, tensor,
                                     constantIndex(builder, loc, dim));
  return tensor::DimOp::create(builder, loc, tensor, index);
}

/// `tensor.dim` of a dim known only at run time, checked against the rank.
static Value lowerDim(OpBuilder &builder, Location loc, Value tensor,
                      Value dim) {
  // A 0-d tensor has no dim to read, whatever `dim` is: torch raises, and
  // tensor.dim rejects a 0-d operand. The constant after the failing assert
  // only keeps the IR valid; it is never used.
  auto ranked = dyn_cast<RankedTensorType>(tensor.getType());
  if (ranked && ranked.getRank() == 0) {
    Value no = constantBool(builder, loc, false);
    emitCheck(builder, loc, no, kNoDimensions, dim);
    return constantIndex(builder, loc, 0);
  }
  Value index = checkAndNormalizeDim(builder, loc, tensor, dim);
  // A constant dim out of range fails the check; tensor.dim would be
  // invalid IR there.
  if (std::optional<int64_t> constant = getConstantIntValue(index);
      ranked && constant &&
      !normalizeIndex(*constant, ranked.getRank()).has_value())
    return constantIndex(builder, loc, 0);
  return tensor::DimOp::create(builder, loc, tensor, index);
}

/// The number of elements of `tensor`: a product of its dims, over a loop on
/// the rank when the tensor is unranked.
static Value getNumElements(OpBuilder &builder, Location loc, Value tensor) {
  Value one = constantIndex(builder, loc, 1);
  if (isa<RankedTensorType>(tensor.getType())) {
    Value product = one;
    for (Value dim : getSizes(builder, loc, tensor))
      product = multiply(builder, loc, product, dim);
    return product;
  }
  Value zero = constantIndex(builder, loc, 0);
  Value rank = tensor::RankOp::create(builder, loc, tensor);
  auto loop = scf::ForOp::create(
      builder, loc, zero, rank, one, ValueRange{one},
      [&](OpBuilder &b, Location loc, Value dim, ValueRange product) {
        Value extent = tensor::DimOp::create(b, loc, tensor, dim);
        scf::YieldOp::create(
            b, loc,
            ValueRange{arith::MulIOp::create(b, loc, product.front(), extent)
                           .getResult()});
      });
  return loop.getResult(0);
}

/// Whether `value` is a dim or a rank read from a tensor, or a constant that
/// is not negative.
static bool isKnownNonNegative(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return *constant >= 0;
  return isa_and_present<tensor::DimOp, tensor::RankOp>(value.getDefiningOp());
}

/// A size as torch prints it in messages, `[3, 8]`, as a format with one
/// placeholder per element.
static std::string shapeFormat(size_t length) {
  std::string shape = "[";
  for (size_t i = 0; i < length; ++i)
    shape += i ? ", {}" : "{}";
  return shape + "]";
}

/// `type` as the assembly prints it, to stand for itself in a format.
static std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return AssertOp::escape(text);
}

/// Clamps a slice bound into [0, length] as Python does for a positive step:
/// a negative bound counts from the end, then saturates at both ends.
static Value clampBound(OpBuilder &builder, Location loc, Value bound,
                        Value length) {
  Value zero = constantIndex(builder, loc, 0);
  Value negative = cmp(builder, loc, arith::CmpIPredicate::slt, bound, zero);
  Value fromEnd = foldOrCreate<arith::MaxSIOp>(
      builder, loc, foldOrCreate<arith::AddIOp>(builder, loc, bound, length),
      zero);
  Value fromStart = foldOrCreate<arith::MinSIOp>(builder, loc, bound, length);
  return select(builder, loc, negative, fromEnd, fromStart);
}

//===----------------------------------------------------------------------===//
// Strides at run time
//===----------------------------------------------------------------------===//
//
// A torch tensor is elements with sizes and strides; a tensor of the lowered
// program has value semantics, so its elements are torch's wherever torch
// computes them, and only the strides are missing. A ranked tensor carries
// them beside it, as one `index` value per dim: the type conversion turns
// each into the tensor and its strides, through function signatures, calls,
// `scf` and `cf` control flow, `arith.select` and `tensor.cast`, and a view
// reads the strides it is given. During the conversion the tensor of such a
// pair has the marker encoding below, so that a converted type differs from
// the type it came from; the pass erases the marker at the end.

/// The encoding that marks a converted tensor, whose strides travel beside it.
static StringAttr getStridedMarker(MLIRContext *context) {
  return StringAttr::get(context, "fx.strided");
}

/// Whether a tensor of `type` carries its strides beside it: a ranked tensor
/// with no encoding. Any other tensor, unranked or with an encoding of its
/// own, is contiguous, as a new torch tensor is.
static bool carriesStrides(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && !ranked.getEncoding();
}

static bool isMarked(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && ranked.getEncoding() == getStridedMarker(type.getContext());
}

static RankedTensorType getMarked(RankedTensorType type) {
  return RankedTensorType::get(type.getShape(), type.getElementType(),
                               getStridedMarker(type.getContext()));
}

static RankedTensorType getUnmarked(RankedTensorType type) {
  return RankedTensorType::get(type.getShape(), type.getElementType());
}

/// Casts `value` to `type`, or returns the operand of the cast that made it
/// from `type`: a marked tensor and the tensor it stands for are one.
static Value castMarker(OpBuilder &builder, Location loc, Type type,
                        Value value) {
  if (value.getType() == type)
    return value;
  if (auto cast = value.getDefiningOp<UnrealizedConversionCastOp>();
      cast && cast->getNumOperands() == 1 &&
      cast.getOperand(0).getType() == type)
    return cast.getOperand(0);
  return UnrealizedConversionCastOp::create(builder, loc, type, value)
      .getResult(0);
}

/// The tensor that the converted `value` stands for, to build ops on.
static Value unmark(OpBuilder &builder, Location loc, Value value) {
  if (!isMarked(value.getType()))
    return value;
  return castMarker(builder, loc,
                    getUnmarked(cast<RankedTensorType>(value.getType())),
                    value);
}

/// torch's contiguous strides of `sizes`: each the product of the later
/// sizes, a 0 counted as 1.
static SmallVector<Value> getContiguousStrides(OpBuilder &builder, Location loc,
                                               ArrayRef<Value> sizes) {
  Value one = constantIndex(builder, loc, 1);
  SmallVector<Value> strides(sizes.size(), one);
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 2; i >= 0; --i)
    strides[i] =
        multiply(builder, loc, strides[i + 1],
                 foldOrCreate<arith::MaxSIOp>(builder, loc, sizes[i + 1], one));
  return strides;
}

namespace {
/// A tensor as the lowered program holds it: the tensor to build ops on, and
/// its strides, none where it carries none (contiguous).
struct StridedTensor {
  Value tensor;
  std::optional<SmallVector<Value>> strides;
};
} // namespace

/// The converted operand `converted` of an op, of the original type `type`.
/// The conversion gives a ranked type its tensor and one stride per dim.
static StridedTensor getStridedTensor(OpBuilder &builder, Location loc,
                                      ValueRange converted, Type type) {
  StridedTensor result{unmark(builder, loc, converted.front()), std::nullopt};
  if (!carriesStrides(type) ||
      converted.size() !=
          1 + static_cast<size_t>(cast<RankedTensorType>(type).getRank()))
    return result;
  // A tensor that a legal op made reaches a pattern through the driver's
  // pending materialization, a cast to the marked tensor and its strides,
  // which will be its contiguous strides: take them now, so that what they
  // prove folds while lowering.
  auto pending = converted.front().getDefiningOp<UnrealizedConversionCastOp>();
  if (pending && pending->getNumOperands() == 1 &&
      pending.getOperand(0).getType() == type &&
      pending->getResults() == converted) {
    result.strides = getContiguousStrides(
        builder, loc, getSizes(builder, loc, pending.getOperand(0)));
    return result;
  }
  result.strides = llvm::to_vector(converted.drop_front());
  return result;
}

/// The strides of the ranked `tensor`: those it carries, else contiguous.
static SmallVector<Value> getStridesOrContiguous(OpBuilder &builder,
                                                 Location loc,
                                                 const StridedTensor &tensor) {
  if (tensor.strides)
    return *tensor.strides;
  return getContiguousStrides(builder, loc,
                              getSizes(builder, loc, tensor.tensor));
}

/// Replaces `op`'s tensor result by `tensor` and, where its type carries
/// them, `strides`.
static void replaceWithStrided(ConversionPatternRewriter &rewriter,
                               Operation *op, Value tensor,
                               ArrayRef<Value> strides) {
  Type type = op->getResult(0).getType();
  if (!carriesStrides(type))
    return rewriter.replaceOp(op, tensor);
  SmallVector<Value> values{castMarker(
      rewriter, op->getLoc(), getMarked(cast<RankedTensorType>(type)), tensor)};
  llvm::append_range(values, strides);
  rewriter.replaceOpWithMultiple(op, {values});
}

// Defined with the view's lowering, in the patterns' namespace.
namespace {
static void materializeViewStrides(ArrayRef<func::CallOp> calls,
                                   SmallVectorImpl<AssertOp> &asserts);
} // namespace

/// Erases the marker of the converted tensors, and the casts between a
/// marked tensor and its tensor, now of one type; with `toCFAsserts`, also
/// makes each fx.assert a cf.assert, with what the message says without the
/// run-time values. The marker is only in the types of values and of
/// functions (a signature, a func.constant, a function argument), which one
/// walk sets directly: the module is mostly the lowering's new ops, and
/// rebuilding each op's attributes to look for types would cost more than the
/// rest of the pass. The same walk finds the calls of the view-stride helpers,
/// which it then defines.
static void finishLowering(ModuleOp module, bool toCFAsserts) {
  AttrTypeReplacer replacer;
  replacer.addReplacement([](RankedTensorType type) -> std::optional<Type> {
    if (!isMarked(type))
      return std::nullopt;
    return getUnmarked(type);
  });
  auto unmarkValue = [&](Value value) {
    Type type = value.getType();
    if (isMarked(type))
      value.setType(getUnmarked(cast<RankedTensorType>(type)));
    else if (isa<FunctionType>(type))
      value.setType(replacer.replace(type));
  };
  SmallVector<UnrealizedConversionCastOp> casts;
  SmallVector<AssertOp> asserts;
  SmallVector<func::CallOp> calls;
  module.walk([&](Operation *op) {
    for (Value result : op->getResults())
      unmarkValue(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          unmarkValue(argument);
    if (auto function = dyn_cast<func::FuncOp>(op))
      function.setFunctionType(
          cast<FunctionType>(replacer.replace(function.getFunctionType())));
    else if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op))
      casts.push_back(cast);
    else if (auto check = dyn_cast<AssertOp>(op); check && toCFAsserts)
      asserts.push_back(check);
    else if (auto call = dyn_cast<func::CallOp>(op))
      calls.push_back(call);
  });
  SmallVector<AssertOp> helperAsserts;
  materializeViewStrides(calls, helperAsserts);
  if (toCFAsserts)
    llvm::append_range(asserts, helperAsserts);
  for (UnrealizedConversionCastOp cast : casts) {
    if (cast->getNumOperands() == 1 && cast->getNumResults() == 1 &&
        cast.getOperand(0).getType() == cast.getResult(0).getType()) {
      cast.getResult(0).replaceAllUsesWith(cast.getOperand(0));
      cast.erase();
    }
  }
  for (AssertOp check : asserts) {
    OpBuilder builder(check);
    cf::AssertOp::create(builder, check.getLoc(), check.getCondition(),
                         check.getStaticMessage());
    check.erase();
  }
}

/// The lowest int64 that a c10::SymInt holds: below it, the values tag a
/// symbolic int (c10/core/SymInt.h, MAX_UNREPRESENTABLE_INT + 1).
constexpr int64_t kLowestSymInt = -(int64_t(1) << 62);

/// A !fx.size<N> becomes N values; past this, N is a hostile input, not a
/// tensor rank.
constexpr int64_t kMaxLoweredSizeLength = 1 << 16;

static bool isOverlongSize(Type type) {
  if (auto function = dyn_cast<FunctionType>(type))
    return llvm::any_of(function.getInputs(), isOverlongSize) ||
           llvm::any_of(function.getResults(), isOverlongSize);
  auto size = dyn_cast<SizeType>(type);
  return size && size.getRank() > kMaxLoweredSizeLength;
}

/// Whether `op` defines or passes a !fx.size too long to lower.
static bool hasOverlongSize(Operation *op) {
  if (llvm::any_of(op->getResultTypes(), isOverlongSize))
    return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (llvm::any_of(block.getArgumentTypes(), isOverlongSize))
        return true;
  // A declaration has no block to carry its arguments.
  auto function = dyn_cast<FunctionOpInterface>(op);
  return function &&
         (llvm::any_of(function.getArgumentTypes(), isOverlongSize) ||
          llvm::any_of(function.getResultTypes(), isOverlongSize));
}

/// Whether `type` is or holds an fx type: a size or a slice.
static bool containsFXType(Type type) {
  return type
      .walk([](Type nested) {
        return isa<SizeType, SliceType>(nested) ? WalkResult::interrupt()
                                                : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Why the strides of a tensor that `op` passes on would be lost, or an
/// empty string: the conversion carries them through func calls, scf.for,
/// scf.if, scf.while and cf branches; another op that passes a tensor to a
/// region, a call or a block would pass it without them.
static std::string whyStridesLost(Operation *op) {
  auto carries = [](TypeRange types) {
    return llvm::any_of(types, carriesStrides);
  };
  if (isa<RegionBranchOpInterface>(op) &&
      !isa<scf::ForOp, scf::IfOp, scf::WhileOp>(op) &&
      carries(op->getResultTypes()))
    return "its tensor results may be tensors of its regions, whose strides "
           "the lowering carries only out of scf.for, scf.if and scf.while";
  if (isa<CallOpInterface>(op) &&
      !isa<func::CallOp, func::CallIndirectOp>(op) &&
      (carries(op->getOperandTypes()) || carries(op->getResultTypes())))
    return "it calls with tensors, whose strides the lowering carries only "
           "through func.call and func.call_indirect";
  if (isa<BranchOpInterface>(op) &&
      !isa<cf::BranchOp, cf::CondBranchOp, cf::SwitchOp>(op) &&
      carries(op->getOperandTypes()))
    return "it branches with tensors, whose strides the lowering carries "
           "only through cf.br, cf.cond_br and cf.switch";
  return {};
}

/// Why the patterns cannot lower `op`, or an empty string. The pass reports
/// it on the op before anything changes, so that a failed lowering leaves
/// the IR as it was; a pattern used on its own fails to match.
static std::string whyNotLowerable(Operation *op) {
  if (hasOverlongSize(op))
    return "it carries a !fx.size of more than " +
           std::to_string(kMaxLoweredSizeLength) + " elements";
  if (auto node = dyn_cast<NodeOp>(op))
    return ("it is an opaque torch.fx node (" +
            stringifyNodeKind(node.getKind()) + " " + node.getTarget() + ")")
        .str();
  if (auto slice = dyn_cast<SliceTensorOp>(op);
      slice && !isa<RankedTensorType>(slice.getInput().getType()))
    return "the input is unranked";
  if (auto view = dyn_cast<ViewOp>(op);
      view && !isa<RankedTensorType>(view.getType()))
    return "the result is unranked";
  return whyStridesLost(op);
}

/// Adds to `cyclic` the ops of the graph regions under `root` that depend on
/// their own result through a cycle of uses, which only a graph region allows
/// (`%v = fx.view %v, %s`), and the ops that depend on those: no program
/// computes them, and upstream's canonicalize may not terminate on their
/// lowering. Kahn's algorithm over each block: what is never ready is left.
static void collectCyclicOps(Operation *root,
                             SmallPtrSetImpl<Operation *> &cyclic) {
  root->walk([&](Block *block) {
    Region *region = block->getParent();
    auto kind = dyn_cast<RegionKindInterface>(region->getParentOp());
    if (!kind || kind.hasSSADominance(region->getRegionNumber()))
      return;
    DenseMap<Operation *, unsigned> pending;
    SmallVector<Operation *> ready;
    for (Operation &op : *block) {
      unsigned count = 0;
      op.walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          if (Operation *def = operand.getDefiningOp();
              def && def->getBlock() == block)
            ++count;
      });
      if (count)
        pending[&op] = count;
      else
        ready.push_back(&op);
    }
    while (!ready.empty()) {
      Operation *op = ready.pop_back_val();
      for (OpOperand &use : op->getUses())
        if (Operation *user = block->findAncestorOpInBlock(*use.getOwner()))
          if (--pending[user] == 0)
            ready.push_back(user);
    }
    for (auto [op, count] : pending)
      if (count)
        cyclic.insert(op);
  });
}

namespace {
struct SizeOpLowering : OpConversionPattern<SizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SizeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A constant dim has the canonical form fx.sym_size, which the pass
    // rewrites to before converting; what is left has a dim operand.
    auto sizeType = dyn_cast<SizeType>(op.getType());
    if (!sizeType && adaptor.getDynamicDim().empty())
      return rewriter.notifyMatchFailure(op, "constant dim: use fx.sym_size");
    Location loc = op.getLoc();
    Value input =
        getRankedSource(unmark(rewriter, loc, adaptor.getInput().front()));
    if (sizeType) {
      // The source of a cast may have another rank than the size's length:
      // the check fails, and the elements are never used.
      auto source = dyn_cast<RankedTensorType>(input.getType());
      if (source && !isa<RankedTensorType>(op.getInput().getType()) &&
          source.getRank() != sizeType.getRank()) {
        Value no = constantBool(rewriter, loc, false);
        emitCheck(rewriter, loc, no,
                  "x.size() of a tensor whose rank is {}, not " +
                      Twine(sizeType.getRank()) + ", the length of '" +
                      typeText(sizeType) + "'",
                  constantIndex(rewriter, loc, source.getRank()));
        rewriter.replaceOpWithMultiple(
            op, {SmallVector<Value>(sizeType.getRank(),
                                    constantIndex(rewriter, loc, 0))});
        return success();
      }
      // The verifier matched a ranked input's rank with the size's length;
      // an unranked input's rank is known only at run time.
      if (!isa<RankedTensorType>(input.getType())) {
        Value rank = tensor::RankOp::create(rewriter, loc, input);
        Value expected = constantIndex(rewriter, loc, sizeType.getRank());
        emitCheck(rewriter, loc,
                  cmp(rewriter, loc, arith::CmpIPredicate::eq, rank, expected),
                  "x.size() of a tensor whose rank is {}, not " +
                      Twine(sizeType.getRank()) + ", the length of '" +
                      typeText(sizeType) + "'",
                  rank);
      }
      // Past the rank check, each dim below the length is in range: no
      // check per dim.
      bool ranked = isa<RankedTensorType>(input.getType());
      SmallVector<Value> elements;
      for (int64_t dim = 0; dim < sizeType.getRank(); ++dim)
        elements.push_back(ranked ? lowerDim(rewriter, loc, input, dim)
                                  : getDim(rewriter, loc, input, dim));
      rewriter.replaceOpWithMultiple(op, {elements});
      return success();
    }
    rewriter.replaceOp(
        op, lowerDim(rewriter, loc, input, adaptor.getDynamicDim().front()));
    return success();
  }
};

struct SymSizeOpLowering : OpConversionPattern<SymSizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SymSizeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = unmark(rewriter, loc, adaptor.getInput().front());
    rewriter.replaceOp(op, lowerDim(rewriter, loc, getRankedSource(input),
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
      return constantIndex(rewriter, loc, absent);
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
    using arith::CmpIPredicate;
    Location loc = op.getLoc();
    if (std::string why = whyNotLowerable(op); !why.empty())
      return rewriter.notifyMatchFailure(op, why);
    StridedTensor strided = getStridedTensor(rewriter, loc, adaptor.getInput(),
                                             op.getInput().getType());
    Value input = strided.tensor;
    auto inputType = cast<RankedTensorType>(input.getType());
    Type resultType = op.getType();
    // An unranked result claims nothing about its dims.
    ArrayRef<int64_t> resultShape;
    if (auto ranked = dyn_cast<RankedTensorType>(resultType))
      resultShape = ranked.getShape();
    ValueRange slice = adaptor.getSlice();
    Value step = slice[2];

    // Python's words when a slice is applied: x[::0] and x[::-1].
    Value zero = constantIndex(rewriter, loc, 0);
    emitCheck(rewriter, loc, cmp(rewriter, loc, CmpIPredicate::ne, step, zero),
              "slice step cannot be zero");
    Value positive = cmp(rewriter, loc, CmpIPredicate::sgt, step, zero);
    emitCheck(rewriter, loc, positive, "step must be greater than zero");
    // Past the checks the step is positive. Where it is not, the program
    // stops at them first; a step of 1 keeps the slice built below valid IR
    // even when the step is a constant (a negative static size, or the
    // dynamic-stride sentinel INT64_MIN, would not be).
    step =
        select(rewriter, loc, positive, step, constantIndex(rewriter, loc, 1));

    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);
    Value length = getValue(rewriter, loc, sizes[0]);
    Value start = clampBound(rewriter, loc, slice[0], length);
    Value stop = clampBound(rewriter, loc, slice[1], length);
    // ceil(max(stop - start, 0) / step) rows, for a positive step.
    Value span = foldOrCreate<arith::MaxSIOp>(
        rewriter, loc, foldOrCreate<arith::SubIOp>(rewriter, loc, stop, start),
        zero);
    Value rows = foldOrCreate<arith::CeilDivSIOp>(rewriter, loc, span, step);
    sizes[0] = getAsOpFoldResult(rows);

    // torch 2.13.0's slice multiplies the stride of dim 0 by the step,
    // wrapping (as it does when run: torch.zeros(1, 3)[::2**40][::2**40]
    // has stride 0), and views the storage through as_strided, which takes
    // the strides as SymInts, each at least -2^62 (c10/core/SymIntArrayRef.h,
    // the bound c10/core/SymInt.h's MAX_UNREPRESENTABLE_INT), then refuses a
    // negative one (ATen/native/Resize.h). The other strides are the
    // input's, and a step of 1 keeps them all.
    SmallVector<Value> strides = getStridesOrContiguous(rewriter, loc, strided);
    if (!isConstantIntValue(step, 1)) {
      strides[0] = multiply(rewriter, loc, strides[0], step);
      Value lowest = constantIndex(rewriter, loc, kLowestSymInt);
      emitCheck(rewriter, loc,
                cmp(rewriter, loc, CmpIPredicate::sge, strides[0], lowest),
                "IntArrayRef contains an int that cannot be represented as a "
                "SymInt: {}",
                strides[0]);
      emitCheck(rewriter, loc,
                cmp(rewriter, loc, CmpIPredicate::sge, strides[0], zero),
                "as_strided: Negative strides are not supported at the "
                "moment, got strides: " +
                    shapeFormat(strides.size()),
                strides);
    }

    // The result type's static dims are claims about run time; check them.
    // After the checks, the slice is built with the claimed sizes, so that no
    // tensor.cast from the computed sizes is needed: canonicalize folds such a
    // cast into the extract_slice without a bounds check, and a claim that
    // cannot hold would become an out-of-bounds slice, invalid IR.
    Value rowsMatch;
    SmallVector<OpFoldResult> resultSizes = sizes;
    for (auto [dim, extent] : llvm::enumerate(resultShape)) {
      if (ShapedType::isDynamic(extent))
        continue;
      Value actual = getValue(rewriter, loc, sizes[dim]);
      Value expected = constantIndex(rewriter, loc, extent);
      Value matches = cmp(rewriter, loc, CmpIPredicate::eq, actual, expected);
      emitCheck(rewriter, loc, matches,
                "dim " + Twine(dim) + " of the slice is {}, not " +
                    Twine(extent) + ", as the result type " +
                    typeText(resultType) + " says",
                actual);
      if (dim == 0)
        rowsMatch = matches;
      resultSizes[dim] = rewriter.getIndexAttr(extent);
    }

    // A tensor with a static 0 dim has no element to slice, and
    // tensor.extract_slice rejects any static offset into it.
    Value result;
    if (llvm::is_contained(inputType.getShape(), 0)) {
      result = tensor::EmptyOp::create(rewriter, loc, resultSizes,
                                       inputType.getElementType());
    } else {
      SmallVector<OpFoldResult> offsets(inputType.getRank(),
                                        rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> steps(inputType.getRank(),
                                      rewriter.getIndexAttr(1));
      // An empty slice starts at 0: tensor.extract_slice rejects a static
      // offset at the end of a dim, which folding may produce.
      Value offset, stride = step;
      if (!rowsMatch) {
        Value nonEmpty = cmp(rewriter, loc, CmpIPredicate::sgt, rows, zero);
        offset = select(rewriter, loc, nonEmpty, start, zero);
      } else {
        // The claimed rows are taken from start by step only where the check
        // passed; elsewhere, from 0 by 1, which the verifier's bound on the
        // claim (at most the input's rows) keeps in bounds even when the
        // check folds to false.
        offset = resultShape[0] > 0 ? start : zero;
        offset = select(rewriter, loc, rowsMatch, offset, zero);
        stride = select(rewriter, loc, rowsMatch, step,
                        constantIndex(rewriter, loc, 1));
      }
      // At most one row takes no step: a huge constant step would otherwise
      // reach the buffer's static strides, where its product with a stride
      // may wrap to the dynamic-stride sentinel INT64_MIN.
      if (std::optional<int64_t> constant = getConstantIntValue(stride);
          constant && *constant != 1) {
        Value unit = constantIndex(rewriter, loc, 1);
        stride = select(rewriter, loc,
                        cmp(rewriter, loc, CmpIPredicate::sgt, rows, unit),
                        stride, unit);
      }
      offsets[0] = getAsOpFoldResult(offset);
      steps[0] = getAsOpFoldResult(stride);
      result = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets,
                                              resultSizes, steps);
    }
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    replaceWithStrided(rewriter, op, result, strides);
    return success();
  }
};

/// Whether `lhs * rhs` overflows as uint64, as `c10::mul_overflows` tells;
/// `product` is the wrapped product.
static Value mulOverflows(OpBuilder &builder, Location loc, Value lhs,
                          Value rhs, Value product) {
  using arith::CmpIPredicate;
  Value zero = constantIndex(builder, loc, 0);
  Value quotient = foldOrCreate<arith::DivUIOp>(
      builder, loc, product,
      select(builder, loc, cmp(builder, loc, CmpIPredicate::eq, lhs, zero),
             constantIndex(builder, loc, 1), lhs));
  return both(builder, loc, cmp(builder, loc, CmpIPredicate::ne, lhs, zero),
              cmp(builder, loc, CmpIPredicate::ne, quotient, rhs));
}

namespace {
/// What torch's `computeStride` gives for a view: whether the input's
/// layout allows it, and the view's strides where it does.
struct ViewStrides {
  Value compatible;
  SmallVector<Value> strides;
};
} // namespace

namespace {
/// The input of a view as `computeStride` reads it: the sizes and strides of
/// each dim, or, where the input is contiguous, only its rank (it may be
/// unranked).
struct ViewInput {
  Value rank;
  std::optional<ArrayRef<Value>> sizes, strides;
};
} // namespace

/// torch 2.13.0's `computeStride` (aten/src/ATen/TensorUtils.cpp) for a
/// view of `input`, of `numel` elements, as `extents`. A 0-d input takes any
/// shape with strides 1. With 0 elements, any shape is compatible: the
/// input's strides where the shape is the input's, else contiguous ones (a 0
/// counted as 1). Otherwise the input's dims, from the last, form chunks that
/// are contiguous in memory (a dim of size 1 never ends one); each chunk takes
/// the view's dims, from the last not taken, while their product is below
/// the chunk's element count or the dim is 1, and the product must meet that
/// count. A contiguous input is one chunk. The products wrap, as torch's do.
static ViewStrides computeViewStrides(OpBuilder &builder, Location loc,
                                      const ViewInput &input, Value numel,
                                      ArrayRef<Value> extents) {
  using arith::CmpIPredicate;
  Value zero = constantIndex(builder, loc, 0);
  Value one = constantIndex(builder, loc, 1);
  Value no = constantBool(builder, loc, false);
  Value yes = constantBool(builder, loc, true);
  auto mul = [&](Value lhs, Value rhs) {
    return multiply(builder, loc, lhs, rhs);
  };
  auto select = [&](Value condition, Value lhs, Value rhs) {
    return ::select(builder, loc, condition, lhs, rhs);
  };

  int64_t rank = extents.size();
  SmallVector<Value> strides(rank, one), taken(rank, no);
  Value fails = no;
  // One chunk of `chunkNumel` elements whose innermost stride is `base`,
  // where `ends` says a chunk ends here.
  SmallVector<Value> isUnit;
  for (Value extent : extents)
    isUnit.push_back(cmp(builder, loc, CmpIPredicate::eq, extent, one));
  auto takeChunk = [&](Value ends, Value chunkNumel, Value base) {
    Value viewNumel = one, taking = ends;
    for (int64_t i = rank - 1; i >= 0; --i) {
      Value takes = both(builder, loc, taking,
                         both(builder, loc, negate(builder, loc, taken[i]),
                              either(builder, loc,
                                     cmp(builder, loc, CmpIPredicate::slt,
                                         viewNumel, chunkNumel),
                                     isUnit[i])));
      Value takenNow = either(builder, loc, taken[i], takes);
      taking = both(builder, loc, taking, takenNow);
      strides[i] = select(takes, mul(viewNumel, base), strides[i]);
      viewNumel = select(takes, mul(viewNumel, extents[i]), viewNumel);
      taken[i] = takenNow;
    }
    fails = either(
        builder, loc, fails,
        both(builder, loc, ends,
             cmp(builder, loc, CmpIPredicate::ne, viewNumel, chunkNumel)));
  };

  std::optional<ArrayRef<Value>> inputStrides = input.strides;
  Value scalar, sameShape = no;
  ArrayRef<Value> sizes;
  if (!inputStrides) {
    scalar = cmp(builder, loc, CmpIPredicate::eq, input.rank, zero);
    takeChunk(yes, numel, one);
  } else {
    sizes = *input.sizes;
    scalar = sizes.empty() ? yes : no;
    if (!sizes.empty()) {
      ArrayRef<Value> old = *inputStrides;
      Value chunkNumel = one, base = old.back();
      for (int64_t d = sizes.size() - 1; d >= 0; --d) {
        chunkNumel = mul(chunkNumel, sizes[d]);
        Value ends =
            d == 0
                ? yes
                : both(builder, loc,
                       cmp(builder, loc, CmpIPredicate::ne, sizes[d - 1], one),
                       cmp(builder, loc, CmpIPredicate::ne, old[d - 1],
                           mul(chunkNumel, base)));
        takeChunk(ends, chunkNumel, base);
        if (d == 0)
          break;
        base = select(ends, old[d - 1], base);
        chunkNumel = select(ends, one, chunkNumel);
      }
    }
    if (static_cast<int64_t>(sizes.size()) == rank) {
      sameShape = yes;
      for (auto [size, extent] : llvm::zip_equal(sizes, extents))
        sameShape = both(builder, loc, sameShape,
                         cmp(builder, loc, CmpIPredicate::eq, size, extent));
    }
  }
  Value allTaken = yes;
  for (Value each : taken)
    allTaken = both(builder, loc, allTaken, each);

  Value empty = cmp(builder, loc, CmpIPredicate::eq, numel, zero);
  SmallVector<Value> emptyStrides = getContiguousStrides(builder, loc, extents);
  for (int64_t i = 0; i < rank; ++i) {
    Value ifEmpty = emptyStrides[i];
    if (inputStrides && static_cast<int64_t>(sizes.size()) == rank)
      ifEmpty = select(sameShape, (*inputStrides)[i], ifEmpty);
    strides[i] = select(scalar, one, select(empty, ifEmpty, strides[i]));
  }
  Value compatible =
      either(builder, loc, scalar,
             either(builder, loc, empty,
                    both(builder, loc, negate(builder, loc, fails), allTaken)));
  return {compatible, strides};
}

/// Checks, past infer_size, that the view's shape `extents` fits the layout
/// of `input`, of `numel` elements, in torch's order, and returns the view's
/// strides. torch 2.13.0 multiplies the
/// sizes in `infer_size` without an overflow check (aten/src/ATen/InferSize.h),
/// so a shape whose product wraps to `numel` passes it. Then `computeStride`
/// must find strides; then `set_sizes_and_strides` (c10/core/TensorImpl.h)
/// recomputes each negative stride but the last as the next one times its
/// size (at least 1), checking the product for overflow: a wrapped stride
/// is negative only past an overflow, so any fails it. Then the view's
/// `numel` is computed with overflow checks (`safe_compute_numel`: uint64
/// products, each checked, and at most INT64_MAX).
static SmallVector<Value> checkView(OpBuilder &builder, Location loc,
                                    const ViewInput &input, Value numel,
                                    ArrayRef<Value> extents) {
  using arith::CmpIPredicate;
  Value zero = constantIndex(builder, loc, 0);
  Value one = constantIndex(builder, loc, 1);
  Value no = constantBool(builder, loc, false);

  Value overflows = no, product = one;
  for (Value extent : extents) {
    Value next = multiply(builder, loc, product, extent);
    overflows = either(builder, loc, overflows,
                       mulOverflows(builder, loc, product, extent, next));
    product = next;
  }
  // Past INT64_MAX, as uint64: negative as int64.
  overflows = either(builder, loc, overflows,
                     cmp(builder, loc, CmpIPredicate::slt, product, zero));

  ViewStrides view = computeViewStrides(builder, loc, input, numel, extents);
  // A contiguous input is incompatible only where the product wrapped: its
  // one chunk then meets the product of the sizes.
  Value compatible = view.compatible;
  if (!input.strides)
    compatible =
        either(builder, loc, negate(builder, loc, overflows), compatible);
  emitCheck(builder, loc, compatible,
            "view size is not compatible with input tensor's size and stride "
            "(at least one dimension spans across two contiguous subspaces). "
            "Use .reshape(...) instead.");
  Value strideOverflows = no;
  for (Value stride : ArrayRef(view.strides).drop_back(!extents.empty()))
    strideOverflows =
        either(builder, loc, strideOverflows,
               cmp(builder, loc, CmpIPredicate::slt, stride, zero));
  emitCheck(builder, loc, negate(builder, loc, strideOverflows),
            "Stride calculation overflowed");
  emitCheck(builder, loc, negate(builder, loc, overflows),
            "numel: integer multiplication overflow");
  return view.strides;
}

//===----------------------------------------------------------------------===//
// The view's strides as a call
//===----------------------------------------------------------------------===//
//
// On strides known only at run time, `checkView` is about 60 ops that do not
// fold, ten times the view itself. As upstream's MathToFuncs outlines
// `math.ipowi`, a view of such an input calls instead a private function that
// runs `checkView`, one per module per (input rank, view rank), made after
// the conversion for the calls that the patterns built: the pass is anchored
// on the module, so no other thread sees its symbols.

/// The prefix of the helpers' names; the ranks follow.
constexpr StringLiteral kViewStridesPrefix = "__fx_view_strides_";

/// The name of the helper for a view of a rank-`inputRank` input to
/// `viewRank` dims.
static std::string getViewStridesName(size_t inputRank, size_t viewRank) {
  return (kViewStridesPrefix + Twine(inputRank) + "_" + Twine(viewRank)).str();
}

/// The helper's signature: the input's sizes and strides, its element count
/// and the view's extents in; the view's strides out.
static FunctionType getViewStridesType(MLIRContext *context, size_t inputRank,
                                       size_t viewRank) {
  Type index = IndexType::get(context);
  return FunctionType::get(
      context, SmallVector<Type>(2 * inputRank + 1 + viewRank, index),
      SmallVector<Type>(viewRank, index));
}

/// The ranks that the helper's name `name` gives, if it is one.
static std::optional<std::pair<size_t, size_t>>
parseViewStridesName(StringRef name) {
  if (!name.consume_front(kViewStridesPrefix))
    return std::nullopt;
  auto [input, view] = name.split('_');
  size_t inputRank, viewRank;
  if (input.getAsInteger(10, inputRank) || view.getAsInteger(10, viewRank) ||
      (kViewStridesPrefix + name).str() !=
          getViewStridesName(inputRank, viewRank))
    return std::nullopt;
  return std::make_pair(inputRank, viewRank);
}

/// Whether `op` has the name of a helper but is not one: the names are the
/// pass's to define.
static bool takesViewStridesName(Operation *op) {
  auto symbol = dyn_cast<SymbolOpInterface>(op);
  if (!symbol)
    return false;
  std::optional<std::pair<size_t, size_t>> ranks =
      parseViewStridesName(symbol.getName());
  if (!ranks)
    return false;
  auto function = dyn_cast<func::FuncOp>(op);
  return !function ||
         function.getFunctionType() !=
             getViewStridesType(op->getContext(), ranks->first, ranks->second);
}

/// Adds the helper for `inputRank` and `viewRank` at the end of `body`.
static func::FuncOp buildViewStrides(Location loc, Block &body,
                                     size_t inputRank, size_t viewRank) {
  OpBuilder builder(loc.getContext());
  builder.setInsertionPoint(&body, body.end());
  if (!body.empty() && body.back().hasTrait<OpTrait::IsTerminator>())
    builder.setInsertionPoint(&body.back());
  auto helper = func::FuncOp::create(
      builder, loc, getViewStridesName(inputRank, viewRank),
      getViewStridesType(loc.getContext(), inputRank, viewRank));
  helper.setPrivate();
  Block *entry = helper.addEntryBlock();
  builder.setInsertionPointToEnd(entry);
  SmallVector<Value> arguments(entry->getArguments());
  ArrayRef<Value> all(arguments);
  Value numel = all[2 * inputRank];
  ArrayRef<Value> extents = all.take_back(viewRank);
  ViewInput input{/*rank=*/nullptr, all.take_front(inputRank),
                  all.slice(inputRank, inputRank)};
  SmallVector<Value> viewStrides =
      checkView(builder, loc, input, numel, extents);
  func::ReturnOp::create(builder, loc, viewStrides);
  return helper;
}

/// Defines the helpers that `calls` call, once per symbol table, unless the
/// table has one (the pass checked first that a symbol of such a name is
/// one). Each fx.assert of a new helper is added to `asserts`.
static void materializeViewStrides(ArrayRef<func::CallOp> calls,
                                   SmallVectorImpl<AssertOp> &asserts) {
  DenseSet<std::pair<Operation *, StringAttr>> done;
  for (func::CallOp call : calls) {
    std::optional<std::pair<size_t, size_t>> ranks =
        parseViewStridesName(call.getCallee());
    if (!ranks)
      continue;
    Operation *table = SymbolTable::getNearestSymbolTable(call);
    StringAttr name = call.getCalleeAttr().getAttr();
    if (!table || !done.insert({table, name}).second ||
        SymbolTable::lookupSymbolIn(table, name))
      continue;
    func::FuncOp helper =
        buildViewStrides(table->getLoc(), table->getRegion(0).front(),
                         ranks->first, ranks->second);
    helper.walk([&](AssertOp check) { asserts.push_back(check); });
  }
}

/// Lowers `fx.view` as torch's `infer_size` computes a view's shape: each
/// element is checked in order (at most one -1, none below -1), the -1 is
/// the element count divided by the product of the others, and the element
/// count must match.
struct ViewOpLowering : OpConversionPattern<ViewOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ViewOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using arith::CmpIPredicate;
    if (std::string why = whyNotLowerable(op); !why.empty())
      return rewriter.notifyMatchFailure(op, why);
    auto resultType = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    StridedTensor strided = getStridedTensor(rewriter, loc, adaptor.getInput(),
                                             op.getInput().getType());
    Value input = strided.tensor;
    ValueRange elements = adaptor.getSize();
    std::string shape = shapeFormat(elements.size());

    Value zero = constantIndex(rewriter, loc, 0);
    Value one = constantIndex(rewriter, loc, 1);
    Value minusOne = constantIndex(rewriter, loc, -1);
    Value no = constantBool(rewriter, loc, false);
    Value inferred = no;
    Value product = one;
    SmallVector<Value> isInferred;
    for (auto [i, element] : llvm::enumerate(elements)) {
      // An element read from a tensor's dims is neither -1 nor invalid.
      if (isKnownNonNegative(element)) {
        isInferred.push_back(no);
        product = multiply(rewriter, loc, product, element);
        continue;
      }
      Value isMinusOne =
          cmp(rewriter, loc, CmpIPredicate::eq, element, minusOne);
      emitCheck(
          rewriter, loc,
          negate(rewriter, loc, both(rewriter, loc, isMinusOne, inferred)),
          "only one dimension can be inferred");
      SmallVector<Value> elementAndShape{element};
      llvm::append_range(elementAndShape, elements);
      emitCheck(rewriter, loc,
                cmp(rewriter, loc, CmpIPredicate::sge, element, minusOne),
                "invalid shape dimension {} at index " + Twine(i) +
                    " of shape " + shape,
                elementAndShape);
      inferred = either(rewriter, loc, inferred, isMinusOne);
      isInferred.push_back(isMinusOne);
      product = multiply(rewriter, loc, product,
                         select(rewriter, loc, isMinusOne, one, element));
    }

    // numel == product, or a -1 and product > 0 divides numel.
    // The sizes are read once, for the element count and for computeStride.
    Value ranked = getRankedSource(input);
    SmallVector<Value> sizes;
    Value numel;
    if (isa<RankedTensorType>(ranked.getType())) {
      sizes = getSizes(rewriter, loc, ranked);
      numel = one;
      for (Value size : sizes)
        numel = multiply(rewriter, loc, numel, size);
    } else {
      numel = getNumElements(rewriter, loc, ranked);
    }
    Value divisor = foldOrCreate<arith::MaxSIOp>(rewriter, loc, product, one);
    Value divides =
        cmp(rewriter, loc, CmpIPredicate::eq,
            foldOrCreate<arith::RemSIOp>(rewriter, loc, numel, divisor), zero);
    Value canInfer = both(
        rewriter, loc, inferred,
        both(rewriter, loc,
             cmp(rewriter, loc, CmpIPredicate::sgt, product, zero), divides));
    SmallVector<Value> shapeAndNumel(elements);
    shapeAndNumel.push_back(numel);
    emitCheck(
        rewriter, loc,
        either(rewriter, loc,
               cmp(rewriter, loc, CmpIPredicate::eq, numel, product), canInfer),
        "shape '" + shape + "' is invalid for input of size {}", shapeAndNumel);
    emitCheck(
        rewriter, loc,
        negate(rewriter, loc,
               both(rewriter, loc, inferred,
                    cmp(rewriter, loc, CmpIPredicate::eq, product, zero))),
        "cannot reshape tensor of 0 elements into shape " + shape +
            " because the unspecified dimension size -1 can be any "
            "value and is ambiguous",
        elements);

    Value quotient =
        foldOrCreate<arith::DivSIOp>(rewriter, loc, numel, divisor);
    SmallVector<Value> extents;
    for (auto [i, element] : llvm::enumerate(elements)) {
      Value extent = select(rewriter, loc, isInferred[i], quotient, element);
      extents.push_back(extent);
      // The result type's static dims are claims about run time.
      if (resultType.isDynamicDim(i))
        continue;
      int64_t expected = resultType.getDimSize(i);
      Value matches = cmp(rewriter, loc, CmpIPredicate::eq, extent,
                          constantIndex(rewriter, loc, expected));
      // Proven: no message to build.
      if (matchPattern(matches, m_One()))
        continue;
      SmallVector<Value> shapeAndExtent(elements);
      shapeAndExtent.push_back(extent);
      emitCheck(rewriter, loc, matches,
                "view: dim " + Twine(i) + " of shape '" + shape +
                    "' is {}, not " + Twine(expected) +
                    ", as the result type " + typeText(resultType) + " says",
                shapeAndExtent);
    }

    // Strides known while lowering fold in place; run-time ones go to the
    // helper.
    SmallVector<Value> strides;
    if (strided.strides && !llvm::all_of(*strided.strides, [](Value stride) {
          return matchPattern(stride, m_Constant());
        })) {
      SmallVector<Value> operands(sizes);
      llvm::append_range(operands, *strided.strides);
      operands.push_back(numel);
      llvm::append_range(operands, extents);
      auto call = func::CallOp::create(
          rewriter, loc, getViewStridesName(sizes.size(), extents.size()),
          SmallVector<Type>(extents.size(), rewriter.getIndexType()), operands);
      llvm::append_range(strides, call.getResults());
    } else {
      ViewInput layout;
      if (strided.strides) {
        layout.sizes = sizes;
        layout.strides = *strided.strides;
      } else {
        layout.rank = getRank(rewriter, loc, ranked);
      }
      strides = checkView(rewriter, loc, layout, numel, extents);
    }

    // Where a check fails, the reshape is not reached, but it must stay
    // valid IR once canonicalize folds constants into it: its extents are
    // kept non-negative, and to a static result type a dynamic input is
    // reshaped through a tensor.cast to an unranked tensor, so that no
    // folding of its source gives the reshape a static input and result of
    // other element counts (canonicalize folds a reshape of a reshape into a
    // reshape of the first one's source). An unranked source has no count.
    SmallVector<Value> shapeElements;
    for (Value extent : extents)
      shapeElements.push_back(
          isKnownNonNegative(extent)
              ? extent
              : foldOrCreate<arith::MaxSIOp>(rewriter, loc, extent, zero));
    auto shapeType = RankedTensorType::get(
        {static_cast<int64_t>(extents.size())}, rewriter.getIndexType());
    Value shapeTensor =
        tensor::FromElementsOp::create(rewriter, loc, shapeType, shapeElements);
    auto inputType = cast<TensorType>(input.getType());
    if (resultType.hasStaticShape() && inputType.hasRank() &&
        !inputType.hasStaticShape())
      input = tensor::CastOp::create(
          rewriter, loc, UnrankedTensorType::get(inputType.getElementType()),
          input);
    Value result = tensor::ReshapeOp::create(rewriter, loc, resultType, input,
                                             shapeTensor);
    replaceWithStrided(rewriter, op, result, strides);
    return success();
  }
};

/// `block` with its arguments converted, for a branch to it. Upstream's cf
/// structural conversions do this for cf.br and cf.cond_br.
static FailureOr<Block *> getConvertedBlock(ConversionPatternRewriter &rewriter,
                                            const TypeConverter &converter,
                                            Block *block) {
  if (converter.isLegal(block->getArgumentTypes()))
    return block;
  std::optional<TypeConverter::SignatureConversion> conversion =
      converter.convertBlockSignature(block);
  if (!conversion)
    return failure();
  return rewriter.applySignatureConversion(block, *conversion, &converter);
}

/// cf.switch, whose operands and successors' arguments may be sizes, as
/// upstream's cf structural conversions do cf.br and cf.cond_br.
struct SwitchOpStructuralConversion : OpConversionPattern<cf::SwitchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(cf::SwitchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<ValueRange> operands = adaptor.getOperands();
    // The converted values of the original operands `range`.
    auto convert = [&](OperandRange range) {
      SmallVector<Value> values;
      if (range.empty())
        return values;
      unsigned begin = range.getBeginOperandIndex();
      for (ValueRange value : operands.slice(begin, range.size()))
        llvm::append_range(values, value);
      return values;
    };
    if (operands.front().size() != 1)
      return rewriter.notifyMatchFailure(op, "flag not converted 1:1");
    FailureOr<Block *> defaultDest = getConvertedBlock(
        rewriter, *getTypeConverter(), op.getDefaultDestination());
    if (failed(defaultDest))
      return failure();
    SmallVector<Value> defaultOperands = convert(op.getDefaultOperands());
    SmallVector<Block *> caseDests;
    SmallVector<SmallVector<Value>> caseOperands;
    for (auto [i, dest] : llvm::enumerate(op.getCaseDestinations())) {
      FailureOr<Block *> converted =
          getConvertedBlock(rewriter, *getTypeConverter(), dest);
      if (failed(converted))
        return failure();
      caseDests.push_back(*converted);
      caseOperands.push_back(convert(op.getCaseOperands(i)));
    }
    SmallVector<ValueRange> caseOperandRanges(caseOperands.begin(),
                                              caseOperands.end());
    rewriter.replaceOpWithNewOp<cf::SwitchOp>(
        op, operands.front().front(), *defaultDest, defaultOperands,
        op.getCaseValuesAttr(), caseDests, caseOperandRanges);
    return success();
  }
};

/// func.call_indirect, whose operands and results may be sizes and slices,
/// as upstream's call conversion does func.call: the callee's function type
/// is converted along (see populateFXToTensorTypeConversions).
struct CallIndirectOpSignatureConversion
    : OpConversionPattern<func::CallIndirectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::CallIndirectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange callee = adaptor.getCallee();
    if (callee.size() != 1)
      return rewriter.notifyMatchFailure(op, "callee not converted 1:1");
    SmallVector<Value> operands;
    for (ValueRange operand : adaptor.getCalleeOperands())
      llvm::append_range(operands, operand);
    SmallVector<SmallVector<Type>> resultTypes(op.getNumResults());
    for (auto [type, converted] :
         llvm::zip_equal(op.getResultTypes(), resultTypes))
      if (failed(getTypeConverter()->convertType(type, converted)))
        return rewriter.notifyMatchFailure(op, "result not converted");
    auto call = func::CallIndirectOp::create(rewriter, op.getLoc(),
                                             callee.front(), operands);
    SmallVector<SmallVector<Value>> results;
    ValueRange rest = call.getResults();
    for (ArrayRef<Type> types : resultTypes) {
      results.push_back(llvm::to_vector(rest.take_front(types.size())));
      rest = rest.drop_front(types.size());
    }
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};

/// func.constant of a function whose signature has sizes or slices: the
/// reference to it takes its converted type.
struct ConstantOpTypeConversion : OpConversionPattern<func::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "type not converted");
    rewriter.replaceOpWithNewOp<func::ConstantOp>(op, type, op.getValue());
    return success();
  }
};

/// tensor.cast: the same tensor under another type, with the same strides.
/// A cast to a type that carries none (unranked) leaves them behind; a cast
/// from one gives the contiguous strides of the result.
struct CastOpStrides : OpConversionPattern<tensor::CastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tensor::CastOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StridedTensor source = getStridedTensor(rewriter, loc, adaptor.getSource(),
                                            op.getSource().getType());
    Value result =
        tensor::CastOp::create(rewriter, loc, op.getType(), source.tensor);
    SmallVector<Value> strides;
    if (carriesStrides(op.getType()))
      strides = getStridesOrContiguous(rewriter, loc, {result, source.strides});
    replaceWithStrided(rewriter, op, result, strides);
    return success();
  }
};

/// arith.select of two tensors by one condition: the tensor it selects, with
/// its strides. A condition per element makes a new tensor, contiguous.
struct SelectOpStrides : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getCondition().getType().isInteger(1))
      return rewriter.notifyMatchFailure(op, "a condition per element");
    Location loc = op.getLoc();
    Value condition = adaptor.getCondition().front();
    Type type = op.getType();
    StridedTensor lhs =
        getStridedTensor(rewriter, loc, adaptor.getTrueValue(), type);
    StridedTensor rhs =
        getStridedTensor(rewriter, loc, adaptor.getFalseValue(), type);
    Value result = arith::SelectOp::create(rewriter, loc, condition, lhs.tensor,
                                           rhs.tensor);
    SmallVector<Value> strides;
    if (carriesStrides(type))
      for (auto [left, right] :
           llvm::zip_equal(getStridesOrContiguous(rewriter, loc, lhs),
                           getStridesOrContiguous(rewriter, loc, rhs)))
        strides.push_back(select(rewriter, loc, condition, left, right));
    replaceWithStrided(rewriter, op, result, strides);
    return success();
  }
};

struct ConvertFXToTensorPass
    : fx::impl::ConvertFXToTensorBase<ConvertFXToTensorPass> {
  using Base::Base;

  /// The type conversion and the patterns, built once for every module the
  /// pass runs on.
  LogicalResult initialize(MLIRContext *context) override {
    auto typeConverter = std::make_shared<TypeConverter>();
    typeConverter->addConversion([](Type type) { return type; });
    populateFXToTensorTypeConversions(*typeConverter);
    const TypeConverter &converter = *typeConverter;

    RewritePatternSet lowering(context);
    populateFXToTensorConversionPatterns(converter, lowering);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(lowering,
                                                                   converter);
    populateCallOpTypeConversionPattern(lowering, converter);
    populateReturnOpTypeConversionPattern(lowering, converter);
    // Sizes, slices and strides through scf and cf control flow.
    scf::populateSCFStructuralTypeConversions(converter, lowering);
    cf::populateCFStructuralTypeConversions(converter, lowering);
    lowering.add<CallIndirectOpSignatureConversion, CastOpStrides,
                 ConstantOpTypeConversion, SelectOpStrides,
                 SwitchOpStructuralConversion>(converter, context);
    patterns = FrozenRewritePatternSet(std::move(lowering));

    RewritePatternSet canonical(context);
    SizeOp::getCanonicalizationPatterns(canonical, context);
    SymSizeOp::getCanonicalizationPatterns(canonical, context);
    sizeQueryPatterns = FrozenRewritePatternSet(std::move(canonical));
    this->converter = std::move(typeConverter);
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    const TypeConverter &converter = *this->converter;
    bool lowerable = true;
    SmallPtrSet<Operation *, 4> cyclic;
    collectCyclicOps(module, cyclic);
    SmallVector<Operation *> sizeQueries, forwarding;
    module.walk([&](Operation *op) {
      if (isa<SizeOp, SymSizeOp>(op))
        sizeQueries.push_back(op);
      else if (isa<tensor::CastOp, arith::SelectOp>(op) &&
               !converter.isLegal(op))
        forwarding.push_back(op);
      if (isa_and_present<FXDialect>(op->getDialect()) && cyclic.contains(op)) {
        op->emitOpError("cannot be lowered: it depends on its own result, "
                        "through a cycle of uses of a graph region");
        lowerable = false;
        return;
      }
      if (std::string why = whyNotLowerable(op); !why.empty()) {
        op->emitOpError("cannot be lowered: ") << why;
        lowerable = false;
      }
      if (takesViewStridesName(op)) {
        op->emitOpError("is named as a view-stride helper that "
                        "convert-fx-to-tensor defines, but is not one");
        lowerable = false;
      }
    });
    if (!lowerable)
      return signalPassFailure();

    // One spelling of "size of dim d" where the IR allows it: x.size(d) with
    // a constant d becomes fx.sym_size. x.size()[i] stays: lowered with its
    // x.size(), its dims are read where the size is, in order, as after
    // fx-decompose-size, so both routes give the same program. Nothing else:
    // no folding, CSE or region simplification, and no other op visited.
    if (!sizeQueries.empty() &&
        failed(applyOpPatternsGreedily(
            sizeQueries, sizeQueryPatterns,
            GreedyRewriteConfig()
                .setStrictness(GreedyRewriteStrictness::ExistingAndNewOps)
                .enableFolding(false)
                .enableConstantCSE(false)
                .setRegionSimplificationLevel(
                    GreedySimplifyRegionLevel::Disabled)))) {
      module.emitError("the size queries did not reach their canonical form");
      return signalPassFailure();
    }

    ConversionTarget target(*context);
    target.addIllegalDialect<FXDialect>();
    target.addLegalOp<AssertOp>();
    target.addLegalDialect<arith::ArithDialect, tensor::TensorDialect>();
    // The ops that the patterns build most, found by the target without a
    // lookup of their dialect's name.
    target.addLegalOp<arith::AndIOp, arith::CmpIOp, arith::ConstantOp,
                      arith::MulIOp, arith::OrIOp, arith::SelectOp,
                      arith::XOrIOp, tensor::DimOp>();
    // The entry block follows the signature; the cf patterns convert the
    // other blocks along with the branches to them.
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType());
    });
    // What passes a tensor on passes its strides too.
    target
        .addDynamicallyLegalOp<func::CallOp, func::CallIndirectOp,
                               func::ConstantOp, func::ReturnOp, cf::SwitchOp>(
            [&](Operation *op) { return converter.isLegal(op); });
    // Of the casts and selects, only those of the input: the ones that the
    // patterns build are of tensors that they have converted. They are
    // marked by an attribute, not kept by address: an erased op's memory
    // goes to the next op built.
    auto forwards = StringAttr::get(context, "fx_to_tensor.forwards_strides");
    for (Operation *op : forwarding)
      op->setAttr(forwards, UnitAttr::get(context));
    target.addDynamicallyLegalOp<tensor::CastOp, arith::SelectOp>(
        [&](Operation *op) { return !op->hasAttr(forwards); });
    // Any other op makes new tensors, contiguous, and is legal once no fx
    // type flows through it: cf.assert and the scf.for of an unranked
    // element count among them. The materializations give the tensors it
    // makes their contiguous strides, and it reads the tensors it is given
    // without theirs.
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      return !llvm::any_of(op->getOperandTypes(), containsFXType) &&
             !llvm::any_of(op->getResultTypes(), containsFXType);
    });
    scf::populateSCFStructuralTypeConversionTarget(converter, target);
    cf::populateCFStructuralTypeConversionTarget(converter, target);

    // Every pattern checks before it changes anything, and the pass checks
    // the whole module first: no rewrite is ever undone, so the driver need
    // not record how to.
    ConversionConfig config;
    config.allowPatternRollback = false;
    if (failed(applyPartialConversion(module, target, patterns, config)))
      return signalPassFailure();
    // For upstream's lowerings, unless the messages are to print run-time
    // values: cf.assert.
    finishLowering(module, /*toCFAsserts=*/!messageValues);
  }

  std::shared_ptr<const TypeConverter> converter;
  FrozenRewritePatternSet patterns, sizeQueryPatterns;
};
} // namespace

void mlir::fx::populateFXToTensorTypeConversions(TypeConverter &converter) {
  converter.addConversion(
      [](RankedTensorType type,
         SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
        if (!carriesStrides(type))
          return std::nullopt;
        results.push_back(getMarked(type));
        results.append(type.getRank(), IndexType::get(type.getContext()));
        return success();
      });
  // A tensor that an op the patterns do not convert makes is new, and
  // contiguous; such an op reads a converted tensor without its strides.
  converter.addTargetMaterialization([](OpBuilder &builder, TypeRange types,
                                        ValueRange inputs, Location loc,
                                        Type original) -> SmallVector<Value> {
    if (inputs.size() != 1 || !carriesStrides(inputs.front().getType()) ||
        types.empty() ||
        types.front() !=
            getMarked(cast<RankedTensorType>(inputs.front().getType())))
      return {};
    Value tensor = inputs.front();
    SmallVector<Value> values{castMarker(builder, loc, types.front(), tensor)};
    llvm::append_range(
        values,
        getContiguousStrides(builder, loc, getSizes(builder, loc, tensor)));
    return values;
  });
  converter.addSourceMaterialization([](OpBuilder &builder, Type type,
                                        ValueRange inputs,
                                        Location loc) -> Value {
    if (!carriesStrides(type) || inputs.empty() ||
        inputs.front().getType() != getMarked(cast<RankedTensorType>(type)))
      return {};
    return unmark(builder, loc, inputs.front());
  });
  converter.addConversion(
      [](SizeType type, SmallVectorImpl<Type> &results) -> LogicalResult {
        if (isOverlongSize(type))
          return failure();
        results.append(type.getRank(), IndexType::get(type.getContext()));
        return success();
      });
  converter.addConversion(
      [](SliceType type, SmallVectorImpl<Type> &results) -> LogicalResult {
        results.append(3, IndexType::get(type.getContext()));
        return success();
      });
  // A function value (func.constant, func.call_indirect's callee, an
  // argument) has the converted signature of the function it refers to.
  converter.addConversion([&converter](FunctionType type) -> Type {
    SmallVector<Type> inputs, results;
    if (failed(converter.convertTypes(type.getInputs(), inputs)) ||
        failed(converter.convertTypes(type.getResults(), results)))
      return {};
    return FunctionType::get(type.getContext(), inputs, results);
  });
}

void mlir::fx::populateFXToTensorConversionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GetItemOpLowering, MakeSizeOpLowering, SizeOpLowering,
               SliceOpLowering, SliceTensorOpLowering, SymSizeOpLowering,
               ViewOpLowering>(converter, patterns.getContext());
}
