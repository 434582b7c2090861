//===- SplitGraph.h - fx-split-graph's decision -----------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What fx-split-graph decides before it rewrites anything, as values: the
// pass outlines the pieces of that decision, and fx_mlir_import.split_graph
// applies it to the torch.fx graph (through the C API, fx-mlir-c/Split.h).
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITGRAPH_H
#define FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITGRAPH_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::fx {

/// How one function splits, in vLLM's terms.
struct SplitDecision {
  /// An FX node and vLLM's subgraph id of it.
  struct Node {
    std::string name;
    int64_t graphId;
  };
  /// A torch.Size that fx-decompose-size decomposed into its dims.
  struct Size {
    /// Its FX node.
    std::string name;
    /// Per dim, its static size, or std::nullopt where it is vLLM's new
    /// aten.sym_size.int node, in subgraph `graphIds[i]`.
    SmallVector<std::optional<int64_t>> staticDims;
    SmallVector<int64_t> graphIds;
  };
  /// A value that may not cross from subgraph `from` to `to` (the graph's
  /// output where there is none).
  struct Refusal {
    /// The FX node that makes it (a folded getitem for a result of several,
    /// the size node for a new dim), and the value as `message` names it.
    std::string node, value, message;
    int64_t from;
    std::optional<int64_t> to;
  };

  std::string function;
  /// Every FX node the function's ops stand for, in graph order, but those
  /// vLLM's decomposition erases and the new dims, which `sizes` has.
  std::vector<Node> nodes;
  std::vector<Size> sizes;
  /// The subgraph ids that hold nodes, ascending, and which hold splitting
  /// ops.
  SmallVector<int64_t> graphIds;
  SmallVector<bool> splitting;
  std::vector<Refusal> refusals;
};

/// Decides how each function of `module` splits at `splittingOps`, as
/// fx-split-graph does before it rewrites anything (`matchFxTargets` as its
/// option), and appends one decision per function to `decisions`. Emits the
/// pass's diagnostics, and fails where the pass fails: a refused crossing is
/// then in the decision's `refusals` too.
LogicalResult decideSplits(ModuleOp module, ArrayRef<std::string> splittingOps,
                           bool matchFxTargets,
                           std::vector<SplitDecision> &decisions);

} // namespace mlir::fx

#endif // FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITGRAPH_H
