//===- SplitMatch.cpp - What fx-split-graph recognizes in the IR ----------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitMatch.h"

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitGraph.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitRules.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

//===----------------------------------------------------------------------===//
// Matching ops
//===----------------------------------------------------------------------===//

/// Whether `node` is a torch.fx `call_function` node.
static bool isCallFunction(NodeOp node) {
  return node.getKind() == NodeKind::CallFunction;
}

SplittingOps::SplittingOps(ArrayRef<std::string> names, bool matchFxTargets)
    : matchFxTargets(matchFxTargets) {
  for (StringRef name : names)
    this->names.insert(name);
}

bool SplittingOps::matchesCallFunction(StringRef target) const {
  return shouldSplit(target, names);
}

bool SplittingOps::matches(Operation *op) const {
  auto node = dyn_cast<NodeOp>(op);
  if (matchFxTargets &&
      names.contains(node ? node.getTarget() : op->getName().getStringRef()))
    return true;
  return node && isCallFunction(node) && matchesCallFunction(node.getTarget());
}

bool split::isTakeApart(Operation *op) {
  if (isa<GetItemOp, SliceTensorOp>(op))
    return true;
  auto node = dyn_cast<NodeOp>(op);
  return node && isCallFunction(node) && !node.getInputs().empty() &&
         (node.getTarget() == "operator.getitem" ||
          node.getTarget() == "_operator.getitem");
}

bool split::isEmptyAllocation(Operation *op) {
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto node = dyn_cast<NodeOp>(op);
  return node && isEmptyAllocationNode(stringifyNodeKind(node.getKind()),
                                       node.getTarget());
}

bool split::isRematerializable(Operation *op) {
  if (isa<SliceOp, MakeSizeOp>(op))
    return true;
  if (auto item = dyn_cast<GetItemOp>(op))
    return item.getSize().getDefiningOp<MakeSizeOp>() != nullptr;
  return op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
         op->hasTrait<OpTrait::ConstantLike>();
}

bool split::isErasedNode(Operation *op) {
  if (isa<MakeSizeOp>(op))
    return isDecomposedLoc(op->getLoc());
  if (auto item = dyn_cast<GetItemOp>(op))
    if (auto size = item.getSize().getDefiningOp<MakeSizeOp>())
      return isDecomposedLoc(size.getLoc());
  return false;
}

bool split::mayCross(Type type) {
  return isa<TensorType, IndexType, IntegerType, FloatType>(type);
}

//===----------------------------------------------------------------------===//
// Names for diagnostics, remarks and the map
//===----------------------------------------------------------------------===//

std::optional<StringRef> split::nodeName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().strref();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (auto name = nodeName(inner))
        return name;
  return std::nullopt;
}

GraphInfo::GraphInfo(func::FuncOp func) {
  if (auto folded = func->getAttrOfType<ArrayAttr>(
          FXDialect::FoldedAttrHelper::getNameStr()))
    for (auto fields : folded.getAsRange<ArrayAttr>()) {
      StringRef name = cast<StringAttr>(fields[0]).getValue();
      StringRef input = cast<StringAttr>(fields[1]).getValue();
      int64_t result = cast<IntegerAttr>(fields[2]).getInt();
      this->folded.push_back(
          {name, input, cast<StringAttr>(fields[3]).getValue(), result});
      if (result >= 0)
        itemNames[{input, result}] = name;
    }
  if (auto placeholders = func->getAttrOfType<ArrayAttr>(
          FXDialect::PlaceholdersAttrHelper::getNameStr()))
    for (auto fields : placeholders.getAsRange<ArrayAttr>())
      this->placeholders.push_back({cast<StringAttr>(fields[0]).getValue(),
                                    cast<StringAttr>(fields[1]).getValue()});
  symbols = func->getAttrOfType<DictionaryAttr>(
      FXDialect::SymbolsAttrHelper::getNameStr());
  targets = func->getAttrOfType<DictionaryAttr>(
      FXDialect::TargetsAttrHelper::getNameStr());
}

StringRef GraphInfo::target(StringRef node) const {
  auto target =
      targets ? dyn_cast_or_null<StringAttr>(targets.get(node)) : nullptr;
  return target ? target.getValue() : StringRef();
}

ArrayAttr GraphInfo::resultSymbols(StringRef node, unsigned result) const {
  auto results =
      symbols ? dyn_cast_or_null<ArrayAttr>(symbols.get(node)) : ArrayAttr();
  if (!results || result >= results.size())
    return {};
  return dyn_cast<ArrayAttr>(results[result]);
}

std::string split::valueName(Value value, const GraphInfo &info) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (auto name = nodeName(arg.getLoc()))
      return name->str();
    return "%arg" + std::to_string(arg.getArgNumber());
  }
  Operation *def = value.getDefiningOp();
  // A dim of a decomposed x.size() shares the node's name: name it by what
  // it reads, as the importer's report does.
  if (auto symSize = dyn_cast<SymSizeOp>(def))
    return "sym_size(" + valueName(symSize.getInput(), info) + ", " +
           std::to_string(symSize.getDimAttr().getInt()) + ")";
  std::string name =
      nodeName(def->getLoc()).value_or(def->getName().getStringRef()).str();
  if (def->getNumResults() > 1) {
    unsigned result = cast<OpResult>(value).getResultNumber();
    StringRef item = info.itemName(name, result);
    if (!item.empty())
      return item.str();
    name += "[" + std::to_string(result) + "]";
  }
  return name;
}

std::string split::fxNodeOf(Value value, const GraphInfo &info) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return nodeName(arg.getLoc()).value_or("").str();
  Operation *def = value.getDefiningOp();
  std::optional<StringRef> name = nodeName(def->getLoc());
  if (!name)
    return "";
  if (def->getNumResults() > 1) {
    StringRef item =
        info.itemName(*name, cast<OpResult>(value).getResultNumber());
    if (!item.empty())
      return item.str();
  }
  return name->str();
}
