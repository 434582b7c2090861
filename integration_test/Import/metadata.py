# Ways (b) and (c): a GraphModule with shape metadata and no example inputs.
# SymInt dims are `?`, ints stay static; SymInt placeholders are index
# arguments that carry fx.symbol, and tensor arguments with symbolic dims
# carry fx.dim_symbols (convention 1).
# REQUIRES: torch
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: fx-opt %t.mlir --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS

import operator

import torch
import torch.fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from symbolic import symint
from torch.fx.passes.shape_prop import ShapeProp

import compile_graphs
from fx_mlir_import import import_graph

# CHECK-LABEL: func.func @lora_regression(
# CHECK-SAME: %s0: index {fx.symbol = "s0"} loc("s0"),
# CHECK-SAME: %x: tensor<?x8xf32> {fx.dim_symbols = ["s0", ""]} loc("x"),
# CHECK-SAME: %token_lora_mapping: tensor<16xi64> loc("token_lora_mapping"))
# CHECK-SAME: -> (tensor<?x8xf32>, tensor<?xi64>)
# CHECK: %size_1 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("size_1")
# CHECK-NEXT: %[[S:.*]] = fx.slice none, %size_1, none loc("getitem")
# CHECK-NEXT: %getitem = fx.slice_tensor %token_lora_mapping[%[[S]]] : tensor<16xi64> -> tensor<?xi64>
print(import_graph(compile_graphs.lora_regression(), func_name="lora_regression"))

# The pass leaves x.size(0) and its slice alone; canonicalize spells the size
# fx.sym_size, the one form of a dim's size.
# PASS-LABEL: func.func @lora_regression(
# PASS-NOT: fx.size
# PASS: %[[N:.*]] = fx.sym_size %{{.*}}, dim = 0
# PASS-NEXT: fx.slice none, %[[N]], none
# PASS-NOT: fx.size
# PASS: return

# CHECK-LABEL: func.func @moe(
# CHECK-SAME: %s0: index {fx.symbol = "s0"} loc("s0"), %s1: index {fx.symbol = "s1"} loc("s1"),
# CHECK-SAME: %l_h_: tensor<?x?x16xf32> {fx.dim_symbols = ["s0", "s1", ""]} loc("l_h_"))
# CHECK: %orig_shape = fx.size %l_h_ : tensor<?x?x16xf32> -> !fx.size<3> loc("orig_shape")
# CHECK: %hidden = fx.getitem %orig_shape[-1] : !fx.size<3>
# CHECK: %flat = fx.view %l_h_, %{{.*}} : tensor<?x?x16xf32>, !fx.size<2> -> tensor<?x16xf32>
# CHECK: %out = fx.view %experts, %orig_shape : tensor<?x16xf32>, !fx.size<3> -> tensor<?x?x16xf32>
print(import_graph(compile_graphs.moe(), func_name="moe"))

# With example inputs too, the SymInts of the metadata decide: no guess, so
# the same types and bindings.
# CHECK-LABEL: func.func @moe_with_inputs(
# CHECK-SAME: %s0: index {fx.symbol = "s0"} loc("s0"), %s1: index {fx.symbol = "s1"} loc("s1"),
# CHECK-SAME: %l_h_: tensor<?x?x16xf32> {fx.dim_symbols = ["s0", "s1", ""]} loc("l_h_"))
print(import_graph(compile_graphs.moe(), (2, 7, torch.randn(2, 7, 16)), func_name="moe_with_inputs"))

# h.view(orig_shape) takes the decomposed size: the dims of h.
# PASS-LABEL: func.func @moe(
# PASS-DAG: %[[D0:.*]] = fx.sym_size %arg2, dim = 0
# PASS-DAG: %[[D1:.*]] = fx.sym_size %arg2, dim = 1
# PASS-DAG: %[[C16:.*]] = arith.constant 16 : index
# PASS: %[[S:.*]] = fx.make_size %[[D0]], %[[D1]], %[[C16]] : !fx.size<3>
# PASS: fx.view %{{.*}}, %[[S]]


