# Where fx-mlir refuses a split, split_graph raises one FxImportError whose
# message is one line naming the FX node and both pieces: here a float
# (x.mean().item()) computed before the attention and used after it.
# REQUIRES: torch
# RUN: %python %s %fx_obj_root/bin/fx-opt | FileCheck %s

import sys

from split_api import attention_op, float_crosses

from fx_mlir_import import FxImportError, split_graph

# The fx-opt of the build under test.
FX_OPT = sys.argv[1]

gm = float_crosses(attention_op("splitapierr"))

# CHECK: node 'mean' cannot cross from submod_0 to submod_2: only tensors and index values may cross a split boundary: value 'mean' of type 'f64', defined by 'fx.node' in piece 0, is used in piece 2
# CHECK-NEXT: lines: 1
try:
    split_graph(gm, ["splitapierr::attn"], fx_opt=FX_OPT)
except FxImportError as e:
    print(e)
    print("lines:", len(str(e).splitlines()))

# A missing fx-opt is one line too.
# CHECK-NEXT: cannot run fx-opt '/nonexistent/fx-opt': No such file or directory; give its path with --fx-opt
try:
    split_graph(gm, ["splitapierr::attn"], fx_opt="/nonexistent/fx-opt")
except FxImportError as e:
    print(e)
