//===- OutputFiles.cpp - The files the fx passes write --------------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "OutputFiles.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <mutex>

using namespace mlir;

namespace {
struct Claim {
  MLIRContext *context;
  const Pass *pass;
  std::string option;
  std::string path;
  bool appends;
};

/// The claims of the passes alive in the process. Passes of one pass manager
/// are initialized on one thread, but several contexts may initialize theirs
/// at once.
struct Claims {
  std::mutex lock;
  std::vector<Claim> claims;
};
} // namespace

static Claims &getClaims() {
  static Claims claims;
  return claims;
}

/// `path` made absolute and without `.` and `..`, so that two spellings of
/// one file compare equal; a file that exists is also compared by identity
/// (links).
static std::string normalize(StringRef path) {
  SmallString<256> normalized(path);
  (void)llvm::sys::fs::make_absolute(normalized);
  llvm::sys::path::remove_dots(normalized, /*remove_dot_dot=*/true);
  return std::string(normalized);
}

static bool sameFile(StringRef a, StringRef b) {
  bool same = false;
  return a == b || (!llvm::sys::fs::equivalent(a, b, same) && same);
}

LogicalResult fx::claimOutputFile(MLIRContext *context, const Pass *pass,
                                  StringRef option, StringRef path,
                                  bool appends) {
  if (path.empty())
    return success();
  std::string normalized = normalize(path);
  Claims &claims = getClaims();
  std::lock_guard<std::mutex> guard(claims.lock);
  for (const Claim &claim : claims.claims) {
    if (claim.context != context || !sameFile(claim.path, normalized))
      continue;
    if (claim.pass == pass && claim.option == option)
      return success(); // Initialized again: the claim stands.
    if (claim.appends && appends)
      continue;
    return emitError(UnknownLoc::get(context))
           << option << " '" << path << "' is also " << claim.option
           << "'s file, and one would overwrite the other's records; give "
              "each its own file";
  }
  claims.claims.push_back(
      {context, pass, option.str(), std::move(normalized), appends});
  return success();
}

void fx::releaseOutputFiles(const Pass *pass) {
  Claims &claims = getClaims();
  std::lock_guard<std::mutex> guard(claims.lock);
  llvm::erase_if(claims.claims,
                 [&](const Claim &claim) { return claim.pass == pass; });
}
