//===- Passes.td - FX dialect passes -----------------------*- tablegen -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_TRANSFORMS_PASSES_TD
#define FX_MLIR_DIALECT_FX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FXDecomposeSize : Pass<"fx-decompose-size"> {
  let summary = "Decompose dimless fx.size into per-dim values";
  let description = [{
    Rewrites every `x.size()` on a ranked tensor, that is every `fx.size`
    whose result is a `!fx.size`, into one value per dim: `fx.sym_size` for a
    symbolic dim, an `arith.constant` for a static one. The op is then
    replaced by an `fx.make_size` of those values, so each of its users keeps
    a valid operand; `fx.getitem` of the rebuilt size folds to the element
    under `canonicalize`.

    ```mlir
    %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
    ```

    becomes

    ```mlir
    %0 = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
    %c8 = arith.constant 8 : index
    %s = fx.make_size %0, %c8 : !fx.size<2>
    ```

    Size ops with a dim (`x.size(0)`, `x.size(-1)`, `x.size(d)`) are never
    touched: they already return a scalar that may be used anywhere, for
    example as the stop of a slice. The match is on the result type, so any
    op that returns a scalar is left alone. Unranked inputs are left alone
    too, since their dims are not known.

    The pass only decomposes: it does not fold, so static dims of size ops
    with a dim stay as they are until `canonicalize`, and it leaves every
    other op alone, dead or not. It hands the greedy driver just the
    `x.size()` ops to rewrite; the driver erases a dead one instead.
    `use-walk-driver` applies the pattern in one walk instead
    (`walkAndApplyPatterns`), which also decomposes dead sizes and skips
    unreachable blocks.

    `emit-remarks` makes the pass emit one remark per `fx.size` and
    `fx.sym_size`, at the op's location, saying what it did and why:
    `decomposed x.size() into [sym_size(0), 8]` (a `?` dim becomes
    `sym_size(d)`, a static one its value), `erased x.size(): it has no
    users`, or `left alone: ...` with the reason. `fx-import --check` builds
    its report from these remarks.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"useWalkDriver", "use-walk-driver", "bool", /*default=*/"false",
           "Apply the pattern in a single walk (walkAndApplyPatterns) "
           "instead of the greedy driver">,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Emit one remark per fx.size and fx.sym_size: decomposed, erased "
           "or left alone, and why">,
  ];
}

