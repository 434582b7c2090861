#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Writes the fuzzers' seed corpora from the lit tests, one file per input,
named by content hash, under fuzz/ (or the directory given):
  corpus/     fx-fuzz, fx-fuzz-structured: each `// -----` case of the tests
              that parse, and the shipped example
  assert/     fx-fuzz-assert: a byte that picks the values, then the format,
              for each fx.assert of the tests and each format the lowering
              writes (lib/Conversion/FXToTensor)
  split-map/  fx-fuzz-split-map: a splitting-ops line, then a case of the
              fx-split-graph tests, for each splitting-ops they run with
  runner/     fx-fuzz-runner: a pipeline line, then a case, for each pipeline
              of fx passes a test runs its cases through
Seeds are only added: inputs that once crashed stay."""

import glob
import hashlib
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "fuzz")
MAX_SIZE = 4000


def write(target, data):
    directory = os.path.join(out, target)
    os.makedirs(directory, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    suffix = ".mlir" if target == "corpus" else ""
    with open(os.path.join(directory, name + suffix), "wb") as f:
        f.write(data)


def cases(text):
    """The `// -----` cases of a test, its comment lines (RUN, CHECK) dropped."""
    for case in text.split("// -----"):
        lines = [l for l in case.splitlines() if not l.lstrip().startswith("//")]
        body = "\n".join(lines).strip() + "\n"
        if "func.func" in body and len(body) <= MAX_SIZE:
            yield body


def run_lines(text):
    """The RUN lines of a test, continuations joined."""
    joined = [""]
    for run in re.findall(r"^\s*//\s*RUN:(.*)$", text, re.M):
        joined[-1] += run.rstrip().removesuffix("\\")
        if not run.rstrip().endswith("\\"):
            joined.append("")
    return joined[:-1]


tests = sorted(glob.glob(os.path.join(root, "test", "**", "*.mlir"), recursive=True))
runner_tests = sorted(glob.glob(os.path.join(root, "integration_test", "Runner", "*.mlir")))
texts = {path: open(path).read() for path in tests + runner_tests}
counts = dict.fromkeys(["corpus", "assert", "split-map", "runner"], 0)

# corpus/: as the lit tests and the example have them.
for path in tests + [os.path.join(root, "examples", "lora.mlir")]:
    text = texts.get(path) or open(path).read()
    for body in cases(text):
        write("corpus", body.encode())
        counts["corpus"] += 1

# assert/: byte 0 is `count | first << 3`, fx-fuzz-assert's kValueKinds
# starting at the first value's type (index, i8, i16, i32, i64) or at the
# constants (5).
KINDS = {"index": 0, "i8": 1, "i16": 2, "i32": 3, "i64": 4}


def mlir_string(text):
    """The bytes of an MLIR string literal's body."""
    data = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "\\":
            if re.match(r"[0-9a-fA-F]{2}", text[i + 1:i + 3]):
                data.append(int(text[i + 1:i + 3], 16))
                i += 3
                continue
            data += {"n": b"\n", "t": b"\t"}.get(text[i + 1], text[i + 1].encode())
            i += 2
            continue
        data += text[i].encode()
        i += 1
    return bytes(data)


formats = set()
for text in texts.values():
    for line in text.splitlines():
        if line.lstrip().startswith("//"):
            continue
        m = re.search(r'fx\.assert %[\w#]+, "((?:[^"\\]|\\.)*)"(?: \(.*: ([^)]*)\))?', line)
        if m:
            types = [t.strip() for t in m.group(2).split(",")] if m.group(2) else []
            formats.add((mlir_string(m.group(1)), tuple(types)))
source = open(os.path.join(root, "lib", "Conversion", "FXToTensor", "FXToTensor.cpp")).read()
for literal in re.findall(r'"((?:[^"\\\n]|\\.)*\{\}(?:[^"\\\n]|\\.)*)"', source):
    data = literal.encode().decode("unicode_escape").encode()
    formats.add((data, ("index",) * min(data.count(b"{}"), 7)))
for data, types in sorted(formats):
    count = min(len(types), 7)
    for first in {KINDS.get(types[0], 0) if types else 0, 5}:
        write("assert", bytes([count | first << 3]) + data)
        counts["assert"] += 1

# split-map/: the splitting ops each fx-split-graph test runs with; vLLM's
# default list (FXSplitGraph's splitting-ops in Passes.td) when a run gives
# none...
td = open(os.path.join(root, "include", "fx-mlir", "Dialect", "FX", "Transforms",
                       "Passes.td")).read()
default = ",".join(re.findall(r'\\"(vllm::[\w.]+)\\"', td))
for path, text in texts.items():
    if "fx-split-graph" not in text:
        continue
    lists = set()
    for run in run_lines(text):
        if "fx-split-graph" in run:
            m = re.search(r"splitting-ops=([^ '\"}]*)", run)
            lists.add(m.group(1) if m else default)
    for ops in sorted(lists):
        for body in cases(text):
            write("split-map", f"{ops}\n{body}".encode())
            counts["split-map"] += 1

# ... and fx-fuzz's cuts, where sizes, slices and tensors cross them.
FX_FUZZ_CUTS = ["fx.view", "fx.slice_tensor", "arith.muli"]
for path in tests:
    for body in cases(texts[path]):
        if any(op in body for op in FX_FUZZ_CUTS):
            write("split-map", f"{','.join(FX_FUZZ_CUTS)}\n{body}".encode())
            counts["split-map"] += 1

# runner/: the fx passes of each RUN line, in order, as one pipeline (what a
# C host of fx-mlir-c/Passes.h gives it), without the options that name a
# file, which the target refuses.
PASS = re.compile(r"--((?:fx|convert-fx)[a-z-]*)(?:='([^']*)')?")
for path, text in texts.items():
    pipelines = set()
    for run in run_lines(text):
        if "--pass-pipeline" in run:
            m = re.search(r"--pass-pipeline='([^']*)'", run)
            if m and "file" not in m.group(1):
                pipelines.add(m.group(1))
            continue
        passes = []
        for name, options in PASS.findall(run.split("|")[0]):
            options = " ".join(o for o in options.split() if "file" not in o)
            passes.append(f"{name}{{{options}}}" if options else name)
        if passes:
            pipelines.add(f"builtin.module({','.join(passes)})")
    for pipeline in sorted(pipelines):
        for body in cases(text):
            write("runner", f"{pipeline}\n{body}".encode())
            counts["runner"] += 1

for target, count in counts.items():
    print(f"{count} seeds for {target} in {os.path.join(out, target)}")
