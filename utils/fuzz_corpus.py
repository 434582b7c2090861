#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Writes the fuzzer's seed corpus: each `// -----` case of the lit tests that
parse, and the shipped example, one file each, named by content hash."""

import glob
import hashlib
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "fuzz", "corpus")
os.makedirs(out, exist_ok=True)
sources = sorted(glob.glob(os.path.join(root, "test", "**", "*.mlir"), recursive=True))
sources.append(os.path.join(root, "examples", "lora.mlir"))
count = 0
for path in sources:
    with open(path) as f:
        text = f.read()
    for case in text.split("// -----"):
        lines = [l for l in case.splitlines() if not l.lstrip().startswith("//")]
        body = "\n".join(lines).strip() + "\n"
        if "func.func" not in body or len(body) > 4000:
            continue
        name = hashlib.sha1(body.encode()).hexdigest()[:16]
        with open(os.path.join(out, name + ".mlir"), "w") as f:
            f.write(body)
        count += 1
print(f"{count} seeds in {out}")
