//===- Split.cpp - fx-split-graph's decision, for C -----------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir-c/Split.h"

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitGraph.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitRules.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::fx;

namespace {
/// A decision and the arrays the C API hands out of it.
struct Decision {
  bool succeeded = false;
  SplitDecision split;
  std::vector<MlirStringRef> nodeNames;
  std::vector<int64_t> nodeGraphIds;
  std::vector<SmallVector<int64_t>> sizeStaticDims;
};
} // namespace

static Decision *unwrap(FxMlirSplitDecision decision) {
  return static_cast<Decision *>(decision.ptr);
}

/// Decomposes `module`'s sizes as vLLM does and decides its split into
/// `decision`.
static void decide(ModuleOp module, ArrayRef<std::string> ops,
                   bool matchFxTargets, Decision &decision) {
  // vLLM's _decompose_size_nodes puts the dims of every x.size(), dead or
  // not, right after the tensor's producer; the walk driver decomposes a
  // dead one rather than erasing it.
  PassManager pm(module.getContext(), module.getOperationName());
  FXDecomposeSizeOptions options;
  options.placement = "after-producer";
  options.useWalkDriver = true;
  pm.addPass(createFXDecomposeSize(options));
  if (failed(pm.run(module)))
    return;
  std::vector<SplitDecision> decisions;
  decision.succeeded =
      succeeded(decideSplits(module, ops, matchFxTargets, decisions));
  if (decisions.size() != 1) {
    // An import has one function; anything else is no graph split_graph
    // made, unless the analysis has said why already.
    if (decision.succeeded)
      emitError(module.getLoc())
          << "fxMlirSplitDecide: the module has " << decisions.size()
          << " functions to split, not one";
    decision.succeeded = false;
    return;
  }
  decision.split = std::move(decisions.front());
  for (const SplitDecision::Node &node : decision.split.nodes) {
    decision.nodeNames.push_back(wrap(StringRef(node.name)));
    decision.nodeGraphIds.push_back(node.graphId);
  }
  for (const SplitDecision::Size &size : decision.split.sizes) {
    SmallVector<int64_t> &dims = decision.sizeStaticDims.emplace_back();
    for (std::optional<int64_t> dim : size.staticDims)
      dims.push_back(dim.value_or(ShapedType::kDynamic));
  }
}

FxMlirSplitDecision fxMlirSplitDecide(MlirOperation module, intptr_t numOps,
                                      const MlirStringRef *ops,
                                      MlirStringRef vllmRelease,
                                      bool matchFxTargets) {
  auto *decision = new Decision;
  auto moduleOp = dyn_cast<ModuleOp>(unwrap(module));
  if (!moduleOp) {
    emitError(unwrap(module)->getLoc())
        << "fxMlirSplitDecide: expected a builtin.module";
    return {decision};
  }
  if (!ops) {
    StringRef release = vllmRelease.data ? unwrap(vllmRelease) : "0.34.0";
    FailureOr<std::vector<std::string>> defaults =
        getDefaultSplittingOps(release);
    if (failed(defaults)) {
      emitError(moduleOp.getLoc())
          << "fxMlirSplitDecide: '" << release
          << "' is not a vLLM release whose rules fx-mlir knows ("
          << llvm::join(getVllmReleases(), ", ") << ")";
      return {decision};
    }
    decide(moduleOp, *defaults, matchFxTargets, *decision);
    return {decision};
  }
  std::vector<std::string> names;
  for (intptr_t i = 0; i < numOps; ++i)
    names.push_back(unwrap(ops[i]).str());
  decide(moduleOp, names, matchFxTargets, *decision);
  return {decision};
}

void fxMlirSplitDecisionDestroy(FxMlirSplitDecision decision) {
  delete unwrap(decision);
}

bool fxMlirSplitDecisionSucceeded(FxMlirSplitDecision decision) {
  return unwrap(decision)->succeeded;
}

intptr_t fxMlirSplitDecisionGetNumNodes(FxMlirSplitDecision decision) {
  return unwrap(decision)->nodeNames.size();
}

const MlirStringRef *
fxMlirSplitDecisionGetNodeNames(FxMlirSplitDecision decision) {
  return unwrap(decision)->nodeNames.data();
}

const int64_t *
fxMlirSplitDecisionGetNodeGraphIds(FxMlirSplitDecision decision) {
  return unwrap(decision)->nodeGraphIds.data();
}

intptr_t fxMlirSplitDecisionGetNumPieces(FxMlirSplitDecision decision) {
  return unwrap(decision)->split.graphIds.size();
}

const int64_t *
fxMlirSplitDecisionGetPieceGraphIds(FxMlirSplitDecision decision) {
  return unwrap(decision)->split.graphIds.data();
}

const bool *fxMlirSplitDecisionGetPieceSplitting(FxMlirSplitDecision decision) {
  return unwrap(decision)->split.splitting.data();
}

intptr_t fxMlirSplitDecisionGetNumSizes(FxMlirSplitDecision decision) {
  return unwrap(decision)->split.sizes.size();
}

FxMlirSplitSize fxMlirSplitDecisionGetSize(FxMlirSplitDecision decision,
                                           intptr_t pos) {
  Decision &unwrapped = *unwrap(decision);
  const SplitDecision::Size &size = unwrapped.split.sizes[pos];
  return {wrap(StringRef(size.name)),
          static_cast<intptr_t>(size.graphIds.size()),
          unwrapped.sizeStaticDims[pos].data(), size.graphIds.data()};
}

int64_t fxMlirSplitDecisionDynamicDim(void) { return ShapedType::kDynamic; }

intptr_t fxMlirSplitDecisionGetNumRefusals(FxMlirSplitDecision decision) {
  return unwrap(decision)->split.refusals.size();
}

FxMlirSplitRefusal fxMlirSplitDecisionGetRefusal(FxMlirSplitDecision decision,
                                                 intptr_t pos) {
  const SplitDecision::Refusal &refusal = unwrap(decision)->split.refusals[pos];
  return {wrap(StringRef(refusal.node)), refusal.from, refusal.to.value_or(-1),
          wrap(StringRef(refusal.message))};
}
