/* tests/capi/test_schema.c: schema.h (builder, JSON document, protobuf,
 * implied type, validation). */
#include "check.h"

#include <stdlib.h>

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

/* The path of `steps`, one step per word: `.name` an attribute, `#3` an
 * index, `'k` a map key, `=` a set element ("e"). */
static dv_path_t *path_of(const char *steps) {
  dv_path_t *p = NULL;
  dv_value_t *e = NULL;
  char word[32];
  int n = 0;
  CHECK_OK(dv_path_new(&p, &err));
  CHECK_OK(dv_value_new_string(&e, "e", 1, &err));
  while (sscanf(steps, " %31s%n", word, &n) == 1) {
    steps += n;
    switch (word[0]) {
      case '.': CHECK_OK(dv_path_append_attr(p, word + 1, strlen(word + 1), &err)); break;
      case '#': CHECK_OK(dv_path_append_index(p, atoi(word + 1), &err)); break;
      case '\'': CHECK_OK(dv_path_append_key(p, word + 1, strlen(word + 1), &err)); break;
      default: CHECK_OK(dv_path_append_element(p, e, &err)); break;
    }
  }
  dv_value_free(e);
  return p;
}

static const dv_attribute_t *by_path(const dv_block_t *b, const char *steps) {
  dv_path_t *p = path_of(steps);
  const dv_attribute_t *a = dv_block_attribute_by_path(b, p);
  dv_path_free(p);
  return a;
}

static void check_attribute_by_path(const dv_block_t *root) {
  const dv_attribute_t *disks = dv_block_find_attribute(root, "disks", 5);
  const dv_block_t *rule = dv_nested_block_body(dv_block_find_nested(root, "rule", 4));
  dv_path_t *empty = NULL;

  CHECK(by_path(root, ".password") == dv_block_find_attribute(root, "password", 8));
  CHECK(by_path(root, ".disks") == disks);
  /* into a nested attribute's object, through its list index (or without) */
  CHECK(by_path(root, ".disks #0 .size") == dv_object_find_attribute(dv_attribute_nested_type(disks), "size", 4));
  CHECK(by_path(root, ".disks .size") == by_path(root, ".disks #0 .size"));
  /* through a nested set block's element step */
  CHECK(by_path(root, ".rule = .port") == dv_block_find_attribute(rule, "port", 4));
  CHECK(by_path(root, ".rule #1 .port") == dv_block_find_attribute(rule, "port", 4));
  /* nothing: the root, blocks, elements, unknown names, paths into values */
  CHECK(by_path(root, "") == NULL);
  CHECK(by_path(root, ".rule") == NULL);
  CHECK(by_path(root, ".rule =") == NULL);
  CHECK(by_path(root, ".group") == NULL);
  CHECK(by_path(root, ".disks #0") == NULL);
  CHECK(by_path(root, ".nope") == NULL);
  CHECK(by_path(root, ".rule = .nope") == NULL);
  CHECK(by_path(root, ".disks #0 .nope .size") == NULL);
  CHECK(by_path(root, ".password 'k") == NULL);
  CHECK(by_path(root, ".password .x") == NULL);
  CHECK_OK(dv_path_new(&empty, &err));
  CHECK(dv_block_attribute_by_path(NULL, empty) == NULL);
  CHECK(dv_block_attribute_by_path(root, NULL) == NULL);
  dv_path_free(empty);
}

/* Every introspection getter over a schema that uses every feature, built
 * with the builder; then the same through protobuf v6 (v5 cannot express
 * it). */
