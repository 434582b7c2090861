# This file is licensed under the Apache License v2.0 with LLVM Exceptions.
# See the LICENSE file at the root of fx-mlir for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

"""hide_llvm.py EXPECTED DIR COMMAND...: runs COMMAND in DIR with
/usr/lib/llvm-22 hidden under an empty tmpfs, in a mount namespace of its
own (`unshare -m`, as root), and prints in one line whether it printed what
the file EXPECTED holds; or, where this machine gives no mount namespace,
prints in one line that it skips, and why. For
integration_test/Install/wheel.test."""

import subprocess
import sys

HIDDEN = "/usr/lib/llvm-22"
expected, directory, *command = sys.argv[1:]

# The mount, in a namespace of its own, is what needs the privilege.
try:
    probe = subprocess.run(["unshare", "-m", "--propagation", "private",
                            "mount", "-t", "tmpfs", "fx-mlir-hidden", HIDDEN],
                           capture_output=True, text=True)
    why = (probe.stderr.strip().splitlines() or [f"exit status {probe.returncode}"])[-1]
except OSError as e:
    probe, why = None, e.strerror
if probe is None or probe.returncode:
    print(f"with {HIDDEN} hidden: skipped: no mount namespace here ({why})")
    sys.exit(0)

# Fails unless the folder is empty once mounted over.
script = (f'mount -t tmpfs -o size=1m fx-mlir-hidden {HIDDEN} && '
          f'test -z "$(ls -A {HIDDEN})" && cd "$0" && exec "$@"')
done = subprocess.run(["unshare", "-m", "--propagation", "private",
                       "sh", "-c", script, directory, *command],
                      capture_output=True, text=True)
with open(expected) as file:
    same = done.returncode == 0 and done.stdout == file.read()
print(f"with {HIDDEN} hidden (an empty tmpfs): exit status {done.returncode}, "
      f"the same output: {same}")
if not same:
    sys.stdout.write(done.stdout + done.stderr)
