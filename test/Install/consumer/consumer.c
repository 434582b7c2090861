/*===- consumer.c - Load the fx dialect through the C API ---------------===*/

#include "fx-mlir-c/Dialects.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
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
  mlirContextDestroy(context);
  return 0;
}
