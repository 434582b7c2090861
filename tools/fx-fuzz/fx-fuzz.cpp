//===- fx-fuzz.cpp - libFuzzer target for the fx dialect ------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Parses arbitrary bytes as fx IR; when they parse and verify, runs
// fx-decompose-size, the legacy pass, convert-fx-to-tensor (both forms, the
// message-values one also through fx-lower-assert-to-llvm) and
// fx-split-graph on copies, and checks that whatever a pass accepts it leaves
// verified. Diagnostics are expected and silenced; a crash, a sanitizer report
// or a pass that succeeds with broken IR is a bug.
//
// Built with FX_FUZZ_STRUCTURED, it also mutates valid graphs where they
// matter: the integers of dims, indices and shapes, and symbolic versus static
// dims.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "fx-mlir/Conversion/Passes.h"
#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <cstdint>
#include <random>
#include <string>

namespace mlir::fx::test {
std::unique_ptr<Pass> createTestLegacyDecomposeSizePass();
} // namespace mlir::fx::test

using namespace mlir;
using fx::fuzz::runOnCopy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The input is not NUL-terminated; the parser wants a terminated buffer.
  std::string text(reinterpret_cast<const char *>(data), size);

  fx::fuzz::SilentContext silent;
  OwningOpRef<ModuleOp> module = fx::fuzz::parseValid(text, &silent.context);
  if (!module)
    return 0;

  runOnCopy(*module, fx::createFXDecomposeSize());
  runOnCopy(*module, fx::createFXDecomposeSize({/*useWalkDriver=*/true}));
  runOnCopy(*module, fx::test::createTestLegacyDecomposeSizePass());
  runOnCopy(*module, fx::createConvertFXToTensor());
  // fx-to-llvm's form: the checks stay fx.assert with their values.
  fx::ConvertFXToTensorOptions messageValues;
  messageValues.messageValues = true;
  runOnCopy(*module, fx::createConvertFXToTensor(messageValues));
  // ... and fx-to-llvm's lowering of those checks, their formats the ones
  // the lowering wrote.
  runOnCopy(*module, fx::createConvertFXToTensor(messageValues),
            createSCFToControlFlowPass(), fx::createFXLowerAssertToLLVM());
  // Cuts at ops the corpus has plenty of, so that sizes, slices and tensors
  // cross them, before and after decomposition.
  fx::FXSplitGraphOptions split;
  split.splittingOps = {"fx.view", "fx.slice_tensor", "arith.muli"};
  runOnCopy(*module, fx::createFXSplitGraph(split));
  return 0;
}

#ifdef FX_FUZZ_STRUCTURED
extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

/// Rewrites one integer or one `?` of the graph into a value at an edge:
/// negative dims, the int64 ends, ranks just past the end.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::mt19937 rng(seed);
  if (size == 0 || rng() % 4 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);

  std::string text(reinterpret_cast<const char *>(data), size);
  std::vector<std::pair<size_t, size_t>> tokens; // [begin, end)
  for (size_t i = 0; i < text.size();) {
    bool digit = std::isdigit(static_cast<unsigned char>(text[i]));
    bool minus = text[i] == '-' && i + 1 < text.size() &&
                 std::isdigit(static_cast<unsigned char>(text[i + 1]));
    if (!digit && !minus && text[i] != '?') {
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (text[i] != '?' && end < text.size() &&
           std::isdigit(static_cast<unsigned char>(text[end])))
      ++end;
    tokens.emplace_back(i, end);
    i = end;
  }
  if (tokens.empty())
    return LLVMFuzzerMutate(data, size, maxSize);

  static const char *const edges[] = {"0",
                                      "1",
                                      "-1",
                                      "2",
                                      "-2",
                                      "3",
                                      "7",
                                      "8",
                                      "63",
                                      "64",
                                      "65",
                                      "?",
                                      "-9223372036854775808",
                                      "9223372036854775807"};
  auto [begin, end] = tokens[rng() % tokens.size()];
  text.replace(begin, end - begin, edges[rng() % std::size(edges)]);
  if (text.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::copy(text.begin(), text.end(), data);
  return text.size();
}
#endif // FX_FUZZ_STRUCTURED
