//===- SplitDecision.cpp - The decision as values -------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The plan of a function as a SplitDecision (SplitGraph.h), without the IR:
// what fxMlirSplitDecide (fx-mlir-c/Split.h) hands to C.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitPlan.h"

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"

#include <map>

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

SplitDecision SplitPlan::decision() const {
  SplitDecision decision;
  decision.function = func.getSymName().str();
  decision.refusals = refusals;
  std::map<int64_t, bool> ids;
  for (auto [entry, id] : llvm::zip_equal(entries, partition.ids)) {
    if (entry.erased || entry.placeholder)
      continue;
    ids.emplace(id, partition.splittingIds.contains(id));
    if (!entry.name.empty() && !entry.created)
      decision.nodes.push_back({entry.name.str(), id});
  }
  for (auto [id, splitting] : ids) {
    decision.graphIds.push_back(id);
    decision.splitting.push_back(splitting);
  }
  // Each decomposed torch.Size is the fx.make_size fx-decompose-size made of
  // its dims: a constant per static dim, a new node per symbolic one.
  for (Operation &op : body.without_terminator()) {
    auto size = dyn_cast<MakeSizeOp>(op);
    if (!size || !isDecomposedLoc(size.getLoc()))
      continue;
    SplitDecision::Size &decomposed = decision.sizes.emplace_back();
    decomposed.name = nodeName(size.getLoc()).value_or("").str();
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
  return decision;
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
