//===- FXDialect.cpp - FX dialect -----------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/Dialect/FX/IR/FXAttrs.h"
#include "fx-mlir/Dialect/FX/IR/FXOps.h"
#include "fx-mlir/Dialect/FX/IR/FXTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::fx;

#include "fx-mlir/Dialect/FX/IR/FXOpsDialect.cpp.inc"

namespace {
/// Every fx op may be inlined. fx.node may have any side effect, but inlining
/// neither reorders, duplicates across paths nor drops it: the callee's ops
/// run once, in order, where the call ran.
struct FXInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void FXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "fx-mlir/Dialect/FX/IR/FXOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
  addInterfaces<FXInlinerInterface>();
}

Operation *FXDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  // Folded sizes are index constants; arith owns those.
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
