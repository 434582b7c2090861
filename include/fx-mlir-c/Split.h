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
|* Every entry point takes any decision: a null one, or one destroyed         *|
|* already, reads as an empty decision, and a position out of range gives the *|
|* empty value its function names, so that no wrong handle or position ends   *|
|* the process. The other arguments must be as documented: a null or live     *|
|* operation, arrays of the given length. A decision is not to be destroyed   *|
|* while another thread reads it.                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FX_MLIR_C_SPLIT_H
#define FX_MLIR_C_SPLIT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The decision on one module; owned by the caller, who destroys it with
/// fxMlirSplitDecisionDestroy.
typedef struct FxMlirSplitDecision {
  void *ptr;
} FxMlirSplitDecision;

/// Checks whether a decision is null.
static inline bool fxMlirSplitDecisionIsNull(FxMlirSplitDecision decision) {
  return !decision.ptr;
}

/// Decides how the one function of `module` (a builtin.module the importer
/// made: one function of one block) splits at the `numOps` op names `ops`;
/// where `ops` is null, at the default list of vLLM release `vllmRelease`
/// (fx-split-graph's `vllm-release`: a null string is 0.34.0, and a release
/// it does not know is a failure), with fx-split-graph's
/// `match-fx-targets` as `matchFxTargets`. With `decomposeSizes`, first
/// rewrites `module` with fx-decompose-size, the dims after their tensor's
/// producer and a dead x.size() decomposed too, as vLLM's
/// _decompose_size_nodes does; without, decides as fx-split-graph alone
/// would. Outlines nothing. Diagnostics go to the context's handlers.
///
/// `nodes` names the FX graph's `numNodes` nodes in graph order, as the
/// importer wrote them in the module's locations: the decision refers to a
/// node by its position there, -1 for a node it does not name.
///
/// Stores the decision in `*decision`, which the caller then owns, and
/// returns success where the split stands: no pass failed and nothing
/// refused to cross. A refused split is a failure with a decision that says
/// why (fxMlirSplitDecisionGetRefusal). A null `module` is a failure with a
/// null decision; a null `decision` is a failure with nothing stored.
MLIR_CAPI_EXPORTED MlirLogicalResult fxMlirSplitDecide(
    MlirOperation module, intptr_t numNodes, const MlirStringRef *nodes,
    intptr_t numOps, const MlirStringRef *ops, MlirStringRef vllmRelease,
    bool matchFxTargets, bool decomposeSizes, FxMlirSplitDecision *decision);

/// Destroys `decision` and what its accessors handed out. A null decision,
/// or one destroyed already, is left alone.
MLIR_CAPI_EXPORTED void
fxMlirSplitDecisionDestroy(FxMlirSplitDecision decision);

/// An FX node, by its position in the graph, and vLLM's subgraph id of it.
typedef struct FxMlirSplitNode {
  intptr_t node;
  int64_t graphId;
} FxMlirSplitNode;

/// The FX nodes, in graph order: those vLLM's size decomposition erases and
/// the dims it creates are not among them (see the sizes below). A `pos`
/// out of [0, fxMlirSplitDecisionGetNumNodes()) gives node -1 and graph id
/// -1.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumNodes(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED FxMlirSplitNode
fxMlirSplitDecisionGetNode(FxMlirSplitDecision decision, intptr_t pos);

/// A subgraph that holds nodes, whether it holds splitting ops, and the
/// number of nodes it computes again rather than receives.
typedef struct FxMlirSplitPiece {
  int64_t graphId;
  bool splitting;
  intptr_t numRecomputed;
} FxMlirSplitPiece;

/// The pieces, by ascending graph id. A `pos` out of range gives graph id
/// -1 and nothing recomputed.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumPieces(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED FxMlirSplitPiece
fxMlirSplitDecisionGetPiece(FxMlirSplitDecision decision, intptr_t pos);

/// The position of a node the piece at `pos` computes again rather than
/// receives, in graph order, where a cut stands: a node that builds a
/// torch.Size of dims or takes an int out of one, which fx-split-graph
/// copies into each piece that uses it, so that only dims cross. -1 for a
/// `recomputed` out of [0, numRecomputed).
MLIR_CAPI_EXPORTED intptr_t fxMlirSplitDecisionGetPieceRecomputed(
    FxMlirSplitDecision decision, intptr_t pos, intptr_t recomputed);

