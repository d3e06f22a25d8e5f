/* tests/capi/test_convert.c: convert.h (conversion, unification, flatmap)
 * and the codec.h additions that go with it (implied type, encode/decode by
 * schema, ignoring undefined attributes). */
#include <stdlib.h>

#include "check.h"

/* The error of the last CHECK_FAIL, for message_is / path_is. */
static dv_error_t *gerr = NULL;

/* Like CHECK_STATUS, but keeps the error in gerr; `call` uses &gerr. */
#define CHECK_FAIL(call, want)                                                                     \
  do {                                                                                             \
    dv_status_t st_;                                                                               \
    dv_error_free(gerr);                                                                           \
    gerr = NULL;                                                                                   \
    st_ = (call);                                                                                  \
    check_count++;                                                                                 \
    if (st_ != (want) || gerr == NULL || dv_error_status(gerr) != st_) {                           \
      check_failures++;                                                                            \
      fprintf(stderr, "%s:%d: %s returned %d, want %d\n", __FILE__, __LINE__, #call, (int)st_,    \
              (int)(want));                                                                        \
    }                                                                                              \
  } while (0)

static dv_type_t *parse_type(const char *json) {
  dv_type_t *t = NULL;
  CHECK_OK(dv_type_from_json(&t, json, strlen(json), &err));
  return t;
}

static dv_value_t *json_by_type(const char *json, const dv_type_t *t) {
  dv_value_t *v = NULL;
  CHECK_OK(dv_json_decode(&v, json, strlen(json), t, NULL, &err));
  return v;
}

/* The JSON encoding of v by its own type equals `want`. */
static int json_is(const dv_value_t *v, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  dv_status_t st = dv_json_encode(&b, v, dv_value_type(v), NULL);
  int ok = st == DV_OK && b.len == strlen(want) && memcmp(b.ptr, want, b.len) == 0;
  if (!ok) fprintf(stderr, "json status %d: %.*s, want %s\n", (int)st, (int)b.len, b.ptr ? b.ptr : "", want);
  dv_buf_dispose(&b);
  return ok;
}

static int type_is(const dv_type_t *t, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  int ok = dv_type_to_json(&b, t, NULL) == DV_OK && b.len == strlen(want) && memcmp(b.ptr, want, b.len) == 0;
  if (!ok) fprintf(stderr, "type %.*s, want %s\n", (int)b.len, b.ptr ? b.ptr : "", want);
  dv_buf_dispose(&b);
  return ok;
}

static int message_is(const char *want) {
  dv_str_t m = dv_error_message(gerr);
  int ok = m.len == strlen(want) && memcmp(m.ptr, want, m.len) == 0;
  if (!ok) fprintf(stderr, "message %.*s, want %s\n", (int)m.len, m.ptr ? m.ptr : "", want);
  return ok;
}

static int path_is(const char *want) {
  dv_str_t p = dv_error_path(gerr);
  int ok = p.len == strlen(want) && (p.len == 0 || memcmp(p.ptr, want, p.len) == 0);
  if (!ok) fprintf(stderr, "path %.*s, want %s\n", (int)p.len, p.ptr ? p.ptr : "", want);
  return ok;
}

static size_t length_of(const dv_value_t *v) {
  size_t n = 0;
  if (dv_value_length(&n, v, NULL) != DV_OK) return (size_t)-1;
  return n;
}

static bool raw_equal(const dv_value_t *a, const dv_value_t *b) {
  bool eq = false;
  return dv_value_raw_equals(&eq, a, b, NULL) == DV_OK && eq;
}

static void clear_err(void) {
  dv_error_free(gerr);
  gerr = NULL;
}

