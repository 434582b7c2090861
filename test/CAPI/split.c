//===- split.c - fx-split-graph's decision, through the C API -------------===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

// fxMlirSplitDecide on an import, then every call a wrong caller could make:
// each has the outcome fx-mlir-c/Split.h states, and none ends the process.
// RUN: %fx_capi_split_test 2>&1 | FileCheck %s

#include "fx-mlir-c/Split.h"
#include "fx-mlir-c/Registration.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

// Writes `text` to the stream `file`: the C API's strings are not
// NUL-terminated.
static void print(MlirStringRef text, void *file) {
  fwrite(text.data, 1, text.length, (FILE *)file);
}

// Prints each diagnostic on a line of its own.
static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, print, stdout);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static const char *result(MlirLogicalResult decided) {
  return mlirLogicalResultIsSuccess(decided) ? "stands" : "refused";
}

// Prints a crossing: its node's position, with the dim where it is a dim,
// its type and the cuts it crosses.
static void printCrossing(FxMlirSplitCrossing crossing) {
  printf("%lld", (long long)crossing.node);
  if (crossing.dim >= 0)
    printf(".%lld", (long long)crossing.dim);
  printf(" (");
  print(crossing.type, stdout);
  printf(") cuts %lld to %lld\n", (long long)crossing.firstCut,
         (long long)crossing.lastCut);
}

// Prints what `decision` holds, by the accessors' count and position.
static void dump(FxMlirSplitDecision decision) {
  for (intptr_t i = 0, e = fxMlirSplitDecisionGetNumNodes(decision); i < e;
       ++i) {
    FxMlirSplitNode node = fxMlirSplitDecisionGetNode(decision, i);
    printf("node %lld -> %lld\n", (long long)node.node,
           (long long)node.graphId);
  }
  for (intptr_t i = 0, e = fxMlirSplitDecisionGetNumPieces(decision); i < e;
       ++i) {
    FxMlirSplitPiece piece = fxMlirSplitDecisionGetPiece(decision, i);
    printf("piece %lld%s", (long long)piece.graphId,
           piece.splitting ? " (splitting)" : "");
    for (intptr_t r = 0; r < piece.numRecomputed; ++r)
      printf("%s %lld", r ? "" : " recomputes",
             (long long)fxMlirSplitDecisionGetPieceRecomputed(decision, i, r));
    printf("\n");
  }
  for (intptr_t i = 0, e = fxMlirSplitDecisionGetNumReturnRecomputed(decision);
       i < e; ++i)
    printf("return recomputes %lld\n",
           (long long)fxMlirSplitDecisionGetReturnRecomputed(decision, i));
  for (intptr_t i = 0, e = fxMlirSplitDecisionGetNumSizes(decision); i < e;
       ++i) {
    FxMlirSplitSize size = fxMlirSplitDecisionGetSize(decision, i);
    static const char *kActions[] = {"decomposed", "with-dim", "sym-size",
                                     "unranked"};
    printf("size %lld %s", (long long)size.node, kActions[size.action]);
    for (intptr_t d = 0; d < size.rank; ++d) {
      FxMlirSplitDim dim = fxMlirSplitDecisionGetSizeDim(decision, i, d);
      if (dim.size == fxMlirSplitDecisionDynamicDim())
        printf(" [dynamic in %lld]", (long long)dim.graphId);
      else
        printf(" [%lld]", (long long)dim.size);
    }
    printf("\n");
  }
  for (intptr_t i = 0, e = fxMlirSplitDecisionGetNumCuts(decision); i < e;
       ++i) {
    FxMlirSplitCut cut = fxMlirSplitDecisionGetCut(decision, i);
    printf("cut %lld|%lld\n", (long long)cut.before, (long long)cut.after);
  }
  for (intptr_t i = 0, e = fxMlirSplitDecisionGetNumCrossings(decision); i < e;
       ++i) {
    printf("crossing ");
    printCrossing(fxMlirSplitDecisionGetCrossing(decision, i));
  }
  for (intptr_t i = 0, e = fxMlirSplitDecisionGetNumRefusals(decision); i < e;
       ++i) {
    FxMlirSplitRefusal refusal = fxMlirSplitDecisionGetRefusal(decision, i);
    printf("refusal %lld: %lld -> %lld: ", (long long)refusal.node,
           (long long)refusal.from, (long long)refusal.to);
    print(refusal.message, stdout);
    printf("\n");
  }
}

