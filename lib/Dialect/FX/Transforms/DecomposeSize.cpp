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

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::fx {
#define GEN_PASS_DEF_FXDECOMPOSESIZE
#include "fx-mlir/Dialect/FX/Transforms/Passes.h.inc"
} // namespace mlir::fx

using namespace mlir;
using namespace mlir::fx;

/// x.size() of a ranked tensor: a torch.Size whose dims are all known. The
/// test is on the result type, so no size that returns a scalar can pass it.
static bool isDecomposable(SizeOp op) {
  return op.isDimless() && isa<RankedTensorType>(op.getInput().getType());
}

/// Emits the remark of `emit-remarks` for one size op: what the pass does
/// with it, and why. `erasedIfDead` is whether the driver erases a dead
/// x.size() instead of decomposing it (the greedy driver does).
static void remarkOnSize(Operation *op, bool erasedIfDead) {
  if (isa<SymSizeOp>(op)) {
    op->emitRemark("left alone: fx.sym_size returns one int, not a "
                   "torch.Size");
    return;
  }
  auto size = cast<SizeOp>(op);
  if (!size.isDimless()) {
    op->emitRemark("left alone: x.size(dim) returns one int, not a "
                   "torch.Size");
    return;
  }
  auto type = dyn_cast<RankedTensorType>(size.getInput().getType());
  if (!type) {
    op->emitRemark("left alone: its tensor is unranked, so its dims are "
                   "unknown");
    return;
  }
  if (erasedIfDead && op->use_empty()) {
    op->emitRemark("erased x.size(): it has no users");
    return;
  }
  InFlightDiagnostic remark = op->emitRemark("decomposed x.size() into [");
  llvm::interleaveComma(llvm::enumerate(type.getShape()), remark,
                        [&](auto dim) {
                          if (ShapedType::isDynamic(dim.value()))
                            remark << "sym_size(" << dim.index() << ")";
                          else
                            remark << dim.value();
                        });
  remark << "]";
}

namespace {
/// x.size() on a ranked tensor -> make_size(<one value per dim>).
struct DecomposeDimlessSize : OpRewritePattern<SizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SizeOp op,
                                PatternRewriter &rewriter) const override {
    if (!isDecomposable(op))
      return rewriter.notifyMatchFailure(op, "not x.size() of a ranked tensor");
    SmallVector<Value> elements =
        createSizeElements(rewriter, op.getLoc(),
                           cast<TypedValue<RankedTensorType>>(op.getInput()));
    // replaceOp moves every use before erasing, so no user is left dangling.
    rewriter.replaceOpWithNewOp<MakeSizeOp>(op, elements);
    return success();
  }
};

struct FXDecomposeSizePass
    : fx::impl::FXDecomposeSizeBase<FXDecomposeSizePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateDecomposeSizePatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    // Before any rewrite, while every size op is still there as it came.
    if (emitRemarks)
      getOperation()->walk([&](Operation *op) {
        if (isa<SizeOp, SymSizeOp>(op))
          remarkOnSize(op, /*erasedIfDead=*/!useWalkDriver);
      });

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
  patterns.add<DecomposeDimlessSize>(patterns.getContext());
}
