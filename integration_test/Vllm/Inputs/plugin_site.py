# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The vLLM plugin's entry point, as `pip install` would record it, without
installing: `install(root, site)` writes a dist-info into the folder `site`
whose entry_points.txt has the `vllm.general_plugins` table of root's
pyproject.toml, and puts `site` first on sys.path, where
importlib.metadata.entry_points (vLLM's load_plugins_by_group) finds it."""

import os
import sys
import tomllib

GROUP = "vllm.general_plugins"


def install(root, site):
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    entries = project.get("entry-points", {}).get(GROUP, {})
    info = os.path.join(site, "fx_mlir-0.dist-info")
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: 0\n")
    with open(os.path.join(info, "entry_points.txt"), "w") as f:
        f.write(f"[{GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items()))
    sys.path.insert(0, site)
    return entries
