# The installed vLLM's split_graph as the oracle of fx-mlir's on the real
# graphs torch.compile(dynamic=True) hands a backend for transformers' models
# (Inputs/hf_models.py): every family, with Dynamo's floats specialized and
# lifted. Compared as in split_vllm_oracle.py (Inputs/vllm_oracle.py): the
# SplitItems, the calls, the piece of every node, each piece's inputs and
# outputs, sym_shape_indices; and the compiled model running the unsplit
# graph and each split graph, at three (batch, sequence) sizes, computes the
# same.
#
# vLLM splits only at torch ops (vllm/compilation/partition_rules.py:14-36,
# should_split: an OpOverload or OpOverloadPacket), while transformers'
# "sdpa" attention is the builtin torch.nn.functional.
# scaled_dot_product_attention, which Dynamo records as the node's target.
# The graphs are compared with that target replaced by aten's op of the same
# schema, split at `aten::scaled_dot_product_attention`, as vLLM's models
# call their attention through an op; once as captured, where neither splits.
# REQUIRES: torch, vllm
# The release build's library runs them; a sanitizer build would repeat them.
# UNSUPPORTED: sanitizers
# RUN: %python %s %fx_obj_root/lib/libFXMLIR-C.so | FileCheck %s

import sys

from hf_models import ATTENTION_OP, FAMILIES, SPLIT_AT, attention_as_op, capture
from vllm_oracle import Oracle

SIZES = ((2, 3), (3, 7), (2, 16))


def run(captured):
    """run(module, (batch, seq)): the compiled model's output, `module` run
    in place of its graph."""
    return lambda module, size: captured.run(module, *size)


oracle = Oracle(library=sys.argv[1])
for family in FAMILIES:
    for specialize_float in (True, False):
        captured = capture(family, specialize_float=specialize_float)
        label = f"{family}, floats {'specialized' if specialize_float else 'lifted'}"
        if family == "llama" and specialize_float:
            oracle.compare(f"{label}, as captured", captured.gm, [SPLIT_AT], run(captured),
                           SIZES)
        attention_as_op(captured.gm)
        oracle.compare(label, captured.gm, [ATTENTION_OP], run(captured), SIZES)
sys.exit(oracle.summary())

# As captured, both make one piece: neither matches a Python function's
# name (fx-mlir does with match_fx_targets=True: docs/Usage.md).
# CHECK: llama, floats specialized, as captured: vLLM pieces 0: the same split
# With the attention an op, every graph splits alike, the lifted f64 scale
# crossing into the attention's piece as vLLM passes it.
# CHECK-NEXT: llama, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: llama, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: qwen2, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: qwen2, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: qwen3, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: qwen3, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: mistral, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: mistral, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: mixtral, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: mixtral, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: gemma, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: gemma, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: gpt2, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: gpt2, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: bert, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: bert, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: t5, floats specialized: vLLM pieces 0 1* 2 3* 4 5* 6 7* 8 9* 10 11* 12: the same split
# CHECK-NEXT: t5, floats lifted: vLLM pieces 0 1* 2 3* 4 5* 6 7* 8 9* 10 11* 12: the same split
# CHECK-NEXT: lora-llama, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: lora-llama, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: vit, floats specialized: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: vit, floats lifted: vLLM pieces 0 1* 2 3* 4: the same split
# CHECK-NEXT: 23 runs, 0 disagree with vLLM, 0 failures
# CHECK-NOT: differs
