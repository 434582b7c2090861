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
|* mlirCreateFX<Pass>() / mlirCreateFXConversion<Pass>() create one pass.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FX_MLIR_C_PASSES_H
#define FX_MLIR_C_PASSES_H

#include "fx-mlir/Conversion/Passes.capi.h.inc"
#include "fx-mlir/Dialect/FX/Transforms/Passes.capi.h.inc"

#endif // FX_MLIR_C_PASSES_H
