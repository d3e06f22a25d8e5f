/* tests/capi/test_render.c: render.h, the human views of a value (the text
 * `dynval convert --to pretty` and `dynval inspect` print; tests/cli checks
 * the tool's side). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "check.h"

/* A resource block with sensitive attributes at the top, in a nested
 * attribute object (a map of them) and in a nested block (a list). */
static const char kBlock[] =
    "{\"attributes\":{"
    "\"id\":{\"type\":\"string\",\"computed\":true},"
    "\"name\":{\"type\":\"string\",\"optional\":true},"
    "\"password\":{\"type\":\"string\",\"sensitive\":true,\"optional\":true},"
    "\"pin\":{\"type\":\"number\",\"sensitive\":true,\"optional\":true},"
    "\"users\":{\"nested_type\":{\"nesting_mode\":\"map\",\"attributes\":{"
    "\"name\":{\"type\":\"string\",\"optional\":true},"
    "\"password\":{\"type\":\"string\",\"sensitive\":true,\"optional\":true}}},\"optional\":true}},"
    "\"block_types\":{\"conn\":{\"nesting_mode\":\"list\",\"block\":{\"attributes\":{"
    "\"host\":{\"type\":\"string\",\"optional\":true},"
    "\"keys\":{\"type\":[\"list\",\"string\"],\"sensitive\":true,\"optional\":true}}}}}}";

static const char kConfig[] =
    "{\"id\":null,\"name\":\"web-1\",\"password\":\"hunter2\",\"pin\":4242,"
    "\"users\":{\"alice\":{\"name\":\"Alice\",\"password\":\"plugh\"}},"
    "\"conn\":[{\"host\":\"h1\",\"keys\":[\"s3cr3t\"]}]}";

/* Renders v with opts and compares the text with `want`; prints both when
 * they differ. */
static int render_is(const dv_value_t *v, const dv_render_options_t *opts, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  dv_error_t *err = NULL;
  dv_status_t st = dv_value_render(&b, v, opts, &err);
  int ok = st == DV_OK && err == NULL && buf_eq(&b, want, strlen(want)) && b.ptr[b.len] == '\0';
  if (!ok) {
    dv_str_t m = dv_error_message(err);
    fprintf(stderr, "render: status %d (%.*s); got:\n%.*s\nwant:\n%s\n", (int)st, (int)m.len, m.ptr ? m.ptr : "",
            (int)b.len, b.ptr ? b.ptr : "", want);
  }
  dv_error_free(err);
  dv_buf_dispose(&b);
  return ok;
}

/* The length of v's text with opts (0 on failure). */
static size_t render_len(const dv_value_t *v, const dv_render_options_t *opts) {
  dv_buf_t b = DV_BUF_INIT;
  size_t n = 0;
  if (dv_value_render(&b, v, opts, NULL) == DV_OK) n = b.len;
  dv_buf_dispose(&b);
  return n;
}

/* v with the attribute `name` replaced by `nv` (v is freed). */
static dv_value_t *with_attr(dv_value_t *v, const char *name, dv_value_t *nv) {
  dv_path_t *p = NULL;
  dv_value_t *out = NULL;
  CHECK_OK(dv_path_new(&p, &err));
  CHECK_OK(dv_path_append_attr(p, name, strlen(name), &err));
  CHECK_OK(dv_value_set_path(&out, v, p, nv, &err));
  dv_path_free(p);
  dv_value_free(v);
  dv_value_free(nv);
  return out;
}

/* The config above with a refined unknown id and an unknown sensitive pin,
 * as a plan would hold them. */
static dv_value_t *planned(const dv_schema_t *s) {
  dv_value_t *v = NULL, *id = NULL, *pin = NULL;
  dv_refinements_t r = DV_REFINEMENTS_INIT;
  CHECK_OK(dv_schema_decode_json(&v, s, kConfig, strlen(kConfig), NULL, &err));
  r.flags = DV_REFINE_NOT_NULL | DV_REFINE_PREFIX;
  r.prefix = "i-";
  r.prefix_len = 2;
  CHECK_OK(dv_value_new_unknown(&id, dv_type_string(), &r, &err));
  v = with_attr(v, "id", id);
  r.flags = DV_REFINE_LOWER | DV_REFINE_LOWER_INCLUSIVE;
  r.lower_text = "1000";
  r.lower_text_len = 4;
  CHECK_OK(dv_value_new_unknown(&pin, dv_type_number(), &r, &err));
  return with_attr(v, "pin", pin);
}

