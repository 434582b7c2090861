# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""fx_mlir_import: imports torch.fx graphs into the fx dialect of fx-mlir.

    from fx_mlir_import import import_module
    print(import_module(model, (torch.randn(4, 8),), dynamic={"x": {0}}))

The modules, one job each:

  values       the abstract values of nodes ("specs")
  specs        where a graph's specs come from: a run, or node metadata
  types        the MLIR types of specs
  inplace      the versions of a tensor that in-place ops change the shape
               or strides of
  emitter      MLIR text, every string escaped
  importer     the graph as MLIR text: a dispatch table keyed by node kind
               and target; every other node is an opaque fx.node
  locate       which libFXMLIR-C.so file to load when none is given
  elf          whether a file may be mapped: a whole ELF shared library
  copies       which copy of the library this process registered
  nesting      how deep MLIR text nests, and the thread with a stack for it
  native       libFXMLIR-C.so in this process: the ctypes binding of its
               C API, which decides a split
  decision     fx-split-graph's decision, as typed values
  passes       the fx-opt tool wrapper: --check's pre-fix pass
  check        the --check report, from split_graph's decision
  decompose    a decision's size decomposition applied to a graph;
               decompose_size_nodes, vLLM's _decompose_size_nodes
  pieces       the pieces of a partition, as torch's split_module builds them
  lazy         split modules that generate their code one thread at a time
  split        split_graph, vLLM's drop-in
  vllm_plugin  the vLLM plugin that puts them in vLLM's backend when
               FX_MLIR_SPLIT=1 (vLLM imports it; this package does not)
  vllm_check   its check mode (FX_MLIR_SPLIT=check): fx-mlir's decision
               beside vLLM's own split, one line per graph
  errors       FxImportError and how nodes are named in messages
  cli          the fx-import command (__main__ runs it)
"""

from .check import check
from .decompose import decompose_size_nodes
from .errors import FxImportError
from .importer import DISPATCH, GraphImporter, ImportResult, import_graph, import_module
from .specs import parse_dynamic
from .split import SplitItem, split_graph

__all__ = ["DISPATCH", "FxImportError", "GraphImporter", "ImportResult", "SplitItem",
           "decompose_size_nodes", "import_graph", "import_module", "parse_dynamic", "check",
           "split_graph"]

