//===- SplitReport.cpp - fx-split-graph's remarks and map -----------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What fx-split-graph says of a plan for people who run fx-opt: a remark per
// piece and per cut (`emit-remarks`), and the JSON of `map-file`. Both print
// the plan's SplitDecision.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitPlan.h"

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

/// vLLM's name of piece `number`, as split_module names its submodules.
static std::string submodName(int64_t number) {
  return "submod_" + std::to_string(number);
}

void SplitPlan::emitRemarks(const SplitDecision &decided) {
  DenseMap<int64_t, const SplitDecision::Piece *> byId;
  for (const SplitDecision::Piece &piece : decided.pieces)
    byId[piece.graphId] = &piece;
  for (const Piece &piece : pieces) {
    const SplitDecision::Piece &said = *byId.lookup(piece.number);
    InFlightDiagnostic remark = emitRemark(piece.ops.front()->getLoc());
    remark << "piece " << piece.number
           << (piece.splitting ? " (splitting)" : "") << ": @" << piece.name
           << "; nodes: ";
    llvm::interleaveComma(said.nodes, remark);
    remark << "; receives: ";
    llvm::interleaveComma(said.inputs, remark);
    remark << "; returns: ";
    llvm::interleaveComma(said.outputs, remark);
  }
  for (auto [cut, crossings] :
       llvm::zip_equal(decided.cuts, decided.crossingsByCut())) {
    InFlightDiagnostic remark = emitRemark(func.getLoc());
    remark << "cut between piece " << cut.before << " and piece " << cut.after
           << ": crosses: ";
    llvm::interleaveComma(
        crossings, remark, [&](const SplitDecision::Crossing *crossing) {
          remark << crossing->value << " ('" << crossing->type << "')";
        });
  }
}

void split::writeDecision(const SplitDecision &decision,
                          llvm::json::OStream &json) {
  auto strings = [&](ArrayRef<std::string> values) {
    for (const std::string &value : values)
      json.value(value);
  };
  json.object([&] {
    json.attribute("function", decision.function);
    json.attributeArray("errors", [&] {
      for (const SplitDecision::Refusal &error : decision.refusals)
        json.object([&] {
          json.attribute("node", error.value);
          json.attribute("from", submodName(error.from));
          if (error.to)
            json.attribute("to", submodName(*error.to));
          json.attribute("message", error.message);
        });
    });
    if (!decision.refusals.empty())
      return;
    // The decomposed sizes, cut or not: vLLM decomposes them either way.
    json.attributeArray("sizes", [&] {
      for (const SplitDecision::Size &size : decision.sizes) {
        if (size.action != SizeAction::Decomposed)
          continue;
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
      }
    });
    // Pieces are outlined, and named, only where there is a cut.
    if (llvm::none_of(decision.pieces, [](const SplitDecision::Piece &piece) {
          return !piece.function.empty();
        }))
      return;
    json.attributeArray("pieces", [&] {
      for (const SplitDecision::Piece &piece : decision.pieces)
        json.object([&] {
          json.attribute("submod", submodName(piece.graphId));
          json.attribute("graph_id", piece.graphId);
          json.attribute("splitting", piece.splitting);
          if (piece.function.empty())
            return;
          json.attribute("function", piece.function);
          json.attributeArray("nodes", [&] { strings(piece.nodes); });
          json.attributeArray("inputs", [&] { strings(piece.inputs); });
          json.attributeArray("outputs", [&] { strings(piece.outputs); });
          json.attributeArray("sym_shape_indices", [&] {
            for (int64_t index : piece.symShapeIndices)
              json.value(index);
          });
        });
    });
    json.attributeArray("nodes", [&] {
      for (const SplitDecision::Node &node : decision.nodes)
        json.object([&] {
          json.attribute("name", node.name);
          json.attribute("submod", submodName(node.graphId));
          if (node.dim)
            json.attribute("dim", *node.dim);
          if (node.folded)
            json.attribute("folded", true);
          if (node.erased)
            json.attribute("erased", true);
        });
    });
    json.attributeArray("cuts", [&] {
      for (auto [cut, crossings] :
           llvm::zip_equal(decision.cuts, decision.crossingsByCut()))
        json.object([&] {
          json.attribute("before", submodName(cut.before));
          json.attribute("after", submodName(cut.after));
          json.attributeArray("crosses", [&] {
            for (const SplitDecision::Crossing *crossing : crossings)
              json.object([&] {
                json.attribute("value", crossing->value);
                json.attribute("type", crossing->type);
              });
          });
        });
    });
  });
}
