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
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <mutex>

using namespace mlir;
using namespace mlir::fx;

namespace {
/// A decision and what the C API hands out of it: nodes by position.
struct Decision {
  SplitDecision split;
  std::vector<FxMlirSplitNode> nodes;
  std::vector<intptr_t> sizeNodes, refusalNodes;
  std::vector<SmallVector<int64_t>> sizeDims;
  std::vector<FxMlirSplitCrossing> crossings;
  std::vector<std::vector<intptr_t>> recomputed;
  std::vector<intptr_t> returnRecomputed;
};

/// The decisions alive. A handle is a number never given twice, not an
/// address, so that a call with a destroyed decision finds nothing instead of
/// freed memory or another decision allocated there since.
class Registry {
public:
  FxMlirSplitDecision add(std::unique_ptr<Decision> decision) {
    std::lock_guard<std::mutex> lock(mutex);
    uintptr_t handle = ++last;
    live.try_emplace(handle, std::move(decision));
    return {reinterpret_cast<void *>(handle)};
  }

  const Decision *lookup(FxMlirSplitDecision decision) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.find(reinterpret_cast<uintptr_t>(decision.ptr));
    return it == live.end() ? nullptr : it->second.get();
  }

  void erase(FxMlirSplitDecision decision) {
    // Destroyed after the lock is released.
    std::unique_ptr<Decision> erased;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.find(reinterpret_cast<uintptr_t>(decision.ptr));
    if (it == live.end())
      return;
    erased = std::move(it->second);
    live.erase(it);
  }

private:
  std::mutex mutex;
  uintptr_t last = 0;
  llvm::DenseMap<uintptr_t, std::unique_ptr<Decision>> live;
};
} // namespace

/// Never destroyed: a decision may outlive the static destructors' order.
static Registry &getRegistry() {
  static Registry *registry = new Registry;
  return *registry;
}

/// The one function fx-split-graph would split in `module`, or null with an
/// error: an import has one function of one block.
static func::FuncOp getImportedFunction(ModuleOp module) {
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isDeclaration() &&
        !func->hasAttr(FXDialect::PieceAttrHelper::getNameStr()))
      funcs.push_back(func);
  if (funcs.size() != 1) {
    emitError(module.getLoc())
        << "fxMlirSplitDecide: the module has " << funcs.size()
        << " functions to split, not one";
    return nullptr;
  }
  func::FuncOp func = funcs.front();
  if (!func.getBody().hasOneBlock()) {
    func.emitOpError() << "has " << llvm::range_size(func.getBody())
                       << " blocks; fxMlirSplitDecide splits an imported "
                          "graph, a function of one block";
    return nullptr;
  }
  return func;
}

/// The C action of `action`, one fx-decompose-size takes in the walk driver.
static FxMlirSplitSizeAction getCAction(SizeAction action) {
  switch (action) {
  case SizeAction::WithDim:
    return FxMlirSplitSizeWithDim;
  case SizeAction::SymSize:
    return FxMlirSplitSizeSymSize;
  case SizeAction::Unranked:
    return FxMlirSplitSizeUnranked;
  default:
    return FxMlirSplitSizeDecomposed;
  }
}

/// Decomposes `module`'s sizes as vLLM does, if `decomposeSizes`, and
/// decides its split into `decision`.
static LogicalResult decide(ModuleOp module, ArrayRef<MlirStringRef> nodes,
                            ArrayRef<std::string> ops, bool matchFxTargets,
                            bool decomposeSizes, Decision &decision) {
  if (!getImportedFunction(module))
    return failure();
  if (decomposeSizes) {
    // vLLM's _decompose_size_nodes puts the dims of every x.size(), dead or
    // not, right after the tensor's producer; the walk driver decomposes a
    // dead one rather than erasing it.
    PassManager pm(module.getContext(), module.getOperationName());
    FXDecomposeSizeOptions options;
    options.placement = "after-producer";
    options.useWalkDriver = true;
    pm.addPass(createFXDecomposeSize(options));
    if (failed(pm.run(module)))
      return failure();
  }
  std::vector<SplitDecision> decisions;
  LogicalResult decided = decideSplits(module, ops, matchFxTargets, decisions);
  // The one function above; the analysis may refuse it before its plan.
  if (decisions.size() != 1)
    return failure();
  decision.split = std::move(decisions.front());
  llvm::StringMap<intptr_t> positions;
  for (auto [pos, node] : llvm::enumerate(nodes))
    positions.try_emplace(unwrap(node), pos);
  auto position = [&](StringRef name) -> intptr_t {
    auto it = positions.find(name);
    return it == positions.end() ? -1 : it->second;
  };
  // vLLM's graph after its decomposition: not the sizes it erases, nor its
  // new dims, which the sizes give.
  for (const SplitDecision::Node &node : decision.split.nodes)
    if (!node.erased && !node.dim)
      decision.nodes.push_back({position(node.name), node.graphId});
  for (const SplitDecision::Piece &piece : decision.split.pieces)
    llvm::append_range(decision.recomputed.emplace_back(),
                       llvm::map_range(piece.recomputed, position));
  llvm::append_range(
      decision.returnRecomputed,
      llvm::map_range(decision.split.returnRecomputed, position));
  for (const SplitDecision::Refusal &refusal : decision.split.refusals)
    decision.refusalNodes.push_back(position(refusal.node));
  // Without fx-decompose-size, no size was its to decompose or leave alone.
  if (!decomposeSizes)
    decision.split.sizes.clear();
  for (const SplitDecision::Size &size : decision.split.sizes) {
    decision.sizeNodes.push_back(position(size.name));
    SmallVector<int64_t> &dims = decision.sizeDims.emplace_back();
    for (std::optional<int64_t> dim : size.staticDims)
      dims.push_back(dim.value_or(ShapedType::kDynamic));
  }
  for (const SplitDecision::Crossing &crossing : decision.split.crossings)
    decision.crossings.push_back(
        {position(crossing.node), crossing.dim.value_or(-1),
         wrap(StringRef(crossing.type)), crossing.firstCut, crossing.lastCut});
  return decided;
}

