//===- Passes.cpp - C API for the fx passes -------------------------------===//

#include "fx-mlir-c/Passes.h"

#include "fx-mlir/Conversion/Passes.h"
#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"

// The generated definitions name the C++ entry points unqualified; the
// declarations in fx-mlir-c/Passes.h give them C linkage.
using namespace mlir;
using namespace mlir::fx;

#include "fx-mlir/Conversion/Passes.capi.cpp.inc"
#include "fx-mlir/Dialect/FX/Transforms/Passes.capi.cpp.inc"
