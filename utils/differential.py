#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Differential test of the fx lowering against torch.

Generates seeded random fx programs with utils/random_graphs.py (its runtime
mode: index arguments as dims, slice bounds, steps and view size elements,
-1 in view sizes, dynamic and unranked tensors), picks several inputs for
each (run-time sizes of the dynamic dims and ranks of the unranked tensors
vary, and so do the index arguments, some of them out of range), and

  * lowers all programs, with a driver that calls each on each input and
    prints its results, to LLVM in one module and runs it under mlir-runner;
  * runs the same programs with torch on the same inputs: the torch that
    utils/requirements.txt pins, whose messages the lowering prints.

Each input must give the values and shapes torch gives, or, where torch
raises, stop with torch's message, character for character, run-time
numbers included (`shape '[3, 8]' is invalid for input of size 6`). A
program whose own types do not hold at run time (an `!fx.size<N>` of an
unranked tensor of another rank, a slice typed with a static length it does
not have) may also stop with the lowering's message for that.

A failed check ends the process (fx-to-llvm: message on stderr, exit status
1), so the driver forks a child for each input that torch expects to stop:
one mlir-runner call runs a whole batch. On a failure it prints the seed, the
input and the smallest failing program it finds.
"""

import argparse
import math
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import random_graphs  # noqa: E402
import stride_programs  # noqa: E402

# fx to the LLVM dialect, ready for mlir-runner.
PIPELINE = "builtin.module(fx-to-llvm)"

# Upstream passes that --pass-orders runs, some of them in a random order,
# before fx-to-llvm.
UPSTREAM_PASSES = ["canonicalize", "cse", "inline", "sccp", "symbol-dce",
                   "loop-invariant-code-motion", "control-flow-sink"]


# LLVM 22's scf.for canonicalization (ForOpTensorCastFolder) gives a loop
# the static type of a tensor.cast that feeds it, as if no iteration changed
# the shape: any loop that slices its tensor is miscompiled, fx or not
# (docs/DesignNotes.md). fx-to-llvm leaves it out of its own canonicalize;
# the passes drawn here leave it out too.
WITHOUT_LOOP_CAST_FOLD = (
    'canonicalize{disable-patterns="(anonymous namespace)::ForOpTensorCastFolder"}')
SPELLED = {
    "canonicalize": WITHOUT_LOOP_CAST_FOLD,
    "inline": f"inline{{default-pipeline={WITHOUT_LOOP_CAST_FOLD}}}",
}


def random_pipeline(rng):
    passes = [rng.choice(UPSTREAM_PASSES) for _ in range(rng.randint(0, 5))]
    passes = [SPELLED.get(name, name) for name in passes]
    return f"builtin.module({','.join(passes + ['fx-to-llvm'])})"


# torch's quirks, documented differences (docs/Testing.md): a slice
# whose rows torch computes with a wrapped (stop - start + step - 1) / step,
# and torch's storage-size overflow and storage-offset checks, which the
# lowering does not model.
def quirk(torch_outcome, violations):
    if "int64-rows" in violations:
        return "int64-rows"
    if torch_outcome[0] == "error" and torch_outcome[1].startswith(
            "Storage size calculation overflowed"):
        return "storage-size"
    # The storage offset, which the lowering does not model either: a slice's
    # start times a huge stride wraps it below 0 (ATen/native/Resize.h).
    if torch_outcome[0] == "error" and torch_outcome[1].startswith(
            "Tensor: invalid storage offset"):
        return "storage-offset"
    # Once torch has warned "Truncating the start/stop/step of slice" in a
    # process, a slice with step 0 and a bound it truncates (-2^63) raises
    # this SystemError instead of ValueError('slice step cannot be zero'),
    # which the same slice raises in a fresh process and the lowering
    # prints: torch's message depends on what the process ran before.
    if torch_outcome == ("error", "<class 'UserWarning'> returned a result "
                                  "with an exception set"):
        return "torch-warning-state"
    return None

# The lowering's messages for run-time checks of the program's own fx types,
# which torch, having no such types, never raises.
TYPE_FAMILIES = [
    ("rank", r"^x\.size\(\) of a tensor whose rank is \d+, not \d+, the length "
             r"of '!fx\.size<\d+>'$"),
    ("slice-length", r"^dim 0 of the slice is \d+, not \d+, as the result type "
                     r"tensor<[^>]*> says$"),
]


def family(message, table):
    for name, pattern in table:
        if re.search(pattern, message):
            return name
    return None


# ----------------------------------------------------------------------------
# Inputs


def pick_inputs(program, rng):
    """Concrete values for the arguments of `program`: tensors as (shape,
    element type), index arguments as ints."""
    ranks = {}  # an unranked tensor's rank, from the dimless sizes of it
    for op in program.ops:
        if op.sem[0] == "size":
            ranks.setdefault(op.sem[1], op.sem[2])
    inputs = {}
    for name, type_ in program.args:
        if type_ == "index":
            inputs[name] = rng.choice(random_graphs.RUNTIME_INDEX_ARGS[name])
            continue
        dims = re.match(r"tensor<(.*?)x?(f32|i64)>", type_).group(1)
        if dims == "*":
            rank = ranks.get(name, 0) if rng.random() < 0.7 else rng.randint(0, 3)
            shape = [None] * rank
        else:
            shape = [None if d == "?" else int(d) for d in dims.split("x") if d]
        shape = [rng.choice([0, 1, 2, 2, 3, 3, 4, 5]) if d is None else d
                 for d in shape]
        inputs[name] = (shape, "i64" if type_.endswith("i64>") else "f32")
    return inputs


def input_values(name, shape, program):
    """The elements of a tensor argument: all distinct, and exact in f32."""
    position = [n for n, _ in program.args].index(name)
    return [1000 * (position + 1) + i for i in range(math.prod(shape))]


# ----------------------------------------------------------------------------
# torch


def pinned_torch_version():
    """The torch version utils/requirements.txt pins."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "requirements.txt")
    with open(path) as f:
        for line in f:
            name, _, version = line.partition("==")
            if name.strip() == "torch":
                return version.strip()
    raise AssertionError(f"{path} pins no torch")


