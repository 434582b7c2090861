# fx_mlir_import.split_graph decomposes a dimless x.size() into its dims
# (aten.sym_size.int per symbolic dim, an int per static one);
# getitem(size, i) becomes the dim itself, a torch op or tensor method that
# takes the size as a shape gets the tuple of the dims, and every other use
# (a slice, size + (2,), size.numel()) a torch.Size rebuilt from the dims in
# its own piece, which is what the size was. vLLM 0.34.0's
# _decompose_size_nodes (vllm/compilation/backends.py, lines 567-576)
# instead splices the dims into a user's positional arguments, which is
# right for x.view(size) only: x.size()[:1] would become getitem(d0, 8,
# slice) and torch.full(size, 0.5) full(d0, 8, 0.5). Each graph is split at
# an attention op between the size and its user, so the dims cross the cut;
# the split module computes what the unsplit graph computes at 3, 6 and 17
# tokens. Dynamo's graph (torch.compile, dynamic=True) has full, new_zeros,
# view and reshape of a size; graphs built by hand have the uses Dynamo
# folds into its SymInt placeholders (a slice, getitem -1, size + (2,)), a
# keyword use, size.numel() and a custom op's SymInt[] argument.
# REQUIRES: torch
# RUN: %preload_asan %python %s | FileCheck %s

import copy

import torch
from split_sizes import (LINEAR_WEIGHTS, OPS, USES, by_hand, dynamo, dynamo_specialized,
                         inputs)

from fx_mlir_import import split_graph

TOKENS = (3, 6, 17)


def same(want, got):
    return all(torch.equal(a, b) for a, b in zip(want, got))


def check(name, gm, users, weights=()):
    """Splits `gm` at ATTN, prints each of `users` (node names) as a piece
    has it and whether the split computes what `gm` computes (inputs(gm, n,
    weights) for each n of TOKENS)."""
    unsplit = copy.deepcopy(gm)
    for n in gm.graph.nodes:
        if n.name in users:
            n.meta["shown"] = True  # split_module copies the meta, not the name
    split_gm, items = split_graph(gm, OPS)
    print(f"{name}: {len(items)} pieces")
    for item in items:
        for n in item.graph.graph.nodes:
            if n.meta.get("shown"):
                print(f"  {item.submod_name}: {n.format_node()}")
    runs = [inputs(unsplit, n, weights) for n in TOKENS]
    print("  computes the unsplit graph:",
          all(same(unsplit(*args), split_gm(*args)) for args in runs))


# Dynamo's graph: the size, the attention, then its uses; both dims are
# symbolic (dynamic=True).
# CHECK-LABEL: dynamo: 3 pieces
# CHECK-NEXT: submod_2: %full : [num_users=1] = call_function[target=torch.full](args = ((%sym_size_int, %sym_size_int_1), 0.5), kwargs = {})
# CHECK-NEXT: submod_2: %new_zeros : [num_users=1] = call_method[target=new_zeros](args = (%l_x_, (%sym_size_int, %sym_size_int_1)), kwargs = {})
# CHECK-NEXT: submod_2: %view : [num_users=1] = call_method[target=view](args = (%y, (%sym_size_int, %sym_size_int_1)), kwargs = {})
# CHECK-NEXT: submod_2: %reshape : [num_users=1] = call_method[target=reshape](args = (%y, (%sym_size_int, %sym_size_int_1)), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
check("dynamo", dynamo(), ("full", "new_zeros", "view", "reshape"))

# A Linear specializes x's dim 1 to 8, and Dynamo's metadata keeps it a
# SymInt whose expression is 8. vLLM makes a sym_size node of every SymInt
# dim, and so does split_graph: the view takes the node, not the int.
# CHECK-LABEL: dynamo, a specialized dim: 3 pieces
# CHECK-NEXT: submod_2: %view : [num_users=1] = call_method[target=view](args = (%attn_default, (%sym_size_int, %sym_size_int_1)), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
check("dynamo, a specialized dim", dynamo_specialized(), ("view",), LINEAR_WEIGHTS)

# The pieces' nodes are named by split_module (after their targets).
# CHECK-LABEL: slice: 3 pieces
# CHECK-NEXT: submod_2: %size : [num_users=1] = call_function[target=torch.Size](args = ((%sym_size_int, 8),), kwargs = {})
# CHECK-NEXT: submod_2: %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%size, slice(None, 1, None)), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
# getitem(size, -1) is the static dim 8 and getitem(size, -2) the sym_size
# node: no getitem of the size is left.
# CHECK-LABEL: negative index: 3 pieces
# CHECK-NEXT: submod_2: %mul : [num_users=1] = call_function[target=operator.mul](args = (%attn, 8), kwargs = {})
# CHECK-NEXT: submod_2: %add : [num_users=1] = call_function[target=operator.add](args = (%mul, %sym_size_int), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-LABEL: keyword: 3 pieces
# CHECK-NEXT: submod_2: %full : [num_users=1] = call_function[target=torch.full](args = (), kwargs = {size: (%sym_size_int, 8), fill_value: 0.5})
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-LABEL: size + (2,): 3 pieces
# CHECK-NEXT: submod_2: %size : [num_users=1] = call_function[target=torch.Size](args = ((%sym_size_int, 8),), kwargs = {})
# CHECK-NEXT: submod_2: %add : [num_users=1] = call_function[target=operator.add](args = (%size, (2,)), kwargs = {})
# CHECK-NEXT: submod_2: %expand : [num_users=1] = call_method[target=expand](args = (%unsqueeze, %add), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
# size.numel() needs a torch.Size, which a tuple of the dims is not.
# CHECK-LABEL: numel: 3 pieces
# CHECK-NEXT: submod_2: %size : [num_users=1] = call_function[target=torch.Size](args = ((%sym_size_int, 8),), kwargs = {})
# CHECK-NEXT: submod_2: %numel : [num_users=1] = call_method[target=numel](args = (%size,), kwargs = {})
# CHECK-NEXT: submod_2: %mul : [num_users=1] = call_function[target=operator.mul](args = (%attn, %numel), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
# CHECK-LABEL: custom op: 3 pieces
# CHECK-NEXT: submod_2: %ones_default : [num_users=1] = call_function[target=torch.ops.splitsizes.ones.default](args = ((%sym_size_int, 8),), kwargs = {})
# CHECK-NEXT: computes the unsplit graph: True
for name, use in USES.items():
    check(name, by_hand(use), ("size", "use", "tail", "last"))
