# Graphs that torch.compile hands a backend (torch 2.13), imported from their
# meta['example_value']: with dynamic=True and with mark_dynamic, SymInt
# placeholders (named s<N> after a hash of their source), call_method size,
# x.shape[i] and x.size(0) as the SymInt itself, token_lora_mapping[:x.size(0)]
# (the LoRA regression); .item() of an int and of a float tensor (an index
# and an f64), a SymBool result, an unbacked SymInt from nonzero and
# torch._check (fx.assert); _set_grad_enabled, autocast enter/exit and
# _log_api_usage_once, which have no metadata; higher-order ops with get_attr
# subgraph operands; the _LazyGraphModule of aot_autograd, whose code is
# never generated. fx-decompose-size verifies each, and --check reports each
# size node.
# REQUIRES: torch
# RUN: %python %s %fx_obj_root/bin/fx-opt > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: %fx_obj_root/bin/fx-opt --fx-decompose-size %t.mlir | FileCheck %s --check-prefix=PASS

import sys

import torch
from torch._dynamo.backends.common import aot_autograd

from fx_mlir_import import check, import_graph

FX_OPT = sys.argv[1]
captured = []


def capture(gm, example_inputs):
    captured.append((gm, example_inputs))
    return gm.forward


def compiled(fn, *args, backend=capture, **options):
    """The one graph torch.compile hands `backend` for fn(*args)."""
    captured.clear()
    torch._dynamo.reset()
    torch.compile(fn, backend=backend, fullgraph=True, **options)(*args)
    (graph,) = captured
    return graph


def show(gm, name, example_inputs=None):
    result = import_graph(gm, example_inputs, func_name=name)
    print(result)
    print("".join(f"// {line}\n" for line in check(result, FX_OPT).splitlines()))


def lora(x, w, token_lora_mapping):
    h = x @ w
    rows = token_lora_mapping[:x.size(0)]
    return h.view(h.size()), rows, h.shape[1]


gm, example_inputs = compiled(lora, torch.randn(4, 8), torch.randn(8, 8), torch.arange(16),
                              dynamic=True)
show(gm, "lora")
# The backend's own example inputs hold the SymInts: the metadata decides.
show(gm, "lora_with_inputs", example_inputs)

# x.size(0) and h.shape[1] are the SymInt placeholders themselves; the
# slice's stop is the s<N> argument; h.view(h.size()) keeps its dimless size.
# CHECK-LABEL: func.func @lora(
# CHECK-SAME: %[[X0:s[0-9]+]]: index {fx.symbol = "[[X0]]"} loc("[[X0]]"), %[[X1:s[0-9]+]]: index {fx.symbol = "[[X1]]"} loc("[[X1]]"),
# CHECK-SAME: %l_x_: tensor<?x?xf32> {fx.dim_symbols = ["[[X0]]", "[[X1]]"]} loc("l_x_"), %l_w_: tensor<?x?xf32> {fx.dim_symbols = ["[[X1]]", "[[X1]]"]} loc("l_w_"),
# CHECK-SAME: %[[M0:s[0-9]+]]: index {fx.symbol = "[[M0]]"} loc("[[M0]]"), %l_token_lora_mapping_: tensor<?xi64> {fx.dim_symbols = ["[[M0]]"]} loc("l_token_lora_mapping_"))
# CHECK-SAME: -> (tensor<?x?xf32>, tensor<?xi64>, index)
# CHECK-NEXT: %h = fx.node "call_function" "operator.matmul"(%l_x_, %l_w_) {args = "(%0, %1)"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> (tensor<?x?xf32>) loc("h")
# CHECK-NEXT: %[[S:.*]] = fx.slice none, %[[X0]], none loc("rows")
# CHECK-NEXT: %rows = fx.slice_tensor %l_token_lora_mapping_[%[[S]]] : tensor<?xi64> -> tensor<?xi64> loc("rows")
# CHECK-NEXT: %size_1 = fx.size %h : tensor<?x?xf32> -> !fx.size<2> loc("size_1")
# CHECK-NEXT: %view = fx.view %h, %size_1 : tensor<?x?xf32>, !fx.size<2> -> tensor<?x?xf32> loc("view")
# CHECK-NEXT: return %view, %rows, %[[X1]] : tensor<?x?xf32>, tensor<?xi64>, index loc("output")
# CHECK: // size_1: x.size(): decomposed into [sym_size(h, 0), sym_size(h, 1)]; users: view
# CHECK-NEXT: // pre-fix decomposition: succeeds on this graph
# CHECK-LABEL: func.func @lora_with_inputs(
# CHECK-SAME: %[[X0]]: index {fx.symbol = "[[X0]]"} loc("[[X0]]")
# CHECK: %size_1 = fx.size %h : tensor<?x?xf32> -> !fx.size<2> loc("size_1")

