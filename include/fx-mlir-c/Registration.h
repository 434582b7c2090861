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
/// fx dialect and all of upstream's, as mlir-opt registers them. Only in the
/// library that links MLIR's shared libMLIR.so: the Python package's, which
/// links MLIR in (FX_LINK_MLIR_STATIC), would carry all of MLIR for it.
MLIR_CAPI_EXPORTED void fxMlirRegisterAllDialects(MlirDialectRegistry registry);

/// Inserts into `registry` the fx dialect and the upstream dialects the fx
/// passes and fx-to-llvm read and write (func, arith, tensor, scf, cf,
/// memref, bufferization, affine, index, llvm), with the models fx-to-llvm
/// needs: what a context needs to run them on an import. In every build.
MLIR_CAPI_EXPORTED void fxMlirRegisterDialects(MlirDialectRegistry registry);

/// Registers the fx passes, the fx conversion passes and the fx pipelines
/// (fx-to-llvm), so that mlirParsePassPipeline() accepts them by name. Safe to
/// call more than once and from several threads.
MLIR_CAPI_EXPORTED void fxMlirRegisterAllPasses(void);

/// Registers as fxMlirRegisterAllPasses() does, unless another copy of this
/// library (another file, loaded beside this one) has registered the fx
/// passes in this process: MLIR's pass registry, which libMLIR.so shares,
/// ends the process when a pass is registered again by another copy. Returns
/// whether the fx passes of the process are this copy's. A library that links
/// MLIR in has a registry of its own, which no other copy shares.
MLIR_CAPI_EXPORTED bool fxMlirTryRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif // FX_MLIR_C_REGISTRATION_H
