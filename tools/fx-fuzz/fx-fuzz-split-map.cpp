//===- fx-fuzz-split-map.cpp - libFuzzer target for fx-split-graph's map --===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The first line of the input is fx-split-graph's splitting-ops, a comma
// list; the rest is fx IR. When it parses and verifies, fx-split-graph runs
// on it with map-file, as people who run fx-opt get it, to a file of this
// process. Whether the pass succeeds or reports what may not cross a
// cut, a map it wrote is JSON that names the input's functions; when it
// succeeds, the map names each piece that became a function and gives that
// piece's symbolic sizes as indices of its inputs.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "fx-mlir/Dialect/FX/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

/// The file the maps go to, one per process: a campaign may run several.
static std::string &getMapPath() {
  static std::string path;
  return path;
}

static void removeMap() { llvm::sys::fs::remove(getMapPath()); }

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("fx-fuzz-split-map", "json", path))
    std::abort();
  getMapPath() = path.str().str();
  std::atexit(removeMap);
  return 0;
}

/// Aborts unless `function` of the map is an object whose "function" is a
/// function of `input`; when `output` is given (the pass succeeded), also
/// unless each of its pieces that has a "function" names one of `output`'s
/// and its sym_shape_indices are indices of its inputs.
static void checkFunction(const llvm::json::Value &function, ModuleOp input,
                          ModuleOp output) {
  const llvm::json::Object *object = function.getAsObject();
  if (!object)
    std::abort();
  std::optional<StringRef> name = object->getString("function");
  if (!name || !SymbolTable::lookupSymbolIn(input, *name) ||
      !object->getArray("errors"))
    std::abort();
  const llvm::json::Array *pieces = object->getArray("pieces");
  if (!output || !pieces)
    return;
  for (const llvm::json::Value &piece : *pieces) {
    const llvm::json::Object *fields = piece.getAsObject();
    if (!fields)
      std::abort();
    std::optional<StringRef> outlined = fields->getString("function");
    if (!outlined)
      continue;
    const llvm::json::Array *inputs = fields->getArray("inputs");
    const llvm::json::Array *symbolic = fields->getArray("sym_shape_indices");
    if (!SymbolTable::lookupSymbolIn(output, *outlined) || !inputs || !symbolic)
      std::abort();
    for (const llvm::json::Value &index : *symbolic) {
      std::optional<int64_t> i = index.getAsInteger();
      if (!i || *i < 0 || static_cast<size_t>(*i) >= inputs->size())
        std::abort();
    }
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef input(reinterpret_cast<const char *>(data), size);
  auto [ops, rest] = input.split('\n');
  // The input is not NUL-terminated; the parser wants a terminated buffer.
  std::string text = rest.str();

  fx::fuzz::SilentContext silent;
  OwningOpRef<ModuleOp> module = fx::fuzz::parseValid(text, &silent.context);
  if (!module)
    return 0;

  fx::FXSplitGraphOptions options;
  SmallVector<StringRef> names;
  ops.split(names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  options.splittingOps.assign(names.begin(), names.end());
  options.mapFile = getMapPath();
  removeMap();
  OwningOpRef<ModuleOp> split;
  bool succeeded =
      fx::fuzz::runOnCopy(*module, split, fx::createFXSplitGraph(options));

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(getMapPath());
  if (!file) {
    // Without splitting ops the pass does nothing; otherwise only a failure
    // may leave no map: a graph refused before any cut was planned.
    if (succeeded && !names.empty())
      std::abort();
    return 0;
  }
  llvm::Expected<llvm::json::Value> map =
      llvm::json::parse((*file)->getBuffer());
  if (!map)
    std::abort();
  const llvm::json::Object *top = map->getAsObject();
  const llvm::json::Array *functions =
      top ? top->getArray("functions") : nullptr;
  if (!functions)
    std::abort();
  for (const llvm::json::Value &function : *functions)
    checkFunction(function, *module, succeeded ? *split : ModuleOp());
  return 0;
}
