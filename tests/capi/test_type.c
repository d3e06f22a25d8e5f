/* tests/capi/test_type.c: type.h. */
#include "check.h"

static int json_is(const dv_type_t *t, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  int ok = dv_type_to_json(&b, t, NULL) == DV_OK && buf_eq(&b, want, strlen(want));
  if (!ok) fprintf(stderr, "type JSON %.*s, want %s\n", (int)b.len, b.ptr ? b.ptr : "", want);
  dv_buf_dispose(&b);
  return ok;
}

int main(void) {
  dv_type_t *list = NULL, *set = NULL, *map = NULL, *obj = NULL, *tup = NULL, *parsed = NULL, *el = NULL;
  dv_type_t *clone = NULL, *plain = NULL;

  /* Primitives are static singletons. */
  CHECK(dv_type_kind(dv_type_bool()) == DV_TYPE_BOOL);
  CHECK(dv_type_kind(dv_type_number()) == DV_TYPE_NUMBER);
  CHECK(dv_type_kind(dv_type_string()) == DV_TYPE_STRING);
  CHECK(dv_type_kind(dv_type_dynamic()) == DV_TYPE_DYNAMIC);
  CHECK(dv_type_bool() == dv_type_bool());
  CHECK(json_is(dv_type_string(), "\"string\""));
  CHECK(json_is(dv_type_dynamic(), "\"dynamic\""));
  dv_type_free((dv_type_t *)dv_type_string()); /* documented no-op */
  CHECK(dv_type_kind(dv_type_string()) == DV_TYPE_STRING);

  CHECK_OK(dv_type_new_list(&list, dv_type_string(), &err));
  CHECK_OK(dv_type_new_set(&set, dv_type_number(), &err));
  CHECK_OK(dv_type_new_map(&map, list, &err));
  CHECK(dv_type_kind(list) == DV_TYPE_LIST && dv_type_kind(set) == DV_TYPE_SET && dv_type_kind(map) == DV_TYPE_MAP);
  CHECK(json_is(map, "[\"map\",[\"list\",\"string\"]]"));
  CHECK_OK(dv_type_element(&el, map, &err));
  CHECK(dv_type_equals(el, list));
  CHECK(dv_type_hash(el) == dv_type_hash(list));
  dv_type_free(el);
  el = NULL;
  CHECK_STATUS(dv_type_element(&el, dv_type_string(), &err), DV_ERR_TYPE_MISMATCH);
  CHECK(el == NULL);

  {
    /* Names given out of order come back sorted; "b" is optional. */
    dv_str_t names[3] = {{"c", 1}, {"a", 1}, {"b", 1}};
    const dv_type_t *types[3];
    bool optional[3] = {false, false, true};
    types[0] = dv_type_bool();
    types[1] = set;
    types[2] = dv_type_string();
    CHECK_OK(dv_type_new_object(&obj, names, types, optional, 3, &err));
  }
  CHECK(dv_type_kind(obj) == DV_TYPE_OBJECT);
  CHECK(dv_type_attribute_count(obj) == 3);
  CHECK(str_eq(dv_type_attribute_name(obj, 0), "a"));
  CHECK(str_eq(dv_type_attribute_name(obj, 2), "c"));
  CHECK(dv_type_attribute_name(obj, 3).ptr == NULL);
  CHECK(dv_type_attribute_optional(obj, 1));
  CHECK(!dv_type_attribute_optional(obj, 0));
  CHECK(dv_type_attribute_index(obj, "b", 1) == 1);
  CHECK(dv_type_attribute_index(obj, "zz", 2) == SIZE_MAX);
  CHECK(dv_type_has_optional(obj));
  CHECK(!dv_type_has_dynamic(obj));
  CHECK(json_is(obj, "[\"object\",{\"a\":[\"set\",\"number\"],\"b\":\"string\",\"c\":\"bool\"},[\"b\"]]"));
  CHECK_OK(dv_type_attribute_type(&el, obj, 0, &err));
  CHECK(dv_type_equals(el, set));
  dv_type_free(el);
  el = NULL;
  CHECK_STATUS(dv_type_attribute_type(&el, obj, 9, &err), DV_ERR_OUT_OF_RANGE);
  CHECK_OK(dv_type_without_optional(&plain, obj, &err));
  CHECK(!dv_type_has_optional(plain));
  CHECK(!dv_type_equals(plain, obj));

  {
    const dv_type_t *elems[2];
    elems[0] = dv_type_dynamic();
    elems[1] = obj;
    CHECK_OK(dv_type_new_tuple(&tup, elems, 2, &err));
  }
  CHECK(dv_type_tuple_length(tup) == 2);
  CHECK(dv_type_has_dynamic(tup));
  CHECK_OK(dv_type_tuple_element(&el, tup, 1, &err));
  CHECK(dv_type_equals(el, obj));
  dv_type_free(el);
  el = NULL;
  CHECK_STATUS(dv_type_tuple_element(&el, tup, 2, &err), DV_ERR_OUT_OF_RANGE);
  CHECK_STATUS(dv_type_tuple_element(&el, obj, 0, &err), DV_ERR_TYPE_MISMATCH);

  /* Type JSON round trip. */
  {
    const char *src = "[\"tuple\",[\"dynamic\",[\"object\",{\"c\":\"bool\",\"b\":\"string\",\"a\":[\"set\",\"number\"]},[\"b\"]]]]";
    CHECK_OK(dv_type_from_json(&parsed, src, strlen(src), &err));
    CHECK(dv_type_equals(parsed, tup));
    CHECK(dv_type_hash(parsed) == dv_type_hash(tup));
  }
  {
    dv_error_t *err = NULL;
    dv_type_t *bad = NULL;
    CHECK(dv_type_from_json(&bad, "[\"list\"", 7, &err) == DV_ERR_PARSE);
    CHECK(bad == NULL);
    CHECK(err != NULL && dv_error_message(err).len > 0);
    dv_error_free(err);
    CHECK(dv_type_from_json(&bad, "\"strin\"", 7, NULL) == DV_ERR_PARSE);
  }

  /* Clone is the same type and outlives the original. */
  CHECK_OK(dv_type_clone(&clone, list, &err));
  dv_type_free(list);
  list = NULL;
  CHECK(json_is(clone, "[\"list\",\"string\"]"));
  {
    dv_buf_t b = DV_BUF_INIT;
    CHECK_OK(dv_type_friendly_name(&b, clone, &err));
    CHECK(b.len > 0);
    dv_buf_dispose(&b);
  }

  dv_type_free(clone);
  dv_type_free(set);
  dv_type_free(map);
  dv_type_free(obj);
  dv_type_free(plain);
  dv_type_free(tup);
  dv_type_free(parsed);
  return check_result("test_type");
}
