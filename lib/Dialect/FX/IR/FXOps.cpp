//===- FXOps.cpp - FX dialect operations ----------------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::fx;

std::optional<int64_t> mlir::fx::normalizeIndex(int64_t index, int64_t size) {
  if (index < -size || index >= size)
    return std::nullopt;
  return index < 0 ? index + size : index;
}

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

SmallVector<Value>
mlir::fx::createSizeElements(OpBuilder &builder, Location loc,
                             TypedValue<RankedTensorType> tensor) {
  SmallVector<Value> elements;
  elements.reserve(tensor.getType().getRank());
  for (auto [dim, extent] : llvm::enumerate(tensor.getType().getShape())) {
    if (ShapedType::isDynamic(extent))
      elements.push_back(
          SymSizeOp::create(builder, loc, tensor, static_cast<int64_t>(dim)));
    else
      elements.push_back(arith::ConstantIndexOp::create(builder, loc, extent));
  }
  return elements;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// A value's constant, read as signed, as the message prints it.
static std::optional<int64_t> getSignedConstant(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  return constant.getSExtValue();
}

/// Reports a Python-style `what` (a dim or an index) that is out of range for
/// `type`, which has `size` of them.
static LogicalResult emitOutOfRange(Operation *op, StringRef what,
                                    int64_t value, Type type, int64_t size,
                                    StringRef plural) {
  InFlightDiagnostic diag = op->emitOpError()
                            << what << " " << value << " is out of range for "
                            << type;
  if (size == 0)
    return diag << ", which has no " << plural;
  return diag << " (expected " << -size << " <= " << what << " < " << size
              << ")";
}

/// A constant dim can be checked only against a ranked tensor; on an unranked
/// one it is left to run time, as PyTorch does.
static LogicalResult verifyDim(Operation *op, Value input, int64_t dim) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type || normalizeIndex(dim, type.getRank()))
    return success();
  return emitOutOfRange(op, "dim", dim, type, type.getRank(), "dims");
}

/// A folder must not fold an op to its own result: the greedy driver would
/// count that as a change and fold it again forever. A graph region allows
/// such cycles, e.g. a getitem of a make_size of the getitem itself.
static OpFoldResult unlessSelf(Operation *op, OpFoldResult result) {
  if (auto value = dyn_cast_if_present<Value>(result);
      value && value.getDefiningOp() == op)
    return {};
  return result;
}

/// Whether reading dim `dim` of `input` may raise: only a constant dim of a
/// ranked tensor is known to be in range.
static bool mayRaiseForDim(Value input, std::optional<int64_t> dim) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  return !type || !dim || !normalizeIndex(*dim, type.getRank());
}

/// An op that may raise writes the default resource, as cf.assert does, so
/// that DCE keeps it and nothing moves across it; one that cannot is pure.
static void getRaiseEffects(
    bool mayRaise,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (mayRaise)
    effects.emplace_back(MemoryEffects::Write::get());
}

static Speculation::Speculatability speculateUnlessRaises(bool mayRaise) {
  return mayRaise ? Speculation::NotSpeculatable : Speculation::Speculatable;
}

/// Defines the effects and the speculatability of an op from its `mayRaise`.
#define FX_DEFINE_RAISE_INTERFACES(OpTy)                                       \
  void OpTy::getEffects(                                                       \
      SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>      \
          &effects) {                                                          \
    getRaiseEffects(mayRaise(), effects);                                      \
  }                                                                            \
  Speculation::Speculatability OpTy::getSpeculatability() {                    \
    return speculateUnlessRaises(mayRaise());                                  \
  }

/// The size of dim `dim` of `input` when the type makes it static.
static OpFoldResult foldStaticDim(Value input, int64_t dim) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (!type)
    return {};
  std::optional<int64_t> index = normalizeIndex(dim, type.getRank());
  if (!index || type.isDynamicDim(*index))
    return {};
  return IntegerAttr::get(IndexType::get(input.getContext()),
                          type.getDimSize(*index));
}

/// The dim that fx.sym_size, the canonical form of "the size of dim `dim`",
/// reads of `input`: counted from the front on a ranked tensor, and none
/// when it is out of range there, since reading it is a run-time error; as
/// written on an unranked tensor, whose rank only the run knows.
static std::optional<int64_t> getSymSizeDim(Value input, int64_t dim) {
  if (auto type = dyn_cast<RankedTensorType>(input.getType()))
    return normalizeIndex(dim, type.getRank());
  return dim;
}

