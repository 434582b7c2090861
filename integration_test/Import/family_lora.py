# LoRA layers written as real ones are: the mapping cast by x.dtype, x.size(0)
# as the stop of slices, the output viewed to x.shape[:-1] + (out,). --check,
# called through the library, reports on each size node; the package's
# `check` is that function even after its module was imported by name.
# REQUIRES: torch
# RUN: %python %s %fx_obj_root/bin/fx-opt > %t.out
# RUN: FileCheck %s --input-file=%t.out
# RUN: sed -n '/^func.func/,/^}/p' %t.out | fx-opt --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS

import sys

import torch

import fx_mlir_import
import fx_mlir_import.check  # noqa: F401
from fx_mlir_import import import_module


class LoRALinear(torch.nn.Module):
    def __init__(self, features=8, rank=2, out_features=6, adapters=3):
        super().__init__()
        self.out_features = out_features
        self.base = torch.nn.Linear(features, out_features)
        self.lora_a = torch.nn.Parameter(torch.randn(adapters, features, rank))
        self.lora_b = torch.nn.Parameter(torch.randn(adapters, rank, out_features))

    def forward(self, x, token_lora_mapping):
        num_tokens = x.size(0)
        mapping = token_lora_mapping[:num_tokens]
        scale = mapping.unsqueeze(-1).to(x.dtype)
        a = self.lora_a[mapping]
        b = self.lora_b[mapping]
        delta = torch.bmm(torch.bmm(x.unsqueeze(1), a), b).squeeze(1) * scale
        out = self.base(x) + delta
        return out.view(x.shape[:-1] + (self.out_features,))


result = import_module(LoRALinear(), (torch.randn(5, 8), torch.arange(16) % 3), {"x": {0}})
print(result)
print(fx_mlir_import.check(result, sys.argv[1]))

# CHECK-LABEL: func.func @forward(%x: tensor<?x8xf32> loc("x"), %token_lora_mapping: tensor<16xi64> loc("token_lora_mapping"))
# CHECK: %size = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("size")
# CHECK: %getitem = fx.slice_tensor %token_lora_mapping[%{{.*}}] : tensor<16xi64> -> tensor<?xi64>
# CHECK: fx.node "call_function" "builtins.getattr"(%x) {args = "(%0, 'dtype')"} : (tensor<?x8xf32>) -> () loc("getattr_1")
# CHECK: %to = fx.node "call_method" "to"(%unsqueeze) {args = "(%0, torch.float32)"} : (tensor<?x1xi64>) -> (tensor<?x1xf32>)
# CHECK: %[[SHAPE:.*]] = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("getattr_2")
# CHECK: %[[ROWS:.*]] = fx.make_size %{{.*}} : !fx.size<1> loc("getitem_3")
# CHECK: %[[C6:.*]] = arith.constant 6 : index loc("add_1")
# CHECK: %add_1 = fx.make_size %{{.*}}, %[[C6]] : !fx.size<2> loc("add_1")
# CHECK: %view = fx.view %add, %add_1 : tensor<?x6xf32>, !fx.size<2> -> tensor<?x6xf32>

# CHECK: size: x.size(dim): left alone: it returns one int, not a torch.Size; users: getitem
# CHECK-NEXT: getattr_2: x.shape: decomposed into [sym_size(x, 0), 8]; users: getitem_3
# CHECK-NEXT: pre-fix decomposition: fails: Tried to erase Node size but it still had 1 users in the graph

# The view takes x's dim 0 and 6, and x.size(0) stays for its slice;
# canonicalize spells both dims fx.sym_size, and CSE makes them one.
# PASS-NOT: fx.size
# PASS: %[[D0:.*]] = fx.sym_size %arg0, dim = 0
# PASS-NOT: fx.size
# PASS: fx.slice none, %[[D0]], none
# PASS-NOT: fx.size
# PASS: %[[S:.*]] = fx.make_size %[[D0]], %{{.*}} : !fx.size<2>
# PASS: fx.view %{{.*}}, %[[S]] : tensor<?x6xf32>, !fx.size<2> -> tensor<?x6xf32>
