"""The installed vLLM's `split_graph` as the oracle of fx_mlir_import's.

    oracle = Oracle(library=...)
    oracle.compare("llama", gm, ops, run, sizes=(1, 7, 33))

`compare` splits two deep copies of `gm`, one with vLLM's split_graph
(vllm/compilation/backends.py of the installed vllm 0.34.0) and one with
fx-mlir's, and prints one line per thing fx-mlir's split says otherwise:
the SplitItems (names, ids, is_splitting_graph), the order in which the
split graph calls the pieces, the piece of every node, each piece's inputs
and outputs in order and whether it returns a tuple, and the
sym_shape_indices vLLM would pass each compiled piece. Then it runs the
unsplit graph and both split graphs at every size of `sizes`
(`run(module, size)` returns what `module` computes there) and prints a line
where a split graph computes something else: fx-mlir's a failure, vLLM's a
disagreement (its size decomposition breaks some uses of a size). A split
that one of them refuses is one line with its error; both refusing agree.
"""

import contextlib
import copy
import io
import operator

import torch
import torch.fx
from vllm.compilation.backends import split_graph as vllm_split_graph
from vllm.config import CompilationConfig
from vllm.config.compilation import CompilationMode

from fx_mlir_import import split_graph

# The nodes in other pieces that `differences` names; it counts the rest.
MAX_NODE_LINES = 10


def default_splitting_ops():
    """vLLM's splitting ops when none are configured, Inductor's graph
    partition off (vllm/config/compilation.py, set_splitting_ops_for_v1)."""
    config = CompilationConfig(mode=CompilationMode.VLLM_COMPILE)
    config.set_splitting_ops_for_v1("naive")
    return config.splitting_ops


def sym_shape_indices(split_gm, items):
    """{submod name: sym_shape_indices} for the pieces vLLM compiles (the
    non-splitting ones): the positions of the SymInt arguments, as
    PiecewiseCompileInterpreter.call_module computes them
    (vllm/compilation/backends.py:773-775 of vllm 0.34.0, inline there, no
    function of its own), the arguments being the example values that flow
    through split_gm, a piece's results its output nodes' example values
    (backends.py:765-766)."""
    compiled = {item.submod_name for item in items if not item.is_splitting_graph}
    env, found = {}, {}
    for node in split_gm.graph.nodes:
        if node.op == "placeholder":
            env[node] = node.meta.get("example_value")
        elif node.op == "call_module":
            args = torch.fx.node.map_arg(node.args, env.__getitem__)
            if node.target in compiled:
                found[node.target] = [i for i, a in enumerate(args)
                                      if isinstance(a, torch.SymInt)]
            out = getattr(split_gm, node.target).graph.output_node()
            env[node] = torch.fx.node.map_arg(out.args[0],
                                              lambda n: n.meta.get("example_value"))
        elif node.op == "call_function" and node.target is operator.getitem:
            source, index = node.args
            env[node] = env[source][index]
        elif node.op == "get_attr":
            env[node] = getattr(split_gm, node.target)
    return found


def _key(node, by_name):
    """A node's name in the graph as given: a piece's placeholder is the node
    of the decomposed graph it stands for, a node keeps its name as built
    (meta['orig_name'], where the graph's builder left it) or as given, and a
    node of the size decomposition is `sym_size(<tensor>,<dim>)`."""
    if node.op == "placeholder" and node.target in by_name:
        node = by_name[node.target]
    if "orig_name" in node.meta:
        return node.meta["orig_name"]
    if node.target is torch.ops.aten.sym_size.int:
        return f"sym_size({_key(node.args[0], by_name)},{node.args[1]})"
    return node.name


def describe(split_gm, items, decomposed):
    """What a split says, in the names of `decomposed`, the graph it split
    (which the size decomposition changed in place)."""
    by_name = {n.name: n for n in decomposed.graph.nodes}
    place, pieces = {}, {}
    for item in items:
        inputs, returned, is_tuple = [], [], False
        for n in item.graph.graph.nodes:
            if n.op == "placeholder":
                inputs.append(_key(n, by_name))
            elif n.op == "output":
                is_tuple = isinstance(n.args[0], (tuple, list))
                torch.fx.node.map_arg(n.args[0], lambda m: returned.append(_key(m, by_name)))
            else:
                place[_key(n, by_name)] = item.submod_name
        pieces[item.submod_name] = (inputs, returned, is_tuple)
    return {
        "items": [(i.submod_name, i.graph_id, i.is_splitting_graph) for i in items],
        "calls": [n.target for n in split_gm.graph.nodes if n.op == "call_module"],
        "place": place,
        "pieces": pieces,
        "sym_shape_indices": sym_shape_indices(split_gm, items),
    }


def differences(want, got):
    """One line per thing `got` (fx-mlir's split) says otherwise than
    `want` (vLLM's)."""
    lines = []
    for what in ("items", "calls", "sym_shape_indices"):
        if want[what] != got[what]:
            lines.append(f"{what}: vLLM {want[what]}, fx-mlir {got[what]}")
    moved = [node for node in sorted(set(want["place"]) | set(got["place"]))
             if want["place"].get(node) != got["place"].get(node)]
    for node in moved[:MAX_NODE_LINES]:
        lines.append(f"node {node}: vLLM {want['place'].get(node)}, "
                     f"fx-mlir {got['place'].get(node)}")
    if len(moved) > MAX_NODE_LINES:
        lines.append(f"... and {len(moved) - MAX_NODE_LINES} more nodes in other pieces")
    for name in sorted(want["pieces"].keys() & got["pieces"].keys(), key=lambda s: int(s[7:])):
        (w_in, w_out, w_tuple), (g_in, g_out, g_tuple) = want["pieces"][name], got["pieces"][name]
        if w_in != g_in:
            lines.append(f"{name} inputs: vLLM {w_in}, fx-mlir {g_in}")
        if w_out != g_out:
            lines.append(f"{name} outputs: vLLM {w_out}, fx-mlir {g_out}")
        if w_tuple != g_tuple:
            lines.append(f"{name} returns a tuple: vLLM {w_tuple}, fx-mlir {g_tuple}")
    return lines