/// Replaces `op` by fx.sym_size of dim `dim` of `input`, unless the dim is out
/// of range of a ranked tensor: reading it is a run-time error, which
/// fx.sym_size cannot express.
static LogicalResult replaceBySymSize(PatternRewriter &rewriter, Operation *op,
                                      Value input, int64_t dim) {
  std::optional<int64_t> symDim = getSymSizeDim(input, dim);
  if (!symDim)
    return rewriter.notifyMatchFailure(
        op, "dim out of range of a ranked tensor: a run-time error");
  rewriter.replaceOpWithNewOp<SymSizeOp>(op, input,
                                         rewriter.getI64IntegerAttr(*symDim));
  return success();
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `%x`, `%x, dim = <integer>` or `%x, dim = <ssa value>`. The input is part
/// of the directive so that the dimless form prints without a stray comma.
static ParseResult
parseSizeOperands(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &input,
                  IntegerAttr &dim,
                  std::optional<OpAsmParser::UnresolvedOperand> &dynamicDim) {
  if (parser.parseOperand(input))
    return failure();
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("dim") || parser.parseEqual())
    return failure();
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult parsedOperand = parser.parseOptionalOperand(operand);
  if (parsedOperand.has_value()) {
    if (failed(*parsedOperand))
      return failure();
    dynamicDim = operand;
    return success();
  }
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  dim = parser.getBuilder().getI64IntegerAttr(value);
  return success();
}

static void printSizeOperands(OpAsmPrinter &printer, SizeOp, Value input,
                              IntegerAttr dim, Value dynamicDim) {
  printer << input;
  if (dim)
    printer << ", dim = " << dim.getInt();
  else if (dynamicDim)
    printer << ", dim = " << dynamicDim;
}

/// The attribute dictionary, without the inherent attributes `inherent`: the
/// custom syntax sets those, and a dictionary that repeated one would silently
/// override what the syntax says (`fx.size %x, dim = 0 {dim = 1}`).
static ParseResult parseAttrDict(OpAsmParser &parser, NamedAttrList &attrs,
                                 ArrayRef<StringRef> inherent) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(attrs))
    return failure();
  for (NamedAttribute attr : attrs)
    if (llvm::is_contained(inherent, attr.getName().strref()))
      return parser.emitError(loc)
             << "sets '" << attr.getName().strref()
             << "' in its custom syntax; the attribute dictionary may not "
                "repeat it";
  return success();
}

static void printAttrDict(OpAsmPrinter &printer, Operation *,
                          DictionaryAttr attrs, ArrayRef<StringRef> inherent) {
  printer.printOptionalAttrDict(attrs.getValue(), inherent);
}

/// The type of an operand or result, which `name` names (`operand 'input'`),
/// parsed as any type and then checked to be a `T`, described as `expected`.
/// A wrong type gets a message naming the operand and what it must be, not
/// the type parser's "invalid kind of type specified".
template <typename T>
static ParseResult parseTypeOf(OpAsmParser &parser, Type &type, StringRef name,
                               StringRef expected) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  if (isa<T>(type))
    return success();
  return parser.emitError(loc)
         << name << " must be " << expected << ", but got " << type;
}

static ParseResult parseTensorType(OpAsmParser &parser, Type &type,
                                   StringRef name) {
  return parseTypeOf<TensorType>(parser, type, name, "a tensor");
}

static ParseResult parseSizeType(OpAsmParser &parser, Type &type,
                                 StringRef name) {
  return parseTypeOf<SizeType>(parser, type, name,
                               "a torch.Size ('!fx.size<N>')");
}

/// Both print the type in full (`!fx.size<2>`, not `<2>`).
static void printTensorType(OpAsmPrinter &printer, Operation *, Type type,
                            StringRef) {
  printer << type;
}

static void printSizeType(OpAsmPrinter &printer, Operation *op, Type type,
                          StringRef name) {
  printTensorType(printer, op, type, name);
}

/// A node kind as a bare keyword, `call_function`. The enum's generated
/// field parser also takes the quoted form, `"call_function"`. (The kind
/// attribute's own printer would put a second space before the keyword.)
static ParseResult parseNodeKind(OpAsmParser &parser, NodeKindAttr &kind) {
  FailureOr<NodeKind> value = FieldParser<NodeKind>::parse(parser);
  if (failed(value))
    return failure();
  kind = NodeKindAttr::get(parser.getContext(), *value);
  return success();
}

