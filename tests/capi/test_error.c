/* tests/capi/test_error.c: error.h, with errors from bad MessagePack and
 * JSON inputs (status, message, cty path, path steps, byte offset). */
#include "check.h"

int main(void) {
  dv_type_t *t = NULL;
  dv_value_t *v = NULL;
  dv_error_t *err = NULL;
  dv_path_step_t step;
  const char *tj = "[\"object\",{\"a\":[\"list\",\"number\"],\"m\":[\"map\",\"bool\"]}]";

  CHECK(dv_type_from_json(&t, tj, strlen(tj), NULL) == DV_OK);

  /* {"a": [true], "m": {}}: bytes 82 a1 61 91 c3 a1 6d 80; the bool at
   * offset 4 is not a number. */
  CHECK(dv_msgpack_decode(&v, "\x82\xa1\x61\x91\xc3\xa1\x6d\x80", 8, t, NULL, &err) == DV_ERR_TYPE_MISMATCH);
  CHECK(v == NULL);
  CHECK(err != NULL);
  CHECK(dv_error_status(err) == DV_ERR_TYPE_MISMATCH);
  CHECK(dv_error_message(err).len > 0);
  CHECK(str_eq(dv_error_path(err), ".a[0]"));
  CHECK(dv_error_path_length(err) == 2);
  CHECK(dv_error_path_step(err, 0, &step) && step.kind == DV_PATH_ATTR && str_eq(step.name, "a"));
  CHECK(dv_error_path_step(err, 1, &step) && step.kind == DV_PATH_INDEX && step.index == 0);
  CHECK(!dv_error_path_step(err, 2, &step));
  CHECK(!dv_error_path_step(err, 0, NULL));
  CHECK(dv_error_offset(err) == 4);
  { /* the line OpenTofu prints: PATH: MESSAGE */
    char want[512];
    dv_str_t m = dv_error_message(err);
    snprintf(want, sizeof want, ".a[0]: %.*s", (int)m.len, m.ptr);
    CHECK(str_eq(dv_error_line(err), want));
  }
  dv_error_free(err);
  err = (dv_error_t *)1; /* must be overwritten with NULL on success */

  /* Success sets *err to NULL. */
  CHECK(dv_msgpack_decode(&v, "\x82\xa1\x61\x90\xa1\x6d\x80", 7, t, NULL, &err) == DV_OK);
  CHECK(err == NULL);
  dv_value_free(v);
  v = NULL;

  /* A map key in the path is quoted as Go %q does. */
  {
    const char *src = "{\"m\":{\"k\\\"1\":3}}";
    CHECK(dv_json_decode(&v, src, strlen(src), t, NULL, &err) == DV_ERR_TYPE_MISMATCH);
  }
  CHECK(str_eq(dv_error_path(err), ".m[\"k\\\"1\"]"));
  CHECK(dv_error_path_step(err, 1, &step) && step.kind == DV_PATH_KEY && str_eq(step.name, "k\"1"));
  CHECK(dv_error_offset(err) != DV_OFFSET_NONE);
  dv_error_free(err);
  err = NULL;

  /* Truncated input: offset at or before the end. */
  CHECK(dv_msgpack_decode(&v, "\x82\xa1", 2, t, NULL, &err) == DV_ERR_PARSE);
  CHECK(dv_error_offset(err) <= 2);
  dv_error_free(err);
  err = NULL;

  /* Errors without input have no offset and no path. */
  CHECK(dv_value_new_number_text(&v, "x", 1, &err) == DV_ERR_PARSE);
  CHECK(dv_error_offset(err) == DV_OFFSET_NONE);
  CHECK(dv_error_path(err).len == 0 && dv_error_path_length(err) == 0);
  CHECK(str_eq(dv_error_line(err), dv_error_message(err).ptr)); /* no path: the message alone */
  dv_error_free(err);

  /* NULL-safe accessors. */
  CHECK(dv_error_status(NULL) == DV_OK);
  CHECK(dv_error_message(NULL).ptr == NULL);
  CHECK(dv_error_path(NULL).len == 0);
  CHECK(dv_error_line(NULL).ptr == NULL && dv_error_line(NULL).len == 0);
  CHECK(dv_error_path_length(NULL) == 0);
  CHECK(dv_error_offset(NULL) == DV_OFFSET_NONE);
  CHECK(!dv_error_path_step(NULL, 0, &step));
  dv_error_free(NULL);

  /* err == NULL is allowed: only the status comes back. */
  CHECK(dv_msgpack_decode(&v, "\x82\xa1", 2, t, NULL, NULL) == DV_ERR_PARSE);
  CHECK(v == NULL);

  dv_type_free(t);
  return check_result("test_error");
}
