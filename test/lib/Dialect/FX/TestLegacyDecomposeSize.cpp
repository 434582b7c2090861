//===- TestLegacyDecomposeSize.cpp - The pre-fix size decomposition -------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Reproduces the graph pass that crashed on LoRA graphs. It treats every size
// op as if it returned a torch.Size: it builds one value per dim of the
// tensor, rewires the users it knows (fx.getitem, and for a dimless size the
// rest through a rebuilt fx.make_size) and erases the op. `x.size(0)` returns
// a scalar, so its users are not getitems and stay; torch.fx then raised
// "Tried to erase Node size_1 but it still had 2 users in the graph".
//
// Erasing an op with uses is undefined behaviour in an LLVM built without
// assertions, so this pass checks first and reports the original error as a
// diagnostic instead.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::fx;

namespace {
struct TestLegacyDecomposeSizePass
    : PassWrapper<TestLegacyDecomposeSizePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLegacyDecomposeSizePass)

  StringRef getArgument() const final {
    return "test-fx-legacy-decompose-size";
  }
  StringRef getDescription() const final {
    return "Decompose every fx.size, with or without a dim, as the pass that "
           "crashed on LoRA graphs did";
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    registry.insert<arith::ArithDialect>();
  }

  void runOnOperation() override {
    SmallVector<SizeOp> sizes;
    getOperation()->walk([&](SizeOp op) { sizes.push_back(op); });
    for (SizeOp op : sizes)
      if (failed(decompose(op)))
        return signalPassFailure();
  }

  LogicalResult decompose(SizeOp op) {
    if (!isa<RankedTensorType>(op.getInput().getType()))
      return success();

    OpBuilder builder(op);
    Location loc = op.getLoc();
    SmallVector<Value> elements = createSizeElements(
        builder, loc, cast<TypedValue<RankedTensorType>>(op.getInput()));

    // The users the legacy pass knew: getitem on the tuple...
    for (Operation *user : llvm::make_early_inc_range(op->getUsers())) {
      auto getItem = dyn_cast<GetItemOp>(user);
      if (!getItem)
        continue;
      std::optional<int64_t> index =
          normalizeIndex(getItem.getIndexAttr().getInt(), elements.size());
      if (!index)
        continue;
      getItem.replaceAllUsesWith(elements[*index]);
      getItem.erase();
    }
    // ...and, for a real tuple, everything else through the rebuilt tuple.
    if (op.isDimless())
      op.replaceAllUsesWith(
          MakeSizeOp::create(builder, loc, elements).getResult());

    if (!op->use_empty()) {
      // torch.fx counts user nodes: the ops of one FX node (two fx.slice ops
      // of one getitem, say) are one user.
      llvm::SmallPtrSet<Operation *, 4> unnamed;
      llvm::StringSet<> named;
      for (Operation *user : op->getUsers()) {
        if (auto name = dyn_cast<NameLoc>(user->getLoc()))
          named.insert(name.getName().strref());
        else
          unnamed.insert(user);
      }
      return op.emitError()
             << "Tried to erase Node " << nodeName(op) << " but it still had "
             << named.size() + unnamed.size() << " users in the graph";
    }
    op.erase();
    return success();
  }

  /// The FX node name, carried as a NameLoc by the importer and the tests.
  static std::string nodeName(Operation *op) {
    if (auto name = dyn_cast<NameLoc>(op->getLoc()))
      return name.getName().str();
    return op->getName().getStringRef().str();
  }
};
} // namespace

namespace mlir::fx::test {
void registerTestLegacyDecomposeSizePass() {
  PassRegistration<TestLegacyDecomposeSizePass>();
}

std::unique_ptr<Pass> createTestLegacyDecomposeSizePass() {
  return std::make_unique<TestLegacyDecomposeSizePass>();
}
} // namespace mlir::fx::test
