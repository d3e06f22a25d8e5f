/* tests/capi/check.h: a tiny check framework for the C API tests (C99).
 *
 * CHECK(cond) records a failure with file:line and continues; CHECK_OK(call)
 * expects DV_OK and prints the error details otherwise; CHECK_STATUS(call, s)
 * expects status s. main() returns check_result(): nonzero if anything
 * failed. Only the public headers are used. */
#ifndef DV_TEST_CHECK_H
#define DV_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

#include <dynval/dynval.h>

#if defined(__GNUC__)
#define CHECK_UNUSED __attribute__((unused))
#else
#define CHECK_UNUSED
#endif

static int check_failures = 0;
static int check_count = 0;

#define CHECK(cond)                                                           \
  do {                                                                        \
    check_count++;                                                            \
    if (!(cond)) {                                                            \
      check_failures++;                                                       \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                         \
  } while (0)

/* Runs `call` (which must take a trailing `&err` argument written by the
 * caller) and checks its status. */
CHECK_UNUSED static void check_status_impl(dv_status_t got, dv_status_t want, dv_error_t *err, const char *expr,
                              const char *file, int line) {
  check_count++;
  if (got != want) {
    dv_str_t m = dv_error_message(err);
    dv_str_t p = dv_error_path(err);
    check_failures++;
    fprintf(stderr, "%s:%d: %s returned %d (%s), want %d (%s); message: %.*s path: %.*s\n", file, line,
            expr, (int)got, dv_status_str(got), (int)want, dv_status_str(want), (int)m.len,
            m.ptr ? m.ptr : "", (int)p.len, p.ptr ? p.ptr : "");
  }
  /* The error object follows the status: present exactly on failure. */
  if ((got == DV_OK) != (err == NULL)) {
    check_failures++;
    fprintf(stderr, "%s:%d: %s: err is %s but status is %d\n", file, line, expr, err ? "set" : "NULL",
            (int)got);
  }
  if (err && dv_error_status(err) != got) {
    check_failures++;
    fprintf(stderr, "%s:%d: %s: dv_error_status %d != returned %d\n", file, line, expr,
            (int)dv_error_status(err), (int)got);
  }
}

/* `call` must use a variable named `err` (dv_error_t *) as its last argument. */
#define CHECK_STATUS(call, want)                                               \
  do {                                                                         \
    dv_error_t *err = NULL;                                                    \
    dv_status_t st_ = (call);                                                  \
    check_status_impl(st_, (want), err, #call, __FILE__, __LINE__);            \
    dv_error_free(err);                                                        \
  } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, DV_OK)

/* Compares a view with a C string. */
CHECK_UNUSED static int str_eq(dv_str_t s, const char *want) {
  size_t n = strlen(want);
  return s.ptr != NULL && s.len == n && memcmp(s.ptr, want, n) == 0;
}

CHECK_UNUSED static int buf_eq(const dv_buf_t *b, const void *want, size_t n) {
  return b->len == n && (n == 0 || (b->ptr != NULL && memcmp(b->ptr, want, n) == 0));
}

/* Decodes JSON text by the type in type JSON; NULL (and a failed check)
 * when either is invalid. Free the result with dv_value_free. */
CHECK_UNUSED static dv_value_t *json_value(const char *type_json, const char *json) {
  dv_type_t *t = NULL;
  dv_value_t *v = NULL;
  CHECK(dv_type_from_json(&t, type_json, strlen(type_json), NULL) == DV_OK);
  CHECK(dv_json_decode(&v, json, strlen(json), t, NULL, NULL) == DV_OK);
  dv_type_free(t);
  return v;
}

static int check_result(const char *name) {
  if (check_failures) {
    fprintf(stderr, "%s: %d of %d checks FAILED\n", name, check_failures, check_count);
    return 1;
  }
  printf("%s: all %d checks passed\n", name, check_count);
  return 0;
}

#endif
