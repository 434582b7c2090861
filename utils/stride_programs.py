#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Random fx programs that view slices of views, for utils/differential.py
(`--family strides`).

A program takes a 1-D i64 tensor `x` (static or dynamic) and index arguments,
and applies a chain of stages to it: views (`fx.view`, sizes from constants,
index arguments and -1) and slices of dim 0 (`fx.slice_tensor`, with starts,
stops and steps from constants and index arguments, huge steps among them).
Each stage reaches its tensor through a carrier, the path the strides must
follow at run time:

  direct      the op in the program's function
  call        a private callee, `func.call`
  indirect    `func.call_indirect` of a function argument of a private
              `apply` function (not a `func.constant` in the function that
              calls it)
  rec_once    a recursive callee on a counter (`scf.if`) that slices its
              tensor argument at depth 0
  rec_each    a recursive callee with several blocks (`cf.cond_br`) that
              slices at each level and returns its argument at depth 0
  multiblock  a callee with `cf.cond_br` that slices one way or another
  if          `scf.if` in the program's function
  select      `arith.select` of two slices (both computed, as in torch)
  cf          `cf.cond_br` to two blocks, joined by a block argument
  for         `scf.for` with the tensor as iter_arg, a slice per iteration

Views have static result dims where their size elements are constants >= 0,
and a stage's result may be cast to a dynamic type. The torch meaning of each
program is `evaluate`; conditions and counts are index arguments or
constants.
"""

import math
import random
from types import SimpleNamespace

INT64_MAX = 2**63 - 1
HUGE_STEPS = [2**62, 2**62 + 1, 2**61, 3 * 2**60, INT64_MAX, INT64_MAX - 1,
              2**63 - 8, 4611686018427387903]
HUGE_BOUNDS = [INT64_MAX, -2**63, 2**62, -2**62]

SLICE_CARRIERS = ["direct", "call", "indirect", "rec_once", "rec_each",
                  "multiblock", "if", "select", "cf", "for"]
VIEW_CARRIERS = ["direct", "direct", "call", "indirect"]
CONDITIONAL = {"multiblock", "if", "select", "cf"}
COUNTED = {"rec_once", "rec_each", "for"}


def ttype(dims):
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x"
                               for d in dims) + "i64>"


def dynamic(dims):
    return [None] * len(dims)


class Stage:
    def __init__(self, kind, spec, carrier="direct", alt=None, control=None,
                 cast=False):
        self.kind = kind  # "view" or "slice"
        # view: [elem]; slice: (start, stop, step); each elem None (slice
        # bounds only) or ("c", int) or ("a", name).
        self.spec = spec
        self.carrier = carrier
        self.alt = alt  # the other slice of a conditional carrier, or None: x
        self.control = control  # the condition or count: ("c", v) / ("a", n)
        self.cast = cast  # the result cast to a dynamic type

    def copy(self, **changes):
        fields = dict(kind=self.kind, spec=self.spec, carrier=self.carrier,
                      alt=self.alt, control=self.control, cast=self.cast)
        fields.update(changes)
        return Stage(**fields)

    def operands(self):
        specs = list(self.spec) + (list(self.alt) if self.alt else [])
        return [s for s in specs if s is not None]


class StrideProgram:
    def __init__(self, name, static_n, stages, choices, attributes=""):
        self.name = name
        self.static_n = static_n  # x's static length, or None
        self.stages = stages
        # index argument -> values utils/differential.py gives it (the first
        # is the planned one); "x" -> lengths of x.
        self.choices = choices
        self.attributes = attributes

    # The interface of random_graphs.Program that differential.py uses.

    @property
    def args(self):
        names = []
        for stage in self.stages:
            for spec in stage.operands() + ([stage.control] if stage.control else []):
                if spec[0] == "a" and spec[1] not in names:
                    names.append(spec[1])
        return [("x", ttype([self.static_n]))] + [(n, "index") for n in names]

    def sinks(self):
        return [SimpleNamespace(result="r", type=ttype(self.result_dims()))]

    def pick_inputs(self, rng):
        inputs = {}
        for name, _ in self.args:
            values = self.choices[name]
            value = values[0] if rng.random() < 0.8 else rng.choice(values)
            inputs[name] = ([value], "i64") if name == "x" else value
        if self.static_n is not None:
            inputs["x"] = ([self.static_n], "i64")
        return inputs

    def reductions(self):
        """Smaller programs: a stage fewer, a carrier made direct, a cast
        or an alternative dropped."""
        for i in range(len(self.stages)):
            yield self.with_stages(self.stages[:i] + self.stages[i + 1:])
        for i, stage in enumerate(self.stages):
            simpler = []
            if stage.carrier != "direct":
                simpler.append(stage.copy(carrier="direct", alt=None, control=None))
            if stage.cast:
                simpler.append(stage.copy(cast=False))
            if stage.alt:
                simpler.append(stage.copy(alt=None))
            for s in simpler:
                yield self.with_stages(self.stages[:i] + [s] + self.stages[i + 1:])

    def with_stages(self, stages):
        return StrideProgram(self.name, self.static_n, stages, self.choices,
                             self.attributes)

    # torch

    def evaluate(self, torch, env, violations):
        t = env["x"]
        value = lambda spec: None if spec is None else (  # noqa: E731
            spec[1] if spec[0] == "c" else env[spec[1]])

        def sliced(t, spec):
            start, stop, step = (value(s) for s in spec)
            note_int64_rows(t, start, stop, step, violations)
            return t[start:stop:step]

        for stage in self.stages:
            if stage.kind == "view":
                t = t.view([value(e) for e in stage.spec])
                continue
            control = value(stage.control) if stage.control else None
            if stage.carrier == "select":  # both computed, one chosen
                first = sliced(t, stage.spec)
                second = sliced(t, stage.alt) if stage.alt else t
                t = first if control != 0 else second
            elif stage.carrier in CONDITIONAL:
                if control != 0:
                    t = sliced(t, stage.spec)
                else:
                    t = sliced(t, stage.alt) if stage.alt else t
            elif stage.carrier in ("rec_each", "for"):
                for _ in range(max(control, 0)):
                    t = sliced(t, stage.spec)
            else:
                t = sliced(t, stage.spec)
        return [("T", tuple(t.shape), [int(v) for v in t.flatten().tolist()])]

    # MLIR

    def result_dims(self):
        dims = [self.static_n]
        for stage in self.stages:
            dims = stage_dims(stage, dims)
        return dims

    def render(self):
        helpers = []
        body = Body()
        t, dims = "x", [self.static_n]
        for k, stage in enumerate(self.stages):
            t, dims = render_stage(self.name, k, stage, t, dims, body, helpers)
        result = ttype(dims)
        args = ", ".join(f"%{n}: {ty}" for n, ty in self.args)
        text = [f"func.func @{self.name}({args}) -> {result}{self.attributes} {{\n"]
        text += body.lines
        text.append(f"  return %{t} : {result}\n}}\n")
        return "".join(helpers) + "".join(text)


def note_int64_rows(t, start, stop, step, violations):
    """torch computes a slice's rows as (stop - start + step - 1) / step in
    int64, which wraps when the step is near 2^63 (a documented difference:
    the lowering computes the rows without wrapping)."""
    if t.dim() == 0 or step is None or step <= 0:
        return
    size = t.shape[0]
    start = 0 if start is None else start
    stop = INT64_MAX if stop is None else stop
    start = start + size if start < 0 else start
    stop = stop + size if stop < 0 else stop
    start = min(max(start, 0), size)
    stop = min(max(stop, start), size)
    if stop > start and stop - start + step - 1 > INT64_MAX:
        violations.append("int64-rows")


def view_dims(spec, dims):
    out = [s[1] if s[0] == "c" and s[1] >= 0 else None for s in spec]
    if None not in dims and None not in out and math.prod(dims) != math.prod(out):
        out = dynamic(out)  # else a verifier error, not torch's run-time one
    return out


def stage_dims(stage, dims):
    if stage.kind == "view":
        out = view_dims(stage.spec, dims)
    else:
        out = [None] + dims[1:]
    return dynamic(out) if stage.cast else out


class Body:
    """The lines of a function body, with fresh SSA names."""

    def __init__(self, prefix="v"):
        self.lines, self.counter, self.prefix = [], 0, prefix

    def fresh(self):
        self.counter += 1
        return f"{self.prefix}{self.counter}"

    def add(self, text):
        v = self.fresh()
        self.lines.append(f"  %{v} = {text}\n")
        return v

    def raw(self, text):
        self.lines.append(text)

    def const(self, value):
        # Not shared: a constant in one block may not dominate another.
        return self.add(f"arith.constant {value} : index")


def emit_view(body, t, dims, spec, operand):
    if not spec and None not in dims and math.prod(dims) != 1:
        # A rank-0 result type is static: a static input of another count
        # would be a verifier error, not torch's run-time one.
        t = emit_cast(body, t, dims, dynamic(dims))
        dims = dynamic(dims)
    names = [operand(s) for s in spec]
    n = len(names)
    size = body.add(f"fx.make_size {', '.join('%' + e for e in names)} : !fx.size<{n}>"
                    if names else "fx.make_size : !fx.size<0>")
    out = view_dims(spec, dims)
    v = body.add(f"fx.view %{t}, %{size} : {ttype(dims)}, !fx.size<{n}> -> {ttype(out)}")
    return v, out


def emit_slice(body, t, dims, spec, operand):
    bounds = ["none" if s is None else "%" + operand(s) for s in spec]
    s = body.add("fx.slice " + ", ".join(bounds))
    out = [None] + dims[1:]
    v = body.add(f"fx.slice_tensor %{t}[%{s}] : {ttype(dims)} -> {ttype(out)}")
    return v, out


def emit_cast(body, t, dims, out):
    if dims == out:
        return t
    return body.add(f"tensor.cast %{t} : {ttype(dims)} to {ttype(out)}")


def emit_transform(body, t, dims, stage, operand, spec=None):
    emit = emit_view if stage.kind == "view" else emit_slice
    return emit(body, t, dims, stage.spec if spec is None else spec, operand)


def arg_specs(stage):
    """The index arguments of a stage's op(s), in order, without repeats."""
    names = []
    for s in stage.operands():
        if s[0] == "a" and s[1] not in names:
            names.append(s[1])
    return names


