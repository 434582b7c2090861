#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Unpacks the tests/ of a vLLM release's source distribution into DEST.

    utils/fetch_vllm_tests.py DEST [VERSION]
        # utils/install-vllm.sh: $venv/vllm-tests, the pinned release;
        # utils/install-vllm-releases.sh: each other release the plugin claims

vLLM's wheel has no tests; its source distribution has them, and
integration_test/Vllm runs its partition tests on fx-mlir's split_graph. The
version is VERSION, else the `vllm==` line of utils/requirements-vllm.txt. `pip download
--no-binary :all: --no-deps` cannot fetch it: pip prepares the metadata of a
source distribution, which runs vLLM's setup.py and needs its build
requirements (setuptools-rust, and torch 2.14 with build isolation). So the
file's URL and sha256 come from the index's JSON page (PEP 691; $PIP_INDEX_URL,
else PyPI's), the download is checked against that sha256, and only its
`tests/` is unpacked, to DEST/tests. DEST/.source names what is there: a second
run with the same version does nothing.
"""

import hashlib
import json
import os
import re
import shutil
import sys
import tarfile
import tempfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = os.path.join(ROOT, "utils", "requirements-vllm.txt")
INDEX = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")
STAMP = ".source"


def pinned_version():
    with open(REQUIREMENTS, encoding="utf-8") as f:
        for line in f:
            match = re.fullmatch(r"vllm==(\S+)", line.strip())
            if match:
                return match.group(1)
    sys.exit(f"error: {REQUIREMENTS} has no vllm== line")


def index_entry(filename):
    """The index's entry for `filename`: its url and sha256."""
    request = urllib.request.Request(
        f"{INDEX}/vllm/", headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        files = json.load(response)["files"]
    for entry in files:
        if entry["filename"] == filename:
            return entry["url"], entry["hashes"]["sha256"]
    sys.exit(f"error: {INDEX}/vllm/ lists no {filename}")


def download(url, sha256, path):
    digest = hashlib.sha256()
    with urllib.request.urlopen(url, timeout=300) as response, open(path, "wb") as out:
        while chunk := response.read(1 << 20):
            digest.update(chunk)
            out.write(chunk)
    if digest.hexdigest() != sha256:
        sys.exit(f"error: {url} has sha256 {digest.hexdigest()}, the index says {sha256}")


def unpack_tests(archive, prefix, into):
    """Extracts the regular files and directories under `prefix`tests/ of
    `archive` into `into`/tests; nothing else, and no name that leaves it."""
    top = prefix + "tests/"
    with tarfile.open(archive) as tar:
        members = []
        for member in tar.getmembers():
            if not member.name.startswith(top) or not (member.isfile() or member.isdir()):
                continue
            name = member.name[len(prefix):]
            if os.path.isabs(name) or ".." in name.split("/"):
                sys.exit(f"error: {archive} has a member outside its tree: {member.name}")
            member.name = name
            member.mode = 0o755 if member.isdir() else 0o644
            members.append(member)
        if not members:
            sys.exit(f"error: {archive} has no {top}")
        tar.extractall(into, members=members)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(f"usage: {sys.argv[0]} DEST [VERSION]")
    dest = os.path.abspath(sys.argv[1])
    version = sys.argv[2] if len(sys.argv) == 3 else pinned_version()
    filename = f"vllm-{version}.tar.gz"
    stamp = os.path.join(dest, STAMP)
    if os.path.exists(stamp):
        with open(stamp, encoding="utf-8") as f:
            if f.read().split()[:1] == [filename]:
                return 0
    url, sha256 = index_entry(filename)
    print(f"unpacking {filename}'s tests/ (sha256 {sha256}) into {dest}")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with tempfile.TemporaryDirectory(dir=os.path.dirname(dest)) as scratch:
        archive = os.path.join(scratch, filename)
        download(url, sha256, archive)
        tree = os.path.join(scratch, "tree")
        unpack_tests(archive, f"vllm-{version}/", tree)
        with open(os.path.join(tree, STAMP), "w", encoding="utf-8") as f:
            f.write(f"{filename} sha256:{sha256} {url}\n")
        shutil.rmtree(dest, ignore_errors=True)
        os.rename(tree, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
