# Every failure of the fx-import command is one line, `fx-import: error:
# ...`, and exit status 1, never a traceback. The CLI entry runs in process
# here, one case after another (errors.test runs a few as processes).
# REQUIRES: torch
# RUN: %python %s %S/Inputs/models.py %S/Inputs/compile_graphs.py 2>&1 | FileCheck %s --implicit-check-not=Traceback

import contextlib
import io
import sys

from fx_mlir_import.cli import main

MODELS, COMPILE_GRAPHS = sys.argv[1], sys.argv[2]


def run(*argv):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(list(argv))
    lines = err.getvalue().splitlines()
    print(f"exit {status}, {len(lines)} line(s): " + " | ".join(lines))


# CHECK: exit 1, 1 line(s): fx-import: error: torch.fx cannot trace Untraceable: TraceError: symbolically traced variables cannot be used as inputs to control flow
run(f"{MODELS}:untraceable")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: node 'quantize_per_tensor' (call_function torch.quantize_per_tensor): tensors of dtype torch.quint8 are not supported
run(f"{MODELS}:quantized")

# Bad --dynamic specs.
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: --dynamic z: no placeholder is named 'z' (placeholders: x, token_lora_mapping, sampler_indices)
run(f"{MODELS}:lora", "--dynamic", "z:0")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: --dynamic x:2: placeholder 'x' has rank 2
run(f"{MODELS}:lora", "--dynamic", "x:2")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: --dynamic x: expected NAME:DIM[,DIM...], e.g. x:0 or x:0,1
run(f"{MODELS}:lora", "--dynamic", "x")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: --dynamic x:a: expected NAME:DIM[,DIM...], e.g. x:0 or x:0,1
run(f"{MODELS}:lora", "--dynamic", "x:a")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: --dynamic token_lora_mapping:1: placeholder 'token_lora_mapping' has rank 1
run(f"{MODELS}:lora", "--dynamic", "token_lora_mapping:0,1")

# A dynamic dim needs an example of size 2 or more: torch specializes 0 and 1
# (x.squeeze(0) on one row would change the rank).
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: --dynamic x:0: the example size of this dim is 1, and torch specializes sizes 0 and 1; give an example of size 2 or more
run(f"{MODELS}:squeeze_one_row", "--dynamic", "x:0")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: --dynamic x:0: the example size of this dim is 0, and torch specializes sizes 0 and 1; give an example of size 2 or more
run(f"{MODELS}:empty_rows", "--dynamic", "x:0")

# The number of results of unbind and split follows the dynamic dim.
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: node 'unbind' (call_method unbind): its number of results depends on the --dynamic dims (2, 3, 4, 5, 8 in different runs); the fx dialect needs a fixed number
run(f"{MODELS}:unbind", "--dynamic", "x:0")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: node 'split' (call_method split): its number of results depends on the --dynamic dims (1, 2, 3, 4 in different runs); the fx dialect needs a fixed number
run(f"{MODELS}:split", "--dynamic", "x:0")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: node 'view' (call_method view): fails with the --dynamic dims doubled (RuntimeError: shape '[10, 8]' is invalid for input of size 40); is every --dynamic dim really dynamic?
run(f"{MODELS}:view_size", "--dynamic", "x:0")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: --dynamic needs example inputs; a graph with metadata says which dims are symbolic itself
run(f"{COMPILE_GRAPHS}:moe", "--dynamic", "l_h_:0")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: node 'x' (placeholder x): has no shape metadata (meta['example_value'], meta['val'] or meta['tensor_meta']) and no example inputs were given
run(f"{MODELS}:no_metadata")

# Bad MODULE:FUNCTION.
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: '{{.*}}models.py' has no function 'missing'
run(f"{MODELS}:missing")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: 'no_colon' is not MODULE:FUNCTION
run("no_colon")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: cannot load 'no_such_module_xyz': ModuleNotFoundError: No module named 'no_such_module_xyz'
run("no_such_module_xyz:f")

# A MODULE:FUNCTION that returns the wrong kind of value, or raises.
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: {{.*}}models.py:returns_list returned a list of 2 whose first item is an int; expected a GraphModule with shape metadata, or (module, example_inputs) with module a GraphModule or an nn.Module
run(f"{MODELS}:returns_list")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: {{.*}}models.py:returns_string returned a str; expected
run(f"{MODELS}:returns_string")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: {{.*}}models.py:returns_module_alone returned an nn.Module without example inputs; expected
run(f"{MODELS}:returns_module_alone")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: {{.*}}models.py:returns_tensor_inputs returned example inputs that are a Tensor; give a tuple or list of them
run(f"{MODELS}:returns_tensor_inputs")
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: {{.*}}models.py:raises raised ValueError: no weights here
run(f"{MODELS}:raises")

# Where the output cannot go.
# CHECK-NEXT: exit 1, 1 line(s): fx-import: error: cannot write '/nonexistent/dir/out.mlir': No such file or directory
run(f"{MODELS}:lora", "-o", "/nonexistent/dir/out.mlir")
