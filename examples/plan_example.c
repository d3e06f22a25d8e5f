/*
 * plan_example: the core of PlanResourceChange for resource:acme_server of
 * examples/data/schema.json, run on two requests that go-cty wrote
 * (examples/data/plan/{create,update}/{config,prior,proposed}.msgpack):
 *
 *  1. decode the config, the prior state and the proposed new state by the
 *     schema;
 *  2. one dv_value_transform over the proposed state plans every computed
 *     attribute that the config leaves null: the prior value when the prior
 *     state has one (what the plugin framework's UseStateForUnknown does),
 *     else unknown, refined with what the provider knows of it (not null; an
 *     ARN prefix; memory_gib >= 1). The schema says which attributes are
 *     computed (dv_block_attribute_by_path): no table to keep in step;
 *  3. RequiresReplace: on update, each path where the prior and planned
 *     states differ (dv_value_diff) inside an attribute whose description
 *     ends with "Changing this forces a new resource.";
 *  4. encode the planned state by the schema for the response.
 *
 * It prints what planning changed in the proposed state ("path: proposed =>
 * planned", as the Rust and Go bindings print a diff), the size of the
 * planned state and the RequiresReplace paths. The Rust
 * (bindings/rust/dynval/examples/plan_example.rs) and Go
 * (bindings/go/cmd/plan-example) programs print the same bytes:
 * examples/data/plan-example.expected.
 *
 * Usage: plan_example [DATA_DIR]        (default: examples/data)
 */
#include <dynval/dynval.h>

#include <stdio.h>
#include <string.h>

#include "example_io.h"

#define ARN_PREFIX "arn:acme:compute:eu-west-1:"
#define FORCES_NEW "Changing this forces a new resource."

struct request {
  const dv_block_t *block;
  dv_value_t *config, *prior, *proposed;
};

static bool is(dv_str_t s, const char *text) { return s.len == strlen(text) && memcmp(s.ptr, text, s.len) == 0; }

/* The dv_value_transform callback (after children): the planned value of a
 * computed attribute that the config leaves null. */
static int plan_computed(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace, void *payload) {
  const struct request *rq = payload;
  const dv_attribute_t *attr = dv_block_attribute_by_path(rq->block, path);
  const dv_value_t *prior;
  dv_refinements_t r = DV_REFINEMENTS_INIT;
  if (!(dv_attribute_flags(attr) & DV_ATTR_COMPUTED) || !dv_value_is_null(dv_value_lookup_path(rq->config, path)))
    return 0; /* keep what the config says */
  prior = dv_value_lookup_path(rq->prior, path);
  if (prior && !dv_value_is_null(prior)) return dv_value_clone(replace, prior, NULL) == DV_OK ? 0 : -1;
  r.flags = DV_REFINE_NOT_NULL; /* the API always returns every attribute */
  if (is(dv_attribute_name(attr), "arn")) {
    r.flags |= DV_REFINE_PREFIX;
    r.prefix = ARN_PREFIX;
    r.prefix_len = strlen(ARN_PREFIX);
  } else if (is(dv_attribute_name(attr), "memory_gib")) {
    r.flags |= DV_REFINE_LOWER | DV_REFINE_LOWER_INCLUSIVE;
    r.lower_text = "1";
    r.lower_text_len = 1;
  }
  return dv_value_new_unknown(replace, dv_value_type(v), &r, NULL) == DV_OK ? 0 : -1;
}

/* Whether attribute `a` forces a new resource: its description says so. */
static bool forces_new(const dv_attribute_t *a) {
  dv_str_t d = dv_attribute_description(a);
  size_t n = strlen(FORCES_NEW);
  return d.len >= n && memcmp(d.ptr + d.len - n, FORCES_NEW, n) == 0;
}

static void put_path(const dv_path_t *p) {
  dv_buf_t text = DV_BUF_INIT;
  if (dv_path_to_string(&text, p, NULL) == DV_OK) fwrite(text.ptr, 1, text.len, stdout);
  dv_buf_dispose(&text);
}

static void put_value(const dv_value_t *v) {
  dv_buf_t text = DV_BUF_INIT;
  if (v && dv_value_debug_string(&text, v, NULL) == DV_OK) fwrite(text.ptr, 1, text.len, stdout);
  else fputs("-", stdout);
  dv_buf_dispose(&text);
}

