# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Writes benchmark tables to --out: a file of their own, or sections of one.

A file that holds `<!-- table: NAME -->` ... `<!-- end table: NAME -->` for
every table written (bench/README.md does) keeps everything else and gets
each table, under the command that measured it, between its markers; any
other file is overwritten with the tables alone.
"""

import os
import shlex
import sys


def _markers(name):
    return f"<!-- table: {name} -->", f"<!-- end table: {name} -->"


def command_line():
    """The command that is running, as a user would type it."""
    script = os.path.relpath(sys.argv[0])
    # A virtual environment's Python, by the name build.sh gives it.
    python = ".venv/bin/python" if sys.prefix != sys.base_prefix else "python3"
    return " ".join(shlex.quote(a) for a in [python, script] + sys.argv[1:])


def add_run_arguments(parser, sizes, sizes_default, sizes_help, kept):
    """The options every fx-opt benchmark takes: the fx-opt, the sizes to
    run (`sizes`, a comma list), how often, where the tables go, and where
    to keep the inputs (`kept`: what they are)."""
    parser.add_argument("--fx-opt", required=True)
    parser.add_argument(sizes, default=sizes_default, help=sizes_help)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--out", default="bench-results.md",
                        help="write the tables here; in bench/README.md, each "
                             "into its marked section")
    parser.add_argument("--workdir", help=f"keep the {kept} here")


def markdown(title, columns, rows):
    """A table as bench/README.md holds it: its title line, then the
    Markdown table of `columns` (names) and `rows` (lists of cells)."""
    lines = [title, "", "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def growth(count, time, previous, unit):
    """How a row grew against the one before, `previous` (count, time):
    `<r>x time for <n>x <unit>`; "" for the first row."""
    if not previous:
        return ""
    return f"{time / previous[1]:.2f}x time for {count / previous[0]:.2f}x {unit}"


def write_tables(path, tables):
    """Writes {name: markdown table}, in order, to `path` (see above)."""
    text = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
    found = [name for name in tables if text and _markers(name)[0] in text]
    if not found:
        text = "\n".join(tables.values())
    elif len(found) < len(tables):
        missing = ", ".join(n for n in tables if n not in found)
        sys.exit(f"{path}: no '<!-- table: NAME -->' section for: {missing}")
    else:
        for name, table in tables.items():
            begin, end = _markers(name)
            head, rest = text.split(begin, 1)
            if end not in rest:
                sys.exit(f"{path}: '{begin}' without '{end}'")
            tail = rest.split(end, 1)[1]
            body = f"\n```sh\n{command_line()}\n```\n\n{table}"
            text = head + begin + body + end + tail
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
