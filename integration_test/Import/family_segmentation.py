# Segmentation models resize their output to the input's spatial size,
# F.interpolate(y, size=x.shape[-2:]): a sliced torch.Size. Two small ones,
# with dynamic batch, height and width: one head; and two branches in the
# manner of LR-ASPP, a gated coarse branch resized to the fine one's size,
# the sum resized to the input's, returned in a dict.
# REQUIRES: torch
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: fx-opt %t.mlir --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS

import torch
import torch.nn.functional as F

from fx_mlir_import import import_module

torch.manual_seed(0)


class TinySeg(torch.nn.Module):
    def __init__(self, classes=3):
        super().__init__()
        self.down = torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.head = torch.nn.Conv2d(8, classes, 1)

    def forward(self, x):
        size = x.shape[-2:]
        y = self.head(F.relu(self.down(x)))
        return F.interpolate(y, size=size, mode="bilinear", align_corners=False)


# CHECK-LABEL: func.func @tiny(%x: tensor<?x3x?x?xf32> loc("x")) -> (tensor<?x3x?x?xf32>)
# CHECK: %[[SHAPE:.*]] = fx.size %x : tensor<?x3x?x?xf32> -> !fx.size<4> loc("getattr_1")
# CHECK-NEXT: %[[H:.*]] = fx.getitem %[[SHAPE]][2] : !fx.size<4> loc("getitem")
# CHECK-NEXT: %[[W:.*]] = fx.getitem %[[SHAPE]][3] : !fx.size<4> loc("getitem")
# CHECK-NEXT: %getitem = fx.make_size %[[H]], %[[W]] : !fx.size<2> loc("getitem")
# CHECK: %interpolate = fx.node "call_function" "torch.nn.functional.interpolate"(%head, %getitem) {args = "(%0,), **{'size': %1, 'scale_factor': None, 'mode': 'bilinear', 'align_corners': False, 'recompute_scale_factor': None, 'antialias': False}"} : (tensor<?x3x?x?xf32>, !fx.size<2>) -> (tensor<?x3x?x?xf32>)
print(import_module(TinySeg().eval(), (torch.randn(2, 3, 12, 10),), {"x": {0, 2, 3}},
                    func_name="tiny"))

# After the pipeline the size is built from the dims of x.
# PASS-LABEL: func.func @tiny(
# PASS-DAG: %[[H:.*]] = fx.sym_size %arg0, dim = 2
# PASS-DAG: %[[W:.*]] = fx.sym_size %arg0, dim = 3
# PASS: %[[S:.*]] = fx.make_size %[[H]], %[[W]] : !fx.size<2>
# PASS: "torch.nn.functional.interpolate"(%{{.*}}, %[[S]])


class TwoBranchSeg(torch.nn.Module):
    def __init__(self, classes=3):
        super().__init__()
        self.fine = torch.nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.coarse = torch.nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.project = torch.nn.Conv2d(16, 8, 1)
        self.gate = torch.nn.Conv2d(16, 8, 1)
        self.fine_head = torch.nn.Conv2d(8, classes, 1)
        self.coarse_head = torch.nn.Conv2d(8, classes, 1)

    def forward(self, image):
        fine = F.relu(self.fine(image))
        coarse = F.relu(self.coarse(fine))
        gate = torch.sigmoid(self.gate(F.adaptive_avg_pool2d(coarse, 1)))
        y = F.interpolate(self.project(coarse) * gate, size=fine.shape[-2:], mode="bilinear",
                          align_corners=False)
        y = self.fine_head(fine) + self.coarse_head(y)
        return {"out": F.interpolate(y, size=image.shape[-2:], mode="bilinear",
                                     align_corners=False)}


# Two sliced sizes, each of its own tensor.
# CHECK-LABEL: func.func @two_branch(%image: tensor<?x3x?x?xf32> loc("image")) -> (tensor<?x3x?x?xf32>) attributes {fx.outputs = "{'out': %0}"}
# CHECK: fx.size %relu : tensor<?x8x?x?xf32> -> !fx.size<4>
# CHECK: %[[FINE:.*]] = fx.make_size %{{.*}}, %{{.*}} : !fx.size<2>
# CHECK: "torch.nn.functional.interpolate"(%mul, %[[FINE]])
# CHECK: fx.size %image : tensor<?x3x?x?xf32> -> !fx.size<4>
# CHECK: %[[IMAGE:.*]] = fx.make_size %{{.*}}, %{{.*}} : !fx.size<2>
# CHECK: "torch.nn.functional.interpolate"(%add, %[[IMAGE]])
print(import_module(TwoBranchSeg().eval(), (torch.randn(2, 3, 16, 12),), {"image": {0, 2, 3}},
                    func_name="two_branch"))

# No getitem of a size is left: each size is made of its tensor's dims.
# PASS-LABEL: func.func @two_branch(
# PASS-NOT: fx.getitem
# PASS-DAG: fx.sym_size %arg0, dim = 2
# PASS-DAG: fx.sym_size %arg0, dim = 3
# PASS: return
