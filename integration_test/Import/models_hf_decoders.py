# Transformers' Llama, Qwen2, Qwen3, Mistral and Gemma decoders, as
# torch.compile(dynamic=True) hands them to a backend (Inputs/hf_models.py;
# the table is docs/Models.md). For each family, twice: with Dynamo's default,
# which lifts the model's floats to 0-dim tensor inputs read back with .item()
# (the attention's scale among them), and with specialize_float, which makes
# them constants. Each time: the import, the --check report (no size nodes:
# Dynamo passes the sizes as SymInt placeholders) and the split at the
# attention. Both graphs split, the lifted scale crossing into the attention's
# piece as an f64, and the compiled model running each split graph gives the
# eager model's output at 2 batch sizes and 3 lengths.
# REQUIRES: torch
# The release build's library runs them; a sanitizer build would repeat them.
# UNSUPPORTED: sanitizers
# RUN: %python %s %fx_obj_root/bin/fx-opt | FileCheck %s

import sys

import torch
from hf_models import report

from fx_mlir_import import FxImportError, split_graph

FX_OPT = sys.argv[1]
llama = report("llama", FX_OPT)
for family in ("qwen2", "qwen3", "mistral", "gemma"):
    report(family, FX_OPT)

# The attention is torch.nn.functional.scaled_dot_product_attention, a
# builtin Dynamo records as the node's target: split_graph takes its name,
# not the function, and only with match_fx_targets (report() above): by
# vLLM's rule, the default, it is no torch op. aten's op of that name is not
# in the graph.
print("// ----- naming the splitting op")
for ops in ([torch.nn.functional.scaled_dot_product_attention],
            ["torch.nn.functional.scaled_dot_product_attention"],
            ["aten::scaled_dot_product_attention"],
            [torch.ops.aten.scaled_dot_product_attention.default]):
    try:
        _, items = split_graph(llama.gm, ops)
        print(f"{ops[0]}: {len(items)} piece(s)")
    except FxImportError as e:
        print(f"{ops[0]}: {e}")

# CHECK-LABEL: // ----- llama, floats lifted
# CHECK: func.func @llama(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK: fx.node "call_function" "torch._C._log_api_usage_once"() {args = "('python.nn_module',)"} : () -> ()
# CHECK: %item_3 = fx.node "call_method" "item"(%l_args_0_modules_model_modules_layers_modules_0_modules_self_attn_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask, %item_3) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: item,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), item_3 (f64), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), item_6 (f64), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: llama, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: llama, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- llama, floats specialized
# CHECK: func.func @llama(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask) {args = "(%0, %1, %2), **{'attn_mask': %3, 'dropout_p': 0.0, 'scale': 0.3535533905932738, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x1x?x?xi1>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: inputs_embeds,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: llama, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: llama, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# CHECK-LABEL: // ----- qwen2, floats lifted
# CHECK: func.func @qwen2(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK: fx.node "call_function" "torch._C._log_api_usage_once"() {args = "('python.nn_module',)"} : () -> ()
# CHECK: %item_3 = fx.node "call_method" "item"(%l_args_0_modules_model_modules_layers_modules_0_modules_self_attn_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask, %item_3) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: item,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), item_3 (f64), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), item_6 (f64), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: qwen2, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: qwen2, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- qwen2, floats specialized
# CHECK: func.func @qwen2(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask) {args = "(%0, %1, %2), **{'attn_mask': %3, 'dropout_p': 0.0, 'scale': 0.3535533905932738, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x1x?x?xi1>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: inputs_embeds,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: qwen2, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: qwen2, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# CHECK-LABEL: // ----- qwen3, floats lifted
# CHECK: func.func @qwen3(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK: fx.node "call_function" "torch._C._log_api_usage_once"() {args = "('python.nn_module',)"} : () -> ()
# CHECK: %item_5 = fx.node "call_method" "item"(%l_args_0_modules_model_modules_layers_modules_0_modules_self_attn_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask, %item_5) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: item,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), item_5 (f64), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), item_10 (f64), hidden_states_13 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_13 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: qwen3, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: qwen3, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- qwen3, floats specialized
# CHECK: func.func @qwen3(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask) {args = "(%0, %1, %2), **{'attn_mask': %3, 'dropout_p': 0.0, 'scale': 0.3535533905932738, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x1x?x?xi1>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: inputs_embeds,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), hidden_states_13 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_13 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: qwen3, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: qwen3, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# CHECK-LABEL: // ----- mistral, floats lifted
# CHECK: func.func @mistral(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK: fx.node "call_function" "torch._C._log_api_usage_once"() {args = "('python.nn_module',)"} : () -> ()
# CHECK: %item_3 = fx.node "call_method" "item"(%l_args_0_modules_model_modules_layers_modules_0_modules_self_attn_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask, %item_3) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: item,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), item_3 (f64), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), item_6 (f64), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: mistral, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: mistral, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- mistral, floats specialized
# CHECK: func.func @mistral(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask) {args = "(%0, %1, %2), **{'attn_mask': %3, 'dropout_p': 0.0, 'scale': 0.3535533905932738, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x1x?x?xi1>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: inputs_embeds,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: mistral, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: mistral, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# CHECK-LABEL: // ----- gemma, floats lifted
# CHECK: func.func @gemma(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK: fx.node "call_function" "torch._C._log_api_usage_once"() {args = "('python.nn_module',)"} : () -> ()
# CHECK: %item_3 = fx.node "call_method" "item"(%l_args_0_modules_model_modules_layers_modules_0_modules_self_attn_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask, %item_3) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: item,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), item_3 (f64), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), item_6 (f64), hidden_states_5 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_5 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: gemma, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: gemma, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- gemma, floats specialized
# CHECK: func.func @gemma(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%q_embed, %key, %value, %attention_mask) {args = "(%0, %1, %2), **{'attn_mask': %3, 'dropout_p': 0.0, 'scale': 0.3535533905932738, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x1x?x?xi1>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: embedding,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: q_embed (tensor<?x4x?x8xf32>), key (tensor<?x4x?x8xf32>), value (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), inputs_embeds (tensor<?x?x32xf32>), cos_2 (tensor<1x?x8xf32>), sin_2 (tensor<1x?x8xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), hidden_states_5 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_5 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: gemma, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: gemma, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# CHECK-LABEL: // ----- naming the splitting op
# CHECK-NEXT: <built-in function scaled_dot_product_attention>: splitting op <built-in function scaled_dot_product_attention> is neither a name nor a torch op
# CHECK-NEXT: torch.nn.functional.scaled_dot_product_attention: 1 piece(s)
# CHECK-NEXT: aten::scaled_dot_product_attention: 1 piece(s)
# CHECK-NEXT: aten.scaled_dot_product_attention.default: 1 piece(s)
