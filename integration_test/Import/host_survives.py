# The in-process runner (libFXMLIR-C.so in this process) never ends its
# host, nor does loading it (a truncated copy, a second copy after a reload
# of the module or through a second import of the package): each hostile
# case runs in a child Python, and the parent prints how
# the child ended (an exit, never a signal) and what it printed: one line,
# never an LLVM ERROR.
# RUN: rm -rf %t && mkdir -p %t/other
# RUN: cp %fx_obj_root/lib/libFXMLIR-C.so %t/other/libFXMLIR-C.so
# RUN: %preload_asan %python %s --library %fx_obj_root/lib/libFXMLIR-C.so \
# RUN:   --scratch %t | FileCheck %s

import argparse
import importlib
import importlib.util
import os
import subprocess
import sys

from fx_mlir_import import FxImportError, native, nesting

parser = argparse.ArgumentParser()
parser.add_argument("--library", required=True)
parser.add_argument("--scratch", required=True)
parser.add_argument("--case")
args = parser.parse_args()

# One cut, at vllm::attn, and one x.size() for fx-decompose-size.
GRAPH = """
func.func @forward(%x: tensor<?x8xf32> loc("x")) -> tensor<?x8xf32> {
  %relu = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("relu")
  %attn = fx.node "call_function" "torch.ops.vllm.attn.default"(%relu) : (tensor<?x8xf32>) -> tensor<?x8xf32> loc("attn")
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("size")
  %view = fx.view %attn, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32> loc("view")
  return %view : tensor<?x8xf32>
}
"""


def nested(depth):
    """A torch.Size at the bottom of `depth` nested regions: text that nests
    depth + 2 deep (the function's body, and the type of the size's tensor)."""
    lines = ["func.func @deep(%x: tensor<?x8xf32>) -> !fx.size<2> {"]
    lines += [f"%r{i} = scf.execute_region -> !fx.size<2> {{" for i in range(depth)]
    lines += ["%s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>", "scf.yield %s : !fx.size<2>"]
    for i in reversed(range(depth)):
        lines.append("}")
        if i > 0:
            lines.append(f"scf.yield %r{i} : !fx.size<2>")
    lines += ["return %r0 : !fx.size<2>", "}"]
    return "\n".join(lines)


def deep_accepted(library):
    # Crashed the main thread's 8 MiB stack before the runner had its own.
    decision = library.decide(nested(nesting.MAX_NESTING - 2), [], [])
    return f"succeeded {decision.succeeded}"


def deep_refused(library):
    return library.decide(nested(nesting.MAX_NESTING - 1), [], [])


def long_runs(library):
    # 20000 getitems of one tuple, each after the one before, and a
    # torch.Size sliced from the one before 3000 times and returned: the
    # split's decision walks both with stacks of its own, not recursion, so
    # that it runs on the caller's thread (ImportResult.nesting), here one
    # of 1 MiB.
    import operator
    import threading
    import torch
    from split_api import attention_op, node, start_graph
    from fx_mlir_import import import_graph, split_graph
    from fx_mlir_import.importer import SPLIT_NESTING
    g, px, x = start_graph()
    attn = node(g, "call_function", attention_op("hostile"), (px,), x, "attn")
    parts = node(g, "call_method", "unbind", (attn,), (x,) * 20000, "parts")
    items = [node(g, "call_function", operator.getitem, (parts, i), x, f"item{i}")
             for i in range(20000)]
    size = node(g, "call_method", "size", (attn,), x.shape, "size")
    for i in range(3000):
        size = node(g, "call_function", operator.getitem, (size, slice(0, 2)), x.shape, f"s{i}")
    g.output((items, size))
    gm = torch.fx.GraphModule(torch.nn.Module(), g)
    depth = nesting.nesting(import_graph(gm, as_split=True).text)
    done = []
    previous = threading.stack_size(1 << 20)
    try:
        worker = threading.Thread(target=lambda: done.append(
            split_graph(gm, ["hostile::attn"], library=args.library)))
        worker.start()
    finally:
        threading.stack_size(previous)
    worker.join()
    return (f"nests {depth} deep, at most {SPLIT_NESTING}; "
            f"pieces {' '.join(item.submod_name for item in done[0][1])}")


def second_library(library):
    native.load(os.path.join(args.scratch, "other", "libFXMLIR-C.so"))
    return "loaded"


def truncated(length):
    """A copy of the library cut to `length` bytes: the loader would map its
    segments past the file's end, where a touched page is SIGBUS."""
    path = os.path.join(args.scratch, f"truncated-{length}", "libFXMLIR-C.so")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(args.library, "rb") as whole, open(path, "wb") as cut:
        cut.write(whole.read(length))
    return path


def truncated_segments(library):
    native.load(truncated(100000))


def truncated_section_headers(library):
    # Every segment is whole; only the section header table is cut.
    native.load(truncated(os.path.getsize(args.library) - 100))


def truncated_split_graph(library):
    # Before anything is loaded, as the first call of a process would.
    import torch
    from fx_mlir_import import split_graph
    split_graph(torch.fx.symbolic_trace(torch.nn.ReLU()), library=truncated(2000))


