//===- DecomposeSize.cpp - Decompose dimless fx.size ----------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Only the dimless `x.size()` returns a torch.Size tuple. `x.size(d)` is
// already a scalar and may have users of any kind (the stop of a slice, say),
// so decomposing it and erasing it is wrong: that is the LoRA crash,
// "Tried to erase Node size_1 but it still had 2 users in the graph". The
// pattern here matches on the result type, so it cannot touch a scalar size.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "OutputFiles.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

#include <mutex>

namespace mlir::fx {
#define GEN_PASS_DEF_FXDECOMPOSESIZE
#include "fx-mlir/Dialect/FX/Transforms/Passes.h.inc"
} // namespace mlir::fx

using namespace mlir;
using namespace mlir::fx;

/// x.size() of a ranked tensor: a torch.Size whose dims are all known.
static bool isDecomposable(SizeOp op) {
  return getSizeAction(op, /*erasedIfDead=*/false) == SizeAction::Decomposed;
}

namespace {
/// What the pass does with one size op, and why: the one source of its
/// remark (`emit-remarks`) and of its record in `report-file`.
struct SizeVerdict {
  SizeAction action;
  /// The dims of a decomposed x.size(): -1 for a symbolic one.
  SmallVector<int64_t> dims;
};
} // namespace

// The test is on the result type (isDimless), so no size that returns a
// scalar can be decomposed.
SizeAction mlir::fx::getSizeAction(Operation *op, bool erasedIfDead) {
  if (isa<SymSizeOp>(op))
    return SizeAction::SymSize;
  auto size = cast<SizeOp>(op);
  if (!size.isDimless())
    return SizeAction::WithDim;
  if (!isa<RankedTensorType>(size.getInput().getType()))
    return SizeAction::Unranked;
  if (erasedIfDead && op->use_empty())
    return SizeAction::Erased;
  return SizeAction::Decomposed;
}

static SizeVerdict judgeSize(Operation *op, bool erasedIfDead) {
  SizeVerdict verdict{getSizeAction(op, erasedIfDead), {}};
  if (verdict.action == SizeAction::Decomposed)
    for (int64_t dim :
         cast<RankedTensorType>(cast<SizeOp>(op).getInput().getType())
             .getShape())
      verdict.dims.push_back(ShapedType::isDynamic(dim) ? -1 : dim);
  return verdict;
}

/// Emits the remark of `emit-remarks` for one size op.
static void remarkOnSize(Operation *op, const SizeVerdict &verdict) {
  switch (verdict.action) {
  case SizeAction::Erased:
    op->emitRemark("erased x.size(): it has no users");
    return;
  case SizeAction::Unranked:
    op->emitRemark("left alone: its tensor is unranked, so its dims are "
                   "unknown");
    return;
  case SizeAction::WithDim:
  case SizeAction::SymSize:
    op->emitRemark() << "left alone: "
                     << (verdict.action == SizeAction::SymSize ? "fx.sym_size"
                                                               : "x.size(dim)")
                     << " returns one int, not a torch.Size";
    return;
  case SizeAction::Decomposed:
    break;
  }
  InFlightDiagnostic remark = op->emitRemark("decomposed x.size() into [");
  llvm::interleaveComma(llvm::enumerate(verdict.dims), remark, [&](auto dim) {
    if (dim.value() < 0)
      remark << "sym_size(" << dim.index() << ")";
    else
      remark << dim.value();
  });
  remark << "]";
}

/// The FX node name of a location, as the importer writes it.
static StringRef locName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().strref();
  return "";
}

/// The `action` of a record in `report-file`, and its `reason` for an op
/// left alone, by SizeAction.
static constexpr std::pair<StringLiteral, StringLiteral> kRecordWords[] = {
    {"decomposed", ""},         {"erased", ""},
    {"left-alone", "with-dim"}, {"left-alone", "sym-size"},
    {"left-alone", "unranked"},
};
static_assert(std::size(kRecordWords) ==
                  static_cast<size_t>(SizeAction::Unranked) + 1,
              "a record's words for each SizeAction");

/// Appends one JSON line per size op of `root` to `path`: {"node": NAME,
/// "action": ..., "reason": ..., "dims": [...]}. Function passes run in
/// parallel, so lines are written whole under a lock. Returns why the file
/// could not be opened or written, if it could not.
static std::error_code
writeReport(StringRef path,
            ArrayRef<std::pair<Operation *, SizeVerdict>> verdicts) {
  static std::mutex lock;
  std::string text;
  llvm::raw_string_ostream os(text);
  // Named, not structured, bindings: C++17 lambdas cannot capture those.
  for (const auto &opAndVerdict : verdicts) {
    Operation *op = opAndVerdict.first;
    const SizeVerdict &verdict = opAndVerdict.second;
    llvm::json::OStream json(os);
    json.object([&] {
      json.attribute("node", locName(op->getLoc()));
      auto [action, reason] = kRecordWords[static_cast<int>(verdict.action)];
      json.attribute("action", action);
      if (!reason.empty())
        json.attribute("reason", reason);
      if (verdict.action == SizeAction::Decomposed)
        json.attributeArray("dims", [&] {
          for (int64_t dim : verdict.dims)
            json.value(dim);
        });
    });
    os << "\n";
  }
  std::lock_guard<std::mutex> guard(lock);
  std::error_code error;
  llvm::raw_fd_ostream file(path, error, llvm::sys::fs::OF_Append);
  if (error)
    return error;
  file << text;
  file.close();
  // A stream destroyed with an error it did not clear ends the process.
  error = file.error();
  file.clear_error();
  return error;
}

