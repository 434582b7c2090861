# split_graph runs fx-decompose-size and fx-split-graph in this process
# through libFXMLIR-C.so, or in an fx-opt process; both give the same
# SplitItems and the same nodes in every piece, on every Dynamo-style graph
# of Inputs/vllm_graphs.py at its splitting ops and at the default list, and
# the same one-line error where the split is refused; and where a pipeline
# or its input is malformed, fx-opt's first error. The library is loaded once per process. An ASan build's
# library runs under the preloaded ASan runtime, as a plugin does.
# REQUIRES: torch
# RUN: %preload_asan %PYTHON %s %fx_obj_root/lib/libFXMLIR-C.so %fx_obj_root/bin/fx-opt \
# RUN:   | FileCheck %s

import operator
import sys

import torch
import torch.fx
import vllm_graphs
from split_api import attention_op, node, start_graph

from fx_mlir_import import FxImportError, native, passes, split_graph

LIBRARY, FX_OPT = sys.argv[1], sys.argv[2]
RUNNERS = {"in process": {"library": LIBRARY}, "fx-opt": {"fx_opt": FX_OPT}}


def pieces(items):
    return [(i.submod_name, i.graph_id, i.is_splitting_graph,
             [n.name for n in i.graph.graph.nodes]) for i in items]


# CHECK-COUNT-20: same pieces in process and in fx-opt
# CHECK-NOT: differ
for family, build in vllm_graphs.FAMILIES.items():
    for which in ("family", None):
        results = {}
        for name, runner in RUNNERS.items():
            case = build()
            ops = case.splitting_ops if which else None
            results[name] = pieces(split_graph(case.gm, ops, **runner)[1])
        same = results["in process"] == results["fx-opt"]
        print(f"{family}, {which or 'default'} ops: "
              + ("same pieces in process and in fx-opt" if same else
                 f"differ:\n  {results['in process']}\n  {results['fx-opt']}"))

# CHECK: loaded once: True
print("loaded once:", native.load(LIBRARY) is native.load(LIBRARY))


ATTN_OP = attention_op("splitapinative")


def refused():
    attn_op = ATTN_OP
    g, px, x = start_graph()
    mean = node(g, "call_method", "mean", (px,), 0.5, "mean")
    attn = node(g, "call_function", attn_op, (px,), x, "attn")
    node(g, "call_function", operator.mul, (attn, mean), x, "mul")
    g.output(tuple(g.nodes)[-1:])
    return torch.fx.GraphModule(torch.nn.Module(), g)


def error(ops, **runner):
    try:
        split_graph(refused(), ops, **runner)
    except FxImportError as e:
        return str(e)
    return "no error"


# The refusal: the same line from both.
# CHECK: in process: node 'mean' cannot cross from submod_0 to submod_2: only tensors and index values may cross a split boundary: value 'mean' of type 'f64', defined by 'fx.node' in piece 0, is used in piece 2
# CHECK-NEXT: fx-opt: the same
first = error(["splitapinative::attn"], **RUNNERS["in process"])
print("in process:", first)
second = error(["splitapinative::attn"], **RUNNERS["fx-opt"])
print("fx-opt:", "the same" if second == first else second)

# A pipeline that does not parse, IR that does not parse, and a pass that
# fails: fx-opt's first error, from both.
# CHECK-NEXT: in process: MLIR Textual PassPipeline Parser:1:1: error: 'nopass' does not refer to a registered pass or pass pipeline
# CHECK-NEXT: fx-opt: the same
# CHECK-NEXT: in process: custom op 'fx.bogus' is unknown
# CHECK-NEXT: fx-opt: the same
# CHECK-NEXT: in process: 'fx.getitem' op index 0 is out of range for '!fx.size<0>', which has no elements
# CHECK-NEXT: fx-opt: the same
VALID = "func.func @f() {\n  return\n}\n"
CASES = [
    (VALID, "builtin.module(nopass)"),
    ("func.func @f() {\n  %0 = fx.bogus\n}\n", "builtin.module(canonicalize)"),
    ("func.func @f() {\n  %s = fx.make_size : !fx.size<0>\n"
     "  %t = fx.getitem %s[0] : !fx.size<0>\n  return\n}\n", "builtin.module(canonicalize)"),
]
for text, pipeline in CASES:
    ran = {name: passes.run_pipeline(runner, text, pipeline)
           for name, runner in (("in process", native.load(LIBRARY)), ("fx-opt", FX_OPT))}
    first, second = (passes.first_error(r.stderr) if not r.succeeded else "succeeded"
                     for r in ran.values())
    print("in process:", first)
    print("fx-opt:", "the same" if second == first else second)

# One line each: a name the pass option cannot take, both runners at once,
# a library that is not there.
# CHECK-NEXT: splitting op 'splitapinative::attn}' is not an op name: it is empty or has a comma, a brace, a space or a quote
# CHECK-NEXT: split_graph: give fx_opt or library, not both
# CHECK-NEXT: cannot load the fx-mlir C API library '/nonexistent/libFXMLIR-C.so': {{.+}}
print(error(["splitapinative::attn}"], **RUNNERS["in process"]))
print(error(None, fx_opt=FX_OPT, library=LIBRARY))
print(error(None, library="/nonexistent/libFXMLIR-C.so"))
