//===- SplitOutline.cpp - Outline the pieces of a function ----------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The rewrite of a function whose plan stands: one private function per piece,
// and the function itself a caller of them in order.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitPlan.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

/// The argument attributes a piece keeps from the function's arguments: the
/// SymInt bindings.
static constexpr StringLiteral kBindingAttrs[] = {
    FXDialect::SymbolAttrHelper::getNameStr(),
    FXDialect::DimSymbolsAttrHelper::getNameStr()};

void SplitPlan::namePieces(SymbolTable &symbols) {
  for (Piece &piece : pieces) {
    std::string base =
        (func.getSymName() + "_submod_" + Twine(piece.number)).str();
    piece.name = base;
    for (unsigned suffix = 0; symbols.lookup(piece.name); ++suffix)
      piece.name = base + "_" + std::to_string(suffix);
  }
}

void SplitPlan::apply(SymbolTable &symbols) {
  MLIRContext *ctx = func.getContext();
  OpBuilder builder(ctx);
  Operation *ret = body.getTerminator();
  SmallVector<func::FuncOp> outlined;

  for (Piece &piece : pieces) {
    SmallVector<Type> argTypes, resultTypes;
    SmallVector<int64_t> indexArgs;
    for (auto [i, arg] : llvm::enumerate(piece.args)) {
      argTypes.push_back(arg.getType());
      if (isa<IndexType>(arg.getType()))
        indexArgs.push_back(i);
    }
    for (Value result : piece.results)
      resultTypes.push_back(result.getType());

    Location loc = piece.ops.front()->getLoc();
    builder.setInsertionPointAfter(outlined.empty() ? func : outlined.back());
    auto callee =
        func::FuncOp::create(builder, loc, piece.name,
                             builder.getFunctionType(argTypes, resultTypes));
    callee.setPrivate();
    callee->setAttr(FXDialect::PieceAttrHelper::getNameStr(),
                    builder.getI64IntegerAttr(piece.number));
    callee->setAttr(FXDialect::SplittingAttrHelper::getNameStr(),
                    builder.getBoolAttr(piece.splitting));
    callee->setAttr(FXDialect::SymShapeIndicesAttrHelper::getNameStr(),
                    builder.getDenseI64ArrayAttr(indexArgs));
    symbols.insert(callee);
    outlined.push_back(callee);

    Block *entry = callee.addEntryBlock();
    IRMapping mapping;
    for (auto [i, arg] : llvm::enumerate(piece.args)) {
      mapping.map(arg, entry->getArgument(i));
      auto blockArg = dyn_cast<BlockArgument>(arg);
      if (!blockArg)
        continue;
      for (StringRef name : kBindingAttrs)
        if (Attribute attr = func.getArgAttr(blockArg.getArgNumber(), name))
          callee.setArgAttr(i, name, attr);
    }
    // Each copy goes right before its first user, after what it uses.
    DenseMap<Operation *, SmallVector<Operation *>> copiesBefore;
    for (auto [copy, anchor] : piece.copies)
      copiesBefore[anchor].push_back(copy);
    builder.setInsertionPointToEnd(entry);
    for (Operation *op : piece.ops) {
      for (Operation *copy : copiesBefore.lookup(op))
        builder.clone(*copy, mapping);
      op->moveBefore(entry, entry->end());
      op->walk([&](Operation *nested) {
        for (OpOperand &operand : nested->getOpOperands())
          if (Value mapped = mapping.lookupOrNull(operand.get()))
            operand.set(mapped);
      });
    }
    func::ReturnOp::create(builder, loc, piece.results.getArrayRef());
  }

  // The caller: one call per piece, in order, then what the return needs.
  builder.setInsertionPoint(ret);
  IRMapping callerMapping;
  for (auto [piece, callee] : llvm::zip_equal(pieces, outlined)) {
    SmallVector<Value> operands;
    for (Value arg : piece.args)
      operands.push_back(callerMapping.lookupOrDefault(arg));
    auto call = func::CallOp::create(builder, piece.ops.front()->getLoc(),
                                     callee, operands);
    for (auto [result, value] :
         llvm::zip_equal(piece.results, call.getResults()))
      callerMapping.map(result, value);
  }
  // What is left of the body: the calls, and the rematerializable ops, whose
  // users moved to the pieces (with copies) unless the return needs them.
  SmallVector<Operation *> kept;
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator())) {
    if (isa<func::CallOp>(op))
      continue;
    if (callerCopies.contains(&op)) {
      kept.push_back(&op);
      continue;
    }
    op.dropAllUses();
    op.erase();
  }
  // The kept ones move after the calls, in their original order.
  for (Operation *op : kept)
    op->moveBefore(ret);
  for (Operation &op : body)
    for (OpOperand &operand : op.getOpOperands())
      if (Value mapped = callerMapping.lookupOrNull(operand.get()))
        operand.set(mapped);
}
