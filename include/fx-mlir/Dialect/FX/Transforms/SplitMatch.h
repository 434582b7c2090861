//===- SplitMatch.h - What fx-split-graph recognizes in the IR --*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The questions fx-split-graph asks of single ops (is it a splitting op, an
// empty allocation, a getitem, something each piece recomputes?) and of the
// importer's records (which FX node an op or value stands for). Nothing here
// looks at more than one op and the attributes the importer put on its
// function.
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITMATCH_H
#define FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITMATCH_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace mlir::fx::split {

/// The target vLLM's `_decompose_size_nodes` gives the nodes it creates, the
/// ones fx-decompose-size's `fx.sym_size` ops stand for.
inline constexpr StringLiteral kCreatedSizeTarget =
    "torch.ops.aten.sym_size.int";

/// The names of the `splitting-ops` option: a call_function node splits as
/// vLLM's should_split says (`shouldSplit`). With `matchFxTargets`, fx-mlir's
/// extension, a name also matches an `fx.node` of any kind whose target it
/// is, and any op whose MLIR name it is.
class SplittingOps {
public:
  SplittingOps(ArrayRef<std::string> names, bool matchFxTargets);

  /// Whether a call_function node of target `target`, as the importer spells
  /// it, is a splitting op.
  bool matchesCallFunction(StringRef target) const;

  /// Whether `op` is a splitting op by itself: an `fx.node` of a splitting
  /// torch op, or with `matchFxTargets`, of a named target or MLIR op.
  bool matches(Operation *op) const;

private:
  llvm::StringSet<> names;
  bool matchFxTargets;
};

/// An op that only takes its operand apart: vLLM's split_graph moves every
/// operator.getitem whose input is not a placeholder to its input's piece,
/// tensor slicing (`x[:n]`, here fx.slice_tensor) included.
bool isTakeApart(Operation *op);

/// An allocation of an uninitialized tensor: a node vLLM's
/// `_is_empty_allocation_node` recognizes, or tensor.empty.
bool isEmptyAllocation(Operation *op);

/// Cheap pure ops that each using piece recomputes instead of receiving:
/// constants, slices, torch.Size builds and their elements. Their operands
/// are index values or other such ops, so recomputing them never needs more
/// than may cross.
bool isRematerializable(Operation *op);

/// Ops whose FX node vLLM's size decomposition erases: the torch.Size of a
/// decomposed x.size() and its getitems (users take the dims instead).
bool isErasedNode(Operation *op);

/// Tensors and the scalars a node makes (an int or SymInt as `index`, a
/// SymBool as `i1`, a float or SymFloat as `f64`) may cross a cut, as they
/// may be a piece's inputs and outputs in vLLM; a torch.Size, a tuple or an
/// opaque value may not.
bool mayCross(Type type);

/// The FX node name of a location: the importer writes each node's name as
/// a NameLoc.
std::optional<StringRef> nodeName(Location loc);

/// What the importer says of the FX graph beyond its ops (the dialect's
/// fx.folded, fx.placeholders, fx.symbols and fx.targets, whose form its
/// verifier checks): the getitem nodes it folded, the placeholders among the
/// nodes, the SymInt expressions of values, and the torch op targets of the
/// nodes it modeled.
struct GraphInfo {
  struct Folded {
    StringRef name, input, after;
    int64_t result;
  };
  struct Placeholder {
    StringRef name, after;
  };

  explicit GraphInfo(func::FuncOp func);

  /// The target of call_function node `node`, when the importer modeled it
  /// and its target is a torch op.
  StringRef target(StringRef node) const;

  /// The getitem node that takes result `result` of node `node`, if any.
  StringRef itemName(StringRef node, int64_t result) const {
    return itemNames.lookup({node, result});
  }

  /// The SymInt expressions of result `result` of node `node`: one per dim
  /// of a tensor, one for an index.
  ArrayAttr resultSymbols(StringRef node, unsigned result) const;

  SmallVector<Folded> folded;
  SmallVector<Placeholder> placeholders;
  DictionaryAttr symbols, targets;
  DenseMap<std::pair<StringRef, int64_t>, StringRef> itemNames;
};

/// The FX node name of a value: its defining node's name (a result of
/// several by the getitem node that takes it, else `name[i]`), or its
/// placeholder's name.
std::string valueName(Value value, const GraphInfo &info);

/// The FX node that makes `value`: the getitem node that takes it from a
/// result of several, else its op's or placeholder's node; for a dim
/// fx-decompose-size made, the size node. Empty where there is none.
std::string fxNodeOf(Value value, const GraphInfo &info);

} // namespace mlir::fx::split

#endif // FX_MLIR_DIALECT_FX_TRANSFORMS_SPLITMATCH_H
