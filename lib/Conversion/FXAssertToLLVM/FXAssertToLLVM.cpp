//===- FXAssertToLLVM.cpp - Checks to stderr and exit(1) ------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A failed check as a Python exception ends a script: the message, with its
// run-time values, on stderr and exit status 1, with what was printed before
// it kept.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Conversion/FXAssertToLLVM/FXAssertToLLVM.h"
#include "fx-mlir/Dialect/FX/IR/FXOps.h"

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
/// A check of either kind: its condition, the text between its values, and
/// the values.
struct Check {
  Operation *op;
  Value condition;
  SmallVector<std::string> pieces;
  ValueRange values;
};
} // namespace

/// One printf conversion of a check's format: a value, or a NUL of its text.
enum class Conversion { Value, Nul };

/// The printf format of a check: its text with `%` escaped, `%lld` for each
/// value, `%c` for each NUL of the text (which printf prints as the byte, so
/// that a message from Python keeps it), a newline, and the NUL that ends a C
/// string. `conversions` gets what each `%` stands for, in order.
static std::string printfFormat(ArrayRef<std::string> pieces,
                                SmallVectorImpl<Conversion> &conversions) {
  std::string format;
  for (auto [i, piece] : llvm::enumerate(pieces)) {
    if (i) {
      format += "%lld";
      conversions.push_back(Conversion::Value);
    }
    for (char c : piece) {
      if (c == '\0') {
        format += "%c";
        conversions.push_back(Conversion::Nul);
        continue;
      }
      format.push_back(c);
      if (c == '%')
        format.push_back(c);
    }
  }
  return format + std::string("\n\0", 2);
}

/// `value` as the i64 that `%lld` prints.
static Value toI64(OpBuilder &builder, Location loc, Value value) {
  Type i64 = builder.getI64Type();
  if (value.getType().isIndex())
    return arith::IndexCastOp::create(builder, loc, i64, value);
  if (value.getType() != i64)
    return arith::ExtSIOp::create(builder, loc, i64, value);
  return value;
}

namespace {
struct FXLowerAssertToLLVMPass
    : fx::impl::FXLowerAssertToLLVMBase<FXLowerAssertToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Check> checks;
    bool nested = false;
    module.walk([&](Operation *op) {
      if (auto check = dyn_cast<cf::AssertOp>(op))
        checks.push_back({op, check.getArg(), {check.getMsg().str()}, {}});
      else if (auto check = dyn_cast<fx::AssertOp>(op))
        checks.push_back(
            {op, check.getCondition(), check.getPieces(), check.getValues()});
      else
        return;
      // Splitting the block of a structured op's region would break it.
      Operation *parent = op->getParentOp();
      if (!isa<FunctionOpInterface>(parent)) {
        // lower-affine makes scf of affine's loops and branches.
        StringRef dialect = parent->getName().getDialectNamespace();
        InFlightDiagnostic diag = op->emitOpError()
                                  << "cannot be lowered inside '"
                                  << parent->getName() << "': ";
        if (dialect == "affine")
          diag << "run lower-affine and convert-scf-to-cf first";
        else if (dialect == "scf")
          diag << "run convert-scf-to-cf first";
        else
          diag << "lower it to cf blocks first";
        nested = true;
      }
    });
    if (nested)
      return signalPassFailure();
    if (checks.empty())
      return;

    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);
    rewriter.setInsertionPointToEnd(module.getBody());
    Type i32 = IntegerType::get(context, 32);
    Type ptr = LLVM::LLVMPointerType::get(context);
    Type voidType = LLVM::LLVMVoidType::get(context);
    FailureOr<LLVM::LLVMFuncOp> fflush =
        LLVM::lookupOrCreateFn(rewriter, module, "fflush", {ptr}, i32);
    FailureOr<LLVM::LLVMFuncOp> dprintf = LLVM::lookupOrCreateFn(
        rewriter, module, "dprintf", {i32, ptr}, i32, /*isVarArg=*/true);
    FailureOr<LLVM::LLVMFuncOp> exit =
        LLVM::lookupOrCreateFn(rewriter, module, "_exit", {i32}, voidType);
    if (failed(fflush) || failed(dprintf) || failed(exit)) {
      module.emitError("cannot declare fflush, dprintf and _exit for the "
                       "run-time checks");
      return signalPassFailure();
    }

    // One global per distinct format, named apart from the module's
    // symbols: a global of an earlier run may hold another format.
    llvm::StringMap<std::string> globals;
    unsigned nextGlobal = 0;
    for (Check &check : checks) {
      Location loc = check.op->getLoc();
      SmallVector<Conversion> conversions;
      std::string format = printfFormat(check.pieces, conversions);
      auto [it, inserted] = globals.try_emplace(format);
      while (inserted &&
             (it->second.empty() || module.lookupSymbol(it->second)))
        it->second = "fx_assert_msg_" + std::to_string(nextGlobal++);

      Block *before = check.op->getBlock();
      Block *after =
          rewriter.splitBlock(before, std::next(check.op->getIterator()));
      Block *fail = rewriter.createBlock(after);
      rewriter.setInsertionPointToEnd(before);
      cf::CondBranchOp::create(rewriter, loc, check.condition, after,
                               ValueRange{}, fail, ValueRange{});

      rewriter.setInsertionPointToStart(fail);
      Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);
      LLVM::CallOp::create(rewriter, loc, *fflush, ValueRange{null});
      Value message =
          inserted ? LLVM::createGlobalString(loc, rewriter, it->second, format,
                                              LLVM::Linkage::Internal)
                   : LLVM::AddressOfOp::create(
                         rewriter, loc, ptr,
                         FlatSymbolRefAttr::get(context, it->second));
      SmallVector<Value> arguments = {
          LLVM::ConstantOp::create(rewriter, loc, i32, 2), message};
      auto value = check.values.begin();
      for (Conversion conversion : conversions)
        arguments.push_back(
            conversion == Conversion::Value
                ? toI64(rewriter, loc, *value++)
                : LLVM::ConstantOp::create(rewriter, loc, i32, 0));
      LLVM::CallOp::create(rewriter, loc, *dprintf, arguments);
      Value status = LLVM::ConstantOp::create(rewriter, loc, i32, 1);
      LLVM::CallOp::create(rewriter, loc, *exit, ValueRange{status});
      LLVM::UnreachableOp::create(rewriter, loc);
      rewriter.eraseOp(check.op);
    }
  }
};
} // namespace
