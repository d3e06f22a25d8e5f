/* tests/capi/test_value.c: value.h. */
#include <math.h>

#include "check.h"

static dv_value_t *str_val(const char *s) {
  dv_value_t *v = NULL;
  CHECK(dv_value_new_string(&v, s, strlen(s), NULL) == DV_OK);
  return v;
}

static dv_value_t *int_val(int64_t n) {
  dv_value_t *v = NULL;
  CHECK(dv_value_new_int64(&v, n, NULL) == DV_OK);
  return v;
}

static int text_is(const dv_value_t *v, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  dv_status_t st = dv_value_number_text(&b, v, NULL);
  int ok = st == DV_OK && buf_eq(&b, want, strlen(want));
  if (!ok) fprintf(stderr, "number text %.*s (status %d), want %s\n", (int)b.len, b.ptr ? b.ptr : "", (int)st, want);
  dv_buf_dispose(&b);
  return ok;
}

/* DV_LIT gives a literal's pointer and length (without the NUL). */
static void test_literal_macro(void) {
  dv_value_t *v = NULL;
  dv_str_t got;
  CHECK(dv_value_new_string(&v, DV_LIT("web-1"), NULL) == DV_OK);
  CHECK(dv_value_as_string(&got, v, NULL) == DV_OK);
  CHECK(got.len == 5 && memcmp(got.ptr, "web-1", 5) == 0);
  dv_value_free(v);
  CHECK(dv_value_new_string(&v, DV_LIT(""), NULL) == DV_OK);
  CHECK(dv_value_as_string(&got, v, NULL) == DV_OK && got.len == 0);
  dv_value_free(v);
}

static void test_primitives(void) {
  dv_value_t *t = NULL, *i = NULL, *d = NULL, *u = NULL, *p = NULL, *s = NULL;
  bool b = false, exact = true;
  int64_t i64 = 0;
  uint64_t u64 = 0;
  double dbl = 0;
  uint32_t prec = 0;
  dv_str_t view = {NULL, 0};

  CHECK_OK(dv_value_new_bool(&t, true, &err));
  CHECK(dv_value_kind(t) == DV_TYPE_BOOL);
  CHECK(dv_type_kind(dv_value_type(t)) == DV_TYPE_BOOL);
  CHECK(dv_value_is_known(t) && !dv_value_is_null(t) && dv_value_is_wholly_known(t));
  CHECK_OK(dv_value_as_bool(&b, t, &err));
  CHECK(b == true);

  i = int_val(-42);
  CHECK_OK(dv_value_as_int64(&i64, &exact, i, &err));
  CHECK(i64 == -42 && exact);
  CHECK_OK(dv_value_number_precision(&prec, i, &err));
  CHECK(prec == 64);
  CHECK(text_is(i, "-42"));
  CHECK_STATUS(dv_value_as_uint64(&u64, NULL, i, &err), DV_ERR_OUT_OF_RANGE);
  CHECK_STATUS(dv_value_as_bool(&b, i, &err), DV_ERR_TYPE_MISMATCH);

  CHECK_OK(dv_value_new_double(&d, 2.5, &err));
  CHECK_OK(dv_value_number_precision(&prec, d, &err));
  CHECK(prec == 53);
  CHECK(text_is(d, "2.5"));
  i64 = 7;
  CHECK_STATUS(dv_value_as_int64(&i64, NULL, d, &err), DV_ERR_OUT_OF_RANGE);
  CHECK(i64 == 7); /* untouched on failure */
  CHECK_OK(dv_value_as_int64(&i64, &exact, d, &err));
  CHECK(i64 == 2 && !exact); /* truncated toward zero, reported inexact */
  CHECK_OK(dv_value_as_double(&dbl, &exact, d, &err));
  CHECK(dbl == 2.5 && exact);

  CHECK_OK(dv_value_new_uint64(&u, UINT64_MAX, &err));
  CHECK_OK(dv_value_as_uint64(&u64, NULL, u, &err));
  CHECK(u64 == UINT64_MAX);
  CHECK(text_is(u, "18446744073709551615"));
  CHECK_OK(dv_value_as_int64(&i64, &exact, u, &err));
  CHECK(!exact && i64 == INT64_MAX);

  /* Exact decimal text at precision 512: 0.1 is not a double. */
  CHECK_OK(dv_value_new_number_text(&p, "0.1", 3, &err));
  CHECK_OK(dv_value_number_precision(&prec, p, &err));
  CHECK(prec == 512);
  CHECK(text_is(p, "0.1"));
  CHECK_OK(dv_value_as_double(&dbl, &exact, p, &err));
  CHECK(dbl == 0.1 && !exact);
  dv_value_free(p);
  p = NULL;
  CHECK_OK(dv_value_new_number_text(&p, "123456789012345678901234567890", 30, &err));
  CHECK(text_is(p, "123456789012345678901234567890"));
  dv_value_free(p);
  p = NULL;
  CHECK_STATUS(dv_value_new_number_text(&p, "12abc", 5, &err), DV_ERR_PARSE);
  CHECK_STATUS(dv_value_new_number_text(&p, "", 0, &err), DV_ERR_PARSE);
  CHECK_STATUS(dv_value_new_double(&p, NAN, &err), DV_ERR_INVALID_ARG);
  CHECK(p == NULL);
  CHECK_OK(dv_value_new_double(&p, -INFINITY, &err));
  CHECK(text_is(p, "-Inf"));
  dv_value_free(p);

  /* Strings are NFC-normalised: e + combining acute -> U+00E9. */
  s = str_val("caf" "e\xcc\x81");
  CHECK_OK(dv_value_as_string(&view, s, &err));
  CHECK(str_eq(view, "caf\xc3\xa9"));
  CHECK_STATUS(dv_value_as_int64(&i64, NULL, s, &err), DV_ERR_TYPE_MISMATCH);
  {
    /* Embedded NUL bytes are kept (strings are (ptr, len)). */
    dv_value_t *z = NULL;
    CHECK_OK(dv_value_new_string(&z, "a\0b", 3, &err));
    CHECK_OK(dv_value_as_string(&view, z, &err));
    CHECK(view.len == 3 && memcmp(view.ptr, "a\0b", 3) == 0);
    dv_value_free(z);
  }

  dv_value_free(t);
  dv_value_free(i);
  dv_value_free(d);
  dv_value_free(u);
  dv_value_free(s);
}

