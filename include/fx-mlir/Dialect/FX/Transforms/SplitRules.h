//===- SplitRules.h - vLLM's partition of an FX graph -----------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// vLLM's rule for which subgraph each FX node goes to, as a function of what
// its walk reads of the nodes and nothing else: fx-split-graph builds the
// nodes from the IR and consumes the partition. SplitRules.cpp maps each
// function to the vLLM lines it follows.
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITRULES_H
#define FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITRULES_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::fx {

/// One FX node, in graph order, as vLLM's split_graph walks the graph after
/// its size decomposition. Nodes refer to each other by position.
struct RuleNode {
  /// Gone after vLLM's size decomposition (a decomposed torch.Size and its
  /// getitems): in no subgraph, and never the `node.next` of another.
  bool erased = false;
  /// A placeholder among the nodes (a graph built by hand): in no subgraph,
  /// but the `node.next` of the node before it, which it keeps from
  /// sharing a subgraph with a splitting node after it.
  bool placeholder = false;
  /// vLLM's should_split holds for it.
  bool splitting = false;
  /// The node an operator.getitem (or a tensor slice) takes apart, when that
  /// input is a node, not a placeholder.
  std::optional<unsigned> takesApart;
  /// Of a node that takes apart only: the nodes its other operands read. It
  /// goes with `takesApart` only if none of them has a later subgraph
  /// (fx-mlir's check; vLLM assumes it).
  SmallVector<unsigned> otherInputs;
  /// vLLM's _is_empty_allocation_node holds for it.
  bool emptyAllocation = false;
  /// Of an empty allocation only: the nodes it reads, placeholders left out.
  SmallVector<unsigned> inputs;
};

/// vLLM's subgraphs of a list of RuleNodes.
struct Partition {
  /// The subgraph id of each node (of an erased node, the id current where
  /// it was).
  SmallVector<int64_t> ids;
  /// The ids of the subgraphs of splitting nodes.
  llvm::SmallDenseSet<int64_t> splittingIds;
};

/// The vLLM releases whose rules these are, oldest first. They differ only
/// in the default splitting ops.
ArrayRef<StringRef> getVllmReleases();

/// vLLM `release`'s splitting ops when none are configured, in its order;
/// failure for a release not among getVllmReleases().
FailureOr<std::vector<std::string>> getDefaultSplittingOps(StringRef release);

/// vLLM's should_split on a call_function node whose target the importer
/// spells `target` (`torch.ops.ns.op` or `torch.ops.ns.op.overload`):
/// whether `splittingOps` holds one of the op's names.
bool shouldSplit(StringRef target, const llvm::StringSet<> &splittingOps);

/// vLLM's _is_empty_allocation_node on a node of opcode `op`
/// (`call_function`, `call_method`, ...) and target `target`.
bool isEmptyAllocationNode(StringRef op, StringRef target);

/// The subgraph ids vLLM's split_graph gives `nodes`.
Partition partitionLikeVllm(ArrayRef<RuleNode> nodes);

} // namespace mlir::fx

#endif // FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITRULES_H
