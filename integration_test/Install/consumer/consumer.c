/*===- consumer.c - The fx dialect and passes through the C API -----------===*\
|*                                                                            *|
|* This file is licensed under the Apache License v2.0 with LLVM Exceptions.  *|
|* See the LICENSE file at the root of fx-mlir for license information.       *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "fx-mlir-c/Dialects.h"
#include "fx-mlir-c/Passes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

/* Parses `pipeline` into a fresh pass manager and runs it on `module`. */
static int runPipeline(MlirContext context, MlirModule module,
                       const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), printToStdout, NULL);
  printf("\n");
  int ok = mlirLogicalResultIsSuccess(parsed) &&
           mlirLogicalResultIsSuccess(
               mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  return ok;
}

/* fx-decompose-size by name, as a C user composes a pipeline: unknown until
   mlirRegisterFXPasses() registers it. */
static int decomposeSize(MlirContext context) {
  MlirModule module = mlirModuleCreateParse(
      context,
      mlirStringRefCreateFromCString(
          "%w = fx.node \"get_attr\" \"weight\"() : () -> tensor<?x8xf32>\n"
          "%s = fx.size %w : tensor<?x8xf32> -> !fx.size<2>\n"
          "%v = fx.view %w, %s : tensor<?x8xf32>, !fx.size<2> -> "
          "tensor<?x8xf32>\n"));
  if (mlirModuleIsNull(module))
    return 0;
  const char *pipeline = "builtin.module(fx-decompose-size)";
  printf("before registration: %s\n",
         runPipeline(context, module, pipeline) ? "ran" : "failed");
  mlirRegisterFXPasses();
  mlirRegisterFXConversionPasses();
  int ok = runPipeline(context, module, pipeline);
  printf("after registration: %s\n", ok ? "ran" : "failed");
  if (ok) {
    mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
    printf("\n");
  }
  mlirModuleDestroy(module);
  return ok;
}

int main(void) {
  /* Keep our lines in order with MLIR's diagnostics on stderr. */
  setvbuf(stdout, NULL, _IONBF, 0);
  MlirContext context = mlirContextCreate();
  MlirDialectHandle fx = mlirGetDialectHandle__fx__();
  MlirStringRef name = mlirDialectHandleGetNamespace(fx);
  printf("namespace: %.*s\n", (int)name.length, name.data);

  /* Unknown until loaded. */
  MlirType before =
      mlirTypeParseGet(context, mlirStringRefCreateFromCString("!fx.size<3>"));
  printf("parsed before loading: %s\n", mlirTypeIsNull(before) ? "no" : "yes");

  mlirDialectHandleLoadDialect(fx, context);
  MlirModule module = mlirModuleCreateParse(
      context,
      mlirStringRefCreateFromCString("%s = fx.make_size : !fx.size<0>\n"
                                     "%t = fx.getitem %s[0] : !fx.size<0>\n"));
  printf("invalid getitem rejected: %s\n",
         mlirModuleIsNull(module) ? "yes" : "no");

  module = mlirModuleCreateParse(
      context,
      mlirStringRefCreateFromCString("%s = fx.make_size : !fx.size<0>"));
  if (mlirModuleIsNull(module))
    return 1;
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);

  int ok = decomposeSize(context);
  mlirContextDestroy(context);
  return ok ? 0 : 1;
}
