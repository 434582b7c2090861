# The emitter escapes every string it writes: quotes, backslashes, newlines
# and non-ASCII text in args, targets and names parse back unchanged.
# REQUIRES: torch
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s --input-file=%t.mlir
# RUN: fx-opt --verify-roundtrip %t.mlir | FileCheck %s --check-prefix=PARSED

import types

import torch
import torch.fx

from fx_mlir_import import import_graph
from fx_mlir_import.emitter import escape, symbol


def tag(x, label):
    return x


def strings():
    g = torch.fx.Graph()
    x = g.placeholder("x")
    x.meta["val"] = torch.empty(2, 3)
    y = g.call_function(tag, (x, 'say "hi"\\n\nnaïve ✓'))
    y.meta["val"] = torch.empty(2, 3)
    z = g.call_method('odd"method\\', (y,))
    z.meta["val"] = torch.empty(2, 3)
    g.output(z)
    # Python cannot compile that method name, so no GraphModule: the importer
    # only reads the graph.
    return types.SimpleNamespace(graph=g)


# CHECK-LABEL: func.func @strings(
# CHECK: %tag = fx.node "call_function" "__main__.tag"(%x) {args = "(%0, 'say \"hi\"\\\\n\\nna\C3\AFve \E2\9C\93')"}
# CHECK: %odd_method_ = fx.node "call_method" "odd\"method\\"(%tag)
print(import_graph(strings(), func_name="strings"))

# The parser reads the same strings back.
# PARSED: "__main__.tag"(%arg0) {args = "(%0, 'say \22hi\22\\\\n\\nna\C3\AFve \E2\9C\93')"}
# PARSED: "odd\22method\\"

# A function name MLIR cannot spell bare is quoted.
# CHECK-LABEL: func.func @"my model\"s forward"(
# PARSED: func.func @"my model\22s forward"(
print(import_graph(strings(), func_name='my model"s forward'))

# CHECK: escaped: a\"b\\c\0A\09\C3\A9
print("// escaped: " + escape('a"b\\c\n\té'))

# A final newline is escaped too, and a function name ending in one is
# quoted: the printable-ASCII tests match the whole text.
# CHECK: escaped: trailing\0A
# CHECK-NEXT: symbol: @"f\0A"
print("// escaped: " + escape("trailing\n"))
print("// symbol: " + symbol("f\n"))
