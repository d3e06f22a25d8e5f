/*
 * upgrade_example: the core of UpgradeResourceState for resource:acme_server
 * of examples/data/schema.json (schema version 1). State written by version
 * 0, which called `cpu` `cpu_count` and had a `zone` attribute since removed
 * (and no `metadata` yet), becomes state of version 1, encoded as
 * MessagePack for the response's upgraded_state:
 *
 *  - JSON state (RawState.json, Terraform 0.12 and later): decoded by the
 *    current schema with DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES, which skips
 *    `zone` and `cpu_count` (the schema does not define them) and leaves the
 *    missing `cpu` and `metadata` null; then the renamed attribute is read
 *    under its old name, by the type `cpu` has now, and put in place with
 *    dv_value_set_path;
 *  - flatmap state (RawState.flatmap, before Terraform 0.12): its strings are
 *    read by the version 0 schema (examples/data/upgrade/acme_server-v0.json,
 *    kept by the provider for this), written as JSON and upgraded as above,
 *    as the plugin SDK does. (Flatmap cannot tell a null block from a block
 *    of nulls: `timeouts` comes back as {"create": null}.)
 *
 * For each input it prints the upgraded state as JSON and the size of its
 * MessagePack. The Rust (bindings/rust/dynval/examples/upgrade_example.rs)
 * and Go (bindings/go/cmd/upgrade-example) programs print the same bytes:
 * examples/data/upgrade-example.expected.
 *
 * Usage: upgrade_example [DATA_DIR]     (default: examples/data)
 */
#include <dynval/dynval.h>

#include <stdio.h>
#include <string.h>

#include "example_io.h"

/* Upgrades JSON state that schema version `version` wrote. */
static dv_status_t upgrade_json(dv_value_t **out, const dv_schema_t *schema, int64_t version, const char *json,
                                size_t len, dv_error_t **err) {
  dv_decode_options_t opts = DV_DECODE_OPTIONS_INIT;
  const dv_type_t *cpu_type = dv_attribute_type(dv_block_find_attribute(dv_schema_block(schema), "cpu", 3));
  dv_str_t old_name = {"cpu_count", 9};
  dv_type_t *old_type = NULL;
  dv_value_t *state = NULL, *old = NULL;
  dv_path_t *cpu = NULL;
  dv_status_t st;
  opts.flags = DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES;
  st = dv_schema_decode_json(&state, schema, json, len, &opts, err);
  if (st == DV_OK && version == 0) { /* version 0 called cpu cpu_count */
    if ((st = dv_type_new_object(&old_type, &old_name, &cpu_type, NULL, 1, err)) == DV_OK &&
        (st = dv_json_decode(&old, json, len, old_type, &opts, err)) == DV_OK &&
        (st = dv_path_new(&cpu, err)) == DV_OK && (st = dv_path_append_attr(cpu, DV_LIT("cpu"), err)) == DV_OK)
      st = dv_value_set_path(out, state, cpu, dv_value_get(old, "cpu_count", 9), err);
  } else if (st == DV_OK) {
    st = dv_value_clone(out, state, err);
  }
  dv_path_free(cpu);
  dv_value_free(old);
  dv_type_free(old_type);
  dv_value_free(state);
  return st;
}

/* Turns flatmap state, given as a JSON object of strings, into JSON state of
 * the schema it was written by (`v0`). */
static dv_status_t flatmap_to_json(dv_buf_t *out, const dv_schema_t *v0, const char *flatmap, size_t len,
                                   dv_error_t **err) {
  dv_type_t *strings = NULL;
  dv_value_t *m = NULL, *state = NULL;
  dv_str_t *keys = NULL, *values = NULL;
  size_t i, n = 0;
  dv_status_t st;
  if ((st = dv_type_new_map(&strings, dv_type_string(), err)) == DV_OK &&
      (st = dv_json_decode(&m, flatmap, len, strings, NULL, err)) == DV_OK &&
      (st = dv_value_length(&n, m, err)) == DV_OK) {
    keys = calloc(n + 1, sizeof *keys);
    values = calloc(n + 1, sizeof *values);
    for (i = 0; keys && values && i < n; i++) dv_value_as_string(&values[i], dv_value_entry(m, i, &keys[i]), NULL);
    if (!keys || !values) st = DV_ERR_NOMEM;
    else if ((st = dv_schema_value_from_flatmap(&state, v0, keys, values, n, err)) == DV_OK)
      st = dv_schema_encode_json(out, v0, state, err);
  }
  free(keys);
  free(values);
  dv_value_free(state);
  dv_value_free(m);
  dv_type_free(strings);
  return st;
}

/* Upgrades one input and prints the result; returns an exit status. */
static int upgrade(const dv_schema_t *schema, const dv_schema_t *v0, const char *dir, const char *name) {
  char path[4096];
  size_t len = 0;
  char *input;
  bool flatmap = strstr(name, ".flatmap.") != NULL;
  dv_buf_t json = DV_BUF_INIT, state_json = DV_BUF_INIT, upgraded_state = DV_BUF_INIT;
  dv_value_t *state = NULL;
  dv_error_t *err = NULL;
  int rc = 0;
  snprintf(path, sizeof path, "%s/upgrade/%s", dir, name);
  if (!(input = read_file(path, &len))) return 1;
  if ((flatmap && flatmap_to_json(&json, v0, input, len, &err) != DV_OK) ||
      upgrade_json(&state, schema, 0, flatmap ? json.ptr : input, flatmap ? json.len : len, &err) != DV_OK ||
      dv_schema_encode_msgpack(&upgraded_state, schema, state, &err) != DV_OK ||
      dv_schema_encode_json(&state_json, schema, state, &err) != DV_OK) {
    rc = report(path, err);
  } else {
    printf("== %s\n%.*s\nupgraded_state: %zu bytes of MessagePack\n", name, (int)state_json.len, state_json.ptr,
           upgraded_state.len);
  }
  dv_buf_dispose(&json);
  dv_buf_dispose(&state_json);
  dv_buf_dispose(&upgraded_state);
  dv_value_free(state);
  free(input);
  return rc;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "examples/data";
  char path[4096];
  size_t len = 0, v0_len = 0;
  char *doc, *v0_doc;
  dv_schema_t *schema = NULL, *v0 = NULL;
  dv_error_t *err = NULL;
  int rc = 1;
  snprintf(path, sizeof path, "%s/schema.json", dir);
  doc = read_file(path, &len);
  snprintf(path, sizeof path, "%s/upgrade/acme_server-v0.json", dir);
  v0_doc = read_file(path, &v0_len);
  if (doc && v0_doc &&
      (dv_schema_from_json(&schema, doc, len, DV_LIT("resource:acme_server"), NULL, 0, &err) != DV_OK ||
       dv_schema_from_block_json(&v0, v0_doc, v0_len, 0, &err) != DV_OK)) {
    rc = report("schema", err);
  } else if (doc && v0_doc) {
    rc = upgrade(schema, v0, dir, "state-v0.json") | upgrade(schema, v0, dir, "state-v0.flatmap.json");
  }
  dv_schema_free(schema);
  dv_schema_free(v0);
  free(doc);
  free(v0_doc);
  return rc;
}
