//===- FXDialect.cpp - FX dialect -----------------------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/Dialect/FX/IR/FXAttrs.h"
#include "fx-mlir/Dialect/FX/IR/FXOps.h"
#include "fx-mlir/Dialect/FX/IR/FXTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::fx;

#include "fx-mlir/Dialect/FX/IR/FXOpsDialect.cpp.inc"

namespace {
/// Every fx op may be inlined. fx.node may have any side effect, but inlining
/// neither reorders, duplicates across paths nor drops it: the callee's ops
/// run once, in order, where the call ran.
struct FXInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void FXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "fx-mlir/Dialect/FX/IR/FXOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
  addInterfaces<FXInlinerInterface>();
}

Operation *FXDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  // Folded sizes are index constants; arith owns those.
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// Function attributes
//===----------------------------------------------------------------------===//

/// Whether `attr` is an array whose elements all satisfy `isElement`.
static bool isArrayOf(Attribute attr, function_ref<bool(Attribute)> isElement) {
  auto array = dyn_cast<ArrayAttr>(attr);
  return array && llvm::all_of(array, isElement);
}

static bool isStringArray(Attribute attr) {
  return isArrayOf(attr, llvm::IsaPred<StringAttr>);
}

/// Whether `attr` is a dictionary whose values all satisfy `isValue`.
static bool isDictionaryOf(Attribute attr,
                           function_ref<bool(Attribute)> isValue) {
  auto dictionary = dyn_cast<DictionaryAttr>(attr);
  return dictionary && llvm::all_of(dictionary, [&](NamedAttribute entry) {
           return isValue(entry.getValue());
         });
}

/// A folded getitem: [name, input, result, after].
static bool isFoldedEntry(Attribute attr) {
  auto fields = dyn_cast<ArrayAttr>(attr);
  return fields && fields.size() == 4 && isa<StringAttr>(fields[0]) &&
         isa<StringAttr>(fields[1]) && isa<IntegerAttr>(fields[2]) &&
         isa<StringAttr>(fields[3]);
}

/// A placeholder after a node: [name, after].
static bool isPlaceholderEntry(Attribute attr) {
  auto fields = dyn_cast<ArrayAttr>(attr);
  return fields && fields.size() == 2 && isStringArray(fields);
}

LogicalResult FXDialect::verifyOperationAttribute(Operation *op,
                                                  NamedAttribute attribute) {
  StringRef name = attribute.getName().strref();
  Attribute value = attribute.getValue();
  auto emit = [&]() { return op->emitOpError() << "'" << name << "' "; };
  if (name == SymbolAttrHelper::getNameStr() ||
      name == DimSymbolsAttrHelper::getNameStr())
    return emit() << "is only valid on a function argument";

  // The dialect's function attributes: each name, what its value must be
  // and the check of that.
  struct FunctionAttr {
    StringRef name;
    StringRef expected;
    bool (*valid)(Attribute);
  };
  static const FunctionAttr functionAttrs[] = {
      {FoldedAttrHelper::getNameStr(),
       "an array of [name, input, result, after] entries (strings, and an "
       "integer result)",
       [](Attribute v) { return isArrayOf(v, isFoldedEntry); }},
      {PlaceholdersAttrHelper::getNameStr(),
       "an array of [name, after] entries (strings)",
       [](Attribute v) { return isArrayOf(v, isPlaceholderEntry); }},
      {SymbolsAttrHelper::getNameStr(),
       "a dictionary of arrays (one per result) of arrays of strings",
       [](Attribute v) {
         return isDictionaryOf(
             v, [](Attribute r) { return isArrayOf(r, isStringArray); });
       }},
      {TargetsAttrHelper::getNameStr(), "a dictionary of strings",
       [](Attribute v) {
         return isDictionaryOf(v, llvm::IsaPred<StringAttr>);
       }},
      {OutputsAttrHelper::getNameStr(), "a string",
       [](Attribute v) { return isa<StringAttr>(v); }},
      {PieceAttrHelper::getNameStr(), "an integer",
       [](Attribute v) { return isa<IntegerAttr>(v); }},
      {SplittingAttrHelper::getNameStr(), "a bool",
       [](Attribute v) { return isa<BoolAttr>(v); }},
      {SymShapeIndicesAttrHelper::getNameStr(), "an array<i64>",
       [](Attribute v) { return isa<DenseI64ArrayAttr>(v); }},
  };
  const FunctionAttr *known = llvm::find_if(
      functionAttrs, [&](const FunctionAttr &a) { return a.name == name; });
  if (known == std::end(functionAttrs))
    return emit() << "is not an attribute of the fx dialect";
  if (!isa<FunctionOpInterface>(op))
    return emit() << "is only valid on a function";
  if (!known->valid(value))
    return emit() << "must be " << known->expected << ", got " << value;
  return success();
}