static void printNodeKind(OpAsmPrinter &printer, NodeOp, NodeKindAttr kind) {
  printer << stringifyNodeKind(kind.getValue());
}

//===----------------------------------------------------------------------===//
// SizeOp
//===----------------------------------------------------------------------===//

LogicalResult SizeOp::verify() {
  IntegerAttr dim = getDimAttr();
  if (dim && getDynamicDim())
    return emitOpError("has both a constant dim and a dim operand");
  bool hasDim = dim || getDynamicDim();

  if (auto sizeType = dyn_cast<SizeType>(getType())) {
    if (hasDim)
      return emitOpError() << "with a dim returns 'index', not " << sizeType;
    auto inputType = dyn_cast<RankedTensorType>(getInput().getType());
    if (inputType && inputType.getRank() != sizeType.getRank())
      return emitOpError() << "result " << sizeType << " has "
                           << sizeType.getRank() << " elements, but input "
                           << inputType << " has rank " << inputType.getRank();
    return success();
  }

  if (!hasDim)
    return emitOpError() << "without a dim returns a torch.Size "
                            "('!fx.size<rank>'), not "
                         << getType();
  if (dim)
    return verifyDim(*this, getInput(), dim.getInt());
  return success();
}

bool SizeOp::mayRaise() {
  // A dimless size of an unranked tensor claims a length it checks at run
  // time.
  if (isDimless())
    return !isa<RankedTensorType>(getInput().getType());
  return mayRaiseForDim(getInput(), getConstantDim());
}

FX_DEFINE_RAISE_INTERFACES(SizeOp)

void SizeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), isDimless() ? "size" : "dim");
}

std::optional<int64_t> SizeOp::getConstantDim() {
  if (IntegerAttr dim = getDimAttr())
    return dim.getInt();
  APInt dim;
  if (getDynamicDim() && matchPattern(getDynamicDim(), m_ConstantInt(&dim)))
    return dim.getSExtValue();
  return std::nullopt;
}

OpFoldResult SizeOp::fold(FoldAdaptor) {
  if (std::optional<int64_t> dim = getConstantDim())
    return foldStaticDim(getInput(), *dim);
  return {};
}

namespace {
/// x.size(d) with a constant d -> fx.sym_size.
struct SizeWithDimToSymSize final : OpRewritePattern<SizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SizeOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<int64_t> dim = op.getConstantDim();
    if (!dim)
      return rewriter.notifyMatchFailure(op, "no constant dim");
    return replaceBySymSize(rewriter, op, op.getInput(), *dim);
  }
};
} // namespace

void SizeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                         MLIRContext *context) {
  patterns.add<SizeWithDimToSymSize>(context);
}

//===----------------------------------------------------------------------===//
// SymSizeOp
//===----------------------------------------------------------------------===//

bool SymSizeOp::mayRaise() {
  return mayRaiseForDim(getInput(), getDimAttr().getInt());
}

FX_DEFINE_RAISE_INTERFACES(SymSizeOp)

void SymSizeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "dim");
}

LogicalResult SymSizeOp::verify() {
  return verifyDim(*this, getInput(), getDimAttr().getInt());
}

OpFoldResult SymSizeOp::fold(FoldAdaptor) {
  return foldStaticDim(getInput(), getDimAttr().getInt());
}

namespace {
/// fx.sym_size of a ranked tensor with a negative dim -> the same dim counted
/// from the front.
struct NormalizeSymSizeDim final : OpRewritePattern<SymSizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SymSizeOp op,
                                PatternRewriter &rewriter) const override {
    int64_t dim = op.getDimAttr().getInt();
    std::optional<int64_t> symDim = getSymSizeDim(op.getInput(), dim);
    if (!symDim || *symDim == dim)
      return rewriter.notifyMatchFailure(op, "dim already canonical");
    rewriter.modifyOpInPlace(
        op, [&] { op.setDimAttr(rewriter.getI64IntegerAttr(*symDim)); });
    return success();
  }
};
} // namespace

void SymSizeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                            MLIRContext *context) {
  patterns.add<NormalizeSymSizeDim>(context);
}

//===----------------------------------------------------------------------===//
// MakeSizeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeSizeOp::inferReturnTypes(MLIRContext *context,
                                           std::optional<Location>,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  types.push_back(SizeType::get(context, adaptor.getElements().size()));
  return success();
}

void MakeSizeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "size");
}

//===----------------------------------------------------------------------===//
// GetItemOp
//===----------------------------------------------------------------------===//

void GetItemOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "dim");
}

LogicalResult GetItemOp::verify() {
  SizeType sizeType = getSize().getType();
  int64_t index = getIndexAttr().getInt();
  if (normalizeIndex(index, sizeType.getRank()))
    return success();
  return emitOutOfRange(*this, "index", index, sizeType, sizeType.getRank(),
                        "elements");
}

OpFoldResult GetItemOp::fold(FoldAdaptor) {
  int64_t index = getIndexAttr().getInt();
  Operation *def = getSize().getDefiningOp();
  // getitem(make_size(a, b), 1) is b.
  if (auto makeSize = dyn_cast_if_present<MakeSizeOp>(def)) {
    std::optional<int64_t> position =
        normalizeIndex(index, makeSize.getElements().size());
    return position ? unlessSelf(*this, makeSize.getElements()[*position])
                    : OpFoldResult();
  }
  // x.size()[i] on a static dim is a constant.
  if (auto size = dyn_cast_if_present<SizeOp>(def); size && size.isDimless())
    return foldStaticDim(size.getInput(), index);
  return {};
}

namespace {
/// x.size()[i] on a ranked tensor -> fx.sym_size. On an unranked tensor the
/// dimless size checks the rank at run time; reading one dim would not.
struct GetItemOfSizeToSymSize final : OpRewritePattern<GetItemOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GetItemOp op,
                                PatternRewriter &rewriter) const override {
    auto size = op.getSize().getDefiningOp<SizeOp>();
    if (!size || !size.isDimless() ||
        !isa<RankedTensorType>(size.getInput().getType()))
      return rewriter.notifyMatchFailure(op, "not x.size() of a ranked tensor");
    return replaceBySymSize(rewriter, op, size.getInput(),
                            op.getIndexAttr().getInt());
  }
};
} // namespace

void GetItemOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                            MLIRContext *context) {
  patterns.add<GetItemOfSizeToSymSize>(context);
}

void mlir::fx::populateSymSizeCanonicalizationPatterns(
    RewritePatternSet &patterns) {
  patterns
      .add<SizeWithDimToSymSize, NormalizeSymSizeDim, GetItemOfSizeToSymSize>(
          patterns.getContext());
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

void SliceOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "slice");
}

//===----------------------------------------------------------------------===//
// SliceTensorOp
//===----------------------------------------------------------------------===//

LogicalResult SliceTensorOp::verify() {
  auto inputType = cast<TensorType>(getInput().getType());
  auto resultType = cast<TensorType>(getType());
  for (TensorType type : {inputType, resultType})
    if (type.hasRank() && type.getRank() == 0)
      return emitOpError() << "cannot slice dim 0 of 0-d tensor " << type;
  if (!inputType.hasRank() || !resultType.hasRank())
    return success();

  if (inputType.getRank() != resultType.getRank())
    return emitOpError() << "result " << resultType << " has rank "
                         << resultType.getRank() << ", but input " << inputType
                         << " has rank " << inputType.getRank();
  ArrayRef<int64_t> in = inputType.getShape(), out = resultType.getShape();
  if (!ShapedType::isDynamic(in[0]) && !ShapedType::isDynamic(out[0]) &&
      out[0] > in[0])
    return emitOpError() << "result dim 0 is " << out[0] << ", but a slice of "
                         << inputType << " has at most " << in[0] << " rows";
  // x[:] keeps every row.
  auto slice = getSlice().getDefiningOp<SliceOp>();
  if (slice && !slice.getStart() && !slice.getStop() && !slice.getStep() &&
      !ShapedType::isDynamic(in[0]) && !ShapedType::isDynamic(out[0]) &&
      out[0] != in[0])
    return emitOpError() << "result dim 0 is " << out[0]
                         << ", but the slice [:] keeps all " << in[0]
                         << " rows of input " << inputType;
  for (int64_t i = 1, e = in.size(); i < e; ++i)
    if (!ShapedType::isDynamic(in[i]) && !ShapedType::isDynamic(out[i]) &&
        in[i] != out[i])
      return emitOpError() << "result dim " << i << " is " << out[i]
                           << ", but input dim " << i << " is " << in[i]
                           << "; only dim 0 is sliced";
  return success();
}

void SliceTensorOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "sliced");
}