static void test_collections(void) {
  dv_value_t *a = str_val("alpha"), *b = str_val("beta"), *one = int_val(1), *two = int_val(2);
  dv_value_t *list = NULL, *set = NULL, *map = NULL, *obj = NULL, *tup = NULL, *empty = NULL, *kept = NULL;
  size_t n = 0;
  dv_str_t key = {NULL, 0}, view = {NULL, 0};
  const dv_value_t *e;

  {
    const dv_value_t *elems[3];
    elems[0] = a;
    elems[1] = b;
    elems[2] = a;
    CHECK_OK(dv_value_new_list(&list, NULL, elems, 3, &err)); /* element type from elems[0] */
    CHECK_OK(dv_value_new_set(&set, dv_type_string(), elems, 3, &err));
    elems[1] = one;
    CHECK_STATUS(dv_value_new_list(&empty, dv_type_string(), elems, 2, &err), DV_ERR_TYPE_MISMATCH);
    CHECK(empty == NULL);
  }
  CHECK(dv_value_kind(list) == DV_TYPE_LIST);
  CHECK_OK(dv_value_length(&n, list, &err));
  CHECK(n == 3);
  CHECK_OK(dv_value_length(&n, set, &err));
  CHECK(n == 2); /* duplicates merged */
  e = dv_value_element(list, 1);
  CHECK(e != NULL);
  CHECK_OK(dv_value_as_string(&view, e, &err));
  CHECK(str_eq(view, "beta"));
  CHECK(dv_value_element(list, 3) == NULL);
  CHECK(dv_value_entry(list, 0, &key) == NULL); /* lists have no keys */

  /* Empty collections need an explicit type. */
  CHECK_STATUS(dv_value_new_list(&empty, NULL, NULL, 0, &err), DV_ERR_INVALID_ARG);
  CHECK_OK(dv_value_new_list(&empty, dv_type_number(), NULL, 0, &err));
  CHECK_OK(dv_value_length(&n, empty, &err));
  CHECK(n == 0);

  {
    dv_str_t keys[2] = {{"zeta", 4}, {"eta", 3}};
    const dv_value_t *vals[2];
    vals[0] = one;
    vals[1] = two;
    CHECK_OK(dv_value_new_map(&map, dv_type_number(), keys, vals, 2, &err));
  }
  e = dv_value_entry(map, 0, &key); /* bytewise key order */
  CHECK(e != NULL && str_eq(key, "eta"));
  CHECK(dv_value_element(map, 0) == e);
  e = dv_value_get(map, "zeta", 4);
  CHECK(e != NULL);
  {
    int64_t x = 0;
    CHECK_OK(dv_value_as_int64(&x, NULL, e, &err));
    CHECK(x == 1);
  }
  CHECK(dv_value_get(map, "nope", 4) == NULL);

  {
    dv_str_t names[3] = {{"tags", 4}, {"name", 4}, {"list", 4}};
    const dv_value_t *vals[3];
    vals[0] = map;
    vals[1] = a;
    vals[2] = list;
    CHECK_OK(dv_value_new_object(&obj, names, vals, 3, &err));
    names[1] = names[0];
    CHECK_STATUS(dv_value_new_object(&empty, names, vals, 2, &err), DV_ERR_INVALID_ARG); /* duplicate */
  }
  CHECK(dv_value_kind(obj) == DV_TYPE_OBJECT);
  CHECK(dv_type_attribute_count(dv_value_type(obj)) == 3);
  CHECK(str_eq(dv_type_attribute_name(dv_value_type(obj), 0), "list"));
  e = dv_value_entry(obj, 1, &key);
  CHECK(e != NULL && str_eq(key, "name"));
  CHECK(dv_value_get(obj, "tags", 4) != NULL);
  {
    dv_path_step_t path[3];
    int64_t x = 0;
    path[0].kind = DV_PATH_ATTR;
    path[0].name.ptr = "tags";
    path[0].name.len = 4;
    path[0].index = 0;
    path[1].kind = DV_PATH_KEY;
    path[1].name.ptr = "eta";
    path[1].name.len = 3;
    path[1].index = 0;
    e = dv_value_lookup(obj, path, 2);
    CHECK(e != NULL && dv_value_as_int64(&x, NULL, e, NULL) == DV_OK && x == 2);
    path[0].name.ptr = "list";
    path[1].kind = DV_PATH_INDEX;
    path[1].index = 2;
    e = dv_value_lookup(obj, path, 2);
    CHECK(e != NULL && dv_value_as_string(&view, e, NULL) == DV_OK && str_eq(view, "alpha"));
    path[1].index = 3;
    CHECK(dv_value_lookup(obj, path, 2) == NULL);
    path[1].kind = DV_PATH_ATTR; /* attribute step on a list */
    CHECK(dv_value_lookup(obj, path, 2) == NULL);
    CHECK(dv_value_lookup(obj, NULL, 0) == obj);
  }

  {
    const dv_value_t *elems[2];
    elems[0] = one;
    elems[1] = a;
    CHECK_OK(dv_value_new_tuple(&tup, elems, 2, &err));
    CHECK(dv_value_kind(tup) == DV_TYPE_TUPLE);
    CHECK(dv_type_tuple_length(dv_value_type(tup)) == 2);
  }

  /* A clone of a borrowed element outlives its parent. */
  CHECK_OK(dv_value_clone(&kept, dv_value_element(list, 0), &err));
  dv_value_free(list);
  list = NULL;
  CHECK_OK(dv_value_as_string(&view, kept, &err));
  CHECK(str_eq(view, "alpha"));

  dv_value_free(kept);
  dv_value_free(set);
  dv_value_free(map);
  dv_value_free(obj);
  dv_value_free(tup);
  dv_value_free(empty);
  dv_value_free(a);
  dv_value_free(b);
  dv_value_free(one);
  dv_value_free(two);
}