//===----------------------------------------------------------------------===//
// SymInt bindings on function arguments
//===----------------------------------------------------------------------===//

/// The type of argument `argIndex` of region `regionIndex` of `op`, also for
/// a function declaration, which has no block.
static Type getRegionArgType(Operation *op, unsigned regionIndex,
                             unsigned argIndex) {
  if (auto function = dyn_cast<FunctionOpInterface>(op))
    if (regionIndex == 0 && argIndex < function.getNumArguments())
      return function.getArgumentTypes()[argIndex];
  Region &region = op->getRegion(regionIndex);
  if (region.empty() || argIndex >= region.getNumArguments())
    return {};
  return region.getArgument(argIndex).getType();
}

LogicalResult FXDialect::verifyRegionArgAttribute(Operation *op,
                                                  unsigned regionIndex,
                                                  unsigned argIndex,
                                                  NamedAttribute attribute) {
  StringRef name = attribute.getName().strref();
  if (name != SymbolAttrHelper::getNameStr() &&
      name != DimSymbolsAttrHelper::getNameStr())
    return op->emitOpError()
           << "argument #" << argIndex << ": '" << name
           << "' is not an argument attribute of the fx dialect";
  Type type = getRegionArgType(op, regionIndex, argIndex);
  auto emit = [&]() {
    InFlightDiagnostic diag = op->emitOpError() << "argument #" << argIndex;
    if (type)
      diag << " of type " << type;
    diag << ": '" << name << "' ";
    return diag;
  };

  // fx.symbol = "s0": this index argument is the SymInt s0.
  if (name == SymbolAttrHelper::getNameStr()) {
    if (type && !isa<IndexType>(type))
      return emit() << "is only valid on an 'index' argument";
    auto symbol = dyn_cast<StringAttr>(attribute.getValue());
    if (!symbol || symbol.getValue().empty())
      return emit() << "must be a non-empty string, got "
                    << attribute.getValue();
    return success();
  }

  // fx.dim_symbols = ["s0", ""]: the SymInt of each dim, "" for a static one.
  auto tensor = dyn_cast_or_null<RankedTensorType>(type);
  if (type && !tensor)
    return emit() << "is only valid on a ranked tensor argument";
  auto symbols = dyn_cast<ArrayAttr>(attribute.getValue());
  if (!symbols || !llvm::all_of(symbols, llvm::IsaPred<StringAttr>))
    return emit() << "must be an array of strings, got "
                  << attribute.getValue();
  if (!tensor)
    return success();
  if (static_cast<int64_t>(symbols.size()) != tensor.getRank())
    return emit() << "has " << symbols.size()
                  << " entries but the tensor has rank " << tensor.getRank();
  for (auto [dim, symbol] : llvm::enumerate(symbols.getAsRange<StringAttr>()))
    if (!symbol.getValue().empty() && !tensor.isDynamicDim(dim))
      return emit() << "names " << symbol << " for dim " << dim
                    << ", which is static (" << tensor.getDimSize(dim) << ")";
  return success();
}
