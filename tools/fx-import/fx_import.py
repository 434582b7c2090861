#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""fx-import: imports a torch.fx GraphModule into the fx dialect.

    .venv/bin/python tools/fx-import/fx_import.py integration_test/Import/Inputs/models.py:lora --dynamic x:0
    .venv/bin/python tools/fx-import/fx_import.py integration_test/Import/Inputs/models.py:lora --dynamic x:0 --check

The importer is the package fx_mlir_import next to this file
(`python3 -m fx_mlir_import` with tools/fx-import on PYTHONPATH); --help
lists the options.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    from fx_mlir_import.cli import main
except ImportError as e:  # torch missing, most likely
    print(f"fx-import: error: {e}; the importer needs torch "
          f"2 (pip install -r utils/requirements.txt)", file=sys.stderr)
    sys.exit(1)

if __name__ == "__main__":
    sys.exit(main())