static void test_null_unknown(void) {
  dv_value_t *nul = NULL, *unk = NULL, *ref = NULL, *num = NULL, *bound = NULL, *col = NULL, *lst = NULL;
  dv_type_t *list_t = NULL;
  dv_str_t view = {NULL, 0};
  size_t n = 0;
  bool incl = false;
  int64_t lo = -1, hi = -1;

  CHECK_OK(dv_value_new_null(&nul, dv_type_string(), &err));
  CHECK(dv_value_is_null(nul) && dv_value_is_known(nul));
  CHECK(dv_value_kind(nul) == DV_TYPE_STRING);
  CHECK_STATUS(dv_value_as_string(&view, nul, &err), DV_ERR_TYPE_MISMATCH);

  CHECK_OK(dv_value_new_unknown(&unk, dv_type_string(), NULL, &err));
  CHECK(!dv_value_is_known(unk) && !dv_value_is_null(unk) && !dv_value_is_wholly_known(unk));
  CHECK(!dv_value_refined_not_null(unk));
  CHECK_STATUS(dv_value_as_string(&view, unk, &err), DV_ERR_UNKNOWN_VALUE);

  {
    dv_refinements_t r = DV_REFINEMENTS_INIT;
    r.flags = DV_REFINE_NOT_NULL | DV_REFINE_PREFIX;
    r.prefix = "foo-";
    r.prefix_len = 4;
    CHECK_OK(dv_value_new_unknown(&ref, dv_type_string(), &r, &err));
    CHECK(dv_value_refined_not_null(ref));
    CHECK(str_eq(dv_value_refined_prefix(ref), "foo-"));
    /* A prefix on a number is an inapplicable refinement. */
    CHECK_STATUS(dv_value_new_unknown(&num, dv_type_number(), &r, &err), DV_ERR_REFINEMENT);
    r.version = 0;
    CHECK_STATUS(dv_value_new_unknown(&num, dv_type_string(), &r, &err), DV_ERR_INVALID_ARG);
    r.version = DV_REFINEMENTS_VERSION;
    r.flags = 0x8000u;
    CHECK_STATUS(dv_value_new_unknown(&num, dv_type_string(), &r, &err), DV_ERR_INVALID_ARG);
    CHECK(num == NULL);
  }

  {
    /* 0 <= n < 10, bounds given as text and as a value. */
    dv_refinements_t r;
    dv_value_t *ten = int_val(10);
    CHECK_OK(dv_refinements_init(&r, DV_REFINEMENTS_VERSION, &err));
    CHECK(r.length_max == INT64_MAX && r.flags == 0);
    r.flags = DV_REFINE_LOWER | DV_REFINE_LOWER_INCLUSIVE | DV_REFINE_UPPER;
    r.lower_text = "0";
    r.lower_text_len = 1;
    r.upper = ten;
    CHECK_OK(dv_value_new_unknown(&num, dv_type_number(), &r, &err));
    CHECK(!dv_value_is_known(num));
    CHECK_OK(dv_value_refined_lower_bound(&bound, &incl, num, &err));
    CHECK(text_is(bound, "0") && incl);
    dv_value_free(bound);
    bound = NULL;
    CHECK_OK(dv_value_refined_upper_bound(&bound, &incl, num, &err));
    CHECK(text_is(bound, "10") && !incl);
    dv_value_free(bound);
    bound = NULL;
    /* Bad bound text; lower > upper. */
    r.lower_text = "x";
    CHECK_STATUS(dv_value_new_unknown(&bound, dv_type_number(), &r, &err), DV_ERR_PARSE);
    r.lower_text = "11";
    r.lower_text_len = 2;
    CHECK_STATUS(dv_value_new_unknown(&bound, dv_type_number(), &r, &err), DV_ERR_REFINEMENT);
    CHECK(bound == NULL);
    dv_value_free(ten);
  }
  {
    /* Unbounded: the infinities, inclusive. */
    CHECK_STATUS(dv_value_refined_upper_bound(&bound, &incl, unk, &err), DV_ERR_TYPE_MISMATCH);
    dv_value_free(num);
    num = NULL;
    CHECK_OK(dv_value_new_unknown(&num, dv_type_number(), NULL, &err));
    CHECK_OK(dv_value_refined_upper_bound(&bound, &incl, num, &err));
    CHECK(text_is(bound, "+Inf") && incl);
    dv_value_free(bound);
    bound = NULL;
    CHECK_STATUS(dv_value_refined_lower_bound(&bound, NULL, ref, &err), DV_ERR_TYPE_MISMATCH);
  }
  {
    /* Collapse: not null with equal inclusive bounds is that number. */
    dv_refinements_t r = DV_REFINEMENTS_INIT;
    int64_t x = 0;
    r.flags = DV_REFINE_NOT_NULL | DV_REFINE_LOWER | DV_REFINE_LOWER_INCLUSIVE | DV_REFINE_UPPER |
              DV_REFINE_UPPER_INCLUSIVE;
    r.lower_text = "5";
    r.lower_text_len = 1;
    r.upper_text = "5";
    r.upper_text_len = 1;
    CHECK_OK(dv_value_new_unknown(&bound, dv_type_number(), &r, &err));
    CHECK(dv_value_is_known(bound));
    CHECK_OK(dv_value_as_int64(&x, NULL, bound, &err));
    CHECK(x == 5);
    dv_value_free(bound);
    bound = NULL;
  }
  {
    dv_refinements_t r = DV_REFINEMENTS_INIT;
    CHECK_OK(dv_type_new_list(&list_t, dv_type_string(), &err));
    r.flags = DV_REFINE_LENGTH_MIN | DV_REFINE_LENGTH_MAX;
    r.length_min = 1;
    r.length_max = 3;
    CHECK_OK(dv_value_new_unknown(&col, list_t, &r, &err));
    CHECK_OK(dv_value_refined_length(&lo, &hi, col, &err));
    CHECK(lo == 1 && hi == 3);
    CHECK_STATUS(dv_value_length(&n, col, &err), DV_ERR_UNKNOWN_VALUE);
    CHECK_STATUS(dv_value_refined_length(&lo, &hi, unk, &err), DV_ERR_TYPE_MISMATCH);
    /* A list holding an unknown is known but not wholly known. */
    {
      const dv_value_t *elems[1];
      elems[0] = unk;
      CHECK_OK(dv_value_new_list(&lst, dv_type_string(), elems, 1, &err));
      CHECK(dv_value_is_known(lst) && !dv_value_is_wholly_known(lst));
    }
  }

  dv_value_free(nul);
  dv_value_free(unk);
  dv_value_free(ref);
  dv_value_free(num);
  dv_value_free(col);
  dv_value_free(lst);
  dv_type_free(list_t);
}

