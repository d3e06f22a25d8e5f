/*
 * example_io.h: reading a file and reporting an error, shared by the C
 * examples (the part of each program that has nothing to do with
 * libdynval). Header-only, C99.
 */
#ifndef DYNVAL_EXAMPLE_IO_H
#define DYNVAL_EXAMPLE_IO_H

#include <dynval/dynval.h>

#include <stdio.h>
#include <stdlib.h>

/* Reads a whole file into a new buffer (free it with free()), NUL-terminated
 * past *len; NULL (with a message on stderr) when it cannot. */
static inline char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  long n;
  if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
      (buf = malloc((size_t)n + 1)) != NULL) {
    if (fread(buf, 1, (size_t)n, f) == (size_t)n) {
      buf[n] = '\0';
      *len = (size_t)n;
    } else {
      free(buf);
      buf = NULL;
    }
  }
  if (f) fclose(f);
  if (!buf) fprintf(stderr, "cannot read %s\n", path);
  return buf;
}

/* Prints "what: message at path" on stderr ("what: failed" without an
 * error), frees err and returns 1 (an exit status). */
static inline int report(const char *what, dv_error_t *err) {
  dv_str_t msg = dv_error_message(err), path = dv_error_path(err);
  fprintf(stderr, "%s: ", what);
  if (msg.len > 0) fprintf(stderr, "%.*s", (int)msg.len, msg.ptr);
  else fputs("failed", stderr);
  if (path.len > 0) fprintf(stderr, " at %.*s", (int)path.len, path.ptr);
  fputc('\n', stderr);
  dv_error_free(err);
  return 1;
}

#endif /* DYNVAL_EXAMPLE_IO_H */