class TorchOracle:
    def __init__(self):
        import torch
        import warnings
        self.torch = torch
        # torch warns of slice bounds it truncates (huge steps); not an
        # outcome.
        warnings.filterwarnings("ignore", message="Truncating the start/stop/step")
        # Another torch words its errors otherwise: every message would
        # differ from the lowering's.
        pinned, found = pinned_torch_version(), torch.__version__.split("+")[0]
        if found != pinned:
            sys.exit(f"differential: the lowering prints torch {pinned}'s "
                     f"messages, but {sys.executable} has torch {found}")

    def run(self, program, inputs):
        """(outcome, violations): outcome is ("ok", results) or ("error",
        message); violations lists the type families whose checks a lowered
        program may also stop with."""
        torch = self.torch
        env, violations = {}, []
        for name, value in inputs.items():
            if isinstance(value, int):
                env[name] = value
            else:
                shape, element = value
                dtype = torch.int64 if element == "i64" else torch.float32
                env[name] = torch.tensor(input_values(name, shape, program),
                                         dtype=dtype).reshape(shape)
        if hasattr(program, "evaluate"):  # utils/stride_programs.py
            try:
                return ("ok", program.evaluate(torch, env, violations)), violations
            except Exception as e:
                return ("error", str(e)), violations
        try:
            for op in program.ops:
                env[op.result] = self.evaluate(op, env, violations)
        except Exception as e:  # torch's error is the expected outcome
            return ("error", str(e)), violations
        results = []
        for op in program.sinks():
            results += printed(env[op.result], op.type)
        return ("ok", results), violations

    def evaluate(self, op, env, violations):
        kind, *params = op.sem
        value = lambda p: p if isinstance(p, int) else env[p]  # noqa: E731
        if kind == "const":
            return params[0]
        if kind == "size_dim":
            return env[params[0]].size(value(params[1]))
        if kind == "size":
            size = tuple(env[params[0]].size())
            if len(size) != params[1]:
                violations.append("rank")
            return size
        if kind == "getitem":
            return env[params[0]][params[1]]
        if kind == "make_size":
            return tuple(env[p] for p in params)
        if kind == "slice":
            return slice(*[None if p is None else env[p] for p in params])
        if kind == "slice_tensor":
            result = env[params[0]][env[params[1]]]
            rows = re.match(r"tensor<(\d+)x", op.type)
            if rows and result.shape[0] != int(rows.group(1)):
                violations.append("slice-length")
            return result
        if kind == "view":
            return env[params[0]].view(env[params[1]])
        if kind == "muli":
            return env[params[0]] * env[params[1]]
        if kind == "subi":
            return env[params[0]] - env[params[1]]
        raise AssertionError(f"unknown op kind {kind}")