def symbolic_expressions():
    """meta['val'] (as export and make_fx write it), SymInt expressions as
    dims, an unused SymInt placeholder, and sym_size/sym_numel nodes."""
    env = ShapeEnv()
    s0, s1 = symint(env, "s0", 3), symint(env, "s1", 4)
    with FakeTensorMode(shape_env=env):
        x = torch.empty(s0, 8)
        doubled = torch.empty(2 * s0, 8)
    g = torch.fx.Graph()
    for name, value in (("s0", s0), ("s1", s1), ("x", x), ("y", doubled)):
        g.placeholder(name).meta["val"] = value
    nodes = {n.name: n for n in g.nodes}
    cat = g.call_function(torch.ops.aten.cat.default, ([nodes["x"], nodes["x"]],))
    cat.meta["val"] = doubled
    rows = g.call_function(torch.ops.aten.sym_size.int, (cat, 0))
    rows.meta["val"] = 2 * s0
    numel = g.call_function(torch.ops.aten.sym_numel.default, (cat,))
    numel.meta["val"] = 16 * s0
    plus = g.call_function(operator.add, (rows, 1))
    plus.meta["val"] = 2 * s0 + 1
    g.output((cat, rows, numel, plus))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# A dim that is an expression of symbols is written as such in fx.dim_symbols;
# an unused SymInt placeholder is still an argument.
# CHECK-LABEL: func.func @symbolic_expressions(
# CHECK-SAME: %s0: index {fx.symbol = "s0"} loc("s0"), %s1: index {fx.symbol = "s1"} loc("s1"),
# CHECK-SAME: %x: tensor<?x8xf32> {fx.dim_symbols = ["s0", ""]} loc("x"),
# CHECK-SAME: %y: tensor<?x8xf32> {fx.dim_symbols = ["2*s0", ""]} loc("y"))
# CHECK-SAME: -> (tensor<?x8xf32>, index, index, index)
# CHECK: %cat_default = fx.node "call_function" "torch.ops.aten.cat.default"(%x, %x) {args = "([%0, %1],)"} : (tensor<?x8xf32>, tensor<?x8xf32>) -> (tensor<?x8xf32>)
# CHECK: %sym_size_int = fx.sym_size %cat_default, dim = 0 : tensor<?x8xf32> loc("sym_size_int")
# CHECK: %[[D:.*]] = fx.sym_size %cat_default, dim = 0 : tensor<?x8xf32> loc("sym_numel_default")
# CHECK: %sym_numel_default = arith.muli %[[D]], %{{.*}} : index loc("sym_numel_default")
# CHECK: %add = arith.addi %sym_size_int, %{{.*}} : index loc("add")
print(import_graph(symbolic_expressions(), func_name="symbolic_expressions"))


class Small(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x).view(x.size(0), 2, 4)


def tensor_meta():
    """meta['tensor_meta'] alone, as ShapeProp writes it: concrete dims."""
    gm = torch.fx.symbolic_trace(Small())
    ShapeProp(gm).propagate(torch.randn(3, 8))
    return gm


# CHECK-LABEL: func.func @tensor_meta(%x: tensor<3x8xf32> loc("x")) -> (tensor<3x2x4xf32>)
# CHECK: %view = fx.view %relu, %{{.*}} : tensor<3x8xf32>, !fx.size<3> -> tensor<3x2x4xf32>
print(import_graph(tensor_meta(), func_name="tensor_meta"))


def make_fx_graph():
    """make_fx(tracing_mode="symbolic"), as torch writes it: aten-level
    nodes, meta['val'] with symbolic dims, and views of sym_size lists."""
    from torch.fx.experimental.proxy_tensor import make_fx

    def f(h, w):
        s = h.shape
        y = torch.relu(h.reshape(-1, s[-1]) @ w)
        return y.view(s)

    return make_fx(f, tracing_mode="symbolic")(torch.randn(2, 7, 16), torch.randn(16, 16))


# aten.view.default of a list of sym_sizes is an fx.view of their make_size
# (torch 2.13 names the nodes sym_size_int and writes the reshape as view).
# CHECK-LABEL: func.func @make_fx_graph(
# CHECK-SAME: %h_1: tensor<?x?x?xf32> {fx.dim_symbols = [{{.*}}]}
# CHECK: %[[S:.*]] = fx.make_size %sym_size_int_2, %sym_size_int_1, %sym_size_int : !fx.size<3> loc("view_1")
# CHECK-NEXT: %view_1 = fx.view %relu, %[[S]] : tensor<?x?xf32>, !fx.size<3> -> tensor<?x?x?xf32>
# CHECK-NOT: fx.node {{.*}}aten.view
print(import_graph(make_fx_graph(), func_name="make_fx_graph"))


