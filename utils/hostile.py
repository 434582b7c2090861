#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Feeds fx-opt damaged inputs and checks that each gives a clean answer.

  truncate FILE   every prefix of FILE (a sample of them for large files)
  corrupt FILE    FILE as bytecode, with seeded bytes overwritten or cut off

Every run must exit with 0 (valid input) or 1 with an "error:" diagnostic;
a signal, another exit code or a timeout is a failure. An input that already
fails so when fx-opt only reads it (no flags) is counted apart, as a failure
of MLIR's own parser or bytecode reader rather than of fx code, and kept in
--keep. Prints a summary.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile


def run(tool, data, flags, workdir, timeout):
    path = os.path.join(workdir, "input")
    with open(path, "wb") as f:
        f.write(data)
    try:
        proc = subprocess.run([tool, path, *flags], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hung"
    if proc.returncode == 0:
        return "accepted"
    if proc.returncode == 1 and b"error:" in proc.stderr:
        return "rejected"
    return f"crashed (exit {proc.returncode})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["truncate", "corrupt"])
    parser.add_argument("file")
    parser.add_argument("--fx-opt", required=True)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--keep", help="directory for the inputs that failed")
    parser.add_argument("--flag", action="append", default=[], dest="flags",
                        help="an extra fx-opt flag, as --flag=--fx-decompose-size")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="fx-hostile-")
    rng = random.Random(args.seed)
    if args.mode == "truncate":
        with open(args.file, "rb") as f:
            data = f.read()
        cuts = sorted(set(rng.randrange(len(data)) for _ in range(args.count)))
        inputs = [data[:cut] for cut in cuts]
    else:
        bytecode = os.path.join(workdir, "valid.mlirbc")
        subprocess.run([args.fx_opt, args.file, "--emit-bytecode", "-o", bytecode], check=True)
        with open(bytecode, "rb") as f:
            data = f.read()
        inputs = []
        for _ in range(args.count):
            damaged = bytearray(data)
            if rng.random() < 0.25:
                damaged = damaged[:rng.randrange(len(damaged))]
            else:
                for _ in range(rng.randint(1, 4)):
                    damaged[rng.randrange(len(damaged))] = rng.randrange(256)
            inputs.append(bytes(damaged))

    keep = args.keep or workdir
    os.makedirs(keep, exist_ok=True)
    counts = {"accepted": 0, "rejected": 0, "upstream": 0, "fx": 0}
    for i, data in enumerate(inputs):
        outcome = run(args.fx_opt, data, args.flags, workdir, args.timeout)
        if outcome in ("accepted", "rejected"):
            counts[outcome] += 1
            continue
        reading = run(args.fx_opt, data, [], workdir, args.timeout)
        where = "fx" if reading in ("accepted", "rejected") else "upstream"
        counts[where] += 1
        path = os.path.join(keep, f"{args.mode}-{args.seed}-{i}.{where}")
        with open(path, "wb") as f:
            f.write(data)
        print(f"{outcome} in {'fx code' if where == 'fx' else 'MLIR reading the input'}: "
              f"{path}", file=sys.stderr)
    print(f"{args.mode}: {len(inputs)} inputs, {counts['rejected']} rejected, "
          f"{counts['accepted']} accepted, {counts['fx']} crashed or hung in fx code, "
          f"{counts['upstream']} crashed or hung while MLIR read them")
    return 1 if counts["fx"] else 0


if __name__ == "__main__":
    sys.exit(main())
