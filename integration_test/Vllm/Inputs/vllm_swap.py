# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""A pytest plugin that runs vLLM's own tests of split_graph on fx-mlir's.

    pytest -p vllm_swap --split-graph=fx-mlir --fx-library=LIB TESTS...
    pytest -p vllm_swap --split-graph=vllm TESTS...      # the baseline

With --split-graph=fx-mlir, `split_graph` and `_decompose_size_nodes` of
vllm.compilation.backends become fx_mlir_import's (split_graph with the
libFXMLIR-C.so at --fx-library) before any test module is imported, so that
`from vllm.compilation.backends import split_graph` in a test takes
fx-mlir's; with --split-graph=vllm nothing is swapped. Either way the tests
run on CPU: vLLM's platform is its CPU platform (VLLM_TARGET_DEVICE=cpu, read
by cpu_platform_plugin in vllm/platforms/__init__.py of vLLM 0.34.0), so that
a test's `current_platform.device_type` is "cpu", and the tests below that
vLLM marks `skipif(not torch.cuda.is_available())` run on CPU, each for the
reason given. The test files themselves are not changed.

This is test machinery, not part of the package: the list below is about
vLLM 0.34.0's test files; a user swaps fx-mlir's split_graph into vLLM as
docs/Usage.md shows.
"""

import functools
import os

import pytest

# Tests of vLLM 0.34.0 marked `skipif(not torch.cuda.is_available(),
# reason="requires CUDA")` whose only CUDA is that marker: every tensor is
# made on the default device, and what they compile, they compile for it.
# (name: why it runs on CPU; lines of tests/compile/test_graph_partition.py.)
RUNS_ON_CPU = {
    "test_sym_size_whole_shape_boundary":
        "CPU tensors; torch.compile and standalone_compile on CPU (lines 342-398)",
    "test_symint_crosses_split_boundary":
        "CPU tensors; torch.compile with a capturing backend (lines 401-456)",
    "test_shape_boundary_standalone_compile":
        "CPU tensors; torch.compile and standalone_compile on CPU (lines 459-525)",
    "test_size_used_in_multiple_consumer_subgraphs":
        "CPU tensors; torch.compile with a capturing backend (lines 528-579)",
    "test_sym_size_metadata_propagated":
        "CPU tensors; torch.compile and standalone_compile on CPU (lines 582-630)",
}
CUDA_REASON = "requires CUDA"


def pytest_addoption(parser):
    group = parser.getgroup("vllm_swap", "whose split_graph vLLM's tests run on")
    group.addoption("--split-graph", choices=("fx-mlir", "vllm"), default="fx-mlir",
                    help="fx-mlir: fx_mlir_import's split_graph and "
                         "decompose_size_nodes in vllm.compilation.backends; "
                         "vllm: vLLM's own (the baseline)")
    group.addoption("--fx-library", default=None,
                    help="the libFXMLIR-C.so fx-mlir's split_graph loads "
                         "(default: the package's, else the build's)")


def pytest_configure(config):
    patch = pytest.MonkeyPatch()
    config.add_cleanup(patch.undo)
    # Before vllm.platforms picks the platform, on its first use.
    patch.setenv("VLLM_TARGET_DEVICE", "cpu")
    import vllm.compilation.backends as backends
    from vllm.platforms import current_platform

    if current_platform.device_type != "cpu":
        raise pytest.UsageError(f"vLLM's platform is {type(current_platform).__name__}, "
                                f"not its CPU platform: was vllm.platforms used before?")
    if config.getoption("split_graph") == "fx-mlir":
        import fx_mlir_import

        split_graph = fx_mlir_import.split_graph
        decompose_size_nodes = fx_mlir_import.decompose_size_nodes
        library = config.getoption("fx_library")
        if library is not None:
            split_graph = functools.partial(split_graph, library=library)
            decompose_size_nodes = functools.partial(decompose_size_nodes, library=library)
        patch.setattr(backends, "split_graph", split_graph)
        patch.setattr(backends, "_decompose_size_nodes", decompose_size_nodes)


def pytest_report_header(config):
    import vllm

    which = config.getoption("split_graph")
    source = {"fx-mlir": "fx_mlir_import", "vllm": "vllm.compilation.backends"}[which]
    return ([f"split_graph, _decompose_size_nodes: {source}'s; vLLM {vllm.__version__}, "
             f"platform: cpu"]
            + [f"runs on CPU despite skipif({CUDA_REASON!r}): {name}: {why}"
               for name, why in RUNS_ON_CPU.items()])


def pytest_collection_modifyitems(items):
    """Lifts the CUDA marker of the tests of RUNS_ON_CPU; a test named there
    must have it, so that the list follows the test files."""
    for item in items:
        if getattr(item, "originalname", item.name) not in RUNS_ON_CPU:
            continue
        cuda = [m for m in item.own_markers
                if m.name == "skipif" and m.kwargs.get("reason") == CUDA_REASON]
        if not cuda:
            raise pytest.UsageError(f"{item.nodeid} has no skipif(reason={CUDA_REASON!r}) "
                                    f"to lift: vllm_swap.RUNS_ON_CPU is out of date")
        item.own_markers[:] = [m for m in item.own_markers if m not in cuda]

