"""Dynamo-style graphs of vLLM models, built by hand.

Each builder returns a `VllmGraph`: a GraphModule as Dynamo hands it to
vLLM's backend (every node carries meta['example_value'], a FakeTensor whose
token dim is the SymInt s0 from `symbolic.symint`; s0 is also a
placeholder; weights are placeholders, as Dynamo lifts inlined parameters;
x.shape is `call_method size`), the splitting ops its family is split at,
and `inputs(n)`: real inputs for n tokens, for running the graph.

vLLM's custom ops are stand-ins registered with torch.library under vLLM's
names (`vllm::unified_attention_with_output`, `vllm::unified_kv_cache_update`,
`vllm::mamba_mixer2`, `vllm::qwen_gdn_attention_core`, ...) with CPU kernels
that compute something deterministic from their inputs, so a split graph and
the unsplit one can be compared with torch.equal.

Families (each takes `layers`): llama, qwen, mla, moe, hybrid, lora,
tuple_attention, cascade, overloads, slice_after_attention. Every node also
carries meta['orig_name'], its name as built, so a test can tell which
original node each piece's node is.
"""

import operator
from collections import namedtuple

import torch
import torch.fx
import torch.nn.functional as F
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.fx.experimental.symbolic_shapes import ShapeEnv

from symbolic import symint

HIDDEN, HEADS, HEAD_DIM, VOCAB, FFN, EXPERTS, MAX_TOKENS = 32, 4, 8, 64, 48, 4, 64

VllmGraph = namedtuple("VllmGraph", "name gm splitting_ops inputs")

# ----------------------------------------------------------------------------
# Stand-ins for vLLM's custom ops.

_KV_CACHE = {}


def _causal(q, k, v):
    """q, k, v of shape (n, heads, head_dim): causal softmax attention."""
    n = q.shape[0]
    scores = torch.einsum("qhd,khd->hqk", q, k) / HEAD_DIM ** 0.5
    mask = torch.ones(n, n, dtype=torch.bool).triu(1)
    scores = scores.masked_fill(mask, float("-inf"))
    return torch.einsum("hqk,khd->qhd", scores.softmax(-1), v)


def _heads(t):
    return t.reshape(t.shape[0], -1, HEAD_DIM)


def _kv_update(key, value, layer_name):
    _KV_CACHE[layer_name] = (key.clone(), value.clone())
    return key.new_empty(0)


def _attention_with_output(q, k, v, output, layer_name, kv_cache_dummy_dep=None):
    output.copy_(_causal(_heads(q), _heads(k), _heads(v)).reshape(output.shape))


def _mla_kv_update(kv_c, k_pe, layer_name):
    _KV_CACHE[layer_name] = (kv_c.clone(), k_pe.clone())
    return kv_c.new_empty(0)


def _mla_attention_with_output(q, kv_c, k_pe, output, layer_name, kv_cache_dummy_dep=None):
    k = _heads(kv_c + k_pe)
    output.copy_(_causal(_heads(q), k, k).reshape(output.shape))


def _mamba_mixer2(hidden, output, layer_name):
    output.copy_(torch.cumsum(hidden, 0) * 0.5 + hidden.tanh())


def _gdn_core(mixed_qkv, b, a, core_out, layer_name):
    q, k, v = mixed_qkv.chunk(3, -1)
    gate = (b * a).sigmoid().unsqueeze(-1)
    core_out.copy_(_causal(_heads(q), _heads(k), _heads(v)) * gate)


def _moe_forward(hidden, router_logits, layer_name):
    weights = router_logits.softmax(-1)
    experts = torch.stack([hidden * (e + 1) * 0.25 for e in range(EXPERTS)], 1)
    return (experts * weights.unsqueeze(-1)).sum(1)


def _unified_attention(q, k, v, layer_name):
    return _causal(_heads(q), _heads(k), _heads(v)).reshape(q.shape)


def _attention_with_lse(q, k, v, layer_name):
    out = _causal(_heads(q), _heads(k), _heads(v)).reshape(q.shape)
    return out, torch.logsumexp(_heads(q), -1)


