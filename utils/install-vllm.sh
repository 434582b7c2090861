#!/usr/bin/env bash
# Installs vLLM (utils/requirements-vllm.txt) into a virtual environment that
# already has utils/requirements.txt, without any of vLLM's requirements but
# the few that `import vllm.compilation.backends` needs: vllm 0.34.0 requires
# torch 2.14.0, and pip would replace torch 2.13.0 with a CUDA build of
# several GB. Usage: utils/install-vllm.sh [VENV] (default: $FX_VENV, else
# .venv/). Does nothing when the environment has this list already. It also
# unpacks the tests/ of vLLM's source distribution into VENV/vllm-tests
# (utils/fetch_vllm_tests.py, which does nothing when they are there), for
# integration_test/Vllm.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${1:-${FX_VENV:-$root/.venv}}
requirements=$root/utils/requirements-vllm.txt
python=$venv/bin/python

if [[ ! -x $python ]]; then
  echo "error: no virtual environment at $venv (utils/build.sh test makes one)" >&2
  exit 1
fi
# vLLM's own partition tests (integration_test/Vllm); a stamp of their own.
"$python" "$root/utils/fetch_vllm_tests.py" "$venv/vllm-tests"
if cmp -s "$requirements" "$venv/requirements-vllm.txt"; then
  exit 0
fi
torch=$("$python" -c "import torch; print(torch.__version__)")
echo "installing into $venv with --no-deps: $(grep -v '^#' "$requirements" | tr '\n' ' ')"
# This machine's pip also looks in local indexes and warns of each missing
# directory there: noise.
"$python" -m pip install -q --disable-pip-version-check --no-deps \
  -r "$requirements" 2>&1 |
  { grep -v "is ignored: it is neither a file nor a directory" || true; }
# --no-deps installs no torch; say so if something did.
after=$("$python" -c "import torch; print(torch.__version__)")
if [[ $after != "$torch" ]]; then
  echo "error: torch changed from $torch to $after" >&2
  exit 1
fi
"$python" -c "import vllm.compilation.backends" 2>/dev/null || {
  echo "error: vllm is installed but 'import vllm.compilation.backends' fails:" >&2
  "$python" -c "import vllm.compilation.backends" 2>&1 | tail -1 >&2
  exit 1
}
cp "$requirements" "$venv/requirements-vllm.txt"
