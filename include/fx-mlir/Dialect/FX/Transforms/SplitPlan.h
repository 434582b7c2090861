//===- SplitPlan.h - How fx-split-graph cuts one function -------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The plan of one function, computed without touching the IR, and the rooms
// that fill it in, each in a file of its own:
//   SplitNodes.cpp      the FX nodes of the IR, and vLLM's subgraph of each
//                       (the RuleNodes SplitRules.cpp partitions);
//   SplitCrossings.cpp  the pieces, what each receives and returns, and the
//                       values refused at a cut;
//   SplitOutline.cpp    the rewrite into one function per piece and a caller;
//   SplitDecision.cpp   the plan as a SplitDecision (SplitGraph.h);
//   SplitReport.cpp     the remarks, and a SplitDecision as `map-file` JSON;
//   SplitGraph.cpp      the pass, over every function of a module.
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITPLAN_H
#define FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITPLAN_H

#include "fx-mlir/Dialect/FX/IR/FXOps.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitGraph.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitMatch.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitRules.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <vector>

namespace mlir::fx::split {

/// One FX node, as vLLM's split_graph sees the graph after its size
/// decomposition: the ops the importer made of it, a getitem the importer
/// folded, the dims fx-decompose-size made of an x.size(), or a node that
/// decomposition erases.
struct Entry {
  StringRef name;
  /// Its ops in the function body, in program order.
  SmallVector<Operation *> ops;
  const GraphInfo::Folded *folded = nullptr;
  /// A placeholder after a node (fx.placeholders): no ops, in no piece.
  bool placeholder = false;
  /// Made by fx-decompose-size: vLLM's new sym_size nodes.
  bool created = false;
  /// Gone after vLLM's decomposition (a decomposed torch.Size, its getitems).
  bool erased = false;
};

struct Piece {
  int64_t number = 0;
  bool splitting = false;
  /// Its ops, in program order.
  SmallVector<Operation *> ops;
  /// Values it uses and does not define, in first-use order, with the
  /// SymInt arguments their types mention right after them.
  llvm::SetVector<Value> args;
  /// Rematerializable ops it copies, operands first, each with the op of
  /// the piece it goes right before (its first user there).
  llvm::MapVector<Operation *, Operation *> copies;
  /// Values it defines that are used after it, in order of first later use.
  llvm::SetVector<Value> results;
  /// The name of its function: @<function>_submod_<number>, made unique.
  std::string name;
};

/// How `func` is cut: computed without touching the IR.
class SplitPlan {
public:
  SplitPlan(func::FuncOp func, const SplittingOps &splitting)
      : func(func), body(func.getBody().front()), splitting(splitting),
        info(func) {}

  /// Assigns ops to pieces and works out what each piece receives. Fails,
  /// with a diagnostic per offending value, when something other than a
  /// tensor or a scalar would cross a cut.
  LogicalResult analyze();

  /// Whether the function has a splitting op to cut at.
  bool hasCut() const {
    return !pieces.empty() && !partition.splittingIds.empty();
  }

  /// Names the pieces' functions, avoiding the module's symbols.
  void namePieces(SymbolTable &symbols);

  /// Rewrites the function into pieces and a caller; after `namePieces`.
  void apply(SymbolTable &symbols);

  /// Reports the pieces and what crosses each cut, as `decided` (this
  /// plan's decision) says; before `apply`.
  void emitRemarks(const SplitDecision &decided);

  /// The decision: after `analyze` (and `namePieces`, for the pieces'
  /// functions), before `apply`.
  SplitDecision decision() const;

  func::FuncOp getFunc() const { return func; }

private:
  void buildEntries();
  bool isSplitting(const Entry &entry) const;
  Operation *mainOp(const Entry &entry) const;
  void producers(Value value, SmallVectorImpl<unsigned> &out) const;
  RuleNode ruleNode(const Entry &entry) const;
  void assign();
  void buildPieces();
  void symbolsOf(Value value, SmallVectorImpl<StringRef> &symbols) const;
  ArrayAttr dimSymbols(Value tensor) const;
  void addArg(unsigned piece, Value value);
  LogicalResult addUse(unsigned piece, Value value, Operation *user,
                       Operation *anchor);
  InFlightDiagnostic emitCrossingError(Value value, unsigned from,
                                       std::optional<unsigned> to);
  void collectReturn();
  std::optional<unsigned> pieceOfValue(Value value) const;
  /// The FX nodes, in graph order, that `copies`, ops copied into a piece or
  /// the caller, compute again.
  std::vector<std::string> recomputedNodes(ArrayRef<Operation *> copies) const;

  mutable func::FuncOp func;
  Block &body;
  const SplittingOps &splitting;
  GraphInfo info;
  SmallVector<Entry> entries;
  /// Top-level op -> index into `entries`.
  DenseMap<Operation *, unsigned> entryOf;
  /// FX node name -> index into `entries` (ops of one name in one run).
  llvm::StringMap<unsigned> entryByName;
  /// vLLM's subgraph of each entry.
  Partition partition;
  SmallVector<Piece> pieces;
  /// Top-level op -> index into `pieces`.
  DenseMap<Operation *, unsigned> pieceOf;
  /// SymInt name -> its function argument.
  llvm::StringMap<BlockArgument> symbolArgs;
  /// Rematerializable ops the caller keeps, for the return.
  llvm::SetVector<Operation *> callerCopies;
  /// Values returned, in return order, for the last piece's outputs.
  llvm::SetVector<Value> returned;
  std::vector<SplitDecision::Refusal> refusals;
};

/// Writes `decision` as one function of `map-file`'s JSON.
void writeDecision(const SplitDecision &decision, llvm::json::OStream &json);

/// Analyses each function of `module` that may split into `plans`. Fails,
/// with a diagnostic per problem, where a function cannot be split.
LogicalResult analyzeModule(ModuleOp module, const SplittingOps &splitting,
                            std::vector<SplitPlan> &plans);

} // namespace mlir::fx::split

#endif // FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITPLAN_H
