//===- SplitGraph.cpp - Split functions at splitting ops ------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// vLLM's piecewise compilation cuts the Dynamo graph at its attention ops
// (`split_graph` in vllm/compilation/backends.py, on top of torch.fx's
// `split_module`): the pieces in between are compiled and captured as CUDA
// graphs, the attention pieces run eagerly. Every value that crosses a cut
// becomes an output of one piece and an input of another, and a torch.Size
// among them broke the piece's compilation. Here the cut is an MLIR pass, and
// what may cross it is checked: tensors and scalars only.
//
// The rules are vLLM 0.34.0's (split_graph,
// vllm/compilation/backends.py:580-635) and torch 2.13.0's (split_module,
// torch/fx/passes/split_module.py); the pass description in Passes.td states
// them, and the Sources table of docs/DesignNotes.md lists each source with
// its lines. Which piece each FX node goes to is SplitRules.cpp's: this file
// builds its table of nodes from the IR, then outlines the pieces it gives.
//
// The pass analyses every function first and changes the module only when no
// function has an error, so a failure leaves the IR as it was.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitGraph.h"

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"
#include "fx-mlir/Dialect/FX/Transforms/SplitRules.h"

#include "OutputFiles.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PointerUnion.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

#include <map>

namespace mlir::fx {
#define GEN_PASS_DEF_FXSPLITGRAPH
#include "fx-mlir/Dialect/FX/Transforms/Passes.h.inc"
} // namespace mlir::fx

using namespace mlir;
using namespace mlir::fx;

//===----------------------------------------------------------------------===//
// Matching ops
//===----------------------------------------------------------------------===//

/// Whether `node` is a torch.fx `call_function` node.
static bool isCallFunction(NodeOp node) {
  return node.getKind() == NodeKind::CallFunction;
}

/// The target vLLM's `_decompose_size_nodes` gives the nodes it creates, the
/// ones fx-decompose-size's `fx.sym_size` ops stand for.
static constexpr StringLiteral kCreatedSizeTarget =
    "torch.ops.aten.sym_size.int";

namespace {
/// The names of the `splitting-ops` option: a call_function node splits as
/// vLLM's should_split says (`shouldSplit`). With `matchFxTargets`, fx-mlir's
/// extension, a name also matches an `fx.node` of any kind whose target it
/// is, and any op whose MLIR name it is.
class SplittingOps {
public:
  SplittingOps(ArrayRef<std::string> names, bool matchFxTargets)
      : matchFxTargets(matchFxTargets) {
    for (StringRef name : names)
      this->names.insert(name);
  }

  /// Whether a call_function node of target `target`, as the importer spells
  /// it, is a splitting op.
  bool matchesCallFunction(StringRef target) const {
    return shouldSplit(target, names);
  }

  /// Whether `op` is a splitting op by itself: an `fx.node` of a splitting
  /// torch op, or with `matchFxTargets`, of a named target or MLIR op.
  bool matches(Operation *op) const {
    auto node = dyn_cast<NodeOp>(op);
    if (matchFxTargets &&
        names.contains(node ? node.getTarget() : op->getName().getStringRef()))
      return true;
    return node && isCallFunction(node) &&
           matchesCallFunction(node.getTarget());
  }

private:
  llvm::StringSet<> names;
  bool matchFxTargets;
};
} // namespace

/// An op that only takes its operand apart: vLLM's split_graph moves every
/// operator.getitem whose input is not a placeholder to its input's piece,
/// tensor slicing (`x[:n]`, here fx.slice_tensor) included.
static bool isTakeApart(Operation *op) {
  if (isa<GetItemOp, SliceTensorOp>(op))
    return true;
  auto node = dyn_cast<NodeOp>(op);
  return node && isCallFunction(node) && !node.getInputs().empty() &&
         (node.getTarget() == "operator.getitem" ||
          node.getTarget() == "_operator.getitem");
}

/// An allocation of an uninitialized tensor: a node vLLM's
/// `_is_empty_allocation_node` recognizes, or tensor.empty.
static bool isEmptyAllocation(Operation *op) {
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto node = dyn_cast<NodeOp>(op);
  return node && isEmptyAllocationNode(stringifyNodeKind(node.getKind()),
                                       node.getTarget());
}

/// Cheap pure ops that each using piece recomputes instead of receiving:
/// constants, slices, torch.Size builds and their elements. Their operands
/// are index values or other such ops, so recomputing them never needs more
/// than may cross.
static bool isRematerializable(Operation *op) {
  if (isa<SliceOp, MakeSizeOp>(op))
    return true;
  if (auto item = dyn_cast<GetItemOp>(op))
    return item.getSize().getDefiningOp<MakeSizeOp>() != nullptr;
  return op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
         op->hasTrait<OpTrait::ConstantLike>();
}

