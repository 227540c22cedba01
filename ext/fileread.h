/* Reading a file at an offset without moving its position (pread), for the PGN reader's
   read-ahead beside a Python file object whose own buffer and position stay as they were. */
#ifndef CB_FILEREAD_H
#define CB_FILEREAD_H

#include <stdint.h>

/* Returns the bytes read into buf (up to n) from the file descriptor's offset off, 0 at the
   end, -1 if it cannot (an error, or a system without pread: the caller reads otherwise). */
int64_t file_pread(int fd, char *buf, int64_t n, int64_t off);

#endif