static void test_equality(void) {
  dv_value_t *i1 = int_val(1), *d1 = NULL, *i2 = int_val(2), *unk = NULL, *n1 = NULL, *n2 = NULL;
  dv_tristate_t t = DV_TRISTATE_UNKNOWN;
  bool raw = false;
  uint64_t h1 = 0, h2 = 1;

  CHECK_OK(dv_value_new_double(&d1, 1.0, &err));
  CHECK_OK(dv_value_equals(&t, i1, d1, &err));
  CHECK(t == DV_TRISTATE_TRUE);
  CHECK_OK(dv_value_hash(&h1, i1, &err));
  CHECK_OK(dv_value_hash(&h2, d1, &err));
  CHECK(h1 == h2);
  CHECK_OK(dv_value_equals(&t, i1, i2, &err));
  CHECK(t == DV_TRISTATE_FALSE);
  CHECK_OK(dv_value_new_unknown(&unk, dv_type_number(), NULL, &err));
  CHECK_OK(dv_value_equals(&t, i1, unk, &err));
  CHECK(t == DV_TRISTATE_UNKNOWN);
  CHECK_OK(dv_value_raw_equals(&raw, unk, unk, &err));
  CHECK(raw);
  CHECK_OK(dv_value_raw_equals(&raw, i1, i2, &err));
  CHECK(!raw);
  CHECK_OK(dv_value_new_null(&n1, dv_type_string(), &err));
  CHECK_OK(dv_value_new_null(&n2, dv_type_string(), &err));
  CHECK_OK(dv_value_equals(&t, n1, n2, &err));
  CHECK(t == DV_TRISTATE_TRUE);
  {
    dv_buf_t b = DV_BUF_INIT;
    CHECK_OK(dv_value_debug_string(&b, i1, &err));
    CHECK(b.len > 0 && strstr(b.ptr, "1") != NULL);
    dv_buf_dispose(&b);
  }
  dv_value_free(i1);
  dv_value_free(d1);
  dv_value_free(i2);
  dv_value_free(unk);
  dv_value_free(n1);
  dv_value_free(n2);
}

