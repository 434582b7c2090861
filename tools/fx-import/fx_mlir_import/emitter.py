# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Writes MLIR text: escaped string literals, locations, fresh SSA names."""

import re

# Matched whole (fullmatch): `$` would also match before a final newline.
_SSA_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_$.-]*")
_BARE_SYMBOL = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_PLAIN = re.compile(r'[ !#-\[\]-~]*')  # printable ASCII but " and \


def escape(text):
    """`text` as the body of an MLIR string literal: printable ASCII as is,
    `"` and `\\` backslashed, every other byte of its UTF-8 as `\\XX`."""
    text = str(text)
    # The usual text is printable ASCII without " and \ (the str methods are
    # a quicker test of that than _PLAIN).
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text \
            or _PLAIN.fullmatch(text):
        return text
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char in '"\\':
            out.append("\\" + char)
        elif not 0x20 <= byte < 0x7F:
            out.append(f"\\{byte:02X}")
        else:
            out.append(char)
    return "".join(out)


def quote(text):
    return f'"{escape(text)}"'


def symbol(name):
    """`@name`, quoted when MLIR's bare identifiers cannot spell it."""
    if _BARE_SYMBOL.fullmatch(name):
        return f"@{name}"
    return f"@{quote(name)}"


def loc(name):
    return f"loc({quote(name)})"


class Emitter:
    """The body of one func.func, line by line."""

    def __init__(self, compact=False):
        # Numbered SSA names, for text only a parser reads.
        self.compact = compact
        self.lines = []
        self.counter = 0
        self.used = set()
        self.locs = {}  # loc(where) by where: a node's ops share its loc

    def fresh(self, hint):
        # A '.' never occurs in an FX node name, so these never collide.
        self.counter += 1
        return f"%{hint}.{self.counter}"

    def name_for(self, node_name, suffix=None):
        """The SSA name of a node's value: its FX name when MLIR accepts it."""
        if self.compact:
            self.counter += 1
            return f"%{self.counter}"
        base = node_name if suffix is None else f"{node_name}.{suffix}"
        # An ASCII identifier always matches _SSA_NAME; the test is quicker.
        if (base.isascii() and base.isidentifier() or _SSA_NAME.fullmatch(base)) \
                and base not in self.used:
            self.used.add(base)
            return f"%{base}"
        return self.fresh("v")

    def op(self, text, where):
        location = self.locs.get(where)
        if location is None:
            location = self.locs[where] = loc(where)
        self.lines.append(f"  {text} {location}")