def _merge_attn_states(output, prefix_output, prefix_lse, suffix_output, suffix_lse):
    w = torch.sigmoid(prefix_lse - suffix_lse).repeat_interleave(HEAD_DIM, -1)
    output.copy_(prefix_output * w + suffix_output * (1 - w))


def _linear_attention(x, out, layer_name):
    out.copy_(torch.cumsum(x, 0) / (torch.arange(x.shape[0]).unsqueeze(-1) + 1))


def _linear_attention_varlen(x, out, layer_name, max_len):
    out.copy_(torch.cumsum(x, 0) * (1.0 / max_len))


def _short_conv(x, layer_name):
    return x + torch.roll(x, 1, 0) * 0.5


_DEFS = [
    ("unified_kv_cache_update(Tensor key, Tensor value, str layer_name) -> Tensor", _kv_update),
    ("unified_attention_with_output(Tensor q, Tensor k, Tensor v, Tensor(a!) output, "
     "str layer_name, Tensor? kv_cache_dummy_dep=None) -> ()", _attention_with_output),
    ("unified_mla_kv_cache_update(Tensor kv_c, Tensor k_pe, str layer_name) -> Tensor",
     _mla_kv_update),
    ("unified_mla_attention_with_output(Tensor q, Tensor kv_c, Tensor k_pe, Tensor(a!) output, "
     "str layer_name, Tensor? kv_cache_dummy_dep=None) -> ()", _mla_attention_with_output),
    ("mamba_mixer2(Tensor hidden, Tensor(a!) output, str layer_name) -> ()", _mamba_mixer2),
    ("qwen_gdn_attention_core(Tensor mixed_qkv, Tensor b, Tensor a, Tensor(a!) core_out, "
     "str layer_name) -> ()", _gdn_core),
    ("moe_forward(Tensor hidden, Tensor router_logits, str layer_name) -> Tensor", _moe_forward),
    ("unified_attention(Tensor q, Tensor k, Tensor v, str layer_name) -> Tensor",
     _unified_attention),
    ("attention_with_lse(Tensor q, Tensor k, Tensor v, str layer_name) -> (Tensor, Tensor)",
     _attention_with_lse),
    ("merge_attn_states(Tensor(a!) output, Tensor prefix_output, Tensor prefix_lse, "
     "Tensor suffix_output, Tensor suffix_lse) -> ()", _merge_attn_states),
    ("linear_attention(Tensor x, Tensor(a!) out, str layer_name) -> ()", _linear_attention),
    ("linear_attention.varlen(Tensor x, Tensor(a!) out, str layer_name, int max_len) -> ()",
     _linear_attention_varlen),
    ("short_conv(Tensor x, str layer_name) -> Tensor", _short_conv),
]


def _register():
    if hasattr(torch.ops.vllm, "unified_kv_cache_update"):
        return None
    lib = torch.library.Library("vllm", "DEF")
    for schema, kernel in _DEFS:
        lib.define(schema)
        lib.impl(schema.split("(")[0], kernel, "CPU")
    return lib


_LIB = _register()  # kept alive: the ops live as long as the Library does
OPS = torch.ops.vllm

# ----------------------------------------------------------------------------
# The builder.


