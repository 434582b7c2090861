# fx-mlir's vLLM plugin (fx_mlir_import/vllm_plugin.py), loaded by vLLM
# 0.34.0's own load_general_plugins from the entry point pyproject.toml
# declares (Inputs/plugin_site.py records it as pip would). vLLM's log goes
# to stdout; every line that names fx-mlir is checked (--implicit-check-not).
#
# On, a process each: vllm.compilation.backends' split_graph and
# _decompose_size_nodes are the plugin's, VllmBackend.__call__ finds them
# there, and they split and decompose. At load, one line says the plugin is
# installed and waits, naming the library; `on:` comes at the first graph
# split, not before. Loaded before vLLM sets up its log (as the LLM class
# does), the first line comes when vLLM makes its config (VllmConfig), after.
# vLLM 0.30.0's log lines have no process prefix (VllmReleases runs `on`).
# REQUIRES: vllm
# RUN: rm -rf %t && mkdir -p %t
# RUN: env FX_MLIR_SPLIT=1 FX_MLIR_LIBRARY=%fx_obj_root/lib/libFXMLIR-C.so %preload_asan \
# RUN:   %python %s %fx_src_root %t on 2>&1 \
# RUN:   | FileCheck %s --check-prefix=ON -DLIB=%fx_obj_root/lib/libFXMLIR-C.so -DVERSION=0.34.0 \
# RUN:     --implicit-check-not=fx-mlir: --implicit-check-not=Traceback
# RUN: env FX_MLIR_SPLIT=1 VLLM_PLUGINS=fx_mlir FX_MLIR_LIBRARY=%fx_obj_root/lib/libFXMLIR-C.so \
# RUN:   %preload_asan %python %s %fx_src_root %t log-later 2>&1 \
# RUN:   | FileCheck %s --check-prefix=LATER -DLIB=%fx_obj_root/lib/libFXMLIR-C.so -DVERSION=0.34.0 \
# RUN:     --implicit-check-not=fx-mlir: --implicit-check-not=Traceback
#
# vLLM's compilation mode, as VllmConfig.__post_init__ settles it, in one
# process, with fx-mlir splitting and checking: where it is not VLLM_COMPILE,
# vLLM's backend is not VllmBackend and never calls split_graph, and one
# WARNING line says so, once a process for each mode. vLLM 0.34.0's own CPU
# platform hook turns VLLM_COMPILE into DYNAMO_TRACE_ONCE (its Triton check
# passed: this environment has no triton-cpu). Nothing is split, and no
# `on:` line appears.
# RUN: env FX_MLIR_SPLIT=1 FX_MLIR_LIBRARY=%fx_obj_root/lib/libFXMLIR-C.so %preload_asan \
# RUN:   %python %s %fx_src_root %t modes > %t/modes-on.out 2>&1
# RUN: FileCheck %s --check-prefixes=MODES,MODES-ON -DLIB=%fx_obj_root/lib/libFXMLIR-C.so \
# RUN:   -DWHAT=splits --implicit-check-not=fx-mlir: --implicit-check-not=Traceback < %t/modes-on.out
# RUN: not grep "fx-mlir: on:" %t/modes-on.out
# RUN: env FX_MLIR_SPLIT=check FX_MLIR_LIBRARY=%fx_obj_root/lib/libFXMLIR-C.so %preload_asan \
# RUN:   %python %s %fx_src_root %t modes 2>&1 \
# RUN:   | FileCheck %s --check-prefixes=MODES,MODES-CHECK -DLIB=%fx_obj_root/lib/libFXMLIR-C.so \
# RUN:     -DWHAT=checks --implicit-check-not=fx-mlir: --implicit-check-not=Traceback
#
# Off and refused, in one process, vLLM's loader made to load its plugins
# anew for each case (vllm.plugins.plugins_loaded): FX_MLIR_SPLIT unset or 0,
# or VLLM_PLUGINS leaving the plugin out, changes nothing and says nothing; a
# value other than 0 and 1, a vLLM it does not know, by version or by the
# shape of its backend module (stand-ins put in this process), and a library
# that is missing or cut short, say why in one line each and change nothing.
# RUN: %python -c "import sys; open(sys.argv[2], 'wb').write(open(sys.argv[1], 'rb').read()[:100000])" \
# RUN:   %fx_obj_root/lib/libFXMLIR-C.so %t/truncated.so
# RUN: env -u FX_MLIR_SPLIT -u VLLM_PLUGINS %preload_asan %python %s %fx_src_root %t off \
# RUN:   %fx_obj_root/lib/libFXMLIR-C.so 2>&1 \
# RUN:   | FileCheck %s --check-prefix=OFF -DT=%t -DLIB=%fx_obj_root/lib/libFXMLIR-C.so --implicit-check-not=fx-mlir: --implicit-check-not=Traceback
#
# `python -m fx_mlir_import.vllm_plugin` (the README runs it on) says why
# it is off, in one line, and exits 1.
# RUN: not env -u FX_MLIR_SPLIT %python -m fx_mlir_import.vllm_plugin > %t/main-off.out 2>&1
# RUN: FileCheck %s --check-prefix=MAIN-OFF --implicit-check-not=fx-mlir: \
# RUN:   --implicit-check-not=Traceback < %t/main-off.out
# MAIN-OFF: {{^}}fx-mlir: the vLLM plugin is off: FX_MLIR_SPLIT is not 1{{$}}

