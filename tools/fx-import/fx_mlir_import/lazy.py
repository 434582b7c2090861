# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Split modules that generate their code lazily, one thread at a time."""

import threading

from torch.fx._lazy_graph_module import _LazyGraphModule

# Generating a GraphModule's code is not thread-safe: torch.fx's
# Graph.python_code gives the graph's nodes another repr while it prints
# them, and a lazy module generates its code on first need, so that
# threads calling a fresh split module at once get each other's names
# (UnboundLocalError) or no forward at all (torch/fx/_lazy_graph_module.py
# and torch/fx/graph.py, torch 2.13.0).
_CODEGEN = threading.RLock()


class _SplitModule(_LazyGraphModule):
    """A split module or piece: a lazy GraphModule that generates its code
    under _CODEGEN, on first need as before."""

    def _real_recompile(self):
        with _CODEGEN:
            return super()._real_recompile()

    def real_recompile(self):
        with _CODEGEN:
            super().real_recompile()

    def _lazy_forward(self, *args, **kwargs):
        # Another thread may mark the code stale again between the two
        # lines (a parent's code generation marks its pieces'): the call
        # then generates it again, rather than failing as torch's does.
        self.real_recompile()
        return self(*args, **kwargs)

    forward = _lazy_forward


def make_thread_safe(split_gm):
    """Makes `split_gm` and its pieces _SplitModules."""
    for module in (split_gm, *split_gm.children()):
        # A class of its own, as GraphModule.__new__ makes one, named as
        # GraphModule.__init__ names it.
        cls = type("GraphModuleImpl", (_SplitModule,), {})
        cls.__name__ = type(module).__name__
        module.__class__ = cls
