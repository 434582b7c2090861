//===- FXOps.cpp - FX dialect operations ----------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

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

/// Slicing and viewing keep the element type.
static LogicalResult verifySameElementType(Operation *op, TensorType input,
                                           TensorType result) {
  if (input.getElementType() == result.getElementType())
    return success();
  return op->emitOpError() << "result element type " << result.getElementType()
                           << " does not match input element type "
                           << input.getElementType();
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

/// An optional slice bound: an `index` value or `none`.
static ParseResult
parseNoneOrIndex(OpAsmParser &parser,
                 std::optional<OpAsmParser::UnresolvedOperand> &bound) {
  if (succeeded(parser.parseOptionalKeyword("none")))
    return success();
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseOperand(operand))
    return failure();
  bound = operand;
  return success();
}

static void printNoneOrIndex(OpAsmPrinter &printer, SliceOp, Value bound) {
  if (bound)
    printer << bound;
  else
    printer << "none";
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

LogicalResult SymSizeOp::verify() {
  return verifyDim(*this, getInput(), getDimAttr().getInt());
}

OpFoldResult SymSizeOp::fold(FoldAdaptor) {
  return foldStaticDim(getInput(), getDimAttr().getInt());
}

//===----------------------------------------------------------------------===//
// MakeSizeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeSizeOp::verify() {
  int64_t rank = getType().getRank();
  if (static_cast<int64_t>(getElements().size()) != rank)
    return emitOpError() << "builds " << getType() << " from "
                         << getElements().size() << " elements; expected "
                         << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// GetItemOp
//===----------------------------------------------------------------------===//

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
    return position ? makeSize.getElements()[*position] : Value();
  }
  // x.size()[i] on a static dim is a constant.
  if (auto size = dyn_cast_if_present<SizeOp>(def); size && size.isDimless())
    return foldStaticDim(size.getInput(), index);
  return {};
}

//===----------------------------------------------------------------------===//
// SliceTensorOp
//===----------------------------------------------------------------------===//

LogicalResult SliceTensorOp::verify() {
  auto inputType = cast<TensorType>(getInput().getType());
  auto resultType = cast<TensorType>(getType());
  if (failed(verifySameElementType(*this, inputType, resultType)))
    return failure();
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

//===----------------------------------------------------------------------===//
// ViewOp
//===----------------------------------------------------------------------===//

LogicalResult ViewOp::verify() {
  auto inputType = cast<TensorType>(getInput().getType());
  auto resultType = cast<TensorType>(getType());
  SizeType sizeType = getSize().getType();
  if (failed(verifySameElementType(*this, inputType, resultType)))
    return failure();
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

OpFoldResult ViewOp::fold(FoldAdaptor) {
  // x.view(x.size()) is x, and so is a view to a rebuilt size of x.
  Value input = getInput();
  if (input.getType() != getType() || !isa<RankedTensorType>(getType()))
    return {};
  Operation *def = getSize().getDefiningOp();
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

LogicalResult NodeOp::verify() {
  StringRef kind = getKind();
  if (!llvm::is_contained(
          {"call_function", "call_method", "call_module", "get_attr"}, kind))
    return emitOpError() << "kind must be call_function, call_method, "
                            "call_module or get_attr, not '"
                         << kind << "'";
  if (getTarget().empty())
    return emitOpError("has an empty target");
  return success();
}

#define GET_OP_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOps.cpp.inc"
