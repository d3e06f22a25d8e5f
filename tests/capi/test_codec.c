/* tests/capi/test_codec.c: codec.h (and buffer.h), with bytes verified
 * against go-cty v1.18.1 (docs/gocty-behaviour.md#refinements and
 * tests/data/gocty-vectors.txt). */
#include "check.h"

static dv_type_t *parse_type(const char *json) {
  dv_type_t *t = NULL;
  CHECK(dv_type_from_json(&t, json, strlen(json), NULL) == DV_OK);
  return t;
}

static int msgpack_is(const dv_value_t *v, const dv_type_t *t, const char *hex) {
  unsigned char want[256];
  size_t n = 0, i;
  dv_buf_t b = DV_BUF_INIT;
  dv_status_t st;
  for (; hex[0] && hex[1]; hex += 2) {
    unsigned x;
    sscanf(hex, "%2x", &x);
    want[n++] = (unsigned char)x;
  }
  st = dv_msgpack_encode(&b, v, t, NULL);
  if (st == DV_OK && buf_eq(&b, want, n)) {
    dv_buf_dispose(&b);
    return 1;
  }
  fprintf(stderr, "msgpack status %d:", (int)st);
  for (i = 0; i < b.len; i++) fprintf(stderr, " %02x", (unsigned char)b.ptr[i]);
  fprintf(stderr, "\n");
  dv_buf_dispose(&b);
  return 0;
}

static int json_is(const dv_value_t *v, const dv_type_t *t, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  dv_status_t st = dv_json_encode(&b, v, t, NULL);
  int ok = st == DV_OK && buf_eq(&b, want, strlen(want));
  if (!ok) fprintf(stderr, "json status %d: %.*s, want %s\n", (int)st, (int)b.len, b.ptr ? b.ptr : "", want);
  dv_buf_dispose(&b);
  return ok;
}

static void test_unknowns(void) {
  dv_value_t *v = NULL;
  dv_refinements_t r = DV_REFINEMENTS_INIT;
  dv_type_t *list_t = parse_type("[\"list\",\"string\"]");

  CHECK_OK(dv_value_new_unknown(&v, dv_type_string(), NULL, &err));
  CHECK(msgpack_is(v, dv_value_type(v), "d40000"));
  {
    dv_buf_t j = DV_BUF_INIT;
    CHECK_STATUS(dv_json_encode(&j, v, dv_value_type(v), &err), DV_ERR_UNKNOWN_VALUE);
    CHECK(j.ptr == NULL);
  }
  dv_value_free(v);

  r.flags = DV_REFINE_NOT_NULL;
  CHECK_OK(dv_value_new_unknown(&v, dv_type_string(), &r, &err));
  CHECK(msgpack_is(v, dv_value_type(v), "c7030c8101c2"));
  dv_value_free(v);

  r.flags = DV_REFINE_NOT_NULL | DV_REFINE_PREFIX;
  r.prefix = "foo-";
  r.prefix_len = 4;
  CHECK_OK(dv_value_new_unknown(&v, dv_type_string(), &r, &err));
  CHECK(msgpack_is(v, dv_value_type(v), "c7090c8201c202a4666f6f2d"));
  dv_value_free(v);

  r.flags = DV_REFINE_LOWER; /* > 0 */
  r.lower_text = "0";
  r.lower_text_len = 1;
  CHECK_OK(dv_value_new_unknown(&v, dv_type_number(), &r, &err));
  CHECK(msgpack_is(v, dv_value_type(v), "c7050c81039200c2"));
  dv_value_free(v);

  r.flags = DV_REFINE_LENGTH_MAX;
  r.length_max = 200;
  CHECK_OK(dv_value_new_unknown(&v, list_t, &r, &err));
  CHECK(msgpack_is(v, dv_value_type(v), "d60c8106ccc8"));
  dv_value_free(v);
  dv_type_free(list_t);
}