import inspect
import os
import sys
import types

os.environ.setdefault("VLLM_TARGET_DEVICE", "cpu")
os.environ["VLLM_LOGGING_STREAM"] = "ext://sys.stdout"

root, scratch, case, *library = sys.argv[1:]
library = library[0] if library else None
sys.path.insert(0, os.path.join(root, "integration_test", "Vllm", "Inputs"))
import plugin_site  # noqa: E402

plugin_site.install(root, os.path.join(scratch, "site-" + case))

import torch  # noqa: E402
import vllm  # noqa: E402
import vllm.plugins  # noqa: E402
import vllm.compilation.backends as backends  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402
try:
    from vllm.config.logging import LoggingConfig  # noqa: E402
    from vllm.logger import configure_logging  # noqa: E402
except ImportError:
    # vLLM 0.30.0 sets up its log when vllm.logger is imported (logger.py:257),
    # and has no LoggingConfig (the `on` case runs on each release,
    # VllmReleases).
    def configure_logging(config):
        pass

    def LoggingConfig():
        return None
from vllm.plugins import load_general_plugins  # noqa: E402

before = (backends.split_graph, backends._decompose_size_nodes)


def whose():
    now = (backends.split_graph, backends._decompose_size_nodes)
    if now == before:
        return "vLLM's, untouched"
    from fx_mlir_import import vllm_plugin
    ours = (vllm_plugin.split_graph, vllm_plugin.decompose_size_nodes)
    return "the plugin's" if now == ours else f"neither: {now}"


# As vLLM's engine processes do, the log is set up before plugins load; the
# LLM class sets it up after (vllm/entrypoints/llm.py of vLLM 0.34.0).
if case != "log-later":
    configure_logging(LoggingConfig())
if case == "off":
    print("== FX_MLIR_SPLIT unset", flush=True)
load_general_plugins()
print("split_graph and _decompose_size_nodes:", whose(), flush=True)


def cache_factor():
    """FX_MLIR_SPLIT's factor among those vLLM hashes into its compile cache
    keys (vllm/envs.py compile_factors), and whether the hash differs from
    one without it."""
    import vllm.envs as envs
    from vllm.config.utils import hash_factors
    factors = envs.compile_factors()
    without = {k: v for k, v in factors.items() if k != "FX_MLIR_SPLIT"}
    return (f"compile cache factor: {factors.get('FX_MLIR_SPLIT')}; "
            f"key changed: {hash_factors(factors) != hash_factors(without)}")


print(cache_factor(), flush=True)
# ON:      {{^(.* )?INFO .*\] }}fx-mlir: installed in vLLM [[VERSION]]'s vllm.compilation.backends, run through [[LIB]]; waiting for vLLM's backend to call split_graph{{$}}
# ON:      split_graph and _decompose_size_nodes: the plugin's
# Inputs/plugin_site.py records the package as version 0.
# ON-NEXT: compile cache factor: fx-mlir 0 splits; key changed: True
# LATER:   split_graph and _decompose_size_nodes: the plugin's