/// The position of a node the split module computes again for the graph's
/// output rather than receive it from a piece, as a piece's recomputed nodes:
/// a piece does not return a torch.Size. A `pos` out of range gives -1.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumReturnRecomputed(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED intptr_t fxMlirSplitDecisionGetReturnRecomputed(
    FxMlirSplitDecision decision, intptr_t pos);

/// What fx-decompose-size did with a size node: decomposed it, or left it
/// alone because it returns one int (x.size(d), a sym_size with a dim) or
/// its tensor is unranked.
typedef enum FxMlirSplitSizeAction {
  FxMlirSplitSizeDecomposed,
  FxMlirSplitSizeWithDim,
  FxMlirSplitSizeSymSize,
  FxMlirSplitSizeUnranked,
} FxMlirSplitSizeAction;

/// A size node, by its position in the graph, what fx-decompose-size did
/// with it, and the number of dims it decomposed it into (0 where it left it
/// alone).
typedef struct FxMlirSplitSize {
  intptr_t node;
  FxMlirSplitSizeAction action;
  intptr_t rank;
} FxMlirSplitSize;

/// One dim of a decomposed size: its static size and graph id -1, or
/// fxMlirSplitDecisionDynamicDim() and the subgraph of the new
/// aten.sym_size.int node that reads it.
typedef struct FxMlirSplitDim {
  int64_t size;
  int64_t graphId;
} FxMlirSplitDim;

/// The size nodes, in graph order: those fx-decompose-size decomposed and
/// those it left alone; none without `decomposeSizes`. A `pos` out of range
/// gives node -1, FxMlirSplitSizeDecomposed and rank 0; a `dim` out of
/// [0, rank), size 0 and graph id -1.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumSizes(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED FxMlirSplitSize
fxMlirSplitDecisionGetSize(FxMlirSplitDecision decision, intptr_t pos);
MLIR_CAPI_EXPORTED FxMlirSplitDim fxMlirSplitDecisionGetSizeDim(
    FxMlirSplitDecision decision, intptr_t pos, intptr_t dim);
MLIR_CAPI_EXPORTED int64_t fxMlirSplitDecisionDynamicDim(void);

/// A value refused at a cut: the position of the node that makes it, the
/// subgraph it is defined in, the one that uses it (-1 for the graph's
/// output) and why. The message is valid while the decision is.
typedef struct FxMlirSplitRefusal {
  intptr_t node;
  int64_t from;
  int64_t to;
  MlirStringRef message;
} FxMlirSplitRefusal;

/// The refusals, in the order the analysis met them. A `pos` out of range
/// gives node -1, subgraphs -1 and an empty message.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumRefusals(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED FxMlirSplitRefusal
fxMlirSplitDecisionGetRefusal(FxMlirSplitDecision decision, intptr_t pos);

/// A cut between two consecutive pieces, by their graph ids.
typedef struct FxMlirSplitCut {
  int64_t before;
  int64_t after;
} FxMlirSplitCut;

/// The cuts, in order, where the split stands and has one. A `pos` out of
/// range gives graph ids -1.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumCuts(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED FxMlirSplitCut
fxMlirSplitDecisionGetCut(FxMlirSplitDecision decision, intptr_t pos);

/// A value that crosses cuts: the position of the node that makes it (for
/// a dim fx-decompose-size made, of the size node, with that `dim`, else
/// -1), its type as MLIR prints it, valid while the decision is, and the
/// first and last cut it crosses, by position among the cuts: it crosses
/// each cut between them.
typedef struct FxMlirSplitCrossing {
  intptr_t node;
  int64_t dim;
  MlirStringRef type;
  intptr_t firstCut;
  intptr_t lastCut;
} FxMlirSplitCrossing;

/// The values that cross cuts, each once, in the order the pieces receive
/// them and then the output, where the split stands and has a cut. A `pos`
/// out of range gives node -1, dim -1, an empty type and cuts -1.
MLIR_CAPI_EXPORTED intptr_t
fxMlirSplitDecisionGetNumCrossings(FxMlirSplitDecision decision);
MLIR_CAPI_EXPORTED FxMlirSplitCrossing
fxMlirSplitDecisionGetCrossing(FxMlirSplitDecision decision, intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif // FX_MLIR_C_SPLIT_H
