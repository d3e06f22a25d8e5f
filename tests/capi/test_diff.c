/* tests/capi/test_diff.c: diff.h (dv_value_diff, dv_diff_t). */
#include "check.h"

static int path_is(const dv_path_t *p, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  int ok = dv_path_to_string(&b, p, NULL) == DV_OK && buf_eq(&b, want, strlen(want));
  if (!ok) fprintf(stderr, "path %.*s, want %s\n", (int)b.len, b.ptr ? b.ptr : "", want);
  dv_buf_dispose(&b);
  return ok;
}

static int int_is(const dv_value_t *v, int64_t want) {
  int64_t n = 0;
  return v != NULL && dv_value_as_int64(&n, NULL, v, NULL) == DV_OK && n == want;
}

int main(void) {
  const char *tj = "[\"object\",{\"n\":\"number\",\"l\":[\"list\",\"number\"],\"m\":[\"map\",\"number\"]}]";
  dv_value_t *planned = NULL, *applied = NULL, *same = NULL;
  dv_diff_t *d = NULL;
  const dv_path_t *p = NULL;
  const dv_value_t *a = NULL, *b = NULL;

  planned = json_value(tj, "{\"n\":1,\"l\":[1,2],\"m\":{\"a\":1}}");
  applied = json_value(tj, "{\"n\":1.0,\"l\":[1],\"m\":{\"a\":1,\"b\":2}}");
  same = json_value(tj, "{\"n\":1,\"l\":[1,2],\"m\":{\"a\":1}}");

  CHECK_OK(dv_value_diff(&d, planned, same, &err));
  CHECK(dv_diff_length(d) == 0);
  CHECK(!dv_diff_entry(d, 0, &p, &a, &b));
  dv_diff_free(d);
  d = NULL;

  /* tftypes order: what `applied` has and `planned` lacks, then a walk of
   * `planned`. 1 and 1.0 are equal numbers. */
  CHECK_OK(dv_value_diff(&d, planned, applied, &err));
  CHECK(dv_diff_length(d) == 4);
  CHECK(dv_diff_entry(d, 0, &p, &a, &b) && path_is(p, ".m[\"b\"]") && a == NULL && int_is(b, 2));
  CHECK(dv_diff_entry(d, 1, &p, &a, &b) && path_is(p, ".l") && a != NULL && b != NULL);
  CHECK(dv_diff_entry(d, 2, &p, &a, &b) && path_is(p, ".l[1]") && int_is(a, 2) && b == NULL);
  CHECK(dv_diff_entry(d, 3, &p, &a, &b) && path_is(p, ".m") && a != NULL && b != NULL);
  CHECK(dv_diff_entry(d, 3, NULL, NULL, NULL));
  CHECK(!dv_diff_entry(d, 4, &p, &a, &b));

  /* The entries keep their own references. */
  dv_value_free(planned);
  dv_value_free(applied);
  CHECK(dv_diff_entry(d, 2, &p, &a, &b) && int_is(a, 2));
  dv_diff_free(d);

  CHECK(dv_diff_length(NULL) == 0);
  CHECK(!dv_diff_entry(NULL, 0, &p, &a, &b));
  dv_diff_free(NULL);
  dv_value_free(same);
  return check_result("test_diff");
}