def printed(value, type_):
    """What the driver prints for a result: ("I", int) per index or size
    element, ("T", shape, elements) per tensor, nothing for a slice."""
    if type_ == "index":
        return [("I", int(value))]
    if type_.startswith("!fx.size"):
        return [("I", int(v)) for v in value]
    if type_.startswith("tensor"):
        return [("T", tuple(value.shape), [int(v) for v in value.flatten().tolist()])]
    return []


# ----------------------------------------------------------------------------
# MLIR


def mlir_literal(shape, values, element):
    if not values:
        return f"dense<> : {random_graphs.tensor_type(shape, element)}"

    def nest(dims, flat):
        if not dims:
            return str(flat[0]) + (".0" if element == "f32" else "")
        step = len(flat) // dims[0]
        return "[" + ", ".join(nest(dims[1:], flat[i * step:(i + 1) * step])
                               for i in range(dims[0])) + "]"
    return f"dense<{nest(shape, values)}> : {random_graphs.tensor_type(shape, element)}"


DRIVER_HEADER = """\
llvm.mlir.global internal constant @fx_case("CASE \\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @fx_index("I \\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @fx_tensor("T \\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @fx_done("DONE\\0A\\00") {addr_space = 0 : i32}
llvm.mlir.global external @stdout() {addr_space = 0 : i32} : !llvm.ptr
func.func private @printString(!llvm.ptr)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @fork() -> i32
func.func private @waitpid(i32, !llvm.ptr, i32) -> i32
llvm.func @_exit(i32)
func.func private @signal(i32, i64) -> i64
func.func private @setvbuf(!llvm.ptr, !llvm.ptr, i32, i64) -> i32

// Runs one case in a child process, so that a failed cf.assert ends only
// that case.
func.func @fx_run(%id: i64, %case: () -> ()) {
  %case_marker = llvm.mlir.addressof @fx_case : !llvm.ptr
  func.call @printString(%case_marker) : (!llvm.ptr) -> ()
  func.call @printI64(%id) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %zero = arith.constant 0 : i32
  %pid = func.call @fork() : () -> i32
  %child = arith.cmpi eq, %pid, %zero : i32
  cf.cond_br %child, ^child, ^parent
^child:
  // No crash report from mlir-runner's handler should an assert abort.
  %sigabrt = arith.constant 6 : i32
  %default = arith.constant 0 : i64
  func.call @signal(%sigabrt, %default) : (i32, i64) -> i64
  func.call_indirect %case() : () -> ()
  %done = llvm.mlir.addressof @fx_done : !llvm.ptr
  func.call @printString(%done) : (!llvm.ptr) -> ()
  llvm.call @_exit(%zero) : (i32) -> ()
  cf.br ^parent
^parent:
  %null = llvm.mlir.zero : !llvm.ptr
  func.call @waitpid(%pid, %null, %zero) : (i32, !llvm.ptr, i32) -> i32
  return
}

// Runs one case that torch expects to complete, without a fork.
func.func @fx_run_inline(%id: i64, %case: () -> ()) {
  %case_marker = llvm.mlir.addressof @fx_case : !llvm.ptr
  func.call @printString(%case_marker) : (!llvm.ptr) -> ()
  func.call @printI64(%id) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call_indirect %case() : () -> ()
  %done = llvm.mlir.addressof @fx_done : !llvm.ptr
  func.call @printString(%done) : (!llvm.ptr) -> ()
  return
}

"""


