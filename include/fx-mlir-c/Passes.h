/*===- fx-mlir-c/Passes.h - C API for the fx passes ---------------*- C -*-===*\
|*                                                                            *|
|* This file is licensed under the Apache License v2.0 with LLVM Exceptions.  *|
|* See the LICENSE file at the root of fx-mlir for license information.       *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* Registration and creation of the fx passes, generated from Passes.td:      *|
|*   mlirRegisterFXPasses()           fx-decompose-size, ...                  *|
|*   mlirRegisterFXConversionPasses() convert-fx-to-tensor, ...               *|
|* After registration, mlirParsePassPipeline() accepts the passes by name.    *|
|* mlirCreateFX<Pass>() / mlirCreateFXConversion<Pass>() create one pass;     *|
|* fxMlirOpPassManagerAddOwnedPass() adds one where it can run.              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FX_MLIR_C_PASSES_H
#define FX_MLIR_C_PASSES_H

#include "fx-mlir/Conversion/Passes.capi.h.inc"
#include "fx-mlir/Dialect/FX/Transforms/Passes.capi.h.inc"

#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Adds `pass` to `passManager`, as mlirOpPassManagerAddOwnedPass() does, if
/// the pass can run on the operations `passManager` runs on. Upstream's ends
/// the process on a pass restricted to another operation; this returns a
/// failure instead, with `passManager` unchanged, `pass` destroyed and the
/// reason given to `errorCallback`. Takes ownership of `pass` either way.
/// The operations each pass runs on:
///   fx-decompose-size         any (func.func or builtin.module)
///   fx-split-graph            builtin.module
///   convert-fx-to-tensor      builtin.module
///   fx-lower-assert-to-llvm   builtin.module
/// For a pass on another operation, nest a pass manager for it with
/// mlirOpPassManagerGetNestedUnder().
MLIR_CAPI_EXPORTED MlirLogicalResult fxMlirOpPassManagerAddOwnedPass(
    MlirOpPassManager passManager, MlirPass pass,
    MlirStringCallback errorCallback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // FX_MLIR_C_PASSES_H