# PASS-LABEL: func.func @lora(
# PASS-NOT: fx.size
# PASS: fx.slice none, %arg0, none
# PASS: %[[D0:.*]] = fx.sym_size %[[H:.*]], dim = 0
# PASS-NEXT: %[[D1:.*]] = fx.sym_size %[[H]], dim = 1
# PASS-NEXT: %[[SZ:.*]] = fx.make_size %[[D0]], %[[D1]] : !fx.size<2>
# PASS-NEXT: fx.view %[[H]], %[[SZ]]


def doubled(x, token_lora_mapping):
    h = torch.cat([x, x])
    rows = token_lora_mapping[:h.size(0)]
    return rows, h.view(h.shape[0], -1), h.shape[1] + 1


show(compiled(doubled, torch.randn(4, 8), torch.arange(16), dynamic=True)[0], "doubled")

# h.size(0) of the concatenation is 2 * s<N>, computed from the placeholder.
# CHECK-LABEL: func.func @doubled(
# CHECK-SAME: %[[X0:s[0-9]+]]: index {fx.symbol = "[[X0]]"}
# CHECK: %[[TWO:.*]] = arith.constant 2 : index loc("mul")
# CHECK-NEXT: %mul = arith.muli %[[TWO]], %[[X0]] : index loc("mul")
# CHECK-NEXT: %[[S:.*]] = fx.slice none, %mul, none loc("rows")
# CHECK-NEXT: %rows = fx.slice_tensor %l_token_lora_mapping_[%[[S]]] : tensor<?xi64> -> tensor<?xi64> loc("rows")
# CHECK-NEXT: %[[M1:.*]] = arith.constant -1 : index loc("view")
# CHECK-NEXT: %[[SZ:.*]] = fx.make_size %mul, %[[M1]] : !fx.size<2> loc("view")
# CHECK-NEXT: %view = fx.view %h, %[[SZ]] : tensor<?x?xf32>, !fx.size<2> -> tensor<?x?xf32> loc("view")
# CHECK: // no size nodes in this graph

x = torch.randn(4, 8)
torch._dynamo.mark_dynamic(x, 0)


def marked(x, token_lora_mapping):
    return token_lora_mapping[:x.size(0)], x.view(x.size(0), 2, 4)


show(compiled(marked, x, torch.arange(16))[0], "marked")

# mark_dynamic makes dim 0 alone symbolic.
# CHECK-LABEL: func.func @marked(
# CHECK-SAME: %[[X0:s[0-9]+]]: index {fx.symbol = "[[X0]]"} loc("[[X0]]"), %l_x_: tensor<?x8xf32> {fx.dim_symbols = ["[[X0]]", ""]} loc("l_x_"), %l_token_lora_mapping_: tensor<16xi64> loc("l_token_lora_mapping_"))
# CHECK-SAME: -> (tensor<?xi64>, tensor<?x2x4xf32>)
# CHECK-NEXT: %[[S:.*]] = fx.slice none, %[[X0]], none loc("getitem")
# CHECK-NEXT: %getitem = fx.slice_tensor %l_token_lora_mapping_[%[[S]]] : tensor<16xi64> -> tensor<?xi64> loc("getitem")
# CHECK: %[[SZ:.*]] = fx.make_size %[[X0]], %{{.*}}, %{{.*}} : !fx.size<3> loc("view")
# CHECK-NEXT: %view = fx.view %l_x_, %[[SZ]] : tensor<?x8xf32>, !fx.size<3> -> tensor<?x2x4xf32> loc("view")


