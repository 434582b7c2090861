//===- InitAll.h - Everything the fx-mlir tools register --------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One registry for fx-opt, fx-lsp-server, fx-reduce and the plugin, so that
// every tool parses, verifies and transforms the same programs.
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_INITALL_H
#define FX_MLIR_INITALL_H

namespace mlir {
class DialectRegistry;

namespace fx {

/// Inserts the fx dialect and what mlir-opt registers: every upstream dialect
/// and dialect extension (among them the func inliner extension, so that
/// `--inline` inlines `func.call`, and the bufferization models the
/// fx-to-llvm pipeline needs). The plugin does not call it: mlir-opt has the
/// upstream ones already.
void registerAllDialects(DialectRegistry &registry);

/// Inserts the fx dialect and the upstream dialects the fx passes and
/// fx-to-llvm read and write (func, arith, tensor, scf, cf, memref,
/// bufferization, affine, index, llvm), with the models fx-to-llvm needs:
/// what a context needs to run them on an import, and no more, for a library
/// that links MLIR in.
void registerFXDialects(DialectRegistry &registry);

/// Registers every fx pass and pass pipeline with the global registry. Safe to
/// call more than once: the plugin calls it from both of its entry points.
/// The upstream passes are not among them, since mlir-opt, which loads the
/// plugin, has them; fx-opt registers them itself.
void registerAllPasses();

} // namespace fx
} // namespace mlir

#endif // FX_MLIR_INITALL_H
