# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""The vLLM plugin's check mode (FX_MLIR_SPLIT=check): vLLM splits the
graph with its own split_graph, and what it returns is what vLLM uses;
fx-mlir's decision on the same graph (split.decide: one import, one
fxMlirSplitDecide, no pieces built) is set beside it, and one line per graph
says whether they agree, or names each FX node where they part and why.

    check = Check(gm, splitting_ops, library)   # before vLLM touches gm
    split_gm, items = vllm_split_graph(gm, splitting_ops)
    agrees, line = check.compare(split_gm, items)  # the marks gone

vLLM's own split is read from its pieces: before vLLM splits, each node's
meta gets its name under MARK, which torch's split_module copies with the
meta into the piece's node (torch/fx/passes/split_module.py, torch 2.13.0,
`new_node.meta = node.meta.copy()`), since split_module renames nodes; the
mark is taken out of every graph again before the line is made.

The reasons, each from the graph as vLLM 0.34.0 splits it
(vllm/compilation/backends.py):
- a dimless x.size() read after an in-place change of x's shape: vLLM's
  _decompose_size_nodes puts its sym_size nodes right after x's producer
  (backends.py:533-541), before the change, so its pieces read the old
  shape; fx-mlir reads the version the size reads (inplace.py);
- a torch.Size that crosses a cut of vLLM's split, which its docstring says
  aot_autograd cannot take (backends.py:508-510): fx-mlir refuses it, or
  decomposes it (an `x.shape` getattr, which vLLM does not decompose,
  backends.py:516);
- a getitem that vLLM puts in its input's piece whatever its other
  operands (backends.py:598-608): fx-mlir puts it where they all are; when
  one comes later, vLLM's split_module raises "cycle exists between
  partitions!";
