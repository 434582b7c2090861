# Segmentation models resize their output to the input's spatial size,
# F.interpolate(y, size=x.shape[-2:]): a sliced torch.Size. torchvision's
# lraspp_mobilenet_v3_large (which returns a dict) and a small hand-written
# one, with dynamic batch, height and width.
# REQUIRES: torch, torchvision
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: fx-opt %t.mlir --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS

import torch
import torch.nn.functional as F
import torchvision

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

model = torchvision.models.segmentation.lraspp_mobilenet_v3_large(
    weights=None, weights_backbone=None, num_classes=3).eval()
# CHECK-LABEL: func.func @lraspp(%input_1: tensor<?x3x?x?xf32> loc("input_1")) -> (tensor<?x3x?x?xf32>) attributes {fx.outputs = "{'out': %0}"}
# CHECK: fx.size %input_1 : tensor<?x3x?x?xf32> -> !fx.size<4>
# CHECK: fx.make_size %{{.*}}, %{{.*}} : !fx.size<2>
# CHECK: "torch.nn.functional.interpolate"
print(import_module(model, (torch.randn(2, 3, 32, 32),), {"input_1": {0, 2, 3}},
                    func_name="lraspp"))

# PASS-LABEL: func.func @lraspp(
# PASS-NOT: fx.getitem
# PASS: return