/* ---- walking, transforming, editing ---- */

/* Appends each visited path to a text buffer, ';'-separated; skips the
 * children of ".skip" and stops (-5) at ".stop". */
struct walk_log {
  char text[512];
  size_t len;
};

static int walk_collect(const dv_path_t *path, const dv_value_t *v, void *payload) {
  struct walk_log *log = payload;
  dv_buf_t b = DV_BUF_INIT;
  (void)v;
  if (dv_path_to_string(&b, path, NULL) != DV_OK) return -1;
  if (log->len + b.len + 2 < sizeof log->text) {
    memcpy(log->text + log->len, b.ptr ? b.ptr : "", b.len);
    log->len += b.len;
    log->text[log->len++] = ';';
    log->text[log->len] = '\0';
  }
  {
    int skip = b.len == 5 && memcmp(b.ptr, ".skip", 5) == 0;
    int stop = b.len == 5 && memcmp(b.ptr, ".stop", 5) == 0;
    dv_buf_dispose(&b);
    return stop ? -5 : skip ? DV_WALK_SKIP : 0;
  }
}

static void test_walk(void) {
  dv_value_t *v = json_value("[\"object\",{\"a\":[\"list\",\"string\"],\"skip\":[\"map\",\"number\"],\"z\":\"bool\"}]",
                           "{\"a\":[\"x\",\"y\"],\"skip\":{\"k\":1},\"z\":true}");
  dv_value_t *w = json_value("[\"object\",{\"a\":\"string\",\"stop\":[\"list\",\"string\"],\"z\":\"bool\"}]",
                           "{\"a\":\"x\",\"stop\":[\"q\"],\"z\":true}");
  struct walk_log log;
  dv_error_t *err = NULL;
  int rc;

  log.len = 0;
  log.text[0] = '\0';
  rc = dv_value_walk(v, walk_collect, &log, &err);
  CHECK(rc == 0 && err == NULL);
  CHECK(strcmp(log.text, ";.a;.a[0];.a[1];.skip;.z;") == 0);

  log.len = 0;
  log.text[0] = '\0';
  rc = dv_value_walk(w, walk_collect, &log, &err);
  CHECK(rc == -5 && err == NULL); /* the callback's value; no error object */
  CHECK(strcmp(log.text, ";.a;.stop;") == 0);

  rc = dv_value_walk(NULL, walk_collect, &log, &err);
  CHECK(rc == DV_ERR_INVALID_ARG && dv_error_status(err) == DV_ERR_INVALID_ARG);
  dv_error_free(err);
  dv_value_free(v);
  dv_value_free(w);
}