- a node that one of them splits at and the other does not.
Any other node in another piece is named with both pieces.
"""

import operator

import torch

from .errors import FxImportError
from .specs import one_line
from .split import decide

# The meta key that carries a node's name into vLLM's pieces.
MARK = "fx_mlir_check"
# The differences one line names; it counts the rest.
MAX_DIFFERENCES = 8
_COMPARED = ("call_function", "call_method", "call_module")


def _decomposed_by_vllm(node):
    """Whether vLLM 0.34.0's _decompose_size_nodes decomposes `node`: a
    call_method size with no dim (backends.py:516-522)."""
    return (node.op == "call_method" and node.target == "size" and len(node.args) == 1
            and "dim" not in node.kwargs)


def _pieces(ids):
    """`0 1* 2` for {graph id: whether it splits}."""
    return " ".join(f"{i}{'*' * bool(s)}" for i, s in sorted(ids.items()))


class Check:
    """fx-mlir's decision on `gm` at `splitting_ops`, taken before vLLM's
    split_graph changes `gm`, and what is needed to explain where vLLM's
    split parts from it."""

    def __init__(self, gm, splitting_ops, library=None):
        self.gm = gm
        self.error = self.decision = None
        self.nodes = {}  # name -> node, before vLLM's split
        self.inplace = {}  # size node name -> (tensor, in-place change) names
        try:
            result, self.decision = decide(gm, splitting_ops, library=library)
        except FxImportError as e:
            self.error = str(e)
        except Exception as e:  # whatever it is, vLLM's split goes on
            self.error = one_line(e)
        else:
            for size, version in result.versions.items():
                if _decomposed_by_vllm(size):
                    self.inplace[size.name] = (size.args[0].name, version.name)
        for node in gm.graph.nodes:
            self.nodes[node.name] = node
            node.meta[MARK] = node.name

    def _unmark(self, split_gm=None):
        graphs = [self.gm.graph]
        if split_gm is not None:
            graphs += [m.graph for m in split_gm.modules() if isinstance(m, torch.fx.GraphModule)]
        for graph in graphs:
            for node in graph.nodes:
                node.meta.pop(MARK, None)

    def raised(self, error):
        """The line for a graph vLLM's split_graph raised on, `error`."""
        self._unmark()
        said = f"vLLM's split_graph raised {one_line(error)}"
        if self.error is not None:
            return f"{said}; fx-mlir cannot decide: {self.error}"
        reasons = [r for r in map(self._getitem_cycle, self.nodes.values()) if r]
        if not self.decision.succeeded or self.decision.refusals:
            reasons.append(f"fx-mlir refuses it too: {self._refusal()}")
        else:
            reasons.append(f"fx-mlir splits it into pieces {_pieces(self.decision.pieces)}")
        return f"{said}; " + "; ".join(reasons)

    def _refusal(self):
        for refusal in self.decision.refusals:
            return f"{refusal.line('the graph output')}: {refusal.message}"
        return self.decision.first_error()

    def _getitem_cycle(self, node):
        """Why vLLM's getitem rule makes a cycle at `node`, or None."""
        if node.op != "call_function" or node.target is not operator.getitem:
            return None
        source = node.args[0] if node.args else None
        if not isinstance(source, torch.fx.Node) or source.op == "placeholder":
            return None
        places = self.decision.nodes
        if source not in places or node not in places:
            return None
        later = [a for a in node.all_input_nodes
                 if a is not source and places.get(a, -1) > places[source]]
        if not later:
            return None
        return (f"node '{node.name}': vLLM puts this getitem in the piece of its input "
                f"'{source.name}' (submod_{places[source]}), before its operand "
                f"'{later[0].name}' (submod_{places[later[0]]}), a getitem cycle; "
                f"fx-mlir puts it in submod_{places[node]}")

    def compare(self, split_gm, items):
        """(whether they agree, the line) for vLLM's split, (split_gm, items)
        as its split_graph returned them: agreement, or each difference."""
        try:
            return self._compare(split_gm, items)
        finally:
            self._unmark(split_gm)

    def _compare(self, split_gm, items):
        theirs = {item.graph_id: item.is_splitting_graph for item in items}
        head = f"vLLM's split, pieces {_pieces(theirs)}"
        if self.error is not None:
            return False, f"{head}; fx-mlir cannot decide: {self.error}"
        place, sizes = {}, {}  # node name -> vLLM's graph id; torch.Size crossings
        for item in items:
            for node in item.graph.graph.nodes:
                name = node.meta.get(MARK)
                if name is None:
                    continue
                if node.op == "placeholder":
                    if isinstance(node.meta.get("example_value"), torch.Size):
                        sizes.setdefault(name, []).append(item.graph_id)
                elif node.op != "output":
                    place[name] = item.graph_id
        reasons = {}  # node name -> why, in graph order below

        def say(name, why):
            reasons.setdefault(name, f"node '{name}': {why}")

        for size, (tensor, change) in self.inplace.items():
            say(size, f"vLLM decomposed this size after '{tensor}', before the in-place shape "
                      f"change '{change}', so its pieces read the old shape; fx-mlir reads it "
                      f"after '{change}'")
        for refusal in self.decision.refusals:
            user = "the graph output" if refusal.user is None else f"submod_{refusal.user}"
            say(getattr(refusal.node, "name", "?"),
                f"a torch.Size crosses from submod_{refusal.source} to {user} in vLLM's split; "
                f"fx-mlir refuses it: {refusal.message}")
        for name, users in sizes.items():
            if name in place:
                say(name, f"a torch.Size crosses from submod_{place[name]} to "
                          f"{', '.join(f'submod_{u}' for u in users)} in vLLM's split; "
                          f"fx-mlir decomposes it")
        if not self.decision.succeeded and not self.decision.refusals:
            return False, f"{head}; fx-mlir refuses the graph: {self.decision.first_error()}"
        ours, our_pieces = self.decision.nodes, self.decision.pieces
        for name, node in self.nodes.items():
            if node.op not in _COMPARED or name in reasons:
                continue
            a, b = place.get(name), ours.get(node)
            if a == b:
                continue
            if a is None or b is None:
                say(name, f"vLLM's piece {a if a is not None else 'none (decomposed)'}, "
                          f"fx-mlir's {b if b is not None else 'none (decomposed)'}")
            elif theirs.get(a) != our_pieces.get(b):
                who = "vLLM" if theirs.get(a) else "fx-mlir"
                say(name, f"{who} splits at it (vLLM's piece {a}, fx-mlir's {b})")
            elif (node.target is operator.getitem and node.args[0].op != "placeholder"
                  and place.get(node.args[0].name) == a):
                say(name, f"vLLM puts this getitem in the piece of its input "
                          f"'{node.args[0].name}' ({a}), fx-mlir with its other operands ({b})")
            else:
                say(name, f"vLLM's piece {a}, fx-mlir's {b}")
        if our_pieces != theirs:
            head += f", fx-mlir's {_pieces(our_pieces)}"
        if not reasons:
            if our_pieces != theirs:
                return False, f"{head}: they differ"
            return True, f"{head}: fx-mlir's decision agrees"
        order = {name: i for i, name in enumerate(self.nodes)}
        said = [reasons[n] for n in sorted(reasons, key=lambda n: order.get(n, len(order)))]
        more = len(said) - MAX_DIFFERENCES
        said = said[:MAX_DIFFERENCES] + ([f"{more} more"] if more > 0 else [])
        count = f"{len(reasons)} difference{'s' * (len(reasons) > 1)}"
        return False, f"{head}: {count}: " + "; ".join(said)
