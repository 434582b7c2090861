#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Property test of fx-decompose-size on random, valid fx programs.

Generates seeded programs (one function each), runs them through fx-opt in
batches, and checks after fx-decompose-size that:

  1. the output verifies;
  2. no dimless fx.size on a ranked tensor remains;
  3. every size with a dim (fx.size with a dim, fx.sym_size) is still there,
     with the same operands, used or not;
  4. the pass is idempotent;
  5. printing and re-parsing (generic form too) gives the same IR;
  6. lowered with convert-fx-to-tensor (+ canonicalize, cse), the program
     computes the same values before and after the pass (the lowered IR is
     the same).

On a failure it prints the seed and the smallest failing program it finds.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from math import prod

# ----------------------------------------------------------------------------
# Programs


class Op:
    def __init__(self, result, type_, text, operands, sem=None):
        self.result = result  # SSA name without '%'
        self.type = type_
        self.text = text  # with {0}, {1}, ... for operands
        self.operands = operands  # SSA names without '%'
        # What the op computes, for the torch oracle of utils/differential.py:
        # (kind, *params), params naming values by SSA name.
        self.sem = sem


class Program:
    def __init__(self, name, args, ops, dead=(), attributes=""):
        self.name = name
        self.args = args  # [(name, type)]
        self.ops = ops
        self.dead = set(dead)  # unused results left out of the return
        self.attributes = attributes  # e.g. " attributes {no_inline}"

    def sinks(self):
        """The results the function returns: those no op uses."""
        used = {o for op in self.ops for o in op.operands}
        return [op for op in self.ops
                if op.result not in used and op.result not in self.dead]

    def without(self, i):
        """The program without op i (which nothing may use)."""
        return Program(self.name, self.args, self.ops[:i] + self.ops[i + 1:],
                       self.dead, self.attributes)

    def render(self):
        sinks = self.sinks()
        args = ", ".join(f"%{n}: {t}" for n, t in self.args)
        results = ", ".join(op.type for op in sinks)
        lines = [f"func.func @{self.name}({args}) -> ({results}){self.attributes} {{"]
        for i, op in enumerate(self.ops):
            text = op.text.format(*[f"%{o}" for o in op.operands])
            lines.append(f'  %{op.result} = {text} loc("{self.name}_op{i}")')
        values = ", ".join(f"%{op.result}" for op in sinks)
        lines.append(f"  return {values} : {results}" if sinks else "  return")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def render_graph(self):
        """The ops directly in a graph region (a builtin.module body), in a
        shuffled order: a graph region needs no dominance. Function arguments
        become opaque fx.node placeholders."""
        rng = random.Random(self.name)
        lines = []
        for n, t in self.args:
            lines.append(f'%{n} = fx.node "call_function" "placeholder_{n}"() '
                         f': () -> {t}')
        for op in self.ops:
            text = op.text.format(*[f"%{o}" for o in op.operands])
            lines.append(f"%{op.result} = {text}")
        rng.shuffle(lines)
        return (f"module @{self.name} {{\n" + "".join(f"  {line}\n" for line in lines)
                + "}\n")


def with_cycles(program, rng):
    """`program` with some operands of its ops replaced by values of the same
    type defined after them, or by the op's own result (fx ops only): a use before its
    def, or a cycle (`%s = fx.make_size %i` with `%i = fx.getitem %s[0]`,
    `%v = fx.view %v, %s`). Only a graph region allows these."""
    # Upstream's arith canonicalization loops on a self-referencing op in a
    # graph region (`%v = arith.subi %v, %c1`); a cycle through one is not
    # an fx bug.
    if any(op.sem[0] in ("muli", "subi") for op in program.ops):
        return program
    types = dict(program.args)
    types.update((op.result, op.type) for op in program.ops)
    ops = [Op(op.result, op.type, op.text, list(op.operands), op.sem)
           for op in program.ops]
    for i, op in enumerate(ops):
        if not op.text.startswith("fx."):
            continue  # upstream's folders are not under test here
        for j, operand in enumerate(op.operands):
            # (Not a constant below -1: a view size may not hold one.)
            later = [o.result for o in ops[i:] if o.type == types[operand]
                     and not (o.sem[0] == "const" and o.sem[1] < -1)]
            if later and rng.random() < 0.3:
                op.operands[j] = rng.choice(later)
    return Program(program.name, program.args, ops)