/* exit: numbers become 0, strings "s"; at ".stop" stop (-9) after storing a
 * replacement (which libdynval must free). enter: skip ".keep". */
static int tr_exit(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace, void *payload) {
  dv_buf_t b = DV_BUF_INIT;
  int stop;
  (*(int *)payload)++;
  if (dv_path_to_string(&b, path, NULL) != DV_OK) return -1;
  stop = b.len == 5 && memcmp(b.ptr, ".stop", 5) == 0;
  dv_buf_dispose(&b);
  if (dv_value_is_known(v) && !dv_value_is_null(v)) {
    if (dv_value_kind(v) == DV_TYPE_NUMBER && dv_value_new_int64(replace, 0, NULL) != DV_OK) return -1;
    if (dv_value_kind(v) == DV_TYPE_STRING && dv_value_new_string(replace, "s", 1, NULL) != DV_OK) return -1;
  }
  return stop ? -9 : 0;
}

static int tr_enter(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace, void *payload) {
  dv_buf_t b = DV_BUF_INIT;
  int keep;
  (void)v;
  (void)replace;
  (void)payload;
  if (dv_path_to_string(&b, path, NULL) != DV_OK) return -1;
  keep = b.len == 5 && memcmp(b.ptr, ".keep", 5) == 0;
  dv_buf_dispose(&b);
  return keep ? DV_WALK_SKIP : 0;
}

/* Replaces the first element of .l with a string: the list cannot be
 * rebuilt. */
static int tr_mismatch(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace, void *payload) {
  dv_path_step_t step;
  (void)v;
  (void)payload;
  if (dv_path_length(path) == 2 && dv_path_step(path, 1, &step) && step.index == 0)
    return dv_value_new_string(replace, "x", 1, NULL) == DV_OK ? 0 : -1;
  return 0;
}

static void test_transform(void) {
  const char *tj = "[\"object\",{\"keep\":[\"list\",\"number\"],\"l\":[\"list\",\"number\"],\"s\":\"string\"}]";
  dv_value_t *v = json_value(tj, "{\"keep\":[7],\"l\":[1,2],\"s\":\"a\"}");
  dv_value_t *want = json_value(tj, "{\"keep\":[7],\"l\":[0,0],\"s\":\"s\"}");
  dv_value_t *w = json_value("[\"object\",{\"stop\":\"number\"}]", "{\"stop\":1}");
  dv_value_t *out = NULL;
  dv_error_t *err = NULL;
  bool raw = false;
  int calls = 0, rc;

  rc = dv_value_transform(&out, v, tr_enter, tr_exit, &calls, &err);
  CHECK(rc == 0 && err == NULL && out != NULL);
  CHECK(calls == 6); /* .keep (children skipped), .l[0], .l[1], .l, .s, root */
  CHECK(dv_value_raw_equals(&raw, out, want, NULL) == DV_OK && raw);
  /* .keep was not replaced: shared with the input. */
  CHECK(dv_value_get(out, "keep", 4) != NULL &&
        dv_value_element(dv_value_get(out, "keep", 4), 0) == dv_value_element(dv_value_get(v, "keep", 4), 0));
  dv_value_free(out);
  out = NULL;

  /* No callbacks: the same value. */
  rc = dv_value_transform(&out, v, NULL, NULL, NULL, &err);
  CHECK(rc == 0 && dv_value_raw_equals(&raw, out, v, NULL) == DV_OK && raw);
  dv_value_free(out);
  out = NULL;

  /* Stopped: the callback's value, no error, out untouched; the
   * replacement stored before stopping is released (valgrind checks). */
  calls = 0;
  rc = dv_value_transform(&out, w, NULL, tr_exit, &calls, &err);
  CHECK(rc == -9 && err == NULL && out == NULL && calls == 1);

  rc = dv_value_transform(&out, v, NULL, tr_mismatch, NULL, &err);
  CHECK(rc == DV_ERR_TYPE_MISMATCH && out == NULL);
  CHECK(str_eq(dv_error_path(err), ".l"));
  dv_error_free(err);
  err = NULL;

  rc = dv_value_transform(NULL, v, NULL, NULL, NULL, &err);
  CHECK(rc == DV_ERR_INVALID_ARG);
  dv_error_free(err);
  dv_value_free(v);
  dv_value_free(w);
  dv_value_free(want);
}

/* Gives a reason and stops at ".l[1]" (exit) or, from enter, at ".s";
 * gives a reason but goes on at ".l[0]" (dropped). */
