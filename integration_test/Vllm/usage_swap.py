# The swap of docs/Usage.md ("Use it from vLLM"), run as written: its Python
# block is found with utils/check_readme.py's own block reader and executed;
# then vllm.compilation.backends has fx-mlir's split_graph and
# decompose_size_nodes, a module importing split_graph from it after the swap
# gets fx-mlir's, and that split computes what the unsplit graph computes.
# REQUIRES: vllm
# RUN: %preload_asan %python %s %fx_src_root %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import os
import sys

import torch
from torch.fx.experimental.proxy_tensor import make_fx

root, library = sys.argv[1:]
sys.path.insert(0, os.path.join(root, "utils"))
from check_readme import blocks  # noqa: E402

with open(os.path.join(root, "docs", "Usage.md"), encoding="utf-8") as f:
    (snippet,) = [lines for lang, lines, _ in blocks(f.read())
                  if lang == "python" and any("vllm.compilation.backends" in l for l in lines)]
exec("\n".join(snippet), {})

import fx_mlir_import  # noqa: E402
import vllm.compilation.backends as backends  # noqa: E402

# CHECK: swapped: split_graph True, _decompose_size_nodes True
print(f"swapped: split_graph {backends.split_graph is fx_mlir_import.split_graph}, "
      f"_decompose_size_nodes "
      f"{backends._decompose_size_nodes is fx_mlir_import.decompose_size_nodes}")

from vllm.compilation.backends import split_graph  # noqa: E402

gm = make_fx(lambda x: torch.sigmoid(torch.relu(x) * 2) + 1)(torch.randn(4, 8))
split_gm, items = split_graph(gm, ["aten::sigmoid"], library=library)
x = torch.randn(4, 8)
# CHECK-NEXT: pieces: submod_0 submod_1* submod_2
print("pieces:", " ".join(item.submod_name + "*" * item.is_splitting_graph for item in items))
# CHECK-NEXT: the split computes what the graph computes: True
print("the split computes what the graph computes:", torch.equal(split_gm(x), gm(x)))
