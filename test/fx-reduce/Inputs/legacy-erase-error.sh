#!/bin/sh
# Interestingness test for fx-reduce: interesting (exit 1) while the pre-fix
# decomposition still fails with torch.fx's erase error on the candidate.
#   $1: the fx-opt to run (the reducer's test-arg)
#   $2: the candidate program (the reducer passes it last)
if "$1" "$2" --test-fx-legacy-decompose-size 2>&1 >/dev/null |
    grep -q "Tried to erase Node .* but it still had .* users in the graph"; then
  exit 1
fi
exit 0