static int tr_fail(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace, void *payload) {
  dv_buf_t b = DV_BUF_INIT;
  int at_l1, at_l0, at_s;
  (void)v;
  (void)replace;
  if (dv_path_to_string(&b, path, NULL) != DV_OK) return -1;
  at_l1 = b.len == 5 && memcmp(b.ptr, ".l[1]", 5) == 0;
  at_l0 = b.len == 5 && memcmp(b.ptr, ".l[0]", 5) == 0;
  at_s = b.len == 2 && memcmp(b.ptr, ".s", 2) == 0;
  dv_buf_dispose(&b);
  if (at_l0) dv_callback_error(DV_ERR_SCHEMA, "not this one", 12);
  if (payload != NULL ? at_s : at_l1) {
    dv_callback_error(DV_ERR_SCHEMA, "first try", 9);
    dv_callback_error(DV_ERR_OUT_OF_RANGE, "too big: 2", 10); /* the last call wins */
    return -1;
  }
  return 0;
}

static int walk_fail(const dv_path_t *path, const dv_value_t *v, void *payload) {
  (void)v;
  (void)payload;
  if (dv_path_length(path) != 2) return 0;
  dv_callback_error((dv_status_t)0, "bad status", 10); /* recorded as INVALID_ARG */
  return -3;
}

/* A callback's reason reaches the caller (issue 23 item 11). */
static void test_callback_errors(void) {
  const char *tj = "[\"object\",{\"l\":[\"list\",\"number\"],\"s\":\"string\"}]";
  dv_value_t *v = json_value(tj, "{\"l\":[1,2],\"s\":\"a\"}");
  dv_value_t *out = NULL;
  dv_error_t *err = NULL;
  int one = 1, rc;

  rc = dv_value_transform(&out, v, NULL, tr_fail, NULL, &err);
  CHECK(rc == DV_ERR_OUT_OF_RANGE && out == NULL && dv_error_status(err) == DV_ERR_OUT_OF_RANGE);
  CHECK(str_eq(dv_error_message(err), "too big: 2"));
  CHECK(str_eq(dv_error_path(err), ".l[1]"));
  dv_error_free(err);
  err = NULL;
  rc = dv_value_transform(&out, v, tr_fail, NULL, &one, &err);
  CHECK(rc == DV_ERR_OUT_OF_RANGE && str_eq(dv_error_path(err), ".s"));
  dv_error_free(err);
  err = NULL;
  /* Without err, the status alone. */
  CHECK(dv_value_transform(&out, v, NULL, tr_fail, NULL, NULL) == DV_ERR_OUT_OF_RANGE && out == NULL);

  rc = dv_value_walk(v, walk_fail, NULL, &err);
  CHECK(rc == DV_ERR_INVALID_ARG && str_eq(dv_error_message(err), "bad status"));
  CHECK(str_eq(dv_error_path(err), ".l[0]"));
  dv_error_free(err);
  err = NULL;
  /* Outside a callback: nothing happens, and the next walk is clean. */
  dv_callback_error(DV_ERR_SCHEMA, "stray", 5);
  rc = dv_value_transform(&out, v, NULL, NULL, NULL, &err);
  CHECK(rc == 0 && err == NULL && out != NULL);
  dv_value_free(out);
  dv_value_free(v);
}

