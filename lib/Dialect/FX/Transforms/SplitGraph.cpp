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
// what may cross it is checked: tensors and index values only.
//
// The pass analyses every function first and changes the module only when no
// function has an error, so a failure leaves the IR as it was.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

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

/// The importer spells the target of a torch op `torch.ops.ns.op` (an
/// OpOverloadPacket) or `torch.ops.ns.op.overload` (an OpOverload).
static constexpr StringLiteral kTorchOpsPrefix = "torch.ops.";

namespace {
/// The names of the `splitting-ops` option, split into the forms they match.
class SplittingOps {
public:
  explicit SplittingOps(ArrayRef<std::string> names) {
    for (StringRef name : names) {
      auto [ns, op] = name.split("::");
      if (op.empty() || ns.empty()) {
        plain.insert(name);
        continue;
      }
      // `ns::op` -> `ns.op`; with an overload (`ns::op.default`) it matches
      // that overload only, without one it matches every overload.
      std::string key = (ns + "." + op).str();
      torchOps.insert(key);
      if (!op.contains('.'))
        packets.insert(key);
    }
  }

  bool empty() const { return plain.empty() && torchOps.empty(); }

  bool matches(Operation *op) const {
    if (auto node = dyn_cast<NodeOp>(op)) {
      StringRef target = node.getTarget();
      if (plain.contains(target))
        return true;
      if (!isCallFunction(node) || !target.consume_front(kTorchOpsPrefix))
        return false;
      if (torchOps.contains(target))
        return true;
      // torch.ops.ns.op.overload: drop the overload and try the packet.
      auto [packet, overload] = target.rsplit('.');
      return !overload.empty() && packet.contains('.') &&
             packets.contains(packet);
    }
    return plain.contains(op->getName().getStringRef());
  }

private:
  llvm::StringSet<> plain;    // fx.node targets and MLIR op names
  llvm::StringSet<> torchOps; // `ns.op` and `ns.op.overload`
  llvm::StringSet<> packets;  // `ns.op` given without an overload
};
} // namespace

/// An op that only takes its operand apart: it goes to its producer's piece,
/// as vLLM moves getitem nodes, so that no tuple is passed whole.
static bool isTakeApart(Operation *op) {
  if (isa<GetItemOp>(op))
    return true;
  auto node = dyn_cast<NodeOp>(op);
  return node && isCallFunction(node) && !node.getInputs().empty() &&
         (node.getTarget() == "operator.getitem" ||
          node.getTarget() == "_operator.getitem");
}

/// An allocation of an uninitialized tensor, as vLLM's
/// `_is_empty_allocation_node` recognizes them, and tensor.empty.
static bool isEmptyAllocation(Operation *op) {
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto node = dyn_cast<NodeOp>(op);
  if (!node)
    return false;
  StringRef target = node.getTarget();
  if (!isCallFunction(node))
    return node.getKind() == NodeKind::CallMethod && target == "new_empty";
  return target.starts_with("torch.empty") ||
         target.starts_with("torch.ops.aten.empty") ||
         target.starts_with("torch.ops.aten.new_empty");
}

/// Cheap pure ops that each using piece recomputes instead of receiving:
/// constants, slices and torch.Size builds. Their operands are index values
/// or other such ops, so recomputing them never needs more than may cross.
static bool isRematerializable(Operation *op) {
  if (isa<SliceOp, MakeSizeOp>(op))
    return true;
  return op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
         op->hasTrait<OpTrait::ConstantLike>();
}

static bool mayCross(Type type) { return isa<TensorType, IndexType>(type); }

//===----------------------------------------------------------------------===//
// Names for diagnostics and remarks
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

/// The FX node name of a value: its defining node's name (with `[i]` for
/// one result of several), or its placeholder's name.
static std::string valueName(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (auto name = nodeName(arg.getLoc()))
      return name->str();
    return "%arg" + std::to_string(arg.getArgNumber());
  }
  Operation *def = value.getDefiningOp();
  // A dim of a decomposed x.size() shares the node's name: name it by what
  // it reads, as the importer's report does.
  if (auto symSize = dyn_cast<SymSizeOp>(def))
    return "sym_size(" + valueName(symSize.getInput()) + ", " +
           std::to_string(symSize.getDim()) + ")";
  std::string name =
      nodeName(def->getLoc()).value_or(def->getName().getStringRef()).str();
  if (def->getNumResults() > 1)
    name += "[" + std::to_string(cast<OpResult>(value).getResultNumber()) + "]";
  return name;
}