def make_config(title, mode=None, platform_hook=None):
    """vLLM 0.34.0's VllmConfig, made as vLLM makes it, with `mode` asked
    for (None: vLLM's default), under vLLM's CPU platform hook, or
    `platform_hook` in its place; prints the mode vLLM settled on."""
    import vllm.triton_utils
    from vllm.config import CompilationConfig, VllmConfig
    from vllm.platforms import current_platform

    print(f"== {title}", flush=True)
    vllm.triton_utils.HAS_TRITON = True  # the CPU platform's check of triton-cpu
    platform = type(current_platform)
    saved = platform.__dict__["check_and_update_config"]
    if platform_hook:
        platform.check_and_update_config = classmethod(platform_hook)
    try:
        config = VllmConfig(compilation_config=CompilationConfig(mode=mode))
    finally:
        platform.check_and_update_config = saved
    print("compilation mode:", config.compilation_config.mode.name, flush=True)


if case == "modes":
    from vllm.config import VllmConfig
    from fx_mlir_import import vllm_plugin
    print("VllmConfig.__post_init__ wrapped by the plugin:",
          getattr(VllmConfig.__post_init__, "_fx_mlir", False), flush=True)
    make_config("vLLM's default, vLLM 0.34.0's CPU platform")
    make_config("again")
    make_config("mode NONE", mode=0)
    make_config("mode STOCK_TORCH_COMPILE", mode=1)
    make_config("VLLM_COMPILE, a platform that leaves it", platform_hook=lambda cls, c: None)
    print("split_graph calls:", vllm_plugin.calls(), flush=True)
    sys.exit(0)
# MODES-ON:    {{^(.* )?INFO .*\] }}fx-mlir: installed in vLLM 0.34.0's vllm.compilation.backends, run through [[LIB]]; waiting for vLLM's backend to call split_graph{{$}}
# MODES-CHECK: {{^(.* )?INFO .*\] }}fx-mlir: check mode: vLLM 0.34.0's split_graph splits, and fx-mlir's decision on each graph is logged beside it, run through [[LIB]]{{$}}
# MODES:      VllmConfig.__post_init__ wrapped by the plugin: True
# MODES:      == vLLM's default, vLLM 0.34.0's CPU platform
# MODES:      {{^(.* )?WARNING .*\] }}fx-mlir: vLLM's compilation mode is DYNAMO_TRACE_ONCE, not VLLM_COMPILE: its backend is not VllmBackend, and split_graph is never called, so fx-mlir [[WHAT]] no graph in this start{{$}}
# MODES:      compilation mode: DYNAMO_TRACE_ONCE
# MODES:      == again
# MODES:      compilation mode: DYNAMO_TRACE_ONCE
# MODES:      == mode NONE
# MODES:      {{^(.* )?WARNING .*\] }}fx-mlir: vLLM's compilation mode is NONE, not VLLM_COMPILE: its backend is not VllmBackend, and split_graph is never called, so fx-mlir [[WHAT]] no graph in this start{{$}}
# MODES:      compilation mode: NONE
# MODES:      == mode STOCK_TORCH_COMPILE
# MODES:      {{^(.* )?WARNING .*\] }}fx-mlir: vLLM's compilation mode is STOCK_TORCH_COMPILE, not VLLM_COMPILE: its backend is not VllmBackend, and split_graph is never called, so fx-mlir [[WHAT]] no graph in this start{{$}}
# MODES:      compilation mode: STOCK_TORCH_COMPILE
# MODES:      == VLLM_COMPILE, a platform that leaves it
# MODES:      compilation mode: VLLM_COMPILE
# MODES:      split_graph calls: 0

# The cases of `off`: (name, environment, what to put in place for it).
def signature(graph, splitting_ops, resolved_ops=None):
    return graph, []


signature.__module__ = backends.__name__
# As at vllm-project/vllm 7ffc3d06e70c: the backend's module re-exports
# split_graph from another, whose own VllmBackend calls it.
other = types.ModuleType("vllm.backends.compiler.backends")
exec("def split_graph(graph, splitting_ops):\n    return graph, []", other.__dict__)


class VllmBackend:
    def __call__(self, graph, example_inputs):
        return graph


