/* tests/capi/test_null_args.c: every entry point given NULL (or invalid)
 * arguments returns DV_ERR_INVALID_ARG, or its documented neutral result,
 * and never crashes; `out` parameters are left untouched. */
#include "check.h"

#define INVALID(call) CHECK_STATUS(call, DV_ERR_INVALID_ARG)

int main(void) {
  dv_value_t *v = NULL, *good = NULL;
  dv_type_t *t = NULL;
  dv_schema_t *s = NULL;
  dv_builder_t *b = NULL;
  dv_identity_schema_t *ids = NULL;
  dv_schema_doc_t *doc = NULL;
  dv_buf_t buf = DV_BUF_INIT;
  dv_str_t view = {NULL, 0};
  bool flag = false;
  int64_t i64 = 0;
  uint64_t u64 = 0;
  double d = 0;
  uint32_t u32 = 0;
  size_t n = 0;
  dv_tristate_t tri = DV_TRISTATE_FALSE;
  dv_refinements_t r = DV_REFINEMENTS_INIT;
  dv_decode_options_t o = DV_DECODE_OPTIONS_INIT;
  const dv_value_t *elems[1] = {NULL};
  const dv_type_t *types[1] = {NULL};
  dv_str_t names[1] = {{NULL, 3}};

  CHECK(dv_value_new_bool(&good, true, NULL) == DV_OK);

  /* type.h */
  INVALID(dv_type_new_list(NULL, dv_type_string(), &err));
  INVALID(dv_type_new_list(&t, NULL, &err));
  INVALID(dv_type_new_set(&t, NULL, &err));
  INVALID(dv_type_new_map(&t, NULL, &err));
  INVALID(dv_type_new_object(NULL, NULL, NULL, NULL, 0, &err));
  INVALID(dv_type_new_object(&t, NULL, types, NULL, 1, &err));
  INVALID(dv_type_new_object(&t, names, types, NULL, 1, &err));
  INVALID(dv_type_new_tuple(&t, NULL, 1, &err));
  INVALID(dv_type_new_tuple(&t, types, 1, &err));
  INVALID(dv_type_from_json(&t, NULL, 5, &err));
  INVALID(dv_type_from_json(NULL, "\"string\"", 8, &err));
  INVALID(dv_type_clone(&t, NULL, &err));
  INVALID(dv_type_element(&t, NULL, &err));
  INVALID(dv_type_attribute_type(&t, NULL, 0, &err));
  INVALID(dv_type_tuple_element(&t, NULL, 0, &err));
  INVALID(dv_type_without_optional(&t, NULL, &err));
  INVALID(dv_type_to_json(NULL, dv_type_string(), &err));
  INVALID(dv_type_to_json(&buf, NULL, &err));
  INVALID(dv_type_friendly_name(&buf, NULL, &err));
  CHECK(t == NULL && buf.ptr == NULL);
  CHECK(dv_type_kind(NULL) == DV_TYPE_INVALID);
  CHECK(dv_type_attribute_count(NULL) == 0);
  CHECK(dv_type_attribute_name(NULL, 0).ptr == NULL);
  CHECK(!dv_type_attribute_optional(NULL, 0));
  CHECK(dv_type_attribute_index(NULL, "a", 1) == SIZE_MAX);
  CHECK(dv_type_attribute_index(dv_type_string(), NULL, 1) == SIZE_MAX);
  CHECK(dv_type_tuple_length(NULL) == 0);
  CHECK(!dv_type_has_dynamic(NULL) && !dv_type_has_optional(NULL));
  CHECK(dv_type_equals(NULL, NULL) && !dv_type_equals(NULL, dv_type_string()));
  CHECK(dv_type_hash(NULL) == 0);
  dv_type_free(NULL);

  /* value.h constructors */
  INVALID(dv_refinements_init(NULL, DV_REFINEMENTS_VERSION, &err));
  INVALID(dv_value_new_null(&v, NULL, &err));
  INVALID(dv_value_new_null(NULL, dv_type_string(), &err));
  INVALID(dv_value_new_unknown(&v, NULL, &r, &err));
  INVALID(dv_value_new_bool(NULL, true, &err));
  INVALID(dv_value_new_int64(NULL, 1, &err));
  INVALID(dv_value_new_uint64(NULL, 1, &err));
  INVALID(dv_value_new_double(NULL, 1.0, &err));
  INVALID(dv_value_new_number_text(NULL, "1", 1, &err));
  INVALID(dv_value_new_number_text(&v, NULL, 1, &err));
  INVALID(dv_value_new_string(NULL, "a", 1, &err));
  INVALID(dv_value_new_string(&v, NULL, 1, &err));
  INVALID(dv_value_new_list(&v, dv_type_bool(), NULL, 1, &err));
  INVALID(dv_value_new_list(&v, dv_type_bool(), elems, 1, &err));
  INVALID(dv_value_new_set(&v, NULL, elems, 1, &err));
  INVALID(dv_value_new_map(&v, dv_type_bool(), NULL, elems, 1, &err));
  INVALID(dv_value_new_object(&v, NULL, elems, 1, &err));
  elems[0] = good;
  INVALID(dv_value_new_object(&v, names, elems, 1, &err)); /* name {NULL, 3} */
  INVALID(dv_value_new_map(&v, NULL, names, elems, 1, &err));
  elems[0] = NULL;
  INVALID(dv_value_new_tuple(&v, elems, 1, &err));
  INVALID(dv_value_new_tuple(&v, NULL, 2, &err));
  INVALID(dv_value_clone(&v, NULL, &err));
  INVALID(dv_value_clone(NULL, good, &err));
  CHECK(v == NULL);
  dv_value_free(NULL);

  /* value.h accessors */
  CHECK(dv_value_type(NULL) == NULL);
  CHECK(dv_value_kind(NULL) == DV_TYPE_INVALID);
  /* NULL is a value that is not there (a failed lookup): it counts as null. */
  CHECK(dv_value_is_null(NULL) && dv_value_is_known(NULL) && dv_value_is_wholly_known(NULL));
  CHECK(dv_value_is_null(dv_value_get(NULL, "x", 1)));
  CHECK(!dv_value_refined_not_null(NULL));
  CHECK(dv_value_refined_prefix(NULL).len == 0);
  INVALID(dv_value_refined_lower_bound(&v, NULL, NULL, &err));
  INVALID(dv_value_refined_upper_bound(NULL, NULL, good, &err));
  INVALID(dv_value_refined_length(NULL, NULL, NULL, &err));
  INVALID(dv_value_as_bool(&flag, NULL, &err));
  INVALID(dv_value_as_bool(NULL, good, &err));
  INVALID(dv_value_as_int64(&i64, NULL, NULL, &err));
  INVALID(dv_value_as_int64(NULL, NULL, good, &err));
  INVALID(dv_value_as_uint64(&u64, NULL, NULL, &err));
  INVALID(dv_value_as_double(&d, NULL, NULL, &err));
  INVALID(dv_value_number_text(&buf, NULL, &err));
  INVALID(dv_value_number_text(NULL, good, &err));
  INVALID(dv_value_number_precision(&u32, NULL, &err));
  INVALID(dv_value_as_string(&view, NULL, &err));
  INVALID(dv_value_as_string(NULL, good, &err));
  INVALID(dv_value_length(&n, NULL, &err));
  INVALID(dv_value_length(NULL, good, &err));
  CHECK(dv_value_element(NULL, 0) == NULL);
  CHECK(dv_value_element(good, 0) == NULL);
  CHECK(dv_value_entry(NULL, 0, &view) == NULL);
  CHECK(dv_value_get(NULL, "a", 1) == NULL);
  CHECK(dv_value_get(good, NULL, 1) == NULL);
  CHECK(dv_value_lookup(NULL, NULL, 0) == NULL);
  CHECK(dv_value_lookup(good, NULL, 1) == NULL);
  INVALID(dv_value_equals(&tri, NULL, good, &err));
  INVALID(dv_value_equals(&tri, good, NULL, &err));
  INVALID(dv_value_equals(NULL, good, good, &err));
  INVALID(dv_value_raw_equals(&flag, NULL, good, &err));
  INVALID(dv_value_raw_equals(NULL, good, good, &err));
  INVALID(dv_value_hash(&u64, NULL, &err));
  INVALID(dv_value_hash(NULL, good, &err));
  INVALID(dv_value_debug_string(&buf, NULL, &err));
  CHECK(buf.ptr == NULL && view.ptr == NULL);

  /* value.h: lookups, walking, transforming, editing */
  {
    const dv_value_t *found = good;
    dv_path_t *p = NULL;
    CHECK(dv_path_new(&p, NULL) == DV_OK);
    INVALID(dv_value_find(NULL, good, "a", 1, &err));
    INVALID(dv_value_find(&found, NULL, "a", 1, &err));
    CHECK(found == good);
    CHECK(dv_value_lookup_path(NULL, p) == NULL && dv_value_lookup_path(good, NULL) == NULL);
    CHECK(dv_value_walk(NULL, NULL, NULL, NULL) == DV_ERR_INVALID_ARG);
    CHECK(dv_value_walk(good, NULL, NULL, NULL) == DV_ERR_INVALID_ARG);
    CHECK(dv_value_transform(NULL, good, NULL, NULL, NULL, NULL) == DV_ERR_INVALID_ARG);
    CHECK(dv_value_transform(&v, NULL, NULL, NULL, NULL, NULL) == DV_ERR_INVALID_ARG);
    INVALID(dv_value_unknown_as_null(NULL, good, &err));
    INVALID(dv_value_unknown_as_null(&v, NULL, &err));
    INVALID(dv_value_set_path(NULL, good, p, good, &err));
    INVALID(dv_value_set_path(&v, NULL, p, good, &err));
    INVALID(dv_value_set_path(&v, good, NULL, good, &err));
    INVALID(dv_value_set_path(&v, good, p, NULL, &err));
    CHECK(v == NULL);

    /* path.h */
    INVALID(dv_path_new(NULL, &err));
    INVALID(dv_path_clone(NULL, p, &err));
    INVALID(dv_path_clone(&p, NULL, &err));
    INVALID(dv_path_append_attr(NULL, "a", 1, &err));
    INVALID(dv_path_append_attr(p, NULL, 1, &err));
    INVALID(dv_path_append_index(NULL, 0, &err));
    INVALID(dv_path_append_key(NULL, "a", 1, &err));
    INVALID(dv_path_append_key(p, NULL, 1, &err));
    INVALID(dv_path_append_element(NULL, good, &err));
    INVALID(dv_path_append_element(p, NULL, &err));
    CHECK(dv_path_length(p) == 0);
    dv_path_truncate(NULL, 0);
    CHECK(dv_path_length(NULL) == 0);
    CHECK(!dv_path_step(NULL, 0, NULL) && !dv_path_step(p, 0, NULL));
    CHECK(dv_path_step_element(NULL, 0) == NULL);
    INVALID(dv_path_equals(NULL, p, p, &err));
    INVALID(dv_path_equals(&flag, NULL, p, &err));
    INVALID(dv_path_equals(&flag, p, NULL, &err));
    INVALID(dv_path_to_string(NULL, p, &err));
    INVALID(dv_path_to_string(&buf, NULL, &err));
    INVALID(dv_path_apply(NULL, p, good, &err));
    INVALID(dv_path_apply(&v, NULL, good, &err));
    INVALID(dv_path_apply(&v, p, NULL, &err));
    INVALID(dv_path_to_attribute_path(NULL, p, &err));
    INVALID(dv_path_to_attribute_path(&buf, NULL, &err));
    {
      dv_path_t *q = NULL;
      INVALID(dv_path_from_attribute_path(NULL, "", 0, &err));
      INVALID(dv_path_from_attribute_path(&q, NULL, 2, &err));
      CHECK(q == NULL);
    }
    CHECK(v == NULL && buf.ptr == NULL);
    dv_path_free(p);
    dv_path_free(NULL);

    /* diff.h */
    {
      dv_diff_t *d = NULL;
      INVALID(dv_value_diff(NULL, good, good, &err));
      INVALID(dv_value_diff(&d, NULL, good, &err));
      INVALID(dv_value_diff(&d, good, NULL, &err));
      CHECK(d == NULL);
      CHECK(dv_diff_length(NULL) == 0 && !dv_diff_entry(NULL, 0, NULL, NULL, NULL));
      dv_diff_free(NULL);
    }
  }

  /* codec.h */
  INVALID(dv_decode_options_init(NULL, DV_DECODE_OPTIONS_VERSION, &err));
  INVALID(dv_msgpack_decode(NULL, "\xc3", 1, dv_type_bool(), NULL, &err));
  INVALID(dv_msgpack_decode(&v, NULL, 1, dv_type_bool(), NULL, &err));
  INVALID(dv_msgpack_decode(&v, "\xc3", 1, NULL, NULL, &err));
  INVALID(dv_json_decode(&v, NULL, 4, dv_type_bool(), &o, &err));
  INVALID(dv_json_decode(&v, "true", 4, NULL, &o, &err));
  INVALID(dv_encode_options_init(NULL, DV_ENCODE_OPTIONS_VERSION, &err));
  INVALID(dv_msgpack_encode_ext(NULL, good, NULL, NULL, &err));
  INVALID(dv_msgpack_encode_ext(&buf, NULL, NULL, NULL, &err));
  INVALID(dv_json_encode_ext(NULL, good, NULL, NULL, &err));
  INVALID(dv_json_encode_ext(&buf, NULL, NULL, NULL, &err));
  INVALID(dv_msgpack_encode(NULL, good, NULL, &err));
  INVALID(dv_msgpack_encode(&buf, NULL, NULL, &err));
  INVALID(dv_json_encode(&buf, NULL, NULL, &err));
  INVALID(dv_msgpack_to_json(&buf, NULL, 1, dv_type_bool(), NULL, &err));
  INVALID(dv_msgpack_to_json(NULL, "\xc3", 1, dv_type_bool(), NULL, &err));
  INVALID(dv_json_to_msgpack(&buf, "true", 4, NULL, NULL, &err));
  INVALID(dv_msgpack_to_msgpack(&buf, NULL, 1, dv_type_bool(), NULL, &err));
  INVALID(dv_msgpack_to_msgpack(NULL, "\xc3", 1, dv_type_bool(), NULL, &err));
  INVALID(dv_json_to_json(&buf, "true", 4, NULL, NULL, &err));
  INVALID(dv_json_to_json(&buf, NULL, 1, dv_type_bool(), NULL, &err));
  /* Encoding needs the type: no silent "by the value's own type". */
  INVALID(dv_msgpack_encode(&buf, good, NULL, &err));
  INVALID(dv_json_encode(&buf, good, NULL, &err));
  INVALID(dv_json_implied_type(NULL, "1", 1, &err));
  INVALID(dv_json_implied_type(&t, NULL, 1, &err));
  INVALID(dv_schema_decode_msgpack(&v, NULL, "\xc3", 1, NULL, &err));
  INVALID(dv_schema_decode_json(&v, NULL, "true", 4, NULL, &err));
  INVALID(dv_schema_encode_msgpack(&buf, NULL, good, &err));
  INVALID(dv_schema_encode_json(&buf, NULL, good, &err));
  INVALID(dv_msgpack_encode_ext(&buf, good, NULL, NULL, &err));
  INVALID(dv_json_encode_ext(&buf, good, NULL, NULL, &err));
  o.flags = 0x80u;
  INVALID(dv_msgpack_decode(&v, "\xc3", 1, dv_type_bool(), &o, &err));
  o.flags = 0;
  CHECK(v == NULL && buf.ptr == NULL && t == NULL);

  /* convert.h */
  INVALID(dv_value_convert(NULL, good, dv_type_string(), 0, &err));
  INVALID(dv_value_convert(&v, NULL, dv_type_string(), 0, &err));
  INVALID(dv_value_convert(&v, good, NULL, 0, &err));
  INVALID(dv_value_convert(&v, good, dv_type_string(), 0x80u, &err));
  CHECK(!dv_type_convertible(NULL, dv_type_string(), 0));
  CHECK(!dv_type_convertible(dv_type_bool(), NULL, 0));
  CHECK(!dv_type_convertible(dv_type_bool(), dv_type_string(), 0x80u));
  INVALID(dv_type_unify(NULL, types, 0, 0, NULL, &err));
  INVALID(dv_type_unify(&t, NULL, 1, 0, NULL, &err));
  INVALID(dv_type_unify(&t, types, 1, 0, NULL, &err)); /* types[0] is NULL */
  INVALID(dv_type_unify(&t, types, 0, 0x80u, NULL, &err));
  INVALID(dv_value_from_flatmap(NULL, dv_type_string(), NULL, NULL, 0, &err));
  INVALID(dv_value_from_flatmap(&v, NULL, NULL, NULL, 0, &err));
  INVALID(dv_value_from_flatmap(&v, dv_type_string(), NULL, NULL, 0, &err)); /* not an object */
  INVALID(dv_value_from_flatmap(&v, dv_type_string(), names, NULL, 1, &err));
  INVALID(dv_schema_value_from_flatmap(&v, NULL, NULL, NULL, 0, &err));
  CHECK(v == NULL && t == NULL);
  {
    dv_flatmap_t *fm = NULL;
    dv_str_t k, val;
    INVALID(dv_value_to_flatmap(NULL, good, NULL, &err));
    INVALID(dv_value_to_flatmap(&fm, NULL, NULL, &err));
    CHECK(fm == NULL && dv_flatmap_count(NULL) == 0 && !dv_flatmap_entry(NULL, 0, &k, &val));
    dv_flatmap_free(NULL);
  }

  /* schema.h */
  INVALID(dv_schema_from_json(NULL, "{}", 2, "provider", 8, NULL, 0, &err));
  INVALID(dv_schema_from_json(&s, "{}", 2, NULL, 8, NULL, 0, &err));
  INVALID(dv_schema_from_json(&s, NULL, 2, "provider", 8, NULL, 0, &err));
  INVALID(dv_schema_from_block_json(&s, NULL, 2, 0, &err));
  INVALID(dv_schema_from_proto(&s, NULL, 2, 6, &err));
  INVALID(dv_schema_from_proto(&s, "", 0, 7, &err));
  INVALID(dv_schema_to_proto(&buf, NULL, 6, &err));
  INVALID(dv_schema_clone(&s, NULL, &err));
  INVALID(dv_schema_validate(NULL, good, &err));
  CHECK(s == NULL);
  CHECK(dv_schema_implied_type(NULL) == NULL);
  CHECK(dv_schema_version(NULL) == 0);
  dv_schema_free(NULL);
  INVALID(dv_builder_new(NULL, &err));
  CHECK(dv_builder_new(&b, NULL) == DV_OK);
  INVALID(dv_schema_validate(NULL, NULL, &err));

  /* plan.h */
  {
    dv_schema_t *ps = NULL;
    const char *pb = "{\"attributes\":{\"a\":{\"type\":\"string\",\"optional\":true}}}";
    dv_value_t *pv = NULL, *out = NULL;
    CHECK(dv_schema_from_block_json(&ps, pb, strlen(pb), 0, NULL) == DV_OK);
    CHECK(dv_value_new_null(&pv, dv_schema_implied_type(ps), NULL) == DV_OK);
    INVALID(dv_plan_proposed_new(NULL, ps, pv, pv, &err));
    INVALID(dv_plan_proposed_new(&out, NULL, pv, pv, &err));
    INVALID(dv_plan_proposed_new(&out, ps, NULL, pv, &err));
    INVALID(dv_plan_proposed_new(&out, ps, pv, NULL, &err));
    INVALID(dv_plan_data_resource_object(NULL, ps, pv, &err));
    INVALID(dv_plan_data_resource_object(&out, NULL, pv, &err));
    INVALID(dv_plan_data_resource_object(&out, ps, NULL, &err));
    CHECK(out == NULL);
    {
      dv_errors_t *probs = NULL;
      const dv_path_t *none[1] = {NULL};
      INVALID(dv_plan_assert_valid(NULL, pv, pv, pv, &probs, &err));
      INVALID(dv_plan_assert_valid(ps, NULL, pv, pv, &probs, &err));
      INVALID(dv_plan_assert_valid(ps, pv, NULL, pv, &probs, &err));
      INVALID(dv_plan_assert_valid(ps, pv, pv, NULL, &probs, &err));
      INVALID(dv_plan_assert_valid(ps, pv, pv, pv, NULL, &err));
      INVALID(dv_plan_assert_compatible(NULL, pv, pv, NULL, 0, 0, &probs, &err));
      INVALID(dv_plan_assert_compatible(ps, NULL, pv, NULL, 0, 0, &probs, &err));
      INVALID(dv_plan_assert_compatible(ps, pv, NULL, NULL, 0, 0, &probs, &err));
      INVALID(dv_plan_assert_compatible(ps, pv, pv, NULL, 1, 0, &probs, &err));
      INVALID(dv_plan_assert_compatible(ps, pv, pv, none, 1, 0, &probs, &err));
      INVALID(dv_plan_assert_compatible(ps, pv, pv, NULL, 0, 0x80, &probs, &err));
      INVALID(dv_plan_assert_compatible(ps, pv, pv, NULL, 0, 0, NULL, &err));
      CHECK(probs == NULL);
      INVALID(dv_plan_normalize_legacy_sdk(NULL, ps, pv, &err));
      INVALID(dv_plan_normalize_legacy_sdk(&out, NULL, pv, &err));
      INVALID(dv_plan_normalize_legacy_sdk(&out, ps, NULL, &err));
      CHECK(out == NULL);
      CHECK(dv_error_line(NULL).ptr == NULL && dv_error_line(NULL).len == 0);
    }
    dv_value_free(pv);
    dv_schema_free(ps);
  }
  {
    dv_errors_t *problems = NULL;
    INVALID(dv_schema_validate_all(NULL, good, &problems, &err));
    INVALID(dv_schema_validate_all(NULL, NULL, NULL, &err));
    CHECK(problems == NULL && dv_errors_count(NULL) == 0 && dv_errors_at(NULL, 0) == NULL);
    dv_errors_free(NULL);
  }
  INVALID(dv_builder_attribute(NULL, "a", 1, dv_type_string(), DV_ATTR_OPTIONAL, &err));
  INVALID(dv_builder_attribute(b, NULL, 1, dv_type_string(), DV_ATTR_OPTIONAL, &err));
  INVALID(dv_builder_attribute(b, "a", 1, NULL, DV_ATTR_OPTIONAL, &err));
  INVALID(dv_builder_nested_attribute(b, "a", 1, DV_NESTING_LIST, NULL, DV_ATTR_OPTIONAL, &err));
  INVALID(dv_builder_nested_attribute(b, "a", 1, DV_NESTING_GROUP, b, DV_ATTR_OPTIONAL, &err));
  INVALID(dv_builder_block(b, "a", 1, DV_NESTING_LIST, NULL, 0, 0, &err));
  INVALID(dv_builder_block(NULL, "a", 1, DV_NESTING_LIST, b, 0, 0, &err));
  INVALID(dv_builder_build(NULL, b, 0, &err));
  INVALID(dv_builder_build(&s, NULL, 0, &err));
  INVALID(dv_builder_set_description(NULL, "d", 1, DV_DESCRIPTION_PLAIN, &err));
  INVALID(dv_builder_set_description(b, NULL, 1, DV_DESCRIPTION_PLAIN, &err));
  INVALID(dv_builder_set_description(b, "d", 1, (dv_description_kind_t)2, &err));
  INVALID(dv_builder_set_deprecated(NULL, true, NULL, 0, &err));
  INVALID(dv_builder_set_deprecated(b, true, NULL, 1, &err));
  INVALID(dv_builder_set_computed(NULL, true, &err));
  CHECK(dv_builder_attribute(b, "a", 1, dv_type_string(), DV_ATTR_OPTIONAL, NULL) == DV_OK);
  INVALID(dv_builder_set_attribute_description(NULL, "a", 1, "d", 1, DV_DESCRIPTION_PLAIN, &err));
  INVALID(dv_builder_set_attribute_description(b, NULL, 1, "d", 1, DV_DESCRIPTION_PLAIN, &err));
  INVALID(dv_builder_set_attribute_description(b, "a", 1, NULL, 1, DV_DESCRIPTION_PLAIN, &err));
  INVALID(dv_builder_set_attribute_description(b, "a", 1, "d", 1, (dv_description_kind_t)7, &err));
  INVALID(dv_builder_set_attribute_deprecation_message(NULL, "a", 1, "m", 1, &err));
  INVALID(dv_builder_set_attribute_deprecation_message(b, NULL, 1, "m", 1, &err));
  INVALID(dv_builder_set_attribute_deprecation_message(b, "a", 1, NULL, 1, &err));
  INVALID(dv_builder_set_nested_items(NULL, "a", 1, 0, 0, &err));
  INVALID(dv_builder_set_nested_items(b, NULL, 1, 0, 0, &err));
  INVALID(dv_builder_set_nested_items(b, "a", 1, 0, 0, &err)); /* not a nested attribute */
  INVALID(dv_builder_build_identity(NULL, b, 0, &err));
  INVALID(dv_builder_build_identity(&ids, NULL, 0, &err));
  dv_builder_free(b);
  dv_builder_free(NULL);

  /* schema.h: introspection views are NULL-safe */
  CHECK(dv_schema_block(NULL) == NULL);
  CHECK(dv_block_attribute_count(NULL) == 0);
  CHECK(dv_block_attribute(NULL, 0) == NULL);
  CHECK(dv_block_find_attribute(NULL, "a", 1) == NULL);
  CHECK(dv_block_attribute_by_path(NULL, NULL) == NULL);
  CHECK(dv_block_nested_count(NULL) == 0);
  CHECK(dv_block_nested(NULL, 0) == NULL);
  CHECK(dv_block_find_nested(NULL, "a", 1) == NULL);
  CHECK(dv_block_description(NULL).ptr == NULL && dv_block_description(NULL).len == 0);
  CHECK(dv_block_description_kind(NULL) == DV_DESCRIPTION_PLAIN);
  CHECK(!dv_block_deprecated(NULL));
  CHECK(dv_block_deprecation_message(NULL).len == 0);
  CHECK(!dv_block_computed(NULL));
  CHECK(dv_block_implied_type(NULL) == NULL);
  CHECK(dv_attribute_name(NULL).ptr == NULL);
  CHECK(dv_attribute_type(NULL) == NULL);
  CHECK(dv_attribute_nested_type(NULL) == NULL);
  CHECK(dv_attribute_flags(NULL) == 0);
  CHECK(dv_attribute_description(NULL).len == 0);
  CHECK(dv_attribute_description_kind(NULL) == DV_DESCRIPTION_PLAIN);
  CHECK(dv_attribute_deprecation_message(NULL).len == 0);
  CHECK(dv_attribute_implied_type(NULL) == NULL);
  CHECK(dv_object_nesting(NULL) == DV_NESTING_INVALID);
  CHECK(dv_object_attribute_count(NULL) == 0);
  CHECK(dv_object_attribute(NULL, 0) == NULL);
  CHECK(dv_object_find_attribute(NULL, "a", 1) == NULL);
  CHECK(dv_object_min_items(NULL) == 0 && dv_object_max_items(NULL) == 0);
  CHECK(dv_object_implied_type(NULL) == NULL);
  CHECK(dv_nested_block_type_name(NULL).ptr == NULL);
  CHECK(dv_nested_block_nesting(NULL) == DV_NESTING_INVALID);
  CHECK(dv_nested_block_min_items(NULL) == 0 && dv_nested_block_max_items(NULL) == 0);
  CHECK(dv_nested_block_body(NULL) == NULL);
  CHECK(dv_nested_block_implied_type(NULL) == NULL);

  /* schema.h: identity schemas */
  INVALID(dv_identity_schema_from_json(NULL, "{}", 2, &err));
  INVALID(dv_identity_schema_from_json(&ids, NULL, 2, &err));
  INVALID(dv_identity_schema_from_proto(NULL, "", 0, 6, &err));
  INVALID(dv_identity_schema_from_proto(&ids, NULL, 2, 6, &err));
  INVALID(dv_identity_schema_from_proto(&ids, "", 0, 4, &err));
  INVALID(dv_identity_schema_to_proto(&buf, NULL, 6, &err));
  INVALID(dv_identity_schema_clone(&ids, NULL, &err));
  CHECK(ids == NULL && buf.ptr == NULL);
  CHECK(dv_identity_schema_version(NULL) == 0);
  CHECK(dv_identity_schema_implied_type(NULL) == NULL);
  CHECK(dv_identity_schema_attribute_count(NULL) == 0);
  CHECK(dv_identity_schema_attribute(NULL, 0) == NULL);
  CHECK(dv_identity_schema_find_attribute(NULL, "a", 1) == NULL);
  dv_identity_schema_free(NULL);
  {
    static const char kIdentity[] = "{\"attributes\":{\"id\":{\"type\":\"string\"}}}";
    CHECK(dv_identity_schema_from_json(&ids, kIdentity, sizeof kIdentity - 1, NULL) == DV_OK);
  }
  INVALID(dv_identity_schema_to_proto(NULL, ids, 6, &err));
  INVALID(dv_identity_schema_to_proto(&buf, ids, 7, &err));
  INVALID(dv_identity_schema_clone(NULL, ids, &err));
  CHECK(dv_identity_schema_find_attribute(ids, NULL, 2) == NULL);
  CHECK(dv_identity_schema_find_attribute(ids, NULL, 0) == NULL);
  CHECK(dv_identity_schema_attribute(ids, 1) == NULL);
  dv_identity_schema_free(ids);
  ids = NULL;

  /* schema.h: documents */
  INVALID(dv_schema_doc_from_json(NULL, "{}", 2, &err));
  INVALID(dv_schema_doc_from_json(&doc, NULL, 2, &err));
  CHECK(doc == NULL);
  dv_schema_doc_free(NULL);
  CHECK(dv_schema_doc_count(NULL) == 0);
  CHECK(dv_schema_doc_provider(NULL, 0).ptr == NULL);
  CHECK(dv_schema_doc_selector(NULL, 0).ptr == NULL);
  CHECK(dv_schema_doc_kind(NULL, 0) == DV_SCHEMA_PROVIDER);
  INVALID(dv_schema_doc_find(NULL, "provider", 8, NULL, 0, &n, &err));
  INVALID(dv_schema_doc_schema(&s, NULL, 0, &err));
  INVALID(dv_schema_doc_identity(&ids, NULL, 0, &err));
  INVALID(dv_schema_doc_entry_json(&buf, NULL, 0, &err));
  INVALID(dv_schema_doc_to_json(&buf, NULL, &err));
  CHECK(!dv_block_has_sensitive(NULL));
  CHECK(dv_block_sensitive_prefix(NULL, NULL) == 0);
  {
    static const char kDoc[] = "{\"provider_schemas\":{\"p\":{\"provider\":{\"block\":{}}}}}";
    CHECK(dv_schema_doc_from_json(&doc, kDoc, sizeof kDoc - 1, NULL) == DV_OK);
    INVALID(dv_schema_doc_find(doc, NULL, 8, NULL, 0, &n, &err));
    INVALID(dv_schema_doc_find(doc, "provider", 8, NULL, 3, &n, &err));
    INVALID(dv_schema_doc_find(doc, "provider", 8, NULL, 0, NULL, &err));
    INVALID(dv_schema_doc_find(doc, "bogus", 5, NULL, 0, &n, &err));
    INVALID(dv_schema_doc_schema(NULL, doc, 0, &err));
    INVALID(dv_schema_doc_identity(NULL, doc, 0, &err));
    INVALID(dv_schema_doc_identity(&ids, doc, 0, &err)); /* a block, not an identity */
    CHECK(dv_schema_doc_selector(doc, 1).ptr == NULL);
    INVALID(dv_schema_doc_entry_json(NULL, doc, 0, &err));
    INVALID(dv_schema_doc_to_json(NULL, doc, &err));
    dv_schema_doc_free(doc);
  }
  CHECK(s == NULL && ids == NULL);

  /* render.h */
  {
    dv_render_options_t ro = DV_RENDER_OPTIONS_INIT;
    INVALID(dv_render_options_init(NULL, DV_RENDER_OPTIONS_VERSION, &err));
    INVALID(dv_render_options_init(&ro, 0, &err));
    INVALID(dv_value_render(NULL, good, NULL, &err));
    INVALID(dv_value_render(&buf, NULL, NULL, &err));
    INVALID(dv_value_render(&buf, NULL, &ro, &err));
    ro.style = 9;
    INVALID(dv_value_render(&buf, good, &ro, &err));
    ro.style = DV_RENDER_PRETTY;
    ro.flags = 0x80u;
    INVALID(dv_value_render(&buf, good, &ro, &err));
    CHECK(buf.ptr == NULL);
  }

  /* buffer.h / error.h */
  dv_buf_dispose(NULL);
  dv_error_free(NULL);

  dv_value_free(good);
  return check_result("test_null_args");
}
