# The vLLM plugin's check mode (FX_MLIR_SPLIT=check; fx_mlir_import/
# vllm_check.py), loaded by vLLM 0.34.0's own load_general_plugins: vLLM's
# split_graph stays in vllm.compilation.backends, and what it returns or
# raises is what the caller gets; fx-mlir's decision on the same graph is one
# line per graph, INFO where it agrees, WARNING naming each node where it
# does not and why. No piece of fx-mlir's is built. vLLM's log goes to
# stdout; every line that names fx-mlir is checked (--implicit-check-not).
# REQUIRES: vllm
# RUN: rm -rf %t && mkdir -p %t
# RUN: env FX_MLIR_SPLIT=check FX_MLIR_LIBRARY=%fx_obj_root/lib/libFXMLIR-C.so %preload_asan \
# RUN:   %python %s %fx_src_root %t 2>&1 \
# RUN:   | FileCheck %s -DLIB=%fx_obj_root/lib/libFXMLIR-C.so \
# RUN:     --implicit-check-not=fx-mlir: --implicit-check-not=Traceback

import operator
import os
import sys

os.environ.setdefault("VLLM_TARGET_DEVICE", "cpu")
os.environ["VLLM_LOGGING_STREAM"] = "ext://sys.stdout"

root, scratch = sys.argv[1:]
sys.path.insert(0, os.path.join(root, "integration_test", "Vllm", "Inputs"))
sys.path.insert(0, os.path.join(root, "integration_test", "Import", "Inputs"))
import plugin_site  # noqa: E402

plugin_site.install(root, os.path.join(scratch, "site"))

import torch  # noqa: E402
import vllm.compilation.backends as backends  # noqa: E402
from split_api import attention_op, layers, node, size_crosses, start_graph  # noqa: E402
from split_sizes import ATTN as SIZES_ATTN  # noqa: E402
from split_sizes import OPS as SIZES_OPS  # noqa: E402
from vllm.config.logging import LoggingConfig  # noqa: E402
from vllm.logger import configure_logging  # noqa: E402
from vllm.plugins import load_general_plugins  # noqa: E402

vllm_split_graph, vllm_decompose = backends.split_graph, backends._decompose_size_nodes
configure_logging(LoggingConfig())
load_general_plugins()
from fx_mlir_import import vllm_plugin  # noqa: E402

print("split_graph is the check's:", backends.split_graph is vllm_plugin.check_split_graph,
      "; _decompose_size_nodes is vLLM's:", backends._decompose_size_nodes is vllm_decompose,
      flush=True)
# CHECK:      {{^.* INFO .*\] }}fx-mlir: check mode: vLLM 0.34.0's split_graph splits, and fx-mlir's decision on each graph is logged beside it, run through [[LIB]]{{$}}
# CHECK-NEXT: split_graph is the check's: True ; _decompose_size_nodes is vLLM's: True

# Check mode has compile cache keys of its own, so that a cached model, which
# vLLM loads without splitting, never skips the check (vllm_plugin.py,
# _key_compile_cache; Inputs/plugin_site.py records version 0).
import vllm.envs as envs  # noqa: E402
print("compile cache factor:", envs.compile_factors().get("FX_MLIR_SPLIT"), flush=True)
# CHECK-NEXT: compile cache factor: fx-mlir 0 checks

ATTN = attention_op("plugincheck")
OPS = ["plugincheck::attn"]


def split(title, gm, ops):
    """The plugin's split_graph on `gm`, and what vLLM's own makes of a copy:
    the check's result is vLLM's, and no mark of the check is left."""
    print(f"== {title}", flush=True)
    import copy
    theirs = copy.deepcopy(gm)
    try:
        split_gm, items = backends.split_graph(gm, ops)
    except Exception as e:
        print(f"raised {type(e).__name__}", flush=True)
        return
    want = [(i.submod_name, i.graph_id, i.is_splitting_graph, i.graph.code)
            for i in vllm_split_graph(theirs, ops)[1]]
    got = [(i.submod_name, i.graph_id, i.is_splitting_graph, i.graph.code) for i in items]
    marks = [n.name for m in [gm, *split_gm.modules()] if isinstance(m, torch.fx.GraphModule)
             for n in m.graph.nodes if "fx_mlir_check" in n.meta]
    print(f"vLLM's split: {want == got}; marks left: {marks}", flush=True)


# Agreement: three attention layers.
split("layers", layers(ATTN), OPS)
# CHECK-LABEL: == layers
# CHECK-NEXT: {{^.* INFO .*\] }}fx-mlir check: graph 1: vLLM's split, pieces 0 1* 2 3* 4 5* 6: fx-mlir's decision agrees{{$}}
# CHECK-NEXT: vLLM's split: True; marks left: []


def size_read_after_unsqueeze_(x):
    y = x * 2
    y.unsqueeze_(0)
    size = y.size()
    return SIZES_ATTN(y).reshape(size) + 1


captured = []
torch.compile(size_read_after_unsqueeze_, dynamic=True, fullgraph=True,
              backend=lambda gm, _: captured.append(gm) or gm)(torch.randn(5, 8))
