//===- FXDialect.h - FX dialect ---------------------------------*- C++ -*-===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXDIALECT_H
#define FX_MLIR_DIALECT_FX_IR_FXDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "fx-mlir/Dialect/FX/IR/FXOpsDialect.h.inc"

#endif // FX_MLIR_DIALECT_FX_IR_FXDIALECT_H