static void test_convert(void) {
  dv_type_t *tup = parse_type("[\"tuple\",[\"number\",\"string\",\"bool\"]]");
  dv_type_t *list_s = parse_type("[\"list\",\"string\"]");
  dv_type_t *obj = parse_type("[\"object\",{\"a\":\"string\",\"b\":\"number\"},[\"b\"]]");
  dv_type_t *list_n = parse_type("[\"list\",\"number\"]");
  dv_value_t *v = json_by_type("[1,\"x\",true]", tup), *out = NULL;

  /* tuple -> list of string: every element converted. */
  CHECK_OK(dv_value_convert(&out, v, list_s, 0, &err));
  CHECK(json_is(out, "[\"1\",\"x\",\"true\"]"));
  dv_value_free(out);
  out = NULL;
  /* No bool -> number conversion: refused from the types alone. */
  CHECK_FAIL(dv_value_convert(&out, v, list_n, 0, &gerr), DV_ERR_TYPE_MISMATCH);
  CHECK(message_is("element 2: number required, but have bool"));
  CHECK(path_is(""));
  clear_err();
  dv_value_free(v);
  /* "x" does not parse as a number: refused with the element's path. */
  {
    dv_type_t *tup2 = parse_type("[\"tuple\",[\"number\",\"string\"]]");
    v = json_by_type("[1,\"x\"]", tup2);
    CHECK_FAIL(dv_value_convert(&out, v, list_n, 0, &gerr), DV_ERR_TYPE_MISMATCH);
    CHECK(message_is("a number is required"));
    CHECK(path_is("[1]"));
    clear_err();
    CHECK(out == NULL);
    dv_value_free(v);
    dv_type_free(tup2);
  }

  /* object: extra attributes dropped, absent optional ones null. */
  {
    dv_type_t *src = parse_type("[\"object\",{\"a\":\"number\",\"z\":\"bool\"}]");
    v = json_by_type("{\"a\":7,\"z\":true}", src);
    CHECK_OK(dv_value_convert(&out, v, obj, 0, &err));
    CHECK(json_is(out, "{\"a\":\"7\",\"b\":null}"));
    CHECK(!dv_type_has_optional(dv_value_type(out)));
    dv_value_free(out);
    out = NULL;
    dv_value_free(v);
    /* a required attribute missing: go-cty's message, no path. */
    v = json_by_type("{\"a\":null,\"z\":null}", src);
    {
      dv_type_t *need_c = parse_type("[\"object\",{\"c\":\"string\"}]");
      CHECK_FAIL(dv_value_convert(&out, v, need_c, 0, &gerr), DV_ERR_TYPE_MISMATCH);
      CHECK(message_is("attribute \"c\" is required"));
      CHECK(path_is(""));
      clear_err();
      dv_type_free(need_c);
    }
    dv_value_free(v);
    dv_type_free(src);
  }

  /* DV_CONVERT_SAFE refuses string -> number even when it would parse. */
  {
    dv_value_t *s = NULL;
    CHECK_OK(dv_value_new_string(&s, "12", 2, &err));
    CHECK_OK(dv_value_convert(&out, s, dv_type_number(), 0, &err));
    CHECK(json_is(out, "12"));
    dv_value_free(out);
    out = NULL;
    CHECK_FAIL(dv_value_convert(&out, s, dv_type_number(), DV_CONVERT_SAFE, &gerr), DV_ERR_TYPE_MISMATCH);
    CHECK(message_is("number required"));
    clear_err();
    CHECK(dv_type_convertible(dv_type_string(), dv_type_number(), 0));
    CHECK(!dv_type_convertible(dv_type_string(), dv_type_number(), DV_CONVERT_SAFE));
    CHECK(dv_type_convertible(dv_type_number(), dv_type_string(), DV_CONVERT_SAFE));
    CHECK(!dv_type_convertible(dv_type_bool(), dv_type_number(), 0));
    dv_value_free(s);
  }

  /* An unknown tuple converted to a list knows its length (and collapses to
   * a known list of unknowns when not null). */
  {
    dv_value_t *u = NULL;
    dv_refinements_t r = DV_REFINEMENTS_INIT;
    r.flags = DV_REFINE_NOT_NULL;
    CHECK_OK(dv_value_new_unknown(&u, tup, &r, &err));
    CHECK_OK(dv_value_convert(&out, u, list_s, 0, &err));
    CHECK(dv_value_is_known(out) && length_of(out) == 3);
    dv_value_free(out);
    out = NULL;
    dv_value_free(u);
  }

  /* Already of the type: the same value. */
  v = json_by_type("[\"a\"]", list_s);
  CHECK_OK(dv_value_convert(&out, v, list_s, 0, &err));
  CHECK(raw_equal(out, v));
  dv_value_free(out);
  dv_value_free(v);

  dv_type_free(tup);
  dv_type_free(list_s);
  dv_type_free(list_n);
  dv_type_free(obj);
}