/// Ops whose FX node vLLM's size decomposition erases: the torch.Size of a
/// decomposed x.size() and its getitems (users take the dims instead).
static bool isErasedNode(Operation *op) {
  if (isa<MakeSizeOp>(op))
    return isDecomposedLoc(op->getLoc());
  if (auto item = dyn_cast<GetItemOp>(op))
    if (auto size = item.getSize().getDefiningOp<MakeSizeOp>())
      return isDecomposedLoc(size.getLoc());
  return false;
}

/// Tensors and the scalars a node makes (an int or SymInt as `index`, a
/// SymBool as `i1`, a float or SymFloat as `f64`) may cross a cut, as they
/// may be a piece's inputs and outputs in vLLM; a torch.Size, a tuple or an
/// opaque value may not.
static bool mayCross(Type type) {
  return isa<TensorType, IndexType, IntegerType, FloatType>(type);
}

/// vLLM's name of piece `number`, as split_module names its submodules.
static std::string submodName(int64_t number) {
  return "submod_" + std::to_string(number);
}

//===----------------------------------------------------------------------===//
// Names for diagnostics, remarks and the map
//===----------------------------------------------------------------------===//

/// The FX node name of a location: the importer writes each node's name as
/// a NameLoc.
static std::optional<StringRef> nodeName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().strref();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (auto name = nodeName(inner))
        return name;
  return std::nullopt;
}

namespace {
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

  explicit GraphInfo(func::FuncOp func) {
    if (auto folded = func->getAttrOfType<ArrayAttr>(
            FXDialect::FoldedAttrHelper::getNameStr()))
      for (auto fields : folded.getAsRange<ArrayAttr>()) {
        StringRef name = cast<StringAttr>(fields[0]).getValue();
        StringRef input = cast<StringAttr>(fields[1]).getValue();
        int64_t result = cast<IntegerAttr>(fields[2]).getInt();
        this->folded.push_back(
            {name, input, cast<StringAttr>(fields[3]).getValue(), result});
        if (result >= 0)
          itemNames[{input, result}] = name;
      }
    if (auto placeholders = func->getAttrOfType<ArrayAttr>(
            FXDialect::PlaceholdersAttrHelper::getNameStr()))
      for (auto fields : placeholders.getAsRange<ArrayAttr>())
        this->placeholders.push_back({cast<StringAttr>(fields[0]).getValue(),
                                      cast<StringAttr>(fields[1]).getValue()});
    symbols = func->getAttrOfType<DictionaryAttr>(
        FXDialect::SymbolsAttrHelper::getNameStr());
    targets = func->getAttrOfType<DictionaryAttr>(
        FXDialect::TargetsAttrHelper::getNameStr());
  }

  /// The target of call_function node `node`, when the importer modeled it
  /// and its target is a torch op.
  StringRef target(StringRef node) const {
    auto target =
        targets ? dyn_cast_or_null<StringAttr>(targets.get(node)) : nullptr;
    return target ? target.getValue() : StringRef();
  }

  /// The getitem node that takes result `result` of node `node`, if any.
  StringRef itemName(StringRef node, int64_t result) const {
    return itemNames.lookup({node, result});
  }

  /// The SymInt expressions of result `result` of node `node`: one per dim
  /// of a tensor, one for an index.
  ArrayAttr resultSymbols(StringRef node, unsigned result) const {
    auto results =
        symbols ? dyn_cast_or_null<ArrayAttr>(symbols.get(node)) : ArrayAttr();
    if (!results || result >= results.size())
      return {};
    return dyn_cast<ArrayAttr>(results[result]);
  }

  SmallVector<Folded> folded;
  SmallVector<Placeholder> placeholders;
  DictionaryAttr symbols, targets;
  DenseMap<std::pair<StringRef, int64_t>, StringRef> itemNames;
};
} // namespace

/// The FX node name of a value: its defining node's name (a result of
/// several by the getitem node that takes it, else `name[i]`), or its
/// placeholder's name.
static std::string valueName(Value value, const GraphInfo &info) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (auto name = nodeName(arg.getLoc()))
      return name->str();
    return "%arg" + std::to_string(arg.getArgNumber());
  }
  Operation *def = value.getDefiningOp();
  // A dim of a decomposed x.size() shares the node's name: name it by what
  // it reads, as the importer's report does.
  if (auto symSize = dyn_cast<SymSizeOp>(def))
    return "sym_size(" + valueName(symSize.getInput(), info) + ", " +
           std::to_string(symSize.getDimAttr().getInt()) + ")";
  std::string name =
      nodeName(def->getLoc()).value_or(def->getName().getStringRef()).str();
  if (def->getNumResults() > 1) {
    unsigned result = cast<OpResult>(value).getResultNumber();
    StringRef item = info.itemName(name, result);
    if (!item.empty())
      return item.str();
    name += "[" + std::to_string(result) + "]";
  }
  return name;
}

