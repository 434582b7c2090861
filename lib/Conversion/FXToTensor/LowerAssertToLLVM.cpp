//===- LowerAssertToLLVM.cpp - cf.assert to stderr and exit(1) ------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// cf.assert as a Python exception ends a script: the message on stderr and
// exit status 1, with what was printed before it kept.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Conversion/FXToTensor/FXToTensor.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::fx {
#define GEN_PASS_DEF_FXLOWERASSERTTOLLVM
#include "fx-mlir/Conversion/Passes.h.inc"
} // namespace mlir::fx

using namespace mlir;

namespace {
struct FXLowerAssertToLLVMPass
    : fx::impl::FXLowerAssertToLLVMBase<FXLowerAssertToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cf::AssertOp> asserts;
    bool nested = false;
    module.walk([&](cf::AssertOp op) {
      // Splitting the block of a structured op's region would break it.
      if (!isa<FunctionOpInterface>(op->getParentOp())) {
        op.emitOpError() << "cannot be lowered inside '"
                         << op->getParentOp()->getName()
                         << "': run convert-scf-to-cf first";
        nested = true;
      }
      asserts.push_back(op);
    });
    if (nested)
      return signalPassFailure();
    if (asserts.empty())
      return;

    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);
    rewriter.setInsertionPointToEnd(module.getBody());
    Type i32 = IntegerType::get(context, 32);
    Type i64 = IntegerType::get(context, 64);
    Type ptr = LLVM::LLVMPointerType::get(context);
    Type voidType = LLVM::LLVMVoidType::get(context);
    FailureOr<LLVM::LLVMFuncOp> fflush =
        LLVM::lookupOrCreateFn(rewriter, module, "fflush", {ptr}, i32);
    FailureOr<LLVM::LLVMFuncOp> write =
        LLVM::lookupOrCreateFn(rewriter, module, "write", {i32, ptr, i64}, i64);
    FailureOr<LLVM::LLVMFuncOp> exit =
        LLVM::lookupOrCreateFn(rewriter, module, "_exit", {i32}, voidType);
    if (failed(fflush) || failed(write) || failed(exit)) {
      module.emitError("cannot declare fflush, write and _exit for cf.assert");
      return signalPassFailure();
    }

    // One global per distinct message, named apart from the module's
    // symbols: a global of an earlier run may hold another message.
    llvm::StringMap<std::string> globals;
    unsigned nextGlobal = 0;
    for (cf::AssertOp op : asserts) {
      Location loc = op.getLoc();
      std::string text = (op.getMsg() + "\n").str();
      auto [it, inserted] = globals.try_emplace(text);
      while (inserted &&
             (it->second.empty() || module.lookupSymbol(it->second)))
        it->second = "fx_assert_msg_" + std::to_string(nextGlobal++);

      Block *before = op->getBlock();
      Block *after = rewriter.splitBlock(before, std::next(op->getIterator()));
      Block *fail = rewriter.createBlock(after);
      rewriter.setInsertionPointToEnd(before);
      cf::CondBranchOp::create(rewriter, loc, op.getArg(), after, ValueRange{},
                               fail, ValueRange{});

      rewriter.setInsertionPointToStart(fail);
      Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);
      LLVM::CallOp::create(rewriter, loc, *fflush, ValueRange{null});
      Value message =
          inserted ? LLVM::createGlobalString(loc, rewriter, it->second, text,
                                              LLVM::Linkage::Internal)
                   : LLVM::AddressOfOp::create(
                         rewriter, loc, ptr,
                         FlatSymbolRefAttr::get(context, it->second));
      Value stderrFd = LLVM::ConstantOp::create(rewriter, loc, i32, 2);
      Value length = LLVM::ConstantOp::create(
          rewriter, loc, i64, static_cast<int64_t>(text.size()));
      LLVM::CallOp::create(rewriter, loc, *write,
                           ValueRange{stderrFd, message, length});
      Value status = LLVM::ConstantOp::create(rewriter, loc, i32, 1);
      LLVM::CallOp::create(rewriter, loc, *exit, ValueRange{status});
      LLVM::UnreachableOp::create(rewriter, loc);
      rewriter.eraseOp(op);
    }
  }
};
} // namespace