def render_case(case_id, program, inputs):
    """A function that calls `program` on `inputs` and prints its results."""
    lines = [f"func.func @fx_case_{case_id}() {{"]
    operands = []
    for name, type_ in program.args:
        value = inputs[name]
        if isinstance(value, int):
            lines.append(f"  %{name} = arith.constant {value} : index")
        else:
            shape, element = value
            literal = mlir_literal(shape, input_values(name, shape, program), element)
            static = random_graphs.tensor_type(shape, element)
            lines.append(f"  %{name}_value = arith.constant {literal}")
            lines.append(f"  %{name} = tensor.cast %{name}_value : {static} to {type_}")
        operands.append(f"%{name}")
    sinks = program.sinks()
    types = [op.type for op in sinks]
    results = [f"%r#{i}" if len(sinks) > 1 else "%r" for i in range(len(sinks))]
    call = (f"func.call @{program.name}({', '.join(operands)}) : "
            f"({', '.join(t for _, t in program.args)}) -> ({', '.join(types)})")
    lines.append(f"  %r:{len(sinks)} = {call}" if len(sinks) > 1 else
                 f"  %r = {call}" if sinks else f"  {call}")
    lines.append("  %index_marker = llvm.mlir.addressof @fx_index : !llvm.ptr")
    lines.append("  %tensor_marker = llvm.mlir.addressof @fx_tensor : !llvm.ptr")
    for i, (result, type_) in enumerate(zip(results, types)):
        if type_ == "index" or type_.startswith("!fx.size"):
            elements = [result]
            if type_ != "index":
                n = int(re.search(r"\d+", type_).group(0))
                elements = [f"%e{i}_{j}" for j in range(n)]
                for j in range(n):
                    lines.append(f"  %e{i}_{j} = fx.getitem {result}[{j}] : {type_}")
            for j, element in enumerate(elements):
                lines.append(f"  %i{i}_{j} = arith.index_cast {element} : index to i64")
                lines.append("  func.call @printString(%index_marker) : (!llvm.ptr) -> ()")
                lines.append(f"  func.call @printI64(%i{i}_{j}) : (i64) -> ()")
                lines.append("  func.call @printNewline() : () -> ()")
        elif type_.startswith("tensor"):
            dims, element = re.match(r"tensor<(.*?)x?(f32|i64)>", type_).groups()
            strides = ", ".join("?" for d in dims.split("x") if d)
            memref = (f"memref<{dims + 'x' if dims else ''}{element}, "
                      f"strided<[{strides}], offset: ?>>")
            lines.append(f"  %b{i} = bufferization.to_buffer {result} : {type_} to {memref}")
            lines.append(f"  %u{i} = memref.cast %b{i} : {memref} to memref<*x{element}>")
            lines.append("  func.call @printString(%tensor_marker) : (!llvm.ptr) -> ()")
            lines.append(f"  func.call @printMemref{element.upper()}(%u{i}) : "
                         f"(memref<*x{element}>) -> ()")
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def render_module(cases, isolated):
    """cases: [(case_id, program, inputs)]; each program appears once. The
    cases in `isolated` run in a child process each."""
    text = [DRIVER_HEADER]
    seen = set()
    for _, program, _ in cases:
        if program.name not in seen:
            seen.add(program.name)
            # Not inlined into the driver, whose constant inputs would fold
            # the program away: the checks must run on run-time values.
            program.attributes = " attributes {no_inline}"
            text.append(program.render())
    for case_id, program, inputs in cases:
        text.append(render_case(case_id, program, inputs))
    text.append("func.func @main() {\n")
    text.append("  %stdout_ref = llvm.mlir.addressof @stdout : !llvm.ptr\n"
                "  %stdout = llvm.load %stdout_ref : !llvm.ptr -> !llvm.ptr\n"
                "  %null = llvm.mlir.zero : !llvm.ptr\n"
                "  %line_buffered = arith.constant 1 : i32\n"
                "  %zero = arith.constant 0 : i64\n"
                "  // Line-buffered: what a child prints is out before it ends.\n"
                "  func.call @setvbuf(%stdout, %null, %line_buffered, %zero)"
                " : (!llvm.ptr, !llvm.ptr, i32, i64) -> i32\n")
    for case_id, _, _ in cases:
        text.append(f"  %id{case_id} = arith.constant {case_id} : i64\n"
                    f"  %f{case_id} = func.constant @fx_case_{case_id} : () -> ()\n"
                    f"  func.call @{'fx_run' if case_id in isolated else 'fx_run_inline'}"
                    f"(%id{case_id}, %f{case_id}) : (i64, () -> ()) -> ()\n")
    text.append("  return\n}\n")
    return "".join(text)


