#!/usr/bin/python3
"""Imports a torch.fx GraphModule into the fx dialect.

    /usr/bin/python3 tools/fx-import/fx_import.py models.py:lora --dynamic x:0
    /usr/bin/python3 tools/fx-import/fx_import.py models.py:lora --dynamic x:0 --check

MODULE:FUNCTION names a Python file (or importable module) and a function in
it that returns (module, example_inputs); the module is a GraphModule or an
nn.Module, which is traced with torch.fx.symbolic_trace. Placeholders become
function arguments typed from the example inputs; the dims named with
--dynamic NAME:DIM[,DIM...] are written as `?`, and so is every dim of every
value that changes with them. x.size(), x.size(d), x.size(dim=d), sym_size,
getitem on a torch.Size, slices (also nested in tuples and lists) and
view/reshape become fx ops; every other node becomes an opaque fx.node that
keeps its kind, target, operands and result types. Every op carries its node
name as its location.

--check runs fx-decompose-size (through fx-opt) on the import and reports,
by FX node name, which size nodes were decomposed and which were left alone
and why, and what the pre-fix decomposition would have done.

Needs torch (Debian: apt-get install python3-torch, for /usr/bin/python3).
"""

import argparse
import importlib
import importlib.util
import operator
import os
import re
import subprocess
import sys

import torch
import torch.fx

DTYPES = {
    torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16",
    torch.float64: "f64", torch.int64: "i64", torch.int32: "i32",
    torch.int16: "i16", torch.int8: "i8", torch.uint8: "ui8", torch.bool: "i1",
}


class ImportError_(Exception):
    """An unsupported construct; the message names the node."""


def describe(node):
    target = node.target if isinstance(node.target, str) else qualified(node.target)
    return f"node '{node.name}' ({node.op} {target})"


def qualified(target):
    if isinstance(target, str):
        return target
    if isinstance(target, (torch._ops.OpOverloadPacket, torch._ops.OpOverload)):
        return "torch.ops." + str(target)
    name = getattr(target, "__name__", None)
    for namespace, prefix in ((torch, "torch"), (torch.nn.functional, "torch.nn.functional")):
        if name and getattr(namespace, name, None) is target:
            return f"{prefix}.{name}"
    module = getattr(target, "__module__", None) or ""
    name = getattr(target, "__qualname__", None) or getattr(target, "__name__", None) or str(target)
    if module in ("_operator", "operator"):
        module = "operator"
    return f"{module}.{name}" if module else name


def is_sym_size(target):
    return "sym_size" in str(target) and "aten" in str(target)


class Recorder(torch.fx.Interpreter):
    """Runs the graph and keeps every node's value."""

    def __init__(self, module):
        super().__init__(module)
        self.values = {}

    def run_node(self, node):
        value = super().run_node(node)
        self.values[node] = value
        return value


def run(module, inputs):
    recorder = Recorder(module)
    recorder.run(*inputs)
    return recorder.values


def perturbed(inputs, names, dynamic):
    """The example inputs with every dynamic dim doubled: doubling keeps the
    relations a graph usually needs (y.view(x.size()) with y of x.numel())."""
    result = []
    for name, value in zip(names, inputs):
        dims = dynamic.get(name, set())
        if not dims or not isinstance(value, torch.Tensor):
            result.append(value)
            continue
        shape = list(value.shape)
        for dim in dims:
            shape[dim] *= 2
        if value.dtype.is_floating_point:
            result.append(torch.randn(shape, dtype=value.dtype))
        else:
            result.append(torch.zeros(shape, dtype=value.dtype))
    return result


