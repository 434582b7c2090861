# Graphs that make_fx(..., tracing_mode="symbolic") makes (torch 2.13),
# imported from their meta['val'] with no example inputs: aten overloads,
# aten.sym_size.int, aten.sym_numel, aten.view.default of a list of SymInts,
# aten.slice.Tensor for token_lora_mapping[:y.size(0)], SymInt arithmetic;
# .item() with sym_constrain_range(_for_size), an unbacked SymInt (`u0`) from
# nonzero, and a tensor constant read by get_attr. fx-decompose-size
# verifies each, and --check reports each size node.
# REQUIRES: torch
# RUN: %python %s %fx_obj_root/bin/fx-opt > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: %fx_obj_root/bin/fx-opt --fx-decompose-size %t.mlir | FileCheck %s --check-prefix=PASS

import sys

import torch
from torch.fx.experimental.proxy_tensor import make_fx

from fx_mlir_import import check, import_graph

FX_OPT = sys.argv[1]


def show(gm, name):
    result = import_graph(gm, func_name=name)
    print(result)
    print("".join(f"// {line}\n" for line in check(result, FX_OPT).splitlines()))


def moe(h, w, token_lora_mapping):
    s = h.shape
    y = torch.relu(h.reshape(-1, s[-1]) @ w)
    rows = token_lora_mapping[:y.size(0)]
    return y.view(s), rows, y.numel(), h.size(1) * 2


show(make_fx(moe, tracing_mode="symbolic")(
    torch.randn(2, 7, 16), torch.randn(16, 16), torch.arange(64)), "moe")

# h.shape is three sym_size.int nodes; the views take lists of them; the
# slice stop is the sym_size of the flattened view.
# CHECK-LABEL: func.func @moe(
# CHECK-SAME: %h_1: tensor<?x?x?xf32> {fx.dim_symbols = ["[[A:s[0-9]+]]", "[[B:s[0-9]+]]", "[[C:s[0-9]+]]"]} loc("h_1"),
# CHECK-SAME: %w_1: tensor<?x?xf32> {fx.dim_symbols = ["[[C]]", "[[C]]"]} loc("w_1"),
# CHECK-SAME: %token_lora_mapping_1: tensor<?xi64> {fx.dim_symbols = ["{{s[0-9]+}}"]} loc("token_lora_mapping_1"))
# CHECK-SAME: -> (tensor<?x?x?xf32>, tensor<?xi64>, index, index)
# CHECK-NEXT: %sym_size_int = fx.sym_size %h_1, dim = 2 : tensor<?x?x?xf32> loc("sym_size_int")
# CHECK-NEXT: %sym_size_int_1 = fx.sym_size %h_1, dim = 1 : tensor<?x?x?xf32> loc("sym_size_int_1")
# CHECK-NEXT: %sym_size_int_2 = fx.sym_size %h_1, dim = 0 : tensor<?x?x?xf32> loc("sym_size_int_2")
# CHECK-NEXT: %[[M1:.*]] = arith.constant -1 : index loc("view")
# CHECK-NEXT: %[[S:.*]] = fx.make_size %[[M1]], %sym_size_int : !fx.size<2> loc("view")
# CHECK-NEXT: %view = fx.view %h_1, %[[S]] : tensor<?x?x?xf32>, !fx.size<2> -> tensor<?x?xf32> loc("view")
# CHECK-NEXT: %mm = fx.node "call_function" "torch.ops.aten.mm.default"(%view, %w_1) {args = "(%0, %1)"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> (tensor<?x?xf32>) loc("mm")
# CHECK-NEXT: %relu = fx.node "call_function" "torch.ops.aten.relu.default"(%mm)
# CHECK-NEXT: %sym_size_int_3 = fx.sym_size %view, dim = 0 : tensor<?x?xf32> loc("sym_size_int_3")
# CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index loc("slice_1")
# CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index loc("slice_1")
# CHECK-NEXT: %[[SL:.*]] = fx.slice %[[ZERO]], %sym_size_int_3, %[[ONE]] loc("slice_1")
# CHECK-NEXT: %slice_1 = fx.slice_tensor %token_lora_mapping_1[%[[SL]]] : tensor<?xi64> -> tensor<?xi64> loc("slice_1")
# CHECK-NEXT: %[[S3:.*]] = fx.make_size %sym_size_int_2, %sym_size_int_1, %sym_size_int : !fx.size<3> loc("view_1")
# CHECK-NEXT: %view_1 = fx.view %relu, %[[S3]] : tensor<?x?xf32>, !fx.size<3> -> tensor<?x?x?xf32> loc("view_1")
# CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index loc("mul_4")
# CHECK-NEXT: %mul_4 = arith.muli %sym_size_int_1, %[[TWO]] : index loc("mul_4")
# CHECK-NEXT: %[[D0:.*]] = fx.sym_size %relu, dim = 0 : tensor<?x?xf32> loc("sym_numel_default_1")
# CHECK-NEXT: %[[D1:.*]] = fx.sym_size %relu, dim = 1 : tensor<?x?xf32> loc("sym_numel_default_1")
# CHECK-NEXT: %sym_numel_default_1 = arith.muli %[[D0]], %[[D1]] : index loc("sym_numel_default_1")
# CHECK-NEXT: return %view_1, %slice_1, %sym_numel_default_1, %mul_4
# CHECK-NOT: fx.node {{.*}}aten.view
# CHECK: // sym_size_int: sym_size(x, dim): left alone: it returns one int, not a torch.Size; users: view, view_1
# CHECK-NEXT: // sym_size_int_1: sym_size(x, dim): left alone: it returns one int, not a torch.Size; users: view_1, mul_4
# CHECK-NEXT: // sym_size_int_2: sym_size(x, dim): left alone: it returns one int, not a torch.Size; users: view_1
# CHECK-NEXT: // sym_size_int_3: sym_size(x, dim): left alone: it returns one int, not a torch.Size; users: slice_1
# CHECK-NEXT: // pre-fix decomposition: succeeds on this graph

