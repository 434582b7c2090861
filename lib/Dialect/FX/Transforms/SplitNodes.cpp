//===- SplitNodes.cpp - The FX nodes of a function's IR -------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Which FX node each top-level op stands for, in graph order, with the nodes
// the importer folded or left without ops, and what vLLM's walk reads of each
// (a RuleNode): SplitRules.cpp gives each its subgraph.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitPlan.h"

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "llvm/ADT/PointerUnion.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

void SplitPlan::buildEntries() {
  for (BlockArgument arg : body.getArguments())
    if (auto symbol = func.getArgAttrOfType<StringAttr>(
            arg.getArgNumber(), FXDialect::SymbolAttrHelper::getNameStr()))
      symbolArgs[symbol.getValue()] = arg;

  // The ops, one entry per run of ops of one FX node.
  SmallVector<Entry> ops;
  for (Operation &op : body.without_terminator()) {
    std::optional<StringRef> name = nodeName(op.getLoc());
    // A constant, slice or size build of no node is no node either.
    if (!name && isRematerializable(&op))
      continue;
    bool created = isDecomposedLoc(op.getLoc()) && !isa<MakeSizeOp>(&op);
    bool erased = isErasedNode(&op);
    if (!name || ops.empty() || ops.back().name != *name ||
        ops.back().created != created || ops.back().erased != erased) {
      ops.emplace_back();
      ops.back().name = name.value_or("");
      ops.back().created = created;
      ops.back().erased = erased;
    }
    ops.back().ops.push_back(&op);
  }

  // The folded getitems and the placeholders among the nodes go right after
  // the node before them in the graph; a getitem after a placeholder before
  // all nodes or after a node without ops goes after its input, or first.
  llvm::StringSet<> known;
  for (const Entry &entry : ops)
    if (!entry.name.empty())
      known.insert(entry.name);
  for (const GraphInfo::Folded &folded : info.folded)
    known.insert(folded.name);
  for (const GraphInfo::Placeholder &placeholder : info.placeholders)
    known.insert(placeholder.name);
  // A folded getitem, or a placeholder among the nodes.
  using Next = llvm::PointerUnion<const GraphInfo::Folded *,
                                  const GraphInfo::Placeholder *>;
  llvm::StringMap<SmallVector<Next>> after;
  for (const GraphInfo::Folded &folded : info.folded) {
    StringRef anchor = folded.after;
    if (!known.contains(anchor))
      anchor = known.contains(folded.input) ? folded.input : StringRef();
    after[anchor].push_back(&folded);
  }
  for (const GraphInfo::Placeholder &placeholder : info.placeholders)
    after[known.contains(placeholder.after) ? placeholder.after : StringRef()]
        .push_back(&placeholder);
  // Depth first, each followed by those after it. A stack, not recursion: a
  // run of getitems, each after the one before, is as deep as it is long.
  using Chain = SmallVector<Next>;
  SmallVector<std::pair<Chain, unsigned>> stack;
  auto placeAfter = [&](StringRef name) {
    auto open = [&](StringRef anchor) {
      auto it = after.find(anchor);
      if (it == after.end())
        return;
      stack.emplace_back(std::move(it->second), 0);
      after.erase(it);
    };
    open(name);
    while (!stack.empty()) {
      auto &[chain, next] = stack.back();
      if (next == chain.size()) {
        stack.pop_back();
        continue;
      }
      Next item = chain[next++];
      entries.emplace_back();
      if (auto *placeholder = dyn_cast<const GraphInfo::Placeholder *>(item)) {
        entries.back().name = placeholder->name;
        entries.back().placeholder = true;
        open(placeholder->name);
        continue;
      }
      auto *folded = cast<const GraphInfo::Folded *>(item);
      entries.back().name = folded->name;
      entries.back().folded = folded;
      entryByName[folded->name] = entries.size() - 1;
      open(folded->name);
    }
  };
  placeAfter("");
  for (Entry &entry : ops) {
    StringRef name = entry.name;
    entries.push_back(std::move(entry));
    unsigned index = entries.size() - 1;
    for (Operation *op : entries.back().ops)
      entryOf[op] = index;
    if (!name.empty() && !entries.back().created && !entries.back().erased)
      entryByName[name] = index;
    if (!name.empty())
      placeAfter(name);
  }
}