namespace {
/// x.size() on a ranked tensor -> make_size(<one value per dim>).
struct DecomposeDimlessSize : OpRewritePattern<SizeOp> {
  DecomposeDimlessSize(MLIRContext *context, bool afterProducer)
      : OpRewritePattern(context), afterProducer(afterProducer) {}

  LogicalResult matchAndRewrite(SizeOp op,
                                PatternRewriter &rewriter) const override {
    if (!isDecomposable(op))
      return rewriter.notifyMatchFailure(op, "not x.size() of a ranked tensor");
    auto tensor = cast<TypedValue<RankedTensorType>>(op.getInput());
    Location loc = FusedLoc::get(op.getContext(), {op.getLoc()},
                                 rewriter.getStringAttr(kDecomposedLocTag));
    if (afterProducer) {
      // vLLM 0.34.0's _decompose_size_nodes (vllm/compilation/backends.py:
      // 531-549) puts the dims right after the tensor's producer
      // (inserting_after), the function's start for an argument, so that they
      // are computed where the tensor is.
      OpBuilder::InsertionGuard guard(rewriter);
      if (Operation *producer = tensor.getDefiningOp())
        rewriter.setInsertionPointAfter(producer);
      else
        rewriter.setInsertionPointToStart(
            cast<BlockArgument>(tensor).getOwner());
      SmallVector<Value> elements = createSizeElements(rewriter, loc, tensor);
      rewriter.setInsertionPoint(op);
      // replaceOp moves every use before erasing, so no user is left
      // dangling.
      rewriter.replaceOpWithNewOp<MakeSizeOp>(op, elements)->setLoc(loc);
      return success();
    }
    SmallVector<Value> elements = createSizeElements(rewriter, loc, tensor);
    rewriter.replaceOpWithNewOp<MakeSizeOp>(op, elements)->setLoc(loc);
    return success();
  }

  bool afterProducer = false;
};

struct FXDecomposeSizePass
    : fx::impl::FXDecomposeSizeBase<FXDecomposeSizePass> {
  using Base::Base;
  ~FXDecomposeSizePass() override { releaseOutputFiles(this); }

  LogicalResult initialize(MLIRContext *context) override {
    if (placement != "in-place" && placement != "after-producer")
      return emitError(UnknownLoc::get(context))
             << "fx-decompose-size: placement must be in-place or "
                "after-producer, got '"
             << placement << "'";
    if (failed(claimOutputFile(context, this, "fx-decompose-size{report-file}",
                               reportFile, /*appends=*/true)))
      return failure();
    RewritePatternSet set(context);
    set.add<DecomposeDimlessSize>(context, placement == "after-producer");
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    // Before any rewrite, while every size op is still there as it came.
    if (emitRemarks || !reportFile.empty()) {
      SmallVector<std::pair<Operation *, SizeVerdict>> verdicts;
      getOperation()->walk([&](Operation *op) {
        if (isa<SizeOp, SymSizeOp>(op))
          verdicts.emplace_back(op,
                                judgeSize(op, /*erasedIfDead=*/!useWalkDriver));
      });
      if (emitRemarks)
        for (const auto &[op, verdict] : verdicts)
          remarkOnSize(op, verdict);
      if (!reportFile.empty())
        if (std::error_code error = writeReport(reportFile, verdicts)) {
          getOperation()->emitError()
              << "cannot write '" << reportFile << "': " << error.message();
          return signalPassFailure();
        }
    }

    if (useWalkDriver) {
      walkAndApplyPatterns(getOperation(), patterns);
      return;
    }

    // Decompose and nothing else. The driver gets only the sizes to decompose
    // (ExistingOps): it erases the dead ops of its worklist and would fold
    // and CSE constants, and no other op, x.size(0) least of all, is its
    // business. A dead x.size() is erased rather than decomposed.
    SmallVector<Operation *> sizes;
    getOperation()->walk([&](SizeOp op) {
      if (isDecomposable(op))
        sizes.push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps)
        .enableFolding(false)
        .enableConstantCSE(false);
    if (failed(applyOpPatternsGreedily(sizes, patterns, config))) {
      getOperation()->emitError("fx-decompose-size did not converge");
      signalPassFailure();
    }
  }

  FrozenRewritePatternSet patterns;
};
} // namespace

void mlir::fx::populateDecomposeSizePatterns(RewritePatternSet &patterns) {
  patterns.add<DecomposeDimlessSize>(patterns.getContext(),
                                     /*afterProducer=*/false);
}

bool mlir::fx::isDecomposedLoc(Location loc) {
  auto fused = dyn_cast<FusedLoc>(loc);
  auto tag =
      fused ? dyn_cast_or_null<StringAttr>(fused.getMetadata()) : StringAttr();
  return tag && tag.getValue() == kDecomposedLocTag;
}
