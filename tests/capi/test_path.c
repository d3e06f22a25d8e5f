/* tests/capi/test_path.c: path.h (dv_path_t), dv_value_lookup_path and the
 * path of errors (dv_error_path_steps). */
#include "check.h"

static int path_is(const dv_path_t *p, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  dv_status_t st = dv_path_to_string(&b, p, NULL);
  int ok = st == DV_OK && buf_eq(&b, want, strlen(want));
  if (!ok) fprintf(stderr, "path %.*s (status %d), want %s\n", (int)b.len, b.ptr ? b.ptr : "", (int)st, want);
  dv_buf_dispose(&b);
  return ok;
}

static void test_build_and_print(void) {
  dv_path_t *p = NULL, *q = NULL;
  dv_value_t *x = NULL, *big = NULL, *null_s = NULL, *unk = NULL, *yes = NULL;
  dv_path_step_t step;
  bool eq = false;

  CHECK_OK(dv_path_new(&p, &err));
  CHECK(dv_path_length(p) == 0 && path_is(p, ""));
  CHECK_OK(dv_path_append_attr(p, "network", 7, &err));
  CHECK_OK(dv_path_append_index(p, 0, &err));
  CHECK_OK(dv_path_append_attr(p, "ip", 2, &err));
  CHECK_OK(dv_path_append_key(p, "v\"4\n", 4, &err));
  CHECK(path_is(p, ".network[0].ip[\"v\\\"4\\n\"]"));
  CHECK(dv_path_length(p) == 4);
  CHECK(dv_path_step(p, 0, &step) && step.kind == DV_PATH_ATTR && str_eq(step.name, "network"));
  CHECK(dv_path_step(p, 1, &step) && step.kind == DV_PATH_INDEX && step.index == 0);
  CHECK(dv_path_step(p, 3, &step) && step.kind == DV_PATH_KEY && str_eq(step.name, "v\"4\n"));
  CHECK(!dv_path_step(p, 4, &step));
  CHECK(dv_path_step_element(p, 0) == NULL);

  /* Set elements print as tfdiags.FormatCtyPath prints index keys. */
  CHECK_OK(dv_value_new_string(&x, "x", 1, &err));
  CHECK_OK(dv_value_new_int64(&big, 1000000, &err));
  CHECK_OK(dv_value_new_null(&null_s, dv_type_string(), &err));
  CHECK_OK(dv_value_new_unknown(&unk, dv_type_number(), NULL, &err));
  CHECK_OK(dv_value_new_bool(&yes, true, &err));
  dv_path_truncate(p, 1);
  CHECK_OK(dv_path_append_element(p, x, &err));
  CHECK_OK(dv_path_append_element(p, big, &err));
  CHECK_OK(dv_path_append_element(p, null_s, &err));
  CHECK_OK(dv_path_append_element(p, unk, &err));
  CHECK_OK(dv_path_append_element(p, yes, &err));
  CHECK(path_is(p, ".network[\"x\"][1e+06][null][(not yet known)][...]"));
  CHECK(dv_path_step(p, 1, &step) && step.kind == DV_PATH_ELEMENT && step.name.len == 0);
  CHECK(dv_path_step_element(p, 1) != NULL);
  {
    bool raw = false;
    CHECK_OK(dv_value_raw_equals(&raw, dv_path_step_element(p, 1), x, &err));
    CHECK(raw);
  }

  /* Clone, equality, truncate. */
  CHECK_OK(dv_path_clone(&q, p, &err));
  CHECK_OK(dv_path_equals(&eq, p, q, &err));
  CHECK(eq);
  dv_path_truncate(q, 2);
  CHECK(dv_path_length(q) == 2 && path_is(q, ".network[\"x\"]"));
  CHECK_OK(dv_path_equals(&eq, p, q, &err));
  CHECK(!eq);
  dv_path_truncate(q, 5); /* no-op */
  CHECK(dv_path_length(q) == 2);
  dv_path_truncate(p, 2);
  CHECK_OK(dv_path_equals(&eq, p, q, &err));
  CHECK(eq);
  dv_path_truncate(q, 0);
  CHECK(path_is(q, ""));

  /* The path keeps its own references: the caller's values may go. */
  dv_value_free(x);
  CHECK(path_is(p, ".network[\"x\"]"));
  dv_path_free(p);
  dv_path_free(q);
  dv_value_free(big);
  dv_value_free(null_s);
  dv_value_free(unk);
  dv_value_free(yes);
}

