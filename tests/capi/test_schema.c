/* tests/capi/test_schema.c: schema.h (builder, JSON document, protobuf,
 * implied type, validation). */
#include "check.h"

static int type_json_is(const dv_type_t *t, const char *want) {
  dv_buf_t b = DV_BUF_INIT;
  int ok = dv_type_to_json(&b, t, NULL) == DV_OK && buf_eq(&b, want, strlen(want));
  if (!ok) fprintf(stderr, "type JSON %.*s\nwant      %s\n", (int)b.len, b.ptr ? b.ptr : "", want);
  dv_buf_dispose(&b);
  return ok;
}

static const char *kDoc =
    "{\"format_version\":\"1.0\",\"provider_schemas\":{\"registry.terraform.io/hashicorp/test\":{"
    "\"provider\":{\"version\":0,\"block\":{\"attributes\":{\"region\":{\"type\":\"string\","
    "\"optional\":true}}}},"
    "\"resource_schemas\":{\"test_thing\":{\"version\":2,\"block\":{\"attributes\":{"
    "\"id\":{\"type\":\"string\",\"computed\":true},"
    "\"name\":{\"type\":\"string\",\"required\":true}},"
    "\"block_types\":{\"rule\":{\"nesting_mode\":\"list\",\"max_items\":2,\"block\":{"
    "\"attributes\":{\"port\":{\"type\":\"number\",\"optional\":true}}}}}}}}}}}";

