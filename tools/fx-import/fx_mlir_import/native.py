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

`default_library()` finds the library: inside the package, where `pip
install .` puts it, else, for the source tree the package is in, where `pip
install -e` put it or in the tree's build.
"""

import ctypes
import functools
import itertools
import json
import operator
import os
import re
import stat
import struct
import sys
import threading
import urllib.parse
from importlib import metadata

from .decision import Decision, Refusal, Size
from .errors import FxImportError

__all__ = ["BUILD", "Library", "MAX_NESTING", "default_library", "library", "load"]

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
# In a source tree the package is tools/fx-import/fx_mlir_import, and the
# build is build/ at the tree's root (utils/build.sh).
BUILD = os.path.normpath(os.path.join(_PACKAGE, os.pardir, os.pardir, os.pardir, "build"))
_TREE = os.path.dirname(BUILD)
# Whether the package runs from a source tree (where the fx-import command
# is fx_import.py beside it), or is installed.
_IN_TREE = os.path.isfile(os.path.join(_PACKAGE, os.pardir, "fx_import.py"))
_NAME = "libFXMLIR-C.so"


class _Handle(ctypes.Structure):
    """MlirContext, MlirModule, MlirPassManager, ...: one opaque pointer."""
    _fields_ = [("ptr", ctypes.c_void_p)]


class _StringRef(ctypes.Structure):
    """MlirStringRef, as we pass it: ctypes keeps the bytes alive."""
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


class _StringView(ctypes.Structure):
    """MlirStringRef, as MLIR passes it to a callback: not NUL-terminated."""
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


class _SplitNode(ctypes.Structure):
    """FxMlirSplitNode (fx-mlir-c/Split.h)."""
    _fields_ = [("node", ctypes.c_ssize_t), ("graph_id", ctypes.c_int64)]


class _SplitPiece(ctypes.Structure):
    """FxMlirSplitPiece (fx-mlir-c/Split.h)."""
    _fields_ = [("graph_id", ctypes.c_int64), ("splitting", ctypes.c_bool)]


class _SplitSize(ctypes.Structure):
    """FxMlirSplitSize (fx-mlir-c/Split.h)."""
    _fields_ = [("node", ctypes.c_ssize_t), ("rank", ctypes.c_ssize_t)]


class _SplitDim(ctypes.Structure):
    """FxMlirSplitDim (fx-mlir-c/Split.h)."""
    _fields_ = [("size", ctypes.c_int64), ("graph_id", ctypes.c_int64)]


class _SplitRefusal(ctypes.Structure):
    """FxMlirSplitRefusal (fx-mlir-c/Split.h)."""
    _fields_ = [("node", ctypes.c_ssize_t), ("source", ctypes.c_int64),
                ("user", ctypes.c_int64), ("message", _StringView)]


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
                                           ctypes.c_bool, ctypes.POINTER(_Handle)]),
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



# What an ELF file's header says, after e_ident, and where a program header
# keeps p_offset and p_filesz and a section header sh_size and sh_info, by
# EI_CLASS.
_ELF = {
    1: ("32-bit", "HHIIIIIHHHHHH", "IIIIIIII", (1, 4), "IIIIIIIIII"),
    2: ("64-bit", "HHIQQQIHHHHHH", "IIQQQQQQ", (2, 5), "IIQQQQIIQQ"),
}
_PN_XNUM = 0xFFFF


def _unmappable(path):
    """Why the loader must not map the file at `path`, or None. The loader
    maps each segment where the program headers say; a page past the end of
    a truncated file raises SIGBUS when touched, and that ends the process.
    So the file must be an ELF file of this process's class and byte order
    whose program headers, segments and section header table lie within it.
    A file that cannot be opened here, and a bare name the loader searches
    for, are left to the loader, which reports them. Anything but a regular
    file is refused before the loader blocks on it: opening a FIFO waits for
    a writer, so it is opened without blocking and its type read first."""
    if os.sep not in path:
        return None
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    with open(descriptor, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            return "it is not a regular file"

        def read(offset, length):
            file.seek(offset)
            return file.read(length)

        try:
            return _elf_problem(read, status.st_size)
        except OSError:
            return None


def _elf_problem(read, size):
    """_unmappable's checks, of a file of `size` bytes that `read(offset,
    length)` reads."""
    ident = read(0, 16)
    if len(ident) < 16 or ident[:4] != b"\x7fELF" or ident[4] not in _ELF:
        return "it is not an ELF file"
    bits, header, program, (p_offset, p_filesz), section = _ELF[ident[4]]
    if bits != f"{struct.calcsize('P') * 8}-bit":
        return f"it is a {bits} ELF file, and this process is not"
    if ident[5] != {"little": 1, "big": 2}[sys.byteorder]:
        return f"its byte order is not this process's ({sys.byteorder}-endian)"
    order = "<" if ident[5] == 1 else ">"
    header, program, section = (struct.Struct(order + f)
                                for f in (header, program, section))

    def past_end(what, offset, length):
        end = offset + length
        return (f"it is truncated: {what} ends at byte {end}, past the file's end "
                f"at byte {size}") if end > size else None

    problem = past_end("its ELF header", 0, 16 + header.size)
    if problem:
        return problem
    (_, _, _, _, phoff, shoff, _, _, phentsize, phnum, shentsize,
     shnum, _) = header.unpack(read(16, header.size))
    first_section = None
    if shoff and (phnum == _PN_XNUM or shnum == 0):
        # Past 0xfffe of either, the counts are in the first section header.
        problem = past_end("its first section header", shoff, section.size)
        if problem:
            return problem
        first_section = section.unpack(read(shoff, section.size))
        shnum = shnum or first_section[5]
        if phnum == _PN_XNUM:
            phnum = first_section[7]
    if phnum and phentsize < program.size:
        return f"its program headers are {phentsize} bytes, not {program.size}"
    problem = past_end("its program header table", phoff, phnum * phentsize)
    if problem:
        return problem
    for index in range(phnum):
        fields = program.unpack(read(phoff + index * phentsize, program.size))
        problem = past_end(f"its segment {index}", fields[p_offset], fields[p_filesz])
        if problem:
            return problem
    if shoff:
        return past_end("its section header table", shoff, shnum * shentsize)
    return None


def _registering_copy():
    """The path of the copy of the library, mapped in this process, whose fx
    passes MLIR's registry holds, or None."""
    try:
        with open("/proc/self/maps") as maps:
            lines = maps.read().splitlines()
    except OSError:
        return None
    ranges = {}
    for line in lines:
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and fields[5].startswith("/"):
            start, _, end = fields[0].partition("-")
            ranges.setdefault(fields[5], []).append((int(start, 16), int(end, 16)))
    for path, spans in ranges.items():
        try:
            function = ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_LAZY)[
                "fxMlirTryRegisterAllPasses"]
        except (OSError, AttributeError):
            continue
        # Only the file's own entry point, not one of a library it links.
        address = ctypes.cast(function, ctypes.c_void_p).value
        if any(start <= address < end for start, end in spans):
            function.restype = ctypes.c_bool
            if function():  # Registers nothing: a copy has already.
                return path
    return None


class Library:
    """libFXMLIR-C.so, loaded into this process."""

    def __init__(self, path):
        why = _unmappable(path)
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
            other = _registering_copy()
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

    def decide(self, result, ops, match_fx_targets):
        """fx-split-graph's decision on `result`, a graph import_graph
        imported as_split, at the op names `ops` (None: vLLM's default
        list), through fxMlirSplitDecide: a Decision (decision.py), its
        nodes the fx.Nodes of `result`'s graph, which cross the C API as
        their positions in it, and its diagnostics typed as (severity,
        message)."""
        lib = self._lib
        names = None if ops is None else (_StringRef * len(ops))(*map(_string_ref, ops))
        graph = list(result.gm.graph.nodes)
        table = (_StringRef * len(graph))(*(_string_ref(node.name) for node in graph))
        diagnostics = []

        def decide(module):
            handle = _Handle()
            decided = lib.fxMlirSplitDecide(lib.fxMlirModuleGetOperation(module), len(graph),
                                            table, len(ops or ()), names, match_fx_targets,
                                            ctypes.byref(handle))
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


def default_library():
    """The path of libFXMLIR-C.so to load when none is given: the one
    installed inside this package (pyproject.toml, tools/fx-import/CMakeLists.txt),
    else, in a source tree, the one an editable install of that tree put in
    the environment, else the tree's build/lib/; None if the tree has none.
    An installed package without its library is an FxImportError: it has
    nothing else to run the passes with."""
    own = os.path.join(_PACKAGE, "lib", _NAME)
    if os.path.exists(own):
        return own
    source, editable, dist = _installed_from()
    if not _IN_TREE:
        raise FxImportError(f"the installed fx-mlir package has no '{own}'; reinstall it: "
                            f"pip install --force-reinstall --no-deps {source or 'SOURCE_TREE'}")
    if editable and source == os.path.realpath(_TREE):
        # That install imports the package from this tree, and pip's record
        # says where it put the library.
        path = next((str(f.locate()) for f in dist.files or () if f.name == _NAME), None)
        if path is not None and os.path.exists(path):
            return path
    path = os.path.join(BUILD, "lib", _NAME)
    return path if os.path.exists(path) else None


@functools.lru_cache(maxsize=None)  # split_graph asks on each call.
def _installed_from():
    """(the source tree the fx-mlir distribution of this environment was
    installed from or None, whether it was `pip install -e`, the
    distribution or None), from pip's record of the install."""
    try:
        dist = metadata.distribution("fx-mlir")
        installed = json.loads(dist.read_text("direct_url.json") or "{}")
    except (metadata.PackageNotFoundError, ValueError):
        return None, False, None
    url = urllib.parse.urlsplit(installed.get("url", ""))
    source = os.path.realpath(urllib.parse.unquote(url.path)) if url.scheme == "file" else None
    return source, bool(installed.get("dir_info", {}).get("editable")), dist


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
