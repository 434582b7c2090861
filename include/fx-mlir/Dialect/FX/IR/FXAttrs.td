//===- FXAttrs.td - FX dialect attributes ------------------*- tablegen -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXATTRS_TD
#define FX_MLIR_DIALECT_FX_IR_FXATTRS_TD

include "fx-mlir/Dialect/FX/IR/FXBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def FX_NodeKind : I32Enum<"NodeKind", "the opcode of a torch.fx node", [
    I32EnumCase<"CallFunction", 0, "call_function">,
    I32EnumCase<"CallMethod", 1, "call_method">,
    I32EnumCase<"CallModule", 2, "call_module">,
    I32EnumCase<"GetAttr", 3, "get_attr">
  ]> {
  let cppNamespace = "::mlir::fx";
  let description = [{
    The `op` of a torch.fx node that an `fx.node` stands for. Placeholders
    and outputs are function arguments and `func.return`, so they are not
    kinds of `fx.node`.
  }];
}

// In an op's custom form the kind is a bare keyword (`call_function`); the
// quoted form (`"call_function"`) parses too. Alone it is
// `#fx<node_kind call_function>`.
def FX_NodeKindAttr : EnumAttr<FX_Dialect, FX_NodeKind, "node_kind">;

#endif // FX_MLIR_DIALECT_FX_IR_FXATTRS_TD