/// Appends the identifiers of a SymInt expression (`s0`, `s0*s1 + 2`).
static void appendIdentifiers(StringRef expr, SmallVectorImpl<StringRef> &out) {
  while (!expr.empty()) {
    char c = expr.front();
    if (!llvm::isAlpha(c) && c != '_') {
      expr = expr.drop_front();
      continue;
    }
    size_t end = 1;
    while (end < expr.size() && (llvm::isAlnum(expr[end]) || expr[end] == '_'))
      ++end;
    out.push_back(expr.take_front(end));
    expr = expr.drop_front(end);
  }
}

//===----------------------------------------------------------------------===//
// The plan for one function
//===----------------------------------------------------------------------===//

namespace {
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

/// A value that may not cross, for the map's errors.
struct CrossingError {
  std::string node, message;
  int64_t from;
  std::optional<int64_t> to;
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

  /// Reports the pieces and what crosses each cut; before `apply`.
  void emitRemarks();

  /// Writes the node -> piece map of this function; before `apply`.
  void writeMap(llvm::json::OStream &json);

  /// The decision: after `analyze`, before `apply`.
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
  SmallVector<CrossingError> errors;
};
} // namespace

void SplitPlan::buildEntries() {
  for (BlockArgument arg : body.getArguments())
    if (auto symbol = func.getArgAttrOfType<StringAttr>(
            arg.getArgNumber(), FXDialect::SymbolAttrHelper::getNameStr()))
      symbolArgs[symbol.getValue()] = arg;

  // The ops, one entry per run of ops of one FX node.
  SmallVector<Entry> ops;
  for (Operation &op : body.without_terminator()) {
    std::optional<StringRef> name = nodeName(op.getLoc());
    // A constant, slice or size build of no node is no node either.
    if (!name && isRematerializable(&op))
      continue;
    bool created = isDecomposedLoc(op.getLoc()) && !isa<MakeSizeOp>(&op);
    bool erased = isErasedNode(&op);
    if (!name || ops.empty() || ops.back().name != *name ||
        ops.back().created != created || ops.back().erased != erased) {
      ops.emplace_back();
      ops.back().name = name.value_or("");
      ops.back().created = created;
      ops.back().erased = erased;
    }
    ops.back().ops.push_back(&op);
  }

  // The folded getitems and the placeholders among the nodes go right after
  // the node before them in the graph; a getitem after a placeholder before
  // all nodes or after a node without ops goes after its input, or first.
  llvm::StringSet<> known;
  for (const Entry &entry : ops)
    if (!entry.name.empty())
      known.insert(entry.name);
  for (const GraphInfo::Folded &folded : info.folded)
    known.insert(folded.name);
  for (const GraphInfo::Placeholder &placeholder : info.placeholders)
    known.insert(placeholder.name);
  // A folded getitem, or a placeholder among the nodes.
  using Next = llvm::PointerUnion<const GraphInfo::Folded *,
                                  const GraphInfo::Placeholder *>;
  llvm::StringMap<SmallVector<Next>> after;
  for (const GraphInfo::Folded &folded : info.folded) {
    StringRef anchor = folded.after;
    if (!known.contains(anchor))
      anchor = known.contains(folded.input) ? folded.input : StringRef();
    after[anchor].push_back(&folded);
  }
  for (const GraphInfo::Placeholder &placeholder : info.placeholders)
    after[known.contains(placeholder.after) ? placeholder.after : StringRef()]
        .push_back(&placeholder);
  // Depth first, each followed by those after it. A stack, not recursion: a
  // run of getitems, each after the one before, is as deep as it is long.
  using Chain = SmallVector<Next>;
  SmallVector<std::pair<Chain, unsigned>> stack;
  auto placeAfter = [&](StringRef name) {
    auto open = [&](StringRef anchor) {
      auto it = after.find(anchor);
      if (it == after.end())
        return;
      stack.emplace_back(std::move(it->second), 0);
      after.erase(it);
    };
    open(name);
    while (!stack.empty()) {
      auto &[chain, next] = stack.back();
      if (next == chain.size()) {
        stack.pop_back();
        continue;
      }
      Next item = chain[next++];
      entries.emplace_back();
      if (auto *placeholder = dyn_cast<const GraphInfo::Placeholder *>(item)) {
        entries.back().name = placeholder->name;
        entries.back().placeholder = true;
        open(placeholder->name);
        continue;
      }
      auto *folded = cast<const GraphInfo::Folded *>(item);
      entries.back().name = folded->name;
      entries.back().folded = folded;
      entryByName[folded->name] = entries.size() - 1;
      open(folded->name);
    }
  };
  placeAfter("");
  for (Entry &entry : ops) {
    StringRef name = entry.name;
    entries.push_back(std::move(entry));
    unsigned index = entries.size() - 1;
    for (Operation *op : entries.back().ops)
      entryOf[op] = index;
    if (!name.empty() && !entries.back().created && !entries.back().erased)
      entryByName[name] = index;
    if (!name.empty())
      placeAfter(name);
  }
}

