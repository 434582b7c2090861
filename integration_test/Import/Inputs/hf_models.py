# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Small models of the installed transformers (and a peft LoRA adapter), with
random weights, and the graph torch.compile hands a backend for each.

    captured = capture("llama")          # one Dynamo graph, dynamic batch and sequence
    captured.gm, captured.example_inputs # what the backend received
    captured.eager(2, 3)                 # the model's output, eager, batch 2, sequence 3
    captured.run(split_gm, 2, 3)         # the compiled model's output, its graph replaced

`run` calls the compiled model, so Dynamo builds the graph's inputs (the
SymInts of the sizes, the parameters, the floats it lifted to tensors) and
the model's output from the graph's; it fails if Dynamo compiled another
graph instead of reusing the captured one. Nothing is downloaded.
"""

import dataclasses
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch
import torch._dynamo
import transformers

SEED = 0
VOCAB = 64

# A decoder's config beyond its family's own keys: 2 layers, 4 heads over a
# hidden size of 32, 2 key-value heads (grouped-query attention).
_DECODER = dict(vocab_size=VOCAB, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)


def _tokens(batch, seq, generator):
    return torch.randint(0, VOCAB, (batch, seq), generator=generator)


def _token_inputs(batch, seq, generator):
    return {"input_ids": _tokens(batch, seq, generator), "use_cache": False}


@dataclasses.dataclass
class Family:
    """How to build a family's model, make its inputs for a batch size and a
    sequence length, and read its output; `dynamic` names the dims of each
    input that torch.compile is told are dynamic."""
    build: object
    inputs: object = _token_inputs
    output: str = "logits"
    dynamic: dict = dataclasses.field(default_factory=lambda: {"input_ids": (0, 1)})
    # The length of the sequence the attention sees for `seq`.
    tokens: object = lambda seq: seq


def _decoder(config_class, model_class, **extra):
    # A decoder's build takes its layer count (capture's `layers`).
    return Family(lambda layers=_DECODER["num_hidden_layers"]: model_class(
        config_class(**{**_DECODER, "num_hidden_layers": layers}, **extra)))


def _lora_llama():
    import peft
    base = transformers.LlamaForCausalLM(transformers.LlamaConfig(**_DECODER))
    # init_lora_weights=False: B is random too, so the adapter changes the output.
    config = peft.LoraConfig(r=4, lora_alpha=8, target_modules=["q_proj", "v_proj"],
                             init_lora_weights=False)
    return peft.get_peft_model(base, config)


def _gpt2():
    return transformers.GPT2LMHeadModel(transformers.GPT2Config(
        vocab_size=VOCAB, n_positions=64, n_embd=32, n_layer=2, n_head=4, bos_token_id=0,
        eos_token_id=0))


def _bert():
    return transformers.BertModel(transformers.BertConfig(
        vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
        intermediate_size=64, max_position_embeddings=64), add_pooling_layer=False)


def _t5():
    return transformers.T5ForConditionalGeneration(transformers.T5Config(
        vocab_size=VOCAB, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_decoder_layers=2,
        num_heads=4, decoder_start_token_id=0))


def _t5_inputs(batch, seq, generator):
    # The decoder reads a sequence one shorter than the encoder's.
    return {"input_ids": _tokens(batch, seq, generator),
            "decoder_input_ids": _tokens(batch, seq - 1, generator), "use_cache": False}


_PATCH = 4


def _vit():
    return transformers.ViTModel(transformers.ViTConfig(
        image_size=16, patch_size=_PATCH, num_channels=3, hidden_size=32, num_hidden_layers=2,
        num_attention_heads=4, intermediate_size=64), add_pooling_layer=False)


def _vit_inputs(batch, seq, generator):
    # Square images of `seq` patches a side: a sequence of seq * seq + 1
    # tokens, the position embeddings interpolated to it.
    side = seq * _PATCH
    return {"pixel_values": torch.randn(batch, 3, side, side, generator=generator),
            "interpolate_pos_encoding": True}


FAMILIES = {
    "llama": _decoder(transformers.LlamaConfig, transformers.LlamaForCausalLM),
    "qwen2": _decoder(transformers.Qwen2Config, transformers.Qwen2ForCausalLM),
    "qwen3": _decoder(transformers.Qwen3Config, transformers.Qwen3ForCausalLM, head_dim=8),
    "mistral": _decoder(transformers.MistralConfig, transformers.MistralForCausalLM),
    "mixtral": _decoder(transformers.MixtralConfig, transformers.MixtralForCausalLM,
                        num_local_experts=4, num_experts_per_tok=2),
    "gemma": _decoder(transformers.GemmaConfig, transformers.GemmaForCausalLM, head_dim=8),
    "gpt2": Family(_gpt2),
    "bert": Family(_bert, output="last_hidden_state"),
    "t5": Family(_t5, _t5_inputs, dynamic={"input_ids": (0, 1), "decoder_input_ids": (0, 1)}),
    "lora-llama": Family(_lora_llama),
    "vit": Family(_vit, _vit_inputs, "last_hidden_state", {"pixel_values": (0, 2, 3)},
                  lambda seq: seq * seq + 1),
}


class _Backend:
    """A torch.compile backend that keeps each graph it receives and runs
    `impl` (the graph itself until replaced) in its place."""

    def __init__(self):
        self.graphs = []
        self.impl = None
        self.impl_calls = 0

    def __call__(self, gm, example_inputs):
        self.graphs.append((gm, list(example_inputs)))

        def run(*args):
            if self.impl is None:
                return gm(*args)
            self.impl_calls += 1
            return self.impl(*args)
        return run


@dataclasses.dataclass
class Captured:
    """A family's model, eager and compiled, and the one graph Dynamo
    handed the backend with the example inputs it gave."""
    name: str
    family: Family
    model: torch.nn.Module
    compiled: object
    backend: _Backend
    specialize_float: bool
    gm: torch.fx.GraphModule = None
    example_inputs: list = None

    def _dynamo(self):
        return torch._dynamo.config.patch(specialize_float=self.specialize_float)

    def _inputs(self, batch, seq):
        generator = torch.Generator().manual_seed(SEED + 1000 * batch + seq)
        return self.family.inputs(batch, seq, generator)

    def eager(self, batch, seq):
        """The model's output, eager, on the inputs of (batch, seq)."""
        with torch.no_grad():
            return getattr(self.model(**self._inputs(batch, seq)), self.family.output)

    def run(self, impl, batch, seq):
        """The compiled model's output on the same inputs, `impl` (a
        callable of the graph's inputs, such as a split GraphModule) run in
        place of the captured graph."""
        graphs, calls = len(self.backend.graphs), self.backend.impl_calls
        self.backend.impl = impl
        try:
            with torch.no_grad(), self._dynamo():
                out = self.compiled(**self._inputs(batch, seq))
        finally:
            self.backend.impl = None
        if len(self.backend.graphs) != graphs or self.backend.impl_calls != calls + 1:
            raise RuntimeError(f"{self.name}: torch.compile compiled another graph at "
                               f"batch {batch}, sequence {seq}")
        return getattr(out, self.family.output)


