# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Which libFXMLIR-C.so file to load when none is given: `default_library()`
finds it inside the package, where `pip install .` puts it, else, for the
source tree the package is in, where `pip install -e` put it, by pip's
records, or in the tree's build."""

import functools
import json
import os
import urllib.parse
from importlib import metadata

from .errors import FxImportError

__all__ = ["BUILD", "default_library"]

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
# In a source tree the package is tools/fx-import/fx_mlir_import, and the
# build is build/ at the tree's root (utils/build.sh).
BUILD = os.path.normpath(os.path.join(_PACKAGE, os.pardir, os.pardir, os.pardir, "build"))
_TREE = os.path.dirname(BUILD)
# Whether the package runs from a source tree (where the fx-import command
# is fx_import.py beside it), or is installed.
_IN_TREE = os.path.isfile(os.path.join(_PACKAGE, os.pardir, "fx_import.py"))
_NAME = "libFXMLIR-C.so"


def default_library():
    """The path of libFXMLIR-C.so to load when none is given: the one
    installed inside this package (pyproject.toml, tools/fx-import/CMakeLists.txt),
    else, in a source tree, the one an editable install of that tree put in
    the environment, else the tree's build/lib/; None if the tree has none.
    An installed package without its library is an FxImportError: it has
    nothing else to run the passes with."""
    own = os.path.join(_PACKAGE, "lib", _NAME)
    if os.path.exists(own):
        return own
    source, editable, dist = _installed_from()
    if not _IN_TREE:
        raise FxImportError(f"the installed fx-mlir package has no '{own}'; reinstall it: "
                            f"pip install --force-reinstall --no-deps {source or 'SOURCE_TREE'}")
    if editable and source == os.path.realpath(_TREE):
        # That install imports the package from this tree, and pip's record
        # says where it put the library.
        path = next((str(f.locate()) for f in dist.files or () if f.name == _NAME), None)
        if path is not None and os.path.exists(path):
            return path
    path = os.path.join(BUILD, "lib", _NAME)
    return path if os.path.exists(path) else None


@functools.lru_cache(maxsize=None)  # split_graph asks on each call.
def _installed_from():
    """(the source tree the fx-mlir distribution of this environment was
    installed from or None, whether it was `pip install -e`, the
    distribution or None), from pip's record of the install."""
    try:
        dist = metadata.distribution("fx-mlir")
        installed = json.loads(dist.read_text("direct_url.json") or "{}")
    except (metadata.PackageNotFoundError, ValueError):
        return None, False, None
    url = urllib.parse.urlsplit(installed.get("url", ""))
    source = os.path.realpath(urllib.parse.unquote(url.path)) if url.scheme == "file" else None
    return source, bool(installed.get("dir_info", {}).get("editable")), dist