//===----------------------------------------------------------------------===//
// The plan for one function
//===----------------------------------------------------------------------===//

namespace {
struct Piece {
  int64_t number = 0;
  bool splitting = false;
  /// Its ops, in program order.
  SmallVector<Operation *> ops;
  /// Values it uses and does not define, in first-use order.
  llvm::SetVector<Value> args;
  /// Rematerializable ops it copies, operands first, each with the op of
  /// the piece it goes right before (its first user there).
  llvm::MapVector<Operation *, Operation *> copies;
  /// Values it defines that are used after it, in program order.
  SmallVector<Value> results;
  /// The name of its function: @<function>_submod_<number>, made unique.
  std::string name;
};

/// How `func` is cut: computed without touching the IR.
class SplitPlan {
public:
  SplitPlan(func::FuncOp func, const SplittingOps &splitting)
      : func(func), body(func.getBody().front()), splitting(splitting) {}

  /// Assigns ops to pieces and works out what each piece receives. Fails,
  /// with a diagnostic per offending value, when something other than a
  /// tensor or an index value would cross a cut.
  LogicalResult analyze();

  /// Whether the function has a splitting op to cut at.
  bool hasCut() const { return !pieces.empty() && hasSplittingOp; }

  /// Names the pieces' functions, avoiding the module's symbols.
  void namePieces(SymbolTable &symbols);

  /// Rewrites the function into pieces and a caller; after `namePieces`.
  void apply(SymbolTable &symbols);

  /// Reports the pieces and what crosses each cut; before `apply`.
  void emitRemarks();

private:
  void assign();
  void mergeEmptyOnlyPieces();
  std::optional<unsigned> pieceOfValue(Value value) const;
  bool definedAtOrBefore(Value value, int64_t number) const;
  LogicalResult collectUses(unsigned piece);
  LogicalResult addUse(unsigned piece, Value value, Operation *user,
                       Operation *anchor);
  InFlightDiagnostic emitCrossingError(Value value, unsigned from,
                                       const Twine &use) const;
  void addSymbolBindings(unsigned piece, BlockArgument tensor);
  void collectResults();

  func::FuncOp func;
  Block &body;
  const SplittingOps &splitting;
  bool hasSplittingOp = false;
  SmallVector<Piece> pieces;
  /// Top-level op -> index into `pieces`.
  DenseMap<Operation *, unsigned> pieceOf;
  /// Rematerializable ops the caller keeps, for the return.
  llvm::SetVector<Operation *> callerCopies;
};
} // namespace

void SplitPlan::assign() {
  // vLLM's numbering: 0, splitting 1, 2, splitting 3, ... A number that gets
  // no op gets no piece, as split_module makes no submodule for it.
  int64_t current = 0;
  bool currentIsSplitting = false;
  auto addTo = [&](int64_t number, bool isSplitting, Operation *op) {
    // Numbers only grow, so the piece is the last one or a new one.
    if (pieces.empty() || pieces.back().number != number) {
      pieces.emplace_back();
      pieces.back().number = number;
      pieces.back().splitting = isSplitting;
    }
    pieces.back().ops.push_back(op);
    pieceOf[op] = pieces.size() - 1;
  };

  for (Operation &op : body.without_terminator()) {
    if (isRematerializable(&op))
      continue;
    if (isTakeApart(&op)) {
      // To its producer's piece, if that piece has its other operands (a
      // computed index, say) too.
      if (Operation *producer = op.getOperand(0).getDefiningOp()) {
        auto it = pieceOf.find(producer);
        if (it != pieceOf.end() &&
            llvm::all_of(op.getOperands().drop_front(), [&](Value operand) {
              return definedAtOrBefore(operand, pieces[it->second].number);
            })) {
          pieces[it->second].ops.push_back(&op);
          pieceOf[&op] = it->second;
          continue;
        }
      }
    }
    if (splitting.matches(&op)) {
      hasSplittingOp = true;
      if (!currentIsSplitting)
        ++current;
      currentIsSplitting = true;
    } else if (currentIsSplitting) {
      ++current;
      currentIsSplitting = false;
    }
    addTo(current, currentIsSplitting, &op);
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

/// Whether `value` is available to piece `number`: a function argument, or
/// defined in that piece or an earlier one, through rematerializable ops.
bool SplitPlan::definedAtOrBefore(Value value, int64_t number) const {
  Operation *def = value.getDefiningOp();
  if (!def)
    return true;
  if (isRematerializable(def))
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return definedAtOrBefore(operand, number);
    });
  return pieces[pieceOf.lookup(def)].number <= number;
}

