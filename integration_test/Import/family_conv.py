# Convolution nets: torchvision's resnet18 and mobilenet_v3_small, traced with
# torch.fx.symbolic_trace, on a small input with a dynamic batch.
# REQUIRES: torch, torchvision
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: fx-opt %t.mlir --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS

import torch
import torchvision

from fx_mlir_import import import_module

torch.manual_seed(0)

# CHECK-LABEL: func.func @resnet18(%x: tensor<?x3x32x32xf32> loc("x")) -> (tensor<?x1000xf32>)
# CHECK: %conv1 = fx.node "call_module" "conv1"(%x) {args = "(%0,)"} : (tensor<?x3x32x32xf32>) -> (tensor<?x64x16x16xf32>)
# CHECK: %layer1_0_conv1 = fx.node "call_module" "layer1.0.conv1"
# CHECK: %flatten = fx.node "call_function" "torch.flatten"(%avgpool) {args = "(%0, 1)"} : (tensor<?x512x1x1xf32>) -> (tensor<?x512xf32>)
# CHECK: return %fc : tensor<?x1000xf32>
print(import_module(torchvision.models.resnet18().eval(), (torch.randn(2, 3, 32, 32),),
                    {"x": {0}}, func_name="resnet18"))

# CHECK-LABEL: func.func @mobilenet(%x: tensor<?x3x32x32xf32> loc("x")) -> (tensor<?x1000xf32>)
# CHECK: %features_0_0 = fx.node "call_module" "features.0.0"(%x)
print(import_module(torchvision.models.mobilenet_v3_small().eval(), (torch.randn(2, 3, 32, 32),),
                    {"x": {0}}, func_name="mobilenet"))

# PASS-LABEL: func.func @resnet18(
# PASS-LABEL: func.func @mobilenet(
