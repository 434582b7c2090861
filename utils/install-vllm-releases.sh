#!/usr/bin/env bash
# Installs each vLLM release the plugin claims (vllm_plugin.KNOWN) but the
# pinned one (utils/requirements-vllm.txt, in the environment itself) into a
# folder of its own, VENV/vllm-releases/RELEASE/site, with --no-deps, from
# the registry, and the tests/ of its source distribution into
# VENV/vllm-releases/RELEASE/tests (utils/fetch_vllm_tests.py); what they
# import beyond the environment (utils/requirements-vllm-releases.txt) goes
# into VENV/vllm-releases/deps. A release runs with its site and deps first
# on PYTHONPATH, over the environment's vLLM (integration_test/VllmReleases).
# Usage: utils/install-vllm-releases.sh [VENV] (default: $FX_VENV, else
# .venv/). A release already there is left as it is.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${1:-${FX_VENV:-$root/.venv}}
python=$venv/bin/python
into=$venv/vllm-releases
requirements=$root/utils/requirements-vllm-releases.txt

if [[ ! -x $python ]]; then
  echo "error: no virtual environment at $venv (utils/build.sh test makes one)" >&2
  exit 1
fi
pinned=$(sed -n 's/^vllm==//p' "$root/utils/requirements-vllm.txt")
releases=$(PYTHONPATH=$root/tools/fx-import "$python" -c \
  "from fx_mlir_import.vllm_plugin import KNOWN; print(*KNOWN)")

# This machine's pip also looks in local indexes and warns of each missing
# directory there: noise.
pip_install() {
  "$python" -m pip install -q --disable-pip-version-check --no-deps "$@" 2>&1 |
    { grep -v "is ignored: it is neither a file nor a directory" || true; }
}

mkdir -p "$into"
if ! cmp -s "$requirements" "$into/deps/requirements.txt"; then
  rm -rf "$into/deps"
  pip_install --target "$into/deps" -r "$requirements"
  cp "$requirements" "$into/deps/requirements.txt"
fi
for release in $releases; do
  [[ $release == "$pinned" ]] && continue
  site=$into/$release/site
  if [[ ! -f $site/.installed ]]; then
    echo "installing vllm==$release into $site with --no-deps"
    rm -rf "$site"
    pip_install --target "$site" "vllm==$release"
    touch "$site/.installed"
  fi
  "$python" "$root/utils/fetch_vllm_tests.py" "$into/$release/tests" "$release"
  found=$(cd "$into" && PYTHONPATH=$site:$into/deps "$python" -c \
    "import vllm.compilation.backends, vllm; print(vllm.__version__)" 2>/dev/null | tail -1) || true
  if [[ $found != "$release" ]]; then
    echo "error: vllm==$release in $site: 'import vllm.compilation.backends' fails:" >&2
    (cd "$into" && PYTHONPATH=$site:$into/deps "$python" -c "import vllm.compilation.backends" 2>&1 |
      tail -1 >&2)
    exit 1
  fi
done