CASES = [
    ("FX_MLIR_SPLIT=0", {"FX_MLIR_SPLIT": "0"}, None),
    ("VLLM_PLUGINS without fx_mlir", {"FX_MLIR_SPLIT": "1",
                                      "VLLM_PLUGINS": "lora_filesystem_resolver"}, None),
    ("FX_MLIR_SPLIT=yes", {"FX_MLIR_SPLIT": "yes"}, None),
    ("vLLM 0.35.0", {"FX_MLIR_SPLIT": "1"}, (vllm, "__version__", "0.35.0")),
    ("another signature", {"FX_MLIR_SPLIT": "1"}, (backends, "split_graph", signature)),
    ("re-exported", {"FX_MLIR_SPLIT": "1"}, (backends, "split_graph", other.split_graph)),
    ("another caller", {"FX_MLIR_SPLIT": "1"}, (backends, "VllmBackend", VllmBackend)),
    ("library missing", {"FX_MLIR_SPLIT": "1", "FX_MLIR_LIBRARY": f"{scratch}/missing.so"}, None),
    ("library cut short", {"FX_MLIR_SPLIT": "1",
                           "FX_MLIR_LIBRARY": f"{scratch}/truncated.so"}, None),
    # Last, as it turns the plugin on: a vLLM whose compile_factors hashes
    # no table the plugin can add to.
    ("compile cache unkeyed", {"FX_MLIR_SPLIT": "1", "FX_MLIR_LIBRARY": library},
     (__import__("vllm.envs").envs, "compile_factors", lambda: {})),
]
if case == "off":
    for name, environment, stand_in in CASES:
        os.environ.update(environment)
        if stand_in:
            where, attribute, value = stand_in
            saved = getattr(where, attribute)
            setattr(where, attribute, value)
        before = (backends.split_graph, backends._decompose_size_nodes)
        print(f"== {name}", flush=True)
        vllm.plugins.plugins_loaded = False
        load_general_plugins()
        print("split_graph and _decompose_size_nodes:", whose(), flush=True)
        print(cache_factor(), flush=True)
        if stand_in:
            setattr(where, attribute, saved)
        for variable in environment:
            del os.environ[variable]
# OFF:      == FX_MLIR_SPLIT unset
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == FX_MLIR_SPLIT=0
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == VLLM_PLUGINS without fx_mlir
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == FX_MLIR_SPLIT=yes
# OFF-NEXT: {{^(.* )?WARNING .*\] }}fx-mlir: split_graph stays vLLM's: FX_MLIR_SPLIT is 'yes'; 1 turns the plugin on, check checks vLLM's split, 0 or unset leaves it off{{$}}
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == vLLM 0.35.0
# OFF-NEXT: {{^(.* )?WARNING .*\] }}fx-mlir: split_graph stays vLLM's: vLLM 0.35.0 is not a version this plugin knows (0.30.0, 0.31.0, 0.32.0, 0.33.0, 0.34.0); replace split_graph by hand (docs/Usage.md, "Use it from vLLM"){{$}}
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == another signature
# OFF-NEXT: {{^(.* )?WARNING .*\] }}fx-mlir: split_graph stays vLLM's: vLLM 0.34.0's vllm.compilation.backends.split_graph is split_graph(graph, splitting_ops, resolved_ops=None), not split_graph(graph, splitting_ops); replace split_graph by hand (docs/Usage.md, "Use it from vLLM"){{$}}
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == re-exported
# OFF-NEXT: {{^(.* )?WARNING .*\] }}fx-mlir: split_graph stays vLLM's: vLLM 0.34.0's vllm.compilation.backends.split_graph is vllm.backends.compiler.backends's, where vLLM's backend calls it, not vllm.compilation.backends's; replace split_graph by hand (docs/Usage.md, "Use it from vLLM"){{$}}
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == another caller
# OFF-NEXT: {{^(.* )?WARNING .*\] }}fx-mlir: split_graph stays vLLM's: vLLM 0.34.0's vllm.compilation.backends.VllmBackend.__call__ does not call split_graph by name; replace split_graph by hand (docs/Usage.md, "Use it from vLLM"){{$}}
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == library missing
# OFF-NEXT: {{^(.* )?WARNING .*\] }}fx-mlir: split_graph stays vLLM's: cannot load the fx-mlir C API library '[[T]]/missing.so': [[T]]/missing.so: cannot open shared object file: No such file or directory{{$}}
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == library cut short
# OFF-NEXT: {{^(.* )?WARNING .*\] }}fx-mlir: split_graph stays vLLM's: cannot load the fx-mlir C API library '[[T]]/truncated.so': it is truncated: {{.*}}; rebuild it, or reinstall the fx-mlir package{{$}}
# OFF-NEXT: split_graph and _decompose_size_nodes: vLLM's, untouched
# OFF-NEXT: compile cache factor: None; key changed: False
# OFF-NEXT: == compile cache unkeyed
# OFF-NEXT: {{^(.* )?INFO .*\] }}fx-mlir: installed in vLLM 0.34.0's vllm.compilation.backends, run through [[LIB]]; waiting for vLLM's backend to call split_graph{{$}}
# OFF-NEXT: {{^(.* )?WARNING .*\] }}fx-mlir: vLLM's compile cache is not keyed on FX_MLIR_SPLIT here (vllm.envs.compile_factors does not hash vllm.envs.environment_variables): a model cached with the other split may be loaded; set VLLM_DISABLE_COMPILE_CACHE=1{{$}}
# OFF-NEXT: split_graph and _decompose_size_nodes: the plugin's
# OFF-NEXT: compile cache factor: None; key changed: False
    sys.exit(0)