class Tools:
    def __init__(self, args):
        self.mlir_opt = args.mlir_opt
        self.plugin = args.plugin
        self.runner = args.mlir_runner
        self.libs = args.shared_libs
        self.pipeline = args.pipeline
        self.workdir = tempfile.mkdtemp(prefix="fx-differential-")

    def run(self, module):
        """Lowers and runs `module`: ({case_id: ("ok", results) | ("assert",
        message) | ("crash", output)}, whether the run ended normally), or
        raises RuntimeError when it does not lower."""
        path = os.path.join(self.workdir, "module.mlir")
        with open(path, "w") as f:
            f.write(module)
        lowered = subprocess.run(
            [*shlex.split(self.mlir_opt), f"--load-dialect-plugin={self.plugin}",
             f"--load-pass-plugin={self.plugin}", f"--pass-pipeline={self.pipeline}",
             path], capture_output=True, text=True)
        if lowered.returncode != 0:
            raise RuntimeError(f"lowering failed:\n{lowered.stderr[:4000]}")
        ran = subprocess.run(
            # -O0: LLVM's optimizations cost a third of the run and change
            # no check's outcome.
            [self.runner, "-e", "main", "--entry-point-result=void", "-O0",
             f"--shared-libs={self.libs}"],
            input=lowered.stdout, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)
        # A failed cf.assert writes its message to stderr after flushing
        # stdout, and both go to one pipe: the message follows its case.
        return parse_output(ran.stdout), ran.returncode == 0


MARKER = re.compile(r"^(CASE|I|T) |^DONE$")
NUMBER = re.compile(r"-?(?:\d+(?:\.\d*)?(?:e[-+]?\d+)?|nan|inf)")


def parse_output(text):
    outcomes = {}
    case, results, tensor, message, done = None, [], None, [], False

    def finish():
        if case is None:
            return
        if done:
            outcomes[case] = ("ok", results)
        elif message:
            outcomes[case] = ("assert", "\n".join(message))
        else:
            outcomes[case] = ("crash", results)

    def end_tensor():
        nonlocal tensor
        if tensor is not None:
            header, data = tensor
            shape = tuple(int(d) for d in re.search(
                r"sizes = \[([-\d, ]*)\]", header).group(1).split(",") if d.strip())
            values = [float(v) for v in NUMBER.findall(data)]
            if math.prod(shape) == 0:
                values = []  # printMemref shows a stray element when empty
            results.append(("T", shape, values))
            tensor = None

    for line in text.splitlines():
        if tensor is not None and not MARKER.match(line) and line[:1] in ("[", " "):
            tensor[1] += line.split("data =")[-1] + " "
            continue
        end_tensor()
        if line.startswith("CASE "):
            finish()
            case, results, message, done = int(line[5:]), [], [], False
        elif line.startswith("I "):
            results.append(("I", int(line[2:])))
        elif line.startswith("T "):
            header, _, data = line.partition("data =")
            tensor = [header, data + " "]
        elif line == "DONE":
            done = True
        elif line.strip():
            message.append(line)
    end_tensor()
    finish()
    return outcomes


# ----------------------------------------------------------------------------
# Comparison


def compare(torch_outcome, violations, mlir_outcome):
    """None when the lowered program agrees with torch, else why not."""
    kind, detail = mlir_outcome
    if kind == "assert":
        if torch_outcome == ("error", detail):
            return None
        if family(detail, TYPE_FAMILIES) in violations:
            return None
        if torch_outcome[0] == "error":
            return (f"torch raised {torch_outcome[1]!r}, the lowered program "
                    f"stopped with {detail!r}")
        return f"torch computed {torch_outcome[1]}, the lowered program stopped with {detail!r}"
    if kind == "crash":
        return f"the lowered program crashed or printed nothing (printed {detail})"
    if torch_outcome[0] == "error":
        return f"torch raised {torch_outcome[1]!r}, the lowered program computed {detail}"
    if detail != torch_outcome[1]:
        return f"torch computed {torch_outcome[1]}, the lowered program computed {detail}"
    return None