def tensor_type(shape, element="f32"):
    if shape is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


# The index arguments of a program with run-time checks, and the values
# utils/differential.py gives them: a dim, two slice bounds, a step and a
# view size element, each sometimes out of range.
RUNTIME_INDEX_ARGS = {
    "d": range(-4, 5),
    "a": [-100, -7, -3, -2, -1, 0, 1, 2, 3, 5, 100],
    "b": [-100, -7, -3, -2, -1, 0, 1, 2, 3, 5, 100],
    "st": [-2, -1, 0, 1, 1, 2, 3],
    "e": [-2, -1, -1, 0, 1, 2, 3, 4],
}


def generate(name, rng, runtime=False):
    """A random valid fx program. With `runtime`, it also uses what only a
    run-time check can reject (the lowering of issue 12): index arguments as
    slice steps and view size elements, -1 in view sizes (also as `x - 1`),
    static slice lengths, and out-of-range constant bounds; ranks stay small
    so that utils/differential.py can print every tensor."""
    shapes = []
    static_dims = [0, 1, 2, 3, 4] if runtime else [1, 3, 8]
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.15:
            shapes.append(None)
        else:
            rank = rng.randint(0, 4 if runtime else 5)
            shapes.append([rng.choice([None, None] + static_dims) for _ in range(rank)])
    args = [(f"x{i}", tensor_type(s)) for i, s in enumerate(shapes)]
    args += [("d", "index")]
    if runtime:
        args += [(n, "index") for n in RUNTIME_INDEX_ARGS if n != "d"]
    args += [("m", "tensor<?xi64>")]
    # (name, shape). A slice with a step is not contiguous, and views of it
    # are drawn too: torch refuses those its strides do not allow, and the
    # lowering must refuse them alike.
    tensors = [(f"x{i}", s) for i, s in enumerate(shapes)]
    indices = ["d"] + (["a", "b"] if runtime else [])
    constants = {}  # name -> value of the index constants
    negative = []  # negative constants: slice bounds only, not view sizes
    sizes = []  # (name, length)
    slices = []
    sliced = []  # the results of fx.slice_tensor, as in `tensors`
    ops = []
    counter = [0]

    def fresh():
        counter[0] += 1
        return f"v{counter[0]}"

    def add(type_, text, operands, sem):
        op = Op(fresh(), type_, text, operands, sem)
        ops.append(op)
        return op.result

    def constant(value):
        v = add("index", f"arith.constant {value} : index", [], ("const", value))
        constants[v] = value
        return v

    def make_size(elements):
        placeholders = ", ".join(f"{{{i}}}" for i in range(len(elements)))
        n = len(elements)
        s = add(f"!fx.size<{n}>", f"fx.make_size {placeholders} : !fx.size<{n}>",
                elements, ("make_size", *elements))
        sizes.append((s, n))
        return s

    def view_size(x, shape):
        """A size to view `x` as: in runtime mode, mostly one with the same
        element count (its dims reordered, merged, or one of them -1)."""
        if not runtime or rng.random() < 0.3:
            candidates = [s for s in sizes if s[1]]
            return rng.choice(candidates) if candidates else (None, 0)
        if shape is None:
            return (make_size([constant(-1)]), 1)
        dims = [add("index", f"fx.size {{0}}, dim = {i} : {tensor_type(shape)} -> index",
                    [x], ("size_dim", x, i)) for i in range(len(shape))]
        rng.shuffle(dims)
        strategy = rng.choice(["permute", "merge", "infer", "arg", "subi"])
        if strategy == "merge" and len(dims) >= 2:
            merged = add("index", "arith.muli {0}, {1} : index", dims[:2],
                         ("muli", dims[0], dims[1]))
            dims = [merged] + dims[2:]
        elif strategy == "infer":
            dims = dims[:rng.randint(0, len(dims))] + [constant(-1)]
            if rng.random() < 0.2:  # two -1s
                dims.insert(0, constant(-1))
        elif strategy == "arg":
            dims.insert(rng.randint(0, len(dims)), "e")
        elif strategy == "subi":
            # x - 1: -1 once folded when x is 0 or known only at run time.
            base = rng.choice(indices + [constant(0)])
            one = constant(1)
            dims.append(add("index", "arith.subi {0}, {1} : index", [base, one],
                            ("subi", base, one)))
        return (make_size(dims), len(dims))

    def view(x, shape):
        s, n = view_size(x, shape)
        if s is None:
            return
        sem = next(op.sem for op in ops if op.result == s)
        # A constant element >= 0 is a static result dim.
        dims = [None] * n
        if runtime and sem[0] == "make_size":
            dims = [constants.get(e) if constants.get(e, -1) >= 0 else None
                    for e in sem[1:]]
            # Static counts that differ are a verifier error, not a run-time
            # one.
            if None not in shape + dims and prod(shape) != prod(dims):
                dims = [None] * n
        result = tensor_type(dims)
        v = add(result, f"fx.view {{0}}, {{1}} : {tensor_type(shape)}, "
                f"!fx.size<{n}> -> {result}", [x, s], ("view", x, s))
        tensors.append((v, dims))

    for _ in range(rng.randint(1, 14)):
        kind = rng.choice(["size", "size", "dim", "dyndim", "sym", "getitem",
                           "make", "view", "slice", "slice_tensor", "const"]
                          + (["view", "slice_tensor", "strided"] if runtime else []))
        x, shape = rng.choice(tensors)
        # A view of a slice, whose step may leave it not contiguous: what
        # torch's computeStride decides.
        if runtime and kind == "view" and sliced and rng.random() < 0.5:
            x, shape = rng.choice(sliced)
        t = tensor_type(shape)
        rank = None if shape is None else len(shape)
        if kind == "size":
            length = rank if rank is not None else rng.randint(0, 3)
            sizes.append((add(f"!fx.size<{length}>",
                              f"fx.size {{0}} : {t} -> !fx.size<{length}>", [x],
                              ("size", x, length)), length))
        elif kind in ("dim", "sym") and rank != 0:
            dim = rng.randint(-rank, rank - 1) if rank else rng.randint(-3, 3)
            if kind == "dim":
                text = f"fx.size {{0}}, dim = {dim} : {t} -> index"
            else:
                text = f"fx.sym_size {{0}}, dim = {dim} : {t}"
            indices.append(add("index", text, [x], ("size_dim", x, dim)))
        elif kind == "dyndim" and (rank != 0 or runtime):
            indices.append(add("index", f"fx.size {{0}}, dim = {{1}} : {t} -> index",
                               [x, "d"], ("size_dim", x, "d")))
        elif kind == "getitem" and any(n for _, n in sizes):
            s, n = rng.choice([s for s in sizes if s[1]])
            i = rng.randint(-n, n - 1)
            indices.append(add("index", f"fx.getitem {{0}}[{i}] : !fx.size<{n}>", [s],
                               ("getitem", s, i)))
        elif kind == "make":
            minus_one = [c for c in negative if constants[c] == -1][:1]
            pool = indices + (["e"] + minus_one if runtime else [])
            make_size([rng.choice(pool) for _ in range(rng.randint(0, 3))])
        elif kind == "view" and shape is not None:
            view(x, shape)
        elif kind == "strided" and shape and x != "m":
            # x[start::step].view(...): a slice that may not be contiguous,
            # viewed at once.
            start = rng.choice(indices) if rng.random() < 0.5 else "none"
            step = rng.choice(["st", constant(2), constant(2), constant(3)])
            operands = [step] if start == "none" else [start, step]
            text = "fx.slice " + ("none" if start == "none" else "{0}") + \
                f", none, {{{len(operands) - 1}}}"
            s = add("!fx.slice", text, operands,
                    ("slice", None if start == "none" else start, None, step))
            slices.append(s)
            result = tensor_type([None] + shape[1:])
            v = add(result, f"fx.slice_tensor {{0}}[{{1}}] : {t} -> {result}",
                    [x, s], ("slice_tensor", x, s))
            tensors.append((v, [None] + shape[1:]))
            sliced.append(tensors[-1])
            view(v, [None] + shape[1:])
        elif kind == "const":
            value = rng.randint(-4, 9)
            if runtime and rng.random() < 0.2:
                value = rng.choice([-100, -7, 100])
            (negative if value < 0 else indices).append(constant(value))
        elif kind == "slice":
            bounds, operands = [], []
            for position in range(3):
                if rng.random() < 0.4:
                    bounds.append("none")
                    continue
                bounds.append(f"{{{len(operands)}}}")
                if position == 2:
                    if runtime and rng.random() < 0.4:
                        operands.append("st")
                    elif runtime and rng.random() < 0.1:  # torch raises
                        operands.append(constant(rng.choice([0, -1])))
                    else:
                        operands.append(constant(rng.randint(1, 3)))
                else:
                    operands.append(rng.choice(indices + negative))
            it = iter(operands)
            sem = ("slice", *[None if b == "none" else next(it) for b in bounds])
            slices.append(add("!fx.slice", "fx.slice " + ", ".join(bounds), operands, sem))
        elif kind == "slice_tensor" and slices:
            if shape is None or rank == 0:
                x, shape, t = "m", [None], "tensor<?xi64>"
            s = rng.choice(slices)
            rows = None
            if runtime and shape[0] is not None and rng.random() < 0.3:
                rows = rng.randint(0, shape[0])  # checked at run time
                if all(b is None for b in next(op.sem[1:] for op in ops
                                               if op.result == s)):
                    rows = shape[0]  # x[:] keeps all rows: the verifier says
            element = "i64" if x == "m" else "f32"
            result = tensor_type([rows] + shape[1:], element)
            v = add(result, f"fx.slice_tensor {{0}}[{{1}}] : {t} -> {result}", [x, s],
                    ("slice_tensor", x, s))
            if x != "m":
                tensors.append((v, [rows] + shape[1:]))
                sliced.append(tensors[-1])
    # Some results stay unused: the pass must not erase what it does not own.
    # (Not with run-time checks: torch runs every node.)
    dead = [] if runtime else [op.result for op in ops if rng.random() < 0.2]
    return Program(name, args, ops, dead)