static void test_values(void) {
  dv_value_t *v = NULL, *back = NULL, *s = NULL;
  dv_type_t *set_t = parse_type("[\"set\",\"string\"]");
  dv_type_t *map_t = parse_type("[\"map\",\"bool\"]");
  dv_buf_t b = DV_BUF_INIT, j = DV_BUF_INIT, t = DV_BUF_INIT;
  bool raw = false;

  /* set(string) b,a,B,a -> 93 a142 a161 a162 */
  CHECK_OK(dv_json_decode(&v, "[\"b\",\"a\",\"B\",\"a\"]", 17, set_t, NULL, &err));
  CHECK(msgpack_is(v, dv_value_type(v), "93a142a161a162"));
  CHECK(json_is(v, dv_value_type(v), "[\"B\",\"a\",\"b\"]"));
  /* msgpack round trip gives a raw-equal value */
  CHECK_OK(dv_msgpack_encode(&b, v, set_t, &err));
  CHECK_OK(dv_msgpack_decode(&back, b.ptr, b.len, set_t, NULL, &err));
  CHECK_OK(dv_value_raw_equals(&raw, v, back, &err));
  CHECK(raw);
  /* transcoding gives the same bytes as decode + encode */
  CHECK_OK(dv_msgpack_to_json(&t, b.ptr, b.len, set_t, NULL, &err));
  CHECK(buf_eq(&t, "[\"B\",\"a\",\"b\"]", 13));
  dv_buf_dispose(&t);
  CHECK_OK(dv_json_to_msgpack(&t, "[\"b\",\"a\",\"B\",\"a\"]", 17, set_t, NULL, &err));
  CHECK(buf_eq(&t, b.ptr, b.len));
  dv_buf_dispose(&t);
  /* The same-format transcoders canonicalise: go-cty's set order, one "a". */
  CHECK_OK(dv_json_to_json(&t, "[\"b\",\"a\",\"B\",\"a\"]", 17, set_t, NULL, &err));
  CHECK(buf_eq(&t, "[\"B\",\"a\",\"b\"]", 13));
  dv_buf_dispose(&t);
  {
    /* The same set unordered and with a duplicate, as MessagePack. */
    static const char unordered[] = "\x94\xa1" "b\xa1" "a\xa1" "B\xa1" "a";
    CHECK_OK(dv_msgpack_to_msgpack(&t, unordered, sizeof unordered - 1, set_t, NULL, &err));
    CHECK(buf_eq(&t, b.ptr, b.len));
    dv_buf_dispose(&t);
    CHECK_STATUS(dv_msgpack_to_msgpack(&t, unordered, 3, set_t, NULL, &err), DV_ERR_PARSE);
    CHECK(t.ptr == NULL && t.len == 0);
    CHECK_STATUS(dv_json_to_json(&t, "[{}]", 4, set_t, NULL, &err), DV_ERR_TYPE_MISMATCH);
    CHECK_STATUS(dv_msgpack_to_msgpack(NULL, unordered, 3, set_t, NULL, &err), DV_ERR_INVALID_ARG);
    CHECK_STATUS(dv_json_to_json(&t, "[]", 2, NULL, NULL, &err), DV_ERR_INVALID_ARG);
  }
  dv_buf_dispose(&b);
  CHECK(b.ptr == NULL && b.len == 0);
  dv_value_free(v);
  dv_value_free(back);
  v = back = NULL;

  /* map {b,a,B,""} of bool -> 84 a0c3 a142c3 a161c2 a162c3 */
  {
    const char *src = "{\"b\":true,\"a\":false,\"B\":true,\"\":true}";
    CHECK_OK(dv_json_decode(&v, src, strlen(src), map_t, NULL, &err));
    CHECK(msgpack_is(v, map_t, "84a0c3a142c3a161c2a162c3"));
    dv_value_free(v);
    v = NULL;
  }

  /* A string as dynamic gets go-cty's [type, value] wrapper. */
  s = NULL;
  CHECK_OK(dv_value_new_string(&s, "hi", 2, &err));
  CHECK(msgpack_is(s, dv_type_dynamic(), "92c40822737472696e6722a26869"));
  CHECK(json_is(s, dv_type_dynamic(), "{\"value\":\"hi\",\"type\":\"string\"}"));
  CHECK(msgpack_is(s, dv_value_type(s), "a26869"));
  /* Encoding as a non-conforming type fails. */
  CHECK_STATUS(dv_msgpack_encode(&j, s, dv_type_number(), &err), DV_ERR_TYPE_MISMATCH);
  CHECK(j.ptr == NULL);
  dv_value_free(s);

  /* Infinity cannot be JSON. */
  CHECK_OK(dv_value_new_number_text(&v, "+Inf", 4, &err));
  CHECK(msgpack_is(v, dv_value_type(v), "cb7ff0000000000000"));
  CHECK_STATUS(dv_json_encode(&j, v, dv_value_type(v), &err), DV_ERR_UNSUPPORTED);
  dv_value_free(v);
  v = NULL;

  /* Numbers keep their precision class on the wire. */
  CHECK_OK(dv_json_decode(&v, "0.1", 3, dv_type_number(), NULL, &err));
  CHECK(msgpack_is(v, dv_value_type(v), "a3302e31"));
  dv_value_free(v);
  v = NULL;
  CHECK_OK(dv_msgpack_decode(&v, "\xcb\x3f\xb9\x99\x99\x99\x99\x99\x9a", 9, dv_type_number(), NULL, &err));
  CHECK(json_is(v, dv_value_type(v), "0.1"));
  CHECK(msgpack_is(v, dv_value_type(v), "cb3fb999999999999a"));
  dv_value_free(v);
  v = NULL;

  dv_type_free(set_t);
  dv_type_free(map_t);
}