static void check_rich(const dv_schema_t *s) {
  const dv_block_t *root = dv_schema_block(s);
  const dv_attribute_t *a;
  const dv_object_t *o;
  const dv_nested_block_t *nb;

  CHECK(root != NULL);
  CHECK(dv_schema_version(s) == 4);
  CHECK(str_eq(dv_block_description(root), "A *thing*."));
  CHECK(dv_block_description_kind(root) == DV_DESCRIPTION_MARKDOWN);
  CHECK(dv_block_deprecated(root));
  CHECK(str_eq(dv_block_deprecation_message(root), "use other_thing"));
  CHECK(!dv_block_computed(root));
  CHECK(dv_block_implied_type(root) == dv_schema_implied_type(s));

  /* attributes in name order: disks, id, password, token */
  CHECK(dv_block_attribute_count(root) == 4);
  CHECK(str_eq(dv_attribute_name(dv_block_attribute(root, 0)), "disks"));
  CHECK(str_eq(dv_attribute_name(dv_block_attribute(root, 3)), "token"));
  CHECK(dv_block_attribute(root, 4) == NULL);
  a = dv_block_find_attribute(root, "password", 8);
  CHECK(a == dv_block_attribute(root, 2));
  CHECK(dv_block_find_attribute(root, "pass", 4) == NULL);
  CHECK(dv_block_find_attribute(root, NULL, 0) == NULL);
  CHECK(dv_attribute_flags(a) == (DV_ATTR_OPTIONAL | DV_ATTR_SENSITIVE | DV_ATTR_WRITE_ONLY));
  CHECK(dv_type_equals(dv_attribute_type(a), dv_type_string()));
  CHECK(dv_attribute_nested_type(a) == NULL);
  CHECK(dv_type_equals(dv_attribute_implied_type(a), dv_type_string()));
  CHECK(str_eq(dv_attribute_description(a), "The password."));
  CHECK(dv_attribute_description_kind(a) == DV_DESCRIPTION_PLAIN);
  CHECK(dv_attribute_deprecation_message(a).len == 0);
  a = dv_block_find_attribute(root, "token", 5);
  CHECK(dv_attribute_flags(a) == (DV_ATTR_COMPUTED | DV_ATTR_DEPRECATED));
  CHECK(str_eq(dv_attribute_deprecation_message(a), "tokens are gone"));
  CHECK(str_eq(dv_attribute_description(a), "`token`"));
  CHECK(dv_attribute_description_kind(a) == DV_DESCRIPTION_MARKDOWN);

  a = dv_block_find_attribute(root, "disks", 5);
  CHECK(dv_attribute_type(a) == NULL);
  o = dv_attribute_nested_type(a);
  CHECK(o != NULL);
  CHECK(dv_object_nesting(o) == DV_NESTING_LIST);
  CHECK(dv_object_min_items(o) == 1 && dv_object_max_items(o) == 8);
  CHECK(dv_object_attribute_count(o) == 2);
  CHECK(str_eq(dv_attribute_name(dv_object_attribute(o, 0)), "label"));
  CHECK(dv_object_attribute(o, 2) == NULL);
  CHECK(dv_object_find_attribute(o, "size", 4) == dv_object_attribute(o, 1));
  CHECK(dv_attribute_flags(dv_object_find_attribute(o, "size", 4)) == DV_ATTR_REQUIRED);
  CHECK(str_eq(dv_attribute_description(dv_object_find_attribute(o, "size", 4)), "GiB"));
  CHECK(type_json_is(dv_object_implied_type(o), "[\"list\",[\"object\",{\"label\":\"string\",\"size\":\"number\"}]]"));
  CHECK(dv_type_equals(dv_attribute_implied_type(a), dv_object_implied_type(o)));

  /* nested blocks in type-name order: group, rule */
  CHECK(dv_block_nested_count(root) == 2);
  CHECK(dv_block_nested(root, 2) == NULL);
  nb = dv_block_find_nested(root, "rule", 4);
  CHECK(nb == dv_block_nested(root, 1));
  CHECK(dv_block_find_nested(root, "rules", 5) == NULL);
  CHECK(str_eq(dv_nested_block_type_name(nb), "rule"));
  CHECK(dv_nested_block_nesting(nb) == DV_NESTING_SET);
  CHECK(dv_nested_block_min_items(nb) == 1 && dv_nested_block_max_items(nb) == 3);
  CHECK(type_json_is(dv_nested_block_implied_type(nb), "[\"set\",[\"object\",{\"port\":\"number\"}]]"));
  {
    const dv_block_t *body = dv_nested_block_body(nb);
    CHECK(dv_block_computed(body));
    CHECK(str_eq(dv_block_description(body), "A rule."));
    CHECK(dv_block_description_kind(body) == DV_DESCRIPTION_PLAIN);
    CHECK(!dv_block_deprecated(body));
    CHECK(dv_block_attribute_count(body) == 1 && dv_block_nested_count(body) == 0);
    CHECK(type_json_is(dv_block_implied_type(body), "[\"object\",{\"port\":\"number\"}]"));
  }
  check_attribute_by_path(root);
  nb = dv_block_nested(root, 0);
  CHECK(str_eq(dv_nested_block_type_name(nb), "group"));
  CHECK(dv_nested_block_nesting(nb) == DV_NESTING_GROUP);
  CHECK(dv_block_attribute_count(dv_nested_block_body(nb)) == 0);
}