static const char kMasked[] =
    "{\n"
    "  conn     = [\n"
    "    {\n"
    "      host = \"h1\"\n"
    "      keys = (sensitive value)\n"
    "    },\n"
    "  ]\n"
    "  id       = (unknown string, not null, prefix \"i-\")\n"
    "  name     = \"web-1\"\n"
    "  password = (sensitive value)\n"
    "  pin      = (sensitive value)\n"
    "  users    = {\n"
    "    \"alice\" = {\n"
    "      name     = \"Alice\"\n"
    "      password = (sensitive value)\n"
    "    }\n"
    "  }\n"
    "}\n";

static const char kShown[] =
    "{\n"
    "  conn     = [\n"
    "    {\n"
    "      host = \"h1\"\n"
    "      keys = [\n"
    "        \"s3cr3t\",\n"
    "      ]\n"
    "    },\n"
    "  ]\n"
    "  id       = (unknown string, not null, prefix \"i-\")\n"
    "  name     = \"web-1\"\n"
    "  password = \"hunter2\"\n"
    "  pin      = (unknown number, >= 1000)\n"
    "  users    = {\n"
    "    \"alice\" = {\n"
    "      name     = \"Alice\"\n"
    "      password = \"plugh\"\n"
    "    }\n"
    "  }\n"
    "}\n";

static const char kType[] =
    "[\"object\",{\"conn\":[\"list\",[\"object\",{\"host\":\"string\",\"keys\":[\"list\",\"string\"]}]],"
    "\"id\":\"string\",\"name\":\"string\",\"password\":\"string\",\"pin\":\"number\","
    "\"users\":[\"map\",[\"object\",{\"name\":\"string\",\"password\":\"string\"}]]}]";

static void test_pretty_and_inspect(void) {
  dv_schema_t *s = NULL;
  dv_value_t *v = NULL;
  dv_render_options_t o = DV_RENDER_OPTIONS_INIT;
  char want[4096];

  CHECK_OK(dv_schema_from_block_json(&s, kBlock, strlen(kBlock), 0, &err));
  v = planned(s);
  if (!v) {
    dv_schema_free(s);
    return;
  }

  /* No options, or no schema: nothing is masked. */
  CHECK(render_is(v, NULL, kShown));
  CHECK(render_is(v, &o, kShown));

  /* With the schema, sensitive attributes are masked at every depth ... */
  o.schema = dv_schema_block(s);
  CHECK(render_is(v, &o, kMasked));
  /* ... unless DV_RENDER_SHOW_SENSITIVE. */
  o.flags = DV_RENDER_SHOW_SENSITIVE;
  CHECK(render_is(v, &o, kShown));

  /* inspect, masked (what `dynval inspect` prints): the unknown pin is
   * listed by its path only, without its bound. */
  o.flags = 0;
  o.style = DV_RENDER_INSPECT;
  snprintf(want, sizeof want,
           "type: %s\nvalue: %s"
           "unknown values: 2\n"
           "  .id: (unknown string, not null, prefix \"i-\")\n"
           "  .pin: (sensitive value, unknown in whole or in part)\n"
           "sensitive values: 4\n"
           "  .conn[0].keys\n"
           "  .password\n"
           "  .pin\n"
           "  .users[\"alice\"].password\n",
           kType, kMasked);
  CHECK(render_is(v, &o, want));

  /* inspect showing sensitive values: every unknown with its refinements,
   * and still the list of sensitive paths. */
  o.flags = DV_RENDER_SHOW_SENSITIVE;
  snprintf(want, sizeof want,
           "type: %s\nvalue: %s"
           "unknown values: 2\n"
           "  .id: (unknown string, not null, prefix \"i-\")\n"
           "  .pin: (unknown number, >= 1000)\n"
           "sensitive values: 4\n"
           "  .conn[0].keys\n"
           "  .password\n"
           "  .pin\n"
           "  .users[\"alice\"].password\n",
           kType, kShown);
  CHECK(render_is(v, &o, want));

  /* inspect without a schema: no list of sensitive values. */
  o.schema = NULL;
  o.flags = 0;
  snprintf(want, sizeof want,
           "type: %s\nvalue: %s"
           "unknown values: 2\n"
           "  .id: (unknown string, not null, prefix \"i-\")\n"
           "  .pin: (unknown number, >= 1000)\n",
           kType, kShown);
  CHECK(render_is(v, &o, want));

  dv_value_free(v);
  dv_schema_free(s);
}

/* A sensitive attribute of the dynamic type: masked inspect shows the
 * schema's type, not the type of the value in it. */