static void test_apply_and_lookup(void) {
  dv_value_t *v = json_value("[\"object\",{\"l\":[\"list\",\"number\"],\"s\":[\"set\",\"string\"],\"m\":[\"map\",\"bool\"]}]",
                           "{\"l\":[1,2],\"s\":[\"b\",\"a\"],\"m\":{\"k\":true}}");
  dv_value_t *b = NULL, *got = NULL, *out = NULL;
  dv_path_t *p = NULL;
  const dv_value_t *e = NULL;
  int64_t n = 0;
  bool raw = false;

  CHECK_OK(dv_value_new_string(&b, "b", 1, &err));
  CHECK_OK(dv_path_new(&p, &err));
  CHECK(dv_value_lookup_path(v, p) == v);
  CHECK_OK(dv_path_apply(&got, p, v, &err));
  CHECK_OK(dv_value_raw_equals(&raw, got, v, &err));
  CHECK(raw);
  dv_value_free(got);
  got = NULL;

  CHECK_OK(dv_path_append_attr(p, "l", 1, &err));
  CHECK_OK(dv_path_append_index(p, 1, &err));
  e = dv_value_lookup_path(v, p);
  CHECK(e != NULL && dv_value_as_int64(&n, NULL, e, NULL) == DV_OK && n == 2);
  CHECK_OK(dv_path_apply(&got, p, v, &err));
  CHECK(dv_value_as_int64(&n, NULL, got, NULL) == DV_OK && n == 2);
  dv_value_free(got);
  got = NULL;

  /* A set element by value. */
  dv_path_truncate(p, 0);
  CHECK_OK(dv_path_append_attr(p, "s", 1, &err));
  CHECK_OK(dv_path_append_element(p, b, &err));
  e = dv_value_lookup_path(v, p);
  CHECK(e != NULL);
  CHECK_OK(dv_path_apply(&got, p, v, &err));
  CHECK_OK(dv_value_raw_equals(&raw, got, b, &err));
  CHECK(raw);
  dv_value_free(got);
  got = NULL;

  /* go-cty's errors, with the path up to the failing step. */
  dv_path_truncate(p, 0);
  CHECK_OK(dv_path_append_attr(p, "m", 1, &err));
  CHECK_OK(dv_path_append_index(p, 0, &err));
  CHECK(dv_value_lookup_path(v, p) == NULL);
  {
    dv_error_t *err = NULL;
    CHECK(dv_path_apply(&out, p, v, &err) == DV_ERR_TYPE_MISMATCH);
    CHECK(str_eq(dv_error_message(err), "at step 1: not a list type"));
    CHECK(str_eq(dv_error_path(err), ".m[0]"));
    CHECK(dv_path_length(dv_error_path_steps(err)) == 2);
    dv_error_free(err);
  }
  dv_path_truncate(p, 0);
  CHECK_OK(dv_path_append_attr(p, "zz", 2, &err));
  CHECK_STATUS(dv_path_apply(&out, p, v, &err), DV_ERR_NOT_FOUND);
  CHECK(out == NULL);

  dv_path_free(p);
  dv_value_free(b);
  dv_value_free(v);
}

static void test_error_paths(void) {
  /* An error inside a set element carries an element step: a string for
   * .n changes the element's type, which its sibling does not share. */
  dv_value_t *v = json_value("[\"object\",{\"s\":[\"set\",[\"object\",{\"n\":\"number\"}]]}]",
                             "{\"s\":[{\"n\":1},{\"n\":2}]}");
  const dv_value_t *elem = dv_value_element(dv_value_get(v, "s", 1), 0);
  dv_value_t *str = NULL, *out = NULL;
  dv_path_t *p = NULL;
  dv_error_t *err = NULL;
  const dv_path_t *ep = NULL;
  dv_path_step_t step;
  bool raw = false;

  CHECK_OK(dv_value_new_string(&str, "x", 1, &err));
  CHECK_OK(dv_path_new(&p, &err));
  CHECK_OK(dv_path_append_attr(p, "s", 1, &err));
  CHECK_OK(dv_path_append_element(p, elem, &err));
  CHECK_OK(dv_path_append_attr(p, "n", 1, &err));
  CHECK(dv_value_set_path(&out, v, p, str, &err) == DV_ERR_TYPE_MISMATCH);
  ep = dv_error_path_steps(err);
  CHECK(ep != NULL && dv_path_length(ep) == 2);
  CHECK(dv_error_path_length(err) == 2);
  CHECK(dv_error_path_step(err, 1, &step) && step.kind == DV_PATH_ELEMENT);
  CHECK(dv_path_step_element(ep, 1) != NULL);
  CHECK(dv_value_raw_equals(&raw, dv_path_step_element(ep, 1), elem, NULL) == DV_OK && raw);
  CHECK(str_eq(dv_error_path(err), ".s[...]"));
  CHECK(path_is(ep, ".s[...]"));
  CHECK(str_eq(dv_error_message(err), "a value of type [\"object\",{\"n\":\"string\"}] cannot be stored where "
                                      "[\"object\",{\"n\":\"number\"}] is expected"));
  dv_error_free(err);
  CHECK(dv_error_path_steps(NULL) == NULL);

  dv_path_free(p);
  dv_value_free(str);
  dv_value_free(v);
}

