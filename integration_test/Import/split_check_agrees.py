# The --check --split-ops report and split_graph read the same fx-split-graph
# map: on every family of Inputs/vllm_graphs.py, at its own splitting ops,
# the report names the pieces split_graph returns, each with the same
# splitting flag.
# REQUIRES: torch
# RUN: %python %s --fx-opt %fx_obj_root/bin/fx-opt | FileCheck %s

import argparse
import re

import vllm_graphs

from fx_mlir_import import check, import_graph, split_graph

parser = argparse.ArgumentParser()
parser.add_argument("--fx-opt", required=True)
args = parser.parse_args()

PIECE = re.compile(r"piece (\d+)( \(splitting\))?: ")

# CHECK-COUNT-10: : {{[0-9]+}} pieces, same
# CHECK-NOT: differ
# CHECK: done
for name, build in vllm_graphs.FAMILIES.items():
    case = build()
    ops = ",".join(case.splitting_ops)
    report = check(import_graph(case.gm), args.fx_opt, split_ops=ops).splitlines()
    reported = [(int(m[1]), bool(m[2])) for m in map(PIECE.match, report) if m]
    _, items = split_graph(case.gm, case.splitting_ops, fx_opt=args.fx_opt)
    returned = [(item.graph_id, item.is_splitting_graph) for item in items]
    verdict = "same" if reported == returned else f"differ: {reported} vs {returned}"
    print(f"{name}: {len(returned)} pieces, {verdict}")
print("done")