static void test_inspect_dynamic_sensitive(void) {
  static const char block[] =
      "{\"attributes\":{\"blob\":{\"type\":\"dynamic\",\"sensitive\":true,\"optional\":true}}}";
  static const char json[] = "{\"blob\":{\"value\":{\"xyzzy\":\"plugh\"},\"type\":[\"object\",{\"xyzzy\":\"string\"}]}}";
  dv_schema_t *s = NULL;
  dv_value_t *v = NULL;
  dv_render_options_t o = DV_RENDER_OPTIONS_INIT;
  CHECK_OK(dv_schema_from_block_json(&s, block, strlen(block), 0, &err));
  CHECK_OK(dv_schema_decode_json(&v, s, json, strlen(json), NULL, &err));
  o.style = DV_RENDER_INSPECT;
  o.schema = dv_schema_block(s);
  CHECK(render_is(v, &o,
                  "type: [\"object\",{\"blob\":\"dynamic\"}]\n"
                  "value: {\n  blob = (sensitive value)\n}\n"
                  "unknown values: 0\n"
                  "sensitive values: 1\n  .blob\n"));
  o.flags = DV_RENDER_SHOW_SENSITIVE;
  CHECK(render_is(v, &o,
                  "type: [\"object\",{\"blob\":[\"object\",{\"xyzzy\":\"string\"}]}]\n"
                  "value: {\n  blob = {\n    xyzzy = \"plugh\"\n  }\n}\n"
                  "unknown values: 0\n"
                  "sensitive values: 1\n  .blob\n"));
  dv_value_free(v);
  dv_schema_free(s);
}

/* Values of every kind, without a schema. */
static void test_kinds(void) {
  dv_value_t *v = NULL;
  dv_render_options_t o = DV_RENDER_OPTIONS_INIT;

  v = json_value("[\"object\",{\"a b\":\"string\",\"n\":\"number\",\"ok\":\"bool\",\"nil\":\"string\","
                 "\"m\":[\"map\",\"number\"],\"e\":[\"list\",\"string\"],\"t\":[\"tuple\",[\"bool\"]]}]",
                 "{\"a b\":\"say \\\"hi\\\"\\n\",\"n\":0.1,\"ok\":true,\"nil\":null,"
                 "\"m\":{\"x\":1,\"long key\":2},\"e\":[],\"t\":[false]}");
  CHECK(render_is(v, NULL,
                  "{\n"
                  "  \"a b\" = \"say \\\"hi\\\"\\n\"\n"
                  "  e     = []\n"
                  "  m     = {\n"
                  "    \"long key\" = 2\n"
                  "    \"x\"        = 1\n"
                  "  }\n"
                  "  n     = 0.1\n"
                  "  nil   = null\n"
                  "  ok    = true\n"
                  "  t     = [\n"
                  "    false,\n"
                  "  ]\n"
                  "}\n"));
  dv_value_free(v);

  /* The unknown dynamic value, and an unknown list with a length range. */
  CHECK_OK(dv_value_new_unknown(&v, dv_type_dynamic(), NULL, &err));
  CHECK(render_is(v, NULL, "(unknown)\n"));
  o.style = DV_RENDER_INSPECT;
  CHECK(render_is(v, &o, "type: \"dynamic\"\nvalue: (unknown)\nunknown values: 1\n  (root): (unknown)\n"));
  dv_value_free(v);
  {
    dv_type_t *t = NULL;
    dv_refinements_t r = DV_REFINEMENTS_INIT;
    CHECK_OK(dv_type_new_list(&t, dv_type_string(), &err));
    r.flags = DV_REFINE_NOT_NULL | DV_REFINE_LENGTH_MIN | DV_REFINE_LENGTH_MAX;
    r.length_min = 1;
    r.length_max = 3;
    CHECK_OK(dv_value_new_unknown(&v, t, &r, &err));
    CHECK(render_is(v, NULL, "(unknown list of string, not null, length >= 1, length <= 3)\n"));
    dv_value_free(v);
    dv_type_free(t);
  }
}

/* max_output_size: the text may be exactly that long, not one byte more;
 * past it DV_ERR_LIMIT and `out` untouched. */
static void test_limit(void) {
  dv_schema_t *s = NULL;
  dv_value_t *v = NULL;
  dv_render_options_t o = DV_RENDER_OPTIONS_INIT;
  dv_buf_t b = DV_BUF_INIT;
  size_t n;
  int style;

  CHECK_OK(dv_schema_from_block_json(&s, kBlock, strlen(kBlock), 0, &err));
  v = planned(s);
  o.schema = dv_schema_block(s);
  for (style = DV_RENDER_PRETTY; style <= DV_RENDER_INSPECT; style++) {
    o.style = (uint32_t)style;
    o.max_output_size = 0; /* the default */
    n = render_len(v, &o);
    CHECK(n > 100);
    o.max_output_size = n;
    CHECK(render_len(v, &o) == n);
    o.max_output_size = n - 1;
    CHECK_STATUS(dv_value_render(&b, v, &o, &err), DV_ERR_LIMIT);
    CHECK(b.ptr == NULL && b.len == 0);
    o.max_output_size = 10;
    CHECK_STATUS(dv_value_render(&b, v, &o, &err), DV_ERR_LIMIT);
    CHECK(b.ptr == NULL && b.len == 0);
  }
  dv_value_free(v);
  dv_schema_free(s);
}