def callee_operand(body, params):
    def operand(spec):
        return params[spec[1]] if spec[0] == "a" else body.const(spec[1])
    return operand



def recursion_head(helper, arg_type, result_type, param_decl):
    """The start of a recursive helper @helper(%t, %n, params): its
    signature, and %base, whether the count %n has run out."""
    return (f"func.func private @{helper}(%t: {arg_type}, %n: index{param_decl})"
            f" -> {result_type} {{\n"
            "  %zero = arith.constant 0 : index\n"
            "  %base = arith.cmpi sle, %n, %zero : index\n")

def render_stage(name, k, stage, t, dims, body, helpers):
    """Emits stage k on %t into `body` (adding callees to `helpers`); returns
    (result, dims)."""
    operand = callee_operand(body, {n: n for n in arg_specs(stage)})
    carrier = stage.carrier
    sdims = [None] + dims[1:]  # a slice's type
    out_dims = stage_dims(stage.copy(cast=False), dims)
    params = arg_specs(stage)
    param_decl = "".join(f", %{p}: index" for p in params)
    param_use = "".join(f", %{p}" for p in params)
    param_types = "".join(", index" for _ in params)
    helper = f"{name}_s{k}"

    def control():
        spec = stage.control
        return spec[1] if spec[0] == "a" else body.const(spec[1])

    def callee_body():
        b = Body("h")
        return b, callee_operand(b, {p: p for p in params})

    if carrier == "direct":
        r, rd = emit_transform(body, t, dims, stage, operand)
    elif carrier in ("call", "indirect"):
        b, op = callee_body()
        r, rd = emit_transform(b, "t", dims, stage, op)
        helpers.append(f"func.func private @{helper}(%t: {ttype(dims)}{param_decl})"
                       f" -> {ttype(rd)} {{\n" + "".join(b.lines) +
                       f"  return %{r} : {ttype(rd)}\n}}\n")
        ftype = f"({ttype(dims)}{param_types}) -> {ttype(rd)}"
        if carrier == "call":
            r = body.add(f"func.call @{helper}(%{t}{param_use}) : {ftype}")
        else:
            helpers.append(
                f"func.func private @{helper}_apply(%f: {ftype}, %t: {ttype(dims)}"
                f"{param_decl}) -> {ttype(rd)} {{\n"
                f"  %r = func.call_indirect %f(%t{param_use}) : {ftype}\n"
                f"  return %r : {ttype(rd)}\n}}\n")
            f = body.add(f"func.constant @{helper} : {ftype}")
            r = body.add(f"func.call @{helper}_apply(%{f}, %{t}{param_use}) : "
                         f"({ftype}, {ttype(dims)}{param_types}) -> {ttype(rd)}")
    elif carrier == "rec_once":
        b, op = callee_body()
        s, _ = emit_slice(b, "t", dims, stage.spec, op)
        helpers.append(
            recursion_head(helper, ttype(dims), ttype(sdims), param_decl) +
            f"  %r = scf.if %base -> ({ttype(sdims)}) {{\n" +
            "".join("  " + line for line in b.lines) +
            f"    scf.yield %{s} : {ttype(sdims)}\n"
            "  } else {\n"
            "    %one = arith.constant 1 : index\n"
            "    %m = arith.subi %n, %one : index\n"
            f"    %q = func.call @{helper}(%t, %m{param_use}) : "
            f"({ttype(dims)}, index{param_types}) -> {ttype(sdims)}\n"
            f"    scf.yield %q : {ttype(sdims)}\n"
            "  }\n"
            f"  return %r : {ttype(sdims)}\n}}\n")
        n = control()
        r = body.add(f"func.call @{helper}(%{t}, %{n}{param_use}) : "
                     f"({ttype(dims)}, index{param_types}) -> {ttype(sdims)}")
        rd = sdims
    elif carrier == "rec_each":
        b, op = callee_body()
        s, _ = emit_slice(b, "t", sdims, stage.spec, op)
        helpers.append(
            recursion_head(helper, ttype(sdims), ttype(sdims), param_decl) +
            "  cf.cond_br %base, ^base, ^step\n"
            "^base:\n"
            f"  return %t : {ttype(sdims)}\n"
            "^step:\n" + "".join(b.lines) +
            "  %one = arith.constant 1 : index\n"
            "  %m = arith.subi %n, %one : index\n"
            f"  %q = func.call @{helper}(%{s}, %m{param_use}) : "
            f"({ttype(sdims)}, index{param_types}) -> {ttype(sdims)}\n"
            f"  return %q : {ttype(sdims)}\n}}\n")
        n = control()
        t0 = emit_cast(body, t, dims, sdims)
        r = body.add(f"func.call @{helper}(%{t0}, %{n}{param_use}) : "
                     f"({ttype(sdims)}, index{param_types}) -> {ttype(sdims)}")
        rd = sdims
    elif carrier == "for":
        n = control()
        t0 = emit_cast(body, t, dims, sdims)
        zero, one = body.const(0), body.const(1)
        b = Body(f"l{k}_")
        acc = f"acc{k}"
        s, _ = emit_slice(b, acc, sdims, stage.spec, operand)
        r = body.fresh()
        body.raw(f"  %{r} = scf.for %iv{k} = %{zero} to %{n} step %{one} "
                 f"iter_args(%{acc} = %{t0}) -> ({ttype(sdims)}) {{\n" +
                 "".join("  " + line for line in b.lines) +
                 f"    scf.yield %{s} : {ttype(sdims)}\n  }}\n")
        rd = sdims
    else:  # conditional: the slice, or the other slice (or x) where c == 0
        def both(b, t, op):
            s1, _ = emit_slice(b, t, dims, stage.spec, op)
            if stage.alt:
                s2, _ = emit_slice(b, t, dims, stage.alt, op)
            else:
                s2 = emit_cast(b, t, dims, sdims)
            return s1, s2

        def branch(b, t, op, spec):
            if spec is None:
                return emit_cast(b, t, dims, sdims)
            return emit_slice(b, t, dims, spec, op)[0]
        st = ttype(sdims)
        rd = sdims
        if carrier == "select":
            s1, s2 = both(body, t, operand)
            c = control()
            zero = body.const(0)
            cond = body.add(f"arith.cmpi ne, %{c}, %{zero} : index")
            r = body.add(f"arith.select %{cond}, %{s1}, %{s2} : {st}")
        elif carrier == "if":
            c = control()
            zero = body.const(0)
            cond = body.add(f"arith.cmpi ne, %{c}, %{zero} : index")
            b1, b2 = Body(f"a{k}_"), Body(f"b{k}_")
            s1 = branch(b1, t, callee_operand(b1, {p: p for p in params}), stage.spec)
            s2 = branch(b2, t, callee_operand(b2, {p: p for p in params}), stage.alt)
            r = body.fresh()
            body.raw(f"  %{r} = scf.if %{cond} -> ({st}) {{\n" +
                     "".join("  " + line for line in b1.lines) +
                     f"    scf.yield %{s1} : {st}\n  }} else {{\n" +
                     "".join("  " + line for line in b2.lines) +
                     f"    scf.yield %{s2} : {st}\n  }}\n")
        elif carrier == "cf":
            c = control()
            zero = body.const(0)
            cond = body.add(f"arith.cmpi ne, %{c}, %{zero} : index")
            body.raw(f"  cf.cond_br %{cond}, ^then{k}, ^else{k}\n^then{k}:\n")
            s1 = branch(body, t, operand, stage.spec)
            body.raw(f"  cf.br ^join{k}(%{s1} : {st})\n^else{k}:\n")
            s2 = branch(body, t, operand, stage.alt)
            r = body.fresh()
            body.raw(f"  cf.br ^join{k}(%{s2} : {st})\n^join{k}(%{r}: {st}):\n")
        else:  # multiblock: a callee of several blocks, each returning
            b1, b2 = Body("a"), Body("b")
            s1 = branch(b1, "t", callee_operand(b1, {p: p for p in params}), stage.spec)
            s2 = branch(b2, "t", callee_operand(b2, {p: p for p in params}), stage.alt)
            helpers.append(
                f"func.func private @{helper}(%t: {ttype(dims)}, %c: index{param_decl})"
                f" -> {st} {{\n"
                "  %zero = arith.constant 0 : index\n"
                "  %cond = arith.cmpi ne, %c, %zero : index\n"
                "  cf.cond_br %cond, ^first, ^second\n^first:\n" +
                "".join(b1.lines) + f"  cf.br ^join(%{s1} : {st})\n^second:\n" +
                "".join(b2.lines) + f"  return %{s2} : {st}\n"
                f"^join(%r: {st}):\n  return %r : {st}\n}}\n")
            c = control()
            r = body.add(f"func.call @{helper}(%{t}, %{c}{param_use}) : "
                         f"({ttype(dims)}, index{param_types}) -> {st}")
    if stage.cast:
        r = emit_cast(body, r, rd, dynamic(rd))
        rd = dynamic(rd)
    return r, rd


