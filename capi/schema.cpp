// capi/schema.cpp: include/dynval/schema.h over src/schema/schema.hpp.
#include <string>

#include "capi.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

namespace {

constexpr uint32_t kAttrFlagsAll = DV_ATTR_REQUIRED | DV_ATTR_OPTIONAL | DV_ATTR_COMPUTED | DV_ATTR_SENSITIVE |
                                   DV_ATTR_DEPRECATED | DV_ATTR_WRITE_ONLY;

// DV_ATTR_* bits are the same bits as dynval::AttrFlag.
static_assert(DV_ATTR_REQUIRED == uint32_t(AttrFlag::Required) && DV_ATTR_OPTIONAL == uint32_t(AttrFlag::Optional) &&
              DV_ATTR_COMPUTED == uint32_t(AttrFlag::Computed) &&
              DV_ATTR_SENSITIVE == uint32_t(AttrFlag::Sensitive) &&
              DV_ATTR_DEPRECATED == uint32_t(AttrFlag::Deprecated) &&
              DV_ATTR_WRITE_ONLY == uint32_t(AttrFlag::WriteOnly));
static_assert(DV_NESTING_SINGLE == int(NestingMode::Single) && DV_NESTING_LIST == int(NestingMode::List) &&
              DV_NESTING_SET == int(NestingMode::Set) && DV_NESTING_MAP == int(NestingMode::Map) &&
              DV_NESTING_GROUP == int(NestingMode::Group));

AttrFlag attr_flags(uint32_t flags) {
  if (flags & ~kAttrFlagsAll) capi::invalid_arg("unknown DV_ATTR_* flags");
  return AttrFlag(flags);
}

int protocol(int v) {
  if (v != 5 && v != 6) capi::invalid_arg("protocol version must be 5 or 6, not " + std::to_string(v));
  return v;
}

dv_schema_t* own(SchemaPtr s) { return new dv_schema{std::move(s)}; }

}  // namespace

extern "C" {

DV_API dv_status_t dv_schema_from_json(dv_schema_t** out, const char* json, size_t len, const char* selector,
                                       size_t selector_len, const char* provider, size_t provider_len,
                                       dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    std::string_view doc = capi::in_str(json, len, "json");
    std::string_view sel = capi::in_str(need(selector, "selector"), selector_len, "selector");
    std::string_view prov = capi::in_str(provider, provider_len, "provider");
    *out = own(load_schema_json(doc, sel, prov));
  });
}

DV_API dv_status_t dv_schema_from_block_json(dv_schema_t** out, const char* json, size_t len, int64_t version,
                                             dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = own(load_block_json(capi::in_str(json, len, "json"), version));
  });
}

DV_API dv_status_t dv_schema_from_proto(dv_schema_t** out, const void* data, size_t len, int protocol_version,
                                        dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    std::string_view bytes = capi::in_str(static_cast<const char*>(data), len, "data");
    *out = own(load_schema_proto(bytes, protocol(protocol_version)));
  });
}

DV_API dv_status_t dv_schema_to_proto(dv_buf_t* out, const dv_schema_t* s, int protocol_version,
                                      dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(s, "schema");
    capi::fill_buf(out, encode_schema_proto(*s->s, protocol(protocol_version)));
  });
}

DV_API dv_status_t dv_schema_clone(dv_schema_t** out, const dv_schema_t* s, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = own(need(s, "schema")->s);
  });
}

DV_API void dv_schema_free(dv_schema_t* s) { delete s; }

DV_API const dv_type_t* dv_schema_implied_type(const dv_schema_t* s) {
  return s ? capi::borrow(&s->s->implied_type()) : nullptr;
}

DV_API int64_t dv_schema_version(const dv_schema_t* s) { return s ? s->s->version : 0; }

DV_API dv_status_t dv_schema_validate(const dv_schema_t* s, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(s, "schema");
    need(v, "value");
    require_valid(*s->s, v->v);
  });
}

DV_API dv_status_t dv_schema_value_from_flatmap(dv_value_t** out, const dv_schema_t* s, const dv_str_t* keys,
                                                const dv_str_t* values, size_t n, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(s, "schema");
    *out = capi::own(capi::flatmap_value(s->s->implied_type(), keys, values, n));
  });
}

// ---- builder ----

DV_API dv_status_t dv_builder_new(dv_builder_t** out, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = new dv_builder{};
  });
}

DV_API dv_status_t dv_builder_attribute(dv_builder_t* b, const char* name, size_t name_len, const dv_type_t* type,
                                        uint32_t flags, dv_error_t** err) {
  return guard(err, [&] {
    need(b, "builder");
    std::string_view n = capi::in_str(need(name, "name"), name_len, "name");
    need(type, "type");
    b->b.attr(std::string(n), type->t, attr_flags(flags));
  });
}

DV_API dv_status_t dv_builder_nested_attribute(dv_builder_t* b, const char* name, size_t name_len,
                                               dv_nesting_t nesting, const dv_builder_t* object, uint32_t flags,
                                               dv_error_t** err) {
  return guard(err, [&] {
    need(b, "builder");
    std::string_view n = capi::in_str(need(name, "name"), name_len, "name");
    need(object, "object");
    if (object == b) capi::invalid_arg("a nested attribute cannot contain its own builder");
    if (nesting < DV_NESTING_SINGLE || nesting > DV_NESTING_MAP)
      capi::invalid_arg("nested attributes take SINGLE, LIST, SET or MAP nesting");
    AttrFlag f = attr_flags(flags);
    Block body = object->b.build();
    if (!body.block_types.empty()) capi::invalid_arg("a nested attribute object cannot have nested blocks");
    NestedObject o;
    o.attributes = std::move(body.attributes);
    o.nesting = NestingMode(int(nesting));
    b->b.attribute(make_nested_attribute(std::string(n), std::move(o), f));
  });
}

DV_API dv_status_t dv_builder_block(dv_builder_t* b, const char* type_name, size_t type_name_len,
                                    dv_nesting_t nesting, const dv_builder_t* body, int64_t min_items,
                                    int64_t max_items, dv_error_t** err) {
  return guard(err, [&] {
    need(b, "builder");
    std::string_view n = capi::in_str(need(type_name, "type_name"), type_name_len, "type_name");
    need(body, "body");
    if (body == b) capi::invalid_arg("a block cannot contain its own builder");
    if (nesting < DV_NESTING_SINGLE || nesting > DV_NESTING_GROUP) capi::invalid_arg("invalid nesting mode");
    b->b.block(std::string(n), NestingMode(int(nesting)), body->b, min_items, max_items);
  });
}

DV_API dv_status_t dv_builder_build(dv_schema_t** out, const dv_builder_t* b, int64_t version, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(b, "builder");
    *out = own(b->b.schema(version));
  });
}

DV_API void dv_builder_free(dv_builder_t* b) { delete b; }

}  // extern "C"