Operation *SplitPlan::mainOp(const Entry &entry) const {
  for (Operation *op : llvm::reverse(entry.ops))
    if (!isRematerializable(op))
      return op;
  return nullptr;
}

/// vLLM's should_split on the node of `entry`: an fx.node, a node the
/// importer modeled (by the target it recorded), or a dim fx-decompose-size
/// made (vLLM's new aten.sym_size.int node).
bool SplitPlan::isSplitting(const Entry &entry) const {
  if (entry.erased)
    return false;
  if (entry.created)
    return llvm::any_of(entry.ops, llvm::IsaPred<SymSizeOp>) &&
           splitting.matchesCallFunction(kCreatedSizeTarget);
  if (!entry.folded && splitting.matchesCallFunction(info.target(entry.name)))
    return true;
  return llvm::any_of(entry.ops,
                      [&](Operation *op) { return splitting.matches(op); });
}

/// Appends the entries whose subgraphs `value` needs: its producer's, or
/// through ops each piece recomputes, theirs; none for a function argument.
/// Each once: chains of torch.Size builds reach one op by many paths.
void SplitPlan::producers(Value value, SmallVectorImpl<unsigned> &out) const {
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Value> stack{value};
  while (!stack.empty()) {
    Operation *def = stack.pop_back_val().getDefiningOp();
    Operation *top = def ? body.findAncestorOpInBlock(*def) : nullptr;
    if (!top || !seen.insert(top).second)
      continue;
    if (isRematerializable(top))
      llvm::append_range(stack, top->getOperands());
    else
      out.push_back(entryOf.lookup(top));
  }
}

/// What vLLM's walk reads of the node of `entry`.
RuleNode SplitPlan::ruleNode(const Entry &entry) const {
  RuleNode node;
  node.erased = entry.erased;
  node.placeholder = entry.placeholder;
  if (entry.erased || entry.placeholder)
    return node;
  node.splitting = isSplitting(entry);
  Operation *main = mainOp(entry);
  node.emptyAllocation = main && !entry.folded && isEmptyAllocation(main) &&
                         llvm::all_of(entry.ops, [&](Operation *op) {
                           return op == main || isRematerializable(op);
                         });
  if (node.emptyAllocation)
    for (Operation *op : entry.ops)
      for (Value operand : op->getOperands())
        producers(operand, node.inputs);

  // A getitem goes with its input when that is a node, not a placeholder.
  if (entry.folded) {
    auto it = entryByName.find(entry.folded->input);
    if (it != entryByName.end())
      node.takesApart = it->second;
    return node;
  }
  // A torch op (aten.slice.Tensor as fx.slice_tensor) is no getitem.
  if (!main || !isTakeApart(main) || !info.target(entry.name).empty())
    return node;
  Operation *producer = main->getOperand(0).getDefiningOp();
  if (!producer || !entryOf.count(producer) || isRematerializable(producer))
    return node;
  unsigned input = entryOf.lookup(producer);
  node.takesApart = input;
  for (Operation *op : entry.ops)
    for (OpOperand &operand : op->getOpOperands())
      if (!(op == main && operand.getOperandNumber() == 0) &&
          entryOf.lookup(operand.get().getDefiningOp()) != input)
        producers(operand.get(), node.otherInputs);
  return node;
}

void SplitPlan::assign() {
  SmallVector<RuleNode> nodes;
  nodes.reserve(entries.size());
  for (const Entry &entry : entries)
    nodes.push_back(ruleNode(entry));
  partition = partitionLikeVllm(nodes);
}

void SplitPlan::buildPieces() {
  std::map<int64_t, unsigned> pieceOfId;
  for (auto [entry, id] : llvm::zip_equal(entries, partition.ids))
    for (Operation *op : entry.ops)
      if (!isRematerializable(op))
        pieceOfId.try_emplace(id, 0);
  for (auto &[id, index] : pieceOfId) {
    index = pieces.size();
    pieces.emplace_back();
    pieces.back().number = id;
    pieces.back().splitting = partition.splittingIds.contains(id);
  }
  for (Operation &op : body.without_terminator()) {
    if (isRematerializable(&op))
      continue;
    unsigned index = pieceOfId[partition.ids[entryOf.lookup(&op)]];
    pieces[index].ops.push_back(&op);
    pieceOf[&op] = index;
  }
}

std::optional<unsigned> SplitPlan::pieceOfValue(Value value) const {
  Operation *def = value.getDefiningOp();
  if (!def)
    return std::nullopt;
  auto it = pieceOf.find(def);
  if (it == pieceOf.end())
    return std::nullopt;
  return it->second;
}

