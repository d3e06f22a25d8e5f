/* tests/capi/test_plan.c: plan.h (dv_plan_proposed_new,
 * dv_plan_data_resource_object). */
#include "check.h"

/* The JSON of v by the schema's implied type equals `want`. */
static int json_is(const dv_value_t *v, const dv_schema_t *s, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  int ok = v != NULL && dv_json_encode(&b, v, dv_schema_implied_type(s), NULL) == DV_OK &&
           buf_eq(&b, want, strlen(want));
  if (!ok) fprintf(stderr, "got %.*s, want %s\n", (int)b.len, b.ptr ? b.ptr : "", want);
  dv_buf_dispose(&b);
  return ok;
}

static dv_value_t *schema_value(const dv_schema_t *s, const char *json) {
  dv_value_t *v = NULL;
  CHECK(dv_json_decode(&v, json, strlen(json), dv_schema_implied_type(s), NULL, NULL) == DV_OK);
  return v;
}

int main(void) {
  const char *block =
      "{\"attributes\":{"
      "\"id\":{\"type\":\"string\",\"computed\":true},"
      "\"name\":{\"type\":\"string\",\"required\":true},"
      "\"size\":{\"type\":\"number\",\"optional\":true,\"computed\":true}},"
      "\"block_types\":{\"rule\":{\"nesting_mode\":\"set\",\"block\":{\"attributes\":{"
      "\"port\":{\"type\":\"number\",\"required\":true},"
      "\"arn\":{\"type\":\"string\",\"computed\":true}}}}}}";
  dv_schema_t *s = NULL;
  dv_value_t *prior = NULL, *config = NULL, *out = NULL, *null_prior = NULL, *bad = NULL;
  const dv_value_t *id = NULL, *size = NULL;
  dv_error_t *e = NULL;

  CHECK_OK(dv_schema_from_block_json(&s, block, strlen(block), 0, &err));
  prior = schema_value(s, "{\"id\":\"i-1\",\"name\":\"a\",\"size\":2,"
                          "\"rule\":[{\"port\":80,\"arn\":\"arn:80\"},{\"port\":22,\"arn\":\"arn:22\"}]}");
  config = schema_value(s, "{\"id\":null,\"name\":\"b\",\"size\":null,"
                           "\"rule\":[{\"port\":80,\"arn\":null},{\"port\":443,\"arn\":null}]}");

  /* Computed attributes the config leaves null keep their prior values;
   * set elements pair with the prior element they could have come from. */
  CHECK_OK(dv_plan_proposed_new(&out, s, prior, config, &err));
  CHECK(json_is(out, s,
                "{\"id\":\"i-1\",\"name\":\"b\",\"rule\":[{\"arn\":\"arn:80\",\"port\":80},"
                "{\"arn\":null,\"port\":443}],\"size\":2}"));
  dv_value_free(out);
  out = NULL;

  /* A null prior (a create): the config as it is. */
  CHECK_OK(dv_value_new_null(&null_prior, dv_schema_implied_type(s), &err));
  CHECK_OK(dv_plan_proposed_new(&out, s, null_prior, config, &err));
  CHECK(json_is(out, s,
                "{\"id\":null,\"name\":\"b\",\"rule\":[{\"arn\":null,\"port\":443},"
                "{\"arn\":null,\"port\":80}],\"size\":null}"));
  dv_value_free(out);
  out = NULL;

  /* A data source: computed attributes left null become unknown. */
  CHECK_OK(dv_plan_data_resource_object(&out, s, config, &err));
  id = dv_value_get(out, "id", 2);
  size = dv_value_get(out, "size", 4);
  CHECK(id != NULL && !dv_value_is_known(id));
  CHECK(size != NULL && !dv_value_is_known(size));
  CHECK(dv_value_is_known(dv_value_get(out, "name", 4)));
  dv_value_free(out);
  out = NULL;

  /* A value that does not conform to the implied type: the path of the
   * offending attribute. */
  bad = json_value("[\"object\",{\"id\":\"string\",\"name\":\"bool\",\"size\":\"number\","
                   "\"rule\":[\"set\",[\"object\",{\"port\":\"number\",\"arn\":\"string\"}]]}]",
                   "{\"id\":null,\"name\":true,\"size\":null,\"rule\":[]}");
  CHECK(dv_plan_proposed_new(&out, s, prior, bad, &e) == DV_ERR_TYPE_MISMATCH);
  CHECK(out == NULL);
  CHECK(str_eq(dv_error_path(e), ".name"));
  CHECK(strstr(dv_error_message(e).ptr, "config value does not conform to the schema") != NULL);
  dv_error_free(e);
  e = NULL;
  CHECK(dv_plan_data_resource_object(&out, s, bad, &e) == DV_ERR_TYPE_MISMATCH);
  CHECK(out == NULL);
  dv_error_free(e);

  dv_value_free(bad);
  dv_value_free(null_prior);
  dv_value_free(prior);
  dv_value_free(config);
  dv_schema_free(s);
  return check_result("test_plan");
}
