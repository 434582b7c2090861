//===- SplitGraph.cpp - Split functions at splitting ops ------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// vLLM's piecewise compilation cuts the Dynamo graph at its attention ops
// (`split_graph` in vllm/compilation/backends.py, on top of torch.fx's
// `split_module`): the pieces in between are compiled and captured as CUDA
// graphs, the attention pieces run eagerly. Every value that crosses a cut
// becomes an output of one piece and an input of another, and a torch.Size
// among them broke the piece's compilation. Here the cut is an MLIR pass, and
// what may cross it is checked: tensors and scalars only.
//
// The rules are vLLM 0.34.0's (split_graph,
// vllm/compilation/backends.py:580-635) and torch 2.13.0's (split_module,
// torch/fx/passes/split_module.py); the pass description in Passes.td states
// them, and the Sources table of docs/DesignNotes.md lists each source with
// its lines. Which piece each FX node goes to is SplitRules.cpp's: SplitPlan.h
// lists the files that build its table of nodes from the IR, check what
// crosses, and outline the pieces it gives.
//
// The pass analyses every function first and changes the module only when no
// function has an error, so a failure leaves the IR as it was.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitPlan.h"

#include "OutputFiles.h"

namespace mlir::fx {
#define GEN_PASS_DEF_FXSPLITGRAPH
#include "fx-mlir/Dialect/FX/Transforms/Passes.h.inc"
} // namespace mlir::fx

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct FXSplitGraphPass : fx::impl::FXSplitGraphBase<FXSplitGraphPass> {
  using Base::Base;
  ~FXSplitGraphPass() override { releaseOutputFiles(this); }

  LogicalResult initialize(MLIRContext *context) override {
    return claimOutputFile(context, this, "fx-split-graph{map-file}", mapFile,
                           /*appends=*/false);
  }

  void runOnOperation() override;

private:
  /// Writes the `map-file` of `decisions`, one JSON document. Returns why
  /// the file could not be opened or written, if it could not.
  std::error_code writeMap(ArrayRef<SplitDecision> decisions);
};
} // namespace

/// The first splitting op inside a region of `op`, where no cut can reach
/// it, or null.
static Operation *findNestedSplittingOp(Operation *op,
                                        const SplittingOps &splitting) {
  Operation *found = nullptr;
  for (Region &region : op->getRegions()) {
    region.walk([&](Operation *nested) {
      if (!splitting.matches(nested))
        return WalkResult::advance();
      found = nested;
      return WalkResult::interrupt();
    });
    if (found)
      break;
  }
  return found;
}

LogicalResult split::analyzeModule(ModuleOp module,
                                   const SplittingOps &splitting,
                                   std::vector<SplitPlan> &plans) {
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isDeclaration() &&
        !func->hasAttr(FXDialect::PieceAttrHelper::getNameStr()))
      funcs.push_back(func);

  plans.reserve(funcs.size());
  bool ok = true;
  for (func::FuncOp func : funcs) {
    Region &region = func.getBody();
    if (!region.hasOneBlock()) {
      WalkResult found = func.walk([&](Operation *op) {
        return splitting.matches(op) ? WalkResult::interrupt()
                                     : WalkResult::advance();
      });
      if (found.wasInterrupted()) {
        func.emitOpError()
            << "has " << llvm::range_size(region)
            << " blocks; fx-split-graph splits only functions of "
               "one block";
        ok = false;
      }
      continue;
    }
    bool nestedOk = true;
    for (Operation &op : region.front()) {
      if (Operation *nested = findNestedSplittingOp(&op, splitting)) {
        nested->emitError()
            << "splitting op inside '" << op.getName()
            << "' cannot be cut out; fx-split-graph cuts only at ops directly "
               "in the function body";
        nestedOk = false;
      }
    }
    if (!nestedOk) {
      ok = false;
      continue;
    }
    plans.emplace_back(func, splitting);
    if (failed(plans.back().analyze()))
      ok = false;
  }
  return success(ok);
}

void FXSplitGraphPass::runOnOperation() {
  ModuleOp module = getOperation();
  FailureOr<std::vector<std::string>> defaults =
      getDefaultSplittingOps(vllmRelease);
  if (failed(defaults)) {
    emitError(module.getLoc())
        << "fx-split-graph: vllm-release '" << vllmRelease
        << "' is not a vLLM release whose rules it knows ("
        << llvm::join(getVllmReleases(), ", ") << ")";
    return signalPassFailure();
  }
  // With no names nothing splits, but the map still says so.
  SplittingOps splitting(splittingOps.hasValue()
                             ? ArrayRef<std::string>(splittingOps)
                             : ArrayRef<std::string>(*defaults),
                         matchFxTargets);

  // Analyse everything before changing anything.
  std::vector<SplitPlan> plans;
  bool ok = succeeded(analyzeModule(module, splitting, plans));
  SymbolTable symbols(module);
  if (ok)
    for (SplitPlan &plan : plans)
      if (plan.hasCut())
        plan.namePieces(symbols);
  // The decisions, once, for the map and the remarks; before any rewrite.
  std::vector<SplitDecision> decisions;
  if (!mapFile.empty() || emitRemarks)
    for (const SplitPlan &plan : plans)
      decisions.push_back(plan.decision());
  if (!mapFile.empty())
    if (std::error_code error = writeMap(decisions)) {
      module.emitError() << "fx-split-graph: cannot write '" << mapFile
                         << "': " << error.message();
      return signalPassFailure();
    }
  if (!ok)
    return signalPassFailure();

  for (auto [index, plan] : llvm::enumerate(plans)) {
    if (!plan.hasCut())
      continue;
    if (emitRemarks)
      plan.emitRemarks(decisions[index]);
    plan.apply(symbols);
  }
}

std::error_code FXSplitGraphPass::writeMap(ArrayRef<SplitDecision> decisions) {
  std::error_code error;
  llvm::raw_fd_ostream file(mapFile, error);
  if (error)
    return error;
  llvm::json::OStream json(file, /*IndentSize=*/1);
  json.object([&] {
    json.attributeArray("functions", [&] {
      for (const SplitDecision &decision : decisions)
        writeDecision(decision, json);
    });
  });
  file << "\n";
  file.close();
  // A stream destroyed with an error it did not clear ends the process.
  error = file.error();
  file.clear_error();
  return error;
}
