/*===- GlibcCompat.c - glibc functions newer than the wheel's floor -------===*\
|*                                                                            *|
|* This file is licensed under the Apache License v2.0 with LLVM Exceptions.  *|
|* See the LICENSE file at the root of fx-mlir for license information.       *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* Only in the self-contained library. LLVM's archives, built on Debian 12,   *|
|* call arc4random, new in glibc 2.36: that one symbol would put the wheel    *|
|* past Ubuntu 22.04's glibc 2.35. This definition, hidden like all but the   *|
|* fx C API, takes its place within the library.                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

uint32_t arc4random(void) {
  uint32_t value;
  ssize_t got;
  do
    got = getrandom(&value, sizeof(value), 0);
  while (got < 0 && errno == EINTR);
  if (got == sizeof(value))
    return value;
  /* A kernel without getrandom (before Linux 3.17). */
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    got = read(fd, &value, sizeof(value));
    close(fd);
    if (got == sizeof(value))
      return value;
  }
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint32_t)(now.tv_nsec ^ now.tv_sec ^ getpid());
}
