/* tests/capi/test_threads.c: the thread-safety promise of dynval.h: const
 * handles may be used concurrently, and any handle may be freed on another
 * thread. Several threads share one value and one type, each
 * cloning, reading, encoding and decoding them, while another thread frees a
 * clone of the shared value (concurrent reference-count updates). Run it
 * under ThreadSanitizer (-Db_sanitize=thread) or helgrind for a race check. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "check.h"

#define THREADS 4
#define ROUNDS 200

static const dv_value_t *g_value;
static const dv_type_t *g_type;
static dv_buf_t g_expected;
static int g_errors[THREADS];

static int count_visit(const dv_path_t *path, const dv_value_t *v, void *payload) {
  (void)path;
  (void)v;
  (*(int *)payload)++;
  return 0;
}

static int upper_exit(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace, void *payload) {
  (void)payload;
  if (dv_path_length(path) == 1 && dv_value_kind(v) == DV_TYPE_STRING) return dv_value_new_string(replace, "X", 1, NULL) == DV_OK ? 0 : -1;
  return 0;
}

/* Walks, transforms and diffs of the shared value (each thread builds its
 * own results; the set index of a diff is per call). */
static int walk_and_diff(void) {
  int visits = 0, bad = 0;
  dv_value_t *out = NULL;
  dv_diff_t *d = NULL;
  if (dv_value_walk(g_value, count_visit, &visits, NULL) != 0 || visits != 4) bad++;
  if (dv_value_transform(&out, g_value, NULL, upper_exit, NULL, NULL) != 0) bad++;
  else {
    size_t n = 0;
    if (dv_value_length(&n, out, NULL) != DV_OK || n != 1) bad++;
    if (dv_value_diff(&d, g_value, out, NULL) != DV_OK || dv_diff_length(d) != 5) bad++; /* X; the set (length); a, b, c */
    dv_diff_free(d);
    dv_value_free(out);
  }
  return bad;
}

static void *worker(void *arg) {
  int id = *(int *)arg, i;
  for (i = 0; i < ROUNDS; i++) {
    dv_value_t *clone = NULL, *back = NULL;
    dv_buf_t b = DV_BUF_INIT;
    bool raw = false;
    size_t n = 0;
    if (dv_value_clone(&clone, g_value, NULL) != DV_OK) g_errors[id]++;
    if (dv_msgpack_encode(&b, clone, g_type, NULL) != DV_OK || !buf_eq(&b, g_expected.ptr, g_expected.len))
      g_errors[id]++;
    if (dv_msgpack_decode(&back, b.ptr, b.len, g_type, NULL, NULL) != DV_OK) g_errors[id]++;
    if (dv_value_raw_equals(&raw, back, g_value, NULL) != DV_OK || !raw) g_errors[id]++;
    if (dv_value_length(&n, g_value, NULL) != DV_OK || n != 3) g_errors[id]++;
    if (dv_value_element(g_value, 2) == NULL) g_errors[id]++;
    g_errors[id] += walk_and_diff();
    dv_buf_dispose(&b);
    dv_value_free(back);
    dv_value_free(clone);
  }
  return NULL;
}

/* A clone handed to a thread that frees it there. */
static void *free_there(void *arg) {
  dv_value_free((dv_value_t *)arg);
  return NULL;
}

int main(void) {
  pthread_t th[THREADS + 1];
  int ids[THREADS], i;
  dv_value_t *elems[3], *list = NULL, *clone = NULL;
  dv_type_t *type = NULL;
  const char *strs[3] = {"a", "b\xcc\x81", "ccc"};

  for (i = 0; i < 3; i++) CHECK(dv_value_new_string(&elems[i], strs[i], strlen(strs[i]), NULL) == DV_OK);
  CHECK(dv_value_new_set(&list, dv_type_string(), (const dv_value_t *const *)elems, 3, NULL) == DV_OK);
  CHECK(dv_type_new_set(&type, dv_type_string(), NULL) == DV_OK);
  CHECK(dv_msgpack_encode(&g_expected, list, type, NULL) == DV_OK);
  g_value = list;
  g_type = type;

  for (i = 0; i < THREADS; i++) {
    ids[i] = i;
    CHECK(pthread_create(&th[i], NULL, worker, &ids[i]) == 0);
  }
  CHECK(dv_value_clone(&clone, list, NULL) == DV_OK);
  CHECK(pthread_create(&th[THREADS], NULL, free_there, clone) == 0);
  for (i = 0; i <= THREADS; i++) pthread_join(th[i], NULL);
  for (i = 0; i < THREADS; i++) CHECK(g_errors[i] == 0);

  for (i = 0; i < 3; i++) dv_value_free(elems[i]);
  dv_value_free(list);
  dv_type_free(type);
  dv_buf_dispose(&g_expected);
  return check_result("test_threads");
}
