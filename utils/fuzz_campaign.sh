#!/usr/bin/env bash
# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# A fuzz campaign: every libFuzzer target of tools/fx-fuzz, one after the
# other, an equal share of EXECUTIONS each (default 10^7 in all), seeded from
# fuzz/<its corpus>. Prints each target's executions and seconds, then the
# total; fails on the first crash, leak, timeout or sanitizer report, whose
# input is left as $build/fuzz-campaign/<target>-crash-<hash>.
#
#   utils/fuzz_campaign.sh [EXECUTIONS [TARGET...]]
#
# Run it in the sanitizer build of utils/build.sh fuzz ($FX_BUILD_DIR,
# default build-sanitize/), once the targets are built:
#   ninja -C build-sanitize fx-fuzz fx-fuzz-structured fx-fuzz-assert \
#     fx-fuzz-split-map fx-fuzz-runner
# One process (no -jobs), at the lowest priority: the machine may be shared. New inputs
# go to $build/fuzz-campaign/<target>/, which a later campaign starts from;
# the committed corpora only seed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FX_BUILD_DIR:-$root/build-sanitize}
executions=${1:-10000000}
shift || true
declare -A corpus=([fx-fuzz]=corpus [fx-fuzz-structured]=corpus
  [fx-fuzz-assert]=assert [fx-fuzz-split-map]=split-map [fx-fuzz-runner]=runner)
targets=("$@")
((${#targets[@]})) ||
  targets=(fx-fuzz fx-fuzz-structured fx-fuzz-assert fx-fuzz-split-map fx-fuzz-runner)
share=$(((executions + ${#targets[@]} - 1) / ${#targets[@]}))

# As in test/lit.cfg.py: the uninstrumented libMLIR.so allocates from slabs
# that LLVM's allocator, inlined into the instrumented code, has poisoned.
export ASAN_OPTIONS=allow_user_poisoning=0
out=$build/fuzz-campaign
mkdir -p "$out"
echo "fuzz campaign at $(git -C "$root" rev-parse --short HEAD): $executions executions," \
  "$share per target"
total=0
start=$SECONDS
for target in "${targets[@]}"; do
  [[ -n ${corpus[$target]:-} ]] || { echo "unknown target: $target" >&2; exit 2; }
  mkdir -p "$out/$target"
  log=$out/$target.log
  began=$SECONDS
  status=0
  # A maps-file, a temporary file, and any file a target writes stay in $out.
  (cd "$out" && nice -n 19 "$build/bin/$target" -runs="$share" \
    -timeout=60 -print_final_stats=1 -artifact_prefix="$out/$target-" \
    "$out/$target" "$root/fuzz/${corpus[$target]}") >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  seconds=$((SECONDS - began))
  echo "$target: ${runs:-0} executions in $seconds s"
  if ((status)); then
    grep -E "^==[0-9]+==ERROR|SUMMARY|^artifact_prefix|Test unit written" "$log" >&2 || true
    echo "$target failed (exit status $status): see $log" >&2
    exit 1
  fi
  total=$((total + ${runs:-0}))
done
echo "total: $total executions in $((SECONDS - start)) s, no crash"
