# Transformers' Mixtral (a mixture of experts) and a peft LoRA adapter on
# Llama, as torch.compile(dynamic=True) hands them to a backend
# (Inputs/hf_models.py; the table is docs/Models.md). For each family, twice:
# with Dynamo's default, which lifts the model's floats to 0-dim tensor inputs
# read back with .item() (the attention's scale among them), and with
# specialize_float, which makes them constants. Each time: the import, the
# --check report (no size nodes: Dynamo passes the sizes as SymInt
# placeholders) and the split at the attention. Both graphs split, the lifted
# scale crossing into the attention's piece as an f64, and the compiled model
# running each split graph gives the eager model's output at 2 batch sizes and
# 3 lengths.
# REQUIRES: torch
# The release build's library runs them; a sanitizer build would repeat them.
# UNSUPPORTED: sanitizers
# RUN: %python %s %fx_obj_root/bin/fx-opt | FileCheck %s

import sys

from hf_models import report

for family in ("mixtral", "lora-llama"):
    report(family, sys.argv[1])

# CHECK-LABEL: // ----- mixtral, floats lifted
# CHECK: func.func @mixtral(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK: fx.node "call_function" "torch._C._log_api_usage_once"() {args = "('python.nn_module',)"} : () -> ()
# CHECK: %item_3 = fx.node "call_method" "item"(%l_self_modules_model_modules_layers_modules_0_modules_self_attn_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
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
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), item_6 (f64), hidden_states_13 (tensor<?x?x32xf32>), mul_27 (index), mul_25 (index)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_13 (tensor<?x?x32xf32>), mul_27 (index), mul_25 (index)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: mixtral, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: mixtral, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- mixtral, floats specialized
# CHECK: func.func @mixtral(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
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
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), hidden_states_13 (tensor<?x?x32xf32>), mul_27 (index), mul_25 (index)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_13 (tensor<?x?x32xf32>), mul_27 (index), mul_25 (index)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: mixtral, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: mixtral, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# CHECK-LABEL: // ----- lora-llama, floats lifted
# CHECK: func.func @lora_llama(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK: fx.node "call_function" "torch._C._log_api_usage_once"() {args = "('python.nn_module',)"} : () -> ()
# CHECK: %item_5 = fx.node "call_method" "item"(%l_self_dict_modules_base_model_dict_modules_model_modules_model_modules_layers_modules_0_modules_self_attn_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
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
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), q_embed_1 (tensor<?x4x?x8xf32>), key_1 (tensor<?x4x?x8xf32>), value_1 (tensor<?x4x?x8xf32>), item_10 (f64), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_9 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: lora-llama, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: lora-llama, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- lora-llama, floats specialized
# CHECK: func.func @lora_llama(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
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
# CHECK-NEXT: lora-llama, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: lora-llama, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
