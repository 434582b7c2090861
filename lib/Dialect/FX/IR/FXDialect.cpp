//===- FXDialect.cpp - FX dialect -----------------------------------------===//

#include "fx-mlir/Dialect/FX/IR/FXDialect.h"
#include "fx-mlir/Dialect/FX/IR/FXAttrs.h"
#include "fx-mlir/Dialect/FX/IR/FXOps.h"
#include "fx-mlir/Dialect/FX/IR/FXTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::fx;

#include "fx-mlir/Dialect/FX/IR/FXOpsDialect.cpp.inc"

void FXDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "fx-mlir/Dialect/FX/IR/FXOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
}

Operation *FXDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  // Folded sizes are index constants; arith owns those.
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