# ----------------------------------------------------------------------------
# Generation


def factor(n, rank, rng):
    """`rank` dims whose product is n."""
    if rank == 0:
        return []
    if n == 0:
        dims = [rng.choice([0, 1, 2, 3]) for _ in range(rank)]
        dims[rng.randrange(rank)] = 0
        return dims
    dims = []
    for _ in range(rank - 1):
        d = rng.choice([d for d in range(1, n + 1) if n % d == 0])
        dims.append(d)
        n //= d
    dims.append(n)
    rng.shuffle(dims)
    return dims


def slice_rows(size, start, stop, step):
    if step is None:
        step = 1
    if step <= 0 or size < 0:  # a planned view size off by -1 may be -1
        return None
    return len(range(*slice(start, stop, step).indices(size)))


def generate(name, rng, without=()):
    """A random program whose planned inputs mostly run in torch; no slice
    stage goes through a carrier in `without`."""
    choices = {}
    counter = [0]
    n = rng.choice([0, 1, 4, 6, 8, 12, 12, 16, 24, 24, 30, 36, 48])
    choices["x"] = [n, n, 0, 1, 6, 12, 24]
    static_n = n if rng.random() < 0.3 else None

    def spec(planned, others, constant_p=0.5):
        if rng.random() < constant_p:
            return ("c", planned)
        counter[0] += 1
        a = f"i{counter[0]}"
        choices[a] = [planned] + others
        return ("a", a)

    def control(planned, values):
        if rng.random() < 0.25:
            return ("c", planned)
        counter[0] += 1
        a = f"c{counter[0]}"
        choices[a] = [planned] + values
        return ("a", a)

    def draw_slice(size):
        start = stop = step = None
        pstart = pstop = pstep = None
        if rng.random() < 0.5:
            pstart = rng.randint(-size - 1, size + 1) if rng.random() < 0.9 else \
                rng.choice(HUGE_BOUNDS)
            start = spec(pstart, [0, 1, -1, 2, -100, 100, rng.choice(HUGE_BOUNDS)])
        if rng.random() < 0.35:
            pstop = rng.randint(-size - 1, size + 1) if rng.random() < 0.9 else \
                rng.choice(HUGE_BOUNDS)
            stop = spec(pstop, [0, -1, 1, 3, 100, -100])
        if rng.random() < 0.85:
            r = rng.random()
            pstep = (rng.choice([1, 2, 2, 2, 3, 3, 4]) if r < 0.9 else
                     rng.choice([0, -1, -2]) if r < 0.94 else rng.choice(HUGE_STEPS))
            step = spec(pstep, [1, 2, 3, 0, -1, rng.choice(HUGE_STEPS)], 0.4)
        return (start, stop, step), slice_rows(size, pstart, pstop, pstep)

    def draw_view(numel):
        if numel is None:
            numel = rng.choice([0, 1, 6, 12])
        ranks = [1, 1, 2, 2, 2, 3, 3] + ([0] if numel == 1 else [])
        dims = factor(numel, rng.choice(ranks), rng)
        if rng.random() < 0.1 and dims:  # not the element count
            dims[rng.randrange(len(dims))] += rng.choice([-1, 1, 2])
        specs = []
        infer = rng.randrange(len(dims)) if dims and rng.random() < 0.35 else None
        for i, d in enumerate(dims):
            if i == infer:
                specs.append(("c", -1) if rng.random() < 0.6 else
                             spec(-1, [d, 0, 1], 0))
            else:
                specs.append(spec(d, [-1, 0, 1, 2, 3, d + 1, -3, 100], 0.55))
        return specs, dims

    stages = []
    shape = [n]  # the planned shape, None once torch raises
    count = rng.randint(2, 6)
    for i in range(count):
        if shape is None or not shape:
            kind = "view"
        elif i == 0:
            kind = "view" if rng.random() < 0.7 else "slice"
        elif i == count - 1 and stages[-1].kind == "slice":
            kind = "view" if rng.random() < 0.85 else "slice"
        else:
            kind = "slice" if stages[-1].kind == "view" else rng.choice(
                ["view", "view", "slice"])
        if kind == "view":
            specs, dims = draw_view(None if shape is None else math.prod(shape))
            stages.append(Stage("view", specs, rng.choice(
                [c for c in VIEW_CARRIERS if c not in without]),
                                cast=rng.random() < 0.15))
            valid = shape is not None and math.prod(dims) == math.prod(shape)
            shape = dims if valid else None
            continue
        carrier = rng.choice([c for c in SLICE_CARRIERS if c not in without])
        spec_, rows = draw_slice(shape[0])  # rows at the planned values
        stage = Stage("slice", spec_, carrier, cast=rng.random() < 0.15)
        times = 1
        if carrier in CONDITIONAL:
            if rng.random() < 0.6:
                stage.alt, alt_rows = draw_slice(shape[0])
            else:
                alt_rows = shape[0]
            taken = rng.random() < 0.5
            stage.control = control(int(taken), [0, 1, -1, 2])
            if not taken and carrier != "select":
                rows = alt_rows
        elif carrier in COUNTED:
            times = rng.choice([0, 1, 1, 2, 3])
            stage.control = control(times, [0, 1, 2, 3, -1])
            if carrier == "rec_once":
                times = 1
        if carrier in CONDITIONAL:
            shape = None if rows is None else [rows] + shape[1:]
        else:
            for _ in range(times):
                rows = plan_rows(stage.spec, shape[0], choices)
                if rows is None:
                    shape = None
                    break
                shape = [rows] + shape[1:]
        stages.append(stage)
    return StrideProgram(name, static_n, stages, choices)


def plan_rows(spec, size, choices):
    """The rows of the slice `spec` of `size` rows at the planned values."""
    values = [None if s is None else s[1] if s[0] == "c" else choices[s[1]][0]
              for s in spec]
    return slice_rows(size, *values)


def reduce(program, fails):
    """The smallest program of program.reductions() that still fails."""
    changed = True
    while changed:
        changed = False
        for candidate in program.reductions():
            if fails(candidate):
                program, changed = candidate, True
                break
    return program


if __name__ == "__main__":
    import sys
    seed = sys.argv[1] if len(sys.argv) > 1 else "1:0"
    print(generate("g", random.Random(seed)).render())
