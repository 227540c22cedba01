#include "fileread.h"
#ifndef _WIN32
#include <errno.h>
#include <unistd.h>
#endif

int64_t file_pread(int fd, char *buf, int64_t n, int64_t off) {
#ifdef _WIN32
  (void)fd, (void)buf, (void)n, (void)off;  /* (ReadFile at an offset moves a synchronous handle's position) */
  return -1;
#else
  if ((int64_t)(off_t)off != off) return -1;
  for (;;) {
    const ssize_t k = pread(fd, buf, (size_t)n, (off_t)off);
    if (k >= 0) return (int64_t)k;
    if (errno != EINTR) return -1;
  }
#endif
}