/* The path of the attribute that holds `path` and forces a new resource
 * (the shortest such prefix; owned), or NULL. */
static dv_path_t *forcing_attribute(const dv_block_t *block, const dv_path_t *path) {
  dv_path_t *prefix = NULL;
  size_t n;
  for (n = 1; n <= dv_path_length(path); n++) {
    if (dv_path_clone(&prefix, path, NULL) != DV_OK) return NULL;
    dv_path_truncate(prefix, n);
    if (forces_new(dv_block_attribute_by_path(block, prefix))) return prefix;
    dv_path_free(prefix);
  }
  return NULL;
}

/* Prints each difference between a and b as "path: a => b"; with a block,
 * "requires_replace: PATH" instead, for those inside an attribute that
 * forces a new resource. */
static dv_status_t print_diff(const dv_value_t *a, const dv_value_t *b, const dv_block_t *block) {
  dv_diff_t *diff = NULL;
  size_t i;
  dv_status_t st = dv_value_diff(&diff, a, b, NULL);
  for (i = 0; st == DV_OK && i < dv_diff_length(diff); i++) {
    const dv_path_t *path = NULL;
    const dv_value_t *va = NULL, *vb = NULL;
    dv_path_t *attr;
    dv_diff_entry(diff, i, &path, &va, &vb);
    if (!block) {
      put_path(path);
      fputs(": ", stdout);
      put_value(va);
      fputs(" => ", stdout);
      put_value(vb);
      putchar('\n');
    } else if ((attr = forcing_attribute(block, path)) != NULL) {
      fputs("requires_replace: ", stdout);
      put_path(attr);
      putchar('\n');
      dv_path_free(attr);
    }
  }
  dv_diff_free(diff);
  return st;
}

/* Plans one request; returns an exit status. */
static int plan(const dv_schema_t *schema, const char *dir, const char *scenario) {
  static const char *const names[] = {"config", "prior", "proposed"};
  struct request rq = {NULL, NULL, NULL, NULL};
  dv_value_t **inputs[] = {&rq.config, &rq.prior, &rq.proposed};
  dv_value_t *planned = NULL;
  dv_buf_t planned_state = DV_BUF_INIT;
  dv_error_t *err = NULL;
  dv_status_t st = DV_OK;
  char path[4096], *data;
  size_t i, len = 0;
  int rc = 1;
  rq.block = dv_schema_block(schema);
  for (i = 0; i < 3 && st == DV_OK; i++) {
    snprintf(path, sizeof path, "%s/plan/%s/%s.msgpack", dir, scenario, names[i]);
    data = read_file(path, &len);
    st = data ? dv_schema_decode_msgpack(inputs[i], schema, data, len, NULL, &err) : DV_ERR_NOT_FOUND;
    free(data);
  }
  if (st != DV_OK || dv_value_transform(&planned, rq.proposed, NULL, plan_computed, &rq, &err) != DV_OK ||
      dv_schema_encode_msgpack(&planned_state, schema, planned, &err) != DV_OK) {
    rc = report(scenario, err);
    goto done;
  }
  printf("== %s\n", scenario);
  if (print_diff(rq.proposed, planned, NULL) != DV_OK) goto done;
  printf("planned_state: %zu bytes of MessagePack\n", planned_state.len);
  /* A create replaces nothing. */
  if (!dv_value_is_null(rq.prior) && print_diff(rq.prior, planned, rq.block) != DV_OK) goto done;
  rc = 0;
done:
  dv_buf_dispose(&planned_state);
  dv_value_free(planned);
  dv_value_free(rq.config);
  dv_value_free(rq.prior);
  dv_value_free(rq.proposed);
  return rc;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "examples/data";
  char path[4096];
  size_t len = 0;
  char *doc;
  dv_schema_t *schema = NULL;
  dv_error_t *err = NULL;
  int rc;
  snprintf(path, sizeof path, "%s/schema.json", dir);
  if (!(doc = read_file(path, &len))) return 1;
  if (dv_schema_from_json(&schema, doc, len, DV_LIT("resource:acme_server"), NULL, 0, &err) != DV_OK) {
    free(doc);
    return report(path, err);
  }
  rc = plan(schema, dir, "create") | plan(schema, dir, "update");
  dv_schema_free(schema);
  free(doc);
  return rc;
}
