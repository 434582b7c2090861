//===- fx-fuzz-assert.cpp - libFuzzer target for fx.assert formats --------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The input after its first byte is the format of one fx.assert, any bytes;
// the first byte picks its values: bits 0-2 how many, bits 3-7 where their
// kinds start in kValueKinds (arguments of each allowed type, constants at
// the edges). When the op verifies:
//   - it prints and parses back to the same format and values;
//   - canonicalize, which writes the constants into the format, leaves the
//     message the check can say (getStaticMessage) as it was;
//   - fx-lower-assert-to-llvm succeeds, and its printf format has one %lld
//     per value, every other % doubled, and the op's text between them.
// A format the verifier refuses must be refused with a diagnostic, not a
// crash.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "fx-mlir/Conversion/Passes.h"
#include "fx-mlir/Dialect/FX/IR/FXOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

using namespace mlir;
using fx::fuzz::runOnCopy;

namespace {
/// A value of the check: an argument of the function, or a constant.
struct ValueKind {
  unsigned width; // 0 for index
  std::optional<int64_t> constant;
};
} // namespace

static const ValueKind kValueKinds[] = {
    {0, std::nullopt},  {8, std::nullopt},
    {16, std::nullopt}, {32, std::nullopt},
    {64, std::nullopt}, {0, -1},
    {8, -128},          {64, std::numeric_limits<int64_t>::min()},
};

static Type getType(MLIRContext *context, const ValueKind &kind) {
  if (kind.width == 0)
    return IndexType::get(context);
  return IntegerType::get(context, kind.width);
}

/// The only fx.assert of `module`.
static fx::AssertOp getCheck(ModuleOp module) {
  fx::AssertOp check;
  module.walk([&](fx::AssertOp op) {
    if (check)
      std::abort();
    check = op;
  });
  if (!check)
    std::abort();
  return check;
}

/// The text between the %lld of a printf format, its %% undone and each %c
/// the NUL the lowering passes it; aborts on any other conversion, on a NUL
/// in the text (printf would stop there), or without the newline and NUL at
/// the end.
static SmallVector<std::string> splitPrintfFormat(StringRef format) {
  if (!format.consume_back(StringRef("\n\0", 2)))
    std::abort();
  SmallVector<std::string> pieces(1);
  for (size_t i = 0, e = format.size(); i < e; ++i) {
    if (format[i] == '\0')
      std::abort();
    if (format[i] != '%') {
      pieces.back().push_back(format[i]);
    } else if (format.substr(i).starts_with("%%")) {
      pieces.back().push_back('%');
      ++i;
    } else if (format.substr(i).starts_with("%c")) {
      pieces.back().push_back('\0');
      ++i;
    } else if (format.substr(i).starts_with("%lld")) {
      pieces.emplace_back();
      i += 3;
    } else {
      std::abort();
    }
  }
  return pieces;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  unsigned count = data[0] & 7, first = data[0] >> 3;
  StringRef format(reinterpret_cast<const char *>(data + 1), size - 1);

  fx::fuzz::SilentContext silent;
  MLIRContext &context = silent.context;
  context.loadDialect<fx::FXDialect, arith::ArithDialect, func::FuncDialect>();

  // func.func @check(%ok: i1, <one argument per argument value>) {
  //   <one arith.constant per constant value>
  //   fx.assert %ok, "<format>" (<values>)
  // }
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  SmallVector<Type> arguments = {builder.getI1Type()};
  for (unsigned i = 0; i < count; ++i) {
    const ValueKind &kind = kValueKinds[(first + i) % std::size(kValueKinds)];
    if (!kind.constant)
      arguments.push_back(getType(&context, kind));
  }
  builder.setInsertionPointToEnd(module->getBody());
  auto func = func::FuncOp::create(builder, loc, "check",
                                   builder.getFunctionType(arguments, {}));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  SmallVector<Value> values;
  unsigned nextArgument = 1;
  for (unsigned i = 0; i < count; ++i) {
    const ValueKind &kind = kValueKinds[(first + i) % std::size(kValueKinds)];
    Type type = getType(&context, kind);
    if (kind.constant)
      values.push_back(arith::ConstantOp::create(
          builder, loc, type, builder.getIntegerAttr(type, *kind.constant)));
    else
      values.push_back(body->getArgument(nextArgument++));
  }
  auto check =
      fx::AssertOp::create(builder, loc, body->getArgument(0), format, values);
  func::ReturnOp::create(builder, loc);
  if (failed(verify(*module)))
    return 0;
  std::string message = check.getStaticMessage();

  // The custom form stands for the op.
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(printed, &context);
  if (!parsed || failed(verify(*parsed)))
    std::abort();
  fx::AssertOp reparsed = getCheck(*parsed);
  if (reparsed.getFormat() != format ||
      reparsed.getValues().size() != values.size())
    std::abort();

  // Constants in the format say what they said as values.
  OwningOpRef<ModuleOp> canonical;
  if (!runOnCopy(*module, canonical, createCanonicalizerPass()))
    std::abort();
  fx::AssertOp folded = getCheck(*canonical);
  if (folded.getStaticMessage() != message ||
      llvm::any_of(folded.getValues(), [](Value value) {
        return matchPattern(value, m_Constant());
      }))
    std::abort();

  // printf prints the op's text, and a number for each value.
  OwningOpRef<ModuleOp> lowered;
  if (!runOnCopy(*module, lowered, fx::createFXLowerAssertToLLVM()))
    std::abort();
  unsigned globals = 0;
  lowered->walk([&](LLVM::GlobalOp global) {
    ++globals;
    auto text = dyn_cast_or_null<StringAttr>(global.getValueOrNull());
    if (!text || splitPrintfFormat(text.getValue()) != check.getPieces())
      std::abort();
  });
  if (globals != 1)
    std::abort();
  return 0;
}