/// The SymInt expressions of the dims of `tensor`.
ArrayAttr SplitPlan::dimSymbols(Value tensor) const {
  if (auto arg = dyn_cast<BlockArgument>(tensor))
    return arg.getOwner() == &body
               ? func.getArgAttrOfType<ArrayAttr>(
                     arg.getArgNumber(),
                     FXDialect::DimSymbolsAttrHelper::getNameStr())
               : ArrayAttr();
  Operation *def = tensor.getDefiningOp();
  std::optional<StringRef> name = nodeName(def->getLoc());
  if (!name)
    return {};
  return info.resultSymbols(*name, cast<OpResult>(tensor).getResultNumber());
}

/// The SymInts the type of `value` mentions, as torch's free_symbols of its
/// example value, sorted by name.
void SplitPlan::symbolsOf(Value value,
                          SmallVectorImpl<StringRef> &symbols) const {
  if (auto arg = dyn_cast<BlockArgument>(value);
      arg && arg.getOwner() == &body) {
    if (auto symbol = func.getArgAttrOfType<StringAttr>(
            arg.getArgNumber(), FXDialect::SymbolAttrHelper::getNameStr()))
      symbols.push_back(symbol.getValue());
  }
  ArrayAttr exprs;
  if (auto symSize = value.getDefiningOp<SymSizeOp>()) {
    ArrayAttr dims = dimSymbols(symSize.getInput());
    auto rank = cast<ShapedType>(symSize.getInput().getType());
    std::optional<int64_t> dim =
        rank.hasRank()
            ? normalizeIndex(symSize.getDimAttr().getInt(), rank.getRank())
            : std::nullopt;
    if (dims && dim && *dim < static_cast<int64_t>(dims.size()))
      if (auto expr = dyn_cast<StringAttr>(dims[*dim]))
        appendIdentifiers(expr.getValue(), symbols);
  } else if (isa<BlockArgument>(value) || isa<TensorType>(value.getType()) ||
             isa<IndexType>(value.getType())) {
    exprs = isa<BlockArgument>(value) && isa<IndexType>(value.getType())
                ? ArrayAttr()
                : dimSymbols(value);
  }
  if (exprs)
    for (Attribute expr : exprs)
      if (auto text = dyn_cast<StringAttr>(expr))
        appendIdentifiers(text.getValue(), symbols);
  llvm::sort(symbols);
  symbols.erase(llvm::unique(symbols), symbols.end());
}

/// Makes `value` an input of `piece`, then the SymInt arguments its type
/// mentions, as torch.fx's split_module does.
void SplitPlan::addArg(unsigned piece, Value value) {
  Piece &p = pieces[piece];
  if (!p.args.insert(value))
    return;
  if (std::optional<unsigned> from = pieceOfValue(value))
    pieces[*from].results.insert(value);
  SmallVector<StringRef> symbols;
  symbolsOf(value, symbols);
  for (StringRef symbol : symbols)
    if (BlockArgument arg = symbolArgs.lookup(symbol))
      p.args.insert(arg);
}

InFlightDiagnostic SplitPlan::emitCrossingError(Value value, unsigned from,
                                                std::optional<unsigned> to) {
  bool isSize = isa<SizeType>(value.getType());
  Operation *def = value.getDefiningOp();
  std::string message;
  llvm::raw_string_ostream os(message);
  os << (isSize ? "a torch.Size would cross a split boundary: "
                : "only tensors and scalars may cross a split boundary: ")
     << "value '" << valueName(value, info) << "' of type '" << value.getType()
     << "', defined by '" << def->getName() << "' in piece "
     << pieces[from].number << ", ";
  if (to)
    os << "is used in piece " << pieces[*to].number;
  else
    os << "is returned";
  // Only an fx.size is fx-decompose-size's to rewrite; a torch.Size another
  // node returns has no dims to cross in its place.
  if (isa<SizeOp>(def))
    os << "; run fx-decompose-size first";
  errors.push_back(
      {valueName(value, info), message, pieces[from].number,
       to ? std::optional<int64_t>(pieces[*to].number) : std::nullopt});
  return emitError(def->getLoc()) << message;
}

/// Records that `user`, nested in or equal to `anchor`, an op of `piece`,
/// uses `value`.
LogicalResult SplitPlan::addUse(unsigned piece, Value value, Operation *user,
                                Operation *anchor) {
  Piece &p = pieces[piece];
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == &body)
      addArg(piece, arg);
    return success();
  }
  Operation *def = value.getDefiningOp();
  Operation *top = body.findAncestorOpInBlock(*def);
  if (!top)
    return success(); // defined above the function: not ours to pass
  if (isRematerializable(top)) {
    if (p.copies.contains(top))
      return success();
    for (Value operand : top->getOperands())
      if (failed(addUse(piece, operand, user, anchor)))
        return failure();
    p.copies.insert({top, anchor});
    return success();
  }
  unsigned from = pieceOf.lookup(top);
  if (from == piece || p.args.contains(value))
    return success();
  if (mayCross(value.getType())) {
    addArg(piece, value);
    return success();
  }
  emitCrossingError(value, from, piece).attachNote(user->getLoc())
      << "used here by '" << user->getName() << "'";
  return failure();
}