/* The views recurse once per level of nesting: at the depth cap (4096
 * levels; 1024 under AddressSanitizer) both fit in a thread with a 1 MiB
 * stack (collect() once took 320 bytes a level and needed more). */
static dv_value_t *deep_value;

static void *render_deep(void *arg) {
  dv_render_options_t o = DV_RENDER_OPTIONS_INIT;
  dv_buf_t b = DV_BUF_INIT;
  size_t *len = (size_t *)arg;
  o.style = len[0] ? DV_RENDER_INSPECT : DV_RENDER_PRETTY;
  if (dv_value_render(&b, deep_value, &o, NULL) == DV_OK) len[1] = b.len;
  dv_buf_dispose(&b);
  return NULL;
}

static void test_depth(void) {
  dv_value_t *v = NULL;
  size_t levels = 0, style;
  CHECK_OK(dv_value_new_string(&v, "x", 1, &err));
  for (;;) {
    dv_value_t *next = NULL;
    const dv_value_t *elems[1];
    elems[0] = v;
    if (dv_value_new_list(&next, dv_value_type(v), elems, 1, NULL) != DV_OK) break;
    dv_value_free(v);
    v = next;
    levels++;
  }
  CHECK(levels == 4096 || levels == 1024);
  deep_value = v;
  for (style = 0; style < 2; style++) {
    pthread_attr_t attr;
    pthread_t th;
    size_t arg[2];
    arg[0] = style;
    arg[1] = 0;
    CHECK(pthread_attr_init(&attr) == 0);
    CHECK(pthread_attr_setstacksize(&attr, (size_t)1 << 20) == 0);
    CHECK(pthread_create(&th, &attr, render_deep, arg) == 0);
    pthread_join(th, NULL);
    pthread_attr_destroy(&attr);
    /* Each level opens "[\n", indents its element and closes with "]," on
     * its own line: the text grows faster than linearly, but stays far
     * below the default limit. */
    CHECK(arg[1] > levels * levels);
  }
  dv_value_free(v);
}

static void test_options(void) {
  dv_render_options_t o;
  dv_value_t *v = NULL;
  dv_buf_t b = DV_BUF_INIT;
  memset(&o, 0xff, sizeof o);
  CHECK_OK(dv_render_options_init(&o, DV_RENDER_OPTIONS_VERSION, &err));
  CHECK(o.version == DV_RENDER_OPTIONS_VERSION && o.flags == 0 && o.style == DV_RENDER_PRETTY &&
        o.schema == NULL && o.max_output_size == 0);
  CHECK_STATUS(dv_render_options_init(&o, 0, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_render_options_init(&o, DV_RENDER_OPTIONS_VERSION + 1, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_render_options_init(NULL, DV_RENDER_OPTIONS_VERSION, &err), DV_ERR_INVALID_ARG);

  CHECK_OK(dv_value_new_bool(&v, true, &err));
  CHECK(render_is(v, &o, "true\n"));
  o.style = 2;
  CHECK_STATUS(dv_value_render(&b, v, &o, &err), DV_ERR_INVALID_ARG);
  o.style = DV_RENDER_PRETTY;
  o.flags = 0x80;
  CHECK_STATUS(dv_value_render(&b, v, &o, &err), DV_ERR_INVALID_ARG);
  o.flags = 0;
  o.version = 0;
  CHECK_STATUS(dv_value_render(&b, v, &o, &err), DV_ERR_INVALID_ARG);
  o.version = DV_RENDER_OPTIONS_VERSION + 1;
  CHECK_STATUS(dv_value_render(&b, v, &o, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_value_render(NULL, v, NULL, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_value_render(&b, NULL, NULL, &err), DV_ERR_INVALID_ARG);
  CHECK(b.ptr == NULL && b.len == 0);
  /* err may be NULL. */
  CHECK(dv_value_render(&b, NULL, NULL, NULL) == DV_ERR_INVALID_ARG);
  CHECK(dv_value_render(&b, v, NULL, NULL) == DV_OK);
  dv_buf_dispose(&b);
  dv_value_free(v);
}

int main(void) {
  test_pretty_and_inspect();
  test_inspect_dynamic_sensitive();
  test_kinds();
  test_limit();
  test_depth();
  test_options();
  return check_result("test_render");
}