void SplitPlan::mergeEmptyOnlyPieces() {
  // vLLM's _merge_empty_only_subgraphs: a piece of one empty allocation would
  // be an empty CUDA graph capture; it joins the previous non-splitting piece
  // when that piece can compute it.
  std::optional<unsigned> previous;
  for (unsigned i = 0, e = pieces.size(); i != e; ++i) {
    Piece &piece = pieces[i];
    if (piece.splitting)
      continue;
    if (previous && piece.ops.size() == 1 &&
        isEmptyAllocation(piece.ops.front())) {
      Operation *empty = piece.ops.front();
      int64_t target = pieces[*previous].number;
      if (llvm::all_of(empty->getOperands(), [&](Value operand) {
            return definedAtOrBefore(operand, target);
          })) {
        pieces[*previous].ops.push_back(empty);
        pieceOf[empty] = *previous;
        piece.ops.clear();
        continue;
      }
    }
    previous = i;
  }

  // Drop the merged pieces and renumber the map.
  SmallVector<unsigned> newIndex(pieces.size());
  unsigned kept = 0;
  for (unsigned i = 0, e = pieces.size(); i != e; ++i) {
    newIndex[i] = kept;
    if (!pieces[i].ops.empty()) {
      if (kept != i)
        pieces[kept] = std::move(pieces[i]);
      ++kept;
    }
  }
  if (kept == pieces.size())
    return;
  pieces.truncate(kept);
  for (auto &entry : pieceOf)
    entry.second = newIndex[entry.second];
}

void SplitPlan::addSymbolBindings(unsigned piece, BlockArgument tensor) {
  auto symbols =
      func.getArgAttrOfType<ArrayAttr>(tensor.getArgNumber(), "fx.dim_symbols");
  if (!symbols)
    return;
  for (Attribute symbol : symbols) {
    StringRef name = cast<StringAttr>(symbol).getValue();
    if (name.empty())
      continue;
    for (BlockArgument arg : body.getArguments()) {
      auto bound =
          func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), "fx.symbol");
      if (bound && bound.getValue() == name)
        pieces[piece].args.insert(arg);
    }
  }
}

InFlightDiagnostic SplitPlan::emitCrossingError(Value value, unsigned from,
                                                const Twine &use) const {
  bool isSize = isa<SizeType>(value.getType());
  Operation *def = value.getDefiningOp();
  InFlightDiagnostic diag = emitError(def->getLoc());
  diag << (isSize ? "a torch.Size would cross a split boundary: "
                  : "only tensors and index values may cross a split "
                    "boundary: ")
       << "value '" << valueName(value) << "' of type " << value.getType()
       << ", defined by '" << def->getName() << "' in piece "
       << pieces[from].number << ", " << use;
  if (isSize)
    diag << "; run fx-decompose-size first";
  return diag;
}

/// Records that `user`, nested in or equal to `anchor`, an op of `piece`,
/// uses `value`.
LogicalResult SplitPlan::addUse(unsigned piece, Value value, Operation *user,
                                Operation *anchor) {
  Piece &p = pieces[piece];
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != &body || p.args.contains(arg))
      return success();
    p.args.insert(arg);
    addSymbolBindings(piece, arg);
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
    p.args.insert(value);
    return success();
  }
  emitCrossingError(value, from, "is used in piece " + Twine(p.number))
          .attachNote(user->getLoc())
      << "used here by '" << user->getName() << "'";
  return failure();
}

LogicalResult SplitPlan::collectUses(unsigned piece) {
  bool ok = true;
  for (Operation *op : pieces[piece].ops) {
    op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (failed(addUse(piece, operand, nested, op)))
          ok = false;
    });
  }
  return success(ok);
}

void SplitPlan::collectResults() {
  // A value is a result of its piece when a later piece receives it or the
  // caller returns it (through rematerializable ops too).
  llvm::DenseSet<Value> escaping;
  for (Piece &piece : pieces)
    for (Value arg : piece.args)
      escaping.insert(arg);

  Operation *ret = body.getTerminator();
  SmallVector<Value> worklist(ret->getOperands());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    Operation *def = value.getDefiningOp();
    if (def && isRematerializable(def)) {
      if (callerCopies.insert(def))
        llvm::append_range(worklist, def->getOperands());
      continue;
    }
    escaping.insert(value);
  }

  for (Piece &piece : pieces)
    for (Operation *op : piece.ops)
      for (Value result : op->getResults())
        if (escaping.contains(result))
          piece.results.push_back(result);
}