class Builder:
    """Builds one Dynamo-style graph: placeholders first (s0, the token
    inputs, then the weights as they are first used), nodes in order."""

    def __init__(self, name, tokens_hint=5):
        self.name = name
        self.env = ShapeEnv()
        self.mode = FakeTensorMode(shape_env=self.env)
        self.s0 = symint(self.env, "s0", tokens_hint)
        self.graph = torch.fx.Graph()
        self.specs = []  # (kind, shape, dtype) of each placeholder
        self._last_placeholder = None
        self.sym = self.placeholder("s0", self.s0, "symint")

    def fake(self, *shape, dtype=torch.float32):
        with self.mode:
            return torch.empty(*[self.s0 if d == "n" else d for d in shape], dtype=dtype)

    def _create(self, op, target, args, kwargs, value, name):
        node = self.graph.create_node(op, target, args, kwargs or {}, name=name)
        # Dynamo records None for an op that returns nothing.
        node.meta["example_value"] = value
        node.meta["orig_name"] = node.name
        return node

    def placeholder(self, name, value, kind, shape=(), dtype=None):
        if self._last_placeholder is None:
            node = self._create("placeholder", name, (), None, value, name)
        else:
            with self.graph.inserting_after(self._last_placeholder):
                node = self._create("placeholder", name, (), None, value, name)
        self._last_placeholder = node
        self.specs.append((kind, shape, dtype))
        return node

    def tokens(self, name, *tail, dtype=torch.float32, kind="float"):
        return self.placeholder(name, self.fake("n", *tail, dtype=dtype), kind, ("n",) + tail,
                                dtype)

    def weight(self, name, *shape):
        return self.placeholder(name, self.fake(*shape), "weight", shape)

    def call(self, target, args, value, name, kwargs=None):
        return self._create("call_function", target, args, kwargs, value, name)

    def method(self, target, args, value, name, kwargs=None):
        return self._create("call_method", target, args, kwargs, value, name)

    def finish(self, outputs, splitting_ops):
        self.graph.output(tuple(outputs))
        gm = torch.fx.GraphModule(torch.nn.Module(), self.graph)
        specs = list(self.specs)

        def inputs(n, seed=0):
            gen = torch.Generator().manual_seed(seed)
            values = []
            for kind, shape, dtype in specs:
                dims = [n if d == "n" else d for d in shape]
                if kind == "symint":
                    values.append(n)
                elif kind == "ids":
                    values.append(torch.randint(0, VOCAB, dims, generator=gen))
                elif kind == "positions":
                    values.append(torch.arange(n))
                elif kind == "lora_mapping":
                    values.append(torch.randint(0, 3, dims, generator=gen))
                elif kind == "weight":
                    values.append(torch.randn(dims, generator=gen) * 0.2)
                else:
                    values.append(torch.randn(dims, generator=gen))
            return values

        return VllmGraph(self.name, gm, list(splitting_ops), inputs)


# ----------------------------------------------------------------------------
# Pieces of layers.

def _rms_norm(b, x, w, name):
    """RMSNorm as Dynamo traces the torch code: pow, mean, add, rsqrt, mul."""
    n = b.fake("n", HIDDEN)
    pw = b.method("pow", (x, 2), n, f"{name}_pow")
    mean = b.method("mean", (pw, -1), b.fake("n", 1), f"{name}_mean", {"keepdim": True})
    add = b.call(operator.add, (mean, 1e-6), b.fake("n", 1), f"{name}_add")
    rs = b.call(torch.rsqrt, (add,), b.fake("n", 1), f"{name}_rsqrt")
    mul = b.call(operator.mul, (x, rs), n, f"{name}_mul")
    return b.call(operator.mul, (mul, w), n, name)


def _linear(b, x, w, out_features, name):
    return b.call(F.linear, (x, w), b.fake("n", out_features), name)


def _embed(b):
    ids = b.tokens("l_input_ids_", dtype=torch.int64, kind="ids")
    table = b.weight("l_embed_tokens_weight_", VOCAB, HIDDEN)
    return b.call(F.embedding, (ids, table), b.fake("n", HIDDEN), "embedding")


def _mlp(b, h, i):
    w_ln = b.weight(f"l_layers_{i}_post_ln_weight_", HIDDEN)
    normed = _rms_norm(b, h, w_ln, f"post_ln_{i}")
    w_gu = b.weight(f"l_layers_{i}_gate_up_weight_", 2 * FFN, HIDDEN)
    gate_up = _linear(b, normed, w_gu, 2 * FFN, f"gate_up_{i}")
    chunks = b.method("chunk", (gate_up, 2, -1), (b.fake("n", FFN), b.fake("n", FFN)),
                      f"chunk_{i}")
    gate = b.call(operator.getitem, (chunks, 0), b.fake("n", FFN), f"gate_{i}")
    up = b.call(operator.getitem, (chunks, 1), b.fake("n", FFN), f"up_{i}")
    act = b.call(F.silu, (gate,), b.fake("n", FFN), f"silu_{i}")
    prod = b.call(operator.mul, (act, up), b.fake("n", FFN), f"act_{i}")
    w_down = b.weight(f"l_layers_{i}_down_weight_", HIDDEN, FFN)
    down = _linear(b, prod, w_down, HIDDEN, f"down_{i}")
    return b.call(operator.add, (h, down), b.fake("n", HIDDEN), f"residual_mlp_{i}")


