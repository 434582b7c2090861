#!/usr/bin/env python3
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

# ----------------------------------------------------------------------------
# Programs


class Op:
    def __init__(self, result, type_, text, operands):
        self.result = result  # SSA name without '%'
        self.type = type_
        self.text = text  # with {0}, {1}, ... for operands
        self.operands = operands  # SSA names without '%'


class Program:
    def __init__(self, name, args, ops, dead=()):
        self.name = name
        self.args = args  # [(name, type)]
        self.ops = ops
        self.dead = set(dead)  # unused results left out of the return

    def render(self):
        used = {o for op in self.ops for o in op.operands}
        sinks = [op for op in self.ops
                 if op.result not in used and op.result not in self.dead]
        args = ", ".join(f"%{n}: {t}" for n, t in self.args)
        results = ", ".join(op.type for op in sinks)
        lines = [f"func.func @{self.name}({args}) -> ({results}) {{"]
        for i, op in enumerate(self.ops):
            text = op.text.format(*[f"%{o}" for o in op.operands])
            lines.append(f'  %{op.result} = {text} loc("{self.name}_op{i}")')
        values = ", ".join(f"%{op.result}" for op in sinks)
        lines.append(f"  return {values} : {results}" if sinks else "  return")
        lines.append("}")
        return "\n".join(lines) + "\n"


def tensor_type(shape, element="f32"):
    if shape is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


def generate(name, rng):
    shapes = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.15:
            shapes.append(None)
        else:
            rank = rng.randint(0, 5)
            shapes.append([rng.choice([None, None, 1, 3, 8]) for _ in range(rank)])
    args = [(f"x{i}", tensor_type(s)) for i, s in enumerate(shapes)]
    args += [("d", "index"), ("m", "tensor<?xi64>")]
    tensors = [(f"x{i}", s) for i, s in enumerate(shapes)]  # (name, shape)
    indices = ["d"]
    negative = []  # negative constants: slice bounds only, not view sizes
    sizes = []  # (name, length)
    slices = []
    ops = []
    counter = [0]

    def fresh():
        counter[0] += 1
        return f"v{counter[0]}"

    def add(type_, text, operands):
        op = Op(fresh(), type_, text, operands)
        ops.append(op)
        return op.result

    for _ in range(rng.randint(1, 14)):
        kind = rng.choice(["size", "size", "dim", "dyndim", "sym", "getitem",
                           "make", "view", "slice", "slice_tensor", "const"])
        x, shape = rng.choice(tensors)
        t = tensor_type(shape)
        rank = None if shape is None else len(shape)
        if kind == "size":
            length = rank if rank is not None else rng.randint(0, 3)
            sizes.append((add(f"!fx.size<{length}>",
                              f"fx.size {{0}} : {t} -> !fx.size<{length}>", [x]), length))
        elif kind in ("dim", "sym") and rank != 0:
            dim = rng.randint(-rank, rank - 1) if rank else rng.randint(-3, 3)
            if kind == "dim":
                text = f"fx.size {{0}}, dim = {dim} : {t} -> index"
            else:
                text = f"fx.sym_size {{0}}, dim = {dim} : {t}"
            indices.append(add("index", text, [x]))
        elif kind == "dyndim" and rank != 0:
            indices.append(add("index", f"fx.size {{0}}, dim = {{1}} : {t} -> index",
                               [x, "d"]))
        elif kind == "getitem" and any(n for _, n in sizes):
            s, n = rng.choice([s for s in sizes if s[1]])
            indices.append(add("index", f"fx.getitem {{0}}[{rng.randint(-n, n - 1)}]"
                               f" : !fx.size<{n}>", [s]))
        elif kind == "make":
            elements = [rng.choice(indices) for _ in range(rng.randint(0, 3))]
            placeholders = ", ".join(f"{{{i}}}" for i in range(len(elements)))
            sizes.append((add(f"!fx.size<{len(elements)}>",
                              f"fx.make_size {placeholders} : !fx.size<{len(elements)}>",
                              elements), len(elements)))
        elif kind == "view" and any(n for _, n in sizes) and shape is not None:
            # A 0-d result of a static input would fail the element count check.
            s, n = rng.choice([s for s in sizes if s[1]])
            result = tensor_type([None] * n)
            v = add(result, f"fx.view {{0}}, {{1}} : {t}, !fx.size<{n}> -> {result}", [x, s])
            tensors.append((v, [None] * n))
        elif kind == "const":
            value = rng.randint(-4, 9)
            (negative if value < 0 else indices).append(
                add("index", f"arith.constant {value} : index", []))
        elif kind == "slice":
            bounds, operands = [], []
            for position in range(3):
                if rng.random() < 0.4:
                    bounds.append("none")
                elif position == 2:
                    step = add("index", f"arith.constant {rng.randint(1, 3)} : index", [])
                    bounds.append(f"{{{len(operands)}}}")
                    operands.append(step)
                else:
                    bounds.append(f"{{{len(operands)}}}")
                    operands.append(rng.choice(indices + negative))
            slices.append(add("!fx.slice", "fx.slice " + ", ".join(bounds), operands))
        elif kind == "slice_tensor" and slices:
            if shape is None or rank == 0:
                x, shape, t = "m", [None], "tensor<?xi64>"
            result = tensor_type([None] + shape[1:], "i64" if x == "m" else "f32")
            v = add(result, f"fx.slice_tensor {{0}}[{{1}}] : {t} -> {result}",
                    [x, rng.choice(slices)])
            if x != "m":
                tensors.append((v, [None] + shape[1:]))
    # Some results stay unused: the pass must not erase what it does not own.
    dead = [op.result for op in ops if rng.random() < 0.2]
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


def reduce(tool, program, workdir):
    """Deletes ops one at a time while the program still fails."""
    changed = True
    while changed:
        changed = False
        for i in reversed(range(len(program.ops))):
            if any(program.ops[i].result in op.operands for op in program.ops):
                continue
            candidate = Program(program.name, program.args,
                                program.ops[:i] + program.ops[i + 1:], program.dead)
            try:
                check(tool, candidate.render(), workdir)
            except Failure as e:
                if "generator bug" not in str(e):
                    program, changed = candidate, True
    return program


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fx-opt", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--graphs", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=250)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="fx-property-")
    checked = 0
    for start in range(0, args.graphs, args.batch):
        count = min(args.batch, args.graphs - start)
        programs = [generate(f"g{args.seed}_{start + i}",
                             random.Random(f"{args.seed}:{start + i}"))
                    for i in range(count)]
        try:
            check(args.fx_opt, "".join(p.render() for p in programs), workdir)
            checked += count
            continue
        except Failure as batch_failure:
            failure = batch_failure
        for program in programs:
            try:
                check(args.fx_opt, program.render(), workdir)
            except Failure as e:
                smallest = reduce(args.fx_opt, program, workdir)
                try:
                    check(args.fx_opt, smallest.render(), workdir)
                except Failure as reduced:
                    e = reduced
                print(f"FAIL: seed {args.seed}, program {program.name}: {e}\n"
                      f"smallest failing program:\n{smallest.render()}", file=sys.stderr)
                return 1
        print(f"FAIL: seed {args.seed}, batch at {start}: {failure}", file=sys.stderr)
        return 1
    print(f"checked {checked} random programs (seed {args.seed}): all properties hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