def _flat(value):
    if isinstance(value, (tuple, list)):
        return [v for item in value for v in _flat(item)]
    return [value]


def computes_the_same(want, got):
    """Bitwise the same, or within float tolerance (a piece is another
    program): every tensor, and every other value equal."""
    want, got = _flat(want), _flat(got)
    if len(want) != len(got):
        return False
    for a, b in zip(want, got):
        if isinstance(a, torch.Tensor) != isinstance(b, torch.Tensor):
            return False
        if not isinstance(a, torch.Tensor):
            if a != b:
                return False
        elif not (torch.equal(a, b) or (a.shape == b.shape and a.dtype == b.dtype
                                        and torch.allclose(a, b, 1e-5, 1e-6))):
            return False
    return True


def _first_line(err):
    return f"{type(err).__name__}: {(str(err).splitlines() or [''])[0]}"


class Oracle:
    """Compares fx-mlir's split_graph (its passes run by `split_kwargs`:
    library=) with the installed vLLM's, and counts: `runs`,
    `disagreements` (a run whose splits differ, that one of them refuses or
    where vLLM's split graph computes something else), `failures` (an
    fx-mlir split graph that computes something else than the unsplit one)
    and `vllm_wrong` (runs where vLLM's does)."""

    def __init__(self, **split_kwargs):
        self.split_kwargs = split_kwargs
        self.runs = self.disagreements = self.failures = self.vllm_wrong = 0
        self.ours = None

    def compare(self, title, gm, their_ops, run, sizes, our_ops=...):
        """Splits copies of `gm` at `their_ops` (vLLM) and `our_ops` (fx-mlir;
        by default the same), prints what differs and runs the three graphs
        at `sizes`. Returns vLLM's SplitItems, or None where it raised;
        fx-mlir's split, (split module, SplitItems), is left in `self.ours`
        (None where it raised) for more checks on the same split."""
        if our_ops is ...:
            our_ops = their_ops
        self.runs += 1
        self.ours = None
        theirs_gm, ours_gm = copy.deepcopy(gm), copy.deepcopy(gm)
        splits, lines, theirs = [], None, None
        try:
            theirs = vllm_split_graph(theirs_gm, list(their_ops))
        except Exception as err:  # vLLM refuses what fx-mlir may split
            print(f"{title}: vLLM raised {_first_line(err)}")
        else:
            splits.append(("vLLM", theirs[0]))
        try:
            mine = split_graph(ours_gm, None if our_ops is None else list(our_ops),
                               **self.split_kwargs)
        except Exception as err:
            print(f"{title}: fx-mlir raised {_first_line(err)}")
        else:
            splits.append(("fx-mlir", mine[0]))
            self.ours = mine
            if theirs is not None:
                lines = differences(describe(*theirs, theirs_gm), describe(*mine, ours_gm))
                pieces = " ".join(f"{i.graph_id}{'*' if i.is_splitting_graph else ''}"
                                  for i in theirs[1])
                count = f"{len(lines)} difference{'s' * (len(lines) > 1)}"
                print(f"{title}: vLLM pieces {pieces}: "
                      + (count if lines else "the same split"))
                for line in lines:
                    print(f"  {line}")
        # {(what vLLM's split graph did, its error): [sizes]}, a line each.
        vllm_wrong = {}
        for size in sizes:
            want = run(gm, size)
            for who, split_gm in splits:
                try:
                    # A GraphModule that raises prints its code to stderr.
                    with contextlib.redirect_stderr(io.StringIO()):
                        same = computes_the_same(want, run(split_gm, size))
                except Exception as err:
                    same = False
                    if who == "vLLM":
                        vllm_wrong.setdefault(("raised", _first_line(err)), []).append(size)
                        continue
                    print(f"{title}: {who}'s split graph raised at size {size}: "
                          f"{_first_line(err)}")
                if same:
                    continue
                if who == "vLLM":
                    vllm_wrong.setdefault(("computes something else", None), []).append(size)
                else:
                    self.failures += 1
                    print(f"{title}: {who}'s split graph differs from the unsplit graph "
                          f"at size {size}")
        for (what, error), at in vllm_wrong.items():
            print(f"{title}: vLLM's split graph {what} at size{'s' * (len(at) > 1)} "
                  f"{', '.join(map(str, at))}" + (f": {error}" if error else ""))
        self.vllm_wrong += bool(vllm_wrong)
        # Both refusing is agreement; lines is None where one refused.
        self.disagreements += bool(lines) or (lines is None and splits != []) or bool(vllm_wrong)
        return None if theirs is None else theirs[1]

    def summary(self):
        """The closing line, which names vLLM's wrong split graphs where there
        are any; the exit status (1 on a failure)."""
        wrong = (f", {self.vllm_wrong} where vLLM's split graph computes something else"
                 if self.vllm_wrong else "")
        print(f"{self.runs} runs, {self.disagreements} disagree with vLLM, "
              f"{self.failures} failures{wrong}")
        return 1 if self.failures else 0
