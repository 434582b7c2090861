//===- OutputFiles.h - The files the fx passes write ------------*- C++ -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// fx-decompose-size's `report-file` appends; fx-split-graph's `map-file`
// overwrites. Two passes given one path would lose one's records without a
// word, so each pass claims its file when it is initialized, before any pass
// runs, and a claim that would lose records is an error.
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_LIB_DIALECT_FX_TRANSFORMS_OUTPUTFILES_H
#define FX_MLIR_LIB_DIALECT_FX_TRANSFORMS_OUTPUTFILES_H

#include "mlir/Pass/Pass.h"

namespace mlir::fx {

/// Claims `path` for the option `option` of `pass` among the passes alive on
/// `context`. A file that a pass overwrites (`appends` false) is that pass's
/// alone; files that passes append to may be shared. On a clash, emits an
/// error naming both options and fails.
LogicalResult claimOutputFile(MLIRContext *context, const Pass *pass,
                              StringRef option, StringRef path, bool appends);

/// Drops the claims of `pass`, which is being destroyed.
void releaseOutputFiles(const Pass *pass);

} // namespace mlir::fx

#endif // FX_MLIR_LIB_DIALECT_FX_TRANSFORMS_OUTPUTFILES_H