def _qkv(b, h, i, bias=False):
    w_ln = b.weight(f"l_layers_{i}_input_ln_weight_", HIDDEN)
    normed = _rms_norm(b, h, w_ln, f"input_ln_{i}")
    w_qkv = b.weight(f"l_layers_{i}_qkv_weight_", 3 * HIDDEN, HIDDEN)
    qkv = _linear(b, normed, w_qkv, 3 * HIDDEN, f"qkv_{i}")
    if bias:
        w_b = b.weight(f"l_layers_{i}_qkv_bias_", 3 * HIDDEN)
        qkv = b.call(operator.add, (qkv, w_b), b.fake("n", 3 * HIDDEN), f"qkv_bias_{i}")
    parts = b.method("split", (qkv, [HIDDEN, HIDDEN, HIDDEN]), tuple(b.fake("n", HIDDEN)
                                                                       for _ in range(3)),
                     f"split_{i}", {"dim": -1})
    return [b.call(operator.getitem, (parts, j), b.fake("n", HIDDEN), f"{c}_{i}")
            for j, c in enumerate("qkv")]


def _heads_view(b, x, name):
    return b.method("view", (x, -1, HEADS, HEAD_DIM), b.fake("n", HEADS, HEAD_DIM), name)


def _attention(b, q, k, v, i, layer_kv=True):
    """vLLM's Attention.forward with the KV-cache update as its own op:
    the output buffer, the update, then the attention writing the buffer."""
    qh, kh, vh = (_heads_view(b, t, f"{c}_heads_{i}") for c, t in zip("qkv", (q, k, v)))
    out = b.call(torch.empty, ((b.sym, HEADS, HEAD_DIM),), b.fake("n", HEADS, HEAD_DIM),
                 f"attn_out_{i}", {"dtype": torch.float32, "device": torch.device("cpu")})
    name = f"model.layers.{i}.self_attn.attn"
    dep = None
    if layer_kv:
        dep = b.call(OPS.unified_kv_cache_update.default, (kh, vh, name), b.fake(0),
                     f"unified_kv_cache_update_{i}")
    b.call(OPS.unified_attention_with_output.default, (qh, kh, vh, out, name), None,
           f"unified_attention_with_output_{i}",
           {"kv_cache_dummy_dep": dep} if dep is not None else None)
    return b.method("view", (out, -1, HIDDEN), b.fake("n", HIDDEN), f"attn_flat_{i}")


def _o_proj(b, h, attn, i):
    w_o = b.weight(f"l_layers_{i}_o_proj_weight_", HIDDEN, HIDDEN)
    o = _linear(b, attn, w_o, HIDDEN, f"o_proj_{i}")
    return b.call(operator.add, (h, o), b.fake("n", HIDDEN), f"residual_attn_{i}")


def _final(b, h):
    w = b.weight("l_norm_weight_", HIDDEN)
    return _rms_norm(b, h, w, "final_norm")


LLAMA_OPS = ["vllm::unified_attention_with_output", "vllm::unified_kv_cache_update"]

# ----------------------------------------------------------------------------
# Families.


def llama(layers=2, hidden_states=False):
    """Llama decoder layers: the KV-cache update and the attention back to
    back (one piece), the output buffer before them. With `hidden_states`,
    each layer's output is returned too, as transformers'
    output_hidden_states returns them: each crosses every later cut."""
    b = Builder("llama")
    h = _embed(b)
    states = []
    for i in range(layers):
        q, k, v = _qkv(b, h, i)
        h = _o_proj(b, h, _attention(b, q, k, v, i), i)
        h = _mlp(b, h, i)
        states.append(h)
    return b.finish([_final(b, h)] + (states if hidden_states else []), LLAMA_OPS)


def llama_hidden_states(layers=2):
    """llama with each layer's output returned too: values that cross
    several cuts."""
    return llama(layers, hidden_states=True)


