# Values the fx dialect does not model (dtype, device, layout, memory format,
# None, bool, float, str, and containers of them) stay whole in the args of
# opaque nodes; tuple and dict outputs holding them are recorded.
# REQUIRES: torch
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: fx-opt %t.mlir --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS

import operator

import torch
import torch.fx

from fx_mlir_import import import_module


class Attributes(torch.nn.Module):
    def forward(self, x):
        y = x.to(x.dtype).to(x.device)
        z = x.new_zeros(x.shape, dtype=x.dtype, device=x.device, layout=x.layout)
        w = y.contiguous(memory_format=torch.contiguous_format)
        return y + z + w, x.is_floating_point(), x.dtype


# The dtype and the device are results of no value: their getattr nodes stay,
# and their users carry them in args.
# CHECK-LABEL: func.func @attributes(
# CHECK-SAME: -> (tensor<?x8xf32>, i1) attributes {fx.outputs = "(%0, %1, torch.float32)"}
# CHECK: fx.node "call_function" "builtins.getattr"(%x) {args = "(%0, 'dtype')"} : (tensor<?x8xf32>) -> () loc("getattr_1")
# CHECK: %to = fx.node "call_method" "to"(%x) {args = "(%0, torch.float32)"}
# CHECK: %to_1 = fx.node "call_method" "to"(%to) {args = "(%0, device(type='cpu'))"}
# CHECK: %[[S:.*]] = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("getattr_3")
# CHECK: %new_zeros = fx.node "call_method" "new_zeros"(%x, %[[S]]) {args = "(%0, %1), **{'dtype': torch.float32, 'device': device(type='cpu'), 'layout': torch.strided}"} : (tensor<?x8xf32>, !fx.size<2>) -> (tensor<?x8xf32>)
# CHECK: %contiguous = fx.node "call_method" "contiguous"(%to_1) {args = "(%0,), **{'memory_format': torch.contiguous_format}"}
# CHECK: %is_floating_point = fx.node "call_method" "is_floating_point"(%x) {args = "(%0,)"} : (tensor<?x8xf32>) -> (i1)
# CHECK: return %add_1, %is_floating_point : tensor<?x8xf32>, i1 loc("output")
print(import_module(Attributes(), (torch.randn(4, 8),), {"x": {0}}, func_name="attributes"))


class Literals(torch.nn.Module):
    def forward(self, x):
        y = torch.nn.functional.dropout(x, 0.5, False, False)
        y = torch.clamp(y, min=None, max=1.5)
        y = torch.nn.functional.pad(y, [1, 1], "constant", 0.0)
        return torch.einsum("ij->ji", y), {"out": y, "aux": None, "n": (1, "a", True)}


# A dict output holding None and constants: recorded, not rejected. torch 2's
# symbolic_trace passes pad's mode and value as keywords.
# CHECK-LABEL: func.func @literals(
# CHECK-SAME: attributes {fx.outputs = "(%0, {'out': %1, 'aux': None, 'n': (1, 'a', True)})"}
# CHECK: fx.node "call_function" "torch.nn.functional.dropout"(%x) {args = "(%0,), **{'p': 0.5, 'training': False, 'inplace': False}"}
# CHECK: fx.node "call_function" "torch.clamp"(%dropout) {args = "(%0,), **{'min': None, 'max': 1.5}"}
# CHECK: fx.node "call_function" "torch.nn.functional.pad"(%clamp) {args = "(%0, [1, 1]), **{'mode': 'constant', 'value': 0.0}"}
# CHECK: fx.node "call_function" "torch.einsum"(%pad) {args = "('ij->ji', %0)"}
print(import_module(Literals(), (torch.randn(4, 8),), {"x": {0}}, func_name="literals"))


class Attention(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = torch.nn.MultiheadAttention(16, 2, batch_first=True)

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False)


# nn.MultiheadAttention(need_weights=False) returns (out, None).
# CHECK-LABEL: func.func @attention(
# CHECK-SAME: -> (tensor<?x5x16xf32>) attributes {fx.outputs = "(%0, None)"}
# CHECK: %attn.0 = fx.node "call_module" "attn"(%x, %x, %x) {args = "(%0, %1, %2), **{'need_weights': False}"} : (tensor<?x5x16xf32>, tensor<?x5x16xf32>, tensor<?x5x16xf32>) -> (tensor<?x5x16xf32>)
# CHECK: return %attn.0 : tensor<?x5x16xf32>
print(import_module(Attention(), (torch.randn(2, 5, 16),), {"x": {0}}, func_name="attention"))


def tuple_user():
    """torch.cat(x.split(2, 1)): symbolic_trace cannot write it, so by hand."""
    g = torch.fx.Graph()
    x = g.placeholder("x")
    parts = g.call_method("split", (x, 2), {"dim": 1})
    cat = g.call_function(torch.cat, (parts,), {"dim": 1})
    second = g.call_function(operator.getitem, (parts, 1))
    g.output((cat, second))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# A tuple used whole: each element is an operand.
# CHECK-LABEL: func.func @tuple_user(
# CHECK: %split.0, %split.1 = fx.node "call_method" "split"(%x)
# CHECK: %cat = fx.node "call_function" "torch.cat"(%split.0, %split.1) {args = "((%0, %1),), **{'dim': 1}"}
# CHECK: return %cat, %split.1
print(import_module(tuple_user(), (torch.randn(4, 4),), {"x": {0}}, func_name="tuple_user"))

# The pipeline leaves every opaque node in place.
# PASS-LABEL: func.func @attributes(
# PASS: fx.node call_function "builtins.getattr"(%arg0) {args = "(%0, 'dtype')"} : (tensor<?x8xf32>) -> ()
# PASS-LABEL: func.func @literals(
# PASS-LABEL: func.func @attention(
# PASS-LABEL: func.func @tuple_user(