static void test_unify(void) {
  dv_type_t *tup = parse_type("[\"tuple\",[\"string\",\"string\"]]");
  dv_type_t *list_s = parse_type("[\"list\",\"string\"]");
  const dv_type_t *types[3];
  bool convs[3] = {true, true, true};
  dv_type_t *u = NULL;

  types[0] = dv_type_number();
  types[1] = dv_type_string();
  types[2] = dv_type_bool();
  CHECK_OK(dv_type_unify(&u, types, 3, 0, convs, &err));
  CHECK(type_is(u, "\"string\""));
  CHECK(convs[0] && !convs[1] && convs[2]);
  dv_type_free(u);
  u = NULL;

  types[0] = tup;
  types[1] = list_s;
  CHECK_OK(dv_type_unify(&u, types, 2, 0, convs, &err));
  CHECK(type_is(u, "[\"list\",\"string\"]"));
  CHECK(convs[0] && !convs[1]);
  dv_type_free(u);
  u = NULL;

  /* number and bool have no common type. */
  types[0] = dv_type_number();
  types[1] = dv_type_bool();
  convs[0] = convs[1] = true;
  CHECK_FAIL(dv_type_unify(&u, types, 2, 0, convs, &gerr), DV_ERR_TYPE_MISMATCH);
  clear_err();
  CHECK(u == NULL && convs[0] && convs[1]);
  CHECK_FAIL(dv_type_unify(&u, types, 0, 0, NULL, &gerr), DV_ERR_TYPE_MISMATCH);
  clear_err();

  dv_type_free(tup);
  dv_type_free(list_s);
}

static void test_implied_type(void) {
  dv_type_t *t = NULL;
  const char *j = "{\"b\":[1,\"x\",null],\"a\":{\"c\":true}}";
  CHECK_OK(dv_json_implied_type(&t, j, strlen(j), &err));
  CHECK(type_is(t, "[\"object\",{\"a\":[\"object\",{\"c\":\"bool\"}],\"b\":[\"tuple\",[\"number\",\"string\",\"dynamic\"]]}]"));
  dv_type_free(t);
  t = NULL;
  CHECK_FAIL(dv_json_implied_type(&t, "[1,]", 4, &gerr), DV_ERR_PARSE);
  CHECK(message_is("invalid character ']' looking for beginning of value"));
  clear_err();
  CHECK_FAIL(dv_json_implied_type(&t, "1 2", 3, &gerr), DV_ERR_PARSE);
  CHECK(message_is("extraneous data after JSON object"));
  clear_err();
  CHECK_FAIL(dv_json_implied_type(&t, "{\"a\":1,\"a\":\"x\"}", 15, &gerr), DV_ERR_PARSE);
  CHECK(message_is("duplicate \"a\" property in JSON object"));
  clear_err();
  CHECK(t == NULL);
}

