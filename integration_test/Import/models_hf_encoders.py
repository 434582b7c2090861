# Transformers' GPT-2, BERT, T5 (encoder and decoder) and ViT, as
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

from hf_models import report

for family in ("gpt2", "bert", "t5", "vit"):
    report(family, sys.argv[1])

# CHECK-LABEL: // ----- gpt2, floats lifted
# CHECK: func.func @gpt2(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK: %item_4 = fx.node "call_method" "item"(%l_self_modules_transformer_modules_h_modules_0_modules_attn_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%query_states_1, %key_states_1, %value_states_1, %attention_mask, %item_4) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: input_ids,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: query_states_1 (tensor<?x4x?x8xf32>), key_states_1 (tensor<?x4x?x8xf32>), value_states_1 (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), item_4 (f64), hidden_states_1 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), hidden_states_1 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), query_states_3 (tensor<?x4x?x8xf32>), key_states_3 (tensor<?x4x?x8xf32>), value_states_3 (tensor<?x4x?x8xf32>), item_10 (f64), hidden_states_7 (tensor<?x?x32xf32>), _sym_sqrt (f64)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_7 (tensor<?x?x32xf32>), _sym_sqrt (f64)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: gpt2, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: gpt2, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- gpt2, floats specialized
# CHECK: func.func @gpt2(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%query_states_1, %key_states_1, %value_states_1, %attention_mask) {args = "(%0, %1, %2), **{'attn_mask': %3, 'dropout_p': 0.0, 'scale': 0.3535533905932738, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x1x?x?xi1>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: input_ids,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: query_states_1 (tensor<?x4x?x8xf32>), key_states_1 (tensor<?x4x?x8xf32>), value_states_1 (tensor<?x4x?x8xf32>), attention_mask (tensor<?x1x?x?xi1>), hidden_states_1 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 1|2: attention_mask (tensor<?x1x?x?xi1>), attn_output (tensor<?x4x?x8xf32>), hidden_states_1 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 2|3: attention_mask (tensor<?x1x?x?xi1>), query_states_3 (tensor<?x4x?x8xf32>), key_states_3 (tensor<?x4x?x8xf32>), value_states_3 (tensor<?x4x?x8xf32>), hidden_states_7 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_7 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: gpt2, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: gpt2, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# CHECK-LABEL: // ----- bert, floats lifted
# CHECK: func.func @bert(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x32xf32>)
# CHECK: %item_5 = fx.node "call_method" "item"(%l_self_modules_encoder_modules_layer_modules_0_modules_attention_modules_self_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%query_layer, %key_layer, %value_layer, %item_5) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: position_ids,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_4{{$}}
# CHECK-NEXT: piece 4: attn_output_5,
# CHECK-NEXT: cut 0|1: query_layer (tensor<?x4x?x8xf32>), key_layer (tensor<?x4x?x8xf32>), value_layer (tensor<?x4x?x8xf32>), item_5 (f64), embeddings_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 1|2: attn_output (tensor<?x4x?x8xf32>), embeddings_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 2|3: query_layer_1 (tensor<?x4x?x8xf32>), key_layer_1 (tensor<?x4x?x8xf32>), value_layer_1 (tensor<?x4x?x8xf32>), item_10 (f64), hidden_states_7 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_4 (tensor<?x4x?x8xf32>), hidden_states_7 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: bert, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: bert, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- bert, floats specialized
# CHECK: func.func @bert(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: ) -> (tensor<?x?x32xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%query_layer, %key_layer, %value_layer) {args = "(%0, %1, %2), **{'attn_mask': None, 'dropout_p': 0.0, 'scale': 0.3535533905932738, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: position_ids,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_4{{$}}
# CHECK-NEXT: piece 4: attn_output_5,
# CHECK-NEXT: cut 0|1: query_layer (tensor<?x4x?x8xf32>), key_layer (tensor<?x4x?x8xf32>), value_layer (tensor<?x4x?x8xf32>), embeddings_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 1|2: attn_output (tensor<?x4x?x8xf32>), embeddings_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 2|3: query_layer_1 (tensor<?x4x?x8xf32>), key_layer_1 (tensor<?x4x?x8xf32>), value_layer_1 (tensor<?x4x?x8xf32>), hidden_states_7 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_4 (tensor<?x4x?x8xf32>), hidden_states_7 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: bert, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: bert, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# CHECK-LABEL: // ----- t5, floats lifted
# CHECK: func.func @t5(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: %{{s[0-9]+}}: index {fx.symbol = "[[B]]"} loc({{"s[0-9]+"}}), %[[T:s[0-9]+]]: index {fx.symbol = "[[T]]"} loc("[[T]]"), %l_kwargs_decoder_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[T]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>, tensor<?x?x32xf32>)
# CHECK: %item_4 = fx.node "call_method" "item"(%l_self_modules_encoder_modules_block_modules_0_modules_layer_modules_0_modules_self_attention_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%query_states, %key_states, %value_states, %attention_mask, %item_4) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 13 pieces
# CHECK-NEXT: piece 0: item,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: piece 5 (splitting): attn_output_10{{$}}
# CHECK-NEXT: piece 6: attn_output_11,
# CHECK-NEXT: piece 7 (splitting): attn_output_15{{$}}
# CHECK-NEXT: piece 8: attn_output_16,
# CHECK-NEXT: piece 9 (splitting): attn_output_20{{$}}
# CHECK-NEXT: piece 10: attn_output_21,
# CHECK-NEXT: piece 11 (splitting): attn_output_25{{$}}
# CHECK-NEXT: piece 12: attn_output_26,
# CHECK-NEXT: cut 0|1: query_states (tensor<?x4x?x8xf32>), key_states (tensor<?x4x?x8xf32>), value_states (tensor<?x4x?x8xf32>), attention_mask (tensor<1x4x?x?xf32>), item_4 (f64), hidden_states (tensor<?x?x32xf32>), values_1 (tensor<1x4x?x?xf32>), item_1 (f64)
# CHECK-NEXT: cut 1|2: attn_output (tensor<?x4x?x8xf32>), hidden_states (tensor<?x?x32xf32>), values_1 (tensor<1x4x?x?xf32>), item_1 (f64)
# CHECK-NEXT: cut 2|3: query_states_1 (tensor<?x4x?x8xf32>), key_states_1 (tensor<?x4x?x8xf32>), value_states_1 (tensor<?x4x?x8xf32>), attention_mask_1 (tensor<1x4x?x?xf32>), item_10 (f64), hidden_states_7 (tensor<?x?x32xf32>), item_1 (f64)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_7 (tensor<?x?x32xf32>), item_1 (f64)
# CHECK-NEXT: cut 4|5: query_states_2 (tensor<?x4x?x8xf32>), key_states_2 (tensor<?x4x?x8xf32>), value_states_2 (tensor<?x4x?x8xf32>), attention_mask_2 (tensor<1x4x?x?xf32>), item_20 (f64), hidden_states_18 (tensor<?x?x32xf32>), hidden_states_17 (tensor<?x?x32xf32>), values_3 (tensor<1x4x?x?xf32>), item_17 (f64)
# CHECK-NEXT: cut 5|6: attn_output_10 (tensor<?x4x?x8xf32>), hidden_states_18 (tensor<?x?x32xf32>), hidden_states_17 (tensor<?x?x32xf32>), values_3 (tensor<1x4x?x?xf32>), item_17 (f64)
# CHECK-NEXT: cut 6|7: hidden_states_17 (tensor<?x?x32xf32>), query_states_3 (tensor<?x4x?x8xf32>), key_states_3 (tensor<?x4x?x8xf32>), value_states_3 (tensor<?x4x?x8xf32>), attention_mask_3 (tensor<1x4x?x?xf32>), item_23 (f64), attention_output_2 (tensor<?x?x32xf32>), values_3 (tensor<1x4x?x?xf32>), position_bias (tensor<1x4x?x?xf32>), item_17 (f64)
# CHECK-NEXT: cut 7|8: hidden_states_17 (tensor<?x?x32xf32>), attn_output_15 (tensor<?x4x?x8xf32>), attention_output_2 (tensor<?x?x32xf32>), values_3 (tensor<1x4x?x?xf32>), position_bias (tensor<1x4x?x?xf32>), item_17 (f64)
# CHECK-NEXT: cut 8|9: hidden_states_17 (tensor<?x?x32xf32>), query_states_4 (tensor<?x4x?x8xf32>), key_states_4 (tensor<?x4x?x8xf32>), value_states_4 (tensor<?x4x?x8xf32>), attention_mask_4 (tensor<1x4x?x?xf32>), item_29 (f64), hidden_states_26 (tensor<?x?x32xf32>), position_bias (tensor<1x4x?x?xf32>), item_17 (f64)
# CHECK-NEXT: cut 9|10: hidden_states_17 (tensor<?x?x32xf32>), attn_output_20 (tensor<?x4x?x8xf32>), hidden_states_26 (tensor<?x?x32xf32>), position_bias (tensor<1x4x?x?xf32>), item_17 (f64)
# CHECK-NEXT: cut 10|11: hidden_states_17 (tensor<?x?x32xf32>), query_states_5 (tensor<?x4x?x8xf32>), key_states_5 (tensor<?x4x?x8xf32>), value_states_5 (tensor<?x4x?x8xf32>), attention_mask_5 (tensor<1x4x?x?xf32>), item_32 (f64), attention_output_3 (tensor<?x?x32xf32>), item_17 (f64)
# CHECK-NEXT: cut 11|12: hidden_states_17 (tensor<?x?x32xf32>), attn_output_25 (tensor<?x4x?x8xf32>), attention_output_3 (tensor<?x?x32xf32>), item_17 (f64)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: t5, floats lifted: split_graph: 13 pieces, 6 of them splitting
# CHECK-NEXT: t5, floats lifted: split equals eager at batch 2, 3 and sequence 3, 7, 16
# CHECK-LABEL: // ----- t5, floats specialized
# CHECK: func.func @t5(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[S:s[0-9]+]]: index {fx.symbol = "[[S]]"} loc("[[S]]"), %l_kwargs_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[S]]"]}
# CHECK-SAME: %{{s[0-9]+}}: index {fx.symbol = "[[B]]"} loc({{"s[0-9]+"}}), %[[T:s[0-9]+]]: index {fx.symbol = "[[T]]"} loc("[[T]]"), %l_kwargs_decoder_input_ids_: tensor<?x?xi64> {fx.dim_symbols = ["[[B]]", "[[T]]"]}
# CHECK-SAME: ) -> (tensor<?x?x64xf32>, tensor<?x?x32xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%query_states, %key_states, %value_states, %attention_mask) {args = "(%0, %1, %2), **{'attn_mask': %3, 'dropout_p': 0.0, 'scale': 1.0, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<1x4x?x?xf32>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 13 pieces
# CHECK-NEXT: piece 0: inputs_embeds,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: piece 5 (splitting): attn_output_10{{$}}
# CHECK-NEXT: piece 6: attn_output_11,
# CHECK-NEXT: piece 7 (splitting): attn_output_15{{$}}
# CHECK-NEXT: piece 8: attn_output_16,
# CHECK-NEXT: piece 9 (splitting): attn_output_20{{$}}
# CHECK-NEXT: piece 10: attn_output_21,
# CHECK-NEXT: piece 11 (splitting): attn_output_25{{$}}
# CHECK-NEXT: piece 12: attn_output_26,
# CHECK-NEXT: cut 0|1: query_states (tensor<?x4x?x8xf32>), key_states (tensor<?x4x?x8xf32>), value_states (tensor<?x4x?x8xf32>), attention_mask (tensor<1x4x?x?xf32>), hidden_states (tensor<?x?x32xf32>), values_1 (tensor<1x4x?x?xf32>)
# CHECK-NEXT: cut 1|2: attn_output (tensor<?x4x?x8xf32>), hidden_states (tensor<?x?x32xf32>), values_1 (tensor<1x4x?x?xf32>)
# CHECK-NEXT: cut 2|3: query_states_1 (tensor<?x4x?x8xf32>), key_states_1 (tensor<?x4x?x8xf32>), value_states_1 (tensor<?x4x?x8xf32>), attention_mask_1 (tensor<1x4x?x?xf32>), hidden_states_7 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_7 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 4|5: query_states_2 (tensor<?x4x?x8xf32>), key_states_2 (tensor<?x4x?x8xf32>), value_states_2 (tensor<?x4x?x8xf32>), attention_mask_2 (tensor<1x4x?x?xf32>), hidden_states_18 (tensor<?x?x32xf32>), hidden_states_17 (tensor<?x?x32xf32>), values_3 (tensor<1x4x?x?xf32>)
# CHECK-NEXT: cut 5|6: attn_output_10 (tensor<?x4x?x8xf32>), hidden_states_18 (tensor<?x?x32xf32>), hidden_states_17 (tensor<?x?x32xf32>), values_3 (tensor<1x4x?x?xf32>)
# CHECK-NEXT: cut 6|7: hidden_states_17 (tensor<?x?x32xf32>), query_states_3 (tensor<?x4x?x8xf32>), key_states_3 (tensor<?x4x?x8xf32>), value_states_3 (tensor<?x4x?x8xf32>), attention_mask_3 (tensor<1x4x?x?xf32>), attention_output_2 (tensor<?x?x32xf32>), values_3 (tensor<1x4x?x?xf32>), position_bias (tensor<1x4x?x?xf32>)
# CHECK-NEXT: cut 7|8: hidden_states_17 (tensor<?x?x32xf32>), attn_output_15 (tensor<?x4x?x8xf32>), attention_output_2 (tensor<?x?x32xf32>), values_3 (tensor<1x4x?x?xf32>), position_bias (tensor<1x4x?x?xf32>)
# CHECK-NEXT: cut 8|9: hidden_states_17 (tensor<?x?x32xf32>), query_states_4 (tensor<?x4x?x8xf32>), key_states_4 (tensor<?x4x?x8xf32>), value_states_4 (tensor<?x4x?x8xf32>), attention_mask_4 (tensor<1x4x?x?xf32>), hidden_states_26 (tensor<?x?x32xf32>), position_bias (tensor<1x4x?x?xf32>)
# CHECK-NEXT: cut 9|10: hidden_states_17 (tensor<?x?x32xf32>), attn_output_20 (tensor<?x4x?x8xf32>), hidden_states_26 (tensor<?x?x32xf32>), position_bias (tensor<1x4x?x?xf32>)
# CHECK-NEXT: cut 10|11: hidden_states_17 (tensor<?x?x32xf32>), query_states_5 (tensor<?x4x?x8xf32>), key_states_5 (tensor<?x4x?x8xf32>), value_states_5 (tensor<?x4x?x8xf32>), attention_mask_5 (tensor<1x4x?x?xf32>), attention_output_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 11|12: hidden_states_17 (tensor<?x?x32xf32>), attn_output_25 (tensor<?x4x?x8xf32>), attention_output_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: t5, floats specialized: split_graph: 13 pieces, 6 of them splitting
# CHECK-NEXT: t5, floats specialized: split equals eager at batch 2, 3 and sequence 3, 7, 16
#
# The images' channel dim, which a guard specialized to 3, is a SymInt whose
# expression is 3 in Dynamo's metadata; the importer types it 3, with no
# symbol.
# CHECK-LABEL: // ----- vit, floats lifted
# CHECK: func.func @vit(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[H:s[0-9]+]]: index {fx.symbol = "[[H]]"} loc("[[H]]"), %[[W:s[0-9]+]]: index {fx.symbol = "[[W]]"} loc("[[W]]"), %l_kwargs_pixel_values_: tensor<?x3x?x?xf32> {fx.dim_symbols = ["[[B]]", "", "[[H]]", "[[W]]"]}
# CHECK-SAME: ) -> (tensor<?x?x32xf32>)
# CHECK: %item_2 = fx.node "call_method" "item"(%l_self_modules_layers_modules_0_modules_attention_scaling) {args = "(%0,)"} : (tensor<f64>) -> (f64)
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%query_states, %key_states, %value_states, %item_2) {{.*}}'scale': %{{[0-9]+}}, {{.*}} -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: conv2d,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: query_states (tensor<?x4x?x8xf32>), key_states (tensor<?x4x?x8xf32>), value_states (tensor<?x4x?x8xf32>), item_2 (f64), sym_sum (index), embeddings_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 1|2: attn_output (tensor<?x4x?x8xf32>), sym_sum (index), embeddings_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 2|3: sym_sum (index), query_states_1 (tensor<?x4x?x8xf32>), key_states_1 (tensor<?x4x?x8xf32>), value_states_1 (tensor<?x4x?x8xf32>), item_6 (f64), hidden_states_8 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: sym_sum (index), attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_8 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: vit, floats lifted: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: vit, floats lifted: split equals eager at batch 2, 3 and sequence 10, 50, 257
# CHECK-LABEL: // ----- vit, floats specialized
# CHECK: func.func @vit(%[[B:s[0-9]+]]: index {fx.symbol = "[[B]]"} loc("[[B]]"), %[[H:s[0-9]+]]: index {fx.symbol = "[[H]]"} loc("[[H]]"), %[[W:s[0-9]+]]: index {fx.symbol = "[[W]]"} loc("[[W]]"), %l_kwargs_pixel_values_: tensor<?x3x?x?xf32> {fx.dim_symbols = ["[[B]]", "", "[[H]]", "[[W]]"]}
# CHECK-SAME: ) -> (tensor<?x?x32xf32>)
# CHECK-NOT: "call_method" "item"
# CHECK: %attn_output = fx.node "call_function" "torch.nn.functional.scaled_dot_product_attention"(%query_states, %key_states, %value_states) {args = "(%0, %1, %2), **{'attn_mask': None, 'dropout_p': 0.0, 'scale': 0.3535533905932738, 'is_causal': False}"} : (tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>, tensor<?x4x?x8xf32>) -> (tensor<?x4x?x8xf32>)
# CHECK: no size nodes in this graph
# CHECK-NEXT: pre-fix decomposition: succeeds on this graph
# CHECK-NEXT: split at torch.nn.functional.scaled_dot_product_attention, after fx-decompose-size: 5 pieces
# CHECK-NEXT: piece 0: conv2d,
# CHECK-NEXT: piece 1 (splitting): attn_output{{$}}
# CHECK-NEXT: piece 2: attn_output_1,
# CHECK-NEXT: piece 3 (splitting): attn_output_5{{$}}
# CHECK-NEXT: piece 4: attn_output_6,
# CHECK-NEXT: cut 0|1: query_states (tensor<?x4x?x8xf32>), key_states (tensor<?x4x?x8xf32>), value_states (tensor<?x4x?x8xf32>), sym_sum (index), embeddings_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 1|2: attn_output (tensor<?x4x?x8xf32>), sym_sum (index), embeddings_3 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 2|3: sym_sum (index), query_states_1 (tensor<?x4x?x8xf32>), key_states_1 (tensor<?x4x?x8xf32>), value_states_1 (tensor<?x4x?x8xf32>), hidden_states_8 (tensor<?x?x32xf32>)
# CHECK-NEXT: cut 3|4: sym_sum (index), attn_output_5 (tensor<?x4x?x8xf32>), hidden_states_8 (tensor<?x?x32xf32>)
# CHECK-NEXT: without fx-decompose-size: splits the same way
# CHECK-NEXT: vit, floats specialized: split_graph: 5 pieces, 2 of them splitting
# CHECK-NEXT: vit, floats specialized: split equals eager at batch 2, 3 and sequence 10, 50, 257