def aten_view_dtype():
    """aten.view.dtype reinterprets the elements: not a view of sizes."""
    with FakeTensorMode():
        x, y = torch.empty(4, 8), torch.empty(4, 8, dtype=torch.int32)
    g = torch.fx.Graph()
    p = g.placeholder("x")
    p.meta["val"] = x
    v = g.call_function(torch.ops.aten.view.dtype, (p, torch.int32))
    v.meta["val"] = y
    g.output((v,))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# CHECK-LABEL: func.func @aten_view_dtype(
# CHECK: fx.node "call_function" "torch.ops.aten.view.dtype"(%x) {args = "(%0, torch.int32)"} : (tensor<4x8xf32>) -> (tensor<4x8xi32>)
# CHECK-NOT: fx.view
print(import_graph(aten_view_dtype(), func_name="aten_view_dtype"))


def aten_slice():
    """The regression graph as export writes it: token_lora_mapping[:x.size(0)]
    is aten.slice.Tensor(mapping, 0, 0, sym_size); an open end is INT64_MAX.
    A slice of dim 1 has no fx op."""
    env = ShapeEnv()
    s0 = symint(env, "s0", 5)
    with FakeTensorMode(shape_env=env):
        x = torch.empty(s0, 8)
        mapping, sliced = torch.empty(16, dtype=torch.int64), torch.empty(s0, dtype=torch.int64)
        cols = torch.empty(s0, 4)
    g = torch.fx.Graph()
    for name, value in (("s0", s0), ("x", x), ("token_lora_mapping", mapping)):
        g.placeholder(name).meta["val"] = value
    p = {n.name: n for n in g.nodes}
    rows = g.call_function(torch.ops.aten.sym_size.int, (p["x"], 0))
    rows.meta["val"] = s0
    head = g.call_function(torch.ops.aten.slice.Tensor, (p["token_lora_mapping"], 0, 0, rows))
    head.meta["val"] = sliced
    every = g.call_function(torch.ops.aten.slice.Tensor, (p["x"],),
                            {"start": 1, "end": 2**63 - 1, "step": 2})
    with FakeTensorMode(shape_env=env):
        every.meta["val"] = torch.empty(symint(env, "s1", 2), 8)
    left = g.call_function(torch.ops.aten.slice.Tensor, (p["x"], 1, 0, 4))
    left.meta["val"] = cols
    g.output((head, every, left))
    return torch.fx.GraphModule(torch.nn.Module(), g)


# CHECK-LABEL: func.func @aten_slice(
# CHECK: %sym_size_int = fx.sym_size %x, dim = 0 : tensor<?x8xf32> loc("sym_size_int")
# CHECK: %[[S:.*]] = fx.slice %{{.*}}, %sym_size_int, %{{.*}} loc("slice_tensor")
# CHECK-NEXT: %slice_tensor = fx.slice_tensor %token_lora_mapping[%[[S]]] : tensor<16xi64> -> tensor<?xi64>
# CHECK: %[[END:.*]] = arith.constant 9223372036854775807 : index loc("slice_tensor_1")
# CHECK: %[[T:.*]] = fx.slice %{{.*}}, %[[END]], %{{.*}} loc("slice_tensor_1")
# CHECK-NEXT: %slice_tensor_1 = fx.slice_tensor %x[%[[T]]] : tensor<?x8xf32> -> tensor<?x8xf32>
# CHECK: %slice_tensor_2 = fx.node "call_function" "torch.ops.aten.slice.Tensor"(%x) {args = "(%0, 1, 0, 4)"}
print(import_graph(aten_slice(), func_name="aten_slice"))

# The slice's stop stays the scalar it was.
# PASS-LABEL: func.func @aten_slice(
# PASS: %[[N:.*]] = fx.sym_size %arg1, dim = 0
# PASS: fx.slice %{{.*}}, %[[N]], %{{.*}}