static void test_schema_codec(void) {
  const char *blk = "{\"attributes\":{\"id\":{\"type\":\"string\",\"computed\":true},"
                    "\"extra\":{\"type\":\"dynamic\",\"optional\":true}}}";
  dv_schema_t *s = NULL;
  dv_value_t *v = NULL, *back = NULL;
  dv_buf_t b = DV_BUF_INIT;
  dv_decode_options_t o = DV_DECODE_OPTIONS_INIT;
  const char *state = "{\"id\":\"i-1\",\"extra\":{\"value\":[1],\"type\":[\"list\",\"number\"]}}";
  const char *old_state = "{\"id\":\"i-1\",\"removed\":{\"deep\":[1]},\"extra\":null}";

  CHECK_OK(dv_schema_from_block_json(&s, blk, strlen(blk), 1, &err));
  CHECK_OK(dv_schema_decode_json(&v, s, state, strlen(state), NULL, &err));
  /* By schema, the dynamic attribute keeps its wrapper. */
  CHECK_OK(dv_schema_encode_json(&b, s, v, &err));
  CHECK(strcmp(b.ptr, "{\"extra\":{\"value\":[1],\"type\":[\"list\",\"number\"]},\"id\":\"i-1\"}") == 0);
  dv_buf_dispose(&b);
  CHECK_OK(dv_schema_encode_msgpack(&b, s, v, &err));
  CHECK_OK(dv_schema_decode_msgpack(&back, s, b.ptr, b.len, NULL, &err));
  CHECK(raw_equal(back, v));
  dv_buf_dispose(&b);
  dv_value_free(back);
  back = NULL;

  /* State of an older schema: its removed attribute is refused, or
   * skipped with DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES. */
  CHECK_FAIL(dv_schema_decode_json(&back, s, old_state, strlen(old_state), NULL, &gerr), DV_ERR_TYPE_MISMATCH);
  CHECK(message_is("unsupported attribute \"removed\""));
  clear_err();
  o.flags = DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES;
  CHECK_OK(dv_schema_decode_json(&back, s, old_state, strlen(old_state), &o, &err));
  CHECK(json_is(back, "{\"extra\":null,\"id\":\"i-1\"}"));
  dv_value_free(back);
  back = NULL;
  /* The same in MessagePack: {"extra": nil, "id": "i-1", "removed": {...}}. */
  {
    const char mp[] = "\x83\xa5" "extra\xc0\xa2id\xa3i-1\xa7removed\x81\xa4" "deep\x91\x01";
    CHECK_FAIL(dv_schema_decode_msgpack(&back, s, mp, sizeof mp - 1, NULL, &gerr), DV_ERR_TYPE_MISMATCH);
    clear_err();
    CHECK_OK(dv_schema_decode_msgpack(&back, s, mp, sizeof mp - 1, &o, &err));
    CHECK(json_is(back, "{\"extra\":null,\"id\":\"i-1\"}"));
    dv_value_free(back);
    back = NULL;
    CHECK_OK(dv_msgpack_to_json(&b, mp, sizeof mp - 1, dv_schema_implied_type(s), &o, &err));
    CHECK(strcmp(b.ptr, "{\"extra\":null,\"id\":\"i-1\"}") == 0);
    dv_buf_dispose(&b);
  }
  CHECK_OK(dv_json_to_msgpack(&b, old_state, strlen(old_state), dv_schema_implied_type(s), &o, &err));
  CHECK(b.len == 15 && memcmp(b.ptr, "\x82\xa5" "extra\xc0\xa2id\xa3i-1", 15) == 0);
  dv_buf_dispose(&b);

  /* Flatmap state by schema. */
  {
    dv_str_t keys[2] = {{"id", 2}, {"extra", 5}};
    dv_str_t vals[2] = {{"i-9", 3}, {"x", 1}};
    dv_value_t *fm = NULL;
    /* extra is dynamic: flatmap cannot hold it. */
    CHECK_FAIL(dv_schema_value_from_flatmap(&fm, s, keys, vals, 2, &gerr), DV_ERR_TYPE_MISMATCH);
    CHECK(message_is("cannot decode dynamic from flatmap"));
    clear_err();
    CHECK_OK(dv_schema_value_from_flatmap(&fm, s, NULL, NULL, 0, &err));
    CHECK(dv_value_is_null(fm));
    dv_value_free(fm);
  }

  dv_value_free(v);
  dv_schema_free(s);
}