void SplitPlan::collectReturn() {
  // What the return uses leaves its piece, after every use by a piece, in
  // return order (through rematerializable ops, which the caller keeps).
  // Depth first, operands in order; a stack, not recursion, as chains of
  // such ops are as deep as they are long.
  SmallVector<Value> stack(llvm::reverse(body.getTerminator()->getOperands()));
  while (!stack.empty()) {
    Value value = stack.pop_back_val();
    Operation *def = value.getDefiningOp();
    if (def && isRematerializable(def)) {
      if (callerCopies.insert(def))
        stack.append(llvm::to_vector(llvm::reverse(def->getOperands())));
      continue;
    }
    returned.insert(value);
    if (std::optional<unsigned> from = pieceOfValue(value))
      pieces[*from].results.insert(value);
  }
}

LogicalResult SplitPlan::analyze() {
  buildEntries();
  assign();
  if (partition.splittingIds.empty())
    return success();
  buildPieces();
  bool ok = true;
  // Uses in program order, so that each piece's results come in the order
  // of their first use by a later piece, as split_module orders them.
  for (Operation &op : body.without_terminator()) {
    auto it = pieceOf.find(&op);
    if (it == pieceOf.end())
      continue;
    op.walk<WalkOrder::PreOrder>([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (failed(addUse(it->second, operand, nested, &op)))
          ok = false;
    });
  }
  // The return is the caller's: what it uses must leave its piece.
  for (Value value : body.getTerminator()->getOperands()) {
    std::optional<unsigned> from = pieceOfValue(value);
    if (!from || mayCross(value.getType()))
      continue;
    emitCrossingError(value, *from, std::nullopt);
    ok = false;
  }
  if (!ok)
    return failure();
  collectReturn();
  return success();
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// The argument attributes a piece keeps from the function's arguments: the
/// SymInt bindings.
static constexpr StringLiteral kBindingAttrs[] = {
    FXDialect::SymbolAttrHelper::getNameStr(),
    FXDialect::DimSymbolsAttrHelper::getNameStr()};

void SplitPlan::namePieces(SymbolTable &symbols) {
  for (Piece &piece : pieces) {
    std::string base =
        (func.getSymName() + "_submod_" + Twine(piece.number)).str();
    piece.name = base;
    for (unsigned suffix = 0; symbols.lookup(piece.name); ++suffix)
      piece.name = base + "_" + std::to_string(suffix);
  }
}

void SplitPlan::apply(SymbolTable &symbols) {
  MLIRContext *ctx = func.getContext();
  OpBuilder builder(ctx);
  Operation *ret = body.getTerminator();
  SmallVector<func::FuncOp> outlined;

  for (Piece &piece : pieces) {
    SmallVector<Type> argTypes, resultTypes;
    SmallVector<int64_t> indexArgs;
    for (auto [i, arg] : llvm::enumerate(piece.args)) {
      argTypes.push_back(arg.getType());
      if (isa<IndexType>(arg.getType()))
        indexArgs.push_back(i);
    }
    for (Value result : piece.results)
      resultTypes.push_back(result.getType());

    Location loc = piece.ops.front()->getLoc();
    builder.setInsertionPointAfter(outlined.empty() ? func : outlined.back());
    auto callee =
        func::FuncOp::create(builder, loc, piece.name,
                             builder.getFunctionType(argTypes, resultTypes));
    callee.setPrivate();
    callee->setAttr(FXDialect::PieceAttrHelper::getNameStr(),
                    builder.getI64IntegerAttr(piece.number));
    callee->setAttr(FXDialect::SplittingAttrHelper::getNameStr(),
                    builder.getBoolAttr(piece.splitting));
    callee->setAttr(FXDialect::SymShapeIndicesAttrHelper::getNameStr(),
                    builder.getDenseI64ArrayAttr(indexArgs));
    symbols.insert(callee);
    outlined.push_back(callee);

    Block *entry = callee.addEntryBlock();
    IRMapping mapping;
    for (auto [i, arg] : llvm::enumerate(piece.args)) {
      mapping.map(arg, entry->getArgument(i));
      auto blockArg = dyn_cast<BlockArgument>(arg);
      if (!blockArg)
        continue;
      for (StringRef name : kBindingAttrs)
        if (Attribute attr = func.getArgAttr(blockArg.getArgNumber(), name))
          callee.setArgAttr(i, name, attr);
    }
    // Each copy goes right before its first user, after what it uses.
    DenseMap<Operation *, SmallVector<Operation *>> copiesBefore;
    for (auto [copy, anchor] : piece.copies)
      copiesBefore[anchor].push_back(copy);
    builder.setInsertionPointToEnd(entry);
    for (Operation *op : piece.ops) {
      for (Operation *copy : copiesBefore.lookup(op))
        builder.clone(*copy, mapping);
      op->moveBefore(entry, entry->end());
      op->walk([&](Operation *nested) {
        for (OpOperand &operand : nested->getOpOperands())
          if (Value mapped = mapping.lookupOrNull(operand.get()))
            operand.set(mapped);
      });
    }
    func::ReturnOp::create(builder, loc, piece.results.getArrayRef());
  }

  // The caller: one call per piece, in order, then what the return needs.
  builder.setInsertionPoint(ret);
  IRMapping callerMapping;
  for (auto [piece, callee] : llvm::zip_equal(pieces, outlined)) {
    SmallVector<Value> operands;
    for (Value arg : piece.args)
      operands.push_back(callerMapping.lookupOrDefault(arg));
    auto call = func::CallOp::create(builder, piece.ops.front()->getLoc(),
                                     callee, operands);
    for (auto [result, value] :
         llvm::zip_equal(piece.results, call.getResults()))
      callerMapping.map(result, value);
  }
  // What is left of the body: the calls, and the rematerializable ops, whose
  // users moved to the pieces (with copies) unless the return needs them.
  SmallVector<Operation *> kept;
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator())) {
    if (isa<func::CallOp>(op))
      continue;
    if (callerCopies.contains(&op)) {
      kept.push_back(&op);
      continue;
    }
    op.dropAllUses();
    op.erase();
  }
  // The kept ones move after the calls, in their original order.
  for (Operation *op : kept)
    op->moveBefore(ret);
  for (Operation &op : body)
    for (OpOperand &operand : op.getOpOperands())
      if (Value mapped = callerMapping.lookupOrNull(operand.get()))
        operand.set(mapped);
}