// No vLLM release named: fx-split-graph's default list, vLLM 0.34.0's.
static const MlirStringRef kNewest = {NULL, 0};

// Parses `text`, decides its split at `op`, its FX graph's nodes named by
// the `numNodes` names `nodes`, with fx-decompose-size if `decompose`, and
// prints the decision. Returns the decision, which the caller destroys.
static FxMlirSplitDecision decide(MlirContext context, const char *text,
                                  intptr_t numNodes, const char **nodes,
                                  const char *op, bool decompose) {
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(text));
  MlirStringRef names[16];
  for (intptr_t i = 0; i < numNodes; ++i)
    names[i] = mlirStringRefCreateFromCString(nodes[i]);
  MlirStringRef ops[] = {mlirStringRefCreateFromCString(op)};
  FxMlirSplitDecision decision;
  MlirLogicalResult decided =
      fxMlirSplitDecide(mlirModuleGetOperation(module), numNodes, names, 1, ops,
                        kNewest, false, decompose, &decision);
  printf("decided: %s, null: %d\n", result(decided),
         fxMlirSplitDecisionIsNull(decision));
  dump(decision);
  mlirModuleDestroy(module);
  return decision;
}

// An attention op between a relu and an x.size() whose dims cross, and an
// x.size(0) that stays.
static const char *kGraph =
    "func.func @forward(%s0: index {fx.symbol = \"s0\"} loc(\"s0\"),\n"
    "    %x: tensor<?x8xf32> {fx.dim_symbols = [\"s0\", \"\"]} loc(\"x\"))\n"
    "    -> tensor<?x8xf32> attributes {fx.symbols = {\"relu\" = [[\"s0\", "
    "\"\"]], \"attn\" = [[\"s0\", \"\"]]}} {\n"
    "  %relu = fx.node \"call_function\" \"torch.relu\"(%x)"
    " : (tensor<?x8xf32>) -> tensor<?x8xf32> loc(\"relu\")\n"
    "  %attn = fx.node \"call_function\" \"torch.ops.vllm.attn.default\""
    "(%relu) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc(\"attn\")\n"
    "  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc(\"size\")\n"
    "  %view = fx.view %attn, %size : tensor<?x8xf32>, !fx.size<2>"
    " -> tensor<?x8xf32> loc(\"view\")\n"
    "  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc(\"n\")\n"
    "  %head = fx.node \"call_function\" \"torch.ops.aten.narrow.default\""
    "(%view, %n) : (tensor<?x8xf32>, index) -> tensor<?x8xf32> loc(\"head\")\n"
    "  return %head : tensor<?x8xf32> loc(\"output\")\n"
    "}\n";

static const char *kGraphNodes[] = {"s0",   "x", "relu", "attn",  "size",
                                    "view", "n", "head", "output"};

// A torch.Size sliced from x.size() before the attention op, an int taken
// out of it used after, and the slice returned.
static const char *kSlice =
    "func.func @forward(%x: tensor<?x8xf32> loc(\"x\"))\n"
    "    -> (tensor<?x8xf32>, !fx.size<1>) {\n"
    "  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc(\"size\")\n"
    "  %item = fx.getitem %size[0] : !fx.size<2> loc(\"head\")\n"
    "  %head = fx.make_size %item : !fx.size<1> loc(\"head\")\n"
    "  %n = fx.getitem %head[0] : !fx.size<1> loc(\"n\")\n"
    "  %neg = fx.node \"call_function\" \"torch.neg\"(%x) :"
    " (tensor<?x8xf32>) -> tensor<?x8xf32> loc(\"neg\")\n"
    "  %attn = fx.node \"call_function\" \"torch.ops.vllm.attn.default\"(%neg)"
    " : (tensor<?x8xf32>) -> tensor<?x8xf32> loc(\"attn\")\n"
    "  %narrow = fx.node \"call_function\" \"torch.ops.aten.narrow.default\""
    "(%attn, %n) : (tensor<?x8xf32>, index) -> tensor<?x8xf32>"
    " loc(\"narrow\")\n"
    "  return %narrow, %head : tensor<?x8xf32>, !fx.size<1> loc(\"output\")\n"
    "}\n";

