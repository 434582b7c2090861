# Graphs that torch.export.export makes with dynamic_shapes (torch 2.13),
# imported from their meta['val'] with no example inputs: sym_size.int and
# aten.slice.Tensor for x.size(0) and its slice, an unbacked SymInt (`u0`)
# from .item() with the range checks export adds (_assert_scalar, which is
# fx.assert), sym_constrain_range(_for_size) and _assert_tensor_metadata as
# opaque nodes, no_grad and autocast regions as higher-order ops with a
# get_attr subgraph operand; then the same program after run_decompositions,
# where a mutating custom op is auto_functionalized and a side effect is
# threaded through with_effects. fx-decompose-size verifies each, and
# --check reports each size node.
# REQUIRES: torch
# RUN: %python %s %fx_obj_root/bin/fx-opt > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: %fx_obj_root/bin/fx-opt --fx-decompose-size %t.mlir | FileCheck %s --check-prefix=PASS

import sys

import torch
from torch.export import Dim

from fx_mlir_import import check, import_graph

FX_OPT = sys.argv[1]


class Lora(torch.nn.Module):
    def forward(self, x, token_lora_mapping, t):
        n = t.item()
        torch._check(n <= x.size(0))
        torch.ops.aten.sym_constrain_range_for_size.default(n, min=2, max=16)
        torch.ops.aten.sym_constrain_range.default(n, min=0, max=16)
        rows = token_lora_mapping[:x.size(0)]
        with torch.no_grad():
            flat = x.view(x.size(0) * x.size(1))
        with torch.autocast("cpu"):
            gram = x @ x.t()
        return rows, x[:n].to(torch.float64), flat, gram, x.shape[1] * 2


def show(gm, name):
    result = import_graph(gm, func_name=name)
    print(result)
    print("".join(f"// {line}\n" for line in check(result, FX_OPT).splitlines()))


program = torch.export.export(
    Lora(), (torch.randn(4, 8), torch.arange(16), torch.tensor(3)),
    dynamic_shapes={"x": {0: Dim("batch", max=16)}, "token_lora_mapping": None, "t": None})
show(program.graph_module, "lora")

# The unbacked u0 is the index result of aten.item; export's range checks on
# it are fx.assert with torch's message. token_lora_mapping[:x.size(0)] is
# sym_size.int, then aten.slice.Tensor on dim 0 (step 1 written out). The
# no_grad and autocast regions are higher-order ops whose subgraph operand is
# a get_attr: an fx.node with no results, named in its user's args. export
# (torch 2.13) replaces sym_constrain_range(_for_size) by these checks
# (torch/fx/passes/runtime_assert.py, insert_deferred_runtime_asserts).
# CHECK-LABEL: func.func @lora(
# CHECK-SAME: %x: tensor<?x8xf32> {fx.dim_symbols = ["[[B:s[0-9]+]]", ""]} loc("x"), %token_lora_mapping: tensor<16xi64> loc("token_lora_mapping"), %t: tensor<i64> loc("t"))
# CHECK-SAME: -> (tensor<?xi64>, tensor<?x8xf64>, tensor<?xf32>, tensor<?x?xbf16>)
# CHECK-SAME: fx.outputs = "(%0, %1, %2, %3, 16)"
# CHECK-NEXT: fx.node "get_attr" "submod_3"() {args = "()"} : () -> () loc("submod_3")
# CHECK-NEXT: %sym_size_int_1 = fx.sym_size %x, dim = 0 : tensor<?x8xf32> loc("sym_size_int_1")
# CHECK-NEXT: %item = fx.node "call_function" "torch.ops.aten.item.default"(%t) {args = "(%0,)"} : (tensor<i64>) -> (index) loc("item")
# CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index loc("ge")
# CHECK-NEXT: %ge = arith.cmpi sge, %item, %[[C2]] : index loc("ge")
# CHECK-NEXT: fx.assert %ge, "Runtime assertion failed for expression u0 >= 2 on node 'ge'" loc("_assert_scalar_default")
# CHECK: %le_2 = arith.cmpi sle, %item, %sym_size_int_1 : index loc("le_2")
# CHECK-NEXT: fx.assert %le_2, "Runtime assertion failed for expression u0 <= [[B]] on node 'le_2'" loc("_assert_scalar_default_2")
# CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index loc("slice_1")
# CHECK-NEXT: %[[S:.*]] = fx.slice none, %sym_size_int_1, %[[ONE]] loc("slice_1")
# CHECK-NEXT: %slice_1 = fx.slice_tensor %token_lora_mapping[%[[S]]] : tensor<16xi64> -> tensor<?xi64> loc("slice_1")
# CHECK-NEXT: %view.0 = fx.node "call_function" "torch.ops.higher_order.wrap_with_set_grad_enabled"(%sym_size_int_1, %x) {args = "(False, submod_3, %0, %1)"} : (index, tensor<?x8xf32>) -> (tensor<?xf32>) loc("view")
# CHECK-NEXT: fx.node "get_attr" "submod_1"() {args = "()"} : () -> () loc("submod_4")
# CHECK-NEXT: %matmul.0 = fx.node "call_function" "torch.ops.higher_order.wrap_with_autocast"(%x) {args = "('cpu', torch.bfloat16, True, False, submod_4, %0)"} : (tensor<?x8xf32>) -> (tensor<?x?xbf16>) loc("matmul")
# CHECK: %[[T:.*]] = fx.slice none, %item, %{{.*}} loc("slice_2")
# CHECK-NEXT: %slice_2 = fx.slice_tensor %x[%[[T]]] : tensor<?x8xf32> -> tensor<?x8xf32> loc("slice_2")
# CHECK-NEXT: fx.node "call_function" "torch.ops.aten._assert_tensor_metadata.default"(%slice_2) {args = "(%0,), **{'dtype': torch.float32, 'device': device(type='cpu'), 'layout': torch.strided}"} : (tensor<?x8xf32>) -> () loc("_assert_tensor_metadata_default")
# CHECK-NEXT: %to = fx.node "call_function" "torch.ops.aten.to.dtype"(%slice_2)
# CHECK-NEXT: return %slice_1, %to, %view.0, %matmul.0
# CHECK: // sym_size_int_1: sym_size(x, dim): left alone: it returns one int, not a torch.Size; users: le_2, slice_1, view
# CHECK-NEXT: // pre-fix decomposition: succeeds on this graph

