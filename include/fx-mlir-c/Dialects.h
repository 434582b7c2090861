/*===- fx-mlir-c/Dialects.h - C API for the fx dialect ------------*- C -*-===*\
|*                                                                            *|
|* This file is licensed under the Apache License v2.0 with LLVM Exceptions.  *|
|* See the LICENSE file at the root of fx-mlir for license information.       *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* mlirGetDialectHandle__fx__(), for C and Python users to register and load  *|
|* the fx dialect, as upstream dialects do.                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FX_MLIR_C_DIALECTS_H
#define FX_MLIR_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(FX, fx);

#ifdef __cplusplus
}
#endif

#endif // FX_MLIR_C_DIALECTS_H