bool SliceTensorOp::mayRaise() {
  // Python raises on a step that is not positive.
  auto slice = getSlice().getDefiningOp<SliceOp>();
  if (!slice)
    return true;
  // A step other than 1 multiplies a stride, which torch checks at run time
  // (convert-fx-to-tensor).
  if (Value step = slice.getStep()) {
    std::optional<int64_t> constant = getSignedConstant(step);
    if (!constant || *constant != 1)
      return true;
  }
  // A static result dim is a claim checked at run time, unless the input's
  // type makes it: a trailing dim, or all rows of `[:]`.
  auto inputType = dyn_cast<RankedTensorType>(getInput().getType());
  auto resultType = dyn_cast<RankedTensorType>(getType());
  if (!inputType || !resultType)
    return true;
  bool all = !slice.getStart() && !slice.getStop() && !slice.getStep();
  for (auto [dim, extent] : llvm::enumerate(resultType.getShape()))
    if (!ShapedType::isDynamic(extent) &&
        (inputType.getDimSize(dim) != extent || (dim == 0 && !all)))
      return true;
  return false;
}

FX_DEFINE_RAISE_INTERFACES(SliceTensorOp)

/// Reifies every dim of a ranked result through `reifyDim`, leaving empty
/// the dims it cannot compute.
template <typename OpTy>
static LogicalResult reifyAllDims(OpTy op, OpBuilder &builder,
                                  ReifiedRankedShapedTypeDims &shapes) {
  auto resultType = dyn_cast<RankedTensorType>(op.getType());
  if (!resultType)
    return failure();
  SmallVector<OpFoldResult> &shape = shapes.emplace_back(resultType.getRank());
  for (int64_t dim = 0, rank = resultType.getRank(); dim < rank; ++dim)
    if (FailureOr<OpFoldResult> size = op.reifyDimOfResult(builder, 0, dim);
        succeeded(size))
      shape[dim] = *size;
  return success();
}

FailureOr<OpFoldResult>
SliceTensorOp::reifyDimOfResult(OpBuilder &builder, int resultIndex, int dim) {
  auto resultType = dyn_cast<RankedTensorType>(getType());
  if (resultIndex != 0 || !resultType || dim < 0 ||
      dim >= resultType.getRank() ||
      !isa<RankedTensorType>(getInput().getType()))
    return failure();
  if (!resultType.isDynamicDim(dim))
    return OpFoldResult(builder.getIndexAttr(resultType.getDimSize(dim)));
  // The number of rows depends on the slice's bounds and step at run time.
  // Fail before creating anything: a pattern that fails after creating ops
  // would be retried forever.
  if (dim == 0)
    return failure();
  // Trailing dims are the input's.
  return OpFoldResult(
      SymSizeOp::create(builder, getLoc(), getInput(), dim).getResult());
}

LogicalResult
SliceTensorOp::reifyResultShapes(OpBuilder &builder,
                                 ReifiedRankedShapedTypeDims &shapes) {
  return reifyAllDims(*this, builder, shapes);
}

//===----------------------------------------------------------------------===//
// ViewOp
//===----------------------------------------------------------------------===//

LogicalResult ViewOp::verify() {
  auto inputType = cast<TensorType>(getInput().getType());
  auto resultType = cast<TensorType>(getType());
  SizeType sizeType = getSize().getType();
  if (resultType.hasRank() && resultType.getRank() != sizeType.getRank())
    return emitOpError() << "result " << resultType << " has rank "
                         << resultType.getRank() << ", but size " << sizeType
                         << " has " << sizeType.getRank() << " elements";
  // A size element below -1 is torch's run-time error, not the verifier's:
  // folding may make any element a constant.
  if (inputType.hasStaticShape() && resultType.hasStaticShape() &&
      inputType.getNumElements() != resultType.getNumElements())
    return emitOpError() << "cannot view " << inputType << " ("
                         << inputType.getNumElements() << " elements) as "
                         << resultType << " (" << resultType.getNumElements()
                         << " elements)";
  return success();
}

/// Whether `element` is, by construction, the size of dim `dim` of `tensor`.
static bool isDimOf(Value element, Value tensor, int64_t dim) {
  auto type = cast<RankedTensorType>(tensor.getType());
  APInt constant;
  if (!type.isDynamicDim(dim) &&
      matchPattern(element, m_ConstantInt(&constant)))
    return constant.getSExtValue() == type.getDimSize(dim);
  // Canonicalization turns the other spellings of a dim into fx.sym_size
  // and then revisits this view.
  auto symSize = element.getDefiningOp<SymSizeOp>();
  return symSize && symSize.getInput() == tensor &&
         normalizeIndex(symSize.getDimAttr().getInt(), type.getRank()) == dim;
}

void ViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "view");
}

/// The product of `extents`, or none when it overflows int64.
static std::optional<int64_t> getCheckedProduct(ArrayRef<int64_t> extents) {
  int64_t product = 1;
  for (int64_t extent : extents)
    if (llvm::MulOverflow(product, extent, product))
      return std::nullopt;
  return product;
}

/// Whether `tensor` is contiguous whatever the run: a tensor that an op
/// with no tensor operand makes (a constant, tensor.empty), or a view of one,
/// or a slice of one with no step. Anything else may have the strides of a
/// slice with a step, which convert-fx-to-tensor carries at run time, across
/// calls, block arguments, control flow and select. A graph region may close
/// the chain into a cycle, which no program computes.
static bool isKnownContiguous(Value tensor) {
  SmallPtrSet<Operation *, 8> seen;
  while (Operation *def = tensor.getDefiningOp()) {
    if (!seen.insert(def).second)
      return false;
    auto slice = dyn_cast<SliceTensorOp>(def);
    if (!isa<ViewOp>(def) && !slice)
      return llvm::none_of(def->getOperandTypes(), llvm::IsaPred<TensorType>);
    if (slice) {
      auto bounds = slice.getSlice().getDefiningOp<SliceOp>();
      if (!bounds ||
          (bounds.getStep() && getSignedConstant(bounds.getStep()) != 1))
        return false;
    }
    tensor = def->getOperand(0);
  }
  return false;
}

bool ViewOp::mayRaise() {
  // Known not to raise: a static contiguous input viewed as constants, none
  // inferred, whose product is its element count, which the result type
  // says, and whose contiguous strides (the product of the later sizes, a 0
  // counted as 1) do not overflow.
  auto inputType = dyn_cast<RankedTensorType>(getInput().getType());
  auto resultType = dyn_cast<RankedTensorType>(getType());
  auto makeSize = getSize().getDefiningOp<MakeSizeOp>();
  if (!inputType || !inputType.hasStaticShape() || !resultType || !makeSize ||
      !isKnownContiguous(getInput()))
    return true;
  SmallVector<int64_t> shape;
  for (auto [dim, element] : llvm::enumerate(makeSize.getElements())) {
    std::optional<int64_t> extent = getSignedConstant(element);
    if (!extent || *extent < 0 ||
        (!resultType.isDynamicDim(dim) &&
         resultType.getDimSize(dim) != *extent))
      return true;
    shape.push_back(*extent);
  }
  SmallVector<int64_t> strideFactors;
  for (int64_t extent : ArrayRef(shape).drop_front(!shape.empty()))
    strideFactors.push_back(std::max<int64_t>(extent, 1));
  return getCheckedProduct(shape) != getCheckedProduct(inputType.getShape()) ||
         !getCheckedProduct(shape) || !getCheckedProduct(strideFactors);
}

FX_DEFINE_RAISE_INTERFACES(ViewOp)

FailureOr<OpFoldResult> ViewOp::reifyDimOfResult(OpBuilder &builder,
                                                 int resultIndex, int dim) {
  auto resultType = dyn_cast<RankedTensorType>(getType());
  if (resultIndex != 0 || !resultType || dim < 0 || dim >= resultType.getRank())
    return failure();
  if (!resultType.isDynamicDim(dim))
    return OpFoldResult(builder.getIndexAttr(resultType.getDimSize(dim)));
  // Dim i of the view is element i of its size.
  return OpFoldResult(
      GetItemOp::create(builder, getLoc(), getSize(), dim).getResult());
}

LogicalResult ViewOp::reifyResultShapes(OpBuilder &builder,
                                        ReifiedRankedShapedTypeDims &shapes) {
  return reifyAllDims(*this, builder, shapes);
}