def capture(family, batch=2, seq=7, specialize_float=False, layers=None):
    """The model of `family`, compiled with dynamic=True, called once at
    (batch, seq) with the dims of its Family's `dynamic` marked dynamic;
    returns its Captured graph. Raises if Dynamo made more than one graph.

    By default (torch/_dynamo/config.py: specialize_float = False) Dynamo
    lifts the model's float attributes (an attention's scale, a norm's eps)
    to 0-dim tensor inputs read back with .item(); with `specialize_float`
    they are constants of the graph. `layers` sets a decoder's layer
    count."""
    spec = FAMILIES[family]
    # Models share code (transformers' decorators, its attention and mask
    # functions): without a reset, their cache entries add up to Dynamo's
    # recompile limit.
    torch._dynamo.reset()
    torch.manual_seed(SEED)
    model = (spec.build() if layers is None else spec.build(layers)).eval()
    backend = _Backend()
    compiled = torch.compile(model, backend=backend, dynamic=True)
    captured = Captured(family, spec, model, compiled, backend, specialize_float)
    kwargs = captured._inputs(batch, seq)
    for name, dims in spec.dynamic.items():
        for dim in dims:
            torch._dynamo.mark_dynamic(kwargs[name], dim)
    with torch.no_grad(), captured._dynamo():
        compiled(**kwargs)
    if len(backend.graphs) != 1:
        raise RuntimeError(f"{family}: torch.compile made {len(backend.graphs)} graphs")
    captured.gm, captured.example_inputs = backend.graphs[0]
    return captured


