/*
 * paths_example: a protocol tool that decodes DynamicValues (MessagePack) by
 * a schema and prints paths in Terraform's style (dv_path_to_string, the
 * path printer behind every libdynval error):
 *
 *   paths_example diff SCHEMA_JSON SELECTOR A.msgpack B.msgpack
 *       one line per difference between A and B (dv_value_diff), e.g. a
 *       planned state against the state the apply returned:
 *       "path: a => b" ("-" where a value has nothing at the path);
 *   paths_example walk SCHEMA_JSON SELECTOR VALUE.msgpack
 *       one line per leaf of VALUE (dv_value_walk): "path = value".
 *
 * Values print in go-cty's GoString form (dv_value_debug_string), so an
 * unknown shows its refinements; a value inside an attribute that the schema
 * marks sensitive (dv_block_attribute_by_path) prints as (sensitive). The
 * Rust (bindings/rust/dynval/examples/paths_example.rs) and Go
 * (bindings/go/cmd/paths-example) tools print the same bytes:
 * examples/data/paths-example.expected holds a walk of planned-state.msgpack
 * and its diff with applied-state.msgpack.
 */
#include <dynval/dynval.h>

#include <stdio.h>
#include <string.h>

#include "example_io.h"

/* Whether the value at `path` is in a sensitive attribute: the path, or a
 * prefix of it, leads to one. */
static bool sensitive(const dv_block_t *block, const dv_path_t *path) {
  dv_path_t *prefix = NULL;
  size_t n = dv_path_length(path);
  bool found = false;
  if (dv_path_clone(&prefix, path, NULL) != DV_OK) return true; /* when in doubt, hide it */
  for (; n > 0 && !found; n--) {
    dv_path_truncate(prefix, n);
    found = (dv_attribute_flags(dv_block_attribute_by_path(block, prefix)) & DV_ATTR_SENSITIVE) != 0;
  }
  dv_path_free(prefix);
  return found;
}

static void put_path(const dv_path_t *p) {
  dv_buf_t text = DV_BUF_INIT;
  if (dv_path_to_string(&text, p, NULL) == DV_OK) fwrite(text.ptr, 1, text.len, stdout);
  dv_buf_dispose(&text);
}

/* A value as GoString, "(sensitive)", or "-" when there is none. */
static void put_value(const dv_value_t *v, bool hide) {
  dv_buf_t text = DV_BUF_INIT;
  if (!v) fputs("-", stdout);
  else if (hide) fputs("(sensitive)", stdout);
  else if (dv_value_debug_string(&text, v, NULL) == DV_OK) fwrite(text.ptr, 1, text.len, stdout);
  dv_buf_dispose(&text);
}

/* dv_value_walk callback: prints the leaves (values without children) and
 * sensitive values, whose children it skips. */
static int print_leaf(const dv_path_t *path, const dv_value_t *v, void *block) {
  size_t n = 0;
  bool hide = sensitive(block, path);
  if (!hide && dv_value_length(&n, v, NULL) == DV_OK && n > 0) return 0; /* go on into v */
  put_path(path);
  fputs(" = ", stdout);
  put_value(v, hide);
  putchar('\n');
  return hide ? DV_WALK_SKIP : 0;
}

static int print_diff(const dv_block_t *block, const dv_value_t *a, const dv_value_t *b, dv_error_t **err) {
  dv_diff_t *diff = NULL;
  size_t i;
  if (dv_value_diff(&diff, a, b, err) != DV_OK) return 1;
  for (i = 0; i < dv_diff_length(diff); i++) {
    const dv_path_t *path = NULL;
    const dv_value_t *va = NULL, *vb = NULL;
    bool hide;
    dv_diff_entry(diff, i, &path, &va, &vb);
    hide = sensitive(block, path);
    put_path(path);
    fputs(": ", stdout);
    put_value(va, hide);
    fputs(" => ", stdout);
    put_value(vb, hide);
    putchar('\n');
  }
  dv_diff_free(diff);
  return 0;
}

static dv_value_t *decode_file(const dv_schema_t *s, const char *path, dv_error_t **err) {
  size_t len = 0;
  char *data = read_file(path, &len);
  dv_value_t *v = NULL;
  if (data) dv_schema_decode_msgpack(&v, s, data, len, NULL, err);
  free(data);
  return v;
}

int main(int argc, char **argv) {
  bool walk = argc == 5 && strcmp(argv[1], "walk") == 0, diff = argc == 6 && strcmp(argv[1], "diff") == 0;
  size_t len = 0;
  char *doc = NULL;
  dv_schema_t *schema = NULL;
  dv_value_t *a = NULL, *b = NULL;
  dv_error_t *err = NULL;
  int rc = 1;
  if (!walk && !diff) {
    fputs("usage: paths_example walk SCHEMA_JSON SELECTOR VALUE.msgpack\n"
          "       paths_example diff SCHEMA_JSON SELECTOR A.msgpack B.msgpack\n", stderr);
    return 2;
  }
  if (!(doc = read_file(argv[2], &len))) return 1;
  if (dv_schema_from_json(&schema, doc, len, argv[3], strlen(argv[3]), NULL, 0, &err) != DV_OK ||
      !(a = decode_file(schema, argv[4], &err)) || (diff && !(b = decode_file(schema, argv[5], &err)))) {
    rc = report(argv[0], err);
  } else if (walk) {
    rc = dv_value_walk(a, print_leaf, (void *)dv_schema_block(schema), &err) == DV_OK ? 0 : report(argv[0], err);
  } else {
    rc = print_diff(dv_schema_block(schema), a, b, &err) == 0 ? 0 : report(argv[0], err);
  }
  dv_value_free(a);
  dv_value_free(b);
  dv_schema_free(schema);
  free(doc);
  return rc;
}
