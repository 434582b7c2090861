"""A reference copy of vLLM's `split_graph`, written from vLLM's source.

The oracle of integration_test/Import/split_graph_vllm.py and bench/split_graph_bench.py.
Written from vllm-project/vllm at commit 7ffc3d06e70c97125760bd3997896b27954a9649,
where the modules live at vllm/backends/compiler/backends.py (split_graph,
_decompose_size_nodes, _merge_empty_only_subgraphs, _is_empty_allocation_node,
PiecewiseCompileInterpreter), vllm/backends/compiler/partition_rules.py
(should_split) and vllm/foundation/config/compilation.py (_attention_ops,
set_splitting_ops_for_v1); vllm/compilation/ and vllm/config/ hold
compatibility shims there. backends.py and compilation.py read the same at
055e47c28003156421365af985d676fc921cb075. That layout is the one of
vllm-project/vllm#54654, a draft that only moves modules and whose record
shows it closed, not merged, so these are most likely its commits, not main's; the main commit with the same
text is a question (docs/DesignNotes.md, fx-split-graph, lists every text
read). The size rule is the one of the merged PR vllm-project/vllm#42543
(x.size(dim) is left alone); `fixed=False` is the rule before it (#36038,
#38360). The steps, in vLLM's order:

1. `_decompose_size_nodes`: each dimless `x.size()` (`call_method` "size"
   with no dim) becomes one `aten.sym_size.int(x, i)` per SymInt dim,
   inserted right after x's producer (`inserting_after`, so they end up in
   reverse dim order), and an int per static dim; `getitem(size, i)` users
   become the dim, other users take the dims spliced into their top-level
   args.
2. The walk: a getitem of a non-placeholder joins its input's piece; a
   splitting op opens a piece, shared with the next node when that literal
   `node.next` is a splitting op too; every other node stays in the current
   piece.
3. `_merge_empty_only_subgraphs`: a piece holding only an empty allocation
   moves to the last non-splitting piece before it, if its inputs are there
   or earlier.
4. torch's `split_module(gm, None, callback, keep_original_order=True,
   tuple_return=True)` (torch/fx/passes/split_module.py, torch 2.13.0,
   pytorch/pytorch cf30153c4c131c8164ee7798e5022d810682e2cb): vLLM passes
   `tuple_return=True` on torch 2.12 and later (vllm/compilation/backends.py
   lines 626-635 in the vLLM 0.34.0 release), so every piece returns a
   tuple, a piece with one output a 1-tuple; under
   `_use_lazy_graph_module(True)` as Dynamo calls a backend
   (torch/_dynamo/convert_frame.py, `config.use_lazy_graph_module`, on by
   default), and SplitItems sorted by graph id.

`sym_shape_indices` computes what vLLM's PiecewiseCompileInterpreter passes
to each compiled piece: the positions of its SymInt arguments, from the
example values flowing through the split module.
"""

import dataclasses
import operator

import torch
import torch.fx
from torch.fx._lazy_graph_module import _use_lazy_graph_module
from torch.fx.passes.split_module import split_module


# CompilationConfig._attention_ops of vLLM 0.34.0 (all 19, in order), then
# the two KV-cache updates set_splitting_ops_for_v1 appends when the inductor
# graph partition is off.
DEFAULT_SPLITTING_OPS = [
    "vllm::unified_attention_with_output",
    "vllm::unified_mla_attention_with_output",
    "vllm::mamba_mixer2",
    "vllm::mamba_mixer",
    "vllm::short_conv",
    "vllm::zaya_cca",
    "vllm::qwen4_exp_ple_short_conv",
    "vllm::qwen4_exp_qsa_with_output",
    "vllm::qwen4_exp_qsa_prepare_with_output",
    "vllm::linear_attention",
    "vllm::qwen_gdn_attention_core",
    "vllm::qwen_gdn_attention_core_fused_norm_packed",
    "vllm::gdn_attention_core_xpu",
    "vllm::olmo_hybrid_gdn_full_forward",
    "vllm::sparse_attn_indexer",
    "vllm::rocm_aiter_sparse_attn_indexer",
    "vllm::deepseek_v4_attention",
    "vllm::hpc_rope_norm_forward",
    "vllm::step5_csa_attention",
    "vllm::unified_kv_cache_update",
    "vllm::unified_mla_kv_cache_update",
]


@dataclasses.dataclass
class SplitItem:
    submod_name: str
    graph_id: int
    is_splitting_graph: bool
    graph: torch.fx.GraphModule


def should_split(node, splitting_ops):
    """partition_rules.should_split: only call_function of an op; a packet
    by `ns::op`, an overload by `name()` (which carries a non-default
    overload's name) or by `name().overload`."""
    if node.op != "call_function":
        return False
    target = node.target
    if isinstance(target, torch._ops.OpOverloadPacket):
        return target._qualified_op_name in splitting_ops
    if isinstance(target, torch._ops.OpOverload):
        packet_name = target.name()
        return (f"{packet_name}.{target._overloadname}" in splitting_ops
                or packet_name in splitting_ops)
    return False


def is_empty_allocation_node(node):
    if node.op == "call_method":
        return node.target == "new_empty"
    if node.op != "call_function":
        return False
    target = node.target
    if target in (torch.empty, torch.empty_like, torch.empty_strided):
        return True
    if isinstance(target, torch._ops.OpOverloadPacket):
        name = target._qualified_op_name
    elif isinstance(target, torch._ops.OpOverload):
        name = target.name()
    else:
        return False
    return name.startswith("aten::empty") or name.startswith("aten::new_empty")