class Importer:
    def __init__(self, gm, inputs, dynamic):
        self.gm = gm
        self.graph = gm.graph
        placeholders = [n for n in self.graph.nodes if n.op == "placeholder"]
        names = [n.name for n in placeholders]
        if len(inputs) != len(placeholders):
            raise ImportError_(f"the graph has {len(placeholders)} placeholders "
                               f"({', '.join(names)}) but {len(inputs)} example inputs were given")
        for name, dims in dynamic.items():
            if name not in names:
                raise ImportError_(f"--dynamic {name}: no placeholder is named '{name}' "
                                   f"(placeholders: {', '.join(names)})")
            value = inputs[names.index(name)]
            if not isinstance(value, torch.Tensor):
                raise ImportError_(f"--dynamic {name}: placeholder '{name}' is not a tensor")
            for dim in dims:
                if not 0 <= dim < value.dim():
                    raise ImportError_(f"--dynamic {name}:{dim}: placeholder '{name}' "
                                       f"has rank {value.dim()}")
        self.values = run(gm, inputs)
        try:
            self.other = run(gm, perturbed(inputs, names, dynamic))
        except Exception as e:
            raise ImportError_(f"the graph does not run with its dynamic dims changed "
                               f"({e}); is every --dynamic dim really dynamic?")
        self.lines = []
        self.ssa = {}  # node -> SSA name, or list of names for tuples
        self.types = {}
        self.counter = 0

    # Types ------------------------------------------------------------------

    def tensor_type(self, value, other):
        if value.dtype not in DTYPES:
            return None
        dims = ["?" if other is None or d != o else str(d)
                for d, o in zip(value.shape, other.shape)]
        return "tensor<" + "".join(d + "x" for d in dims) + DTYPES[value.dtype] + ">"

    def type_of(self, node, value=None, other=None):
        if value is None:
            value, other = self.values.get(node), self.other.get(node)
        if isinstance(value, torch.Tensor):
            if not isinstance(other, torch.Tensor) or other.dim() != value.dim():
                other = None
            type_ = self.tensor_type(value, other)
            if type_:
                return type_
            raise ImportError_(f"{describe(node)}: tensors of dtype {value.dtype} are not supported")
        if isinstance(value, torch.Size):
            return f"!fx.size<{len(value)}>"
        if isinstance(value, bool):
            return "i1"
        if isinstance(value, int):
            return "index"
        if isinstance(value, float):
            return "f64"
        raise ImportError_(f"{describe(node)}: its value is a {type(value).__name__}, "
                           f"which the fx dialect cannot represent")

    # Emission ---------------------------------------------------------------

    def fresh(self, hint):
        # A '.' cannot occur in an FX node name, so these never collide.
        self.counter += 1
        return f"%{hint}.{self.counter}"

    def emit(self, text, loc):
        self.lines.append(f'  {text} loc("{loc}")')

    def constant(self, value, node):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ImportError_(f"{describe(node)}: {value!r} cannot be an index here")
        name = self.fresh("c")
        self.emit(f"{name} = arith.constant {value} : index", node.name)
        return name

    def index(self, value, node):
        """An SSA index value for an int literal or an int node."""
        if isinstance(value, torch.fx.Node):
            if self.types[value] != "index":
                raise ImportError_(f"{describe(node)}: '{value.name}' is used as an int "
                                   f"but is a {self.types[value]}")
            return self.ssa[value]
        return self.constant(value, node)

    def slice_value(self, s, node):
        bounds = []
        for bound in (s.start, s.stop, s.step):
            bounds.append("none" if bound is None else self.index(bound, node))
        name = self.fresh("slice")
        self.emit(f"{name} = fx.slice {', '.join(bounds)}", node.name)
        return name

    def operand_list(self, args, node, operands):
        """Python form of args with %N for each operand, collecting operands."""
        if isinstance(args, torch.fx.Node):
            ssa = self.ssa[args]
            if isinstance(ssa, list):
                raise ImportError_(f"{describe(node)}: uses the tuple '{args.name}' whole")
            operands.append((ssa, self.types[args]))
            return f"%{len(operands) - 1}"
        if isinstance(args, slice):
            operands.append((self.slice_value(args, node), "!fx.slice"))
            return f"%{len(operands) - 1}"
        if isinstance(args, tuple):
            inner = ", ".join(self.operand_list(a, node, operands) for a in args)
            return f"({inner},)" if len(args) == 1 else f"({inner})"
        if isinstance(args, list):
            return "[" + ", ".join(self.operand_list(a, node, operands) for a in args) + "]"
        if isinstance(args, dict):
            return "{" + ", ".join(f"{k!r}: {self.operand_list(v, node, operands)}"
                                   for k, v in args.items()) + "}"
        return repr(args)

    def opaque(self, node):
        operands = []
        text = self.operand_list(tuple(node.args), node, operands)
        if node.kwargs:
            text += ", **" + self.operand_list(dict(node.kwargs), node, operands)
        value = self.values.get(node)
        if isinstance(value, (tuple, list)):
            other = self.other.get(node) or [None] * len(value)
            types = [self.type_of(node, v, o) for v, o in zip(value, other)]
            names = [f"%{node.name}.{i}" for i in range(len(types))]
            self.ssa[node] = names
            self.types[node] = types
        elif value is None:
            types, names = [], []
            self.ssa[node] = None
        else:
            types = [self.type_of(node)]
            names = [f"%{node.name}"]
            self.ssa[node] = names[0]
            self.types[node] = types[0]
        lhs = (", ".join(names) + " = ") if names else ""
        ins = ", ".join(o for o, _ in operands)
        in_types = ", ".join(t for _, t in operands)
        target = qualified(node.target).replace('"', '\\"')
        args = text.replace("\\", "\\\\").replace('"', '\\"')
        self.emit(f'{lhs}fx.node "{node.op}" "{target}"({ins}) {{args = "{args}"}} : '
                  f"({in_types}) -> ({', '.join(types)})", node.name)

    def define(self, node, text, type_):
        self.ssa[node] = f"%{node.name}"
        self.types[node] = type_
        self.emit(f"%{node.name} = {text}", node.name)

    def size(self, node, tensor, dim):
        if not isinstance(tensor, torch.fx.Node) or not self.types[tensor].startswith("tensor<"):
            return self.opaque(node)
        t = self.types[tensor]
        x = self.ssa[tensor]
        if dim is None:
            rank = self.values[tensor].dim()
            return self.define(node, f"fx.size {x} : {t} -> !fx.size<{rank}>", f"!fx.size<{rank}>")
        if isinstance(dim, torch.fx.Node):
            return self.define(node, f"fx.size {x}, dim = {self.index(dim, node)} : {t} -> index",
                               "index")
        return self.define(node, f"fx.size {x}, dim = {dim} : {t} -> index", "index")

    def view(self, node, tensor, sizes):
        t = self.types.get(tensor, "")
        if not t.startswith("tensor<"):
            return self.opaque(node)
        if len(sizes) == 1 and isinstance(sizes[0], (tuple, list, torch.Size)):
            sizes = tuple(sizes[0])
        if len(sizes) == 1 and isinstance(sizes[0], torch.fx.Node) and \
                self.types[sizes[0]].startswith("!fx.size"):
            size, size_type = self.ssa[sizes[0]], self.types[sizes[0]]
        else:
            elements = [self.index(s, node) for s in sizes]
            size_type = f"!fx.size<{len(elements)}>"
            size = self.fresh("size")
            self.emit(f"{size} = fx.make_size {', '.join(elements)} : {size_type}", node.name)
        result = self.type_of(node)
        self.define(node, f"fx.view {self.ssa[tensor]}, {size} : {t}, {size_type} -> {result}",
                    result)

    def node(self, node):
        args, kwargs = node.args, node.kwargs
        if node.op == "call_method" and node.target == "size" and len(args) <= 2 \
                and set(kwargs) <= {"dim"}:
            dim = args[1] if len(args) == 2 else kwargs.get("dim")
            return self.size(node, args[0], dim)
        if node.op == "call_function" and is_sym_size(node.target) and len(args) == 2 \
                and isinstance(args[1], int) and not kwargs:
            t = self.types.get(args[0], "")
            if t.startswith("tensor<"):
                return self.define(node, f"fx.sym_size {self.ssa[args[0]]}, dim = {args[1]} : {t}",
                                   "index")
        if node.op == "call_function" and node.target is operator.getitem and not kwargs:
            base, item = args
            base_type = self.types.get(base) if isinstance(base, torch.fx.Node) else None
            if isinstance(self.ssa.get(base), list) and isinstance(item, int):
                self.ssa[node] = self.ssa[base][item]
                self.types[node] = self.types[base][item]
                return
            if isinstance(base_type, str) and base_type.startswith("!fx.size") and \
                    isinstance(item, int):
                return self.define(node, f"fx.getitem {self.ssa[base]}[{item}] : {base_type}",
                                   "index")
            if isinstance(base_type, str) and base_type.startswith("tensor<") and \
                    isinstance(item, slice):
                s = self.slice_value(item, node)
                result = self.type_of(node)
                return self.define(node, f"fx.slice_tensor {self.ssa[base]}[{s}] : "
                                         f"{base_type} -> {result}", result)
        if node.op == "call_method" and node.target in ("view", "reshape") and not kwargs:
            return self.view(node, args[0], args[1:])
        if node.op == "call_function" and node.target in (torch.reshape,) and not kwargs:
            return self.view(node, args[0], args[1:])
        return self.opaque(node)

    def flatten_output(self, value, node, out):
        if isinstance(value, (tuple, list)):
            for v in value:
                self.flatten_output(v, node, out)
        elif isinstance(value, torch.fx.Node):
            ssa = self.ssa.get(value)
            if isinstance(ssa, list):
                out.extend(zip(ssa, self.types[value]))
            elif ssa is None:
                raise ImportError_(f"{describe(node)}: returns '{value.name}', which has no value")
            else:
                out.append((ssa, self.types[value]))
        elif value is not None:
            raise ImportError_(f"{describe(node)}: returns the constant {value!r}; only values "
                               f"of the graph can be returned")

    def run(self, name="forward"):
        args, results = [], []
        for node in self.graph.nodes:
            if node.op == "placeholder":
                type_ = self.type_of(node)
                self.ssa[node], self.types[node] = f"%{node.name}", type_
                args.append(f'%{node.name}: {type_} loc("{node.name}")')
            elif node.op == "output":
                self.flatten_output(node.args[0], node, results)
            else:
                self.node(node)
        values = ", ".join(r for r, _ in results)
        types = ", ".join(t for _, t in results)
        body = "\n".join(self.lines)
        ret = f"  return {values} : {types}" if results else "  return"
        return (f"func.func @{name}({', '.join(args)}) -> ({types}) {{\n"
                f"{body}\n{ret}\n}}\n")