# The tests' report --------------------------------------------------------

# What attention becomes in these graphs: transformers' "sdpa" attention
# (integrations/sdpa_attention.py) calls torch.nn.functional.
# scaled_dot_product_attention, a builtin that Dynamo records as the
# call_function target itself; the importer names it by its Python name.
# vLLM's should_split matches torch ops only, so the split takes fx-mlir's
# extension, match_fx_targets, which matches fx.node targets by name.
SPLIT_AT = "torch.nn.functional.scaled_dot_product_attention"

# vLLM splits only at torch ops (vllm/compilation/partition_rules.py:14-36 of
# vllm 0.34.0, should_split: an OpOverload or OpOverloadPacket); its models
# call their attention through one. ATTENTION_OP is aten's op of the same
# schema as SPLIT_AT.
ATTENTION_OP = "aten::scaled_dot_product_attention"


def attention_as_op(gm):
    """`gm` with each call of torch.nn.functional.scaled_dot_product_attention
    calling torch.ops.aten.scaled_dot_product_attention.default, with the same
    arguments (both take attn_mask, dropout_p, is_causal, scale and
    enable_gqa by keyword). Returns `gm`."""
    for node in gm.graph.find_nodes(op="call_function",
                                    target=torch.nn.functional.scaled_dot_product_attention):
        node.target = torch.ops.aten.scaled_dot_product_attention.default
    gm.recompile()
    return gm


# The batch sizes and sequence lengths the split graph runs at.
BATCHES, SEQS = (2, 3), (3, 7, 16)


def report(family, fx_opt):
    """Prints, for `family`: the import of its graph, the --check report
    with the split at SPLIT_AT, and split_graph's refusal or its pieces;
    then the same for the graph captured with specialized floats, and
    whether the compiled model, its graph replaced by the split one, gives
    the eager model's output at each of BATCHES and SEQS. Returns the
    Captured graph with specialized floats."""
    from fx_mlir_import import FxImportError, check, import_graph, split_graph

    name = family.replace("-", "_")
    for specialize_float in (False, True):
        captured = capture(family, specialize_float=specialize_float)
        label = f"{family}, floats {'specialized' if specialize_float else 'lifted'}"
        print(f"// ----- {label}")
        result = import_graph(captured.gm, func_name=name)
        print(result.text)
        print(check(result, fx_opt, split_ops=SPLIT_AT, match_fx_targets=True), end="")
        try:
            split_gm, items = split_graph(captured.gm, [SPLIT_AT], match_fx_targets=True)
        except FxImportError as e:
            print(f"{label}: split_graph fails: {e}")
            continue
        splitting = sum(item.is_splitting_graph for item in items)
        print(f"{label}: split_graph: {len(items)} pieces, {splitting} of them splitting")
        equal, close, differ = [], [], []
        for batch in BATCHES:
            for seq in SEQS:
                expected = captured.eager(batch, seq)
                got = captured.run(split_gm, batch, seq)
                if torch.equal(got, expected):
                    equal.append((batch, seq))
                elif torch.allclose(got, expected):
                    close.append((batch, seq))
                else:
                    differ.append((batch, seq))
        tokens = ", ".join(str(captured.family.tokens(seq)) for seq in SEQS)
        at = f"at batch {', '.join(map(str, BATCHES))} and sequence {tokens}"
        if differ:
            print(f"{label}: split differs from eager at (batch, seq) {differ}")
        elif close:
            print(f"{label}: split matches eager (allclose, not equal) {at}")
        else:
            print(f"{label}: split equals eager {at}")
    return captured
