# Every common size idiom becomes fx and arith ops, not an opaque fx.node.
# REQUIRES: torch
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir --implicit-check-not='"builtins.getattr"'
# RUN: fx-opt %t.mlir --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS
# RUN: sed -n '/^func.func @view_sizes/,/^}/p' %t.mlir | fx-opt --convert-fx-to-tensor | FileCheck %s --check-prefix=LOWER

import operator

import torch
import torch.fx

from fx_mlir_import import import_module

torch.fx.wrap("len")


def show(name, module, inputs, dynamic):
    print(import_module(module, inputs, dynamic, func_name=name))


class Shape(torch.nn.Module):
    def forward(self, x, y):
        # x.shape is x.size(); a sliced and a concatenated torch.Size.
        return (y.view(x.shape), x.shape[0], y.view(x.size()[1:] + (x.shape[0],)),
                x.shape[-2:] + x.shape[:1], y.view((x.shape[1],) + x.shape[::2]))


class ViewSizes(torch.nn.Module):
    def forward(self, x, y, z):
        return z.view(x.size()[1:]), y.view(x.size() + (1,))


# CHECK-LABEL: func.func @shape(
# CHECK: %[[S:.*]] = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("getattr_1")
# CHECK-NEXT: %view = fx.view %y, %[[S]] : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
# CHECK-NEXT: %[[S2:.*]] = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("getattr_2")
# CHECK-NEXT: %getitem = fx.getitem %[[S2]][0] : !fx.size<2> loc("getitem")
# x.size()[1:] + (x.shape[0],)
# CHECK: %[[SZ:.*]] = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("size")
# CHECK-NEXT: %[[E1:.*]] = fx.getitem %[[SZ]][1] : !fx.size<2> loc("getitem_1")
# CHECK-NEXT: %[[TAIL:.*]] = fx.make_size %[[E1]] : !fx.size<1> loc("getitem_1")
# CHECK: %[[B:.*]] = fx.getitem %{{.*}}[0] : !fx.size<2> loc("getitem_2")
# CHECK-NEXT: %[[T0:.*]] = fx.getitem %[[TAIL]][0] : !fx.size<1> loc("add")
# CHECK-NEXT: %[[CAT:.*]] = fx.make_size %[[T0]], %[[B]] : !fx.size<2> loc("add")
# CHECK-NEXT: fx.view %y, %[[CAT]] : tensor<?xf32>, !fx.size<2> -> tensor<8x?xf32>
# x.shape[-2:] + x.shape[:1]: a torch.Size plus a torch.Size.
# CHECK: %add_1 = fx.make_size %{{.*}}, %{{.*}}, %{{.*}} : !fx.size<3> loc("add_1")
# (x.shape[1],) + x.shape[::2]: a tuple plus a torch.Size.
# CHECK: %add_2 = fx.make_size %{{.*}}, %{{.*}} : !fx.size<2> loc("add_2")
# CHECK: fx.view %y, %add_2 : tensor<?xf32>, !fx.size<2> -> tensor<8x?xf32>

# The decomposed sizes fold away: the views take the dims of x.
# PASS-LABEL: func.func @shape(
# PASS-NOT: fx.size %
# PASS-NOT: fx.getitem
# PASS: fx.make_size
# PASS-NOT: fx.getitem
# PASS: return
show("shape", Shape(), (torch.randn(5, 8), torch.randn(40)), {"x": {0}, "y": {0}})

# y.view(x.size()[1:]) and y.view(x.size() + (1,)), as users write them.
# CHECK-LABEL: func.func @view_sizes(
# CHECK: %[[S:.*]] = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("size")
# CHECK-NEXT: %[[E:.*]] = fx.getitem %[[S]][1] : !fx.size<2> loc("getitem")
# CHECK-NEXT: %getitem = fx.make_size %[[E]] : !fx.size<1> loc("getitem")
# CHECK-NEXT: %view = fx.view %z, %getitem : tensor<8xf32>, !fx.size<1> -> tensor<8xf32>
# CHECK: %[[C1:.*]] = arith.constant 1 : index loc("add")
# CHECK-NEXT: %add = fx.make_size %{{.*}}, %{{.*}}, %[[C1]] : !fx.size<3> loc("add")
# CHECK-NEXT: %view_1 = fx.view %y, %add : tensor<?xf32>, !fx.size<3> -> tensor<?x8x1xf32>
show("view_sizes", ViewSizes(), (torch.randn(5, 8), torch.randn(40), torch.randn(8)),
     {"x": {0}, "y": {0}})

