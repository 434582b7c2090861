#!/bin/sh
# Interestingness test for fx-reduce: interesting (exit 1) while the candidate
# ($1, the only argument) still holds an fx.view of its own result.
if grep -q '\(%[0-9A-Za-z_]*\) = fx\.view \1,' "$1"; then
  exit 1
fi
exit 0
