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

    `placement=after-producer` puts the per-dim values right after the
    tensor's producer (the function's start for an argument), as vLLM's
    `_decompose_size_nodes` inserts its `sym_size` nodes
    (`inserting_after(tensor_node)`, `vllm/compilation/backends.py:533` of
    vLLM 0.34.0), instead of where the `x.size()` was; fx-split-graph then computes them in the producer's
    piece and they cross as `index` values. Ops the pass creates are located
    at `fused<"fx-decompose-size">[<the size op's location>]`.

    `emit-remarks` makes the pass emit one remark per `fx.size` and
    `fx.sym_size`, at the op's location, saying what it did and why:
    `decomposed x.size() into [sym_size(0), 8]` (a `?` dim becomes
    `sym_size(d)`, a static one its value), `erased x.size(): it has no
    users`, or `left alone: ...` with the reason. `report-file` appends the
    same, one JSON object per op (`node`, `action`: `decomposed`, `erased`
    or `left-alone`, `reason`: `with-dim`, `sym-size` or `unranked`, and
    the `dims` of a decomposed size, -1 for a symbolic one), for people who
    run fx-opt.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"useWalkDriver", "use-walk-driver", "bool", /*default=*/"false",
           "Apply the pattern in a single walk (walkAndApplyPatterns) "
           "instead of the greedy driver">,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Emit one remark per fx.size and fx.sym_size: decomposed, erased "
           "or left alone, and why">,
    Option<"reportFile", "report-file", "std::string", /*default=*/"\"\"",
           "Append what emit-remarks says, one JSON object per line, to "
           "this file">,
    Option<"placement", "placement", "std::string",
           /*default=*/"\"in-place\"",
           "Where the per-dim values go: in-place (where the x.size() was) "
           "or after-producer (right after the tensor's producer, as vLLM's "
           "_decompose_size_nodes puts them)">,
  ];
}

