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
#include "mlir/Interfaces/InferTypeOpInterface.h"

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

/// Whether a dim that the verifier could not check is known to be in range:
/// only a constant dim of a ranked tensor is.
static Speculation::Speculatability speculateDim(Value input,
                                                 std::optional<int64_t> dim) {
  auto type = dyn_cast<RankedTensorType>(input.getType());
  if (type && dim && normalizeIndex(*dim, type.getRank()))
    return Speculation::Speculatable;
  return Speculation::NotSpeculatable;
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

Speculation::Speculatability SizeOp::getSpeculatability() {
  // A dimless size of an unranked tensor claims a length it cannot check.
  if (isDimless())
    return isa<RankedTensorType>(getInput().getType())
               ? Speculation::Speculatable
               : Speculation::NotSpeculatable;
  if (IntegerAttr dim = getDimAttr())
    return speculateDim(getInput(), dim.getInt());
  APInt dim;
  if (matchPattern(getDynamicDim(), m_ConstantInt(&dim)))
    return speculateDim(getInput(), dim.getSExtValue());
  return Speculation::NotSpeculatable;
}

void SizeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), isDimless() ? "size" : "dim");
}

OpFoldResult SizeOp::fold(FoldAdaptor adaptor) {
  if (IntegerAttr dim = getDimAttr())
    return foldStaticDim(getInput(), dim.getInt());
  if (auto dim = dyn_cast_if_present<IntegerAttr>(adaptor.getDynamicDim()))
    return foldStaticDim(getInput(), dim.getInt());
  return {};
}

//===----------------------------------------------------------------------===//
// SymSizeOp
//===----------------------------------------------------------------------===//

Speculation::Speculatability SymSizeOp::getSpeculatability() {
  return speculateDim(getInput(), getDimAttr().getInt());
}

void SymSizeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "dim");
}

LogicalResult SymSizeOp::verify() {
  return verifyDim(*this, getInput(), getDimAttr().getInt());
}

OpFoldResult SymSizeOp::fold(FoldAdaptor) {
  return foldStaticDim(getInput(), getDimAttr().getInt());
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
  // torch's infer_size accepts -1 and nothing below it.
  if (auto makeSize = getSize().getDefiningOp<MakeSizeOp>()) {
    for (auto [i, element] : llvm::enumerate(makeSize.getElements())) {
      APInt value;
      if (matchPattern(element, m_ConstantInt(&value)) &&
          value.getSExtValue() < -1)
        return emitOpError()
               << "invalid shape dimension " << value.getSExtValue()
               << ": element " << i
               << " of the size is below -1, the one negative dim torch "
                  "accepts (inferred)";
    }
  }
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
  auto isDim = [&](Value input, int64_t d) {
    return input == tensor && normalizeIndex(d, type.getRank()) == dim;
  };
  Operation *def = element.getDefiningOp();
  if (auto symSize = dyn_cast_if_present<SymSizeOp>(def))
    return isDim(symSize.getInput(), symSize.getDimAttr().getInt());
  if (auto size = dyn_cast_if_present<SizeOp>(def); size && size.getDimAttr())
    return isDim(size.getInput(), size.getDimAttr().getInt());
  if (auto getItem = dyn_cast_if_present<GetItemOp>(def)) {
    auto size = getItem.getSize().getDefiningOp<SizeOp>();
    return size && size.isDimless() &&
           isDim(size.getInput(), getItem.getIndexAttr().getInt());
  }
  return false;
}

void ViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "view");
}

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

#define GET_OP_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOps.cpp.inc"
