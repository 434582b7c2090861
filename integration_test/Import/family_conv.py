# Convolution nets, traced with torch.fx.symbolic_trace, on a small input
# with a dynamic batch: a residual net (batch norms, a strided shortcut,
# adaptive pooling, torch.flatten) and a depthwise-separable net with
# squeeze-and-excite gates that flattens with x.view(x.size(0), -1).
# REQUIRES: torch
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: fx-opt %t.mlir --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS

import torch
import torch.nn.functional as F
from torch import nn

from fx_mlir_import import import_module

torch.manual_seed(0)


class Residual(nn.Module):
    """A residual block: two 3x3 convolutions with batch norms; a strided
    1x1 convolution on the shortcut when the shape changes."""

    def __init__(self, inputs, outputs, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(inputs, outputs, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(outputs)
        self.conv2 = nn.Conv2d(outputs, outputs, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(outputs)
        self.shortcut = nn.Identity()
        if stride != 1 or inputs != outputs:
            self.shortcut = nn.Sequential(nn.Conv2d(inputs, outputs, 1, stride, bias=False),
                                          nn.BatchNorm2d(outputs))

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(self.bn2(self.conv2(y)) + self.shortcut(x))


class TinyResNet(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU())
        self.layer1 = Residual(8, 8)
        self.layer2 = Residual(8, 16, stride=2)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, classes)

    def forward(self, x):
        x = self.layer2(self.layer1(self.stem(x)))
        return self.fc(torch.flatten(self.pool(x), 1))


class Separable(nn.Module):
    """A depthwise 3x3 convolution, a squeeze-and-excite gate, a pointwise
    convolution."""

    def __init__(self, inputs, outputs, stride):
        super().__init__()
        self.depthwise = nn.Conv2d(inputs, inputs, 3, stride, 1, groups=inputs)
        self.squeeze = nn.Conv2d(inputs, 4, 1)
        self.excite = nn.Conv2d(4, inputs, 1)
        self.pointwise = nn.Conv2d(inputs, outputs, 1)

    def forward(self, x):
        x = F.hardswish(self.depthwise(x))
        gate = F.hardsigmoid(self.excite(F.relu(self.squeeze(F.adaptive_avg_pool2d(x, 1)))))
        return self.pointwise(x * gate)


class TinyMobileNet(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.Hardswish(),
                                      Separable(8, 16, 2), Separable(16, 16, 1))
        self.classifier = nn.Linear(16, classes)

    def forward(self, x):
        x = F.adaptive_avg_pool2d(self.features(x), 1)
        return self.classifier(x.view(x.size(0), -1))


# CHECK-LABEL: func.func @resnet(%x: tensor<?x3x32x32xf32> loc("x")) -> (tensor<?x10xf32>)
# CHECK: %stem_0 = fx.node "call_module" "stem.0"(%x) {args = "(%0,)"} : (tensor<?x3x32x32xf32>) -> (tensor<?x8x16x16xf32>)
# CHECK: %add = fx.node "call_function" "operator.add"(%layer1_bn2, %layer1_shortcut) {args = "(%0, %1)"} : (tensor<?x8x16x16xf32>, tensor<?x8x16x16xf32>) -> (tensor<?x8x16x16xf32>)
# CHECK: %layer2_shortcut_0 = fx.node "call_module" "layer2.shortcut.0"(%relu_1) {args = "(%0,)"} : (tensor<?x8x16x16xf32>) -> (tensor<?x16x8x8xf32>)
# CHECK: %flatten = fx.node "call_function" "torch.flatten"(%pool) {args = "(%0, 1)"} : (tensor<?x16x1x1xf32>) -> (tensor<?x16xf32>)
# CHECK: return %fc : tensor<?x10xf32>
print(import_module(TinyResNet().eval(), (torch.randn(2, 3, 32, 32),), {"x": {0}},
                    func_name="resnet"))

# x.size(0) is one int: a dim of the view's size.
# CHECK-LABEL: func.func @mobilenet(%x: tensor<?x3x32x32xf32> loc("x")) -> (tensor<?x10xf32>)
# CHECK: %features_2_depthwise = fx.node "call_module" "features.2.depthwise"(%features_1) {args = "(%0,)"} : (tensor<?x8x16x16xf32>) -> (tensor<?x8x8x8xf32>)
# CHECK: %mul = fx.node "call_function" "operator.mul"(%hardswish, %hardsigmoid) {args = "(%0, %1)"} : (tensor<?x8x8x8xf32>, tensor<?x8x1x1xf32>) -> (tensor<?x8x8x8xf32>)
# CHECK: %size = fx.size %adaptive_avg_pool2d_2, dim = 0 : tensor<?x16x1x1xf32> -> index loc("size")
# CHECK-NEXT: %[[M1:.*]] = arith.constant -1 : index loc("view")
# CHECK-NEXT: %[[S:.*]] = fx.make_size %size, %[[M1]] : !fx.size<2> loc("view")
# CHECK-NEXT: %view = fx.view %adaptive_avg_pool2d_2, %[[S]] : tensor<?x16x1x1xf32>, !fx.size<2> -> tensor<?x16xf32> loc("view")
# CHECK: return %classifier : tensor<?x10xf32>
print(import_module(TinyMobileNet().eval(), (torch.randn(2, 3, 32, 32),), {"x": {0}},
                    func_name="mobilenet"))

# x.size(0) stays one dim (canonicalized to fx.sym_size), the first element
# of the view's size.
# PASS-LABEL: func.func @resnet(
# PASS-LABEL: func.func @mobilenet(
# PASS: %[[D:.*]] = fx.sym_size %{{.*}}, dim = 0 : tensor<?x16x1x1xf32>
# PASS: fx.make_size %[[D]], %{{.*}} : !fx.size<2>