def qwen(layers=2):
    """Qwen3-style layers: qkv bias and per-head q/k norms through
    `q.view(q.size()[0], heads, dim)` and back with `view(q.size())`, the
    dimless size that vLLM decomposes."""
    b = Builder("qwen")
    h = _embed(b)
    for i in range(layers):
        q, k, v = _qkv(b, h, i, bias=True)
        normed = []
        for c, t in (("q", q), ("k", k)):
            size = b.method("size", (t,), torch.Size([b.s0, HIDDEN]), f"{c}_size_{i}")
            rows = b.call(operator.getitem, (size, 0), b.s0, f"{c}_rows_{i}")
            by_head = b.method("view", (t, rows, HEADS, HEAD_DIM), b.fake("n", HEADS, HEAD_DIM),
                               f"{c}_by_head_{i}")
            w = b.weight(f"l_layers_{i}_{c}_norm_weight_", HEAD_DIM)
            sq = b.method("pow", (by_head, 2), b.fake("n", HEADS, HEAD_DIM), f"{c}_sq_{i}")
            ms = b.method("mean", (sq, -1), b.fake("n", HEADS, 1), f"{c}_ms_{i}",
                          {"keepdim": True})
            rs = b.call(torch.rsqrt, (ms,), b.fake("n", HEADS, 1), f"{c}_rs_{i}")
            scaled = b.call(operator.mul, (by_head, rs), b.fake("n", HEADS, HEAD_DIM),
                            f"{c}_scaled_{i}")
            weighted = b.call(operator.mul, (scaled, w), b.fake("n", HEADS, HEAD_DIM),
                              f"{c}_normed_{i}")
            normed.append(b.method("view", (weighted, size), b.fake("n", HIDDEN),
                                   f"{c}_flat_{i}"))
        h = _o_proj(b, h, _attention(b, normed[0], normed[1], v, i), i)
        h = _mlp(b, h, i)
    return b.finish([_final(b, h)], LLAMA_OPS)


def mla(layers=2):
    """DeepSeek MLA: the MLA KV-cache update, then `torch.empty` for the
    output, then the MLA attention: the allocation alone between two
    splitting ops is merged back into the piece before them."""
    b = Builder("mla")
    h = _embed(b)
    for i in range(layers):
        w_ln = b.weight(f"l_layers_{i}_input_ln_weight_", HIDDEN)
        normed = _rms_norm(b, h, w_ln, f"input_ln_{i}")
        q = _linear(b, normed, b.weight(f"l_layers_{i}_q_weight_", HIDDEN, HIDDEN), HIDDEN,
                    f"q_{i}")
        kv_c = _linear(b, normed, b.weight(f"l_layers_{i}_kv_a_weight_", HIDDEN, HIDDEN),
                       HIDDEN, f"kv_c_{i}")
        k_pe = _linear(b, normed, b.weight(f"l_layers_{i}_k_pe_weight_", HIDDEN, HIDDEN),
                       HIDDEN, f"k_pe_{i}")
        name = f"model.layers.{i}.self_attn.mla_attn"
        dep = b.call(OPS.unified_mla_kv_cache_update.default, (kv_c, k_pe, name), b.fake(0),
                     f"unified_mla_kv_cache_update_{i}")
        out = b.call(torch.empty, ((b.sym, HIDDEN),), b.fake("n", HIDDEN), f"mla_out_{i}",
                     {"dtype": torch.float32, "device": torch.device("cpu")})
        b.call(OPS.unified_mla_attention_with_output.default, (q, kv_c, k_pe, out, name), None,
               f"unified_mla_attention_with_output_{i}", {"kv_cache_dummy_dep": dep})
        h = _o_proj(b, h, out, i)
        h = _mlp(b, h, i)
    return b.finish([_final(b, h)],
                    ["vllm::unified_mla_attention_with_output",
                     "vllm::unified_mla_kv_cache_update"])


