//===- FXTypes.td - FX dialect types -----------------------*- tablegen -*-===//
//
// This file is licensed under the Apache License v2.0 with LLVM Exceptions.
// See the LICENSE file at the root of fx-mlir for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef FX_MLIR_DIALECT_FX_IR_FXTYPES_TD
#define FX_MLIR_DIALECT_FX_IR_FXTYPES_TD

include "fx-mlir/Dialect/FX/IR/FXBase.td"
include "mlir/IR/AttrTypeBase.td"

class FX_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<FX_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def FX_SizeType : FX_Type<"Size", "size"> {
  let summary = "a torch.Size of known length";
  let description = [{
    The tuple returned by the dimless `x.size()`: one `index` per dim of the
    tensor. The parameter is the number of elements, which is the rank of the
    tensor it was taken from.

    ```mlir
    !fx.size<2>   // x.size() of a tensor<?x8xf32>
    !fx.size<0>   // x.size() of a 0-d tensor: torch.Size([])
    ```
  }];
  let parameters = (ins "int64_t":$rank);
  let assemblyFormat = "`<` $rank `>`";
  let genVerifyDecl = 1;
}

def FX_SliceType : FX_Type<"Slice", "slice"> {
  let summary = "a Python slice object";
  let description = [{
    The value of `slice(start, stop, step)`, as built by `a[start:stop:step]`.
  }];
}

#endif // FX_MLIR_DIALECT_FX_IR_FXTYPES_TD
