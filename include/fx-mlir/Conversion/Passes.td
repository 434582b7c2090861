//===- Passes.td - FX conversion passes --------------------*- tablegen -*-===//

#ifndef FX_MLIR_CONVERSION_PASSES_TD
#define FX_MLIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertFXToTensor : Pass<"convert-fx-to-tensor", "::mlir::ModuleOp"> {
  let summary = "Lower the fx dialect to the tensor and arith dialects";
  let description = [{
    Lowers every fx op to upstream dialects, with the dialect conversion
    framework:

    * `fx.size` with a dim and `fx.sym_size` become `tensor.dim`, negative
      dims normalised (with `tensor.rank` on an unranked tensor);
    * a `!fx.size<N>` becomes its N `index` elements (a 1:N type conversion,
      function signatures included): `fx.size` without a dim becomes one
      value per dim, `fx.make_size` its operands, `fx.getitem` the element;
    * a `!fx.slice` becomes its start, stop and step (`none` is 0, the end
      of the dim, and 1), and `fx.slice_tensor` a `tensor.extract_slice`
      along dim 0, with start and stop clamped as Python clamps them;
    * `fx.view` becomes `tensor.reshape` of `tensor.from_elements` of the
      size.

    A slice with a step that is not `none` or a positive constant (Python's
    negative steps reverse, which `tensor.extract_slice` cannot express), a
    slice of an unranked tensor, a view to an unranked tensor or with a
    negative constant in its size (torch's inferred `-1`), an opaque `fx.node`
    and a `!fx.size` of more than 65536 elements cannot be lowered: the pass
    reports each such op and fails without changing the IR. A size whose -1
    is known only at run time is not inferred.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // FX_MLIR_CONVERSION_PASSES_TD