def import_graph(gm, inputs, dynamic=None):
    """The fx-dialect MLIR of GraphModule `gm` run on `inputs`."""
    return Importer(gm, list(inputs), dynamic or {}).run()


def load(spec):
    path, _, function = spec.rpartition(":")
    if not path or not function:
        raise ImportError_(f"'{spec}' is not MODULE:FUNCTION")
    if path.endswith(".py") or os.sep in path:
        loader = importlib.util.spec_from_file_location("fx_import_user_module", path)
        if loader is None:
            raise ImportError_(f"cannot load '{path}'")
        module = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(module)
    else:
        module = importlib.import_module(path)
    if not hasattr(module, function):
        raise ImportError_(f"'{path}' has no function '{function}'")
    root, inputs = getattr(module, function)()
    if not isinstance(root, torch.fx.GraphModule):
        try:
            root = torch.fx.symbolic_trace(root)
        except Exception as e:
            message = (str(e).splitlines() or [""])[0]
            raise ImportError_(f"torch.fx cannot trace {type(root).__name__}: "
                               f"{type(e).__name__}: {message}")
    return root, tuple(inputs)


def parse_dynamic(specs):
    dynamic = {}
    for spec in specs:
        name, _, dims = spec.partition(":")
        try:
            dynamic.setdefault(name, set()).update(int(d) for d in dims.split(","))
        except ValueError:
            raise ImportError_(f"--dynamic {spec}: expected NAME:DIM[,DIM...]")
    return dynamic


