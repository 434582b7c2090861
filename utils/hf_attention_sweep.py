#!/usr/bin/env python3
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""split_graph against the installed vLLM's on transformers architectures
beyond docs/Models.md's, each with every attention implementation
transformers offers for it (eager, sdpa, flex_attention).

    .venv/bin/python utils/hf_attention_sweep.py build/lib/libFXMLIR-C.so

Each model is a small config with random weights, built locally (nothing is
downloaded), captured as integration_test/Import/Inputs/hf_models.py
captures the families of the tests (torch.compile, dynamic batch and
sequence), and compared by Inputs/vllm_oracle.py at three (batch, sequence)
sizes: as captured at vLLM's default splitting ops, and, for sdpa, with the
attention made aten's op and split there (as models_hf_vllm_oracle.py does).
Where Dynamo makes several graphs (flex_attention's graph breaks), each is
compared and none run. An implementation a model does not take is one line
and no comparison. The last line counts the comparisons."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tools", "fx-import"),
                os.path.join(ROOT, "integration_test", "Import", "Inputs")]

import hf_models  # noqa: E402
import torch  # noqa: E402
import transformers  # noqa: E402
from hf_models import ATTENTION_OP, _DECODER, Family, attention_as_op, capture  # noqa: E402
from vllm_oracle import Oracle, default_splitting_ops  # noqa: E402

SIZES = ((2, 3), (3, 7), (2, 16))
IMPLEMENTATIONS = ("eager", "sdpa", "flex_attention")

# Architecture: (config class, model class, extra config keys).
ARCHITECTURES = {
    "phi3": ("Phi3Config", "Phi3ForCausalLM", {"pad_token_id": 0}),
    "gemma2": ("Gemma2Config", "Gemma2ForCausalLM", {"head_dim": 8}),
    "gemma3": ("Gemma3TextConfig", "Gemma3ForCausalLM", {"head_dim": 8}),
    "qwen2_moe": ("Qwen2MoeConfig", "Qwen2MoeForCausalLM",
                  {"num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32,
                   "shared_expert_intermediate_size": 32}),
    "olmo2": ("Olmo2Config", "Olmo2ForCausalLM", {}),
    "granite": ("GraniteConfig", "GraniteForCausalLM", {}),
    "starcoder2": ("Starcoder2Config", "Starcoder2ForCausalLM", {}),
    "stablelm": ("StableLmConfig", "StableLmForCausalLM", {}),
    "phi": ("PhiConfig", "PhiForCausalLM", {}),
    "gpt_neox": ("GPTNeoXConfig", "GPTNeoXForCausalLM", {}),
    "cohere": ("CohereConfig", "CohereForCausalLM", {}),
    "falcon": ("FalconConfig", "FalconForCausalLM", {"new_decoder_architecture": True,
                                                     "num_kv_heads": 2}),
}


def family(config_name, model_name, extra, implementation):
    config_class = getattr(transformers, config_name)
    model_class = getattr(transformers, model_name)

    def build(layers=_DECODER["num_hidden_layers"]):
        config = config_class(**{**_DECODER, "num_hidden_layers": layers, **extra})
        config._attn_implementation = implementation
        return model_class(config)
    return Family(build)


def all_graphs(name):
    """Every graph torch.compile hands the backend for `name` at batch 2,
    sequence 7 (capture's call), where it makes more than one."""
    spec = hf_models.FAMILIES[name]
    torch._dynamo.reset()
    torch.manual_seed(hf_models.SEED)
    model = spec.build().eval()
    backend = hf_models._Backend()
    compiled = torch.compile(model, backend=backend, dynamic=True)
    captured = hf_models.Captured(name, spec, model, compiled, backend, False)
    kwargs = captured._inputs(2, 7)
    for key, dims in spec.dynamic.items():
        for dim in dims:
            torch._dynamo.mark_dynamic(kwargs[key], dim)
    with torch.no_grad():
        compiled(**kwargs)
    return [gm for gm, _ in backend.graphs]


def main():
    oracle = Oracle(library=sys.argv[1])
    default_ops = default_splitting_ops()
    skipped = []
    for arch, (config_name, model_name, extra) in ARCHITECTURES.items():
        for implementation in IMPLEMENTATIONS:
            name = f"{arch}-{implementation}"
            hf_models.FAMILIES[name] = family(config_name, model_name, extra, implementation)
            try:
                captured = capture(name)
            except RuntimeError as e:
                if "graphs" not in str(e):
                    raise
                # Graph breaks: each graph compared, none run (the compiled
                # model would run them all).
                graphs = all_graphs(name)
                for i, gm in enumerate(graphs):
                    oracle.compare(f"{name}, graph {i + 1} of {len(graphs)}, vLLM's default "
                                   f"ops", gm, default_ops, None, ())
                continue
            except Exception as e:  # not offered
                skipped.append(name)
                print(f"{name}: not captured: {type(e).__name__}: "
                      f"{(str(e).splitlines() or [''])[0][:160]}")
                continue

            def run(module, size, captured=captured):
                return captured.run(module, *size)
            oracle.compare(f"{name}, vLLM's default ops", captured.gm, default_ops, run, SIZES)
            if implementation == "sdpa":
                attention_as_op(captured.gm)
                oracle.compare(f"{name}, attention an op", captured.gm, [ATTENTION_OP], run,
                               SIZES)
    print(f"{len(ARCHITECTURES)} architectures, {len(skipped)} of "
          f"{len(ARCHITECTURES) * len(IMPLEMENTATIONS)} models not captured")
    return oracle.summary()


if __name__ == "__main__":
    sys.exit(main())
