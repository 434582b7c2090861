#!/usr/bin/env python3
"""Feeds fx-opt damaged inputs and checks that each gives a clean answer.

  truncate FILE   every prefix of FILE (a sample of them for large files)
  corrupt FILE    FILE as bytecode, with seeded bytes overwritten or cut off

Every run must exit with 0 (valid input) or 1 with an "error:" diagnostic;
a signal, another exit code or a timeout is a failure. Prints a summary.
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

    counts = {}
    for data in inputs:
        outcome = run(args.fx_opt, data, args.flags, workdir, args.timeout)
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome not in ("accepted", "rejected"):
            keep = os.path.join(workdir, f"failure-{counts[outcome]}")
            with open(keep, "wb") as f:
                f.write(data)
            print(f"{outcome}: input kept in {keep}", file=sys.stderr)
    bad = sum(n for outcome, n in counts.items() if outcome not in ("accepted", "rejected"))
    print(f"{args.mode}: {len(inputs)} inputs, {counts.get('rejected', 0)} rejected, "
          f"{counts.get('accepted', 0)} accepted, {bad} crashed or hung")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