def fifo_split_graph(library):
    # A FIFO blocks whoever opens it for reading until a writer comes: the
    # check opens it without blocking and refuses it.
    import torch
    from fx_mlir_import import split_graph
    path = os.path.join(args.scratch, "fifo", "libFXMLIR-C.so")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if not os.path.exists(path):
        os.mkfifo(path)
    split_graph(torch.fx.symbolic_trace(torch.nn.ReLU()), library=path)


def second_library_after_reload(library):
    # IPython's autoreload reloads the module; the library stays loaded.
    reloaded = importlib.reload(native)
    try:
        reloaded.load(os.path.join(args.scratch, "other", "libFXMLIR-C.so"))
    except FxImportError as e:
        print(f"FxImportError: {e}")
    decision = reloaded.load(args.library).decide(GRAPH, [], ["vllm::attn"])
    return f"then the first: {decision.succeeded}, {sorted(decision.pieces)}"


def second_library_other_import(library):
    # The package imported again under another name has a native of its own.
    package = os.path.dirname(native.__file__)
    spec = importlib.util.spec_from_file_location(
        "fx_mlir_import_again", os.path.join(package, "__init__.py"),
        submodule_search_locations=[package])
    again = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = again
    spec.loader.exec_module(again)
    try:
        again.native.load(os.path.join(args.scratch, "other", "libFXMLIR-C.so"))
    except again.FxImportError as e:  # That package's own class.
        return f"FxImportError: {e}"
    return "loaded"


CASES = [deep_accepted, deep_refused, long_runs, second_library, truncated_segments,
         truncated_section_headers, truncated_split_graph, fifo_split_graph,
         second_library_after_reload, second_library_other_import]

if args.case:
    library = (None if args.case in ("truncated_split_graph", "fifo_split_graph")
               else native.load(args.library))
    try:
        print(next(c for c in CASES if c.__name__ == args.case)(library))
    except FxImportError as e:
        print(f"FxImportError: {e}")
    sys.exit(0)

for case in CASES:

    done = subprocess.run([sys.executable, __file__, "--library", args.library,
                           "--scratch", args.scratch, "--case", case.__name__],
                          capture_output=True, text=True, timeout=300)
    ended = f"signal {-done.returncode}" if done.returncode < 0 else f"exit {done.returncode}"
    printed = (done.stdout + done.stderr).strip().splitlines()
    print(f"{case.__name__}: {ended}, {len(printed)} line(s): {' | '.join(printed)}")

# CHECK-NOT: LLVM ERROR
# CHECK: deep_accepted: exit 0, 1 line(s): succeeded True
# CHECK-NEXT: deep_refused: exit 0, 1 line(s): FxImportError: the MLIR text nests 4097 deep; the in-process runner takes at most 4096
# CHECK-NEXT: long_runs: exit 0, 1 line(s): nests 3 deep, at most 4; pieces submod_1 submod_2
# CHECK-NEXT: second_library: exit 0, 1 line(s): FxImportError: cannot load the fx-mlir C API library '{{.*}}/other/libFXMLIR-C.so': this process has loaded '{{.*}}/lib/libFXMLIR-C.so', and one process can hold one copy
# CHECK-NEXT: truncated_segments: exit 0, 1 line(s): FxImportError: cannot load the fx-mlir C API library '{{.*}}/truncated-100000/libFXMLIR-C.so': it is truncated: its segment {{[0-9]+}} ends at byte {{[0-9]+}}, past the file's end at byte 100000; rebuild it, or reinstall the fx-mlir package
# CHECK-NEXT: truncated_section_headers: exit 0, 1 line(s): FxImportError: cannot load the fx-mlir C API library '{{.*}}': it is truncated: its section header table ends at byte {{[0-9]+}}, past the file's end at byte {{[0-9]+}}; rebuild it, or reinstall the fx-mlir package
# CHECK-NEXT: truncated_split_graph: exit 0, 1 line(s): FxImportError: cannot load the fx-mlir C API library '{{.*}}/truncated-2000/libFXMLIR-C.so': it is truncated: its segment 0 ends at byte {{[0-9]+}}, past the file's end at byte 2000; rebuild it, or reinstall the fx-mlir package
# CHECK-NEXT: fifo_split_graph: exit 0, 1 line(s): FxImportError: cannot load the fx-mlir C API library '{{.*}}/fifo/libFXMLIR-C.so': it is not a regular file; rebuild it, or reinstall the fx-mlir package
# CHECK-NEXT: second_library_after_reload: exit 0, 2 line(s): FxImportError: cannot load the fx-mlir C API library '{{.*}}/other/libFXMLIR-C.so': this process has loaded '{{.*}}/lib/libFXMLIR-C.so', and one process can hold one copy; load that one, or use another process | then the first: True, [0, 1, 2]
# CHECK-NEXT: second_library_other_import: exit 0, 1 line(s): FxImportError: cannot load the fx-mlir C API library '{{.*}}/other/libFXMLIR-C.so': this process has loaded '{{.*}}/lib/libFXMLIR-C.so', and one process can hold one copy; load that one, or use another process
# CHECK-NOT: LLVM ERROR
