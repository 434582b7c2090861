//===- fx-fuzz-runner.cpp - libFuzzer target for the C API's entry point --===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The pipeline route of libFXMLIR-C.so's C API (fx-mlir-c/Passes.h), as a C
// host drives it: the first line of the input is a textual pass pipeline,
// the rest is the MLIR it runs on; a context of one thread per input, a
// diagnostic handler that prints each diagnostic through
// fxMlirDiagnosticPrint, fxMlirModuleCreateParse, fxMlirParsePassPipeline
// and fxMlirPassManagerRunOnOp. A host gives it whatever a user's graph
// became, so nothing may crash; a pipeline that succeeds leaves IR that
// verifies, and one that fails says why.
//
// A pipeline that names a file (report-file, map-file) is rejected: the
// fuzzer would write wherever its bytes say. fx-fuzz-split-map writes the
// map to a file of its own.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir-c/Registration.h"
#include "fx-mlir-c/Runner.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

static MlirDialectRegistry registry;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // The passes once, and one registry for every context.
  fxMlirRegisterAllPasses();
  registry = fxMlirDialectRegistryCreate();
  fxMlirRegisterAllDialects(registry);
  return 0;
}

static void collect(MlirStringRef text, void *printed) {
  static_cast<std::string *>(printed)->append(text.data, text.length);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic diagnostic,
                                      void *printed) {
  static_cast<std::string *>(printed)->append("diagnostic: ");
  fxMlirDiagnosticPrint(diagnostic, collect, printed);
  return mlirLogicalResultSuccess();
}

static MlirStringRef toRef(const std::string &text) {
  return mlirStringRefCreate(text.data(), text.size());
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view input(reinterpret_cast<const char *>(data), size);
  size_t newline = input.find('\n');
  if (newline == std::string_view::npos)
    return -1;
  // Both NUL-terminated, as ctypes passes a bytes object.
  std::string pipeline(input.substr(0, newline));
  std::string text(input.substr(newline + 1));
  if (pipeline.find("file") != std::string::npos)
    return -1;

  std::string printed;
  MlirContext context =
      fxMlirContextCreateWithRegistry(registry, /*threadingEnabled=*/false);
  fxMlirContextAttachDiagnosticHandler(context, onDiagnostic, &printed,
                                       /*deleteUserData=*/nullptr);
  MlirModule module = fxMlirModuleCreateParse(context, toRef(text));
  if (!mlirModuleIsNull(module)) {
    MlirPassManager manager = fxMlirPassManagerCreate(context);
    MlirLogicalResult parsed =
        fxMlirParsePassPipeline(fxMlirPassManagerGetAsOpPassManager(manager),
                                toRef(pipeline), collect, &printed);
    if (mlirLogicalResultIsSuccess(parsed)) {
      MlirOperation op = fxMlirModuleGetOperation(module);
      MlirLogicalResult ran = fxMlirPassManagerRunOnOp(manager, op);
      if (mlirLogicalResultIsSuccess(ran) ? !mlirOperationVerify(op)
                                          : printed.empty())
        std::abort();
    }
    fxMlirPassManagerDestroy(manager);
    fxMlirModuleDestroy(module);
  }
  fxMlirContextDestroy(context);
  return 0;
}
