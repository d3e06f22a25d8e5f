/* tests/capi/test_plan.c: plan.h (dv_plan_proposed_new,
 * dv_plan_data_resource_object, dv_plan_assert_valid,
 * dv_plan_assert_compatible, dv_plan_normalize_legacy_sdk). */
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

  /* Plan validity: a planned value that is neither the configured nor the
   * prior one. The problem is at .name, with OpenTofu's line. */
  {
    dv_errors_t *problems = NULL;
    dv_value_t *planned = schema_value(s, "{\"id\":\"i-1\",\"name\":\"c\",\"size\":2,"
                                          "\"rule\":[{\"port\":80,\"arn\":\"arn:80\"},{\"port\":443,\"arn\":null}]}");
    const dv_error_t *p0 = NULL;
    CHECK_OK(dv_plan_assert_valid(s, prior, config, planned, &problems, &err));
    CHECK(dv_errors_count(problems) == 1);
    p0 = dv_errors_at(problems, 0);
    CHECK(dv_error_status(p0) == DV_ERR_SCHEMA);
    CHECK(str_eq(dv_error_path(p0), ".name"));
    CHECK(str_eq(dv_error_line(p0), ".name: planned value cty.StringVal(\"c\") does not match config value "
                                    "cty.StringVal(\"b\") nor prior value cty.StringVal(\"a\")"));
    dv_errors_free(problems);
    problems = (dv_errors_t *)1; /* a valid plan gives NULL */
    CHECK_OK(dv_plan_proposed_new(&out, s, prior, config, &err));
    CHECK_OK(dv_plan_assert_valid(s, prior, config, out, &problems, &err));
    CHECK(problems == NULL);

    /* Apply consistency: .name changed; marked sensitive by a path, it is
     * reported without its values. */
    {
      dv_path_t *name_path = NULL;
      const dv_path_t *paths[1];
      CHECK_OK(dv_plan_assert_compatible(s, out, planned, NULL, 0, DV_PLAN_SCHEMA_MARKS, &problems, &err));
      CHECK(dv_errors_count(problems) == 1);
      CHECK(str_eq(dv_error_line(dv_errors_at(problems, 0)),
                   ".name: was cty.StringVal(\"b\"), but now cty.StringVal(\"c\")"));
      dv_errors_free(problems);
      CHECK_OK(dv_path_new(&name_path, &err));
      CHECK_OK(dv_path_append_attr(name_path, "name", 4, &err));
      paths[0] = name_path;
      CHECK_OK(dv_plan_assert_compatible(s, out, planned, paths, 1, 0, &problems, &err));
      CHECK(dv_errors_count(problems) == 1);
      CHECK(str_eq(dv_error_line(dv_errors_at(problems, 0)), ".name: inconsistent values for sensitive attribute"));
      dv_errors_free(problems);
      dv_path_free(name_path);
    }
    dv_value_free(out);
    out = NULL;

    /* The legacy SDK fix-up: a null SET block becomes an empty one. */
    {
      dv_value_t *legacy = schema_value(s, "{\"id\":\"i-1\",\"name\":\"a\",\"size\":null,\"rule\":null}");
      CHECK_OK(dv_plan_normalize_legacy_sdk(&out, s, legacy, &err));
      CHECK(json_is(out, s, "{\"id\":\"i-1\",\"name\":\"a\",\"rule\":[],\"size\":null}"));
      dv_value_free(out);
      out = NULL;
      dv_value_free(legacy);
    }
    dv_value_free(planned);
  }

  dv_value_free(bad);
  dv_value_free(null_prior);
  dv_value_free(prior);
  dv_value_free(config);
  dv_schema_free(s);
  return check_result("test_plan");
}