def describe(program, inputs):
    parts = []
    for name, _ in program.args:
        value = inputs[name]
        if isinstance(value, int):
            parts.append(f"%{name} = {value}")
        else:
            parts.append(f"%{name} of shape {list(value[0])}")
    return ", ".join(parts)


def check_cases(tools, oracle, cases, counts=None):
    """The cases that disagree with torch: [(case_id, program, inputs, why)].
    `counts` tallies torch's outcomes ("ok", "error") and the disagreements
    that are torch's int64 quirks ("quirk"), which are not returned.

    Forking a child costs more than a case, so only the cases that torch
    expects to stop run in one; if another stops too, the whole batch runs
    again, each case in a child."""
    expected = {case_id: oracle.run(program, inputs)
                for case_id, program, inputs in cases}
    isolated = {case_id for case_id, (outcome, violations) in expected.items()
                if outcome[0] == "error" or violations}
    if counts is not None:
        for outcome, _ in expected.values():
            counts[outcome[0]] += 1
    outcomes, completed = tools.run(render_module(cases, isolated))
    if not completed:
        outcomes, _ = tools.run(render_module(cases, set(expected)))
    failures = []
    for case_id, program, inputs in cases:
        torch_outcome, violations = expected[case_id]
        mlir_outcome = outcomes.get(case_id, ("crash", "nothing: the run stopped"))
        why = compare(torch_outcome, violations, mlir_outcome)
        if why and quirk(torch_outcome, violations):
            if counts is not None:
                counts["quirk"] += 1
        elif why:
            failures.append((case_id, program, inputs, why))
    return failures


def mismatch_class(why):
    for pattern, name in [
            (r"^lowering failed", "the module does not lower"),
            (r"^the lowered program crashed", "crash or no output"),
            (r"^torch raised .*, the lowered program stopped with", "another message"),
            (r"^torch computed .*, the lowered program stopped with",
             "stops where torch computes"),
            (r"^torch raised .*, the lowered program computed", "computes where torch raises"),
            (r"^torch computed .*, the lowered program computed", "other values")]:
        if re.search(pattern, why, re.S):
            return name
    return "other"


def first_unlowered(tools, oracle, cases, error):
    """The first failure among `cases`, whose module did not lower: the
    error names its ops' locs; else one at a time."""
    named = set(re.findall(r'loc\("(\w+)_op\d+"\)', str(error)))
    failures = []
    for case in sorted(cases, key=lambda c: c[1].name not in named):
        try:
            failures = check_cases(tools, oracle, [case])
        except RuntimeError as single:
            failures = [(*case, str(single))]
        if failures:
            break
    return failures


