//===- Runner.cpp - Upstream's C API under the fx prefix ------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "fx-mlir-c/Runner.h"

MlirDialectRegistry fxMlirDialectRegistryCreate(void) {
  return mlirDialectRegistryCreate();
}

void fxMlirDialectRegistryDestroy(MlirDialectRegistry registry) {
  mlirDialectRegistryDestroy(registry);
}

MlirContext fxMlirContextCreateWithRegistry(MlirDialectRegistry registry,
                                            bool threading) {
  return mlirContextCreateWithRegistry(registry, threading);
}

void fxMlirContextDestroy(MlirContext context) { mlirContextDestroy(context); }

MlirDiagnosticHandlerID fxMlirContextAttachDiagnosticHandler(
    MlirContext context, MlirDiagnosticHandler handler, void *userData,
    void (*deleteUserData)(void *)) {
  return mlirContextAttachDiagnosticHandler(context, handler, userData,
                                            deleteUserData);
}

MlirDiagnosticSeverity fxMlirDiagnosticGetSeverity(MlirDiagnostic diagnostic) {
  return mlirDiagnosticGetSeverity(diagnostic);
}

void fxMlirDiagnosticPrint(MlirDiagnostic diagnostic,
                           MlirStringCallback callback, void *userData) {
  mlirDiagnosticPrint(diagnostic, callback, userData);
}

MlirModule fxMlirModuleCreateParse(MlirContext context, MlirStringRef text) {
  return mlirModuleCreateParse(context, text);
}

MlirOperation fxMlirModuleGetOperation(MlirModule module) {
  return mlirModuleGetOperation(module);
}

MlirContext fxMlirModuleGetContext(MlirModule module) {
  return mlirModuleGetContext(module);
}

void fxMlirModuleDestroy(MlirModule module) { mlirModuleDestroy(module); }

MlirPassManager fxMlirPassManagerCreate(MlirContext context) {
  return mlirPassManagerCreate(context);
}

void fxMlirPassManagerDestroy(MlirPassManager passManager) {
  mlirPassManagerDestroy(passManager);
}

MlirOpPassManager
fxMlirPassManagerGetAsOpPassManager(MlirPassManager passManager) {
  return mlirPassManagerGetAsOpPassManager(passManager);
}

MlirLogicalResult fxMlirParsePassPipeline(MlirOpPassManager passManager,
                                          MlirStringRef pipeline,
                                          MlirStringCallback callback,
                                          void *userData) {
  return mlirParsePassPipeline(passManager, pipeline, callback, userData);
}

MlirLogicalResult fxMlirPassManagerRunOnOp(MlirPassManager passManager,
                                           MlirOperation op) {
  return mlirPassManagerRunOnOp(passManager, op);
}