# vLLM 0.34.0 places the dims after y's producer (backends.py:533-541),
# before unsqueeze_.
split("a size read after unsqueeze_", captured[0], SIZES_OPS)
# CHECK-LABEL: == a size read after unsqueeze_
# CHECK-NEXT: {{^.* WARNING .*\] }}fx-mlir check: graph 2: vLLM's split, pieces 0 1* 2: 1 difference: node 'size': vLLM decomposed this size after 'y', before the in-place shape change 'unsqueeze_', so its pieces read the old shape; fx-mlir reads it after 'unsqueeze_'{{$}}
# CHECK-NEXT: vLLM's split: True; marks left: []

# A torch.Size a function of the user's returns crosses the cut: vLLM lets
# it, fx-mlir refuses it.
split("a torch.Size crosses, refused", size_crosses(ATTN), OPS)
# CHECK-LABEL: == a torch.Size crosses, refused
# CHECK-NEXT: {{^.* WARNING .*\] }}fx-mlir check: graph 3: vLLM's split, pieces 0 1* 2: 1 difference: node 'shape': a torch.Size crosses from submod_0 to submod_2 in vLLM's split; fx-mlir refuses it: a torch.Size would cross a split boundary: value 'shape' of type '!fx.size<2>', defined by 'fx.node' in piece 0, is used in piece 2{{$}}
# CHECK-NEXT: vLLM's split: True; marks left: []


def graph_module(g):
    return torch.fx.GraphModule(torch.nn.Module(), g)


# x.shape as a getattr node, which vLLM does not decompose (backends.py:516):
# the torch.Size crosses; fx-mlir decomposes it.
g, px, x = start_graph()
shape = node(g, "call_function", getattr, (px, "shape"), x.shape, "shape")
attn = node(g, "call_function", ATTN, (px,), x, "attn")
g.output((node(g, "call_method", "view", (attn, shape), x, "view"),))
split("a torch.Size crosses, decomposed", graph_module(g), OPS)
# CHECK-LABEL: == a torch.Size crosses, decomposed
# CHECK-NEXT: {{^.* WARNING .*\] }}fx-mlir check: graph 4: vLLM's split, pieces 0 1* 2: 1 difference: node 'shape': a torch.Size crosses from submod_0 to submod_2 in vLLM's split; fx-mlir decomposes it{{$}}
# CHECK-NEXT: vLLM's split: True; marks left: []

# attn[relu(x) > 0]: vLLM moves the getitem to attn's piece (backends.py:
# 598-608), before its index, and torch's split_module raises; the caller
# gets vLLM's error.
g, px, x = start_graph()
attn = node(g, "call_function", ATTN, (px,), x, "attn")
relu = node(g, "call_function", torch.relu, (px,), x, "relu")
gt = node(g, "call_method", "__gt__", (relu, 0), x, "gt")
g.output((node(g, "call_function", operator.getitem, (attn, gt), x, "getitem"),))
split("a getitem cycle", graph_module(g), OPS)
# CHECK-LABEL: == a getitem cycle
# CHECK-NEXT: {{^.* WARNING .*\] }}fx-mlir check: graph 5: vLLM's split_graph raised KeyError: 'gt'; node 'getitem': vLLM puts this getitem in the piece of its input 'attn' (submod_1), before its operand 'gt' (submod_2), a getitem cycle; fx-mlir puts it in submod_2; fx-mlir splits it into pieces 1* 2{{$}}
# CHECK-NEXT: raised KeyError

# A graph fx-mlir cannot take (an attribute named as a piece): vLLM's split
# stands, and the line says why fx-mlir has no decision.
g, px, x = start_graph()
root_module = torch.nn.Module()
root_module.register_buffer("submod_0", torch.ones(8))
scale = node(g, "get_attr", "submod_0", (), x[0], "scale")
attn = node(g, "call_function", ATTN, (px,), x, "attn")
g.output((node(g, "call_function", operator.mul, (attn, scale), x, "mul"),))
split("no decision", torch.fx.GraphModule(root_module, g), OPS)
# CHECK-LABEL: == no decision
# CHECK-NEXT: {{^.* WARNING .*\] }}fx-mlir check: graph 6: vLLM's split, pieces 1* 2; fx-mlir cannot decide: node 'scale' uses attribute 'submod_0', a name torch.fx's split_module gives a piece; rename it{{$}}
# CHECK-NEXT: vLLM's split: True; marks left: []

# A node that one split cuts at and the other does not: a vLLM whose
# should_split (backends.py imports it by name, line 54) also splits at
# torch.relu, a builtin function vLLM 0.34.0's rule never splits at
# (partition_rules.py:14-36: torch ops only).
g, px, x = start_graph()
relu = node(g, "call_function", torch.relu, (px,), x, "relu")
g.output((node(g, "call_function", ATTN, (relu,), x, "attn"),))
rule = backends.should_split
backends.should_split = lambda n, ops: n.target is torch.relu or rule(n, ops)
try:
    split("vLLM splits at a node fx-mlir does not", graph_module(g), OPS)
finally:
    backends.should_split = rule
# CHECK-LABEL: == vLLM splits at a node fx-mlir does not
# CHECK-NEXT: {{^.* WARNING .*\] }}fx-mlir check: graph 7: vLLM's split, pieces 1*, fx-mlir's 0 1*: 1 difference: node 'relu': vLLM splits at it (vLLM's piece 1, fx-mlir's 0){{$}}
# CHECK-NEXT: vLLM's split: True; marks left: []