static void test_options(void) {
  dv_value_t *v = NULL;
  dv_decode_options_t o = DV_DECODE_OPTIONS_INIT;
  dv_decode_options_t o2;
  dv_type_t *deep = parse_type("[\"list\",[\"list\",[\"list\",\"bool\"]]]");

  CHECK_OK(dv_decode_options_init(&o2, DV_DECODE_OPTIONS_VERSION, &err));
  CHECK(o2.version == DV_DECODE_OPTIONS_VERSION && o2.flags == 0 && o2.max_depth == 0);
  CHECK_STATUS(dv_decode_options_init(&o2, 999, &err), DV_ERR_INVALID_ARG);

  /* Trailing bytes: ignored by default (as go-cty), rejected on request. */
  CHECK_OK(dv_msgpack_decode(&v, "\xc3\xc3", 2, dv_type_bool(), NULL, &err));
  dv_value_free(v);
  v = NULL;
  o.flags = DV_DECODE_REJECT_TRAILING;
  {
    dv_error_t *err = NULL;
    CHECK(dv_msgpack_decode(&v, "\xc3\xc3", 2, dv_type_bool(), &o, &err) == DV_ERR_PARSE);
    CHECK(v == NULL);
    CHECK(dv_error_offset(err) == 1);
    dv_error_free(err);
  }
  CHECK_STATUS(dv_json_decode(&v, "true x", 6, dv_type_bool(), &o, &err), DV_ERR_PARSE);
  CHECK_OK(dv_json_decode(&v, "true  ", 6, dv_type_bool(), &o, &err));
  dv_value_free(v);
  v = NULL;

  /* Depth limit. */
  o.flags = 0;
  o.max_depth = 2;
  CHECK_STATUS(dv_msgpack_decode(&v, "\x91\x91\x91\xc3", 4, deep, &o, &err), DV_ERR_LIMIT);
  o.max_depth = 0;
  CHECK_OK(dv_msgpack_decode(&v, "\x91\x91\x91\xc3", 4, deep, &o, &err));
  dv_value_free(v);
  v = NULL;

  /* An array header claiming 2^32-1 elements must not allocate or crash. */
  {
    dv_status_t st = dv_msgpack_decode(&v, "\xdd\xff\xff\xff\xff", 5, deep, NULL, NULL);
    CHECK(st == DV_ERR_PARSE || st == DV_ERR_LIMIT);
    CHECK(v == NULL);
  }
  /* JSON parsed in place: DV_JSON_PADDING bytes after the text are read by
   * nobody's rule but simdjson's, and their content does not matter. */
  {
    char text[5 + DV_JSON_PADDING];
    dv_buf_t mp = DV_BUF_INIT;
    dv_type_t *list = parse_type("[\"list\",\"number\"]");
    size_t n = 0;
    memcpy(text, "[1,2]", 5);
    memset(text + 5, ']', DV_JSON_PADDING);
    o.flags = DV_DECODE_JSON_PADDED | DV_DECODE_REJECT_TRAILING;
    CHECK_OK(dv_json_decode(&v, text, 5, list, &o, &err));
    CHECK_OK(dv_value_length(&n, v, &err));
    CHECK(n == 2);
    CHECK_OK(dv_json_to_msgpack(&mp, text, 5, list, &o, &err));
    CHECK(buf_eq(&mp, "\x92\x01\x02", 3));
    dv_buf_dispose(&mp);
    CHECK_OK(dv_json_to_json(&mp, text, 5, list, &o, &err));
    CHECK(buf_eq(&mp, "[1,2]", 5));
    dv_buf_dispose(&mp);
    /* MessagePack ignores the flag. */
    CHECK_OK(dv_msgpack_to_msgpack(&mp, "\x91\x01", 2, list, &o, &err));
    CHECK(buf_eq(&mp, "\x91\x01", 2));
    dv_buf_dispose(&mp);
    dv_value_free(v);
    v = NULL;
    dv_type_free(list);
    o.flags = 0;
  }
  CHECK(DV_DEFAULT_MAX_INPUT_SIZE == (size_t)256 << 20 && DV_DEFAULT_MAX_OUTPUT_SIZE == (size_t)256 << 20);

  /* Bad versions and flags. */
  o.version = 0;
  CHECK_STATUS(dv_msgpack_decode(&v, "\xc3", 1, dv_type_bool(), &o, &err), DV_ERR_INVALID_ARG);
  o.version = DV_DECODE_OPTIONS_VERSION;
  o.flags = 0x100;
  CHECK_STATUS(dv_msgpack_decode(&v, "\xc3", 1, dv_type_bool(), &o, &err), DV_ERR_INVALID_ARG);
  CHECK(v == NULL);
  dv_type_free(deep);
}

