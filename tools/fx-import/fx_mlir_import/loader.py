# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Which libFXMLIR-C.so file to load, and whether it may be loaded:
`default_library()` finds it (inside the package, where `pip install .`
puts it, else, for the source tree the package is in, where `pip install -e`
put it, by pip's records, or in the tree's build); `unmappable(path)` says
why the loader must not map a file (not a whole ELF shared library of this
process's class); `registering_copy()` names the copy of the library,
mapped in this process, whose passes MLIR's registry holds. native.py, the
ctypes binding, asks these before and after it loads a file."""

import ctypes
import functools
import json
import os
import stat
import struct
import sys
import urllib.parse
from importlib import metadata

from .errors import FxImportError

__all__ = ["BUILD", "default_library", "registering_copy", "unmappable"]

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
# In a source tree the package is tools/fx-import/fx_mlir_import, and the
# build is build/ at the tree's root (utils/build.sh).
BUILD = os.path.normpath(os.path.join(_PACKAGE, os.pardir, os.pardir, os.pardir, "build"))
_TREE = os.path.dirname(BUILD)
# Whether the package runs from a source tree (where the fx-import command
# is fx_import.py beside it), or is installed.
_IN_TREE = os.path.isfile(os.path.join(_PACKAGE, os.pardir, "fx_import.py"))
_NAME = "libFXMLIR-C.so"


# What an ELF file's header says, after e_ident, and where a program header
# keeps p_offset and p_filesz and a section header sh_size and sh_info, by
# EI_CLASS.
_ELF = {
    1: ("32-bit", "HHIIIIIHHHHHH", "IIIIIIII", (1, 4), "IIIIIIIIII"),
    2: ("64-bit", "HHIQQQIHHHHHH", "IIQQQQQQ", (2, 5), "IIQQQQIIQQ"),
}
_PN_XNUM = 0xFFFF


def unmappable(path):
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


def registering_copy():
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
