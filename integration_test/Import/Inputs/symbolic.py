"""SymInts for graphs built by hand, as Dynamo makes them for dynamic dims.

torch 2 names a symbol after a hash of its source (`s52`, `s27`:
ShapeEnv._generate_unique_id in torch/fx/experimental/symbolic_shapes.py at
torch 2.13.0). The tests name theirs: `symint(env, "s0",
5)` is the backed SymInt s0 with example value 5. Fake tensors with these
dims are made under `FakeTensorMode(shape_env=env)`.
"""

from torch._dynamo.source import ConstantSource
from torch.fx.experimental.symbolic_shapes import DimDynamic


def symint(env, name, hint):
    """The SymInt `name` (s<N>) of ShapeEnv `env`, with example value `hint`."""
    index = int(name[1:])
    env._generate_unique_id = lambda source_name: index
    source = ConstantSource(name)
    symbol = env.create_symbol(hint, source, dynamic_dim=DimDynamic.DYNAMIC)
    return env.create_symintnode(symbol, hint=hint, source=source)
