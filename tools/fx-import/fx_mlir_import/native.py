# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The ctypes binding of libFXMLIR-C.so: fx-split-graph's decision in this
process, through fxMlirSplitDecide (fx-mlir-c/Split.h).

`Library(path).decide(text, nodes, ...)` parses the import `text` in a
context of its own, with fx-opt's dialects (fxMlirRegisterAllDialects; in
the package's self-contained library, which has not all of MLIR, those of
the fx passes, fxMlirRegisterDialects), and returns the Decision
(decision.py), with the diagnostics typed as (severity, message). Debian
ships no MLIR Python bindings, so the entry points are declared here with
ctypes, as include/fx-mlir-c declares them. Only fx names: upstream's
(fx-mlir-c/Runner.h) would find another MLIR of the process, or none, in the
self-contained library.

Which file to load is locate.py's (`default_library()`, re-exported here);
whether it may be mapped, elf.py's; which copy registered first, copies.py's;
the thread and the depth the text may nest to, nesting.py's.
"""

import ctypes
import os
import threading

from . import nesting
from .copies import registering_copy
from .decision import (DECOMPOSED, SYM_SIZE, UNRANKED, WITH_DIM, Crossing, Cut, Decision,
                       Refusal, Size)
from .elf import unmappable
from .errors import FxImportError
from .locate import BUILD, default_library

__all__ = ["BUILD", "Library", "default_library", "library", "load"]

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
_SplitPiece = _split_struct("Piece", ("graph_id", ctypes.c_int64), ("splitting", ctypes.c_bool),
                           ("recomputed", ctypes.c_ssize_t))
_SplitSize = _split_struct("Size", ("node", ctypes.c_ssize_t), ("action", ctypes.c_int),
                           ("rank", ctypes.c_ssize_t))
_SplitDim = _split_struct("Dim", ("size", ctypes.c_int64), ("graph_id", ctypes.c_int64))
_SplitRefusal = _split_struct("Refusal", ("node", ctypes.c_ssize_t), ("source", ctypes.c_int64),
                              ("user", ctypes.c_int64), ("message", _StringView))
_SplitCut = _split_struct("Cut", ("before", ctypes.c_int64), ("after", ctypes.c_int64))
_SplitCrossing = _split_struct("Crossing", ("node", ctypes.c_ssize_t), ("dim", ctypes.c_int64),
                               ("type", _StringView), ("first_cut", ctypes.c_ssize_t),
                               ("last_cut", ctypes.c_ssize_t))

# FxMlirSplitSizeAction, as fx-mlir-c/Split.h numbers it.
_ACTIONS = (DECOMPOSED, WITH_DIM, SYM_SIZE, UNRANKED)


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
    "fxMlirModuleDestroy": (None, [_Handle]),
    "fxMlirSplitDecide": (_LogicalResult, [_Handle, ctypes.c_ssize_t, ctypes.POINTER(_StringRef),
                                           ctypes.c_ssize_t, ctypes.POINTER(_StringRef),
                                           _StringRef, ctypes.c_bool, ctypes.c_bool,
                                           ctypes.POINTER(_Handle)]),
    "fxMlirSplitDecisionDestroy": (None, [_Handle]),
    "fxMlirSplitDecisionGetNumNodes": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetNode": (_SplitNode, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetNumPieces": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetPiece": (_SplitPiece, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetPieceRecomputed": (ctypes.c_ssize_t,
                                              [_Handle, ctypes.c_ssize_t, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetNumReturnRecomputed": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetReturnRecomputed": (ctypes.c_ssize_t, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetNumSizes": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetSize": (_SplitSize, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetSizeDim": (_SplitDim, [_Handle, ctypes.c_ssize_t, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionDynamicDim": (ctypes.c_int64, []),
    "fxMlirSplitDecisionGetNumRefusals": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetRefusal": (_SplitRefusal, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetNumCuts": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetCut": (_SplitCut, [_Handle, ctypes.c_ssize_t]),
    "fxMlirSplitDecisionGetNumCrossings": (ctypes.c_ssize_t, [_Handle]),
    "fxMlirSplitDecisionGetCrossing": (_SplitCrossing, [_Handle, ctypes.c_ssize_t]),
}


def _string_ref(text):
    data = text.encode()
    return _StringRef(data, len(data))


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

    def decide(self, text, nodes, ops=None, match_fx_targets=False, release=None,
               decompose=True, depth=None):
        """fx-split-graph's decision on the import `text` of a graph whose
        nodes, in graph order, are `nodes` (fx.Nodes, which cross the C API
        as their positions), at the op names `ops` (None: the default list
        of vLLM `release`, None for 0.34.0's), through fxMlirSplitDecide:
        after fx-decompose-size placed as vLLM places it, unless not
        `decompose`. A Decision (decision.py), its diagnostics typed as
        (severity, message). `depth` is how deep `text` nests, if its maker
        knows (nesting.run)."""
        lib = self._lib
        nodes = list(nodes)
        names = None if ops is None else (_StringRef * len(ops))(*map(_string_ref, ops))
        table = (_StringRef * len(nodes))(*(_string_ref(node.name) for node in nodes))
        release = _StringRef() if release is None else _string_ref(release)
        diagnostics = []

        def decide(module):
            handle = _Handle()
            decided = lib.fxMlirSplitDecide(lib.fxMlirModuleGetOperation(module), len(nodes),
                                            table, len(ops or ()), names, release,
                                            match_fx_targets, decompose, ctypes.byref(handle))
            try:
                return _read_decision(lib, handle, nodes, bool(decided.value), diagnostics)
            finally:
                lib.fxMlirSplitDecisionDestroy(handle)

        parsed = nesting.run(lambda: self._parsed(text, decide, diagnostics), text, depth)
        return parsed or Decision(False, diagnostics)

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
    recomputed = {p.graph_id: [node(lib.fxMlirSplitDecisionGetPieceRecomputed(handle, i, r))
                               for r in range(p.recomputed)]
                  for i, p in enumerate(pieces) if p.recomputed}
    returned = each(lib.fxMlirSplitDecisionGetNumReturnRecomputed,
                    lib.fxMlirSplitDecisionGetReturnRecomputed)
    if returned:
        recomputed[None] = [node(n) for n in returned]
    dynamic = lib.fxMlirSplitDecisionDynamicDim()
    sizes = []
    for i, size in enumerate(each(lib.fxMlirSplitDecisionGetNumSizes,
                                  lib.fxMlirSplitDecisionGetSize)):
        dims = [lib.fxMlirSplitDecisionGetSizeDim(handle, i, d) for d in range(size.rank)]
        sizes.append(Size(node(size.node), _ACTIONS[size.action],
                          [None if d.size == dynamic else d.size for d in dims],
                          [d.graph_id for d in dims]))
    refusals = [Refusal(node(r.node), r.source, None if r.user < 0 else r.user,
                        _string(r.message))
                for r in each(lib.fxMlirSplitDecisionGetNumRefusals,
                              lib.fxMlirSplitDecisionGetRefusal)]
    cuts = [Cut(c.before, c.after)
            for c in each(lib.fxMlirSplitDecisionGetNumCuts, lib.fxMlirSplitDecisionGetCut)]
    crossings = [Crossing(node(c.node), None if c.dim < 0 else c.dim, _string(c.type),
                          c.first_cut, c.last_cut)
                 for c in each(lib.fxMlirSplitDecisionGetNumCrossings,
                               lib.fxMlirSplitDecisionGetCrossing)]
    return Decision(succeeded, diagnostics, nodes, {p.graph_id: p.splitting for p in pieces},
                    sizes, refusals, cuts, crossings, recomputed)


_loaded = {}
_loading = threading.Lock()


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