def check(gm, text, fx_opt):
    """Runs fx-decompose-size and the pre-fix pass; reports by node name."""
    def opt(*flags):
        return subprocess.run([fx_opt, "-", *flags], input=text, capture_output=True, text=True)

    after = opt("--fx-decompose-size", "--mlir-print-debuginfo", "--mlir-print-local-scope")
    if after.returncode != 0:
        raise ImportError_("fx-decompose-size failed:\n" + after.stderr)
    lines = []
    for node in gm.graph.nodes:
        is_size = (node.op == "call_method" and node.target == "size") or \
                  (node.op == "call_function" and is_sym_size(node.target))
        if not is_size:
            continue
        ops = [l for l in after.stdout.splitlines() if f'loc("{node.name}")' in l]
        users = ", ".join(u.name for u in node.users) or "none"
        form = "x.size()" if node.target == "size" and len(node.args) == 1 and \
            "dim" not in node.kwargs else ("sym_size" if node.op == "call_function" else "x.size(dim)")
        if any("fx.make_size" in l for l in ops):
            parts = []
            for l in ops:
                dim = re.search(r"fx\.sym_size %[\w.]+, dim = (-?\d+)", l)
                constant = re.search(r"arith\.constant (-?\d+) : index", l)
                if dim:
                    parts.append(f"sym_size({node.args[0].name}, {dim.group(1)})")
                elif constant:
                    parts.append(constant.group(1))
            lines.append(f"{node.name}: {form}: decomposed into [{', '.join(parts)}]; "
                         f"users: {users}")
        elif any(("fx.size" in l or "fx.sym_size" in l) for l in ops):
            why = ("it returns one int, not a torch.Size" if form != "x.size()"
                   else "its tensor is unranked")
            lines.append(f"{node.name}: {form}: left alone: {why}; users: {users}")
        else:
            lines.append(f"{node.name}: {form}: erased: it has no users")
    legacy = opt("--test-fx-legacy-decompose-size")
    if legacy.returncode == 0:
        lines.append("pre-fix decomposition: succeeds on this graph")
    else:
        errors = [l.split("error: ", 1)[1] for l in legacy.stderr.splitlines() if "error: " in l]
        errors = [re.sub(r'^loc\("[^"]*"\): ', "", e) for e in errors]
        lines.append("pre-fix decomposition: fails: " + "; ".join(errors))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", metavar="MODULE:FUNCTION")
    parser.add_argument("--dynamic", action="append", default=[], metavar="NAME:DIM[,DIM]")
    parser.add_argument("-o", "--output", default="-")
    parser.add_argument("--check", action="store_true",
                        help="run fx-decompose-size and report on each size node")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--fx-opt", default=os.path.join(root, "build", "bin", "fx-opt"))
    args = parser.parse_args()
    try:
        gm, inputs = load(args.spec)
        text = import_graph(gm, inputs, parse_dynamic(args.dynamic))
        report = check(gm, text, args.fx_opt) if args.check else None
    except ImportError_ as e:
        print(f"fx-import: error: {e}", file=sys.stderr)
        return 1
    out = sys.stdout if args.output == "-" else open(args.output, "w")
    out.write(report if report is not None else text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
