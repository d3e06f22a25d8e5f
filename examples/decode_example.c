/*
 * decode_example: decodes the bundled planned state by the schema of
 * resource:acme_server and prints one line per top-level attribute:
 *
 *     name: <JSON-like value, or (unknown, refinements...)>
 *
 * then the whole value as the library renders it for people
 * (dv_value_render, the view of `dynval convert --to pretty`), with the
 * attributes the schema marks sensitive masked.
 *
 * The Rust (bindings/rust/dynval/examples/decode_example.rs) and Go
 * (bindings/go/cmd/decode-example) programs print exactly the same lines.
 *
 * Usage: decode_example [SCHEMA_JSON [STATE_MSGPACK [SELECTOR]]]
 */
#include <dynval/dynval.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "example_io.h"

static void put_string(dv_str_t s) {
  size_t i;
  putchar('"');
  for (i = 0; i < s.len; i++) {
    unsigned char c = (unsigned char)s.ptr[i];
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c == '\n') fputs("\\n", stdout);
    else if (c == '\r') fputs("\\r", stdout);
    else if (c == '\t') fputs("\\t", stdout);
    else if (c < 0x20) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

static void put_number(const dv_value_t *v) {
  dv_buf_t text = {0};
  if (dv_value_number_text(&text, v, NULL) == DV_OK) {
    fwrite(text.ptr, 1, text.len, stdout);
    dv_buf_dispose(&text);
  }
}

/* ", >= 1" for a finite bound; nothing for an unbounded (infinite) one. */
static void put_bound(const dv_value_t *v, int upper) {
  dv_value_t *b = NULL;
  bool inclusive = true;
  dv_status_t st = upper ? dv_value_refined_upper_bound(&b, &inclusive, v, NULL)
                         : dv_value_refined_lower_bound(&b, &inclusive, v, NULL);
  if (st != DV_OK) return;
  {
    dv_buf_t text = {0};
    if (dv_value_number_text(&text, b, NULL) == DV_OK) {
      if (strcmp(text.ptr, "+Inf") != 0 && strcmp(text.ptr, "-Inf") != 0)
        printf(", %s%s %s", upper ? "<" : ">", inclusive ? "=" : "", text.ptr);
      dv_buf_dispose(&text);
    }
  }
  dv_value_free(b);
}

static void put_unknown(const dv_value_t *v) {
  dv_str_t prefix = dv_value_refined_prefix(v);
  int64_t min = 0, max = INT64_MAX;
  fputs("(unknown", stdout);
  if (dv_value_refined_not_null(v)) fputs(", not null", stdout);
  if (prefix.len > 0) {
    fputs(", prefix ", stdout);
    put_string(prefix);
  }
  if (dv_value_kind(v) == DV_TYPE_NUMBER) {
    put_bound(v, 0);
    put_bound(v, 1);
  }
  if (dv_value_refined_length(&min, &max, v, NULL) == DV_OK) {
    if (min > 0) printf(", length >= %lld", (long long)min);
    if (max != INT64_MAX) printf(", length <= %lld", (long long)max);
  }
  putchar(')');
}

static void put_value(const dv_value_t *v) {
  size_t i, n = 0;
  if (!dv_value_is_known(v)) {
    put_unknown(v);
    return;
  }
  if (dv_value_is_null(v)) {
    fputs("null", stdout);
    return;
  }
  switch (dv_value_kind(v)) {
    case DV_TYPE_BOOL: {
      bool b = false;
      dv_value_as_bool(&b, v, NULL);
      fputs(b ? "true" : "false", stdout);
      return;
    }
    case DV_TYPE_NUMBER: put_number(v); return;
    case DV_TYPE_STRING: {
      dv_str_t s = {0};
      dv_value_as_string(&s, v, NULL);
      put_string(s);
      return;
    }
    case DV_TYPE_LIST:
    case DV_TYPE_SET:
    case DV_TYPE_TUPLE:
      dv_value_length(&n, v, NULL);
      putchar('[');
      for (i = 0; i < n; i++) {
        if (i > 0) fputs(", ", stdout);
        put_value(dv_value_element(v, i));
      }
      putchar(']');
      return;
    case DV_TYPE_MAP:
    case DV_TYPE_OBJECT:
      dv_value_length(&n, v, NULL);
      putchar('{');
      for (i = 0; i < n; i++) {
        dv_str_t key = {0};
        const dv_value_t *e = dv_value_entry(v, i, &key);
        if (i > 0) fputs(", ", stdout);
        put_string(key);
        fputs(": ", stdout);
        put_value(e);
      }
      putchar('}');
      return;
    default: fputs("<?>", stdout); return;
  }
}

int main(int argc, char **argv) {
  const char *schema_path = argc > 1 ? argv[1] : "examples/data/schema.json";
  const char *state_path = argc > 2 ? argv[2] : "examples/data/planned-state.msgpack";
  const char *selector = argc > 3 ? argv[3] : "resource:acme_server";
  size_t doc_len = 0, state_len = 0, i, n = 0;
  char *doc = read_file(schema_path, &doc_len);
  char *state = read_file(state_path, &state_len);
  dv_schema_t *schema = NULL;
  dv_value_t *value = NULL;
  dv_error_t *err = NULL;
  int rc = 1;

  if (!doc || !state) goto done;
  if (dv_schema_from_json(&schema, doc, doc_len, selector, strlen(selector), NULL, 0, &err) != DV_OK ||
      dv_msgpack_decode(&value, state, state_len, dv_schema_implied_type(schema), NULL, &err) != DV_OK) {
    report("decode_example", err);
    err = NULL;
    goto done;
  }
  dv_value_length(&n, value, NULL);
  for (i = 0; i < n; i++) {
    dv_str_t name = {0};
    const dv_value_t *attr = dv_value_entry(value, i, &name);
    printf("%.*s: ", (int)name.len, name.ptr);
    put_value(attr);
    putchar('\n');
  }
  {
    dv_render_options_t opts = DV_RENDER_OPTIONS_INIT;
    dv_buf_t text = DV_BUF_INIT;
    opts.schema = dv_schema_block(schema); /* masks admin_password */
    if (dv_value_render(&text, value, &opts, &err) != DV_OK) {
      report("decode_example", err);
      err = NULL;
      goto done;
    }
    printf("== the human view (sensitive attributes masked)\n%.*s", (int)text.len, text.ptr);
    dv_buf_dispose(&text);
  }
  rc = 0;
done:
  dv_error_free(err);
  dv_value_free(value);
  dv_schema_free(schema);
  free(doc);
  free(state);
  return rc;
}
