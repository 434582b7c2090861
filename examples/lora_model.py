# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""A LoRA layer with both size idioms, for the README's "use it on your model".

    x.size(0)          one int: the stop of a slice (what the pre-fix pass erased)
    y.view(x.size())   a torch.Size: what fx-decompose-size decomposes

Import it with tools/fx-import/fx_import.py examples/lora_model.py:model.
"""

import torch


class LoraLayer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.base = torch.nn.Linear(8, 8)
        self.lora_a = torch.nn.Linear(8, 4, bias=False)
        self.lora_b = torch.nn.Linear(4, 8, bias=False)

    def forward(self, x, token_lora_mapping):
        scale = token_lora_mapping[: x.size(0)].unsqueeze(1)
        delta = self.lora_b(self.lora_a(x)) * scale
        return self.base(x) + delta.view(x.size())


def model():
    """(module, example inputs): 5 tokens of width 8, a mapping for 16."""
    return LoraLayer(), (torch.randn(5, 8), torch.ones(16))
