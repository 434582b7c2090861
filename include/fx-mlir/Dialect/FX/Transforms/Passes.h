//===- Passes.h - FX dialect passes -----------------------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_TRANSFORMS_PASSES_H
#define FX_MLIR_DIALECT_FX_TRANSFORMS_PASSES_H

#include "fx-mlir/Dialect/FX/IR/FXOps.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;

namespace fx {

#define GEN_PASS_DECL
#include "fx-mlir/Dialect/FX/Transforms/Passes.h.inc"

/// Adds the pattern that decomposes dimless fx.size ops, for use in other
/// pattern-based passes.
void populateDecomposeSizePatterns(RewritePatternSet &patterns);

/// The metadata of the fused location fx-decompose-size gives the ops it
/// creates (around the size op's own location), so that fx-split-graph can
/// tell them from the graph's nodes: they are new nodes in vLLM's terms, and
/// the torch.Size they replace is gone.
inline constexpr llvm::StringLiteral kDecomposedLocTag = "fx-decompose-size";

/// Whether `loc` is the location of an op fx-decompose-size created.
bool isDecomposedLoc(Location loc);

/// What fx-decompose-size does with an fx.size or fx.sym_size: decomposes
/// it, erases it (a dead x.size() under the greedy driver), or leaves it
/// alone, because it returns one int or its tensor is unranked.
enum class SizeAction { Decomposed, Erased, WithDim, SymSize, Unranked };

/// The action fx-decompose-size takes on the size op `op` as it stands;
/// `erasedIfDead` is whether its driver erases a dead x.size() instead of
/// decomposing it (the greedy driver does, the walk driver does not).
SizeAction getSizeAction(Operation *op, bool erasedIfDead);

#define GEN_PASS_REGISTRATION
#include "fx-mlir/Dialect/FX/Transforms/Passes.h.inc"

} // namespace fx
} // namespace mlir

#endif // FX_MLIR_DIALECT_FX_TRANSFORMS_PASSES_H
