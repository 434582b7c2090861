# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""fx_mlir_import: imports torch.fx graphs into the fx dialect of fx-mlir.

    from fx_mlir_import import import_module
    print(import_module(model, (torch.randn(4, 8),), dynamic={"x": {0}}))

The pieces: `types` (the type converter: specs of values and their MLIR
types), `specs` (specs from running the graph or from node metadata),
`importer` (a dispatch table keyed by node kind and target; every other node
is an opaque fx.node), `inplace` (the versions of a tensor that in-place ops
change the shape or strides of), `emitter` (MLIR text, every string escaped), `passes`
(fx-opt's passes and their structured reports), `check` (the --check
report), `split` (split_graph and decompose_size_nodes, vLLM's drop-ins),
`vllm_plugin` (the vLLM plugin that puts them in vLLM's backend when
FX_MLIR_SPLIT=1; vLLM imports it, this package does not) and `cli` (the
fx-import command).
"""

from .check import check
from .errors import FxImportError
from .importer import DISPATCH, GraphImporter, ImportResult, import_graph, import_module
from .specs import parse_dynamic
from .split import SplitItem, decompose_size_nodes, split_graph

__all__ = ["DISPATCH", "FxImportError", "GraphImporter", "ImportResult", "SplitItem",
           "decompose_size_nodes", "import_graph", "import_module", "parse_dynamic", "check",
           "split_graph"]

