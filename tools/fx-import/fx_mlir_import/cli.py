# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The fx-import command line."""

import argparse
import gc
import importlib
import importlib.util
import os
import sys
import warnings

from .errors import FxImportError

USAGE = """Imports a torch.fx GraphModule into the fx dialect of fx-mlir.

MODULE:FUNCTION names a Python file (or importable module) and a function in
it. The function returns either (module, example_inputs), where module is a
GraphModule or an nn.Module (traced with torch.fx.symbolic_trace), or a
GraphModule alone whose nodes carry shape metadata (meta['example_value'],
meta['val'] or meta['tensor_meta']), as torch.compile hands one to a backend.
"""


def load(spec):
    """(module, example inputs or None) from MODULE:FUNCTION."""
    import torch
    path, _, function = spec.rpartition(":")
    if not path or not function:
        raise FxImportError(f"'{spec}' is not MODULE:FUNCTION")
    try:
        if path.endswith(".py") or os.sep in path:
            if not os.path.isfile(path):
                raise FxImportError(f"cannot open '{path}': no such file")
            loader = importlib.util.spec_from_file_location("fx_import_user_module", path)
            module = importlib.util.module_from_spec(loader)
            # Registered as an import would be: torch.compile, tracing a
            # function of the file, looks its module up by name.
            sys.modules[loader.name] = module
            loader.loader.exec_module(module)
        else:
            module = importlib.import_module(path)
    except FxImportError:
        raise
    except Exception as e:  # whatever the user's file raises
        from .specs import one_line
        raise FxImportError(f"cannot load '{path}': {one_line(e)}") from None
    if not callable(getattr(module, function, None)):
        raise FxImportError(f"'{path}' has no function '{function}'")
    try:
        value = getattr(module, function)()
    except Exception as e:  # whatever the user's function raises
        from .specs import one_line
        raise FxImportError(f"{spec} raised {one_line(e)}") from None
    expected = ("expected a GraphModule with shape metadata, or (module, example_inputs) "
                "with module a GraphModule or an nn.Module")
    if isinstance(value, torch.nn.Module):
        if not isinstance(value, torch.fx.GraphModule):
            raise FxImportError(f"{spec} returned an nn.Module without example inputs; "
                                f"{expected}")
        return value, None
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise FxImportError(f"{spec} returned {_kind(value)}; {expected}")
    root, inputs = value
    if not isinstance(root, torch.nn.Module):
        raise FxImportError(f"{spec} returned {_kind(value)} whose first item is "
                            f"{_kind(root)}; {expected}")
    if inputs is not None:
        if isinstance(inputs, torch.Tensor) or not isinstance(inputs, (tuple, list)):
            raise FxImportError(f"{spec} returned example inputs that are "
                                f"{_kind(inputs)}; give a tuple or list of them")
        inputs = tuple(inputs)
    return root, inputs


def _kind(value):
    if value is None:
        return "None"
    name = type(value).__name__
    article = "an" if name[0].lower() in "aeiou" else "a"
    if isinstance(value, (tuple, list)):
        return f"{article} {name} of {len(value)}"
    return f"{article} {name}"


def parser():
    p = argparse.ArgumentParser(prog="fx-import", description=USAGE,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("spec", metavar="MODULE:FUNCTION",
                   help="a Python file or module and a function in it that returns the "
                        "graph (see above)")
    p.add_argument("--dynamic", action="append", default=[], metavar="NAME:DIM[,DIM]",
                   help="with example inputs: make these dims of placeholder NAME symbolic "
                        "(`?`), and every dim that moves with them; the example size must be "
                        "2 or more (repeatable)")
    p.add_argument("-o", "--output", default="-", metavar="FILE",
                   help="write the MLIR (or the --check report) here; default: stdout")
    p.add_argument("--check", action="store_true",
                   help="run fx-decompose-size and the pre-fix pass on the import and "
                        "report, by FX node name, what each did with each size node")
    p.add_argument("--split-ops", metavar="OP[,OP...]",
                   help="with --check: also split the graph at these ops with "
                        "fx-split-graph (its splitting-ops option, e.g. "
                        "vllm::unified_attention) and report the pieces and what "
                        "crosses each cut")
    p.add_argument("--match-fx-targets", action="store_true",
                   help="with --split-ops: also split at nodes of any kind whose target "
                        "is one of them, as the MLIR spells it (e.g. torch.relu); "
                        "vLLM splits only at call_function nodes of torch ops")
    p.add_argument("--fx-opt", metavar="PATH",
                   help="the fx-opt that --check runs; default: the build's "
                        "(build/bin/fx-opt); without one, as in an installed package, "
                        "the passes run in this process through libFXMLIR-C.so and "
                        "the pre-fix pass, fx-opt's own, does not run")
    p.add_argument("--func-name", default="forward", metavar="NAME",
                   help="the name of the func.func to write; default: %(default)s")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    # A short-lived command that frees little: the cyclic collector would
    # only rescan the graph, superlinearly.
    gc.disable()
    # torch and the user's code warn while the graph runs (torch 2.13 warns
    # that quantized dtypes are deprecated): held back, so that a failure is
    # one line, and shown after a success.
    with warnings.catch_warnings(record=True) as caught:
        status = _run(args)
    if status == 0:
        for w in caught:
            warnings.showwarning(w.message, w.category, w.filename, w.lineno)
    return status


def _run(args):
    try:
        from .importer import import_module
        from .specs import parse_dynamic
        root, inputs = load(args.spec)
        result = import_module(root, inputs, parse_dynamic(args.dynamic), args.func_name)
        if args.split_ops is not None and not args.check:
            raise FxImportError("--split-ops goes with --check")
        if args.match_fx_targets and args.split_ops is None:
            raise FxImportError("--match-fx-targets goes with --split-ops")
        if args.check:
            from .check import check
            text = check(result, args.fx_opt, args.split_ops, args.match_fx_targets)
        else:
            text = result.text
        try:
            if args.output == "-":
                sys.stdout.write(text)
            else:
                with open(args.output, "w") as out:
                    out.write(text)
        except OSError as e:
            raise FxImportError(f"cannot write '{args.output}': {e.strerror}") from None
    except FxImportError as e:
        print(f"fx-import: error: {e}", file=sys.stderr)
        return 1
    except RecursionError:
        print("fx-import: error: the graph nests too deeply", file=sys.stderr)
        return 1
    except Exception as e:  # a bug of the importer: still one line
        from .specs import one_line
        print(f"fx-import: error: internal error: {one_line(e)}", file=sys.stderr)
        return 1
    return 0