def FXSplitGraph : Pass<"fx-split-graph", "::mlir::ModuleOp"> {
  let summary = "Split each function into pieces at splitting ops, as vLLM's "
                "split_graph does";
  let description = [{
    Cuts every `func.func` that contains a splitting op into piece functions
    and a caller, following `split_graph` in vLLM's
    `vllm/compilation/backends.py` (piecewise compilation: the pieces between
    attention ops are compiled and captured as CUDA graphs, the attention
    pieces run eagerly) and torch.fx's `split_module`.

    **Splitting ops.** `splitting-ops` is a comma list of names; the default
    is vLLM's attention and KV-cache ops. A name `ns::op` matches an
    `fx.node "call_function"` whose target is the importer's spelling of that
    torch op, `torch.ops.ns.op`, with or without an overload suffix
    (`torch.ops.ns.op.default`); `ns::op.overload` matches that overload
    only. Any other name matches an `fx.node` whose target is exactly that
    name (a wrapped Python function, say) and any op whose MLIR name it is
    (`linalg.matmul`, `tensor.empty`).

    **Assignment**, in one walk over the function body in program order:

    * a splitting op starts a new piece; consecutive splitting ops share it
      (getitems of one in between do not separate them), and the next
      other op starts the next piece;
    * an op that only takes a value apart (`fx.getitem`, or an `fx.node` of
      `operator.getitem`) goes to the piece of the op that defines its
      operand, so no tuple or `torch.Size` is passed whole;
    * a non-splitting piece that holds nothing but one empty-tensor
      allocation (`torch.empty*`, `torch.ops.aten.empty*`,
      `torch.ops.aten.new_empty*`, the method `new_empty`, `tensor.empty`)
      joins the previous non-splitting piece when all its operands are
      defined at or before that piece;
    * pieces are numbered as vLLM numbers them: 0, splitting 1, 2,
      splitting 3, ...; a number whose piece is empty or merged is not used.

    Constants, `fx.slice` and `fx.make_size` belong to no piece: they are
    cheap and pure, and each piece that uses one gets its own copy.

    **Outlining.** Piece `n` of `@f` becomes the private function
    `@f_submod_n`, with the attributes `fx.piece = n`, `fx.splitting` (true
    for a splitting piece) and `fx.sym_shape_indices`, the positions of its
    `index` arguments (vLLM's `sym_shape_indices`). Its arguments are the
    values it uses and does not define, in order of first use; its results
    are the values it defines that a later piece or the return uses. `@f`
    becomes a flat sequence of `func.call`s, one per piece, in the original
    order: nothing is reordered, since splitting ops may write to buffers.
    `inline` followed by `canonicalize` gives back the original function,
    up to value names, except for the pure ops moved on purpose: a getitem
    now next to its producer, a merged allocation, the copies of constants,
    slices and size builds (which `cse` merges again).

    **What may cross a cut.** Only tensors and `index` values. Anything else
    is an error and the module is left unchanged. The error names the value,
    the op that defines it (whose location is its FX node name) and both
    pieces. A `torch.Size` (`!fx.size`) crossing is what broke vLLM's piece
    compilation (`output spec mismatch ... TreeSpec(Size, ...)`, on MoE
    models: `orig_shape = h.shape; h = moe(h); h.view(orig_shape)`): run
    `fx-decompose-size` first, so that only its `index` elements cross.

    **SymInts.** Where the function's arguments carry the importer's
    bindings (`fx.symbol = "s0"` on an `index` argument, `fx.dim_symbols`
    on a tensor argument), a piece that receives a tensor argument with a
    bound dim also receives the binding `index` argument, used or not, as
    torch's `split_module` passes SymInts. Pieces keep those argument
    attributes. Only arguments carry bindings: a piece that receives just
    a tensor computed by another piece gets the SymInt only if it uses it.
    An `index` computed before a cut (an `fx.sym_size`, `x.size(0)`)
    crosses it as a value; vLLM's newer `split_graph` recomputes `sym_size`
    in the consumer instead, which needs the tensor to cross.

    ```mlir
    func.func @f(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
      %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
      %1 = fx.node "call_function" "torch.ops.vllm.unified_attention.default"(%0)
          : (tensor<?x8xf32>) -> tensor<?x8xf32>
      %2 = fx.node "call_function" "torch.sigmoid"(%1) : (tensor<?x8xf32>) -> tensor<?x8xf32>
      return %2 : tensor<?x8xf32>
    }
    ```

    becomes a caller of `@f_submod_0` (relu), `@f_submod_1` (the attention,
    `fx.splitting = true`) and `@f_submod_2` (sigmoid).

    Functions without a splitting op, declarations and pieces made by an
    earlier run are left alone. A splitting op nested in a region cannot be
    cut out and is an error, as is a splitting op in a function of more than
    one block. `emit-remarks` reports, in FX node names, the nodes of each
    piece and the values that cross each cut.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let options = [
    ListOption<"splittingOps", "splitting-ops", "std::string",
               "Names of the ops to split at (default: vLLM's attention and "
               "KV-cache ops)",
               "llvm::cl::list_init<std::string>({"
               "\"vllm::unified_attention\", "
               "\"vllm::unified_attention_with_output\", "
               "\"vllm::unified_mla_attention_with_output\", "
               "\"vllm::mamba_mixer2\", "
               "\"vllm::unified_kv_cache_update\", "
               "\"vllm::unified_mla_kv_cache_update\"})">,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Report each piece and what crosses each cut as remarks">,
  ];
}

#endif // FX_MLIR_DIALECT_FX_TRANSFORMS_PASSES_TD
