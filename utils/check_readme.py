#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Runs the commands of README.md as written, from the repository's root.

Every fenced `sh` block is run command by command (a line ending in `\\`
continues the command). A command must exit with status 0, or with the status
its trailing comment names (`# ... exit status 1`). When a `text` block
follows an `sh` block directly, each of its non-empty lines must appear, in
order, in what that block's commands printed (stdout and stderr).

`bash utils/build.sh ...` lines are skipped: CI runs them itself. The set-up
lines (`python3 -m venv`, `cmake`, `ninja`) are skipped too unless --fresh is given; with --fresh they run,
in a new build directory, before the others, so the README is checked from a
fresh build. --build-dir DIR makes `build/` in the commands mean DIR (and
gives the importer's commands `--fx-opt DIR/bin/fx-opt`). `.venv/bin/python`
means the Python that runs this script, so that lit's Python (the build's
Python3_EXECUTABLE, utils/build.sh's virtual environment) runs them.
`.venv/bin/python -m pip install ...` installs into a folder of its own
instead (`--target`, emptied first), which the later commands have on
PYTHONPATH, so that checking the README leaves that environment as it was;
pip keeps the package's C++ build in --pip-build-dir (default: beside that
folder, `readme-pip/` of --build-dir), so that the next check rebuilds only
what changed.

    utils/check_readme.py                       # against build/
    utils/check_readme.py --build-dir B         # against an existing build B
    utils/check_readme.py --fresh               # configure and build anew
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# `build` as a path of its own: `build/bin/...`, `-B build`, `-C build`, not
# `utils/build.sh`.
BUILD_WORD = re.compile(r"(?<![\w/.-])build(?=/|\s|$)")
VENV_PYTHON = re.compile(r"(?<![\w/.-])\.venv/bin/python(?=\s|$)")
EXIT_STATUS = re.compile(r"#.*exit status (\d+)")
PIP_INSTALL = re.compile(r"^\.venv/bin/python -m pip install(?=\s)")


def blocks(text):
    """Yields (language, lines) for each fenced block of the markdown text."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        yield fence.group(1), lines[i + 1:end], i + 1
        i = end + 1


def commands(lines):
    """Joins continuation lines; drops blank lines and whole-line comments."""
    command = ""
    for line in lines:
        command += line
        if command.endswith("\\"):
            command = command[:-1] + " "
            continue
        if command.strip() and not command.lstrip().startswith("#"):
            yield command.strip()
        command = ""


def is_build(command):
    """A set-up line: the virtual environment, cmake or ninja."""
    return re.match(r"(/usr/bin/)?(cmake|ninja)\b|/usr/bin/python3 -m venv ", command) is not None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    parser.add_argument("--build-dir", help="what `build/` means (default: build/)")
    parser.add_argument("--fresh", action="store_true",
                        help="run the cmake and ninja lines in a new build directory")
    parser.add_argument("--pip-build-dir",
                        help="where pip keeps the C++ build of a README's pip install")
    args = parser.parse_args()

    build = args.build_dir
    if args.fresh and not build:
        build = tempfile.mkdtemp(prefix="fx-readme-build-")
    with open(args.readme, encoding="utf-8") as f:
        found = list(blocks(f.read()))

    # (commands, expected lines, line number) per sh block; build lines first
    # under --fresh, since the others need what they build.
    jobs = []
    for index, (lang, lines, lineno) in enumerate(found):
        if lang != "sh":
            continue
        expected = []
        if index + 1 < len(found) and found[index + 1][0] == "text":
            expected = [l.strip() for l in found[index + 1][1] if l.strip()]
        jobs.append((list(commands(lines)), expected, lineno))
    if args.fresh:
        jobs.sort(key=lambda job: not any(is_build(c) for c in job[0]))

    # Where README's pip installs go (PIP_INSTALL), on the later commands' path.
    pip_dir = os.path.join(build or tempfile.mkdtemp(prefix="fx-readme-"), "readme-pip")
    env = dict(os.environ)
    failures = 0
    ran = 0
    for cmds, expected, lineno in jobs:
        output = ""
        for command in cmds:
            if command.startswith("bash utils/build.sh"):
                print(f"skip (CI runs it): {command}")
                continue
            if is_build(command) and not args.fresh:
                print(f"skip (no --fresh): {command}")
                continue
            if build:
                command = BUILD_WORD.sub(build.replace("\\", "\\\\"), command)
                # The importer's --check finds fx-opt under build/ of the
                # checkout by default; point it at the same build.
                if "fx_import.py" in command and "--fx-opt" not in command:
                    command = re.sub(r"(\s#|$)", f" --fx-opt {build}/bin/fx-opt\\1",
                                     command, count=1)
            if PIP_INSTALL.match(command):
                site = os.path.join(pip_dir, "site")
                shutil.rmtree(site, ignore_errors=True)
                command = PIP_INSTALL.sub(
                    lambda m: f"{m.group(0)} --target {site} --config-settings=build-dir="
                              f"{args.pip_build_dir or os.path.join(pip_dir, 'build')}",
                    command)
                env["PYTHONPATH"] = os.pathsep.join(
                    p for p in (site, os.environ.get("PYTHONPATH")) if p)
            command = VENV_PYTHON.sub(sys.executable.replace("\\", "\\\\"), command)
            want = EXIT_STATUS.search(command)
            want = int(want.group(1)) if want else 0
            print(f"run: {command}", flush=True)
            result = subprocess.run(["bash", "-o", "pipefail", "-c", command],
                                    cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
            ran += 1
            output += result.stdout
            if result.returncode != want:
                failures += 1
                print(f"{args.readme}:{lineno}: error: exit status {result.returncode}, "
                      f"expected {want}: {command}\n{result.stdout}")
        position = 0
        for line in expected:
            at = output.find(line, position)
            if at < 0:
                failures += 1
                print(f"{args.readme}:{lineno}: error: expected output line not printed: "
                      f"{line}\n--- output ---\n{output}")
                break
            position = at + len(line)
    print(f"{ran} commands run, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