LogicalResult SplitPlan::analyze() {
  assign();
  if (!hasSplittingOp)
    return success();
  mergeEmptyOnlyPieces();
  bool ok = true;
  for (unsigned i = 0, e = pieces.size(); i != e; ++i)
    if (failed(collectUses(i)))
      ok = false;
  // The return is the caller's: what it uses must leave its piece.
  for (Value value : body.getTerminator()->getOperands()) {
    std::optional<unsigned> from = pieceOfValue(value);
    if (!from || mayCross(value.getType()))
      continue;
    emitCrossingError(value, *from, "is returned");
    ok = false;
  }
  if (!ok)
    return failure();
  collectResults();
  return success();
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// The argument attributes a piece keeps from the function's arguments: the
/// SymInt bindings.
static constexpr StringLiteral kBindingAttrs[] = {"fx.symbol",
                                                  "fx.dim_symbols"};

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
    callee->setAttr("fx.piece", builder.getI64IntegerAttr(piece.number));
    callee->setAttr("fx.splitting", builder.getBoolAttr(piece.splitting));
    callee->setAttr("fx.sym_shape_indices",
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
    func::ReturnOp::create(builder, loc, piece.results);
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

void SplitPlan::emitRemarks() {
  // Pieces, then cuts: a value defined in piece a and last received by piece
  // b (or returned) crosses every cut between them.
  for (const Piece &piece : pieces) {
    InFlightDiagnostic remark = emitRemark(piece.ops.front()->getLoc());
    remark << "piece " << piece.number
           << (piece.splitting ? " (splitting)" : "") << ": @" << piece.name
           << "; nodes: ";
    // Ops made from one node (a decomposed size) share its name: list it once.
    llvm::StringSet<> seen;
    bool first = true;
    for (Operation *op : piece.ops) {
      std::string name =
          nodeName(op->getLoc()).value_or(op->getName().getStringRef()).str();
      if (!seen.insert(name).second)
        continue;
      remark << (first ? "" : ", ") << name;
      first = false;
    }
    remark << "; receives: ";
    llvm::interleaveComma(piece.args, remark,
                          [&](Value value) { remark << valueName(value); });
    remark << "; returns: ";
    llvm::interleaveComma(piece.results, remark,
                          [&](Value value) { remark << valueName(value); });
  }

  llvm::MapVector<Value, unsigned> lastUse;
  for (unsigned i = 0, e = pieces.size(); i != e; ++i)
    for (Value arg : pieces[i].args)
      if (pieceOfValue(arg))
        lastUse[arg] = i;
  for (Value value : body.getTerminator()->getOperands())
    if (pieceOfValue(value))
      lastUse[value] = pieces.size();
  for (unsigned cut = 0; cut + 1 < pieces.size(); ++cut) {
    InFlightDiagnostic remark = emitRemark(func.getLoc());
    remark << "cut between piece " << pieces[cut].number << " and piece "
           << pieces[cut + 1].number << ": crosses: ";
    bool first = true;
    for (auto [value, last] : lastUse) {
      if (*pieceOfValue(value) > cut || last <= cut)
        continue;
      if (!first)
        remark << ", ";
      first = false;
      remark << valueName(value) << " (" << value.getType() << ")";
    }
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct FXSplitGraphPass : fx::impl::FXSplitGraphBase<FXSplitGraphPass> {
  using Base::Base;

  void runOnOperation() override;
};
} // namespace

/// Whether a splitting op sits inside a region of `op`, where no cut can
/// reach it.
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

void FXSplitGraphPass::runOnOperation() {
  ModuleOp module = getOperation();
  SplittingOps splitting(splittingOps);
  if (splitting.empty())
    return;

  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isDeclaration() && !func->hasAttr("fx.piece"))
      funcs.push_back(func);

  // Analyse everything before changing anything.
  std::vector<SplitPlan> plans;
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
  if (!ok)
    return signalPassFailure();

  SymbolTable symbols(module);
  for (SplitPlan &plan : plans) {
    if (!plan.hasCut())
      continue;
    plan.namePieces(symbols);
    if (emitRemarks)
      plan.emitRemarks();
    plan.apply(symbols);
  }
}
