#!/usr/bin/env bash
# Installs what is missing, builds fx-mlir, then runs one job:
#   utils/build.sh demo   fx-decompose-size on examples/lora.mlir
#   utils/build.sh test   the whole lit suite (check-fx)
# The build goes to $FX_BUILD_DIR (default: build/ in the checkout).
set -euo pipefail

job=${1:-}
case "$job" in
  demo | test) ;;
  *)
    echo "usage: $0 demo|test" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FX_BUILD_DIR:-$root/build}
llvm=/usr/lib/llvm-22

packages=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools cmake ninja-build)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
    grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=()
  ((EUID == 0)) || sudo=(sudo)
  echo "installing: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
fi

cmake -G Ninja -S "$root" -B "$build" \
  -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR="$llvm/lib/cmake/mlir" \
  -DLLVM_EXTERNAL_LIT="$llvm/bin/lit"

case "$job" in
  demo)
    ninja -C "$build" fx-opt
    "$build/bin/fx-opt" --fx-decompose-size "$root/examples/lora.mlir"
    ;;
  test)
    ninja -C "$build" check-fx
    ;;
esac