OpFoldResult ViewOp::fold(FoldAdaptor) {
  // x.view(x.size()) is x, and so is a view to a rebuilt size of x.
  Value input = getInput();
  if (input.getType() != getType() || !isa<RankedTensorType>(getType()))
    return {};
  Operation *def = getSize().getDefiningOp();
  // In a graph region the input may be the view itself.
  if (input == getResult())
    return {};
  if (auto size = dyn_cast_if_present<SizeOp>(def))
    return size.isDimless() && size.getInput() == input ? input : Value();
  auto makeSize = dyn_cast_if_present<MakeSizeOp>(def);
  if (!makeSize)
    return {};
  for (auto [dim, element] : llvm::enumerate(makeSize.getElements()))
    if (!isDimOf(element, input, dim))
      return {};
  return input;
}

//===----------------------------------------------------------------------===//
// NodeOp
//===----------------------------------------------------------------------===//

void NodeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  // Named after the target's last component: `torch.relu` gives `%relu`.
  if (getNumResults() == 0)
    return;
  StringRef name = getTarget().rsplit('.').second;
  setNameFn(getResult(0), name.empty() ? getTarget() : name);
}

LogicalResult NodeOp::verify() {
  if (getTarget().empty())
    return emitOpError("has an empty target");
  return success();
}

//===----------------------------------------------------------------------===//
// AssertOp
//===----------------------------------------------------------------------===//

/// Splits `format` at its `{}` placeholders into the text between them, with
/// `{{` and `}}` unescaped. On a brace that is neither, returns its offset.
static std::optional<size_t> splitFormat(StringRef format,
                                         SmallVectorImpl<std::string> &pieces) {
  pieces.assign(1, std::string());
  for (size_t i = 0, e = format.size(); i < e; ++i) {
    char c = format[i];
    if (c != '{' && c != '}') {
      pieces.back().push_back(c);
      continue;
    }
    char next = i + 1 < e ? format[i + 1] : '\0';
    if (c == '{' && next == '}') {
      pieces.emplace_back();
    } else if (next == c) {
      pieces.back().push_back(c);
    } else {
      return i;
    }
    ++i;
  }
  return std::nullopt;
}

std::string AssertOp::escape(StringRef text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (char c : text) {
    escaped.push_back(c);
    if (c == '{' || c == '}')
      escaped.push_back(c);
  }
  return escaped;
}

std::string AssertOp::inlineConstants(StringRef format, ValueRange values,
                                      SmallVectorImpl<Value> &remaining) {
  SmallVector<std::string> pieces;
  (void)splitFormat(format, pieces);
  std::string result = escape(pieces.front());
  for (auto [value, piece] :
       llvm::zip_equal(values, ArrayRef(pieces).drop_front())) {
    if (std::optional<int64_t> constant = getSignedConstant(value)) {
      result += std::to_string(*constant);
    } else {
      result += "{}";
      remaining.push_back(value);
    }
    result += escape(piece);
  }
  return result;
}

SmallVector<std::string> AssertOp::getPieces() {
  SmallVector<std::string> pieces;
  (void)splitFormat(getFormat(), pieces);
  return pieces;
}

std::string AssertOp::getStaticMessage() {
  SmallVector<std::string> pieces = getPieces();
  std::string message = pieces.front();
  for (auto [value, piece] :
       llvm::zip_equal(getValues(), ArrayRef(pieces).drop_front())) {
    if (std::optional<int64_t> constant = getSignedConstant(value))
      message += std::to_string(*constant);
    else
      message += "?";
    message += piece;
  }
  return message;
}

LogicalResult AssertOp::verify() {
  SmallVector<std::string> pieces;
  if (std::optional<size_t> offset = splitFormat(getFormat(), pieces))
    return emitOpError() << "format has a lone '" << getFormat()[*offset]
                         << "' at offset " << *offset
                         << ": a value is '{}', a literal brace '{{' or '}}'";
  size_t placeholders = pieces.size() - 1;
  if (placeholders != getValues().size())
    return emitOpError() << "format has " << placeholders
                         << " placeholder(s) '{}' but " << getValues().size()
                         << " value(s)";
  return success();
}

LogicalResult AssertOp::canonicalize(AssertOp op, PatternRewriter &rewriter) {
  if (matchPattern(op.getCondition(), m_One())) {
    rewriter.eraseOp(op);
    return success();
  }
  // Constant values become part of the format.
  if (llvm::none_of(op.getValues(), [](Value value) {
        return getSignedConstant(value).has_value();
      }))
    return failure();
  SmallVector<Value> values;
  std::string format = inlineConstants(op.getFormat(), op.getValues(), values);
  rewriter.replaceOpWithNewOp<AssertOp>(op, op.getCondition(), format, values);
  return success();
}

#define GET_OP_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOps.cpp.inc"
