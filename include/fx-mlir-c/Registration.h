/*===- fx-mlir-c/Registration.h - What the fx-mlir tools register -*- C -*-===*\
|*                                                                            *|
|* This file is licensed under the Apache License v2.0 with LLVM Exceptions.  *|
|* See the LICENSE file at the root of fx-mlir for license information.       *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* The registry fx-opt reads with, for C and Python users who want a context  *|
|* that parses what fx-opt parses and a pass manager that knows its passes.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FX_MLIR_C_REGISTRATION_H
#define FX_MLIR_C_REGISTRATION_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Inserts into `registry` every dialect and extension fx-opt registers: the
/// fx dialect and all of upstream's, as mlir-opt registers them.
MLIR_CAPI_EXPORTED void fxMlirRegisterAllDialects(MlirDialectRegistry registry);

/// Registers the fx passes, the fx conversion passes and the fx pipelines
/// (fx-to-llvm), so that mlirParsePassPipeline() accepts them by name. Safe to
/// call more than once and from several threads.
MLIR_CAPI_EXPORTED void fxMlirRegisterAllPasses(void);

/// Registers as fxMlirRegisterAllPasses() does, unless another copy of this
/// library (another file, loaded beside this one) has registered the fx
/// passes in this process: MLIR's pass registry, which libMLIR.so shares,
/// ends the process when a pass is registered again by another copy. Returns
/// whether the fx passes of the process are this copy's.
MLIR_CAPI_EXPORTED bool fxMlirTryRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif // FX_MLIR_C_REGISTRATION_H