def moe(layers=2):
    """Mixtral/Qwen-MoE: `orig_shape = hidden.shape` at the layer's start,
    the attention, then the experts (`vllm::moe_forward`, a splitting op as
    vLLM adds it for DeepEP high-throughput) and `out.view(orig_shape)`."""
    b = Builder("moe")
    h = _embed(b)
    for i in range(layers):
        orig_shape = b.method("size", (h,), torch.Size([b.s0, HIDDEN]), f"orig_shape_{i}")
        q, k, v = _qkv(b, h, i)
        h = _o_proj(b, h, _attention(b, q, k, v, i), i)
        w_ln = b.weight(f"l_layers_{i}_post_ln_weight_", HIDDEN)
        normed = _rms_norm(b, h, w_ln, f"post_ln_{i}")
        flat = b.method("view", (normed, -1, HIDDEN), b.fake("n", HIDDEN), f"moe_in_{i}")
        w_gate = b.weight(f"l_layers_{i}_router_weight_", EXPERTS, HIDDEN)
        logits = _linear(b, flat, w_gate, EXPERTS, f"router_logits_{i}")
        experts = b.call(OPS.moe_forward.default, (flat, logits, f"model.layers.{i}.mlp.experts"),
                         b.fake("n", HIDDEN), f"moe_forward_{i}")
        out = b.method("view", (experts, orig_shape), b.fake("n", HIDDEN), f"moe_out_{i}")
        h = b.call(operator.add, (h, out), b.fake("n", HIDDEN), f"residual_moe_{i}")
    return b.finish([_final(b, h)], LLAMA_OPS + ["vllm::moe_forward"])


def hybrid(layers=3):
    """Hybrid Mamba2 / Gated-DeltaNet / attention layers in turn (layer i
    is mamba if i % 3 == 0, GDN if 1, attention if 2), each with its MLP."""
    b = Builder("hybrid")
    h = _embed(b)
    for i in range(layers):
        if i % 3 == 2:
            q, k, v = _qkv(b, h, i)
            h = _o_proj(b, h, _attention(b, q, k, v, i), i)
            h = _mlp(b, h, i)
            continue
        w_ln = b.weight(f"l_layers_{i}_input_ln_weight_", HIDDEN)
        if i % 3 == 0:
            normed = _rms_norm(b, h, w_ln, f"input_ln_{i}")
            proj = _linear(b, normed, b.weight(f"l_layers_{i}_in_proj_weight_", HIDDEN, HIDDEN),
                           HIDDEN, f"in_proj_{i}")
            out = b.call(torch.empty_like, (proj,), b.fake("n", HIDDEN), f"mamba_out_{i}")
            b.call(OPS.mamba_mixer2.default, (proj, out, f"model.layers.{i}.mixer"), None,
                   f"mamba_mixer2_{i}")
            h = _o_proj(b, h, out, i)
        else:
            normed = _rms_norm(b, h, w_ln, f"input_ln_{i}")
            mixed = _linear(b, normed, b.weight(f"l_layers_{i}_qkvz_weight_", 3 * HIDDEN, HIDDEN),
                            3 * HIDDEN, f"mixed_qkv_{i}")
            beta = _linear(b, normed, b.weight(f"l_layers_{i}_b_weight_", HEADS, HIDDEN), HEADS,
                           f"beta_{i}")
            alpha = _linear(b, normed, b.weight(f"l_layers_{i}_a_weight_", HEADS, HIDDEN), HEADS,
                            f"alpha_{i}")
            core = b.call(torch.zeros, ((b.sym, HEADS, HEAD_DIM),), b.fake("n", HEADS, HEAD_DIM),
                          f"core_attn_out_{i}", {"dtype": torch.float32})
            b.call(OPS.qwen_gdn_attention_core.default,
                   (mixed, beta, alpha, core, f"model.layers.{i}.linear_attn"), None,
                   f"gdn_attention_core_{i}")
            flat = b.method("reshape", (core, -1, HIDDEN), b.fake("n", HIDDEN), f"core_flat_{i}")
            h = _o_proj(b, h, flat, i)
        h = _mlp(b, h, i)
    return b.finish([_final(b, h)], LLAMA_OPS + ["vllm::mamba_mixer2",
                                                 "vllm::qwen_gdn_attention_core"])