static void test_builder(void) {
  dv_builder_t *root = NULL, *ebs = NULL, *disk = NULL;
  dv_schema_t *s = NULL, *s2 = NULL, *back = NULL;
  dv_type_t *tags = NULL;
  dv_buf_t proto = DV_BUF_INIT;

  CHECK_OK(dv_builder_new(&root, &err));
  CHECK_OK(dv_builder_new(&ebs, &err));
  CHECK_OK(dv_builder_new(&disk, &err));
  CHECK_OK(dv_type_new_map(&tags, dv_type_string(), &err));
  CHECK_OK(dv_builder_attribute(root, "ami", 3, dv_type_string(), DV_ATTR_REQUIRED, &err));
  CHECK_OK(dv_builder_attribute(root, "tags", 4, tags, DV_ATTR_OPTIONAL, &err));
  CHECK_OK(dv_builder_attribute(ebs, "size", 4, dv_type_number(), DV_ATTR_OPTIONAL, &err));
  CHECK_OK(dv_builder_block(root, "ebs", 3, DV_NESTING_LIST, ebs, 0, 2, &err));
  CHECK_OK(dv_builder_attribute(disk, "label", 5, dv_type_string(), DV_ATTR_OPTIONAL, &err));
  CHECK_OK(dv_builder_nested_attribute(root, "disks", 5, DV_NESTING_SET, disk, DV_ATTR_OPTIONAL, &err));
  CHECK_STATUS(dv_builder_attribute(root, "x", 1, dv_type_string(), 0x4000u, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_builder_block(root, "self", 4, DV_NESTING_LIST, root, 0, 0, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_builder_block(root, "bad", 3, (dv_nesting_t)9, ebs, 0, 0, &err), DV_ERR_INVALID_ARG);
  CHECK_OK(dv_builder_build(&s, root, 3, &err));
  CHECK(dv_schema_version(s) == 3);
  CHECK(type_json_is(dv_schema_implied_type(s),
                     "[\"object\",{\"ami\":\"string\",\"disks\":[\"set\",[\"object\",{\"label\":\"string\"}]],"
                     "\"ebs\":[\"list\",[\"object\",{\"size\":\"number\"}]],\"tags\":[\"map\",\"string\"]}]"));

  /* An invalid schema: an attribute that is neither required, optional nor
   * computed. */
  CHECK_OK(dv_builder_attribute(ebs, "flagless", 8, dv_type_string(), 0, &err));
  CHECK_OK(dv_builder_build(&s2, root, 0, &err)); /* root copied ebs before */
  dv_schema_free(s2);
  s2 = NULL;
  CHECK_STATUS(dv_builder_build(&s2, ebs, 0, &err), DV_ERR_SCHEMA);
  CHECK(s2 == NULL);

  /* Protobuf round trip (protocol 6 holds nested attributes; 5 cannot). */
  CHECK_OK(dv_schema_to_proto(&proto, s, 6, &err));
  CHECK(proto.len > 0);
  CHECK_OK(dv_schema_from_proto(&back, proto.ptr, proto.len, 6, &err));
  CHECK(dv_type_equals(dv_schema_implied_type(back), dv_schema_implied_type(s)));
  CHECK(dv_schema_version(back) == 3);
  dv_buf_dispose(&proto);
  CHECK_STATUS(dv_schema_to_proto(&proto, s, 5, &err), DV_ERR_UNSUPPORTED);
  CHECK_STATUS(dv_schema_to_proto(&proto, s, 4, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_schema_from_proto(&s2, "\x0a", 1, 6, &err), DV_ERR_PARSE);

  /* Validation. */
  {
    dv_value_t *ami = NULL, *nul = NULL, *obj = NULL, *bad = NULL, *nulltags = NULL, *nulllist = NULL,
               *nullset = NULL;
    dv_type_t *ebs_t = NULL, *disks_t = NULL;
    dv_str_t names[4] = {{"ami", 3}, {"disks", 5}, {"ebs", 3}, {"tags", 4}};
    const dv_value_t *vals[4];
    const dv_type_t *root_t = dv_schema_implied_type(s);
    dv_error_t *err = NULL;

    CHECK_OK(dv_type_attribute_type(&disks_t, root_t, 1, &err));
    CHECK_OK(dv_type_attribute_type(&ebs_t, root_t, 2, &err));
    CHECK_OK(dv_value_new_string(&ami, "ami-123", 7, &err));
    CHECK_OK(dv_value_new_null(&nul, dv_type_string(), &err));
    CHECK_OK(dv_value_new_null(&nulltags, tags, &err));
    CHECK_OK(dv_value_new_null(&nulllist, ebs_t, &err));
    CHECK_OK(dv_value_new_null(&nullset, disks_t, &err));
    vals[0] = ami;
    vals[1] = nullset;
    vals[2] = nulllist;
    vals[3] = nulltags;
    CHECK_OK(dv_value_new_object(&obj, names, vals, 4, &err));
    CHECK_OK(dv_schema_validate(s, obj, &err));
    vals[0] = nul;
    CHECK_OK(dv_value_new_object(&bad, names, vals, 4, &err));
    CHECK(dv_schema_validate(s, bad, &err) == DV_ERR_SCHEMA);
    CHECK(str_eq(dv_error_path(err), ".ami"));
    dv_error_free(err);
    CHECK_STATUS(dv_schema_validate(s, ami, &err), DV_ERR_TYPE_MISMATCH);

    dv_value_free(ami);
    dv_value_free(nul);
    dv_value_free(obj);
    dv_value_free(bad);
    dv_value_free(nulltags);
    dv_value_free(nulllist);
    dv_value_free(nullset);
    dv_type_free(ebs_t);
    dv_type_free(disks_t);
  }

  /* The implied type stays valid through a clone after the original goes. */
  CHECK_OK(dv_schema_clone(&s2, s, &err));
  dv_schema_free(s);
  CHECK(dv_type_kind(dv_schema_implied_type(s2)) == DV_TYPE_OBJECT);
  dv_schema_free(s2);
  dv_schema_free(back);
  dv_type_free(tags);
  dv_builder_free(root);
  dv_builder_free(ebs);
  dv_builder_free(disk);
}

static void test_document(void) {
  dv_schema_t *s = NULL;
  size_t len = strlen(kDoc);

  CHECK_OK(dv_schema_from_json(&s, kDoc, len, "resource:test_thing", 19, NULL, 0, &err));
  CHECK(dv_schema_version(s) == 2);
  CHECK(type_json_is(dv_schema_implied_type(s),
                     "[\"object\",{\"id\":\"string\",\"name\":\"string\",\"rule\":[\"list\",[\"object\",{\"port\":\"number\"}]]}]"));
  dv_schema_free(s);
  s = NULL;
  CHECK_OK(dv_schema_from_json(&s, kDoc, len, "provider", 8, "registry.terraform.io/hashicorp/test", 36, &err));
  CHECK(type_json_is(dv_schema_implied_type(s), "[\"object\",{\"region\":\"string\"}]"));
  dv_schema_free(s);
  s = NULL;
  CHECK_STATUS(dv_schema_from_json(&s, kDoc, len, "resource:nope", 13, NULL, 0, &err), DV_ERR_NOT_FOUND);
  CHECK_STATUS(dv_schema_from_json(&s, kDoc, len, "provider", 8, "example.com/x/y", 15, &err), DV_ERR_NOT_FOUND);
  CHECK_STATUS(dv_schema_from_json(&s, kDoc, len, "bogus", 5, NULL, 0, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_schema_from_json(&s, kDoc, len - 3, "provider", 8, NULL, 0, &err), DV_ERR_PARSE);
  CHECK(s == NULL);

  {
    const char *blk = "{\"attributes\":{\"v\":{\"type\":[\"list\",\"bool\"],\"required\":true}}}";
    CHECK_OK(dv_schema_from_block_json(&s, blk, strlen(blk), 7, &err));
    CHECK(dv_schema_version(s) == 7);
    CHECK(type_json_is(dv_schema_implied_type(s), "[\"object\",{\"v\":[\"list\",\"bool\"]}]"));
    dv_schema_free(s);
  }
}

int main(void) {
  test_builder();
  test_document();
  return check_result("test_schema");
}