# PASS-LABEL: func.func @moe(
# PASS: %[[N:.*]] = fx.sym_size %{{.*}}, dim = 0 : tensor<?x?xf32>
# PASS: %[[SL:.*]] = fx.slice %{{.*}}, %[[N]], %{{.*}}
# PASS-NEXT: fx.slice_tensor %arg2[%[[SL]]] : tensor<?xi64> -> tensor<?xi64>


def unbacked(x, t):
    n = t.item()
    torch._constrain_as_size(n, min=2, max=16)
    torch.sym_constrain_range(n, min=0, max=32)
    return x[:n] * 2, x.nonzero(), torch.tensor([1.0, 2.0]) * x.size(0)


show(make_fx(unbacked, tracing_mode="symbolic")(torch.randn(6, 4), torch.tensor(3)),
     "unbacked")

# make_fx keeps the range constraints as nodes whose value is None: fx.node
# with no results. The tensor constant's get_attr has a tensor result.
# CHECK-LABEL: func.func @unbacked(
# CHECK-SAME: %x_1: tensor<?x?xf32> {fx.dim_symbols = ["{{s[0-9]+}}", "{{s[0-9]+}}"]} loc("x_1"), %t_1: tensor<i64> loc("t_1"))
# CHECK-SAME: -> (tensor<?x?xf32>, tensor<?x2xi64>, tensor<2xf32>)
# CHECK-NEXT: %_local_scalar_dense = fx.node "call_function" "torch.ops.aten._local_scalar_dense.default"(%t_1) {args = "(%0,)"} : (tensor<i64>) -> (index) loc("_local_scalar_dense")
# CHECK-NEXT: fx.node "call_function" "torch.ops.aten.sym_constrain_range_for_size.default"(%_local_scalar_dense) {args = "(%0,), **{'min': 2, 'max': 16}"} : (index) -> () loc("sym_constrain_range_for_size")
# CHECK-NEXT: fx.node "call_function" "torch.ops.aten.sym_constrain_range.default"(%_local_scalar_dense) {args = "(%0,), **{'min': 0, 'max': 32}"} : (index) -> () loc("sym_constrain_range")
# CHECK: %[[SL:.*]] = fx.slice %{{.*}}, %_local_scalar_dense, %{{.*}} loc("slice_1")
# CHECK-NEXT: %slice_1 = fx.slice_tensor %x_1[%[[SL]]] : tensor<?x?xf32> -> tensor<?x?xf32> loc("slice_1")
# CHECK: %nonzero = fx.node "call_function" "torch.ops.aten.nonzero.default"(%x_1) {args = "(%0,)"} : (tensor<?x?xf32>) -> (tensor<?x2xi64>) loc("nonzero")
# CHECK-NEXT: %_tensor_constant0 = fx.node "get_attr" "_tensor_constant0"() {args = "()"} : () -> (tensor<2xf32>) loc("_tensor_constant0")
# CHECK: %sym_size_int = fx.sym_size %x_1, dim = 0 : tensor<?x?xf32> loc("sym_size_int")
# CHECK: // sym_size_int: sym_size(x, dim): left alone: it returns one int, not a torch.Size; users: mul_1
# CHECK-NEXT: // pre-fix decomposition: succeeds on this graph

# PASS-LABEL: func.func @unbacked(
# PASS: fx.node call_function "torch.ops.aten.sym_constrain_range_for_size.default"
