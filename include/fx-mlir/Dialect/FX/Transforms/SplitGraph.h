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

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::fx {

/// How one function splits, in vLLM's terms: what the C API hands out
/// (fx-mlir-c/Split.h) and what `map-file` prints.
struct SplitDecision {
  /// An FX node and vLLM's subgraph id of it.
  struct Node {
    std::string name;
    int64_t graphId;
    /// Where this is a dim fx-decompose-size made of the size node `name`
    /// (vLLM's new aten.sym_size.int node), the dim.
    std::optional<int64_t> dim;
    /// A getitem the importer folded into its producer's results.
    bool folded = false;
    /// Gone after vLLM's decomposition: a decomposed torch.Size, or a
    /// getitem of one.
    bool erased = false;
  };
  /// A size op of the graph, and what fx-decompose-size did with it.
  struct Size {
    /// Its FX node.
    std::string name;
    SizeAction action;
    /// Where it was decomposed, per dim, its static size, or std::nullopt
    /// where it is vLLM's new aten.sym_size.int node, in subgraph
    /// `graphIds[i]`.
    SmallVector<std::optional<int64_t>> staticDims;
    SmallVector<int64_t> graphIds;
  };
  /// A subgraph that holds nodes or ops.
  struct Piece {
    int64_t graphId;
    /// Whether it holds splitting ops.
    bool splitting;
    /// Its FX nodes, a decomposed size where it was (not its dims).
    std::vector<std::string> nodes;
    /// Where the pass outlines it: its function, the values it receives and
    /// returns as `value` of a Crossing names them, and the positions of its
    /// index arguments (split_module's sym_shape_indices).
    std::string function;
    std::vector<std::string> inputs, outputs;
    SmallVector<int64_t> symShapeIndices;
    /// The FX nodes it computes again rather than receives, in graph order:
    /// the torch.Size builds and their getitems the pass copies into it,
    /// whichever piece holds the node.
    std::vector<std::string> recomputed;
  };
  /// A cut between two consecutive pieces.
  struct Cut {
    int64_t before, after;
  };
  /// A value that crosses cuts: made before cut `firstCut` and used after
  /// cut `lastCut`, it crosses every cut from the one to the other. Kept once
  /// per value, not once per cut, so that a decision is as large as its
  /// graph even where values live across many cuts.
  struct Crossing {
    /// The FX node that makes it: a folded getitem for a result of several,
    /// the size node for a dim fx-decompose-size made, with that `dim`.
    std::string node;
    std::optional<int64_t> dim;
    /// How remarks and the map name it, and its type as MLIR prints it.
    std::string value, type;
    /// Positions in `cuts`.
    unsigned firstCut, lastCut;
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
  /// Every FX node the function's ops stand for, in graph order.
  std::vector<Node> nodes;
  /// The size ops, in graph order.
  std::vector<Size> sizes;
  /// The pieces, by ascending graph id.
  std::vector<Piece> pieces;
  /// The cuts, and the values that cross them in the order the pieces
  /// receive them, then the output, where the function has a cut and nothing
  /// is refused.
  std::vector<Cut> cuts;
  std::vector<Crossing> crossings;
  std::vector<Refusal> refusals;
  /// The FX nodes the caller computes again for the return, as a piece's
  /// `recomputed`: a piece does not return a torch.Size.
  std::vector<std::string> returnRecomputed;

  /// What crosses each cut, in the order of `crossings`: as large as what
  /// the cuts print.
  std::vector<std::vector<const Crossing *>> crossingsByCut() const;
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