/// What crosses each cut: a value defined in piece a and last received by
/// piece b (or returned) crosses every cut between them.
static SmallVector<SmallVector<Value>>
crossings(ArrayRef<Piece> pieces, const llvm::SetVector<Value> &returned,
          function_ref<std::optional<unsigned>(Value)> pieceOfValue) {
  llvm::MapVector<Value, unsigned> lastUse;
  for (auto [i, piece] : llvm::enumerate(pieces))
    for (Value arg : piece.args)
      if (pieceOfValue(arg))
        lastUse[arg] = i;
  for (Value value : returned)
    if (pieceOfValue(value))
      lastUse[value] = pieces.size();
  SmallVector<SmallVector<Value>> cuts(pieces.empty() ? 0 : pieces.size() - 1);
  for (auto [value, last] : lastUse)
    for (unsigned cut = *pieceOfValue(value); cut < last && cut < cuts.size();
         ++cut)
      cuts[cut].push_back(value);
  return cuts;
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
      for (const CrossingError &error : errors)
        json.object([&] {
          json.attribute("node", error.node);
          json.attribute("from", submodName(error.from));
          if (error.to)
            json.attribute("to", submodName(*error.to));
          json.attribute("message", error.message);
        });
    });
    if (!errors.empty())
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

SplitDecision SplitPlan::decision() const {
  SplitDecision decision;
  decision.function = func.getSymName().str();
  for (const CrossingError &error : errors)
    decision.refusals.push_back(
        {error.node, error.message, error.from, error.to});
  std::map<int64_t, bool> ids;
  for (auto [entry, id] : llvm::zip_equal(entries, partition.ids)) {
    if (entry.erased || entry.placeholder)
      continue;
    ids.emplace(id, partition.splittingIds.contains(id));
    if (!entry.name.empty() && !entry.created)
      decision.nodes.push_back({entry.name.str(), id});
  }
  for (auto [id, splitting] : ids) {
    decision.graphIds.push_back(id);
    decision.splitting.push_back(splitting);
  }
  // Each decomposed torch.Size is the fx.make_size fx-decompose-size made of
  // its dims: a constant per static dim, a new node per symbolic one.
  for (Operation &op : body.without_terminator()) {
    auto size = dyn_cast<MakeSizeOp>(op);
    if (!size || !isDecomposedLoc(size.getLoc()))
      continue;
    SplitDecision::Size &decomposed = decision.sizes.emplace_back();
    decomposed.name = nodeName(size.getLoc()).value_or("").str();
    for (Value element : size.getElements()) {
      APInt value;
      if (matchPattern(element, m_ConstantInt(&value))) {
        decomposed.staticDims.push_back(value.getSExtValue());
        decomposed.graphIds.push_back(-1);
        continue;
      }
      decomposed.staticDims.push_back(std::nullopt);
      auto it = entryOf.find(element.getDefiningOp());
      decomposed.graphIds.push_back(
          it == entryOf.end() ? -1 : partition.ids[it->second]);
    }
  }
  return decision;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct FXSplitGraphPass : fx::impl::FXSplitGraphBase<FXSplitGraphPass> {
  using Base::Base;
  ~FXSplitGraphPass() override { releaseOutputFiles(this); }

  LogicalResult initialize(MLIRContext *context) override {
    return claimOutputFile(context, this, "fx-split-graph{map-file}", mapFile,
                           /*appends=*/false);
  }

  void runOnOperation() override;

private:
  /// Writes the `map-file` of `plans`, one JSON document. Returns why the
  /// file could not be opened or written, if it could not.
  std::error_code writeMap(MutableArrayRef<SplitPlan> plans);
};
} // namespace