static void test_attribute_path(void) {
  /* .network[0].ip["v4"] as Go's protobuf writes the AttributePath. */
  static const char want[] = "\x0a\x09\x0a\x07network" "\x0a\x02\x18\x00" "\x0a\x04\x0a\x02ip"
                             "\x0a\x04\x12\x02v4";
  dv_path_t *p = NULL, *back = NULL, *untouched = NULL;
  dv_value_t *web = NULL;
  dv_buf_t b = DV_BUF_INIT;
  bool eq = false;

  CHECK_OK(dv_path_new(&p, &err));
  CHECK_OK(dv_path_append_attr(p, "network", 7, &err));
  CHECK_OK(dv_path_append_index(p, 0, &err));
  CHECK_OK(dv_path_append_attr(p, "ip", 2, &err));
  CHECK_OK(dv_path_append_key(p, "v4", 2, &err));
  CHECK_OK(dv_path_to_attribute_path(&b, p, &err));
  CHECK(buf_eq(&b, want, sizeof want - 1));
  CHECK_OK(dv_path_from_attribute_path(&back, b.ptr, b.len, &err));
  CHECK_OK(dv_path_equals(&eq, p, back, &err));
  CHECK(eq && path_is(back, ".network[0].ip[\"v4\"]"));
  dv_buf_dispose(&b);
  dv_path_free(back);
  back = NULL;

  /* A set element has no protocol form: the message stops at the set. */
  CHECK_OK(dv_value_new_string(&web, "web", 3, &err));
  dv_path_truncate(p, 1);
  CHECK_OK(dv_path_append_element(p, web, &err));
  CHECK_OK(dv_path_append_attr(p, "port", 4, &err));
  CHECK_OK(dv_path_to_attribute_path(&b, p, &err));
  CHECK(buf_eq(&b, want, 11));
  CHECK_OK(dv_path_from_attribute_path(&back, b.ptr, b.len, &err));
  CHECK(dv_path_length(back) == 1 && path_is(back, ".network"));
  dv_buf_dispose(&b);
  dv_path_free(back);
  back = NULL;

  /* The empty message is the empty path (NULL data with length 0). */
  dv_path_truncate(p, 0);
  CHECK_OK(dv_path_to_attribute_path(&b, p, &err));
  CHECK(b.len == 0);
  dv_buf_dispose(&b);
  CHECK_OK(dv_path_from_attribute_path(&back, NULL, 0, &err));
  CHECK(dv_path_length(back) == 0);
  dv_path_free(back);
  back = NULL;

  /* A name that is not UTF-8 cannot be a protobuf string. */
  CHECK_OK(dv_path_append_attr(p, "a", 1, &err));
  CHECK_OK(dv_path_append_key(p, "\xff", 1, &err));
  {
    dv_error_t *err = NULL;
    CHECK(dv_path_to_attribute_path(&b, p, &err) == DV_ERR_INVALID_ARG);
    CHECK(b.ptr == NULL && b.len == 0);
    CHECK(dv_error_path_length(err) == 2);
    dv_error_free(err);
  }

  /* Malformed messages: the status, the offset and the field. */
  {
    dv_error_t *err = NULL;
    CHECK(dv_path_from_attribute_path(&untouched, "\x0a\x05\x0a\x01" "a", 5, &err) == DV_ERR_PARSE);
    CHECK(untouched == NULL);
    CHECK(dv_error_offset(err) == 1);
    CHECK(str_eq(dv_error_path(err), ".steps[0]"));
    CHECK(str_eq(dv_error_message(err),
                 "protobuf attribute path: length-delimited field runs past the end of its message"));
    dv_error_free(err);
    err = NULL;
    /* a step with no selector, after a good one */
    CHECK(dv_path_from_attribute_path(&untouched, "\x0a\x02\x18\x01\x0a\x00", 6, &err) == DV_ERR_PARSE);
    CHECK(dv_error_offset(err) == 4 && str_eq(dv_error_path(err), ".steps[1]"));
    dv_error_free(err);
    err = NULL;
    CHECK(dv_path_from_attribute_path(&untouched, "\x0a\x03\x0a\x01\xc0", 5, &err) == DV_ERR_PARSE);
    CHECK(dv_error_offset(err) == 3 && str_eq(dv_error_path(err), ".steps[0].attribute_name"));
    dv_error_free(err);
    CHECK(untouched == NULL);
  }
  {
    /* 4097 steps: more than any value is deep. */
    static char many[4 * 4097];
    size_t i;
    for (i = 0; i < 4097; i++) memcpy(many + 4 * i, "\x0a\x02\x18\x00", 4);
    CHECK_OK(dv_path_from_attribute_path(&back, many, 4 * 4096, &err));
    CHECK(dv_path_length(back) == 4096);
    dv_path_free(back);
    CHECK_STATUS(dv_path_from_attribute_path(&untouched, many, sizeof many, &err), DV_ERR_LIMIT);
    CHECK(untouched == NULL);
  }

  dv_path_free(p);
  dv_value_free(web);
}

int main(void) {
  test_build_and_print();
  test_apply_and_lookup();
  test_error_paths();
  test_attribute_path();
  return check_result("test_path");
}
