//===- SplitRules.cpp - vLLM's partition of an FX graph -------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Read side by side with vLLM 0.34.0:
//
//   shouldSplit            vllm/compilation/partition_rules.py:14-36,
//                          should_split: only torch ops, a packet by its
//                          qualified name (24-26), an overload by name() or
//                          name() and overload name (28-34)
//   isEmptyAllocationNode  vllm/compilation/backends.py:443-463,
//                          _is_empty_allocation_node
//   partitionLikeVllm      vllm/compilation/backends.py:586-620, split_graph
//                          up to split_module: the walk, then the merge
//   assignIds              vllm/compilation/backends.py:586-618, the walk: a
//                          getitem goes with its input (597-603; here not
//                          when its other operands come later), a splitting
//                          node gets a subgraph of its own (605-608), and the
//                          node after it the next one, unless it splits too
//                          (610-616); a placeholder is in no subgraph (590),
//                          but it is a `node.next` (612), which never splits
//                          (partition_rules.py:19)
//   mergeEmptyOnly         vllm/compilation/backends.py:466-503,
//                          _merge_empty_only_subgraphs: a subgraph of one
//                          empty allocation joins the latest non-splitting
//                          one before it, when its inputs are ready there
//
// Recursion-free: the walk runs on the caller's thread, whatever the graph.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <map>

using namespace mlir;
using namespace mlir::fx;

bool mlir::fx::shouldSplit(StringRef target,
                           const llvm::StringSet<> &splittingOps) {
  // A HigherOrderOperator, spelled `torch.ops.higher_order.name` as a packet
  // is (`HigherOrderOperator.__init__` in torch/_ops.py, torch 2.13.0), is
  // neither a packet nor an overload.
  if (!target.consume_front("torch.ops."))
    return false;
  SmallVector<StringRef, 3> parts;
  target.split(parts, '.');
  if (parts.size() < 2 || parts.size() > 3 || parts[0] == "higher_order")
    return false;
  std::string name = (parts[0] + "::" + parts[1]).str();
  if (parts.size() == 2)
    return splittingOps.contains(name);
  // OpOverload.name() names `.default` as its packet.
  if (parts[2] != "default")
    name += ("." + parts[2]).str();
  return splittingOps.contains(name) ||
         splittingOps.contains((name + "." + parts[2]).str());
}

bool mlir::fx::isEmptyAllocationNode(StringRef op, StringRef target) {
  if (op == "call_method")
    return target == "new_empty";
  if (op != "call_function")
    return false;
  // The packet name of an aten op starts as its spelling does.
  return target == "torch.empty" || target == "torch.empty_like" ||
         target == "torch.empty_strided" ||
         target.starts_with("torch.ops.aten.empty") ||
         target.starts_with("torch.ops.aten.new_empty");
}

/// The latest subgraph id among `inputs`, -1 for none.
static int64_t latestId(ArrayRef<unsigned> inputs, ArrayRef<int64_t> ids) {
  int64_t latest = -1;
  for (unsigned input : inputs)
    latest = std::max(latest, ids[input]);
  return latest;
}

static void assignIds(ArrayRef<RuleNode> nodes, Partition &partition) {
  SmallVector<int64_t> &ids = partition.ids;
  ids.assign(nodes.size(), 0);
  int64_t id = 0;
  for (auto [i, node] : llvm::enumerate(nodes)) {
    if (node.erased || node.placeholder) {
      ids[i] = id;
      continue;
    }
    if (node.takesApart &&
        latestId(node.otherInputs, ids) <= ids[*node.takesApart]) {
      ids[i] = ids[*node.takesApart];
      continue;
    }
    if (!node.splitting) {
      ids[i] = id;
      continue;
    }
    ids[i] = ++id;
    partition.splittingIds.insert(id);
    // node.next, in the graph the decomposition leaves.
    const RuleNode *next = nodes.begin() + i + 1;
    while (next != nodes.end() && next->erased)
      ++next;
    if (next != nodes.end() && next->splitting)
      --id;
    else
      ++id;
  }
}

static void mergeEmptyOnly(ArrayRef<RuleNode> nodes, Partition &partition) {
  SmallVector<int64_t> &ids = partition.ids;
  std::map<int64_t, SmallVector<unsigned>> byId;
  for (auto [i, node] : llvm::enumerate(nodes))
    if (!node.erased && !node.placeholder)
      byId[ids[i]].push_back(i);
  std::optional<int64_t> previous;
  for (auto &[id, members] : byId) {
    bool merged = false;
    if (previous && members.size() == 1) {
      unsigned only = members.front();
      if (nodes[only].emptyAllocation &&
          latestId(nodes[only].inputs, ids) <= *previous) {
        ids[only] = *previous;
        merged = true;
      }
    }
    if (!merged && !partition.splittingIds.contains(id))
      previous = id;
  }
}

Partition mlir::fx::partitionLikeVllm(ArrayRef<RuleNode> nodes) {
  Partition partition;
  assignIds(nodes, partition);
  mergeEmptyOnly(nodes, partition);
  return partition;
}