# PASS-LABEL: func.func @lora(
# PASS: %[[N:.*]] = fx.sym_size %arg0, dim = 0 : tensor<?x8xf32>
# PASS: %[[S:.*]] = fx.slice none, %[[N]], %{{.*}}
# PASS-NEXT: fx.slice_tensor %arg1[%[[S]]] : tensor<16xi64> -> tensor<?xi64>


@torch.library.custom_op("fx_mlir_test::accumulate", mutates_args=("total",))
def accumulate(total: torch.Tensor, rows: int) -> None:
    total.add_(rows)


@accumulate.register_fake
def _(total, rows):
    return None


class Effects(torch.nn.Module):
    def forward(self, x, total):
        torch.ops.fx_mlir_test.accumulate(total, x.size(0))
        torch.ops.aten._print("rows counted")
        return x.view(-1) + total.sum()


program = torch.export.export(Effects(), (torch.randn(4, 8), torch.zeros(3)),
                              dynamic_shapes={"x": {0: Dim("batch")}, "total": None})
show(program.run_decompositions().graph_module, "effects")

# After run_decompositions: the mutating op is auto_functionalized_v2, whose
# value (None, new total) is one tensor result; _print is threaded through
# with_effects and the token placeholder; the view's -1 stays a constant.
# CHECK-LABEL: func.func @effects(
# CHECK-SAME: %token: tensor<0xf32> loc("token"), %x: tensor<?x8xf32> {fx.dim_symbols = ["[[B:s[0-9]+]]", ""]} loc("x"), %total: tensor<3xf32> loc("total"))
# CHECK-NEXT: %sym_size_int_2 = fx.sym_size %x, dim = 0 : tensor<?x8xf32> loc("sym_size_int_2")
# CHECK-NEXT: %auto_functionalized_v2.0 = fx.node "call_function" "torch.ops.higher_order.auto_functionalized_v2"(%sym_size_int_2, %total) {args = "(torch.ops.fx_mlir_test.accumulate.default,), **{'rows': %0, '_total_base_index': 0, '_all_bases': [%1]}"} : (index, tensor<3xf32>) -> (tensor<3xf32>) loc("auto_functionalized_v2")
# CHECK-NEXT: %with_effects.0 = fx.node "call_function" "torch.ops.higher_order.with_effects"(%token) {args = "(%0, torch.ops.aten._print.default, 'rows counted')"} : (tensor<0xf32>) -> (tensor<0xf32>) loc("with_effects")
# CHECK: %[[S:.*]] = fx.make_size %{{.*}} : !fx.size<1> loc("view")
# CHECK-NEXT: %view = fx.view %x, %[[S]] : tensor<?x8xf32>, !fx.size<1> -> tensor<?xf32> loc("view")
# CHECK: return %with_effects.0, %auto_functionalized_v2.0, %add_2 : tensor<0xf32>, tensor<3xf32>, tensor<?xf32>
# CHECK: // sym_size_int_2: sym_size(x, dim): left alone: it returns one int, not a torch.Size; users: auto_functionalized_v2
# CHECK-NEXT: // pre-fix decomposition: succeeds on this graph

# PASS-LABEL: func.func @effects(
# PASS: fx.node call_function "torch.ops.higher_order.with_effects"(%arg0)
# PASS: fx.view %arg1, %{{.*}} : tensor<?x8xf32>, !fx.size<1> -> tensor<?xf32>