def FXSplitGraph : Pass<"fx-split-graph", "::mlir::ModuleOp"> {
  let summary = "Split each function into pieces at splitting ops, as vLLM's "
                "split_graph does";
  let description = [{
    Cuts every `func.func` that contains a splitting op into piece functions
    and a caller, rule for rule as vLLM's `split_graph`
    (`vllm/compilation/backends.py`) and torch.fx's `split_module` cut a
    Dynamo graph for piecewise compilation: the pieces between attention
    ops are compiled and captured as CUDA graphs, the splitting pieces run
    eagerly. It checks what vLLM does not: only tensors and scalars cross a
    cut.

    Sources. The rules are vLLM 0.34.0's: `split_graph` (lines 580-635),
    `_decompose_size_nodes` (506-577) and `_merge_empty_only_subgraphs`
    (466-503) in `vllm/compilation/backends.py`, `should_split` in
    `vllm/compilation/partition_rules.py` (14-36), the default list in
    `vllm/config/compilation.py` (925-947, 1321-1372); and torch 2.13.0's
    `split_module` (`torch/fx/passes/split_module.py`). The Sources table
    of docs/DesignNotes.md lists each source once.

    **FX nodes.** The pass works on the graph's FX nodes, which it knows from
    the importer: each op's location is its node's name (ops of one node are
    one node); `fx.folded` on the function lists the getitems the importer
    folded into results (`[name, input, result, after]`) and
    `fx.placeholders` the placeholders among the nodes; ops
    `fx-decompose-size` made are new nodes, and the `torch.Size` they
    replace and its getitems are gone, as after vLLM's decomposition.

    **Splitting ops.** `splitting-ops` is a comma list; the default is the
    list of vLLM `vllm-release` (0.30.0 to 0.34.0; 0.34.0 unless given):
    its attention ops and 2 KV-cache updates, in its order (`_attention_ops`
    and `set_splitting_ops_for_v1` in `vllm/config/compilation.py`), 21 ops
    in 0.34.0, 19 in 0.32.0 and 0.33.0 (no `zaya_cca`, no
    `step5_csa_attention`), 18 in 0.30.0 and 0.31.0 (nor
    `qwen4_exp_qsa_prepare_with_output`); the releases' lines are in
    `SplitRules.cpp`. The rest of the rules is the same text in these
    releases. `splitting-ops={}` is none, and every function is one piece. A node splits exactly when vLLM's
    `should_split` (`vllm/compilation/partition_rules.py:14-36`) says so:
    only `call_function` nodes whose target is a torch op, by exact
    membership of the op's names in the list. A packet `torch.ops.ns.op` is
    named `ns::op`; an overload `torch.ops.ns.op.ovl`, by its
    `OpOverload.name()` (`ns::op` for `.default`, `ns::op.ovl` otherwise:
    `torch/_ops.py:826-828` of torch 2.13.0) and by that name followed by `.ovl`. So `ns::op` matches the packet and
    `.default` only, `aten::add.Tensor` matches `aten.add.Tensor`, and no
    `call_method`, `call_module` or Python function (`torch.relu`) ever
    splits. The node is an `fx.node`, or a node the importer modeled with
    other ops (`aten.view` as `fx.view`, `aten.slice.Tensor` as
    `fx.slice_tensor`, `aten.sym_size.int` as `fx.sym_size`): `fx.targets`
    on the function gives its target by node name. A dim
    `fx-decompose-size` made is vLLM's new `aten.sym_size.int` node.

    `match-fx-targets`, an fx-mlir extension that vLLM does not have, also
    splits at an `fx.node` of any kind whose target is a name of the list
    (`torch.nn.functional.scaled_dot_product_attention`, a method `view`)
    and at any op whose MLIR name is one (`linalg.matmul`).

    **Assignment**, one walk over the nodes in program order, as vLLM's:

    * a getitem whose input is not a placeholder (`fx.getitem`, an
      `operator.getitem` node, a folded getitem, and `fx.slice_tensor`,
      tensor slicing `x[:n]`) takes its input's piece; here only when that
      piece also has its other operands, else it stays where it is;
    * a splitting node takes the next id, and the node after it the one
      after that, unless the very next node splits too: two splitting ops
      share a piece only when adjacent, and a getitem between them keeps
      them apart, as does a placeholder (`fx.placeholders` on the function
      lists those that come after a node in graph order, each `[name,
      after]`), which is in no piece but is the next node
      (`vllm/compilation/backends.py:590, 612`);
    * a piece of one empty allocation (the method `new_empty`,
      `torch.empty`, `torch.empty_like`, `torch.empty_strided`, aten ops
      named `aten::empty*`, `aten::new_empty*`, and `tensor.empty`) joins
      the latest non-splitting piece before it when its operands are
      placeholders or come from that piece or earlier;
    * pieces are numbered as vLLM numbers them, 0, splitting 1, 2, ...; an
      id without nodes has no piece.

    Constants, `fx.slice`, `fx.make_size` and its getitems belong to no
    piece: each piece that uses one gets a copy.

    **Outlining.** Piece `n` of `@f` becomes the private function
    `@f_submod_n` (vLLM's `submod_n`), with `fx.piece = n`, `fx.splitting`
    and `fx.sym_shape_indices`, the positions of its `index` arguments.
    Its arguments are the values it uses and does not define in order of
    first use; its results, the values later pieces or the return use, in
    order of first later use, as `split_module` orders them. `@f` becomes a
    flat sequence of calls; nothing is reordered, since splitting ops write
    to buffers.

    **SymInts.** Like torch 2.13.0's `split_module`
    (`record_cross_partition_use`, `torch/fx/passes/split_module.py:216-262`),
    a piece that receives a value whose type mentions a SymInt receives that
    SymInt's function argument (`fx.symbol`) right after it. Arguments say which SymInts
    their dims are (`fx.dim_symbols`); other values, the importer's
    `fx.symbols` on the function (node name to, per result, the SymInt
    expression of each dim); a `fx.sym_size` mentions its dim's.

    **What may cross a cut.** Only tensors and scalars (`index` for an int
    or SymInt, `i1`, `f64`): vLLM passes a float, such as an attention scale
    read back with `.item()`, to the next piece as it does a SymInt.
    Anything else is an error and the module is left unchanged; the error
    names the value (its FX node), the op that defines it and both pieces.
    A `torch.Size` crossing broke vLLM's piece compilation on MoE models
    (`orig_shape = h.shape; h = moe(h); h.view(orig_shape)`, as
    vllm-project/vllm#36038 describes): run `fx-decompose-size` first.

    ```mlir
    func.func @f(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
      %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
      %1 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output.default"(%0)
          : (tensor<?x8xf32>) -> tensor<?x8xf32>
      %2 = fx.node "call_function" "torch.sigmoid"(%1) : (tensor<?x8xf32>) -> tensor<?x8xf32>
      return %2 : tensor<?x8xf32>
    }
    ```

    becomes a caller of `@f_submod_0` (relu), `@f_submod_1` (the attention,
    `fx.splitting = true`) and `@f_submod_2` (sigmoid).

    **Reports.** The pass decides before it rewrites: which piece each FX
    node goes to, the sizes decomposed, what each piece receives and returns
    and what crosses each cut, or what may not cross. `map-file` prints that
    decision as JSON, for people who run fx-opt: every FX node's piece (by
    node name; a new dim by its size node and dim), each piece under vLLM's
    name with its nodes, inputs, outputs and `sym_shape_indices`, what
    crosses each cut, and the errors. `emit-remarks` says the same as
    remarks. `fx_mlir_import.split_graph` and `fx-import --check` read no
    file: they take the same decision as values through the C API
    (`fx-mlir-c/Split.h`).

    Functions without a splitting op, declarations and pieces of an earlier
    run are left alone. A splitting op nested in a region, or in a function
    of more than one block, is an error.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let options = [
    ListOption<"splittingOps", "splitting-ops", "std::string",
               "Names of the ops to split at (default: the attention and "
               "KV-cache ops of vLLM `vllm-release`)">,
    Option<"vllmRelease", "vllm-release", "std::string",
           /*default=*/"\"0.34.0\"",
           "The vLLM release whose default splitting ops apply when "
           "`splitting-ops` is not given (0.30.0 to 0.34.0)">,
    Option<"matchFxTargets", "match-fx-targets", "bool", /*default=*/"false",
           "Also split at fx.node targets of any kind and MLIR op names of "
           "the list (an fx-mlir extension)">,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Report each piece and what crosses each cut as remarks">,
    Option<"mapFile", "map-file", "std::string", /*default=*/"\"\"",
           "Write the node -> piece map, each piece's inputs and outputs and "
           "what may not cross, as JSON, to this file">,
  ];
}

#endif // FX_MLIR_DIALECT_FX_TRANSFORMS_PASSES_TD
