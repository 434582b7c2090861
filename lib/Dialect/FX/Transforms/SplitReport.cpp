//===- SplitReport.cpp - fx-split-graph's remarks and map -----------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What fx-split-graph says of a plan for people who run fx-opt: a remark per
// piece and per cut (`emit-remarks`), and the JSON of `map-file`.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitPlan.h"

#include "llvm/ADT/StringSet.h"

#include <map>

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

/// vLLM's name of piece `number`, as split_module names its submodules.
static std::string submodName(int64_t number) {
  return "submod_" + std::to_string(number);
}

/// The FX node names of the graph's nodes in each vLLM subgraph id, once
/// each: a decomposed size where it was, not its new dims.
static std::map<int64_t, SmallVector<StringRef>>
nodesById(ArrayRef<Entry> entries, ArrayRef<int64_t> ids) {
  std::map<int64_t, SmallVector<StringRef>> nodes;
  std::map<int64_t, llvm::StringSet<>> seen;
  for (auto [entry, id] : llvm::zip_equal(entries, ids))
    if (!entry.name.empty() && !entry.created && !entry.placeholder &&
        seen[id].insert(entry.name).second)
      nodes[id].push_back(entry.name);
  return nodes;
}

void SplitPlan::emitRemarks() {
  std::map<int64_t, SmallVector<StringRef>> nodes =
      nodesById(entries, partition.ids);
  for (const Piece &piece : pieces) {
    InFlightDiagnostic remark = emitRemark(piece.ops.front()->getLoc());
    remark << "piece " << piece.number
           << (piece.splitting ? " (splitting)" : "") << ": @" << piece.name
           << "; nodes: ";
    llvm::interleaveComma(nodes[piece.number], remark);
    remark << "; receives: ";
    llvm::interleaveComma(piece.args, remark, [&](Value value) {
      remark << valueName(value, info);
    });
    remark << "; returns: ";
    llvm::interleaveComma(piece.results, remark, [&](Value value) {
      remark << valueName(value, info);
    });
  }
  auto cuts = crossings(pieces, returned,
                        [&](Value value) { return pieceOfValue(value); });
  for (auto [cut, values] : llvm::enumerate(cuts)) {
    InFlightDiagnostic remark = emitRemark(func.getLoc());
    remark << "cut between piece " << pieces[cut].number << " and piece "
           << pieces[cut + 1].number << ": crosses: ";
    llvm::interleaveComma(values, remark, [&](Value value) {
      remark << valueName(value, info) << " (" << value.getType() << ")";
    });
  }
}

/// The type of `value` as MLIR prints it.
static std::string typeString(Value value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value.getType();
  return text;
}

void SplitPlan::writeMap(llvm::json::OStream &json) {
  json.object([&] {
    json.attribute("function", func.getSymName());
    json.attributeArray("errors", [&] {
      for (const SplitDecision::Refusal &error : refusals)
        json.object([&] {
          json.attribute("node", error.value);
          json.attribute("from", submodName(error.from));
          if (error.to)
            json.attribute("to", submodName(*error.to));
          json.attribute("message", error.message);
        });
    });
    if (!refusals.empty())
      return;
    // The decomposed sizes, cut or not: vLLM decomposes them either way.
    json.attributeArray("sizes", [&] {
      for (const SplitDecision::Size &size : decision().sizes)
        json.object([&] {
          json.attribute("name", size.name);
          json.attributeArray("static", [&] {
            for (std::optional<int64_t> dim : size.staticDims)
              json.value(dim ? llvm::json::Value(*dim) : nullptr);
          });
          json.attributeArray("graph_ids", [&] {
            for (int64_t id : size.graphIds)
              json.value(id);
          });
        });
    });
    if (!hasCut())
      return;
    std::map<int64_t, SmallVector<StringRef>> nodes =
        nodesById(entries, partition.ids);
    DenseMap<int64_t, const Piece *> outlined;
    for (const Piece &piece : pieces) {
      outlined[piece.number] = &piece;
      nodes[piece.number]; // a piece of ops without names is a piece too
    }
    auto names = [&](const auto &values) {
      for (Value value : values)
        json.value(valueName(value, info));
    };
    json.attributeArray("pieces", [&] {
      for (const auto &idAndMembers : nodes) {
        int64_t id = idAndMembers.first;
        ArrayRef<StringRef> members = idAndMembers.second;
        const Piece *piece = outlined.lookup(id);
        json.object([&] {
          json.attribute("submod", submodName(id));
          json.attribute("graph_id", id);
          json.attribute("splitting", partition.splittingIds.contains(id));
          if (!piece)
            return;
          json.attribute("function", piece->name);
          json.attributeArray("nodes", [&] {
            for (StringRef name : members)
              json.value(name);
          });
          json.attributeArray("inputs", [&] { names(piece->args); });
          json.attributeArray("outputs", [&] { names(piece->results); });
          json.attributeArray("sym_shape_indices", [&] {
            for (auto [i, arg] : llvm::enumerate(piece->args))
              if (isa<IndexType>(arg.getType()))
                json.value(static_cast<int64_t>(i));
          });
        });
      }
    });
    json.attributeArray("nodes", [&] {
      for (unsigned index = 0, e = entries.size(); index != e; ++index) {
        const Entry &entry = entries[index];
        int64_t id = partition.ids[index];
        if (entry.name.empty() || entry.placeholder)
          continue;
        auto record = [&](std::optional<int64_t> dim) {
          json.object([&] {
            json.attribute("name", entry.name);
            json.attribute("submod", submodName(id));
            if (dim)
              json.attribute("dim", *dim);
            if (entry.folded)
              json.attribute("folded", true);
            if (entry.erased)
              json.attribute("erased", true);
          });
        };
        if (!entry.created) {
          record(std::nullopt);
          continue;
        }
        for (Operation *op : entry.ops)
          if (auto symSize = dyn_cast<SymSizeOp>(op))
            record(symSize.getDimAttr().getInt());
      }
    });
    auto cuts = crossings(pieces, returned,
                          [&](Value value) { return pieceOfValue(value); });
    json.attributeArray("cuts", [&] {
      for (auto indexed : llvm::enumerate(cuts))
        json.object([&, cut = indexed.index(), &values = indexed.value()] {
          json.attribute("before", submodName(pieces[cut].number));
          json.attribute("after", submodName(pieces[cut + 1].number));
          json.attributeArray("crosses", [&] {
            for (Value value : values)
              json.object([&] {
                json.attribute("value", valueName(value, info));
                json.attribute("type", typeString(value));
              });
          });
        });
    });
  });
}
