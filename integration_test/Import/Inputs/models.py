"""Small real modules for the importer tests; each function returns the
module (traced by the importer with torch.fx.symbolic_trace) and example
inputs."""

import torch
import torch.nn.functional as F


class LoraLayer(torch.nn.Module):
    """The shape of the crash: x.size(0) is the stop of two slices."""

    def __init__(self):
        super().__init__()
        self.lora_a = torch.nn.Linear(8, 2, bias=False)
        self.lora_b = torch.nn.Linear(2, 8, bias=False)

    def forward(self, x, token_lora_mapping, sampler_indices):
        num_tokens = x.size(0)
        mapping = token_lora_mapping[:num_tokens]
        indices = sampler_indices[:num_tokens]
        y = self.lora_b(self.lora_a(x))
        return y, mapping, indices


def lora():
    return LoraLayer(), (torch.randn(5, 8), torch.arange(16), torch.arange(16))


class ViewSize(torch.nn.Module):
    def forward(self, x, y):
        return y.view(x.size())


def view_size():
    return ViewSize(), (torch.randn(5, 8), torch.randn(40))


class ReshapeDim(torch.nn.Module):
    def forward(self, x):
        return x.reshape(x.size(0), -1), x[:, :x.size(dim=1)]


def reshape_dim():
    return ReshapeDim(), (torch.randn(5, 4, 2),)


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(8, 16)
        self.fc2 = torch.nn.Linear(16, 8)

    def forward(self, x):
        size = x.size()
        h = F.relu(self.fc1(x.view(size[0], size[1])))
        return self.fc2(h)


def mlp():
    return MLP(), (torch.randn(3, 8),)


class Attention(torch.nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.out = torch.nn.Linear(dim, dim)

    def forward(self, x):
        size = x.size()
        b, t, c = size[0], size[1], x.size(-1)
        qkv = self.qkv(x).split(8, dim=2)
        q, k, v = qkv[0], qkv[1], qkv[2]
        q = q.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        att = torch.softmax(q @ k.transpose(-2, -1) / (c // self.heads) ** 0.5, dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, c)
        return self.out(y)


def attention():
    return Attention(), (torch.randn(2, 5, 8),)


class SymSize(torch.nn.Module):
    def forward(self, x):
        return torch.ops.aten.sym_size(x, 0)


def sym_size():
    return SymSize(), (torch.randn(5, 8),)


class Untraceable(torch.nn.Module):
    """Control flow on a traced value, which symbolic_trace cannot trace."""

    def forward(self, x):
        if x.sum() > 0:
            return x
        return -x


def untraceable():
    return Untraceable(), (torch.randn(5, 8),)


class Unsupported(torch.nn.Module):
    def forward(self, x):
        return x.sum(), "label"


def unsupported():
    return Unsupported(), (torch.randn(5, 8),)


class Complex(torch.nn.Module):
    def forward(self, x):
        return torch.view_as_complex(x)


def complex_output():
    return Complex(), (torch.randn(4, 2),)


class Quantized(torch.nn.Module):
    def forward(self, x):
        return torch.quantize_per_tensor(x, 0.1, 0, torch.quint8)


def quantized():
    return Quantized(), (torch.randn(4, 2),)


class BadView(torch.nn.Module):
    def forward(self, x):
        return x.view(3, 7)


def bad_view():
    return BadView(), (torch.randn(5, 8),)


class Squeeze(torch.nn.Module):
    def forward(self, x):
        return x.squeeze(0)


def squeeze_one_row():
    return Squeeze(), (torch.randn(1, 8),)


def empty_rows():
    return Squeeze(), (torch.randn(0, 8),)


class Unbind(torch.nn.Module):
    def forward(self, x):
        return x.unbind(0)


def unbind():
    return Unbind(), (torch.randn(4, 8),)


class Split(torch.nn.Module):
    def forward(self, x):
        return x.split(2, 0)


def split():
    return Split(), (torch.randn(4, 8),)


def returns_list():
    return [1, 2]


def returns_string():
    return "model"


def returns_module_alone():
    return Squeeze()


def returns_tensor_inputs():
    return Squeeze(), torch.randn(2, 8)


def raises():
    raise ValueError("no weights here")


class Scale(torch.nn.Module):
    def forward(self, x, scale=2):
        return x * scale


def scale_default():
    return Scale(), (torch.randn(4, 8),)


class TwoSlices(torch.nn.Module):
    """x.size(0) in two slices of one getitem, and in a second getitem: two
    users for torch.fx."""

    def forward(self, x, m):
        n = x.size(0)
        return m[:n, :n], m[n:]


def two_slices():
    return TwoSlices(), (torch.randn(4, 8), torch.randn(16, 16))


class NoMetadata(torch.nn.Module):
    def forward(self, x):
        return x + 1


def no_metadata():
    return torch.fx.symbolic_trace(NoMetadata())


torch.fx.wrap("len")


class RankOnly(torch.nn.Module):
    """len(x.size()) is a constant; the size itself is left without users."""

    def forward(self, x):
        return x.reshape(len(x.size()), -1), x.size()


def rank_only():
    return RankOnly(), (torch.randn(4, 8),)
