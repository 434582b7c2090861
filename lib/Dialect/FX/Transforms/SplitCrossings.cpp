//===- SplitCrossings.cpp - What crosses each cut -------------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The pieces of a partition, what each receives and returns (with the SymInt
// arguments their types mention, as torch.fx's split_module passes them), and
// the values refused at a cut: only tensors and scalars may cross.
//
//===----------------------------------------------------------------------===//

#include "fx-mlir/Dialect/FX/Transforms/SplitPlan.h"

#include "mlir/IR/BuiltinTypes.h"

#include <map>

using namespace mlir;
using namespace mlir::fx;
using namespace mlir::fx::split;

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
  refusals.push_back(
      {fxNodeOf(value, info), valueName(value, info), message,
       pieces[from].number,
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