# ----------------------------------------------------------------------------
# Checks

DIMLESS_RANKED = re.compile(r"fx\.size %[\w#]+ : tensor<(?!\*)[^>]*> -> !fx\.size")
LOC = re.compile(r'loc\("(\w+)"\)')
WITH_DIM = re.compile(r"(fx\.size %[\w#]+, dim = |fx\.sym_size )")


class Failure(Exception):
    pass


def fx_opt(tool, path, *flags):
    proc = subprocess.run([tool, path, "--verify-roundtrip", *flags],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise Failure(f"fx-opt {' '.join(flags)} failed:\n{proc.stderr}")
    return proc.stdout


def with_dim_ops(text):
    """The with-dim size ops, by loc, with operands named by what defines them.

    SSA names are local to a function, so each function is read on its own.
    """
    ops = {}
    for function in re.split(r"^\s*func\.func ", text, flags=re.M)[1:]:
        lines = function.splitlines()
        defs = {}
        for line in lines:
            match = re.match(r"\s*(%[\w#]+)(?::\d+)? = .*" + LOC.pattern, line)
            if match:
                defs[match.group(1)] = match.group(2)
        for line in lines:
            loc = LOC.search(line)
            if loc and WITH_DIM.search(line):
                body = line.split(" = ", 1)[1].rsplit(" loc(", 1)[0]
                body = re.sub(r"%[\w#]+", lambda m: defs.get(m.group(0), m.group(0)), body)
                ops[loc.group(1)] = body
    return ops


def check(tool, text, workdir):
    src = os.path.join(workdir, "input.mlir")
    with open(src, "w") as f:
        f.write(text)
    debug = ["--mlir-print-debuginfo", "--mlir-print-local-scope"]
    try:
        before = fx_opt(tool, src, *debug)
    except Failure as e:
        raise Failure("generated an invalid program (a generator bug): " + str(e))
    after = fx_opt(tool, src, "--fx-decompose-size", *debug)  # 1. verifies
    for line in after.splitlines():  # 2.
        if DIMLESS_RANKED.search(line):
            raise Failure(f"a dimless fx.size on a ranked tensor remains: {line.strip()}")
    want = with_dim_ops(before)  # 3.
    got = with_dim_ops(after)
    for loc, body in want.items():
        if got.get(loc) != body:
            raise Failure(f"size with a dim {loc} changed: {body!r} became {got.get(loc)!r}")
    out = os.path.join(workdir, "output.mlir")
    with open(out, "w") as f:
        f.write(after)
    printed = fx_opt(tool, out)
    if fx_opt(tool, out, "--fx-decompose-size") != printed:  # 4.
        raise Failure("the pass is not idempotent")
    generic = os.path.join(workdir, "generic.mlir")
    with open(generic, "w") as f:
        f.write(fx_opt(tool, out, "--mlir-print-op-generic"))
    if fx_opt(tool, generic) != printed:  # 5.
        raise Failure("printing and re-parsing changed the IR")
    lower = ["--convert-fx-to-tensor", "--canonicalize", "--cse"]
    if constants_sorted(fx_opt(tool, src, *lower)) != constants_sorted(
            fx_opt(tool, out, *lower)):  # 6.
        raise Failure("the pass changed a computed value: the lowered IR differs")


def constants_sorted(text):
    """Canonicalize hoists constants to the top of a function, in an order that
    depends on when they were folded; sort each such run of constants."""
    lines, out, run = text.splitlines(), [], []
    for line in lines + [""]:
        if " = arith.constant " in line:
            run.append(line)
            continue
        out.extend(sorted(run))
        run = []
        out.append(line)
    return "\n".join(out)


def reduce(program, fails):
    """Deletes unused ops one at a time while `fails(program)` still holds."""
    changed = True
    while changed:
        changed = False
        for i in reversed(range(len(program.ops))):
            if any(program.ops[i].result in op.operands for op in program.ops):
                continue
            candidate = program.without(i)
            if fails(candidate):
                program, changed = candidate, True
    return program


def check_graph(tool, text, workdir, timeout=60):
    """canonicalize terminates on graph regions, and its output verifies and
    round-trips."""
    src = os.path.join(workdir, "graph.mlir")
    with open(src, "w") as f:
        f.write(text)
    try:
        fx_opt(tool, src)
    except Failure as e:
        raise Failure("generated an invalid program (a generator bug): " + str(e))
    try:
        subprocess.run([tool, src, "--canonicalize", "-o", os.devnull],
                       capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"canonicalize did not terminate within {timeout} s")
    fx_opt(tool, src, "--canonicalize")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fx-opt", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--graphs", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=250)
    parser.add_argument("--graph-regions", action="store_true",
                        help="check canonicalize on the ops directly in a "
                        "module body (a graph region), with uses before defs "
                        "and cycles, instead of fx-decompose-size on functions")
    parser.add_argument("--timeout", type=int, default=60,
                        help="seconds canonicalize may take on a batch of "
                        "graph regions")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="fx-property-")
    if args.graph_regions:
        def render(programs):
            return "module {\n" + "".join(p.render_graph() for p in programs) + "}\n"

        def run_check(text, timeout=args.timeout):
            check_graph(args.fx_opt, text, workdir, timeout)

        def make(name, rng):
            return with_cycles(generate(name, rng, runtime=rng.random() < 0.5), rng)
    else:
        def render(programs):
            return "".join(p.render() for p in programs)

        def run_check(text, timeout=None):
            check(args.fx_opt, text, workdir)

        def make(name, rng):
            return generate(name, rng)

    # One small program canonicalizes in milliseconds.
    single = min(args.timeout, 3)

    def fails(program):
        try:
            run_check(render([program]), single)
        except Failure as e:
            return "generator bug" not in str(e)
        return False

    checked = 0
    for start in range(0, args.graphs, args.batch):
        count = min(args.batch, args.graphs - start)
        programs = [make(f"g{args.seed}_{start + i}",
                         random.Random(f"{args.seed}:{start + i}"))
                    for i in range(count)]
        try:
            run_check(render(programs))
            checked += count
            continue
        except Failure as batch_failure:
            failure = batch_failure
        for program in programs:
            try:
                run_check(render([program]), single)
            except Failure as e:
                smallest = reduce(program, fails)
                try:
                    run_check(render([smallest]), single)
                except Failure as reduced:
                    e = reduced
                print(f"FAIL: seed {args.seed}, program {program.name}: {e}\n"
                      f"smallest failing program:\n{render([smallest])}", file=sys.stderr)
                return 1
        print(f"FAIL: seed {args.seed}, batch at {start}: {failure}", file=sys.stderr)
        return 1
    what = "graph regions" if args.graph_regions else "programs"
    print(f"checked {checked} random {what} (seed {args.seed}): all properties hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