static void test_introspection(void) {
  dv_builder_t *root = NULL, *disk = NULL, *rule = NULL, *group = NULL;
  dv_schema_t *s = NULL, *back = NULL, *bad = NULL;
  dv_buf_t proto = DV_BUF_INIT;

  CHECK_OK(dv_builder_new(&root, &err));
  CHECK_OK(dv_builder_new(&disk, &err));
  CHECK_OK(dv_builder_new(&rule, &err));
  CHECK_OK(dv_builder_new(&group, &err));
  CHECK_OK(dv_builder_attribute(disk, "size", 4, dv_type_number(), DV_ATTR_REQUIRED, &err));
  CHECK_OK(dv_builder_set_attribute_description(disk, "size", 4, "GiB", 3, DV_DESCRIPTION_PLAIN, &err));
  CHECK_OK(dv_builder_attribute(disk, "label", 5, dv_type_string(), DV_ATTR_OPTIONAL, &err));
  CHECK_OK(dv_builder_attribute(rule, "port", 4, dv_type_number(), DV_ATTR_OPTIONAL, &err));
  CHECK_OK(dv_builder_set_description(rule, "A rule.", 7, DV_DESCRIPTION_PLAIN, &err));
  CHECK_OK(dv_builder_set_computed(rule, true, &err));
  CHECK_OK(dv_builder_attribute(root, "token", 5, dv_type_string(), DV_ATTR_COMPUTED | DV_ATTR_DEPRECATED, &err));
  CHECK_OK(dv_builder_set_attribute_description(root, "token", 5, "`token`", 7, DV_DESCRIPTION_MARKDOWN, &err));
  CHECK_OK(dv_builder_set_attribute_deprecation_message(root, "token", 5, "tokens are gone", 15, &err));
  CHECK_OK(dv_builder_attribute(root, "password", 8, dv_type_string(),
                                DV_ATTR_OPTIONAL | DV_ATTR_SENSITIVE | DV_ATTR_WRITE_ONLY, &err));
  CHECK_OK(dv_builder_set_attribute_description(root, "password", 8, "The password.", 13, DV_DESCRIPTION_PLAIN,
                                                &err));
  CHECK_OK(dv_builder_attribute(root, "id", 2, dv_type_string(), DV_ATTR_COMPUTED, &err));
  CHECK_OK(dv_builder_nested_attribute(root, "disks", 5, DV_NESTING_LIST, disk, DV_ATTR_OPTIONAL, &err));
  CHECK_OK(dv_builder_set_nested_items(root, "disks", 5, 1, 8, &err));
  CHECK_STATUS(dv_builder_set_nested_items(root, "id", 2, 1, 8, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_builder_set_nested_items(root, "nope", 4, 1, 8, &err), DV_ERR_NOT_FOUND);
  CHECK_STATUS(dv_builder_set_attribute_description(root, "nope", 4, "", 0, DV_DESCRIPTION_PLAIN, &err),
               DV_ERR_NOT_FOUND);
  CHECK_OK(dv_builder_block(root, "rule", 4, DV_NESTING_SET, rule, 1, 3, &err));
  CHECK_OK(dv_builder_block(root, "group", 5, DV_NESTING_GROUP, group, 0, 0, &err));
  CHECK_OK(dv_builder_set_description(root, "A *thing*.", 10, DV_DESCRIPTION_MARKDOWN, &err));
  CHECK_OK(dv_builder_set_deprecated(root, true, "use other_thing", 15, &err));
  CHECK_OK(dv_builder_build(&s, root, 4, &err));
  check_rich(s);

  /* Protobuf v6 keeps everything; v5 has no nested attributes nor
   * Block.computed. */
  CHECK_OK(dv_schema_to_proto(&proto, s, 6, &err));
  CHECK_OK(dv_schema_from_proto(&back, proto.ptr, proto.len, 6, &err));
  check_rich(back);
  dv_buf_dispose(&proto);
  CHECK_STATUS(dv_schema_to_proto(&proto, s, 5, &err), DV_ERR_UNSUPPORTED);

  /* The import flags belong to identity attributes only. */
  CHECK_OK(dv_builder_attribute(group, "key", 3, dv_type_string(), DV_ATTR_REQUIRED_FOR_IMPORT, &err));
  CHECK_STATUS(dv_builder_build(&bad, group, 0, &err), DV_ERR_SCHEMA);
  CHECK(bad == NULL);

  dv_schema_free(s);
  dv_schema_free(back);
  dv_builder_free(root);
  dv_builder_free(disk);
  dv_builder_free(rule);
  dv_builder_free(group);
}

static void check_identity(const dv_identity_schema_t *id) {
  const dv_attribute_t *a;
  CHECK(dv_identity_schema_version(id) == 3);
  CHECK(dv_identity_schema_attribute_count(id) == 2);
  CHECK(type_json_is(dv_identity_schema_implied_type(id), "[\"object\",{\"id\":\"string\",\"region\":\"string\"}]"));
  a = dv_identity_schema_attribute(id, 0);
  CHECK(str_eq(dv_attribute_name(a), "id"));
  CHECK(dv_attribute_flags(a) == DV_ATTR_REQUIRED_FOR_IMPORT);
  CHECK(str_eq(dv_attribute_description(a), "The *ID*."));
  CHECK(dv_attribute_description_kind(a) == DV_DESCRIPTION_MARKDOWN);
  a = dv_identity_schema_find_attribute(id, "region", 6);
  CHECK(a == dv_identity_schema_attribute(id, 1));
  CHECK(dv_attribute_flags(a) == DV_ATTR_OPTIONAL_FOR_IMPORT);
  CHECK(dv_type_equals(dv_attribute_type(a), dv_type_string()));
  CHECK(dv_identity_schema_attribute(id, 2) == NULL);
  CHECK(dv_identity_schema_find_attribute(id, "x", 1) == NULL);
}

static void test_identity(void) {
  static const char kIdentity[] =
      "{\"version\":3,\"attributes\":{\"region\":{\"type\":\"string\",\"optional_for_import\":true},"
      "\"id\":{\"type\":\"string\",\"description\":\"The *ID*.\",\"required_for_import\":true}}}";
  dv_identity_schema_t *id = NULL, *back = NULL, *built = NULL, *copy = NULL;
  dv_builder_t *b = NULL;
  dv_buf_t proto = DV_BUF_INIT, proto2 = DV_BUF_INIT;
  dv_value_t *v = NULL;

  CHECK_OK(dv_identity_schema_from_json(&id, kIdentity, sizeof kIdentity - 1, &err));
  check_identity(id);

  /* Identity data decodes by the implied type. */
  CHECK_OK(dv_json_decode(&v, "{\"id\":\"i-1\",\"region\":null}", 27, dv_identity_schema_implied_type(id), NULL,
                          &err));
  CHECK(dv_value_kind(v) == DV_TYPE_OBJECT);
  dv_value_free(v);

  /* Protobuf: the same message in both protocols. */
  CHECK_OK(dv_identity_schema_to_proto(&proto, id, 6, &err));
  CHECK_OK(dv_identity_schema_from_proto(&back, proto.ptr, proto.len, 5, &err));
  check_identity(back);
  CHECK_OK(dv_identity_schema_to_proto(&proto2, back, 5, &err));
  CHECK(buf_eq(&proto2, proto.ptr, proto.len));
  CHECK_STATUS(dv_identity_schema_from_proto(&copy, "\x12\x02\x0a", 3, 6, &err), DV_ERR_PARSE);

  /* The builder. */
  CHECK_OK(dv_builder_new(&b, &err));
  CHECK_OK(dv_builder_attribute(b, "region", 6, dv_type_string(), DV_ATTR_OPTIONAL_FOR_IMPORT, &err));
  CHECK_OK(dv_builder_attribute(b, "id", 2, dv_type_string(), DV_ATTR_REQUIRED_FOR_IMPORT, &err));
  CHECK_OK(dv_builder_set_attribute_description(b, "id", 2, "The *ID*.", 9, DV_DESCRIPTION_PLAIN, &err));
  CHECK_OK(dv_builder_build_identity(&built, b, 3, &err));
  check_identity(built);
  CHECK_OK(dv_identity_schema_clone(&copy, built, &err));
  dv_identity_schema_free(built);
  check_identity(copy);
  dv_identity_schema_free(copy);
  copy = NULL;
  /* Only the import flags; no nested blocks. */
  CHECK_OK(dv_builder_attribute(b, "zone", 4, dv_type_string(), DV_ATTR_OPTIONAL, &err));
  CHECK_STATUS(dv_builder_build_identity(&copy, b, 0, &err), DV_ERR_SCHEMA);
  dv_builder_free(b);
  CHECK_OK(dv_builder_new(&b, &err));
  {
    dv_builder_t *body = NULL;
    CHECK_OK(dv_builder_new(&body, &err));
    CHECK_OK(dv_builder_block(b, "x", 1, DV_NESTING_SINGLE, body, 0, 0, &err));
    CHECK_STATUS(dv_builder_build_identity(&copy, b, 0, &err), DV_ERR_SCHEMA);
    dv_builder_free(body);
  }
  CHECK_STATUS(dv_identity_schema_from_json(&copy, "{\"attributes\":{\"id\":{}}}", 24, &err), DV_ERR_SCHEMA);
  CHECK(copy == NULL);

  dv_builder_free(b);
  dv_identity_schema_free(id);
  dv_identity_schema_free(back);
  dv_buf_dispose(&proto);
  dv_buf_dispose(&proto2);
}

static void test_schema_doc(void) {
  static const char kDoc2[] =
      "{\"format_version\":\"1.0\",\"provider_schemas\":{"
      "\"example.com/a/one\":{\"provider\":{\"version\":0,\"block\":{}},"
      "\"resource_schemas\":{\"one_thing\":{\"version\":1,\"block\":{\"attributes\":{\"id\":{\"type\":\"string\","
      "\"computed\":true}}}},"
      "\"one_bad\":{\"version\":0,\"block\":{\"attributes\":{\"x\":{\"type\":\"string\"}}}}},"
      "\"resource_identity_schemas\":{\"one_thing\":{\"version\":2,\"attributes\":{\"id\":{\"type\":\"string\","
      "\"required_for_import\":true}}}},"
      "\"list_resource_schemas\":{\"one_thing\":{\"version\":0,\"block\":{}}},"
      "\"action_schemas\":{\"one_act\":{\"block\":{\"attributes\":{\"n\":{\"type\":\"number\",\"required\":true}}}}},"
      "\"state_store_schemas\":{\"one_store\":{\"version\":5,\"block\":{}}},"
      "\"functions\":{\"f\":{\"return_type\":\"string\"}}},"
      "\"example.com/b/two\":{\"data_source_schemas\":{\"two_data\":{\"version\":0,\"block\":{}}},"
      "\"ephemeral_resource_schemas\":{\"two_eph\":{\"version\":0,\"block\":{}}}}}}";
  static const struct {
    const char *provider, *selector;
    dv_schema_kind_t kind;
  } want[] = {
      {"example.com/a/one", "provider", DV_SCHEMA_PROVIDER},
      {"example.com/a/one", "resource:one_thing", DV_SCHEMA_RESOURCE},
      {"example.com/a/one", "resource:one_bad", DV_SCHEMA_RESOURCE},
      {"example.com/a/one", "identity:one_thing", DV_SCHEMA_IDENTITY},
      {"example.com/a/one", "list:one_thing", DV_SCHEMA_LIST_RESOURCE},
      {"example.com/a/one", "action:one_act", DV_SCHEMA_ACTION},
      {"example.com/a/one", "state_store:one_store", DV_SCHEMA_STATE_STORE},
      {"example.com/b/two", "data:two_data", DV_SCHEMA_DATA_SOURCE},
      {"example.com/b/two", "ephemeral:two_eph", DV_SCHEMA_EPHEMERAL_RESOURCE},
  };
  dv_schema_doc_t *doc = NULL;
  dv_schema_t *s = NULL, *s2 = NULL;
  dv_identity_schema_t *id = NULL;
  size_t i, idx = 99;
  dv_error_t *e = NULL;

  CHECK_OK(dv_schema_doc_from_json(&doc, kDoc2, sizeof kDoc2 - 1, &err));
  CHECK(dv_schema_doc_count(doc) == sizeof want / sizeof want[0]);
  for (i = 0; i < sizeof want / sizeof want[0]; ++i) {
    CHECK(str_eq(dv_schema_doc_provider(doc, i), want[i].provider));
    CHECK(str_eq(dv_schema_doc_selector(doc, i), want[i].selector));
    CHECK(dv_schema_doc_kind(doc, i) == want[i].kind);
    idx = 99;
    CHECK_OK(dv_schema_doc_find(doc, want[i].selector, strlen(want[i].selector), want[i].provider,
                                strlen(want[i].provider), &idx, &err));
    CHECK(idx == i);
  }
  CHECK(dv_schema_doc_provider(doc, i).ptr == NULL);

  CHECK_STATUS(dv_schema_doc_find(doc, "provider", 8, NULL, 0, &idx, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_schema_doc_find(doc, "resource:nope", 13, "example.com/a/one", 17, &idx, &err), DV_ERR_NOT_FOUND);
  CHECK_STATUS(dv_schema_doc_find(doc, "provider", 8, "example.com/c/three", 19, &idx, &err), DV_ERR_NOT_FOUND);

  /* Blocks are built once and shared. */
  CHECK_OK(dv_schema_doc_schema(&s, doc, 1, &err));
  CHECK_OK(dv_schema_doc_schema(&s2, doc, 1, &err));
  CHECK(dv_schema_version(s) == 1);
  CHECK(dv_schema_implied_type(s) == dv_schema_implied_type(s2));
  CHECK(type_json_is(dv_schema_implied_type(s), "[\"object\",{\"id\":\"string\"}]"));
  dv_schema_free(s2);
  s2 = NULL;
  CHECK_OK(dv_schema_doc_schema(&s2, doc, 5, &err));
  CHECK(dv_schema_version(s2) == 0);
  CHECK(dv_attribute_flags(dv_block_attribute(dv_schema_block(s2), 0)) == DV_ATTR_REQUIRED);
  dv_schema_free(s2);
  s2 = NULL;

  /* An invalid block fails when it is asked for, with its path. */
  CHECK(dv_schema_doc_schema(&s2, doc, 2, &e) == DV_ERR_SCHEMA);
  CHECK(str_eq(dv_error_path(e), ".provider_schemas[\"example.com/a/one\"].resource_schemas[\"one_bad\"].block."
                                 "attributes[\"x\"]"));
  dv_error_free(e);
  CHECK(s2 == NULL);
  CHECK_STATUS(dv_schema_doc_schema(&s2, doc, 3, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_schema_doc_schema(&s2, doc, 9, &err), DV_ERR_OUT_OF_RANGE);

  CHECK_OK(dv_schema_doc_identity(&id, doc, 3, &err));
  CHECK(dv_identity_schema_version(id) == 2);
  CHECK(dv_attribute_flags(dv_identity_schema_find_attribute(id, "id", 2)) == DV_ATTR_REQUIRED_FOR_IMPORT);

  /* Each schema written back in the document's form. */
  {
    dv_buf_t json = DV_BUF_INIT;
    static const char kThing[] =
        "{\"version\":1,\"block\":{\"attributes\":{\"id\":{\"type\":\"string\",\"description_kind\":\"plain\","
        "\"computed\":true}},\"description_kind\":\"plain\"}}";
    static const char kIdentity[] =
        "{\"version\":2,\"attributes\":{\"id\":{\"type\":\"string\",\"required_for_import\":true}}}";
    static const char kAction[] = /* no version */
        "{\"block\":{\"attributes\":{\"n\":{\"type\":\"number\",\"description_kind\":\"plain\","
        "\"required\":true}},\"description_kind\":\"plain\"}}";
    CHECK_OK(dv_schema_doc_entry_json(&json, doc, 1, &err));
    CHECK(buf_eq(&json, kThing, sizeof kThing - 1));
    dv_buf_dispose(&json);
    CHECK_OK(dv_schema_doc_entry_json(&json, doc, 3, &err));
    CHECK(buf_eq(&json, kIdentity, sizeof kIdentity - 1));
    dv_buf_dispose(&json);
    CHECK_OK(dv_schema_doc_entry_json(&json, doc, 5, &err));
    CHECK(buf_eq(&json, kAction, sizeof kAction - 1));
    dv_buf_dispose(&json);
    CHECK_STATUS(dv_schema_doc_entry_json(&json, doc, 2, &err), DV_ERR_SCHEMA);
    CHECK_STATUS(dv_schema_doc_entry_json(&json, doc, 9, &err), DV_ERR_OUT_OF_RANGE);
    /* The whole document needs every schema: one_bad fails it. */
    CHECK_STATUS(dv_schema_doc_to_json(&json, doc, &err), DV_ERR_SCHEMA);
    CHECK(json.ptr == NULL);
  }

  /* Schemas outlive their document. */
  dv_schema_doc_free(doc);
  CHECK(type_json_is(dv_schema_implied_type(s), "[\"object\",{\"id\":\"string\"}]"));
  CHECK(type_json_is(dv_identity_schema_implied_type(id), "[\"object\",{\"id\":\"string\"}]"));
  dv_schema_free(s);
  dv_identity_schema_free(id);

  /* Document-level errors come at parse time. */
  doc = NULL;
  CHECK_STATUS(dv_schema_doc_from_json(&doc, "{\"provider_schemas\":{\"p\":{\"resource_schemas\":{\"r\":1}}}}", 54, &err),
               DV_ERR_PARSE);
  CHECK_STATUS(dv_schema_doc_from_json(&doc,
                                       "{\"provider_schemas\":{\"p\":{\"resource_schemas\":{\"r\":{},\"r\":{}}}}}", 62,
                                       &err),
               DV_ERR_PARSE);
  CHECK_STATUS(dv_schema_doc_from_json(&doc, "{\"provider_schemas\":{\"p\":{\"functions\":{\"f\":[1,}}}}", 49, &err),
               DV_ERR_PARSE);
  CHECK_STATUS(dv_schema_doc_from_json(&doc, "{\"format_version\":\"1.0\"}", 24, &err), DV_ERR_PARSE);
  CHECK(doc == NULL);
}

/* Every problem, not the first (issue 23 item 8); the name helpers. */
/* A whole document written back: providers and names in byte order, keys
 * in Terraform's order, "functions" left out. */
static void test_schema_doc_json(void) {
  static const char kIn[] =
      "{\"format_version\":\"1.0\",\"provider_schemas\":{"
      "\"b\":{\"resource_schemas\":{\"z\":{\"version\":0,\"block\":{}},\"a\":{\"version\":3,\"block\":{}}},"
      "\"functions\":{\"f\":{\"return_type\":\"string\"}},\"provider\":{\"version\":0,\"block\":{}}},"
      "\"a\":{\"data_source_schemas\":{\"d\":{\"version\":0,\"block\":{}}}}}}";
  static const char kOut[] =
      "{\"format_version\":\"1.0\",\"provider_schemas\":{"
      "\"a\":{\"data_source_schemas\":{\"d\":{\"version\":0,\"block\":{\"description_kind\":\"plain\"}}}},"
      "\"b\":{\"provider\":{\"version\":0,\"block\":{\"description_kind\":\"plain\"}},"
      "\"resource_schemas\":{\"a\":{\"version\":3,\"block\":{\"description_kind\":\"plain\"}},"
      "\"z\":{\"version\":0,\"block\":{\"description_kind\":\"plain\"}}}}}}";
  dv_schema_doc_t *doc = NULL;
  dv_buf_t json = DV_BUF_INIT;
  CHECK_OK(dv_schema_doc_from_json(&doc, kIn, sizeof kIn - 1, &err));
  CHECK_OK(dv_schema_doc_to_json(&json, doc, &err));
  CHECK(buf_eq(&json, kOut, sizeof kOut - 1));
  dv_buf_dispose(&json);
  dv_schema_doc_free(doc);
}

/* dv_block_has_sensitive and dv_block_sensitive_prefix. */
static void test_sensitive(void) {
  static const char kSchema[] =
      "{\"attributes\":{\"a\":{\"type\":[\"map\",\"string\"],\"optional\":true},"
      "\"secret\":{\"type\":[\"map\",\"string\"],\"optional\":true,\"sensitive\":true}},"
      "\"block_types\":{\"net\":{\"nesting_mode\":\"list\",\"block\":{\"attributes\":{"
      "\"key\":{\"type\":[\"list\",\"string\"],\"optional\":true,\"sensitive\":true}}}}}}";
  static const char kPlain[] = "{\"attributes\":{\"a\":{\"type\":\"string\",\"optional\":true}}}";
  static const struct {
    const char *steps; /* as by_path reads them */
    size_t keep;
  } cases[] = {
      {"", 0},
      {".a 'k", 2},
      {".secret", 1},
      {".secret 'k", 1},
      {".net #0", 2},
      {".net #0 .key #3", 3},
      {".net = .key #3", 3},
      {".nope #1", 2},
  };
  dv_schema_t *s = NULL, *plain = NULL;
  size_t i;
  CHECK_OK(dv_schema_from_block_json(&s, kSchema, sizeof kSchema - 1, 0, &err));
  CHECK_OK(dv_schema_from_block_json(&plain, kPlain, sizeof kPlain - 1, 0, &err));
  CHECK(dv_block_has_sensitive(dv_schema_block(s)));
  /* found in a nested block's body */
  CHECK(dv_block_has_sensitive(dv_nested_block_body(dv_block_find_nested(dv_schema_block(s), "net", 3))));
  CHECK(!dv_block_has_sensitive(dv_schema_block(plain)));
  CHECK(!dv_block_has_sensitive(NULL));
  for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    dv_path_t *p = path_of(cases[i].steps);
    CHECK(dv_block_sensitive_prefix(dv_schema_block(s), p) == cases[i].keep);
    CHECK(dv_block_sensitive_prefix(dv_schema_block(plain), p) == dv_path_length(p));
    CHECK(dv_block_sensitive_prefix(NULL, p) == dv_path_length(p));
    dv_path_free(p);
  }
  CHECK(dv_block_sensitive_prefix(dv_schema_block(s), NULL) == 0);
  dv_schema_free(s);
  dv_schema_free(plain);
}

static void test_validate_all(void) {
  dv_builder_t *root = NULL, *blk = NULL;
  dv_schema_t *s = NULL;
  dv_value_t *v = NULL;
  dv_errors_t *problems = NULL;
  dv_error_t *first = NULL;
  size_t i;
  static const char *want_path[] = {".a", ".b", ".blk"};

  CHECK_OK(dv_builder_new(&root, &err));
  CHECK_OK(dv_builder_new(&blk, &err));
  CHECK_OK(dv_builder_attribute(root, "a", 1, dv_type_string(), DV_ATTR_REQUIRED, &err));
  CHECK_OK(dv_builder_attribute(root, "b", 1, dv_type_number(), DV_ATTR_REQUIRED, &err));
  CHECK_OK(dv_builder_attribute(blk, "x", 1, dv_type_string(), DV_ATTR_OPTIONAL, &err));
  CHECK_OK(dv_builder_block(root, "blk", 3, DV_NESTING_LIST, blk, 1, 0, &err));
  CHECK_OK(dv_builder_build(&s, root, 0, &err));
  CHECK_OK(dv_json_decode(&v, "{\"a\":null,\"b\":null,\"blk\":[]}", 28, dv_schema_implied_type(s), NULL, &err));

  CHECK(dv_schema_validate_all(s, v, &problems, &first) == DV_ERR_SCHEMA);
  CHECK(str_eq(dv_error_path(first), ".a")); /* the first, as dv_schema_validate */
  dv_error_free(first);
  CHECK(dv_errors_count(problems) == 3);
  for (i = 0; i < 3 && i < dv_errors_count(problems); i++) {
    CHECK(dv_error_status(dv_errors_at(problems, i)) == DV_ERR_SCHEMA);
    CHECK(str_eq(dv_error_path(dv_errors_at(problems, i)), want_path[i]));
  }
  CHECK(str_eq(dv_error_message(dv_errors_at(problems, 1)), "attribute \"b\" is required"));
  CHECK(dv_errors_at(problems, 3) == NULL && dv_errors_at(NULL, 0) == NULL && dv_errors_count(NULL) == 0);
  dv_errors_free(problems);
  dv_errors_free(NULL);
  problems = NULL;
  dv_value_free(v);

  CHECK_OK(dv_json_decode(&v, "{\"a\":\"x\",\"b\":1,\"blk\":[{\"x\":null}]}", 34, dv_schema_implied_type(s), NULL,
                          &err));
  CHECK_OK(dv_schema_validate_all(s, v, &problems, &err));
  CHECK(problems == NULL);
  CHECK_STATUS(dv_schema_validate_all(s, v, NULL, &err), DV_ERR_INVALID_ARG);
  CHECK_STATUS(dv_schema_validate_all(NULL, v, &problems, &err), DV_ERR_INVALID_ARG);
  CHECK(problems == NULL);

  CHECK(strcmp(dv_nesting_name(DV_NESTING_SINGLE), "single") == 0);
  CHECK(strcmp(dv_nesting_name(DV_NESTING_GROUP), "group") == 0);
  CHECK(dv_nesting_name(DV_NESTING_INVALID) == NULL && dv_nesting_name((dv_nesting_t)6) == NULL);
  CHECK(strcmp(dv_attribute_flag_name(DV_ATTR_WRITE_ONLY), "write_only") == 0);
  CHECK(strcmp(dv_attribute_flag_name(DV_ATTR_OPTIONAL_FOR_IMPORT), "optional_for_import") == 0);
  CHECK(dv_attribute_flag_name(DV_ATTR_REQUIRED | DV_ATTR_COMPUTED) == NULL);
  CHECK(dv_attribute_flag_name(0) == NULL && dv_attribute_flag_name(0x100u) == NULL);

  dv_value_free(v);
  dv_schema_free(s);
  dv_builder_free(root);
  dv_builder_free(blk);
}

int main(void) {
  test_builder();
  test_document();
  test_introspection();
  test_identity();
  test_schema_doc();
  test_validate_all();
  test_schema_doc_json();
  test_sensitive();
  return check_result("test_schema");
}
