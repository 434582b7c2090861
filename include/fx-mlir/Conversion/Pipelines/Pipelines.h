//===- Pipelines.h - fx-to-llvm ---------------------------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_CONVERSION_PIPELINES_PIPELINES_H
#define FX_MLIR_CONVERSION_PIPELINES_PIPELINES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class DialectRegistry;

namespace fx {

#define GEN_PASS_DECL_FXBUFFERIZEFUNCTIONVALUES
#define GEN_PASS_DECL_FXCOPYSTRIDEDCASTS
#include "fx-mlir/Conversion/Passes.h.inc"

/// Registers the pass pipeline `fx-to-llvm`: fx IR to the LLVM dialect,
/// ready for `mlir-runner`.
void registerFXPipelines();

/// Adds to `registry` the interface models that the passes of `fx-to-llvm`
/// need (bufferization of arith, tensor, scf, cf and function boundaries),
/// for a tool that does not register every upstream extension.
void registerFXPipelineDependencies(DialectRegistry &registry);

} // namespace fx
} // namespace mlir

#endif // FX_MLIR_CONVERSION_PIPELINES_PIPELINES_H
