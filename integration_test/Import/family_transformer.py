# Vision transformers and attention blocks: a small ViT written as
# torchvision's VisionTransformer is, with nn.MultiheadAttention and
# nn.TransformerEncoderLayer inside, which symbolic_trace keeps as leaves,
# called whole.
# REQUIRES: torch
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: fx-opt %t.mlir --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s --check-prefix=PASS

import torch

from fx_mlir_import import import_module

torch.manual_seed(0)


class TinyViT(torch.nn.Module):
    def __init__(self, image=16, patch=4, dim=16, heads=2, classes=10):
        super().__init__()
        self.dim = dim
        self.patchify = torch.nn.Conv2d(3, dim, patch, stride=patch)
        self.cls_token = torch.nn.Parameter(torch.zeros(1, 1, dim))
        self.pos = torch.nn.Parameter(torch.zeros(1, (image // patch) ** 2 + 1, dim))
        self.norm = torch.nn.LayerNorm(dim)
        self.attn = torch.nn.MultiheadAttention(dim, heads, batch_first=True)
        self.block = torch.nn.TransformerEncoderLayer(dim, heads, 2 * dim, batch_first=True)
        self.head = torch.nn.Linear(dim, classes)

    def forward(self, x):
        n = x.shape[0]
        x = self.patchify(x)
        x = x.reshape(n, self.dim, -1).permute(0, 2, 1)
        cls = self.cls_token.expand(n, -1, -1)
        x = torch.cat([cls, x], dim=1)
        x = x + self.pos[:, : x.size(1)]
        h = self.norm(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        x = self.block(x)
        b, t = x.size(0), x.size(1)
        x = x.view(b * t, self.dim).view(b, t, self.dim)
        return self.head(x[:, 0])


# CHECK-LABEL: func.func @vit(%x: tensor<?x3x16x16xf32> loc("x")) -> (tensor<?x10xf32>)
# CHECK: %[[SHAPE:.*]] = fx.size %x : tensor<?x3x16x16xf32> -> !fx.size<4> loc("getattr_1")
# CHECK-NEXT: %getitem = fx.getitem %[[SHAPE]][0] : !fx.size<4> loc("getitem")
# CHECK: %reshape = fx.view %patchify, %{{.*}} : tensor<?x16x4x4xf32>, !fx.size<3> -> tensor<?x16x16xf32>
# CHECK: %expand = fx.node "call_method" "expand"(%cls_token, %getitem) {args = "(%0, %1, -1, -1)"}
# CHECK: %size = fx.size %cat, dim = 1 : tensor<?x17x16xf32> -> index loc("size")
# nn.MultiheadAttention(need_weights=False) returns (out, None): element 0 is used.
# CHECK: %attn.0 = fx.node "call_module" "attn"(%norm, %norm, %norm) {args = "(%0, %1, %2), **{'need_weights': False}"} : (tensor<?x17x16xf32>, tensor<?x17x16xf32>, tensor<?x17x16xf32>) -> (tensor<?x17x16xf32>)
# CHECK: %add_1 = fx.node "call_function" "operator.add"(%add, %attn.0)
# CHECK: %block = fx.node "call_module" "block"(%add_1)
# CHECK: %size_1 = fx.size %block, dim = 0
# CHECK: %size_2 = fx.size %block, dim = 1
# CHECK: %mul = arith.muli %size_1, %size_2 : index loc("mul")
# CHECK: %[[FLAT:.*]] = fx.make_size %mul, %{{.*}} : !fx.size<2> loc("view")
# CHECK: %view = fx.view %block, %[[FLAT]] : tensor<?x17x16xf32>, !fx.size<2> -> tensor<?x16xf32>
# CHECK: %view_1 = fx.view %view, %{{.*}} : tensor<?x16xf32>, !fx.size<3> -> tensor<?x17x16xf32>
print(import_module(TinyViT().eval(), (torch.randn(2, 3, 16, 16),), {"x": {0}}, func_name="vit"))

# The batch of x reaches the reshape through the decomposed x.shape.
# PASS-LABEL: func.func @vit(
# PASS: %[[N:.*]] = fx.sym_size %arg0, dim = 0
# PASS: fx.make_size %[[N]], %{{.*}}, %{{.*}} : !fx.size<3>


class EncoderStack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        layer = torch.nn.TransformerEncoderLayer(16, 2, 32, batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, 2)

    def forward(self, src, mask):
        return self.encoder(src, mask=mask)


# CHECK-LABEL: func.func @encoder(%src: tensor<?x?x16xf32> loc("src"), %mask: tensor<?x?xi1> loc("mask"))
# CHECK: %encoder = fx.node "call_module" "encoder"(%src, %mask) {args = "(%0,), **{'mask': %1}"} : (tensor<?x?x16xf32>, tensor<?x?xi1>) -> (tensor<?x?x16xf32>)
print(import_module(EncoderStack().eval(), (torch.randn(2, 5, 16), torch.zeros(5, 5, dtype=torch.bool)),
                    {"src": {0, 1}, "mask": {0, 1}}, func_name="encoder"))
