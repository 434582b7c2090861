//===- Passes.td - FX conversion passes --------------------*- tablegen -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_CONVERSION_PASSES_TD
#define FX_MLIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertFXToTensor : Pass<"convert-fx-to-tensor", "::mlir::ModuleOp"> {
  let summary = "Lower the fx dialect to the tensor and arith dialects";
  let description = [{
    Lowers every fx op to upstream dialects, with the dialect conversion
    framework. Once it has checked that it can lower the module, it first
    rewrites `fx.size` with a constant dim to the canonical form of "size of
    dim d", `fx.sym_size`. A `fx.getitem` of a dimless `fx.size` stays: it
    lowers with its size, whose dims are read where the size is, in order,
    as after `fx-decompose-size`. Then:

    * `fx.sym_size` and `fx.size` with a dim operand become `tensor.dim`,
      negative dims normalised (with `tensor.rank` on an unranked tensor);
    * a `!fx.size<N>` becomes its N `index` elements (a 1:N type conversion,
      function signatures, declarations, `func.call_indirect` and the
      function types of `func.constant`, `scf` and `cf` control flow
      included): `fx.size` without a dim becomes one value per dim,
      `fx.make_size` its operands, `fx.getitem` the element;
    * a `!fx.slice` becomes its start, stop and step (`none` is 0, the end
      of the dim, and 1), and `fx.slice_tensor` a `tensor.extract_slice`
      along dim 0, with start and stop clamped as Python clamps them (a
      `tensor.empty` when the input has a static 0 dim), whose sizes are
      the result type's static dims once they are checked;
    * `fx.view` becomes `tensor.reshape` of `tensor.from_elements` of the
      size, with a `-1` inferred at run time as torch's `infer_size` does:
      the element count divided by the product of the other elements. To a
      static result type, a dynamic input is reshaped through a
      `tensor.cast` to an unranked tensor, so that no folding of its source
      gives the reshape a static input of another element count (invalid
      IR, where the element count check stops the program first).

    A lowered program computes what torch 2.13.0 computes, or stops where
    torch raises, with torch's message; the exceptions are listed under
    "Where torch's int64 arithmetic is not copied" below.

    #### Run-time checks

    What torch checks at run time and the types cannot prove becomes a
    check whose message is torch 2.13.0's, the same
    text, with the numbers torch prints. With `message-values`, as
    `fx-to-llvm` runs it, a check is an `fx.assert` whose format's `{}`
    stand for run-time values, printed when it fails. Without it, a check
    is a `cf.assert` for upstream's lowerings, whose static text has each
    value that is a constant in place and `?` for the others. A check that
    folds to true is not emitted, and `canonicalize` erases those it proves
    later (and writes constant values into an `fx.assert`'s text). The
    checks run in torch's order, so the first that fails is torch's error.
    In that order, with `<d>` for a value printed at run time and the torch
    source that raises it:

    | check | message | torch 2.13.0 |
    |---|---|---|
    | `x.size(d)`, `fx.sym_size`: unranked `x` of run-time rank 0 | `Dimension specified as <d> but tensor has no dimensions` | `c10/core/WrapDimMinimal.cpp` |
    | `x.size(d)` with a run-time `d`: rank-0 `x` (always fails) | `Dimension specified as <d> but tensor has no dimensions` | `c10/core/WrapDimMinimal.cpp` |
    | `x.size(d)` with a run-time `d`, or unranked `x` | `Dimension out of range (expected to be in range of [<-rank>, <rank-1>], but got <d>)` | `c10/core/WrapDimMinimal.cpp` |
    | `fx.view`: a second `-1` | `only one dimension can be inferred` | `aten/src/ATen/InferSize.h` |
    | `fx.view`: element `i` below -1 | `invalid shape dimension <element> at index i of shape [<e0>, <e1>, ...]` | `aten/src/ATen/InferSize.h` |
    | `fx.view`: element count | `shape '[<e0>, <e1>, ...]' is invalid for input of size <numel>` | `aten/src/ATen/InferSize.h` |
    | `fx.view`: `-1` with a zero product of the others | `cannot reshape tensor of 0 elements into shape [<e0>, <e1>, ...] because the unspecified dimension size -1 can be any value and is ambiguous` | `aten/src/ATen/InferSize.h` |
    | `fx.view`: the input's strides allow no view as the size (see "Strides"), or, of a contiguous input, sizes whose product overflows, walked from the last without meeting the element count (never for 0 elements or a 0-d input) | `view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.` | `aten/src/ATen/TensorUtils.cpp` (`computeStride`) |
    | `fx.view`: a stride of the view, but the last, wraps below 0 (with 0 elements, the product of the later sizes, a 0 counted as 1) | `Stride calculation overflowed` | `c10/core/TensorImpl.h` (`set_sizes_and_strides`) |
    | `fx.view`: sizes whose product overflows | `numel: integer multiplication overflow` | `c10/core/TensorImpl.h` (`safe_compute_numel`) |
    | `fx.slice_tensor`: step 0 | `slice step cannot be zero` | `torch/csrc/autograd/python_variable_indexing.h` |
    | `fx.slice_tensor`: step below 0 | `step must be greater than zero` | `aten/src/ATen/TensorIndexing.h` |

    The shape in a view's messages is the size as given, `-1` included, as
    torch prints it: `shape '[-1, 4]' is invalid for input of size 6`,
    `invalid shape dimension -101 at index 2 of shape [6, 2, -101]`. The
    index `i` is static, part of the text. As in torch's `infer_size`, the
    product of the elements wraps; the two overflow checks come after it.

    The program's own types make claims that torch, having no such types,
    never checks. Where the types cannot prove them, they are checked too,
    with the project's messages (`N`, `i` and the type `T` are static):

    | claim | message |
    |---|---|
    | `x.size()` of unranked `x` as `!fx.size<N>` | `x.size() of a tensor whose rank is <rank>, not N, the length of '!fx.size<N>'` |
    | `fx.slice_tensor`: static result dim `i` | `dim i of the slice is <extent>, not N, as the result type T says` |
    | `fx.view`: static result dim `i` | `view: dim i of shape '[<e0>, ...]' is <extent>, not N, as the result type T says` |

    An `fx.getitem` index out of range, torch's `tuple index out of range`,
    is a verifier error: the index is a constant and the length of a
    `!fx.size<N>` is static. It happens at run time only where a dimless
    size of an unranked tensor claims another rank, which the rank check
    above stops first.

    #### Strides

    torch views a tensor only where its strides allow: `computeStride`
    (`aten/src/ATen/TensorUtils.cpp`) splits the input's dims into chunks
    contiguous in memory and fits the new sizes to each chunk.
    `torch.arange(12).view(4, 3)[::2].view(-1, 2)` raises; at one row,
    `torch.arange(6).view(2, 3)[::2].view(-1, 3)` does not. A lowered
    tensor has value semantics, so its elements are torch's; what it lacks
    is the strides, and the lowering carries them at run time: each ranked
    tensor without an encoding becomes the tensor and one `index` stride per
    dim (a 1:N conversion, as for `!fx.size`). They travel wherever the
    tensor does: function signatures (a function's arguments and results
    are followed by their strides, declarations and function values
    included), `func.call`, `func.call_indirect`, `scf.for`, `scf.if`,
    `scf.while`, `cf` branches, `arith.select` of one condition and
    `tensor.cast`. Recursion, callees with several blocks and unknown
    function values need nothing more. Then:

    * `fx.slice_tensor` multiplies the stride of dim 0 by the step, wrapping
      as torch does, and keeps the others;
    * `fx.view` computes its strides with `computeStride` on the strides it
      is given, exactly: a 0-d input gives strides 1; with 0 elements, the
      input's strides if the shape is the input's, else the product of the
      later sizes (a 0 counted as 1); a size-1 dim ends no chunk;
    * a tensor that another op makes is new, contiguous: its strides are
      the products of the later dims, as torch makes a new tensor;
    * an unranked tensor, or one with an encoding, carries no strides: a
      cast to it leaves them behind, and it is contiguous.

    Where the layout is known while lowering (every stride of the view's
    input a constant, as a new tensor's of static shape are), the stride
    arithmetic and the checks are built in place and fold; it is never
    needed to be right. Where a stride is known only at run time, the view
    calls a private function instead, `__fx_view_strides_<n>_<m>` for an
    input of rank `n` and a view of rank `m`, which takes the input's sizes,
    its strides, its element count and the view's extents, runs
    `computeStride` and the view's three stride checks below (whose messages
    have no run-time values), and returns the view's strides. The pass
    defines each such function once per symbol table, after the functions,
    where a view calls it; a module that has one already (lowered in parts)
    keeps it, and a symbol of such a name that is not this function fails
    the pass before it changes anything. Like any private function, the
    helpers are inlined by `inline` and erased by `symbol-dce` once unused.

    A slice with a step checks what torch's `as_strided` checks of the
    stride it makes, in torch's order:

    | check | message | torch 2.13.0 |
    |---|---|---|
    | the stride of dim 0 times the step is below -2^62 | `IntArrayRef contains an int that cannot be represented as a SymInt: <stride>` | `c10/core/SymIntArrayRef.h` |
    | that stride is negative | `as_strided: Negative strides are not supported at the moment, got strides: [<s0>, <s1>, ...]` | `ATen/native/Resize.h` |

    #### Where torch's int64 arithmetic is not copied

    torch 2.13.0 computes some sizes with int64 arithmetic that wraps past
    2^63 - 1. Where that wrap is the error torch checks for (the product
    of a view's sizes, its strides), the lowering wraps the same way and
    raises torch's message at the same point. Where the wrap gives a
    result torch does not mean, the lowering computes Python's rule
    instead, deliberately:

    * the rows of a slice with a step near 2^63: torch computes
      `(stop - start + step - 1) / step`, whose sum wraps.
      `torch.arange(5)[::2**63-1]` has 0 rows in torch and 1, `[0]`, in the
      lowered program, as in Python's `list(range(5))[::2**63-1]`;
      `torch.arange(5)[2::2**63-2]` raises `Storage size calculation
      overflowed with sizes=[-1] and strides=[9223372036854775806]` in torch
      and gives `[2]` in the lowered program;
    * the storage and its offset are not modelled, only the strides: torch's
      storage bounds check after a slice (`Storage size calculation
      overflowed ...`, `setStorage: ... out of bounds ...`) and its check of
      the storage offset (`Tensor: invalid storage offset <offset>`) are not
      copied. A slice of clamped bounds of a tensor within its storage
      stays within it; only an int64 wrap reaches them: the offset of
      `torch.arange(24)[21::2**63-8][21::2**63-8]`, 21 plus 1 times the
      stride, wraps below 0.

    #### What cannot be lowered

    A slice of an unranked tensor, a view to an unranked tensor, an opaque
    `fx.node`, a `!fx.size` of more than 65536 elements (in a result, a
    block argument or a function signature) and an fx op of a graph region
    that depends on its own result through a cycle cannot be lowered. Nor
    can an op that would pass a tensor on without its strides: one with
    regions whose tensor results may be its regions' (`scf.execute_region`,
    `scf.index_switch`: only `scf.for`, `scf.if` and `scf.while` carry
    them), a call other than `func.call` and `func.call_indirect`, a branch
    other than `cf.br`, `cf.cond_br` and `cf.switch`. None is a torch
    program. The pass reports each such op and fails without changing the
    IR. A negative step,
    which reverses in Python but not in `tensor.extract_slice`, is an error
    in torch too, so it fails the run-time check.
  }];
  let options = [
    Option<"messageValues", "message-values", "bool", /*default=*/"false",
           "Emit each check as `fx.assert`, whose message prints the "
           "run-time values, for `fx-lower-assert-to-llvm`; without it, as "
           "`cf.assert` with the message's static text">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FXLowerAssertToLLVM : Pass<"fx-lower-assert-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower fx.assert and cf.assert to a message on stderr and exit status 1";
  let description = [{
    Rewrites each `fx.assert` and `cf.assert` in a function body into a
    branch to a block that flushes stdout, prints the message and a newline
    to stderr with `dprintf` (an `fx.assert`'s values as 64-bit integers in
    place of its `{}`) and calls `_exit(1)`, with LLVM dialect calls to
    libc, as a Python script stops on an uncaught exception. It is part of
    the `fx-to-llvm` pipeline, before `convert-cf-to-llvm`.

    Upstream's `convert-cf-to-llvm` lowers an assert to `puts` and `abort`:
    when stdout is a pipe the message stays in the stdio buffer and is lost,
    and `mlir-runner` reports a crash with a stack dump. Here the message
    reaches stderr, the output printed before it is kept, and the runner
    exits with status 1, so `not mlir-runner ... 2>&1 | FileCheck` checks it.

    A check in a region of a structured op (`scf.for`, ...) is reported:
    run `convert-scf-to-cf` first.

    #### The `fx-to-llvm` pipeline

    `fx-opt --fx-to-llvm` (or `--pass-pipeline='builtin.module(fx-to-llvm)'`
    with the plugin) takes fx IR to the LLVM dialect, ready for
    `mlir-runner`: `convert-fx-to-tensor{message-values}`, `canonicalize` (without
    LLVM 22's `ForOpTensorCastFolder`, which miscompiles a loop that slices
    its tensor), `cse`, `fx-bufferize-function-values`, `one-shot-bufferize`
    of function boundaries with identity layouts (loops may yield new
    buffers), `fx-copy-strided-casts` (LLVM 22's bufferization casts where
    it must copy; see DesignNotes),
    `convert-scf-to-cf`, this pass, `expand-strided-metadata`,
    `lower-affine`, `finalize-memref-to-llvm`, `convert-arith-to-llvm`,
    `convert-index-to-llvm`, `convert-cf-to-llvm`, `convert-func-to-llvm`
    and `reconcile-unrealized-casts`. Buffers are not freed.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
}

def FXBufferizeFunctionValues
    : Pass<"fx-bufferize-function-values", "::mlir::ModuleOp"> {
  let summary = "Give function values of tensors the signature of buffers "
                "that one-shot-bufferize gives functions, before it runs";
  let description = [{
    LLVM 22's `one-shot-bufferize` converts the signatures of functions,
    their calls and returns, but not the type of a function value (a
    `func.constant`, a function argument) nor a `func.call_indirect`: it
    stops at the first such call with "op was not bufferized". This pass
    runs before it, in `fx-to-llvm`, and gives every function value of
    tensors the signature that bufferization gives functions at their
    boundaries with identity layouts (`memref<?x4xf32>` for
    `tensor<?x4xf32>`, `memref<*xf32>` for `tensor<*xf32>`):

    * a `func.constant @f` refers to a new private wrapper `@f_buffers` of
      that signature, which takes each buffer as a tensor, calls `@f`, and
      copies each tensor result into a new buffer;
    * a `func.call_indirect` copies each ranked tensor operand into a new
      buffer of the identity layout (whatever layout its own buffer has;
      the callee owns the copy), passes an unranked one as it is, read-only,
      and takes each buffer result back as a tensor;
    * function arguments and results, block arguments (`scf`, `cf`),
      `func.call`, `func.return` and `arith.select` of such values take the
      new type.

    A module without such a value is left as it is. Another op that takes
    or makes such a value fails the pass.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def FXCopyStridedCasts : Pass<"fx-copy-strided-casts", "::mlir::ModuleOp"> {
  let summary = "Copy a strided buffer that bufferization casts to the "
                "identity layout or to an unranked memref";
  let description = [{
    Replaces each `memref.cast` of a buffer of a non-identity layout to a
    buffer of the identity layout, or to an unranked memref, by a copy into
    a new buffer of the identity layout (`memref.alloc` and `memref.copy`,
    then a cast of the copy to the unranked type where the result is
    unranked). It runs in `fx-to-llvm` right after `one-shot-bufferize`.

    LLVM 22's `one-shot-bufferize` casts a buffer of layout
    `strided<[?, 1]>` to `memref<?x?xT>` at a function boundary with
    identity layouts, as if the dynamic stride were the identity one:
    returning `tensor.extract_slice %m[0, 0] [%n, %k] [%step, 1]` gives the
    rows of step 1. And it reshapes an unranked memref in place, as if it
    had the identity layout, which LLVM 22's `memref.reshape` lowering reads
    without its offset: `t.view(6, 1)[2:].view(4)` gave the first 4
    elements. A copy has the same elements wherever such a cast was right.
    Buffers are not freed, as in the rest of `fx-to-llvm`.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // FX_MLIR_CONVERSION_PASSES_TD
