//===- SplitDecision.cpp - The decision as values -------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The plan of a function as a SplitDecision (SplitGraph.h), without the IR:
// computed once here, then handed to C (fxMlirSplitDecide, fx-mlir-c/Split.h)
// or printed (`map-file`, remarks: SplitReport.cpp).
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitPlan.h"

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

/// The type of `value` as MLIR prints it.
static std::string typeString(Value value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value.getType();
  return text;
}

/// The dim of `value` where it is a dim fx-decompose-size made.
static std::optional<int64_t> decomposedDim(Value value) {
  auto symSize = value.getDefiningOp<SymSizeOp>();
  if (!symSize || !isDecomposedLoc(symSize.getLoc()))
    return std::nullopt;
  return symSize.getDimAttr().getInt();
}

namespace {
/// A value that crosses cuts, and the first and last cut it crosses.
struct Span {
  Value value;
  unsigned first, last;
};
} // namespace

/// What crosses the `numCuts` cuts: a value defined in piece a and last
/// received by piece b (or returned) crosses every cut between them.
static SmallVector<Span>
crossings(ArrayRef<Piece> pieces, const llvm::SetVector<Value> &returned,
          unsigned numCuts,
          function_ref<std::optional<unsigned>(Value)> pieceOfValue) {
  llvm::MapVector<Value, unsigned> lastUse;
  for (auto [i, piece] : llvm::enumerate(pieces))
    for (Value arg : piece.args)
      if (pieceOfValue(arg))
        lastUse[arg] = i;
  for (Value value : returned)
    if (pieceOfValue(value))
      lastUse[value] = pieces.size();
  SmallVector<Span> spans;
  for (auto [value, last] : lastUse) {
    unsigned first = *pieceOfValue(value);
    if (first < last && first < numCuts)
      spans.push_back({value, first, std::min(last, numCuts) - 1});
  }
  return spans;
}

std::vector<std::string>
SplitPlan::recomputedNodes(ArrayRef<Operation *> copies) const {
  // A node whose ops are all copies and build a torch.Size or read one: not
  // a constant, nor the shape a view builds for itself. A decomposed size and
  // its getitems are gone from the FX graph.
  std::set<unsigned> nodes;
  for (Operation *copy : copies) {
    auto it = entryOf.find(copy);
    if (it == entryOf.end())
      continue;
    const Entry &entry = entries[it->second];
    if (!entry.name.empty() && !entry.erased &&
        llvm::all_of(entry.ops, isRematerializable) &&
        llvm::any_of(entry.ops, llvm::IsaPred<MakeSizeOp, SliceOp, GetItemOp>))
      nodes.insert(it->second);
  }
  std::vector<std::string> names;
  for (unsigned index : nodes)
    names.push_back(entries[index].name.str());
  return names;
}