from fx_mlir_import import vllm_plugin  # noqa: E402

if case == "log-later":
    configure_logging(LoggingConfig())
    # As the LLM class does next (LLMEngine.from_engine_args): vLLM makes
    # its config, and the plugin's first line comes.
    make_config("VllmConfig, VLLM_COMPILE", platform_hook=lambda cls, c: None)
# LATER:      == VllmConfig, VLLM_COMPILE
# LATER:      {{^(.* )?INFO .*\] }}fx-mlir: installed in vLLM 0.34.0's vllm.compilation.backends, run through [[LIB]]; waiting for vLLM's backend to call split_graph{{$}}
# LATER-NEXT: compilation mode: VLLM_COMPILE
# What VllmBackend.__call__ (under its decorators) calls: the split_graph of
# its module's globals.
called = inspect.unwrap(backends.VllmBackend.__call__).__globals__["split_graph"]
print("VllmBackend.__call__ calls the plugin's split_graph:", called is vllm_plugin.split_graph)
# ON-NEXT: VllmBackend.__call__ calls the plugin's split_graph: True
# LATER-NEXT: VllmBackend.__call__ calls the plugin's split_graph: True

gm = make_fx(lambda x: torch.sigmoid(torch.relu(x) * 2) + 1)(torch.randn(4, 8))
x = torch.randn(4, 8)
for _ in range(2):
    split_gm, items = backends.split_graph(gm, ["aten::sigmoid"])
    print("pieces:", " ".join(i.submod_name + "*" * i.is_splitting_graph for i in items),
          "; the split computes what the graph computes:", torch.equal(split_gm(x), gm(x)),
          flush=True)
print("split_graph calls:", vllm_plugin.calls())
# The first split, and only it, says `on:`.
# ON-NEXT:    {{^(.* )?INFO .*\] }}fx-mlir: on: split vLLM [[VERSION]]'s first graph in this process into 3 pieces with fx-mlir's split_graph, run through [[LIB]]{{$}}
# ON-NEXT:    pieces: submod_0 submod_1* submod_2 ; the split computes what the graph computes: True
# ON-NEXT:    pieces: submod_0 submod_1* submod_2 ; the split computes what the graph computes: True
# ON-NEXT:    split_graph calls: 2
# LATER-NEXT: {{^(.* )?INFO .*\] }}fx-mlir: on: split vLLM [[VERSION]]'s first graph in this process into 3 pieces with fx-mlir's split_graph, run through [[LIB]]{{$}}
# LATER-NEXT: pieces: submod_0 submod_1* submod_2 ; the split computes what the graph computes: True
# LATER-NEXT: pieces: submod_0 submod_1* submod_2 ; the split computes what the graph computes: True
# LATER-NEXT: split_graph calls: 2

captured = []
torch.compile(lambda x: torch.relu(x).view(x.size()), dynamic=True,
              backend=lambda g, _: captured.append(g) or g)(torch.randn(5, 8))
(graph,) = captured


def sizes():
    return len(graph.graph.find_nodes(op="call_method", target="size"))


count = sizes()
backends._decompose_size_nodes(graph)
print(f"x.size() nodes: {count} before _decompose_size_nodes, {sizes()} after")
# ON:      x.size() nodes: 1 before _decompose_size_nodes, 0 after

# vLLM loads plugins once per process; the plugin turns on once.
load_general_plugins()
vllm_plugin.register()
print("loaded again; library:", vllm_plugin.library())
# ON:      loaded again; library: [[LIB]]{{$}}
