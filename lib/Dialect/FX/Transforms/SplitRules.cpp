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
//   getDefaultSplittingOps vllm/config/compilation.py:925-947, _attention_ops,
//                          and 1371-1372, the KV-cache updates that
//                          set_splitting_ops_for_v1 appends; what the older
//                          releases lack is in kDefaultOps
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

static constexpr StringRef kVllmReleases[] = {"0.30.0", "0.31.0", "0.32.0",
                                              "0.33.0", "0.34.0"};

namespace {
/// A default splitting op, and the first release whose list has it.
struct DefaultOp {
  StringRef name;
  StringRef since = kVllmReleases[0];
};
} // namespace

// vLLM 0.34.0's default list, in its order. Where it starts later, the
// release's own list (vllm/config/compilation.py) shows where: 0.30.0 has
// _attention_ops at 772-790 and the KV-cache updates at 1197-1198; 0.31.0 at
// 764-782 and 1188-1189; 0.32.0 at 768-788 and 1205-1206; 0.33.0 at 768-788
// and 1212-1213.
static const DefaultOp kDefaultOps[] = {
    {"vllm::unified_attention_with_output"},
    {"vllm::unified_mla_attention_with_output"},
    {"vllm::mamba_mixer2"},
    {"vllm::mamba_mixer"},
    {"vllm::short_conv"},
    {"vllm::zaya_cca", "0.34.0"}, // 0.34.0: line 931
    {"vllm::qwen4_exp_ple_short_conv"},
    {"vllm::qwen4_exp_qsa_with_output"},
    {"vllm::qwen4_exp_qsa_prepare_with_output", "0.32.0"}, // 0.32.0: 778
    {"vllm::linear_attention"},
    {"vllm::qwen_gdn_attention_core"},
    {"vllm::qwen_gdn_attention_core_fused_norm_packed"},
    {"vllm::gdn_attention_core_xpu"},
    {"vllm::olmo_hybrid_gdn_full_forward"},
    {"vllm::sparse_attn_indexer"},
    {"vllm::rocm_aiter_sparse_attn_indexer"},
    {"vllm::deepseek_v4_attention"},
    {"vllm::hpc_rope_norm_forward"},
    {"vllm::step5_csa_attention", "0.34.0"}, // 0.34.0: line 946
    {"vllm::unified_kv_cache_update"},
    {"vllm::unified_mla_kv_cache_update"},
};

ArrayRef<StringRef> mlir::fx::getVllmReleases() { return kVllmReleases; }

FailureOr<std::vector<std::string>>
mlir::fx::getDefaultSplittingOps(StringRef release) {
  auto position = [](StringRef r) {
    return llvm::find(kVllmReleases, r) - std::begin(kVllmReleases);
  };
  if (!llvm::is_contained(kVllmReleases, release))
    return failure();
  auto at = position(release);
  std::vector<std::string> ops;
  for (const DefaultOp &op : kDefaultOps)
    if (position(op.since) <= at)
      ops.push_back(op.name.str());
  return ops;
}

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