def lora(layers=2):
    """Llama with LoRA on qkv and o_proj as punica slices its metadata:
    `token_lora_mapping[:x.size(0)]` (a size with a dim, left alone), and
    that SymInt used again after the attention."""
    b = Builder("lora")
    h = _embed(b)
    mapping = b.placeholder("l_token_lora_mapping_", b.fake(MAX_TOKENS, dtype=torch.int64),
                            "lora_mapping", (MAX_TOKENS,), torch.int64)
    scales = b.weight("l_lora_scales_", 3)
    for i in range(layers):
        w_ln = b.weight(f"l_layers_{i}_input_ln_weight_", HIDDEN)
        normed = _rms_norm(b, h, w_ln, f"input_ln_{i}")
        n = b.method("size", (normed, 0), b.s0, f"size_{i}")
        tokens = b.call(operator.getitem, (mapping, slice(None, n, None)),
                        b.fake("n", dtype=torch.int64), f"token_lora_mapping_{i}")
        scale = b.call(operator.getitem, (scales, tokens), b.fake("n"), f"lora_scale_{i}")
        scale2 = b.method("unsqueeze", (scale, -1), b.fake("n", 1), f"lora_scale2_{i}")
        w_qkv = b.weight(f"l_layers_{i}_qkv_weight_", 3 * HIDDEN, HIDDEN)
        base = _linear(b, normed, w_qkv, 3 * HIDDEN, f"qkv_base_{i}")
        a = _linear(b, normed, b.weight(f"l_layers_{i}_lora_a_", 4, HIDDEN), 4, f"lora_a_{i}")
        up = _linear(b, a, b.weight(f"l_layers_{i}_lora_b_", 3 * HIDDEN, 4), 3 * HIDDEN,
                     f"lora_b_{i}")
        delta = b.call(operator.mul, (up, scale2), b.fake("n", 3 * HIDDEN), f"lora_delta_{i}")
        qkv = b.call(operator.add, (base, delta), b.fake("n", 3 * HIDDEN), f"qkv_{i}")
        parts = b.method("split", (qkv, [HIDDEN] * 3), tuple(b.fake("n", HIDDEN)
                                                            for _ in range(3)),
                         f"split_{i}", {"dim": -1})
        q, k, v = (b.call(operator.getitem, (parts, j), b.fake("n", HIDDEN), f"{c}_{i}")
                   for j, c in enumerate("qkv"))
        attn = _attention(b, q, k, v, i)
        # The SymInt from before the attention, used after it.
        rows = b.method("view", (attn, n, HIDDEN), b.fake("n", HIDDEN), f"attn_rows_{i}")
        tokens_o = b.call(operator.getitem, (mapping, slice(None, n, None)),
                          b.fake("n", dtype=torch.int64), f"token_lora_mapping_o_{i}")
        scale_o = b.call(operator.getitem, (scales, tokens_o), b.fake("n"), f"lora_scale_o_{i}")
        scaled = b.call(operator.mul, (rows, b.method("unsqueeze", (scale_o, -1), b.fake("n", 1),
                                                      f"lora_scale_o2_{i}")),
                        b.fake("n", HIDDEN), f"lora_o_in_{i}")
        h = _o_proj(b, h, scaled, i)
        h = _mlp(b, h, i)
    return b.finish([_final(b, h)], LLAMA_OPS)


def tuple_attention(layers=2):
    """An attention op returning (out, lse), unpacked by getitem twice right
    after it; the KV-cache update before it groups with it."""
    b = Builder("tuple_attention")
    h = _embed(b)
    lses = []
    for i in range(layers):
        q, k, v = _qkv(b, h, i)
        name = f"model.layers.{i}.self_attn.attn"
        b.call(OPS.unified_kv_cache_update.default, (k, v, name), b.fake(0),
               f"unified_kv_cache_update_{i}")
        pair = b.call(OPS.attention_with_lse.default, (q, k, v, name),
                      (b.fake("n", HIDDEN), b.fake("n", HEADS)), f"attention_with_lse_{i}")
        out = b.call(operator.getitem, (pair, 0), b.fake("n", HIDDEN), f"attn_{i}")
        lse = b.call(operator.getitem, (pair, 1), b.fake("n", HEADS), f"lse_{i}")
        lses.append(lse)
        h = _o_proj(b, h, out, i)
        h = _mlp(b, h, i)
    total = lses[0]
    for j, lse in enumerate(lses[1:]):
        total = b.call(operator.add, (total, lse), b.fake("n", HEADS), f"lse_sum_{j}")
    return b.finish([_final(b, h), total],
                    ["vllm::attention_with_lse", "vllm::unified_kv_cache_update"])