static void test_edits(void) {
  const char *tj = "[\"object\",{\"l\":[\"list\",\"string\"],\"m\":[\"map\",\"number\"],\"n\":\"number\"}]";
  dv_value_t *v = NULL, *out = NULL, *want = NULL, *zero = NULL, *str = NULL, *u = NULL;
  dv_refinements_t r = DV_REFINEMENTS_INIT;
  dv_path_t *p = NULL;
  const dv_value_t *found = NULL;
  bool raw = false;
  dv_str_t view;

  /* unknown_as_null */
  {
    dv_value_t *elems[2];
    dv_str_t names[2];
    dv_value_t *lst = NULL;
    r.flags = DV_REFINE_NOT_NULL;
    CHECK_OK(dv_value_new_unknown(&u, dv_type_string(), &r, &err));
    CHECK_OK(dv_value_new_string(&str, "a", 1, &err));
    elems[0] = str;
    elems[1] = u;
    CHECK_OK(dv_value_new_list(&lst, NULL, (const dv_value_t *const *)elems, 2, &err));
    names[0].ptr = "l";
    names[0].len = 1;
    names[1].ptr = "u";
    names[1].len = 1;
    elems[0] = lst;
    elems[1] = u;
    CHECK_OK(dv_value_new_object(&v, names, (const dv_value_t *const *)elems, 2, &err));
    CHECK_OK(dv_value_unknown_as_null(&out, v, &err));
    CHECK(dv_value_is_wholly_known(out));
    CHECK(dv_value_is_null(dv_value_get(out, "u", 1)));
    CHECK(dv_value_is_null(dv_value_element(dv_value_get(out, "l", 1), 1)));
    CHECK(dv_type_kind(dv_value_type(dv_value_get(out, "u", 1))) == DV_TYPE_STRING);
    dv_value_free(out);
    dv_value_free(v);
    dv_value_free(lst);
    out = NULL;
  }

  /* set_path */
  v = json_value(tj, "{\"l\":[\"a\",\"b\"],\"m\":{\"k\":1},\"n\":5}");
  want = json_value(tj, "{\"l\":[\"a\",\"a\"],\"m\":{\"k\":1,\"new\":0},\"n\":5}");
  CHECK_OK(dv_value_new_int64(&zero, 0, &err));
  CHECK_OK(dv_path_new(&p, &err));
  CHECK_OK(dv_path_append_attr(p, "l", 1, &err));
  CHECK_OK(dv_path_append_index(p, 1, &err));
  CHECK_OK(dv_value_set_path(&out, v, p, str, &err));
  dv_path_truncate(p, 0);
  CHECK_OK(dv_path_append_attr(p, "m", 1, &err));
  CHECK_OK(dv_path_append_key(p, "new", 3, &err));
  {
    dv_value_t *out2 = NULL;
    CHECK_OK(dv_value_set_path(&out2, out, p, zero, &err));
    CHECK(dv_value_raw_equals(&raw, out2, want, NULL) == DV_OK && raw);
    dv_value_free(out2);
  }
  /* Errors carry the path of the failing step. */
  {
    dv_value_t *bad = NULL;
    dv_error_t *err = NULL;
    dv_path_truncate(p, 0);
    CHECK_OK(dv_path_append_attr(p, "l", 1, NULL));
    CHECK_OK(dv_path_append_index(p, 9, NULL));
    CHECK(dv_value_set_path(&bad, v, p, str, &err) == DV_ERR_OUT_OF_RANGE && bad == NULL);
    CHECK(str_eq(dv_error_path(err), ".l[9]"));
    dv_error_free(err);
    err = NULL;
    dv_path_truncate(p, 1);
    CHECK_OK(dv_path_append_index(p, 0, NULL));
    CHECK(dv_value_set_path(&bad, v, p, zero, &err) == DV_ERR_TYPE_MISMATCH && bad == NULL);
    dv_error_free(err);
    err = NULL;
    dv_path_truncate(p, 0);
    CHECK_OK(dv_path_append_attr(p, "nope", 4, NULL));
    CHECK(dv_value_set_path(&bad, v, p, zero, &err) == DV_ERR_NOT_FOUND && bad == NULL);
    dv_error_free(err);
  }
  CHECK_STATUS(dv_value_set_path(&out, v, NULL, str, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_value_set_path(&out, v, p, NULL, &err), DV_ERR_INVALID_ARG);

  /* find: absent is not an error; null and unknown parents are. */
  CHECK_OK(dv_value_find(&found, v, "n", 1, &err));
  CHECK(found != NULL && found == dv_value_get(v, "n", 1));
  CHECK_OK(dv_value_find(&found, v, "zz", 2, &err));
  CHECK(found == NULL);
  CHECK_OK(dv_value_find(&found, dv_value_get(v, "m", 1), "k", 1, &err));
  CHECK(found != NULL);
  CHECK_STATUS(dv_value_find(&found, u, "k", 1, &err), DV_ERR_UNKNOWN_VALUE);
  CHECK_STATUS(dv_value_find(&found, dv_value_get(v, "l", 1), "k", 1, &err), DV_ERR_TYPE_MISMATCH);
  {
    dv_value_t *null_obj = NULL;
    CHECK_OK(dv_value_new_null(&null_obj, dv_value_type(v), &err));
    CHECK_STATUS(dv_value_find(&found, null_obj, "n", 1, &err), DV_ERR_TYPE_MISMATCH);
    dv_value_free(null_obj);
  }
  CHECK(dv_value_as_string(&view, dv_value_element(dv_value_get(out, "l", 1), 1), NULL) == DV_OK &&
        str_eq(view, "a"));

  dv_path_free(p);
  dv_value_free(out);
  dv_value_free(v);
  dv_value_free(want);
  dv_value_free(zero);
  dv_value_free(str);
  dv_value_free(u);
}

int main(void) {
  test_primitives();
  test_collections();
  test_null_unknown();
  test_equality();
  test_literal_macro();
  test_walk();
  test_transform();
  test_callback_errors();
  test_edits();
  return check_result("test_value");
}