def scalars(x, t, scale):
    torch._C._log_api_usage_once("fx_mlir.test")
    n = t.item()
    torch._check(n >= 2)
    with torch.no_grad():
        y = x[:n] * scale
    with torch.autocast("cpu"):
        z = x @ x.t()
    return y, z, x.size(0) > n, x.nonzero().size(0)


with torch._dynamo.config.patch(capture_scalar_outputs=True, specialize_float=False,
                                capture_dynamic_output_shape_ops=True):
    show(compiled(scalars, torch.randn(6, 8), torch.tensor(3), 2.5, dynamic=True)[0],
         "scalars")

# .item() of the int tensor is an index, of the float placeholder (a float
# argument, unspecialized) an f64; x.size(0) > n is a SymBool, i1; nonzero's
# rows are the unbacked u0. _log_api_usage_once, _set_grad_enabled and the
# autocast calls have no metadata: fx.node with no results, _exit_autocast
# naming _enter_autocast in its args.
# CHECK-LABEL: func.func @scalars(
# CHECK-SAME: %l_t_: tensor<i64> loc("l_t_"), %[[X0:s[0-9]+]]: index {fx.symbol = "[[X0]]"}
# CHECK-SAME: %l_scale_: tensor<f64> loc("l_scale_"))
# CHECK-SAME: -> (tensor<?x?xf32>, tensor<?x?xbf16>, i1, index)
# CHECK-NEXT: fx.node "call_function" "torch._C._log_api_usage_once"() {args = "('fx_mlir.test',)"} : () -> () loc("_log_api_usage_once")
# CHECK-NEXT: %item = fx.node "call_method" "item"(%l_t_) {args = "(%0,)"} : (tensor<i64>) -> (index) loc("item")
# CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index loc("ge")
# CHECK-NEXT: %ge = arith.cmpi sge, %item, %[[TWO]] : index loc("ge")
# CHECK-NEXT: fx.assert %ge, "Runtime assertion failed for expression {{s[0-9]+}} >= 2 on node 'ge'" loc("_assert_scalar_default")
# CHECK-NEXT: fx.node "call_function" "torch._C._set_grad_enabled"() {args = "(False,)"} : () -> () loc("_set_grad_enabled")
# CHECK-NEXT: %[[S:.*]] = fx.slice none, %item, none loc("getitem")
# CHECK-NEXT: %getitem = fx.slice_tensor %l_x_[%[[S]]] : tensor<?x?xf32> -> tensor<?x?xf32> loc("getitem")
# CHECK-NEXT: %item_1 = fx.node "call_method" "item"(%l_scale_) {args = "(%0,)"} : (tensor<f64>) -> (f64) loc("item_1")
# CHECK-NEXT: %y = fx.node "call_function" "operator.mul"(%getitem, %item_1) {args = "(%0, %1)"} : (tensor<?x?xf32>, f64) -> (tensor<?x?xf32>) loc("y")
# CHECK-NEXT: fx.node "call_function" "torch._C._set_grad_enabled"() {args = "(True,)"} : () -> () loc("_set_grad_enabled_1")
# CHECK-NEXT: fx.node "call_function" "torch.amp.autocast_mode._enter_autocast"() {args = "('cpu', None, True, None)"} : () -> () loc("_enter_autocast")
# CHECK: %z = fx.node "call_function" "operator.matmul"(%l_x_, %t) {args = "(%0, %1)"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> (tensor<?x?xbf16>) loc("z")
# CHECK-NEXT: fx.node "call_function" "torch.amp.autocast_mode._exit_autocast"() {args = "(_enter_autocast,)"} : () -> () loc("_exit_autocast")
# CHECK-NEXT: %gt = arith.cmpi sgt, %[[X0]], %item : index loc("gt")
# CHECK-NEXT: %nonzero = fx.node "call_method" "nonzero"(%l_x_) {args = "(%0,)"} : (tensor<?x?xf32>) -> (tensor<?x2xi64>) loc("nonzero")
# CHECK-NEXT: %sym_size_int = fx.sym_size %nonzero, dim = 0 : tensor<?x2xi64> loc("sym_size_int")
# CHECK: fx.assert %ge_1, "Runtime assertion failed for expression u0 >= 0 on node 'ge_1'" loc("_assert_scalar_default_1")
# CHECK-NEXT: return %y, %z, %gt, %sym_size_int : tensor<?x?xf32>, tensor<?x?xbf16>, i1, index loc("output")
# CHECK: // sym_size_int: sym_size(x, dim): left alone: it returns one int, not a torch.Size; users: ge_1, output
# CHECK-NEXT: // pre-fix decomposition: succeeds on this graph