MlirLogicalResult fxMlirSplitDecide(MlirOperation module, intptr_t numNodes,
                                    const MlirStringRef *nodes, intptr_t numOps,
                                    const MlirStringRef *ops,
                                    MlirStringRef vllmRelease,
                                    bool matchFxTargets, bool decomposeSizes,
                                    FxMlirSplitDecision *decision) {
  if (!decision)
    return mlirLogicalResultFailure();
  *decision = {nullptr};
  if (mlirOperationIsNull(module))
    return mlirLogicalResultFailure();
  auto owned = std::make_unique<Decision>();
  LogicalResult decided = failure();
  if (auto moduleOp = dyn_cast<ModuleOp>(unwrap(module))) {
    StringRef release =
        vllmRelease.data ? unwrap(vllmRelease) : getVllmReleases().back();
    FailureOr<std::vector<std::string>> names = getDefaultSplittingOps(release);
    if (ops) {
      names = std::vector<std::string>();
      for (intptr_t i = 0; i < numOps; ++i)
        names->push_back(unwrap(ops[i]).str());
    }
    ArrayRef<MlirStringRef> table;
    if (nodes && numNodes > 0)
      table = ArrayRef(nodes, numNodes);
    if (succeeded(names))
      decided = decide(moduleOp, table, *names, matchFxTargets, decomposeSizes,
                       *owned);
    else
      emitError(moduleOp.getLoc())
          << "fxMlirSplitDecide: '" << release
          << "' is not a vLLM release whose rules fx-mlir knows ("
          << llvm::join(getVllmReleases(), ", ") << ")";
  } else {
    emitError(unwrap(module)->getLoc())
        << "fxMlirSplitDecide: expected a builtin.module, not '"
        << unwrap(module)->getName() << "'";
  }
  *decision = getRegistry().add(std::move(owned));
  return wrap(decided);
}

void fxMlirSplitDecisionDestroy(FxMlirSplitDecision decision) {
  getRegistry().erase(decision);
}

/// The size of the list `list` picks out of `decision`, 0 for a null or
/// destroyed decision.
template <typename List>
static intptr_t count(FxMlirSplitDecision decision, List list) {
  const Decision *found = getRegistry().lookup(decision);
  return found ? list(*found).size() : 0;
}

/// `get(*found, pos)` where `pos` indexes the list `list` picks out of
/// `decision`; else `empty`, also for a null or destroyed decision.
template <typename Result, typename List, typename Get>
static Result getAt(FxMlirSplitDecision decision, intptr_t pos, Result empty,
                    List list, Get get) {
  const Decision *found = getRegistry().lookup(decision);
  if (!found || pos < 0 || static_cast<size_t>(pos) >= list(*found).size())
    return empty;
  return get(*found, pos);
}

static const auto &getNodes(const Decision &d) { return d.nodes; }
static const auto &getPieces(const Decision &d) { return d.split.pieces; }
static const auto &getReturnRecomputed(const Decision &d) {
  return d.returnRecomputed;
}
static const auto &getSizes(const Decision &d) { return d.sizeNodes; }
static const auto &getRefusals(const Decision &d) { return d.refusalNodes; }
static const auto &getCuts(const Decision &d) { return d.split.cuts; }
static const auto &getCrossings(const Decision &d) { return d.crossings; }

intptr_t fxMlirSplitDecisionGetNumNodes(FxMlirSplitDecision decision) {
  return count(decision, getNodes);
}

FxMlirSplitNode fxMlirSplitDecisionGetNode(FxMlirSplitDecision decision,
                                           intptr_t pos) {
  return getAt(decision, pos, FxMlirSplitNode{-1, -1}, getNodes,
               [](const Decision &d, intptr_t pos) { return d.nodes[pos]; });
}

