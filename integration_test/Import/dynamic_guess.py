# Way (a): example inputs and --dynamic dims. A dim is static only if every
# run agrees (example, doubled, 2, 3 and one more than the example), so no
# static type is written that another input size would contradict.
# REQUIRES: torch
# RUN: %python %s | FileCheck %s

import torch

from fx_mlir_import import import_module


class Head(torch.nn.Module):
    def forward(self, x):
        return x[:5], x[:1], x[2:], x[:2**63]


# x[:5] has 5 rows for 8 and 16 rows, but 2 for 2: not static. x[:1] always
# has one row. A bound beyond int64 clamps, as the slice clamps it anyway.
# CHECK-LABEL: func.func @head(%x: tensor<?x4xf32> loc("x"))
# CHECK: %getitem = fx.slice_tensor %x[%{{.*}}] : tensor<?x4xf32> -> tensor<?x4xf32>
# CHECK: %getitem_1 = fx.slice_tensor %x[%{{.*}}] : tensor<?x4xf32> -> tensor<1x4xf32>
# CHECK: %getitem_2 = fx.slice_tensor %x[%{{.*}}] : tensor<?x4xf32> -> tensor<?x4xf32>
# CHECK: %[[BIG:.*]] = arith.constant 9223372036854775807 : index loc("getitem_3")
# CHECK-NEXT: %[[S:.*]] = fx.slice none, %[[BIG]], none loc("getitem_3")
# CHECK-NEXT: %getitem_3 = fx.slice_tensor %x[%[[S]]] : tensor<?x4xf32> -> tensor<?x4xf32>
print(import_module(Head(), (torch.randn(8, 4),), {"x": {0}}, func_name="head"))


class Scale(torch.nn.Module):
    def forward(self, x, scale=2, bias=None):
        return x * scale if bias is None else x * scale + bias


# A defaulted argument needs no example input: it takes its default. An int
# is an index argument; None is a constant.
# CHECK-LABEL: func.func @scale(%x: tensor<?x8xf32> loc("x"), %scale: index loc("scale"))
# CHECK: fx.node "call_function" "torch.fx._symbolic_trace._assert_is_none"() {args = "(None, {{.*}})"}
# CHECK: %mul = fx.node "call_function" "operator.mul"(%x, %scale)
print(import_module(torch.fx.symbolic_trace(Scale(), concrete_args={"bias": None}),
                    (torch.randn(4, 8),), {"x": {0}}, func_name="scale"))


class TwoDims(torch.nn.Module):
    def forward(self, x, y):
        return torch.cat([x, y], dim=0).flatten(), x.sum(-1)


# Dims move with the dynamic ones: cat adds them, flatten multiplies them; the
# negative dim -1 of --dynamic names the last.
# CHECK-LABEL: func.func @two_dims(%x: tensor<?x?xf32> loc("x"), %y: tensor<3x?xf32> loc("y"))
# CHECK-SAME: -> (tensor<?xf32>, tensor<?xf32>)
print(import_module(TwoDims(), (torch.randn(4, 6), torch.randn(3, 6)),
                    {"x": {0, -1}, "y": {1}}, func_name="two_dims"))