/* The output limit: dv_encode_options_t, the _ext encoders, and
 * max_output_size of dv_decode_options_t (version 2) for the transcoders. */
static void test_output_limit(void) {
  dv_encode_options_t eo = DV_ENCODE_OPTIONS_INIT;
  dv_encode_options_t eo2;
  dv_decode_options_t o = DV_DECODE_OPTIONS_INIT;
  dv_buf_t b = DV_BUF_INIT;
  dv_value_t *v = NULL;
  dv_type_t *list = parse_type("[\"list\",\"string\"]");
  const char *json = "[\"aaaaaaaa\",\"bbbbbbbb\",\"cccccccc\"]"; /* 34 bytes */

  CHECK_OK(dv_encode_options_init(&eo2, DV_ENCODE_OPTIONS_VERSION, &err));
  CHECK(eo2.version == DV_ENCODE_OPTIONS_VERSION && eo2.flags == 0 && eo2.max_output_size == 0);
  CHECK_STATUS(dv_encode_options_init(&eo2, 0, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_encode_options_init(&eo2, DV_ENCODE_OPTIONS_VERSION + 1, &err), DV_ERR_INVALID_ARG);

  CHECK_OK(dv_json_decode(&v, json, strlen(json), list, NULL, &err));
  /* Defaults (NULL or 0) write everything. */
  CHECK_OK(dv_json_encode_ext(&b, v, list, NULL, &err));
  CHECK(buf_eq(&b, json, strlen(json)));
  dv_buf_dispose(&b);
  CHECK_OK(dv_json_encode_ext(&b, v, list, &eo, &err));
  dv_buf_dispose(&b);
  /* Exactly the output size passes; one byte less is DV_ERR_LIMIT. */
  eo.max_output_size = strlen(json);
  CHECK_OK(dv_json_encode_ext(&b, v, list, &eo, &err));
  dv_buf_dispose(&b);
  eo.max_output_size = strlen(json) - 1;
  CHECK_STATUS(dv_json_encode_ext(&b, v, list, &eo, &err), DV_ERR_LIMIT);
  CHECK(b.ptr == NULL && b.len == 0);
  eo.max_output_size = 28; /* 1 + 3 * 9 bytes of msgpack */
  CHECK_OK(dv_msgpack_encode_ext(&b, v, list, &eo, &err));
  CHECK(b.len == 28);
  dv_buf_dispose(&b);
  eo.max_output_size = 27;
  {
    dv_error_t *e = NULL;
    CHECK(dv_msgpack_encode_ext(&b, v, list, &eo, &e) == DV_ERR_LIMIT);
    CHECK(strstr(dv_error_message(e).ptr, "27 bytes") != NULL);
    dv_error_free(e);
  }
  eo.flags = 1;
  CHECK_STATUS(dv_msgpack_encode_ext(&b, v, list, &eo, &err), DV_ERR_INVALID_ARG);

  /* Transcoders obey max_output_size of dv_decode_options_t version 2. */
  o.max_output_size = strlen(json) - 1;
  {
    dv_buf_t mp = DV_BUF_INIT;
    CHECK_OK(dv_msgpack_encode(&mp, v, list, &err));
    CHECK_STATUS(dv_msgpack_to_json(&b, mp.ptr, mp.len, list, &o, &err), DV_ERR_LIMIT);
    o.max_output_size = strlen(json);
    CHECK_OK(dv_msgpack_to_json(&b, mp.ptr, mp.len, list, &o, &err));
    CHECK(buf_eq(&b, json, strlen(json)));
    dv_buf_dispose(&b);
    o.max_output_size = 27;
    CHECK_STATUS(dv_json_to_msgpack(&b, json, strlen(json), list, &o, &err), DV_ERR_LIMIT);
    /* A version-1 struct has no max_output_size: whatever follows it is
       not read. */
    o.version = 1;
    CHECK_OK(dv_json_to_msgpack(&b, json, strlen(json), list, &o, &err));
    dv_buf_dispose(&b);
    dv_buf_dispose(&mp);
  }
  /* dv_decode_options_init for version 1 writes only version-1 members. */
  {
    dv_decode_options_t o1;
    o1.max_output_size = 12345;
    CHECK_OK(dv_decode_options_init(&o1, 1, &err));
    CHECK(o1.version == 1 && o1.max_output_size == 12345);
    CHECK_OK(dv_decode_options_init(&o1, DV_DECODE_OPTIONS_VERSION, &err));
    CHECK(o1.version == 2 && o1.max_output_size == 0);
  }
  dv_value_free(v);
  dv_type_free(list);
}

int main(void) {
  test_unknowns();
  test_values();
  test_options();
  test_output_limit();
  return check_result("test_codec");
}