def cascade(layers=2):
    """Cascade attention: a shared-prefix attention and a suffix attention,
    each returning (out, lse) unpacked by getitem, merged into a buffer. The
    getitems after the first keep the two attentions in separate pieces."""
    b = Builder("cascade")
    h = _embed(b)
    for i in range(layers):
        q, k, v = _qkv(b, h, i)
        results = []
        for part in ("prefix", "suffix"):
            pair = b.call(OPS.attention_with_lse.default,
                          (q, k, v, f"model.layers.{i}.self_attn.{part}"),
                          (b.fake("n", HIDDEN), b.fake("n", HEADS)), f"{part}_attn_{i}")
            results.append(b.call(operator.getitem, (pair, 0), b.fake("n", HIDDEN),
                                  f"{part}_out_{i}"))
            results.append(b.call(operator.getitem, (pair, 1), b.fake("n", HEADS),
                                  f"{part}_lse_{i}"))
        merged = b.call(torch.empty_like, (results[0],), b.fake("n", HIDDEN), f"merged_{i}")
        b.call(OPS.merge_attn_states.default, (merged, *results), None, f"merge_attn_states_{i}")
        h = _o_proj(b, h, merged, i)
        h = _mlp(b, h, i)
    return b.finish([_final(b, h)], ["vllm::attention_with_lse"])


def overloads(layers=2):
    """Op overloads: the attention as `.default`, `vllm::short_conv` as the
    packet, `vllm::linear_attention.varlen` (a non-default overload, which
    the name `vllm::linear_attention` does not match) and its `.default`."""
    b = Builder("overloads")
    h = _embed(b)
    for i in range(layers):
        q, k, v = _qkv(b, h, i)
        h = _o_proj(b, h, _attention(b, q, k, v, i, layer_kv=False), i)
        conv = b.call(OPS.short_conv, (h, f"model.layers.{i}.conv"), b.fake("n", HIDDEN),
                      f"short_conv_{i}")
        for j, overload in enumerate((OPS.linear_attention.varlen,
                                      OPS.linear_attention.default)):
            out = b.call(torch.empty_like, (conv,), b.fake("n", HIDDEN), f"lin_out_{i}_{j}")
            args = (conv, out, f"model.layers.{i}.lin{j}") + ((MAX_TOKENS,) if j == 0 else ())
            b.call(overload, args, None, f"linear_attention_{i}_{j}")
            conv = b.call(operator.add, (conv, out), b.fake("n", HIDDEN), f"lin_res_{i}_{j}")
        h = _mlp(b, conv, i)
    return b.finish([_final(b, h)], ["vllm::unified_attention_with_output",
                                     "vllm::short_conv", "vllm::linear_attention"])


def slice_after_attention(layers=2):
    """An attention op returning its output (`vllm::unified_attention`),
    sliced right after to the actual tokens (`attn[:n]` with n = x.size(0)
    from before the attention): the slice joins the attention's piece."""
    b = Builder("slice_after_attention")
    h = _embed(b)
    for i in range(layers):
        n = b.method("size", (h, 0), b.s0, f"num_tokens_{i}")
        q, k, v = _qkv(b, h, i)
        attn = b.call(OPS.unified_attention.default, (q, k, v, f"model.layers.{i}.self_attn"),
                      b.fake("n", HIDDEN), f"unified_attention_{i}")
        sliced = b.call(operator.getitem, (attn, slice(None, n, None)), b.fake("n", HIDDEN),
                        f"attn_sliced_{i}")
        h = _o_proj(b, h, sliced, i)
        h = _mlp(b, h, i)
    return b.finish([_final(b, h)], ["vllm::unified_attention"])


FAMILIES = {f.__name__: f for f in (llama, llama_hidden_states, qwen, mla, moe, hybrid, lora, tuple_attention,
                                    cascade, overloads, slice_after_attention)}
