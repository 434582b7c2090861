//===- passes.c - The fx passes on pass managers, through the C API -------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

// fxMlirOpPassManagerAddOwnedPass refuses a pass restricted to another
// operation than its pass manager's, in one line, where upstream's
// mlirOpPassManagerAddOwnedPass ends the process.
// RUN: %fx_capi_passes_test 2>&1 | FileCheck %s
// RUN: not --crash %fx_capi_passes_test upstream 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM

#include "fx-mlir-c/Passes.h"
#include "fx-mlir-c/Registration.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

// Writes `text` to the stream `file`: the C API's strings are not
// NUL-terminated.
static void print(MlirStringRef text, void *file) {
  fwrite(text.data, 1, text.length, (FILE *)file);
}

// Adds `pass` with the checked entry point and says what came of it.
static void add(const char *what, MlirOpPassManager pm, MlirPass pass) {
  printf("%s: ", what);
  MlirLogicalResult added =
      fxMlirOpPassManagerAddOwnedPass(pm, pass, print, stdout);
  printf("%s\n", mlirLogicalResultIsSuccess(added) ? "added" : " (refused)");
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  fxMlirRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      context, mlirStringRefCreateFromCString("builtin.module"));
  MlirOpPassManager module = mlirPassManagerGetAsOpPassManager(pm);
  MlirOpPassManager func = mlirOpPassManagerGetNestedUnder(
      module, mlirStringRefCreateFromCString("func.func"));

  if (argc > 1 && strcmp(argv[1], "upstream") == 0) {
    mlirOpPassManagerAddOwnedPass(func, mlirCreateFXFXSplitGraph());
    printf("not reached\n");
    return 0;
  }

  // One line:
  // CHECK: split-graph on func.func: 'fx-split-graph' runs on 'builtin.module',
  // CHECK-SAME: not on the 'func.func' this pass manager runs on; add it to a
  // CHECK-SAME: pass manager nested for 'builtin.module'
  // CHECK-SAME: (mlirOpPassManagerGetNestedUnder) (refused)
  add("split-graph on func.func", func, mlirCreateFXFXSplitGraph());
  // CHECK-NEXT: convert-fx-to-tensor on func.func: 'convert-fx-to-tensor'
  // CHECK-SAME: runs on 'builtin.module'{{.*}} (refused)
  add("convert-fx-to-tensor on func.func", func,
      mlirCreateFXConversionConvertFXToTensor());
  // CHECK-NEXT: decompose-size on func.func: added
  add("decompose-size on func.func", func, mlirCreateFXFXDecomposeSize());
  // CHECK-NEXT: split-graph on builtin.module: added
  add("split-graph on builtin.module", module, mlirCreateFXFXSplitGraph());

  // The refused passes left the pipeline as it was.
  // CHECK-NEXT: builtin.module(func.func(fx-decompose-size{{.*}}),
  // CHECK-SAME: fx-split-graph{{.*}})
  mlirPrintPassPipeline(module, print, stdout);
  printf("\n");

  MlirModule input = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(
                   "func.func @f(%x: tensor<?x8xf32>) -> !fx.size<2> {\n"
                   "  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>\n"
                   "  return %s : !fx.size<2>\n"
                   "}\n"));
  // CHECK-NEXT: ran: yes
  printf("ran: %s\n", mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(
                          pm, mlirModuleGetOperation(input)))
                          ? "yes"
                          : "no");
  // CHECK: fx.sym_size
  mlirOperationPrint(mlirModuleGetOperation(input), print, stdout);
  printf("\n");
  mlirModuleDestroy(input);
  mlirPassManagerDestroy(pm);
  mlirContextDestroy(context);
  return 0;
}

// UPSTREAM: LLVM ERROR: Can't add pass '{{.*}}' restricted to
// UPSTREAM-SAME: 'builtin.module' on a PassManager intended to run on
// UPSTREAM-SAME: 'func.func', did you intend to nest?
// UPSTREAM-NOT: not reached
