//===- FXTypes.h - FX dialect types -----------------------------*- C++ -*-===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXTYPES_H
#define FX_MLIR_DIALECT_FX_IR_FXTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOpsTypes.h.inc"

#endif // FX_MLIR_DIALECT_FX_IR_FXTYPES_H