# x.shape lowers as x.size() does.
# LOWER-LABEL: func.func @view_sizes(
# LOWER-NOT: fx.
# LOWER: tensor.reshape


class Scalars(torch.nn.Module):
    def forward(self, x):
        rank = x.dim() + x.ndim + len(x.size()) + x.ndimension()
        n = x.numel()
        rows = len(x)
        return rank, n, rows, torch.ops.aten.sym_size.int(x, 1), torch.ops.aten.sym_numel(x)


# CHECK-LABEL: func.func @scalars(
# CHECK-SAME: -> (index, index, index, index, index)
# CHECK: %dim = arith.constant 2 : index loc("dim")
# CHECK: %getattr_1 = arith.constant 2 : index loc("getattr_1")
# CHECK: %add = arith.addi %dim, %getattr_1 : index loc("add")
# CHECK: %len_1 = arith.constant 2 : index loc("len_1")
# CHECK: %ndimension = arith.constant 2 : index loc("ndimension")
# x.numel(): the symbolic dim times the static ones.
# CHECK: %[[D0:.*]] = fx.sym_size %x, dim = 0 : tensor<?x8xf32> loc("numel")
# CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index loc("numel")
# CHECK-NEXT: %numel = arith.muli %[[D0]], %[[C8]] : index loc("numel")
# len(x) is x.size(0).
# CHECK: %len_2 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("len_2")
# CHECK: %sym_size_int = fx.sym_size %x, dim = 1 : tensor<?x8xf32> loc("sym_size_int")
# CHECK: %sym_numel = arith.muli
# CHECK: return %add_2, %numel, %len_2, %sym_size_int, %sym_numel
show("scalars", Scalars(), (torch.randn(5, 8),), {"x": {0}})


class Arith(torch.nn.Module):
    def forward(self, x):
        n, c = x.size(0), x.size(1)
        return (n + c, n - 1, 2 * n, n // c, n % 3, -n, n == c, n < c, n <= 4, n > c,
                n >= c, n != c, c / 2)


# CHECK-LABEL: func.func @arith(
# CHECK-SAME: -> (index, index, index, index, index, index, i1, i1, i1, i1, i1, i1, f64)
# CHECK: %add = arith.addi %size, %size_1 : index
# CHECK: %sub = arith.subi %size, %{{.*}} : index
# CHECK: %mul = arith.muli %{{.*}}, %size : index
# CHECK: %floordiv = arith.floordivsi %size, %size_1 : index
# Python's % follows the divisor's sign: n - (n // 3) * 3.
# CHECK: %[[Q:.*]] = arith.floordivsi %size, %[[C3:.*]] : index loc("mod")
# CHECK-NEXT: %[[P:.*]] = arith.muli %[[Q]], %[[C3]] : index loc("mod")
# CHECK-NEXT: %mod = arith.subi %size, %[[P]] : index loc("mod")
# CHECK: %neg = arith.subi %{{.*}}, %size : index
# CHECK: %eq = arith.cmpi eq, %size, %size_1 : index
# CHECK: %lt = arith.cmpi slt, %size, %size_1 : index
# CHECK: %le = arith.cmpi sle, %size, %{{.*}} : index
# CHECK: %gt = arith.cmpi sgt, %size, %size_1 : index
# CHECK: %ge = arith.cmpi sge, %size, %size_1 : index
# CHECK: %ne = arith.cmpi ne, %size, %size_1 : index
# True division gives a float: an opaque node.
# CHECK: %truediv = fx.node "call_function" "operator.truediv"(%size_1) {args = "(%0, 2)"} : (index) -> (f64)
show("arith", Arith(), (torch.randn(5, 8),), {"x": {0}})