# PASS-LABEL: func.func @scalars(
# PASS: fx.node call_function "torch.amp.autocast_mode._exit_autocast"() {args = "(_enter_autocast,)"} : () -> ()


def higher_order(x):
    y = torch.utils.checkpoint.checkpoint(lambda v: torch.relu(v).view(-1), x,
                                          use_reentrant=False)
    return torch.cond(y.sum() > 0, lambda v: v + 1, lambda v: v - 1, (y,))


show(compiled(higher_order, torch.randn(6, 8), dynamic=True)[0], "higher_order")

# The subgraphs are get_attr nodes of no value the dialect has: fx.node with
# no results, named in the higher-order op's args.
# CHECK-LABEL: func.func @higher_order(
# CHECK-NEXT: fx.node "get_attr" "wrap_body_0"() {args = "()"} : () -> () loc("wrap_body_0")
# CHECK-NEXT: %tag_activation_checkpoint.0 = fx.node "call_function" "torch.ops.higher_order.tag_activation_checkpoint"(%{{s[0-9]+}}, %{{s[0-9]+}}, %l_x_) {args = "(wrap_body_0, %0, %1, %2), **{'use_reentrant': False}"} : (index, index, tensor<?x?xf32>) -> (tensor<?xf32>) loc("tag_activation_checkpoint")
# CHECK: fx.node "get_attr" "cond_true_0"() {args = "()"} : () -> () loc("cond_true_0")
# CHECK-NEXT: fx.node "get_attr" "cond_false_0"() {args = "()"} : () -> () loc("cond_false_0")
# CHECK-NEXT: %cond.0 = fx.node "call_function" "torch.ops.higher_order.cond"(%gt, %{{s[0-9]+}}, %{{s[0-9]+}}, %tag_activation_checkpoint.0) {args = "(%0, cond_true_0, cond_false_0, (%1, %2, %3))"} : (tensor<i1>, index, index, tensor<?xf32>) -> (tensor<?xf32>) loc("cond")
# CHECK-NEXT: return %cond.0 : tensor<?xf32> loc("output")

# aot_autograd hands its compiler a _LazyGraphModule, whose code is generated
# on first need: a compiler that imports it first finds no code generated,
# and the import generates none.
def import_lazy(gm, example_inputs):
    kind = type(gm).__mro__[1].__name__
    before = not gm._needs_recompile()
    show(gm, "aot_lora")
    print(f"// {kind}: code generated before import: {before}, "
          f"after: {not gm._needs_recompile()}")
    captured.append((gm, example_inputs))
    return gm


compiled(lora, torch.randn(4, 8), torch.randn(8, 8), torch.arange(16),
         backend=aot_autograd(fw_compiler=import_lazy), dynamic=True)

# CHECK-LABEL: func.func @aot_lora(
# CHECK-SAME: %arg0_1: index {fx.symbol = "[[X0:s[0-9]+]]"} loc("arg0_1")
# CHECK: %[[S:.*]] = fx.slice %{{.*}}, %arg0_1, %{{.*}} loc("slice_1")
# CHECK-NEXT: %slice_1 = fx.slice_tensor %arg5_1[%[[S]]] : tensor<?xi64> -> tensor<?xi64> loc("slice_1")
# CHECK-NEXT: %[[SZ:.*]] = fx.make_size %arg0_1, %arg1_1 : !fx.size<2> loc("view")
# CHECK-NEXT: %view = fx.view %mm, %[[SZ]] : tensor<?x?xf32>, !fx.size<2> -> tensor<?x?xf32> loc("view")
# CHECK: // _LazyGraphModule: code generated before import: False, after: False

# PASS-LABEL: func.func @aot_lora(
