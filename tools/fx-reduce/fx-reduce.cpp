//===- fx-reduce.cpp - Test-case reducer for fx-mlir ----------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// mlir-reduce for fx programs: shrinks a program while an interestingness
// script keeps reporting it interesting (any non-zero exit), e.g. while fx-opt
// still fails on it. Reads the dialects and passes fx-opt reads, and gives the
// reduction-tree pass a reduction pattern for fx ops.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Reducer/ReductionPatternInterface.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;

namespace {
/// Replaces the one result of an fx op by an operand of the same type:
/// `fx.view %x, %s` and `fx.node "call_function" "f"(%x, %w)` become `%x`,
/// `fx.slice_tensor %t[%s]` becomes `%t`. The program computes something else,
/// but the ops that only fed the replaced one (sizes, slices) become dead, and
/// the reduction tree erases them if the script still finds the case
/// interesting.
struct ForwardSameTypeOperand : RewritePattern {
  explicit ForwardSameTypeOperand(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<fx::FXDialect>(op->getDialect()) || op->getNumResults() != 1)
      return failure();
    Value result = op->getResult(0);
    for (Value operand : op->getOperands()) {
      // In a graph region an op may use its own result; replacing the result
      // by itself would leave uses of an erased op.
      if (operand == result || operand.getType() != result.getType())
        continue;
      rewriter.replaceOp(op, operand);
      return success();
    }
    return failure();
  }
};

StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  llvm_unreachable("unknown diagnostic severity");
}

struct FXReductionPatternInterface : DialectReductionPatternInterface {
  explicit FXReductionPatternInterface(Dialect *dialect)
      : DialectReductionPatternInterface(dialect) {}

  void populateReductionPatterns(RewritePatternSet &patterns) const override {
    patterns.add<ForwardSameTypeOperand>(patterns.getContext());
  }
};
} // namespace

int main(int argc, char **argv) {
  // The opt-reduction-pass runs these by name.
  registerTransformsPasses();
  fx::registerAllPasses();

  DialectRegistry registry;
  fx::registerAllDialects(registry);
  registry.addExtension(+[](MLIRContext *, fx::FXDialect *dialect) {
    dialect->addInterfaces<FXReductionPatternInterface>();
  });
  MLIRContext context(registry);
  // Without a handler MLIR prints only errors, and the reducer reports an
  // input that is not interesting with a warning: the user would see nothing
  // but the exit code. Print every diagnostic, in the same form.
  ScopedDiagnosticHandler printAll(&context, [](Diagnostic &diag) {
    auto print = [](Diagnostic &d) {
      llvm::errs() << d.getLocation() << ": " << severityName(d.getSeverity())
                   << ": " << d << "\n";
    };
    print(diag);
    for (Diagnostic &note : diag.getNotes())
      print(note);
    return success();
  });
  return failed(mlirReduceMain(argc, argv, context)) ? EXIT_FAILURE
                                                     : EXIT_SUCCESS;
}
