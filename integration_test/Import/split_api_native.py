# split_graph runs fx-decompose-size and fx-split-graph in this process
# through libFXMLIR-C.so. What a user sees: how many pieces a split gives;
# the one-line error where the split is refused; and the first error where
# the text to decide on is malformed (the Decision's, as --check reports it). (The pieces and nodes of every graph of
# Inputs/vllm_graphs.py are compared with vLLM's in split_vllm_families.py.)
# An ASan build's library runs under the preloaded ASan runtime, as a plugin
# does.
# REQUIRES: torch
# RUN: %preload_asan %python %s --library %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import argparse

from split_api import attention_op, float_crosses, size_crosses

from fx_mlir_import import FxImportError, native, split_graph

parser = argparse.ArgumentParser()
parser.add_argument("--library", required=True, help="libFXMLIR-C.so")
args = parser.parse_args()
RUNNER = {"library": args.library}

ATTN_OP = attention_op("splitapinative")


def error(ops, **runner):
    try:
        split_graph(size_crosses(ATTN_OP), ops, **runner)
    except FxImportError as e:
        return str(e)
    return "no error"


# A float crosses; a torch.Size no size node has the dims of does not.
# CHECK-LABEL: float: 3 pieces
# CHECK-NEXT: refused: node 'shape' cannot cross from submod_0 to submod_2: a torch.Size would cross a split boundary: value 'shape' of type '!fx.size<2>', defined by 'fx.node' in piece 0, is used in piece 2{{$}}
_, items = split_graph(float_crosses(ATTN_OP), ["splitapinative::attn"], **RUNNER)
print(f"float: {len(items)} pieces")
print("refused:", error(["splitapinative::attn"], **RUNNER))

# IR that does not parse, IR that does not verify, and a module that is no
# import.
# CHECK-NEXT: custom op 'fx.bogus' is unknown
# CHECK-NEXT: 'fx.getitem' op index 0 is out of range for '!fx.size<0>', which has no elements
# CHECK-NEXT: fxMlirSplitDecide: the module has 2 functions to split, not one
CASES = [
    "func.func @f() {\n  %0 = fx.bogus\n}\n",
    "func.func @f() {\n  %s = fx.make_size : !fx.size<0>\n"
    "  %t = fx.getitem %s[0] : !fx.size<0>\n  return\n}\n",
    "func.func @f() {\n  return\n}\nfunc.func @g() {\n  return\n}\n",
]
runner = native.load(args.library)
for text in CASES:
    decision = runner.decide(text, [], ["splitapinative::attn"])
    print("succeeded" if decision.succeeded else decision.first_error())

# One line each: a name no op has, which matches nothing, as in vLLM; a
# library that is not there, a library that is not ours; and the library is
# loaded once.
# CHECK-NEXT: splitapinative::attn}: 1 piece(s)
# CHECK-NEXT: cannot load the fx-mlir C API library '/nonexistent/libFXMLIR-C.so': {{.+}}
# CHECK-NEXT: 'libm.so.6' is not the fx-mlir C API library: it has no fxMlirRegisterDialects
# CHECK-NEXT: loaded once: True
_, items = split_graph(float_crosses(ATTN_OP), ["splitapinative::attn}"], **RUNNER)
print(f"splitapinative::attn}}: {len(items)} piece(s)")
print(error(None, library="/nonexistent/libFXMLIR-C.so"))
print(error(None, library="libm.so.6"))
print("loaded once:", native.load(args.library) is native.load(args.library))
