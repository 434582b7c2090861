# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""fx-split-graph's decision on an imported graph, as Python values: what
fxMlirSplitDecide (fx-mlir-c/Split.h) returns, read by native.Library.decide.
Nodes are the graph's fx.Nodes, which cross the C API as their positions."""

import dataclasses

from .errors import FxImportError


# What fx-decompose-size did with a size node (FxMlirSplitSizeAction).
DECOMPOSED = "decomposed"
WITH_DIM, SYM_SIZE, UNRANKED = "with-dim", "sym-size", "unranked"


@dataclasses.dataclass
class Size:
    """A size node (an fx.Node) and what fx-decompose-size did with it: one
    of the actions above. Where it decomposed it, per dim, its static size
    or None, where it is a new aten.sym_size.int node in subgraph
    `graph_ids[i]`."""
    node: object
    action: str
    static: list
    graph_ids: list


@dataclasses.dataclass
class Crossing:
    """A value that crosses cuts: the fx.Node that makes it (for a dim
    fx-decompose-size made, the size node, with that `dim`; None where
    fx-mlir names none), its type as MLIR prints it, and the first and last
    cut it crosses, by position in the Decision's cuts."""
    node: object
    dim: object
    type: str
    first_cut: int
    last_cut: int


@dataclasses.dataclass
class Cut:
    """The cut between the subgraphs `before` and `after`."""
    before: int
    after: int


@dataclasses.dataclass
class Refusal:
    """A value refused at a cut: the fx.Node that makes it (None where
    fx-mlir names none), vLLM's graph id of the piece it is defined in and
    of the piece that uses it (None for the graph's output), and why."""
    node: object
    source: int
    user: object
    message: str

    def line(self, output="the graph's output"):
        """`node 'x' cannot cross from submod_0 to submod_2`: the pieces by
        vLLM's names, `output` for the graph's output."""
        node = f"node '{self.node.name}'" if self.node is not None else "a value"
        user = output if self.user is None else f"submod_{self.user}"
        return f"{node} cannot cross from submod_{self.source} to {user}"


@dataclasses.dataclass
class Decision:
    """Whether the split stands, the diagnostics ([(severity, message)]),
    vLLM's subgraph id of each FX node ({fx.Node: id}, without the nodes
    vLLM's size decomposition erases or makes), the subgraphs ({id: whether
    it holds splitting ops}), the size nodes in graph order (Size), the
    Refusals, the Cuts and the Crossings, each value that crosses cuts
    once, and per subgraph the nodes it computes again
    rather than receives ({id: [fx.Node]}, the id None for what the split
    module computes for the graph's output: a torch.Size built of dims or
    an int taken out of one), which fx-split-graph copies into each piece
    that uses them."""
    succeeded: bool
    diagnostics: list
    nodes: dict = dataclasses.field(default_factory=dict)
    pieces: dict = dataclasses.field(default_factory=dict)
    sizes: list = dataclasses.field(default_factory=list)
    refusals: list = dataclasses.field(default_factory=list)
    cuts: list = dataclasses.field(default_factory=list)
    crossings: list = dataclasses.field(default_factory=list)
    recomputed: dict = dataclasses.field(default_factory=dict)

    def decomposed(self):
        """The Sizes fx-decompose-size decomposed, in graph order."""
        return [size for size in self.sizes if size.action == DECOMPOSED]

    def check(self):
        """Raises what the decision refuses, in one line: its first refusal,
        else the first error of a failed decision."""
        for refusal in self.refusals:
            raise FxImportError(f"{refusal.line()}: {refusal.message}")
        if not self.succeeded:
            raise FxImportError("fx-split-graph failed: " + self.first_error())

    def first_error(self):
        """The first error's message, or the first diagnostic's."""
        errors = [m for s, m in self.diagnostics if s == "error"] or [
            m for _, m in self.diagnostics]
        return errors[0] if errors else "no message"