def per_program(tools, oracle, cases, counts):
    """The failures among `cases`, whose module did not lower, found by
    halving the programs: those that do not lower alone fail, the others
    are checked (`counts` already has torch's outcomes; the quirks are
    added)."""
    scratch = {"ok": 0, "error": 0, "quirk": 0}

    def check(programs):
        mine = [c for c in cases if any(c[1] is p for p in programs)]
        try:
            return check_cases(tools, oracle, mine, scratch)
        except RuntimeError as e:
            if len(programs) == 1:
                return [(*mine[0], str(e))]
            half = len(programs) // 2
            return check(programs[:half]) + check(programs[half:])
    failures = check(list({id(c[1]): c[1] for c in cases}.values()))
    counts["quirk"] += scratch["quirk"]
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mlir-opt", required=True,
                        help="Debian's mlir-opt, as a command (it may have "
                        "arguments)")
    parser.add_argument("--plugin", required=True, help="FXPlugin.so")
    parser.add_argument("--mlir-runner", required=True)
    parser.add_argument("--shared-libs", required=True,
                        help="mlir-runner's runtime libraries, comma-separated")
    parser.add_argument("--pipeline", default=PIPELINE,
                        help="the pass pipeline from fx to LLVM")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--programs", type=int, default=1000)
    parser.add_argument("--inputs", type=int, default=3, help="inputs per program")
    parser.add_argument("--batch", type=int, default=150,
                        help="programs per mlir-runner call")
    parser.add_argument("--family", choices=["graphs", "strides"], default="graphs",
                        help="graphs: utils/random_graphs.py's run-time mode; "
                        "strides: utils/stride_programs.py, views of slices of "
                        "views across calls, recursion, regions, blocks and select")
    parser.add_argument("--pass-orders", action="store_true",
                        help="before fx-to-llvm, run a random sequence of "
                        "upstream passes, drawn anew for each batch")
    parser.add_argument("--without", action="append", default=[],
                        choices=stride_programs.SLICE_CARRIERS[1:],
                        help="(strides) draw no stage through this carrier")
    parser.add_argument("--keep-going", action="store_true",
                        help="on a disagreement, report it (minimized) and go "
                        "on; count the disagreements by class")
    args = parser.parse_args()

    tools, oracle = Tools(args), TorchOracle()
    counts = {"ok": 0, "error": 0, "quirk": 0}
    mismatches = {}
    for start in range(0, args.programs, args.batch):
        if args.pass_orders:
            tools.pipeline = random_pipeline(random.Random(f"{args.seed}:passes:{start}"))
        cases = []
        for p in range(start, min(start + args.batch, args.programs)):
            rng = random.Random(f"{args.seed}:{p}")
            if args.family == "strides":
                program = stride_programs.generate(f"g{args.seed}_{p}", rng,
                                                   without=args.without)
                pick = program.pick_inputs
            else:
                program = random_graphs.generate(f"g{args.seed}_{p}", rng, runtime=True)
                pick = lambda rng, program=program: pick_inputs(program, rng)  # noqa: E731
            for i in range(args.inputs):
                cases.append((p * args.inputs + i, program, pick(rng)))
        try:
            failures = check_cases(tools, oracle, cases, counts)
        except RuntimeError as e:
            if args.keep_going:
                failures = per_program(tools, oracle, cases, counts)
            else:
                failures = first_unlowered(tools, oracle, cases, e)
                if not failures:
                    print(f"FAIL: seed {args.seed}, programs from {start}: {e}",
                          file=sys.stderr)
                    return 1
        if failures and not args.keep_going:
            report(tools, oracle, args.seed, failures[0])
            return 1
        for failure in failures:
            name = mismatch_class(failure[3])
            mismatches[name] = mismatches.get(name, 0) + 1
            if mismatches[name] <= 3:  # the first few of each class, minimized
                report(tools, oracle, args.seed, failure)
            error = re.search(r"error: .*", failure[3])
            print(f"MISMATCH ({name}): {failure[1].name}, input {failure[0]}, "
                  f"pipeline {tools.pipeline}" + (f": {error.group(0)}" if error else ""),
                  file=sys.stderr)
    if args.family == "strides":
        what = (f"{args.programs} stride programs on {args.programs * args.inputs} "
                f"inputs (seed {args.seed}{', random pass orders' if args.pass_orders else ''}; "
                f"torch computed {counts['ok']}, raised {counts['error']}; "
                f"torch quirks {counts['quirk']})")
    else:
        what = (f"{args.programs} random programs on "
                f"{args.programs * args.inputs} inputs (seed {args.seed}; torch computed "
                f"{counts['ok']}, raised {counts['error']})")
    if mismatches:
        print(f"differential: {what}: {sum(mismatches.values())} disagree with torch ("
              + ", ".join(f"{n}: {c}" for n, c in sorted(mismatches.items())) + ")")
        return 1
    print(f"differential: {what}: all agree with torch")
    return 0


def report(tools, oracle, seed, failure):
    case_id, program, inputs, why = failure

    def disagreement(candidate):
        """Why `candidate` disagrees with torch on `inputs`, or None."""
        try:
            found = check_cases(tools, oracle, [(0, candidate, inputs)])
        except RuntimeError as e:
            return str(e)
        return found[0][3] if found else None
    if hasattr(program, "reductions"):
        smallest = stride_programs.reduce(program, disagreement)
    else:
        smallest = random_graphs.reduce(program, disagreement)
    why = disagreement(smallest) or why
    smallest.attributes = ""
    print(f"FAIL: seed {seed}, program {program.name}, input {case_id}: {why}\n"
          f"pipeline: {tools.pipeline}\n"
          f"input: {describe(smallest, inputs)}\n"
          f"smallest failing program:\n{smallest.render()}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
