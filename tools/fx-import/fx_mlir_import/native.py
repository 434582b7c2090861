# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""fx-mlir's passes in this process, through the C API in libFXMLIR-C.so.

`Library(path).run(text, pipeline)` does what `fx-opt - -o /dev/null
--pass-pipeline=<pipeline>` does, without starting a process: a context
with fx-opt's dialects (fxMlirRegisterAllDialects; in the package's
self-contained library, which has not all of MLIR, those of the fx passes,
fxMlirRegisterDialects), the parser, a pass manager built by
fxMlirParsePassPipeline, and the diagnostics collected as fx-opt prints
them, `error: <message>` per line. Debian ships no MLIR Python bindings, so
the entry points are declared here with ctypes, as include/fx-mlir-c
declares them. Only fx names: upstream's (fx-mlir-c/Runner.h) would find
another MLIR of the process, or none, in the self-contained library.

Which file to load, and whether it may be loaded, is loader.py's:
`default_library()` (re-exported here) finds it.
"""

import ctypes
import itertools
import operator
import os
import re
import threading

from .decision import Decision, Refusal, Size
from .errors import FxImportError
from .loader import BUILD, default_library, registering_copy, unmappable

__all__ = ["BUILD", "Library", "MAX_NESTING", "default_library", "library", "load"]

class _Handle(ctypes.Structure):
    """MlirContext, MlirModule, MlirPassManager, ...: one opaque pointer."""
    _fields_ = [("ptr", ctypes.c_void_p)]


class _StringRef(ctypes.Structure):
    """MlirStringRef, as we pass it: ctypes keeps the bytes alive."""
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


class _StringView(ctypes.Structure):
    """MlirStringRef, as MLIR passes it to a callback: not NUL-terminated."""
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


def _split_struct(name, *fields):
    """The ctypes structure of fx-mlir-c/Split.h's FxMlirSplit<name>."""
    return type(f"_Split{name}", (ctypes.Structure,),
                {"__doc__": f"FxMlirSplit{name} (fx-mlir-c/Split.h).", "_fields_": list(fields)})


_SplitNode = _split_struct("Node", ("node", ctypes.c_ssize_t), ("graph_id", ctypes.c_int64))
_SplitPiece = _split_struct("Piece", ("graph_id", ctypes.c_int64), ("splitting", ctypes.c_bool))
_SplitSize = _split_struct("Size", ("node", ctypes.c_ssize_t), ("rank", ctypes.c_ssize_t))
_SplitDim = _split_struct("Dim", ("size", ctypes.c_int64), ("graph_id", ctypes.c_int64))
_SplitRefusal = _split_struct("Refusal", ("node", ctypes.c_ssize_t), ("source", ctypes.c_int64),
                              ("user", ctypes.c_int64), ("message", _StringView))


class _LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


_StringCallback = ctypes.CFUNCTYPE(None, _StringView, ctypes.c_void_p)
# A callback cannot return a structure in ctypes; MlirLogicalResult, one
# int8_t, is returned as one.
_DiagnosticHandler = ctypes.CFUNCTYPE(ctypes.c_int8, _Handle, ctypes.c_void_p)

# MlirDiagnosticSeverity, as mlir-c/Diagnostics.h numbers it.
_SEVERITY = {0: "error", 1: "warning", 2: "note", 3: "remark"}

