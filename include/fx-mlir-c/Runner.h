/*===- fx-mlir-c/Runner.h - Upstream's C API under the fx prefix --*- C -*-===*\
|*                                                                            *|
|* This file is licensed under the Apache License v2.0 with LLVM Exceptions.  *|
|* See the LICENSE file at the root of fx-mlir for license information.       *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* What a program that loads libFXMLIR-C.so at run time needs besides the fx  *|
|* entry points to run the fx passes: a context, the parser, diagnostics and  *|
|* a pass manager. Each function is the upstream one of the same name without *|
|* `fx` (fxMlirContextDestroy is mlirContextDestroy) and behaves as it does.  *|
|*                                                                            *|
|* The Python package's library links its own MLIR and exports only fx       *|
|* names: an upstream name exported from it would stand for, or be taken by,  *|
|* another MLIR in the same process (Debian's libMLIR.so, torch-mlir's,       *|
|* Triton's). A caller that uses these works with either library.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FX_MLIR_C_RUNNER_H
#define FX_MLIR_C_RUNNER_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_CAPI_EXPORTED MlirDialectRegistry fxMlirDialectRegistryCreate(void);
MLIR_CAPI_EXPORTED void
fxMlirDialectRegistryDestroy(MlirDialectRegistry registry);

MLIR_CAPI_EXPORTED MlirContext
fxMlirContextCreateWithRegistry(MlirDialectRegistry registry, bool threading);
MLIR_CAPI_EXPORTED void fxMlirContextDestroy(MlirContext context);
MLIR_CAPI_EXPORTED MlirDiagnosticHandlerID fxMlirContextAttachDiagnosticHandler(
    MlirContext context, MlirDiagnosticHandler handler, void *userData,
    void (*deleteUserData)(void *));

MLIR_CAPI_EXPORTED MlirDiagnosticSeverity
fxMlirDiagnosticGetSeverity(MlirDiagnostic diagnostic);
MLIR_CAPI_EXPORTED void fxMlirDiagnosticPrint(MlirDiagnostic diagnostic,
                                              MlirStringCallback callback,
                                              void *userData);

MLIR_CAPI_EXPORTED MlirModule fxMlirModuleCreateParse(MlirContext context,
                                                      MlirStringRef text);
MLIR_CAPI_EXPORTED MlirOperation fxMlirModuleGetOperation(MlirModule module);
MLIR_CAPI_EXPORTED MlirContext fxMlirModuleGetContext(MlirModule module);
MLIR_CAPI_EXPORTED void fxMlirModuleDestroy(MlirModule module);

MLIR_CAPI_EXPORTED MlirPassManager fxMlirPassManagerCreate(MlirContext context);
MLIR_CAPI_EXPORTED void fxMlirPassManagerDestroy(MlirPassManager passManager);
MLIR_CAPI_EXPORTED MlirOpPassManager
fxMlirPassManagerGetAsOpPassManager(MlirPassManager passManager);
MLIR_CAPI_EXPORTED MlirLogicalResult
fxMlirParsePassPipeline(MlirOpPassManager passManager, MlirStringRef pipeline,
                        MlirStringCallback callback, void *userData);
MLIR_CAPI_EXPORTED MlirLogicalResult
fxMlirPassManagerRunOnOp(MlirPassManager passManager, MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif // FX_MLIR_C_RUNNER_H
