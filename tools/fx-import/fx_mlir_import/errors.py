# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The one error of the importer, and how it names nodes."""

import torch


class FxImportError(Exception):
    """An input the importer cannot take; the message names the node."""


def qualified(target):
    """The Python name of a node's target, e.g. `torch.relu`."""
    if isinstance(target, str):
        return target
    if isinstance(target, (torch._ops.OpOverloadPacket, torch._ops.OpOverload)):
        return "torch.ops." + str(target)
    if isinstance(target, torch._ops.HigherOrderOperator):
        return f"torch.ops.{target.namespace}.{target.name()}"
    name = getattr(target, "__name__", None)
    for namespace, prefix in ((torch, "torch"), (torch.nn.functional, "torch.nn.functional")):
        if name and getattr(namespace, name, None) is target:
            return f"{prefix}.{name}"
    module = getattr(target, "__module__", None) or ""
    name = getattr(target, "__qualname__", None) or name or str(target)
    if module in ("_operator", "operator"):
        module = "operator"
    return f"{module}.{name}" if module else name


def describe(node):
    return f"node '{node.name}' ({node.op} {qualified(node.target)})"