def decompose_size_nodes(gm, fixed=True):
    """_decompose_size_nodes with #42543's rule: size nodes with a dim stay.
    `fixed=False` is the rule before #42543, which decomposed them too (and
    fails with "Tried to erase Node ..." when one is nested in a slice)."""
    graph = gm.graph
    size_nodes = [n for n in graph.nodes if n.op == "call_method" and n.target == "size"]
    for node in size_nodes:
        if fixed and (len(node.args) > 1 or node.kwargs):
            continue
        tensor = node.args[0]
        value = tensor.meta.get("example_value")
        assert value is not None, (
            f"Tensor node '{tensor.name}' has no example_value metadata. "
            f"Cannot decompose size node '{node.name}'.")
        dims = []
        with graph.inserting_after(tensor):
            for i, dim in enumerate(value.shape):
                if isinstance(dim, torch.SymInt):
                    part = graph.call_function(torch.ops.aten.sym_size.int, (tensor, i))
                    part.meta["example_value"] = dim
                    dims.append(part)
                else:
                    dims.append(int(dim))
        for user in list(node.users):
            if (user.op == "call_function" and user.target is operator.getitem
                    and len(user.args) == 2 and user.args[0] is node):
                index = user.args[1]
                assert isinstance(index, int), (
                    f"Expected literal int index for getitem on size(), got "
                    f"{type(index).__name__}: {index}")
                user.replace_all_uses_with(dims[index])
                graph.erase_node(user)
            else:
                args = []
                for arg in user.args:
                    if arg is node:
                        args.extend(dims)
                    else:
                        args.append(arg)
                user.args = tuple(args)
        graph.erase_node(node)


def merge_empty_only_subgraphs(node_to_subgraph_id, split_op_graphs):
    by_id = {}
    for node, subgraph_id in node_to_subgraph_id.items():
        by_id.setdefault(subgraph_id, []).append(node)
    splitting = set(split_op_graphs)
    previous = None
    for subgraph_id in range(max(node_to_subgraph_id.values(), default=-1) + 1):
        nodes = by_id.get(subgraph_id, [])
        if not nodes:
            continue
        merged = False
        if len(nodes) == 1 and is_empty_allocation_node(nodes[0]) and previous is not None:
            empty = nodes[0]
            if all(inp.op == "placeholder" or node_to_subgraph_id[inp] <= previous
                   for inp in empty.all_input_nodes):
                node_to_subgraph_id[empty] = previous
                merged = True
        if not merged and subgraph_id not in splitting:
            previous = subgraph_id


def assign_subgraphs(gm, splitting_ops):
    """The walk and the empty merges: ({node: graph id}, [splitting ids])."""
    subgraph_id = 0
    node_to_subgraph_id = {}
    split_op_graphs = []
    for node in gm.graph.nodes:
        if node.op in ("output", "placeholder"):
            continue
        if node.op == "call_function" and node.target == operator.getitem:
            source = node.args[0]
            if source.op != "placeholder":
                assert source in node_to_subgraph_id
                node_to_subgraph_id[node] = node_to_subgraph_id[source]
                continue
        if should_split(node, splitting_ops):
            subgraph_id += 1
            node_to_subgraph_id[node] = subgraph_id
            split_op_graphs.append(subgraph_id)
            if should_split(node.next, splitting_ops):
                subgraph_id -= 1
            else:
                subgraph_id += 1
        else:
            node_to_subgraph_id[node] = subgraph_id
    merge_empty_only_subgraphs(node_to_subgraph_id, split_op_graphs)
    return node_to_subgraph_id, split_op_graphs


def split_graph(gm, splitting_ops=None, *, fixed_sizes=True):
    """vLLM's split_graph. Decomposes `gm`'s sizes in place, as vLLM does.
    `fixed_sizes=False` decomposes as vLLM did before #42543."""
    if splitting_ops is None:
        splitting_ops = DEFAULT_SPLITTING_OPS
    decompose_size_nodes(gm, fixed_sizes)
    node_to_subgraph_id, split_op_graphs = assign_subgraphs(gm, splitting_ops)
    with _use_lazy_graph_module(True):
        split_gm = split_module(gm, None, node_to_subgraph_id.__getitem__,
                                keep_original_order=True, tuple_return=True)
    items = []
    for name, module in split_gm.named_children():
        graph_id = int(name.replace("submod_", ""))
        items.append(SplitItem(name, graph_id, graph_id in split_op_graphs, module))
    items.sort(key=lambda item: item.graph_id)
    return split_gm, items


def sym_shape_indices(split_gm, items):
    """{submod name: sym_shape_indices} for the pieces vLLM compiles (the
    non-splitting ones), as PiecewiseCompileInterpreter.call_module computes
    them: the args that are SymInts, the args being the example values that
    flow through split_gm (a piece's results are its output nodes' example
    values)."""
    compiled = {item.submod_name for item in items if not item.is_splitting_graph}
    env = {}
    found = {}
    for node in split_gm.graph.nodes:
        if node.op == "placeholder":
            env[node] = node.meta.get("example_value")
        elif node.op == "call_module":
            args = torch.fx.node.map_arg(node.args, env.__getitem__)
            if node.target in compiled:
                found[node.target] = [i for i, a in enumerate(args) if isinstance(a, torch.SymInt)]
            submod = getattr(split_gm, node.target)
            out = next(n for n in submod.graph.nodes if n.op == "output")
            env[node] = torch.fx.node.map_arg(out.args[0],
                                              lambda n: n.meta.get("example_value"))
        elif node.op == "call_function" and node.target is operator.getitem:
            source, index = node.args
            env[node] = env[source][index]
        elif node.op == "get_attr":
            env[node] = getattr(split_gm, node.target)
    return found