# name: (result type, argument types).
_SIGNATURES = {
    "fxMlirRegisterDialects": (None, [_Handle]),
    "fxMlirTryRegisterAllPasses": (ctypes.c_bool, []),
    "fxMlirDialectRegistryCreate": (_Handle, []),
    "fxMlirContextCreateWithRegistry": (_Handle, [_Handle, ctypes.c_bool]),
    "fxMlirContextDestroy": (None, [_Handle]),
    "fxMlirContextAttachDiagnosticHandler": (
        ctypes.c_uint64, [_Handle, _DiagnosticHandler, ctypes.c_void_p, ctypes.c_void_p]),
    "fxMlirDiagnosticGetSeverity": (ctypes.c_int, [_Handle]),
    "fxMlirDiagnosticPrint": (None, [_Handle, _StringCallback, ctypes.c_void_p]),
    "fxMlirModuleCreateParse": (_Handle, [_Handle, _StringRef]),
    "fxMlirModuleGetOperation": (_Handle, [_Handle]),
    "fxMlirModuleGetContext": (_Handle, [_Handle]),
    "fxMlirModuleDestroy": (None, [_Handle]),
    "fxMlirPassManagerCreate": (_Handle, [_Handle]),
    "fxMlirPassManagerDestroy": (None, [_Handle]),
    "fxMlirPassManagerGetAsOpPassManager": (_Handle, [_Handle]),
    "fxMlirParsePassPipeline": (
        _LogicalResult, [_Handle, _StringRef, _StringCallback, ctypes.c_void_p]),
    "fxMlirPassManagerRunOnOp": (_LogicalResult, [_Handle, _Handle]),
    "fxMlirSplitDecide": (_LogicalResult, [_Handle, ctypes.c_ssize_t, ctypes.POINTER(_StringRef),
                                           ctypes.c_ssize_t, ctypes.POINTER(_StringRef),
                                           _StringRef, ctypes.c_bool,
                                           ctypes.POINTER(_Handle)]),
    "fxMlirSplitDecisionDestroy": (None, [_Handle]),
    "fxMlirSplitDecisionGetNumNodes": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetNode": (_SplitNode, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetNumPieces": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetPiece": (_SplitPiece, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetNumSizes": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetSize": (_SplitSize, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetSizeDim": (_SplitDim, [_Handle, ctypes.c_ssize_t, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionDynamicDim": (ctypes.c_int64, []),
    "fxMlirSplitDecisionGetNumRefusals": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetRefusal": (_SplitRefusal, [_Handle, ctypes.c_ssize_t]),
}


def _string_ref(text):
    data = text.encode()
    return _StringRef(data, len(data))


# The parser and the passes recurse once per level of nesting; `run` gives
# them a stack of this size on a thread of their own, and refuses text
# nested deeper than MAX_NESTING, which takes a small part of it.
_STACK = 512 << 20
MAX_NESTING = 4096
# How deep text may nest on the caller's thread, whatever its stack: the
# parser's frames for so few levels, and the passes' for a function of ops
# (which recurse by region, not by op), take a small part of any thread's.
_SHALLOW = 16


# What does not nest: string literals, comments, `->` and `>=`. A literal
# is matched a run of plain characters at a time, not one by one: the
# imports of large graphs are mostly names in quotes.
_FLAT = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|//[^\n]*|->|>=')
# Each byte of the brackets, as one more than the step in depth it makes.
_STEPS = bytes.maketrans(b"{([<})]>", b"\2\2\2\2\0\0\0\0")
_OTHERS = bytes(set(range(256)) - set(b"{([<})]>"))


def _nesting(text):
    """nesting(text); 0 when it has too few brackets to pass MAX_NESTING."""
    if sum(map(text.count, "{([<")) <= MAX_NESTING:
        return 0  # Too few brackets to matter, and the common case.
    return nesting(text)


def nesting(text):
    """How deep `text` nests brackets outside what does not nest (_FLAT): a
    bound on how deep MLIR's parser recurses on it."""
    brackets = _FLAT.sub("", text).encode(errors="replace").translate(_STEPS, _OTHERS)
    return max(itertools.accumulate(map(operator.sub, brackets, itertools.repeat(1)),
                                    initial=0))



class Library:
    """libFXMLIR-C.so, loaded into this process."""

    def __init__(self, path):
        why = unmappable(path)
        if why:
            raise FxImportError(f"cannot load the fx-mlir C API library '{path}': {why}; "
                                "rebuild it, or reinstall the fx-mlir package")
        try:
            self._lib = ctypes.CDLL(path)
        except OSError as e:
            raise FxImportError(f"cannot load the fx-mlir C API library '{path}': {e}") from None
        for name, (result, arguments) in _SIGNATURES.items():
            try:
                function = getattr(self._lib, name)
            except AttributeError:
                raise FxImportError(f"'{path}' is not the fx-mlir C API library: "
                                    f"it has no {name}") from None
            function.restype = result
            function.argtypes = arguments
        self.path = path
        # A second copy would register its passes again in MLIR's registry,
        # which libMLIR.so shares, and MLIR ends the process on that. The
        # library itself tells, not a variable of this module, which a reload
        # or a second import of the package would not share.
        if not self._lib.fxMlirTryRegisterAllPasses():
            other = registering_copy()
            loaded = f"'{other}'" if other else "another copy of it"
            raise FxImportError(f"cannot load the fx-mlir C API library '{path}': this process "
                                f"has loaded {loaded}, and one process can hold one copy; "
                                "load that one, or use another process")
        # fx-opt's dialects, registered once; each context copies them. The
        # registry lives as long as the library, which is never unloaded.
        # The self-contained library has no fxMlirRegisterAllDialects, only
        # the dialects of the fx passes.
        self._registry = self._lib.fxMlirDialectRegistryCreate()
        register = getattr(self._lib, "fxMlirRegisterAllDialects", None)
        if register is None:
            register = self._lib.fxMlirRegisterDialects
        else:
            register.restype, register.argtypes = None, [_Handle]
        register(self._registry)

    def run(self, text, pipeline):
        """Parses MLIR `text` and runs the textual `pipeline` on it, in a
        context of its own. Returns (succeeded, what fx-opt would print on
        stderr: `<severity>: <message>` per diagnostic, without its
        location). Text or a pipeline nested deeper than MAX_NESTING is
        refused."""
        _check_nesting("pass pipeline", pipeline)
        diagnostics = []
        succeeded = self._in_context(text, lambda module: self._run(module, pipeline, diagnostics),
                                     diagnostics)
        return bool(succeeded), "".join(f"{severity}: {message}\n"
                                        for severity, message in diagnostics)

    def decide(self, result, ops, match_fx_targets, release=None):
        """fx-split-graph's decision on `result`, a graph import_graph
        imported as_split, at the op names `ops` (None: the default list of
        vLLM `release`, None for 0.34.0's), through fxMlirSplitDecide: a Decision (decision.py), its
        nodes the fx.Nodes of `result`'s graph, which cross the C API as
        their positions in it, and its diagnostics typed as (severity,
        message)."""
        lib = self._lib
        names = None if ops is None else (_StringRef * len(ops))(*map(_string_ref, ops))
        graph = list(result.gm.graph.nodes)
        table = (_StringRef * len(graph))(*(_string_ref(node.name) for node in graph))
        release = _StringRef() if release is None else _string_ref(release)
        diagnostics = []

        def decide(module):
            handle = _Handle()
            decided = lib.fxMlirSplitDecide(lib.fxMlirModuleGetOperation(module), len(graph),
                                            table, len(ops or ()), names, release,
                                            match_fx_targets, ctypes.byref(handle))
            try:
                return _read_decision(lib, handle, graph, bool(decided.value), diagnostics)
            finally:
                lib.fxMlirSplitDecisionDestroy(handle)

        return (self._in_context(result.text, decide, diagnostics, result.nesting)
                or Decision(False, diagnostics))

    def _in_context(self, text, use, diagnostics, nesting=None):
        """use(module) for MLIR `text` parsed in a context of its own, or
        None where it does not parse; the context's diagnostics go to the
        list `diagnostics`, as (severity, message). `nesting`, how deep the
        text nests if its maker knows (ImportResult.nesting), is otherwise
        measured. Text that may nest deeper than _SHALLOW runs on a thread
        with a stack for MAX_NESTING; the rest on the caller's, as
        starting a thread costs more than a small graph's decision."""
        if nesting is not None and nesting <= _SHALLOW:
            return self._parsed(text, use, diagnostics)
        _check_nesting("MLIR text", text)
        done = {}

        def work():
            try:
                done["ran"] = self._parsed(text, use, diagnostics)
            except BaseException as e:  # Raised again in the caller's thread.
                done["raised"] = e

        with _stack_size:
            previous = threading.stack_size(_STACK)
            try:
                worker = threading.Thread(target=work, name="fx-mlir-run")
                worker.start()
            except RuntimeError as e:
                raise FxImportError(f"cannot start the in-process runner's thread: {e}") from None
            finally:
                threading.stack_size(previous)
        worker.join()
        if "raised" in done:
            raise done["raised"]
        return done["ran"]

    def _parsed(self, text, use, diagnostics):
        lib = self._lib
        printed = []

        def collect(view, _):
            printed.append(ctypes.string_at(view.data, view.length).decode(errors="replace"))

        def on_diagnostic(diagnostic, _):
            severity = _SEVERITY.get(lib.fxMlirDiagnosticGetSeverity(diagnostic), "error")
            lib.fxMlirDiagnosticPrint(diagnostic, collect_callback, None)
            diagnostics.append((severity, "".join(printed)))
            printed.clear()
            return 1  # handled

        # Kept alive until the context is gone, which may call them.
        collect_callback = _StringCallback(collect)
        diagnostic_callback = _DiagnosticHandler(on_diagnostic)

        # One thread: a thread pool per call would cost more than it gains
        # on graphs of this size.
        context = lib.fxMlirContextCreateWithRegistry(self._registry, False)
        try:
            lib.fxMlirContextAttachDiagnosticHandler(context, diagnostic_callback, None, None)
            module = lib.fxMlirModuleCreateParse(context, _string_ref(text))
            if not module.ptr:
                return None
            try:
                return use(module)
            finally:
                lib.fxMlirModuleDestroy(module)
        finally:
            lib.fxMlirContextDestroy(context)

    def _run(self, module, pipeline, diagnostics):
        lib = self._lib
        printed = []

        def collect(view, _):
            printed.append(ctypes.string_at(view.data, view.length).decode(errors="replace"))

        manager = lib.fxMlirPassManagerCreate(lib.fxMlirModuleGetContext(module))
        try:
            # fx-opt reports the parser's text as the message of one error;
            # so does this.
            parsed = lib.fxMlirParsePassPipeline(
                lib.fxMlirPassManagerGetAsOpPassManager(manager), _string_ref(pipeline),
                _StringCallback(collect), None)
            if not parsed.value:
                diagnostics.append(("error", "".join(printed)))
                return False
            return lib.fxMlirPassManagerRunOnOp(manager, lib.fxMlirModuleGetOperation(module)).value
        finally:
            lib.fxMlirPassManagerDestroy(manager)


def _string(view):
    return ctypes.string_at(view.data, view.length).decode()


def _read_decision(lib, handle, graph, succeeded, diagnostics):
    """The Decision of an FxMlirSplitDecision (fx-mlir-c/Split.h) on the
    nodes `graph`, in graph order."""
    def each(count, get):
        return [get(handle, i) for i in range(count(handle))]

    def node(position):
        return graph[position] if 0 <= position < len(graph) else None

    nodes = {node(n.node): n.graph_id
             for n in each(lib.fxMlirSplitDecisionGetNumNodes, lib.fxMlirSplitDecisionGetNode)
             if node(n.node) is not None}
    pieces = each(lib.fxMlirSplitDecisionGetNumPieces, lib.fxMlirSplitDecisionGetPiece)
    dynamic = lib.fxMlirSplitDecisionDynamicDim()
    sizes = []
    for i, size in enumerate(each(lib.fxMlirSplitDecisionGetNumSizes,
                                  lib.fxMlirSplitDecisionGetSize)):
        dims = [lib.fxMlirSplitDecisionGetSizeDim(handle, i, d) for d in range(size.rank)]
        sizes.append(Size(node(size.node), [None if d.size == dynamic else d.size for d in dims],
                          [d.graph_id for d in dims]))
    refusals = [Refusal(node(r.node), r.source, None if r.user < 0 else r.user,
                        _string(r.message))
                for r in each(lib.fxMlirSplitDecisionGetNumRefusals,
                              lib.fxMlirSplitDecisionGetRefusal)]
    return Decision(succeeded, diagnostics, nodes, {p.graph_id: p.splitting for p in pieces},
                    sizes, refusals)


def _check_nesting(what, nested):
    depth = _nesting(nested)
    if depth > MAX_NESTING:
        raise FxImportError(f"the {what} nests {depth} deep; the in-process "
                            f"runner takes at most {MAX_NESTING}")


_loaded = {}
_loading = threading.Lock()
# threading.stack_size is the process's: set and restored under this lock.
_stack_size = threading.Lock()


def loaded():
    """The Library this process has loaded, if any: one process holds one
    copy."""
    return next(iter(_loaded.values()), None)


def library(path=None):
    """The Library to decide with: the one at `path`, else the one this
    process has loaded, else default_library()'s; an FxImportError where
    there is none."""
    if path is None:
        if loaded() is not None:
            return loaded()
        path = default_library()
        if path is None:
            raise FxImportError(f"this source tree has not built libFXMLIR-C.so (in {BUILD}): "
                                f"build it (ninja -C {BUILD} FXMLIR-C), or pass library=")
    return load(os.fspath(path))


def load(path):
    """The Library at `path`, loaded once per process."""
    with _loading:
        if path not in _loaded:
            _loaded[path] = Library(path)
        return _loaded[path]