/// The first splitting op inside a region of `op`, where no cut can reach
/// it, or null.
static Operation *findNestedSplittingOp(Operation *op,
                                        const SplittingOps &splitting) {
  Operation *found = nullptr;
  for (Region &region : op->getRegions()) {
    region.walk([&](Operation *nested) {
      if (!splitting.matches(nested))
        return WalkResult::advance();
      found = nested;
      return WalkResult::interrupt();
    });
    if (found)
      break;
  }
  return found;
}

/// Analyses each function of `module` that may split into `plans`. Fails,
/// with a diagnostic per problem, where a function cannot be split.
static LogicalResult analyzeModule(ModuleOp module,
                                   const SplittingOps &splitting,
                                   std::vector<SplitPlan> &plans) {
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isDeclaration() &&
        !func->hasAttr(FXDialect::PieceAttrHelper::getNameStr()))
      funcs.push_back(func);

  plans.reserve(funcs.size());
  bool ok = true;
  for (func::FuncOp func : funcs) {
    Region &region = func.getBody();
    if (!region.hasOneBlock()) {
      WalkResult found = func.walk([&](Operation *op) {
        return splitting.matches(op) ? WalkResult::interrupt()
                                     : WalkResult::advance();
      });
      if (found.wasInterrupted()) {
        func.emitOpError()
            << "has " << llvm::range_size(region)
            << " blocks; fx-split-graph splits only functions of "
               "one block";
        ok = false;
      }
      continue;
    }
    bool nestedOk = true;
    for (Operation &op : region.front()) {
      if (Operation *nested = findNestedSplittingOp(&op, splitting)) {
        nested->emitError()
            << "splitting op inside '" << op.getName()
            << "' cannot be cut out; fx-split-graph cuts only at ops directly "
               "in the function body";
        nestedOk = false;
      }
    }
    if (!nestedOk) {
      ok = false;
      continue;
    }
    plans.emplace_back(func, splitting);
    if (failed(plans.back().analyze()))
      ok = false;
  }
  return success(ok);
}

void FXSplitGraphPass::runOnOperation() {
  ModuleOp module = getOperation();
  FailureOr<std::vector<std::string>> defaults =
      getDefaultSplittingOps(vllmRelease);
  if (failed(defaults)) {
    emitError(module.getLoc())
        << "fx-split-graph: vllm-release '" << vllmRelease
        << "' is not a vLLM release whose rules it knows ("
        << llvm::join(getVllmReleases(), ", ") << ")";
    return signalPassFailure();
  }
  // With no names nothing splits, but the map still says so.
  SplittingOps splitting(splittingOps.hasValue()
                             ? ArrayRef<std::string>(splittingOps)
                             : ArrayRef<std::string>(*defaults),
                         matchFxTargets);

  // Analyse everything before changing anything.
  std::vector<SplitPlan> plans;
  bool ok = succeeded(analyzeModule(module, splitting, plans));
  SymbolTable symbols(module);
  if (ok)
    for (SplitPlan &plan : plans)
      if (plan.hasCut())
        plan.namePieces(symbols);
  if (!mapFile.empty())
    if (std::error_code error = writeMap(plans)) {
      module.emitError() << "fx-split-graph: cannot write '" << mapFile
                         << "': " << error.message();
      return signalPassFailure();
    }
  if (!ok)
    return signalPassFailure();

  for (SplitPlan &plan : plans) {
    if (!plan.hasCut())
      continue;
    if (emitRemarks)
      plan.emitRemarks();
    plan.apply(symbols);
  }
}

std::error_code FXSplitGraphPass::writeMap(MutableArrayRef<SplitPlan> plans) {
  std::error_code error;
  llvm::raw_fd_ostream file(mapFile, error);
  if (error)
    return error;
  llvm::json::OStream json(file, /*IndentSize=*/1);
  json.object([&] {
    json.attributeArray("functions", [&] {
      for (SplitPlan &plan : plans)
        plan.writeMap(json);
    });
  });
  file << "\n";
  file.close();
  // A stream destroyed with an error it did not clear ends the process.
  error = file.error();
  file.clear_error();
  return error;
}

LogicalResult mlir::fx::decideSplits(ModuleOp module,
                                     ArrayRef<std::string> splittingOps,
                                     bool matchFxTargets,
                                     std::vector<SplitDecision> &decisions) {
  SplittingOps splitting(splittingOps, matchFxTargets);
  std::vector<SplitPlan> plans;
  LogicalResult analyzed = analyzeModule(module, splitting, plans);
  for (const SplitPlan &plan : plans)
    decisions.push_back(plan.decision());
  return analyzed;
}
