//===- Dialects.cpp - C API for the fx dialect ----------------------------===//

#include "fx-mlir-c/Dialects.h"

#include "fx-mlir/Dialect/FX/IR/FXDialect.h"

#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(FX, fx, mlir::fx::FXDialect)
