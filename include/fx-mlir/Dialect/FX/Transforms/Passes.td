//===- Passes.td - FX dialect passes -----------------------*- tablegen -*-===//

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

#endif // FX_MLIR_DIALECT_FX_TRANSFORMS_PASSES_TD