intptr_t fxMlirSplitDecisionGetNumPieces(FxMlirSplitDecision decision) {
  return count(decision, getPieces);
}

FxMlirSplitPiece fxMlirSplitDecisionGetPiece(FxMlirSplitDecision decision,
                                             intptr_t pos) {
  return getAt(decision, pos, FxMlirSplitPiece{-1, false, 0}, getPieces,
               [](const Decision &d, intptr_t pos) {
                 const SplitDecision::Piece &piece = d.split.pieces[pos];
                 return FxMlirSplitPiece{
                     piece.graphId, piece.splitting,
                     static_cast<intptr_t>(d.recomputed[pos].size())};
               });
}

intptr_t fxMlirSplitDecisionGetPieceRecomputed(FxMlirSplitDecision decision,
                                               intptr_t pos,
                                               intptr_t recomputed) {
  return getAt(decision, pos, intptr_t(-1), getPieces,
               [&](const Decision &d, intptr_t pos) -> intptr_t {
                 ArrayRef<intptr_t> nodes = d.recomputed[pos];
                 if (recomputed < 0 ||
                     static_cast<size_t>(recomputed) >= nodes.size())
                   return -1;
                 return nodes[recomputed];
               });
}

intptr_t
fxMlirSplitDecisionGetNumReturnRecomputed(FxMlirSplitDecision decision) {
  return count(decision, getReturnRecomputed);
}

intptr_t fxMlirSplitDecisionGetReturnRecomputed(FxMlirSplitDecision decision,
                                                intptr_t pos) {
  return getAt(
      decision, pos, intptr_t(-1), getReturnRecomputed,
      [](const Decision &d, intptr_t pos) { return d.returnRecomputed[pos]; });
}

intptr_t fxMlirSplitDecisionGetNumSizes(FxMlirSplitDecision decision) {
  return count(decision, getSizes);
}

FxMlirSplitSize fxMlirSplitDecisionGetSize(FxMlirSplitDecision decision,
                                           intptr_t pos) {
  return getAt(decision, pos, FxMlirSplitSize{-1, FxMlirSplitSizeDecomposed, 0},
               getSizes, [](const Decision &d, intptr_t pos) {
                 return FxMlirSplitSize{
                     d.sizeNodes[pos], getCAction(d.split.sizes[pos].action),
                     static_cast<intptr_t>(d.sizeDims[pos].size())};
               });
}

FxMlirSplitDim fxMlirSplitDecisionGetSizeDim(FxMlirSplitDecision decision,
                                             intptr_t pos, intptr_t dim) {
  return getAt(decision, pos, FxMlirSplitDim{0, -1}, getSizes,
               [dim](const Decision &d, intptr_t pos) {
                 ArrayRef<int64_t> dims = d.sizeDims[pos];
                 if (dim < 0 || static_cast<size_t>(dim) >= dims.size())
                   return FxMlirSplitDim{0, -1};
                 return FxMlirSplitDim{dims[dim],
                                       d.split.sizes[pos].graphIds[dim]};
               });
}

int64_t fxMlirSplitDecisionDynamicDim(void) { return ShapedType::kDynamic; }

intptr_t fxMlirSplitDecisionGetNumRefusals(FxMlirSplitDecision decision) {
  return count(decision, getRefusals);
}

FxMlirSplitRefusal fxMlirSplitDecisionGetRefusal(FxMlirSplitDecision decision,
                                                 intptr_t pos) {
  return getAt(decision, pos, FxMlirSplitRefusal{-1, -1, -1, wrap(StringRef())},
               getRefusals, [](const Decision &d, intptr_t pos) {
                 const SplitDecision::Refusal &refusal = d.split.refusals[pos];
                 return FxMlirSplitRefusal{d.refusalNodes[pos], refusal.from,
                                           refusal.to.value_or(-1),
                                           wrap(StringRef(refusal.message))};
               });
}

intptr_t fxMlirSplitDecisionGetNumCuts(FxMlirSplitDecision decision) {
  return count(decision, getCuts);
}

FxMlirSplitCut fxMlirSplitDecisionGetCut(FxMlirSplitDecision decision,
                                         intptr_t pos) {
  return getAt(decision, pos, FxMlirSplitCut{-1, -1}, getCuts,
               [](const Decision &d, intptr_t pos) {
                 const SplitDecision::Cut &cut = d.split.cuts[pos];
                 return FxMlirSplitCut{cut.before, cut.after};
               });
}

intptr_t fxMlirSplitDecisionGetNumCrossings(FxMlirSplitDecision decision) {
  return count(decision, getCrossings);
}

FxMlirSplitCrossing fxMlirSplitDecisionGetCrossing(FxMlirSplitDecision decision,
                                                   intptr_t pos) {
  return getAt(
      decision, pos, FxMlirSplitCrossing{-1, -1, wrap(StringRef()), -1, -1},
      getCrossings,
      [](const Decision &d, intptr_t pos) { return d.crossings[pos]; });
}