static const char *kSliceNodes[] = {"x",   "size", "head",   "n",
                                    "neg", "attn", "narrow", "output"};

// A torch.Size that another node returns, which has no dims to cross.
static const char *kRefused =
    "func.func @forward(%x: tensor<?x8xf32> loc(\"x\")) -> tensor<?x8xf32> {\n"
    "  %size = fx.node \"call_function\" \"torch.ops.aten.sym_size\"(%x)"
    " : (tensor<?x8xf32>) -> !fx.size<2> loc(\"shape\")\n"
    "  %attn = fx.node \"call_function\" \"torch.ops.vllm.attn.default\""
    "(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc(\"attn\")\n"
    "  %view = fx.view %attn, %size : tensor<?x8xf32>, !fx.size<2>"
    " -> tensor<?x8xf32> loc(\"view\")\n"
    "  return %view : tensor<?x8xf32>\n"
    "}\n";

static const char *kRefusedNodes[] = {"x", "shape", "attn", "view", "output"};

// One function of two blocks: no graph the importer makes.
static const char *kBlocks =
    "func.func @forward(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {\n"
    "  cf.br ^next\n"
    "^next:\n"
    "  return %x : tensor<?x8xf32>\n"
    "}\n";

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  fxMlirRegisterAllDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(context, printDiagnostic, NULL, NULL);

  // The nodes by position in kGraphNodes: relu, attn, view, n, head. What
  // crosses the cuts: relu the first, attn the second, and the dim of x the
  // size made, by the size node's position and the dim, both.
  // CHECK-LABEL: split at vllm::attn
  // CHECK-NEXT: decided: stands, null: 0
  // CHECK-NEXT: node 2 -> 0
  // CHECK-NEXT: node 3 -> 1
  // CHECK-NEXT: node 5 -> 2
  // CHECK-NEXT: node 6 -> 2
  // CHECK-NEXT: node 7 -> 2
  // CHECK-NEXT: piece 0
  // CHECK-NEXT: piece 1 (splitting)
  // CHECK-NEXT: piece 2
  // CHECK-NEXT: size 4 decomposed [dynamic in 0] [8]
  // CHECK-NEXT: size 6 with-dim
  // CHECK-NEXT: cut 0|1
  // CHECK-NEXT: cut 1|2
  // CHECK-NEXT: crossing 2 (tensor<?x8xf32>) cuts 0 to 0
  // CHECK-NEXT: crossing 3 (tensor<?x8xf32>) cuts 1 to 1
  // CHECK-NEXT: crossing 4.0 (index) cuts 0 to 1
  // CHECK-NOT: refusal
  printf("split at vllm::attn\n");
  FxMlirSplitDecision decision =
      decide(context, kGraph, 9, kGraphNodes, "vllm::attn", true);

  // The slice and the int taken out of it are no piece's inputs: piece 2
  // computes both again from the dim that crosses, and the split module the
  // slice it returns.
  // CHECK-LABEL: a slice of a size
  // CHECK-NEXT: decided: stands, null: 0
  // CHECK:      piece 0{{$}}
  // CHECK-NEXT: piece 1 (splitting){{$}}
  // CHECK-NEXT: piece 2 recomputes 2 3{{$}}
  // CHECK-NEXT: return recomputes 2{{$}}
  // CHECK:      cut 0|1
  // CHECK-NEXT: cut 1|2
  // CHECK-NEXT: crossing 4 (tensor<?x8xf32>) cuts 0 to 0
  // CHECK-NEXT: crossing 5 (tensor<?x8xf32>) cuts 1 to 1
  // CHECK-NEXT: crossing 1.0 (index) cuts 0 to 1
  printf("a slice of a size\n");
  fxMlirSplitDecisionDestroy(
      decide(context, kSlice, 8, kSliceNodes, "vllm::attn", true));

  // A position out of range, a dim out of range, and the decision destroyed
  // twice: each has the value Split.h gives it.
  // CHECK-LABEL: out of range
  // CHECK-NEXT: node -1: -1 -> -1
  // CHECK-NEXT: piece 3: -1
  // CHECK-NEXT: size 2: -1 rank 0
  // CHECK-NEXT: dim 0.2: 0 in -1
  // CHECK-NEXT: cut 2: -1|-1
  // CHECK-NEXT: crossing 3: -1 () cuts -1 to -1
  // CHECK-NEXT: refusal 0: -1 '' -1 -> -1
  // CHECK-NEXT: recomputed 2.0: -1, 3.0: -1, return 0: -1
  printf("out of range\n");
  FxMlirSplitNode node = fxMlirSplitDecisionGetNode(decision, -1);
  printf("node -1: %lld -> %lld\n", (long long)node.node,
         (long long)node.graphId);
  printf("piece 3: %lld\n",
         (long long)fxMlirSplitDecisionGetPiece(decision, 3).graphId);
  FxMlirSplitSize size = fxMlirSplitDecisionGetSize(decision, 2);
  printf("size 2: %lld rank %lld\n", (long long)size.node,
         (long long)size.rank);
  FxMlirSplitDim dim = fxMlirSplitDecisionGetSizeDim(decision, 0, 2);
  printf("dim 0.2: %lld in %lld\n", (long long)dim.size,
         (long long)dim.graphId);
  FxMlirSplitCut cut = fxMlirSplitDecisionGetCut(decision, 2);
  printf("cut 2: %lld|%lld\n", (long long)cut.before, (long long)cut.after);
  printf("crossing 3: ");
  printCrossing(fxMlirSplitDecisionGetCrossing(decision, 3));
  FxMlirSplitRefusal refusal = fxMlirSplitDecisionGetRefusal(decision, 0);
  printf("refusal 0: %lld '", (long long)refusal.node);
  print(refusal.message, stdout);
  printf("' %lld -> %lld\n", (long long)refusal.from, (long long)refusal.to);
  printf("recomputed 2.0: %lld, 3.0: %lld, return 0: %lld\n",
         (long long)fxMlirSplitDecisionGetPieceRecomputed(decision, 2, 0),
         (long long)fxMlirSplitDecisionGetPieceRecomputed(decision, 3, 0),
         (long long)fxMlirSplitDecisionGetReturnRecomputed(decision, 0));

  // CHECK-LABEL: destroyed twice
  // CHECK-NEXT: nodes after: 0
  printf("destroyed twice\n");
  fxMlirSplitDecisionDestroy(decision);
  fxMlirSplitDecisionDestroy(decision);
  printf("nodes after: %lld\n",
         (long long)fxMlirSplitDecisionGetNumNodes(decision));

  // CHECK-LABEL: refused
  // CHECK-NEXT: diagnostic: a torch.Size would cross a split boundary: value
  // CHECK-SAME: 'shape' of type '!fx.size<2>', defined by 'fx.node' in piece
  // CHECK-SAME: 0, is used in piece 2
  // CHECK-NEXT: decided: refused, null: 0
  // CHECK-NOT: {{cut|crossing}}
  // CHECK: refusal 1: 0 -> 2: a torch.Size would cross a split boundary
  printf("refused\n");
  fxMlirSplitDecisionDestroy(
      decide(context, kRefused, 5, kRefusedNodes, "vllm::attn", true));

  // The first graph without fx-decompose-size: its x.size() stays where it
  // is, in piece 2, so no dim crosses, and no size is said to be decomposed
  // or left alone.
  // CHECK-LABEL: without fx-decompose-size
  // CHECK-NEXT: decided: stands, null: 0
  // CHECK:      piece 2
  // CHECK-NOT:  size
  // CHECK-NEXT: cut 0|1
  // CHECK-NEXT: cut 1|2
  // CHECK-NEXT: crossing 2 (tensor<?x8xf32>) cuts 0 to 0
  // CHECK-NEXT: crossing 3 (tensor<?x8xf32>) cuts 1 to 1
  // CHECK-NOT: crossing
  printf("without fx-decompose-size\n");
  fxMlirSplitDecisionDestroy(
      decide(context, kGraph, 9, kGraphNodes, "vllm::attn", false));

  // CHECK-LABEL: several blocks
  // CHECK-NEXT: diagnostic: 'func.func' op has 2 blocks; fxMlirSplitDecide
  // CHECK-SAME: splits an imported graph, a function of one block
  // CHECK-NEXT: decided: refused, null: 0
  // CHECK-NOT: node
  printf("several blocks\n");
  fxMlirSplitDecisionDestroy(
      decide(context, kBlocks, 0, NULL, "vllm::attn", true));

  // CHECK-LABEL: not a module
  // CHECK-NEXT: diagnostic: fxMlirSplitDecide: expected a builtin.module, not
  // CHECK-SAME: 'func.func'
  // CHECK-NEXT: decided: refused
  printf("not a module\n");
  MlirModule graph =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kGraph));
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(graph));
  FxMlirSplitDecision ofFunc;
  printf("decided: %s\n",
         result(fxMlirSplitDecide(func, 0, NULL, 0, NULL, kNewest, false, true,
                                  &ofFunc)));
  fxMlirSplitDecisionDestroy(ofFunc);
  mlirModuleDestroy(graph);

  // A vLLM release fx-mlir has no default list of.
  // CHECK-LABEL: unknown release
  // CHECK-NEXT: diagnostic: fxMlirSplitDecide: '0.29.0' is not a vLLM release
  // CHECK-SAME: whose rules fx-mlir knows (0.30.0, 0.31.0, 0.32.0, 0.33.0,
  // CHECK-SAME: 0.34.0)
  // CHECK-NEXT: decided: refused, null: 0
  printf("unknown release\n");
  MlirModule again =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kGraph));
  FxMlirSplitDecision unknown;
  MlirLogicalResult unknownDecided = fxMlirSplitDecide(
      mlirModuleGetOperation(again), 0, NULL, 0, NULL,
      mlirStringRefCreateFromCString("0.29.0"), false, true, &unknown);
  printf("decided: %s, null: %d\n", result(unknownDecided),
         fxMlirSplitDecisionIsNull(unknown));
  fxMlirSplitDecisionDestroy(unknown);
  mlirModuleDestroy(again);

  // CHECK-LABEL: no module
  // CHECK-NEXT: decided: refused, null: 1
  // CHECK-NEXT: null decision: 0 nodes, 0 refusals
  // CHECK-NEXT: no place for the decision: refused
  printf("no module\n");
  MlirOperation noModule = {NULL};
  FxMlirSplitDecision none;
  // Decided before the null check reads `none`: the order in which a call's
  // arguments are evaluated is unspecified.
  MlirLogicalResult noneDecided = fxMlirSplitDecide(
      noModule, 0, NULL, 0, NULL, kNewest, false, true, &none);
  printf("decided: %s, null: %d\n", result(noneDecided),
         fxMlirSplitDecisionIsNull(none));
  printf("null decision: %lld nodes, %lld refusals\n",
         (long long)fxMlirSplitDecisionGetNumNodes(none),
         (long long)fxMlirSplitDecisionGetNumRefusals(none));
  fxMlirSplitDecisionDestroy(none);
  printf("no place for the decision: %s\n",
         result(fxMlirSplitDecide(noModule, 0, NULL, 0, NULL, kNewest, false,
                                  true, NULL)));

  mlirContextDestroy(context);
  return 0;
}