static void test_flatmap(void) {
  dv_type_t *t = parse_type("[\"object\",{\"name\":\"string\",\"port\":\"number\",\"on\":\"bool\","
                            "\"tags\":[\"map\",\"string\"],\"ids\":[\"list\",\"string\"],"
                            "\"set\":[\"set\",\"number\"]}]");
  dv_str_t keys[10] = {{"name", 4}, {"port", 4}, {"on", 2}, {"tags.%", 6}, {"tags.a.b", 8},
                       {"ids.#", 5}, {"ids.0", 5}, {"ids.1", 5}, {"set.#", 5}, {"set.123", 7}};
  dv_str_t vals[10] = {{"web", 3}, {"8080", 4}, {"true", 4}, {"1", 1}, {"x", 1},
                       {"2", 1}, {"p", 1}, {DV_FLATMAP_UNKNOWN, 36}, {"1", 1}, {"5", 1}};
  dv_value_t *v = NULL;
  CHECK_OK(dv_value_from_flatmap(&v, t, keys, vals, 10, &err));
  if (v) {
    const dv_value_t *ids = dv_value_get(v, "ids", 3);
    CHECK(length_of(ids) == 2 && !dv_value_is_known(dv_value_element(ids, 1)));
    CHECK(json_is(dv_value_get(v, "tags", 4), "{\"a.b\":\"x\"}"));
    CHECK(json_is(dv_value_get(v, "port", 4), "8080"));
    CHECK(json_is(dv_value_get(v, "set", 3), "[5]"));
  }
  dv_value_free(v);
  v = NULL;
  vals[1].ptr = "eighty";
  vals[1].len = 6;
  CHECK_FAIL(dv_value_from_flatmap(&v, t, keys, vals, 10, &gerr), DV_ERR_TYPE_MISMATCH);
  CHECK(message_is("invalid value for \"port\" in state: a number is required"));
  CHECK(gerr != NULL && str_eq(dv_error_path(gerr), ".port"));
  clear_err();
  vals[1] = vals[0];
  keys[1] = keys[0];
  CHECK_FAIL(dv_value_from_flatmap(&v, t, keys, vals, 10, &gerr), DV_ERR_INVALID_ARG);
  clear_err();
  CHECK(v == NULL);
  dv_type_free(t);
}

/* The writing direction, read back (issue 23 item 3). */
static void test_flatmap_write(void) {
  dv_type_t *t = parse_type("[\"object\",{\"name\":\"string\",\"port\":\"number\",\"gone\":\"string\","
                            "\"tags\":[\"map\",\"string\"],\"ids\":[\"list\",\"string\"]}]");
  dv_value_t *v = json_by_type("{\"name\":\"web\",\"port\":8080,\"gone\":null,\"tags\":{\"a\":\"x\"},"
                               "\"ids\":[\"p\",\"q\"]}",
                               t);
  static const char *want[][2] = {{"ids.#", "2"}, {"ids.0", "p"}, {"ids.1", "q"}, {"name", "web"},
                                  {"port", "8080"}, {"tags.%", "1"}, {"tags.a", "x"}};
  dv_str_t keys[7], vals[7];
  dv_flatmap_t *fm = NULL;
  dv_value_t *back = NULL, *nul = NULL;
  dv_encode_options_t small = DV_ENCODE_OPTIONS_INIT;
  bool raw = false;
  size_t i;

  CHECK_OK(dv_value_to_flatmap(&fm, v, NULL, &err));
  CHECK(dv_flatmap_count(fm) == 7);
  for (i = 0; i < 7 && i < dv_flatmap_count(fm); i++) {
    CHECK(dv_flatmap_entry(fm, i, &keys[i], &vals[i]));
    CHECK(str_eq(keys[i], want[i][0]) && str_eq(vals[i], want[i][1]));
  }
  CHECK(!dv_flatmap_entry(fm, 7, &keys[0], &vals[0]) && !dv_flatmap_entry(fm, 0, NULL, &vals[0]));
  CHECK_OK(dv_value_from_flatmap(&back, t, keys, vals, 7, &err));
  CHECK(dv_value_raw_equals(&raw, back, v, NULL) == DV_OK && raw);
  dv_flatmap_free(fm);
  fm = NULL;

  /* A null value is a nil map; a value that is not an object is refused;
   * the bytes written are bounded. */
  CHECK_OK(dv_value_new_null(&nul, t, &err));
  CHECK_OK(dv_value_to_flatmap(&fm, nul, NULL, &err));
  CHECK(fm == NULL);
  CHECK_STATUS(dv_value_to_flatmap(&fm, dv_value_get(v, "name", 4), NULL, &err), DV_ERR_INVALID_ARG);
  small.max_output_size = 20;
  CHECK_STATUS(dv_value_to_flatmap(&fm, v, &small, &err), DV_ERR_LIMIT);
  CHECK(fm == NULL);

  dv_value_free(nul);
  dv_value_free(back);
  dv_value_free(v);
  dv_type_free(t);
}

int main(void) {
  test_convert();
  test_unify();
  test_implied_type();
  test_schema_codec();
  test_flatmap();
  test_flatmap_write();
  return check_result("test_convert");
}