SplitDecision SplitPlan::decision() const {
  SplitDecision decision;
  decision.function = func.getSymName().str();
  decision.refusals = refusals;

  // The subgraphs: those of the nodes vLLM's split has, and the pieces.
  std::map<int64_t, SplitDecision::Piece> pieceOfId;
  for (auto [entry, id] : llvm::zip_equal(entries, partition.ids))
    if (!entry.erased && !entry.placeholder)
      pieceOfId[id];
  for (const Piece &outlined : pieces)
    pieceOfId[outlined.number];

  // The nodes, and each subgraph's: a decomposed size where it was, once.
  std::map<int64_t, llvm::StringSet<>> seen;
  for (auto [entry, id] : llvm::zip_equal(entries, partition.ids)) {
    if (entry.placeholder || entry.name.empty())
      continue;
    if (!entry.created) {
      decision.nodes.push_back({entry.name.str(), id, std::nullopt,
                                entry.folded != nullptr, entry.erased});
      auto piece = pieceOfId.find(id);
      if (piece != pieceOfId.end() && seen[id].insert(entry.name).second)
        piece->second.nodes.push_back(entry.name.str());
      continue;
    }
    for (Operation *op : entry.ops)
      if (auto symSize = dyn_cast<SymSizeOp>(op))
        decision.nodes.push_back(
            {entry.name.str(), id, symSize.getDimAttr().getInt()});
  }
  for (const Piece &outlined : pieces) {
    SplitDecision::Piece &piece = pieceOfId[outlined.number];
    piece.function = outlined.name;
    for (auto [i, arg] : llvm::enumerate(outlined.args)) {
      piece.inputs.push_back(valueName(arg, info));
      if (isa<IndexType>(arg.getType()))
        piece.symShapeIndices.push_back(i);
    }
    for (Value result : outlined.results)
      piece.outputs.push_back(valueName(result, info));
    piece.recomputed = recomputedNodes(
        llvm::to_vector(llvm::make_first_range(outlined.copies)));
  }
  for (auto &[id, piece] : pieceOfId) {
    piece.graphId = id;
    piece.splitting = partition.splittingIds.contains(id);
    decision.pieces.push_back(std::move(piece));
  }

  // Each decomposed torch.Size is the fx.make_size fx-decompose-size made of
  // its dims: a constant per static dim, a new node per symbolic one. The
  // size ops still there are those it leaves alone.
  for (Operation &op : body.without_terminator()) {
    if (isa<SizeOp, SymSizeOp>(op) && !isDecomposedLoc(op.getLoc())) {
      SizeAction action = getSizeAction(&op, /*erasedIfDead=*/false);
      // A dimless size of a ranked tensor is here only where fx-decompose-size
      // did not run: it was not decomposed, nor left alone by the pass.
      if (action != SizeAction::Decomposed)
        decision.sizes.push_back(
            {nodeName(op.getLoc()).value_or("").str(), action, {}, {}});
      continue;
    }
    auto size = dyn_cast<MakeSizeOp>(op);
    if (!size || !isDecomposedLoc(size.getLoc()))
      continue;
    SplitDecision::Size &decomposed = decision.sizes.emplace_back();
    decomposed.name = nodeName(size.getLoc()).value_or("").str();
    decomposed.action = SizeAction::Decomposed;
    for (Value element : size.getElements()) {
      APInt value;
      if (matchPattern(element, m_ConstantInt(&value))) {
        decomposed.staticDims.push_back(value.getSExtValue());
        decomposed.graphIds.push_back(-1);
        continue;
      }
      decomposed.staticDims.push_back(std::nullopt);
      auto it = entryOf.find(element.getDefiningOp());
      decomposed.graphIds.push_back(
          it == entryOf.end() ? -1 : partition.ids[it->second]);
    }
  }

  if (!refusals.empty() || !hasCut())
    return decision;
  decision.returnRecomputed = recomputedNodes(callerCopies.getArrayRef());
  for (unsigned cut = 0; cut + 1 < pieces.size(); ++cut)
    decision.cuts.push_back({pieces[cut].number, pieces[cut + 1].number});
  for (auto [value, first, last] :
       crossings(pieces, returned, decision.cuts.size(),
                 [&](Value value) { return pieceOfValue(value); }))
    decision.crossings.push_back({fxNodeOf(value, info), decomposedDim(value),
                                  valueName(value, info), typeString(value),
                                  first, last});
  return decision;
}

std::vector<std::vector<const SplitDecision::Crossing *>>
SplitDecision::crossingsByCut() const {
  std::vector<std::vector<const Crossing *>> byCut(cuts.size());
  for (const Crossing &crossing : crossings)
    for (unsigned cut = crossing.firstCut; cut <= crossing.lastCut; ++cut)
      byCut[cut].push_back(&crossing);
  return byCut;
}

LogicalResult mlir::fx::decideSplits(ModuleOp module,
                                     ArrayRef<std::string> splittingOps,
                                     bool matchFxTargets,
                                     std::vector<SplitDecision> &decisions) {
  SplittingOps splitting(splittingOps, matchFxTargets);
  std::vector<SplitPlan> plans;
  LogicalResult analyzed = analyzeModule(module, splitting, plans);
  for (const SplitPlan &plan : plans)
    decisions.push_back(plan.decision());
  return analyzed;
}
