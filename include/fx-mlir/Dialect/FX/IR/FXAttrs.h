//===- FXAttrs.h - FX dialect attributes ------------------------*- C++ -*-===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXATTRS_H
#define FX_MLIR_DIALECT_FX_IR_FXATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "fx-mlir/Dialect/FX/IR/FXOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "fx-mlir/Dialect/FX/IR/FXOpsAttributes.h.inc"

#endif // FX_MLIR_DIALECT_FX_IR_FXATTRS_H
