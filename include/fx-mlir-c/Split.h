/*===- fx-mlir-c/Split.h - fx-split-graph's decision, for C -------*- C -*-===*\
|*                                                                            *|
|* This file is licensed under the Apache License v2.0 with LLVM Exceptions.  *|
|* See the LICENSE file at the root of fx-mlir for license information.       *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* How an imported torch.fx graph splits, as typed values: the entry point    *|
|* fx_mlir_import.split_graph calls, with no pipeline text and no report to   *|
|* parse. fx-decompose-size places the dims as vLLM does, and fx-split-graph  *|
|* decides the pieces without outlining them.                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FX_MLIR_C_SPLIT_H
#define FX_MLIR_C_SPLIT_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The decision on one module; owned by the caller
/// (fxMlirSplitDecisionDestroy).
typedef struct FxMlirSplitDecision {
  void *ptr;
} FxMlirSplitDecision;

/// Decides how the one function of `module` (a builtin.module the importer
/// made) splits at the `numOps` op names `ops`; where `ops` is null, at the
/// default list of vLLM release `vllmRelease` (fx-split-graph's
/// `vllm-release`; a null string is 0.34.0, and a release it does not know
/// is an error), with fx-split-graph's `match-fx-targets` as
/// `matchFxTargets`. Rewrites `module` with fx-decompose-size, the dims
/// after their tensor's producer and a dead x.size() decomposed too, as
/// vLLM's _decompose_size_nodes does; outlines nothing. Diagnostics go to
/// the context's handlers. Never returns a null decision.
MLIR_CAPI_EXPORTED FxMlirSplitDecision fxMlirSplitDecide(
    MlirOperation module, intptr_t numOps, const MlirStringRef *ops,
    MlirStringRef vllmRelease, bool matchFxTargets);

MLIR_CAPI_EXPORTED void
fxMlirSplitDecisionDestroy(FxMlirSplitDecision decision);

/// Whether the split stands: no pass failed and nothing refused to cross.
MLIR_CAPI_EXPORTED bool
fxMlirSplitDecisionSucceeded(FxMlirSplitDecision decision);

/// The FX nodes, in graph order, with vLLM's subgraph id of each: arrays of
/// fxMlirSplitDecisionGetNumNodes() entries, valid while the decision is.
/// Nodes vLLM's size decomposition erases and the dims it creates are not
/// among them (see the sizes below).
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumNodes(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED const MlirStringRef *
fxMlirSplitDecisionGetNodeNames(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED const int64_t *
fxMlirSplitDecisionGetNodeGraphIds(FxMlirSplitDecision decision);

/// The subgraph ids that hold nodes, ascending, and whether each holds
/// splitting ops: arrays of fxMlirSplitDecisionGetNumPieces() entries.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumPieces(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED const int64_t *
fxMlirSplitDecisionGetPieceGraphIds(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED const bool *
fxMlirSplitDecisionGetPieceSplitting(FxMlirSplitDecision decision);

/// A torch.Size node fx-decompose-size decomposed: its name, its rank, and
/// per dim its static size, or fxMlirSplitDecisionDynamicDim() where it is a
/// new aten.sym_size.int node, in the subgraph `graphIds` gives (-1 for a
/// static dim). The arrays are valid while the decision is.
typedef struct FxMlirSplitSize {
  MlirStringRef name;
  intptr_t rank;
  const int64_t *staticDims;
  const int64_t *graphIds;
} FxMlirSplitSize;

/// A value refused at a cut: its node, the subgraph it is defined in, the
/// one that uses it (-1 for the graph's output) and why.
typedef struct FxMlirSplitRefusal {
  MlirStringRef node;
  int64_t from;
  int64_t to;
  MlirStringRef message;
} FxMlirSplitRefusal;

/// The decomposed sizes, in graph order, and the refusals.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumSizes(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED FxMlirSplitSize
fxMlirSplitDecisionGetSize(FxMlirSplitDecision decision, intptr_t pos);
MLIR_CAPI_EXPORTED int64_t fxMlirSplitDecisionDynamicDim(void);
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumRefusals(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED FxMlirSplitRefusal
fxMlirSplitDecisionGetRefusal(FxMlirSplitDecision decision, intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif // FX_MLIR_C_SPLIT_H
