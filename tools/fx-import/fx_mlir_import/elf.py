# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Whether the loader may map a file: `unmappable(path)` says why it must
not (not a whole ELF shared library of this process's class). native.py asks
before it loads a file."""

import os
import stat
import struct
import sys

__all__ = ["unmappable"]


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