Operation *SplitPlan::mainOp(const Entry &entry) const {
  for (Operation *op : llvm::reverse(entry.ops))
    if (!isRematerializable(op))
      return op;
  return nullptr;
}

/// vLLM's should_split on the node of `entry`: an fx.node, a node the
/// importer modeled (by the target it recorded), or a dim fx-decompose-size
/// made (vLLM's new aten.sym_size.int node).
bool SplitPlan::isSplitting(const Entry &entry) const {
  if (entry.erased)
    return false;
  if (entry.created)
    return llvm::any_of(entry.ops, llvm::IsaPred<SymSizeOp>) &&
           splitting.matchesCallFunction(kCreatedSizeTarget);
  if (!entry.folded && splitting.matchesCallFunction(info.target(entry.name)))
    return true;
  return llvm::any_of(entry.ops,
                      [&](Operation *op) { return splitting.matches(op); });
}

/// Appends the entries whose subgraphs `value` needs: its producer's, or
/// through ops each piece recomputes, theirs; none for a function argument.
/// Each once: chains of torch.Size builds reach one op by many paths.
void SplitPlan::producers(Value value, SmallVectorImpl<unsigned> &out) const {
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Value> stack{value};
  while (!stack.empty()) {
    Operation *def = stack.pop_back_val().getDefiningOp();
    Operation *top = def ? body.findAncestorOpInBlock(*def) : nullptr;
    if (!top || !seen.insert(top).second)
      continue;
    if (isRematerializable(top))
      llvm::append_range(stack, top->getOperands());
    else
      out.push_back(entryOf.lookup(top));
  }
}

/// What vLLM's walk reads of the node of `entry`.
RuleNode SplitPlan::ruleNode(const Entry &entry) const {
  RuleNode node;
  node.erased = entry.erased;
  node.placeholder = entry.placeholder;
  if (entry.erased || entry.placeholder)
    return node;
  node.splitting = isSplitting(entry);
  Operation *main = mainOp(entry);
  node.emptyAllocation = main && !entry.folded && isEmptyAllocation(main) &&
                         llvm::all_of(entry.ops, [&](Operation *op) {
                           return op == main || isRematerializable(op);
                         });
  if (node.emptyAllocation)
    for (Operation *op : entry.ops)
      for (Value operand : op->getOperands())
        producers(operand, node.inputs);

  // A getitem goes with its input when that is a node, not a placeholder.
  if (entry.folded) {
    auto it = entryByName.find(entry.folded->input);
    if (it != entryByName.end())
      node.takesApart = it->second;
    return node;
  }
  // A torch op (aten.slice.Tensor as fx.slice_tensor) is no getitem.
  if (!main || !isTakeApart(main) || !info.target(entry.name).empty())
    return node;
  Operation *producer = main->getOperand(0).getDefiningOp();
  if (!producer || !entryOf.count(producer) || isRematerializable(producer))
    return node;
  unsigned input = entryOf.lookup(producer);
  node.takesApart = input;
  for (Operation *op : entry.ops)
    for (OpOperand &operand : op->getOpOperands())
      if (!(op == main && operand.getOperandNumber() == 0) &&
          entryOf.lookup(operand.get().getDefiningOp()) != input)
        producers(operand.get(), node.otherInputs);
  return node;
}

void SplitPlan::assign() {
  SmallVector<RuleNode> nodes;
  nodes.reserve(entries.size());
  for (const Entry &entry : entries)
    nodes.push_back(ruleNode(entry));
  partition = partitionLikeVllm(nodes);
}
