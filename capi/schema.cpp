// capi/schema.cpp: include/dynval/schema.h over src/schema/schema.hpp.
#include <memory>
#include <string>

#include "capi.hpp"
#include "render/render.hpp"
#include "text/text.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

namespace {

constexpr uint32_t kAttrFlagsAll = DV_ATTR_REQUIRED | DV_ATTR_OPTIONAL | DV_ATTR_COMPUTED | DV_ATTR_SENSITIVE |
                                   DV_ATTR_DEPRECATED | DV_ATTR_WRITE_ONLY | DV_ATTR_REQUIRED_FOR_IMPORT |
                                   DV_ATTR_OPTIONAL_FOR_IMPORT;

// DV_ATTR_* bits are the same bits as dynval::AttrFlag.
static_assert(DV_ATTR_REQUIRED == uint32_t(AttrFlag::Required) && DV_ATTR_OPTIONAL == uint32_t(AttrFlag::Optional) &&
              DV_ATTR_COMPUTED == uint32_t(AttrFlag::Computed) &&
              DV_ATTR_SENSITIVE == uint32_t(AttrFlag::Sensitive) &&
              DV_ATTR_DEPRECATED == uint32_t(AttrFlag::Deprecated) &&
              DV_ATTR_WRITE_ONLY == uint32_t(AttrFlag::WriteOnly) &&
              DV_ATTR_REQUIRED_FOR_IMPORT == uint32_t(AttrFlag::RequiredForImport) &&
              DV_ATTR_OPTIONAL_FOR_IMPORT == uint32_t(AttrFlag::OptionalForImport));
static_assert(DV_NESTING_SINGLE == int(NestingMode::Single) && DV_NESTING_LIST == int(NestingMode::List) &&
              DV_NESTING_SET == int(NestingMode::Set) && DV_NESTING_MAP == int(NestingMode::Map) &&
              DV_NESTING_GROUP == int(NestingMode::Group) && DV_NESTING_INVALID == int(NestingMode::Invalid));
static_assert(DV_DESCRIPTION_PLAIN == int(DescriptionKind::Plain) &&
              DV_DESCRIPTION_MARKDOWN == int(DescriptionKind::Markdown));
static_assert(DV_SCHEMA_PROVIDER == int(BlockKind::Provider) && DV_SCHEMA_RESOURCE == int(BlockKind::Resource) &&
              DV_SCHEMA_DATA_SOURCE == int(BlockKind::DataSource) &&
              DV_SCHEMA_EPHEMERAL_RESOURCE == int(BlockKind::EphemeralResource) &&
              DV_SCHEMA_LIST_RESOURCE == int(BlockKind::ListResource) && DV_SCHEMA_ACTION == int(BlockKind::Action) &&
              DV_SCHEMA_STATE_STORE == int(BlockKind::StateStore) && DV_SCHEMA_IDENTITY == int(BlockKind::Identity));

AttrFlag attr_flags(uint32_t flags) {
  if (flags & ~kAttrFlagsAll) capi::invalid_arg("unknown DV_ATTR_* flags");
  return AttrFlag(flags);
}

int protocol(int v) {
  if (v != 5 && v != 6) capi::invalid_arg("protocol version must be 5 or 6, not " + std::to_string(v));
  return v;
}

dv_schema_t* own(SchemaPtr s) { return new dv_schema{std::move(s)}; }
dv_identity_schema_t* own(IdentitySchemaPtr s) { return new dv_identity_schema{std::move(s)}; }

DescriptionKind description_kind(dv_description_kind_t k) {
  if (k != DV_DESCRIPTION_PLAIN && k != DV_DESCRIPTION_MARKDOWN) capi::invalid_arg("invalid description kind");
  return DescriptionKind(int(k));
}

// Lookups by name: NULL name only with len 0.
template <class F>
auto find_named(const char* name, size_t len, F&& f) -> decltype(f(std::string_view())) {
  if (!name && len) return nullptr;
  return f(name ? std::string_view(name, len) : std::string_view());
}

template <class T>
const T* at_index(const std::vector<T>& v, size_t i) noexcept {
  return i < v.size() ? &v[i] : nullptr;
}

// The builder's attribute `name` (NOT_FOUND when absent).
Attribute& builder_attribute(dv_builder_t* b, const char* name, size_t name_len) {
  need(b, "builder");
  std::string_view n = capi::in_str(need(name, "name"), name_len, "name");
  Attribute* a = b->b.find_attribute(n);
  if (!a) throw Error(Status::NotFound, "the builder has no attribute " + text::go_quoted(n));
  return *a;
}

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

DV_API const char* dv_nesting_name(dv_nesting_t nesting) {
  if (nesting < DV_NESTING_SINGLE || nesting > DV_NESTING_GROUP) return nullptr;
  return nesting_name(NestingMode(nesting));
}

DV_API const char* dv_attribute_flag_name(uint32_t flag) { return attr_flag_name(AttrFlag(flag)); }

DV_API dv_status_t dv_schema_validate_all(const dv_schema_t* s, const dv_value_t* v, dv_errors_t** problems,
                                          dv_error_t** err) {
  if (problems) *problems = nullptr;
  return guard(err, [&] {
    need(problems, "problems");
    need(s, "schema");
    need(v, "value");
    std::vector<Error> errs = validate(*s->s, v->v);
    if (errs.empty()) return;
    auto list = std::make_unique<dv_errors>();
    list->errors.reserve(errs.size());
    for (const Error& e : errs) list->errors.push_back(capi::make_error(e));
    *problems = list.release();
    throw std::move(errs.front());  // *err: the first, as dv_schema_validate reports it
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

// ---- introspection ----

DV_API const dv_block_t* dv_schema_block(const dv_schema_t* s) { return s ? capi::view(&s->s->block) : nullptr; }

DV_API size_t dv_block_attribute_count(const dv_block_t* b) { return b ? capi::core(b)->attributes.size() : 0; }

DV_API const dv_attribute_t* dv_block_attribute(const dv_block_t* b, size_t i) {
  return b ? capi::view(at_index(capi::core(b)->attributes, i)) : nullptr;
}

DV_API const dv_attribute_t* dv_block_find_attribute(const dv_block_t* b, const char* name, size_t len) {
  if (!b) return nullptr;
  return find_named(name, len, [&](std::string_view n) { return capi::view(capi::core(b)->find_attribute(n)); });
}

DV_API size_t dv_block_nested_count(const dv_block_t* b) { return b ? capi::core(b)->block_types.size() : 0; }

DV_API const dv_nested_block_t* dv_block_nested(const dv_block_t* b, size_t i) {
  return b ? capi::view(at_index(capi::core(b)->block_types, i)) : nullptr;
}

DV_API const dv_nested_block_t* dv_block_find_nested(const dv_block_t* b, const char* name, size_t len) {
  if (!b) return nullptr;
  return find_named(name, len, [&](std::string_view n) { return capi::view(capi::core(b)->find_block(n)); });
}

DV_API const dv_attribute_t* dv_block_attribute_by_path(const dv_block_t* b, const dv_path_t* p) {
  return b && p ? capi::view(capi::core(b)->attribute_by_path(p->p)) : nullptr;
}

DV_API dv_str_t dv_block_description(const dv_block_t* b) {
  return b ? capi::out_str(capi::core(b)->description) : capi::no_str();
}

DV_API dv_description_kind_t dv_block_description_kind(const dv_block_t* b) {
  return b ? dv_description_kind_t(capi::core(b)->description_kind) : DV_DESCRIPTION_PLAIN;
}

DV_API bool dv_block_deprecated(const dv_block_t* b) { return b && capi::core(b)->deprecated; }

DV_API dv_str_t dv_block_deprecation_message(const dv_block_t* b) {
  return b ? capi::out_str(capi::core(b)->deprecation_message) : capi::no_str();
}

DV_API bool dv_block_computed(const dv_block_t* b) { return b && capi::core(b)->computed; }

DV_API bool dv_block_has_sensitive(const dv_block_t* b) { return b && render::has_sensitive(*capi::core(b)); }

DV_API size_t dv_block_sensitive_prefix(const dv_block_t* b, const dv_path_t* p) {
  if (!p) return 0;
  if (!b) return p->p.size();
  return render::cut_at_sensitive(*capi::core(b), p->p).size();
}

DV_API const dv_type_t* dv_block_implied_type(const dv_block_t* b) {
  return b ? capi::borrow(&capi::core(b)->implied_type) : nullptr;
}

DV_API dv_str_t dv_attribute_name(const dv_attribute_t* a) {
  return a ? capi::out_str(capi::core(a)->name) : capi::no_str();
}

DV_API const dv_type_t* dv_attribute_type(const dv_attribute_t* a) {
  return a && capi::core(a)->type ? capi::borrow(&*capi::core(a)->type) : nullptr;
}

DV_API const dv_object_t* dv_attribute_nested_type(const dv_attribute_t* a) {
  return a && capi::core(a)->nested_type ? capi::view(&*capi::core(a)->nested_type) : nullptr;
}

DV_API uint32_t dv_attribute_flags(const dv_attribute_t* a) {
  return a ? uint32_t(attribute_flags(*capi::core(a))) : 0;
}

DV_API dv_str_t dv_attribute_description(const dv_attribute_t* a) {
  return a ? capi::out_str(capi::core(a)->description) : capi::no_str();
}

DV_API dv_description_kind_t dv_attribute_description_kind(const dv_attribute_t* a) {
  return a ? dv_description_kind_t(capi::core(a)->description_kind) : DV_DESCRIPTION_PLAIN;
}

DV_API dv_str_t dv_attribute_deprecation_message(const dv_attribute_t* a) {
  return a ? capi::out_str(capi::core(a)->deprecation_message) : capi::no_str();
}

DV_API const dv_type_t* dv_attribute_implied_type(const dv_attribute_t* a) {
  return a ? capi::borrow(&capi::core(a)->implied_type) : nullptr;
}

DV_API dv_nesting_t dv_object_nesting(const dv_object_t* o) {
  return o ? dv_nesting_t(capi::core(o)->nesting) : DV_NESTING_INVALID;
}

DV_API size_t dv_object_attribute_count(const dv_object_t* o) { return o ? capi::core(o)->attributes.size() : 0; }

DV_API const dv_attribute_t* dv_object_attribute(const dv_object_t* o, size_t i) {
  return o ? capi::view(at_index(capi::core(o)->attributes, i)) : nullptr;
}

DV_API const dv_attribute_t* dv_object_find_attribute(const dv_object_t* o, const char* name, size_t len) {
  if (!o) return nullptr;
  return find_named(name, len, [&](std::string_view n) { return capi::view(capi::core(o)->find(n)); });
}

DV_API int64_t dv_object_min_items(const dv_object_t* o) { return o ? capi::core(o)->min_items : 0; }

DV_API int64_t dv_object_max_items(const dv_object_t* o) { return o ? capi::core(o)->max_items : 0; }

DV_API const dv_type_t* dv_object_implied_type(const dv_object_t* o) {
  return o ? capi::borrow(&capi::core(o)->implied_type) : nullptr;
}

DV_API dv_str_t dv_nested_block_type_name(const dv_nested_block_t* nb) {
  return nb ? capi::out_str(capi::core(nb)->type_name) : capi::no_str();
}

DV_API dv_nesting_t dv_nested_block_nesting(const dv_nested_block_t* nb) {
  return nb ? dv_nesting_t(capi::core(nb)->nesting) : DV_NESTING_INVALID;
}

DV_API int64_t dv_nested_block_min_items(const dv_nested_block_t* nb) { return nb ? capi::core(nb)->min_items : 0; }

DV_API int64_t dv_nested_block_max_items(const dv_nested_block_t* nb) { return nb ? capi::core(nb)->max_items : 0; }

DV_API const dv_block_t* dv_nested_block_body(const dv_nested_block_t* nb) {
  return nb ? capi::view(&capi::core(nb)->block) : nullptr;
}

DV_API const dv_type_t* dv_nested_block_implied_type(const dv_nested_block_t* nb) {
  return nb ? capi::borrow(&capi::core(nb)->implied_type) : nullptr;
}

// ---- identity schemas ----

DV_API dv_status_t dv_identity_schema_from_json(dv_identity_schema_t** out, const char* json, size_t len,
                                                dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = own(load_identity_json(capi::in_str(json, len, "json")));
  });
}

DV_API dv_status_t dv_identity_schema_from_proto(dv_identity_schema_t** out, const void* data, size_t len,
                                                 int protocol_version, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    std::string_view bytes = capi::in_str(static_cast<const char*>(data), len, "data");
    *out = own(load_identity_proto(bytes, protocol(protocol_version)));
  });
}

DV_API dv_status_t dv_identity_schema_to_proto(dv_buf_t* out, const dv_identity_schema_t* s, int protocol_version,
                                               dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(s, "identity schema");
    capi::fill_buf(out, encode_identity_proto(*s->s, protocol(protocol_version)));
  });
}

DV_API dv_status_t dv_identity_schema_clone(dv_identity_schema_t** out, const dv_identity_schema_t* s,
                                            dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = own(need(s, "identity schema")->s);
  });
}

DV_API void dv_identity_schema_free(dv_identity_schema_t* s) { delete s; }

DV_API int64_t dv_identity_schema_version(const dv_identity_schema_t* s) { return s ? s->s->version : 0; }

DV_API const dv_type_t* dv_identity_schema_implied_type(const dv_identity_schema_t* s) {
  return s ? capi::borrow(&s->s->implied_type) : nullptr;
}

DV_API size_t dv_identity_schema_attribute_count(const dv_identity_schema_t* s) {
  return s ? s->s->attributes.size() : 0;
}

DV_API const dv_attribute_t* dv_identity_schema_attribute(const dv_identity_schema_t* s, size_t i) {
  return s ? capi::view(at_index(s->s->attributes, i)) : nullptr;
}

DV_API const dv_attribute_t* dv_identity_schema_find_attribute(const dv_identity_schema_t* s, const char* name,
                                                               size_t len) {
  if (!s) return nullptr;
  return find_named(name, len, [&](std::string_view n) { return capi::view(s->s->find_attribute(n)); });
}

// ---- documents ----

DV_API dv_status_t dv_schema_doc_from_json(dv_schema_doc_t** out, const char* json, size_t len, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    SchemaDocumentPtr d = SchemaDocument::parse(capi::in_str(json, len, "json"));
    *out = new dv_schema_doc{std::move(d)};
  });
}

DV_API void dv_schema_doc_free(dv_schema_doc_t* doc) { delete doc; }

DV_API size_t dv_schema_doc_count(const dv_schema_doc_t* doc) { return doc ? doc->d->entries().size() : 0; }

DV_API dv_str_t dv_schema_doc_provider(const dv_schema_doc_t* doc, size_t i) {
  if (!doc || i >= doc->d->entries().size()) return capi::no_str();
  return capi::out_str(doc->d->providers()[doc->d->entries()[i].provider]);
}

DV_API dv_str_t dv_schema_doc_selector(const dv_schema_doc_t* doc, size_t i) {
  if (!doc || i >= doc->d->entries().size()) return capi::no_str();
  return capi::out_str(doc->d->entries()[i].selector_text);
}

DV_API dv_schema_kind_t dv_schema_doc_kind(const dv_schema_doc_t* doc, size_t i) {
  if (!doc || i >= doc->d->entries().size()) return DV_SCHEMA_PROVIDER;
  return dv_schema_kind_t(doc->d->entries()[i].selector.kind);
}

DV_API dv_status_t dv_schema_doc_find(const dv_schema_doc_t* doc, const char* selector, size_t selector_len,
                                      const char* provider, size_t provider_len, size_t* index, dv_error_t** err) {
  return guard(err, [&] {
    need(doc, "document");
    need(index, "index");
    std::string_view sel = capi::in_str(need(selector, "selector"), selector_len, "selector");
    std::string_view prov = capi::in_str(provider, provider_len, "provider");
    *index = doc->d->find(BlockSelector::parse(sel), prov);
  });
}

DV_API dv_status_t dv_schema_doc_schema(dv_schema_t** out, const dv_schema_doc_t* doc, size_t i, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = own(need(doc, "document")->d->schema(i));
  });
}

DV_API dv_status_t dv_schema_doc_identity(dv_identity_schema_t** out, const dv_schema_doc_t* doc, size_t i,
                                          dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = own(need(doc, "document")->d->identity(i));
  });
}

DV_API dv_status_t dv_schema_doc_entry_json(dv_buf_t* out, const dv_schema_doc_t* doc, size_t i, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    std::string json;
    append_entry_json(json, *need(doc, "document")->d, i);
    capi::fill_buf(out, std::move(json));
  });
}

DV_API dv_status_t dv_schema_doc_to_json(dv_buf_t* out, const dv_schema_doc_t* doc, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    std::string json;
    append_document_json(json, *need(doc, "document")->d);
    capi::fill_buf(out, std::move(json));
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

DV_API dv_status_t dv_builder_set_description(dv_builder_t* b, const char* text, size_t len,
                                              dv_description_kind_t kind, dv_error_t** err) {
  return guard(err, [&] {
    need(b, "builder");
    std::string_view t = capi::in_str(text, len, "text");
    b->b.description(std::string(t), description_kind(kind));
  });
}

DV_API dv_status_t dv_builder_set_deprecated(dv_builder_t* b, bool deprecated, const char* message, size_t len,
                                             dv_error_t** err) {
  return guard(err, [&] {
    need(b, "builder");
    std::string_view m = capi::in_str(message, len, "message");
    b->b.deprecated(deprecated, std::string(m));
  });
}

DV_API dv_status_t dv_builder_set_computed(dv_builder_t* b, bool computed, dv_error_t** err) {
  return guard(err, [&] { need(b, "builder")->b.computed(computed); });
}

DV_API dv_status_t dv_builder_set_attribute_description(dv_builder_t* b, const char* name, size_t name_len,
                                                        const char* text, size_t len, dv_description_kind_t kind,
                                                        dv_error_t** err) {
  return guard(err, [&] {
    std::string_view t = capi::in_str(text, len, "text");
    DescriptionKind k = description_kind(kind);
    Attribute& a = builder_attribute(b, name, name_len);
    a.description = std::string(t);
    a.description_kind = k;
  });
}

DV_API dv_status_t dv_builder_set_attribute_deprecation_message(dv_builder_t* b, const char* name, size_t name_len,
                                                                const char* message, size_t len, dv_error_t** err) {
  return guard(err, [&] {
    std::string_view m = capi::in_str(message, len, "message");
    builder_attribute(b, name, name_len).deprecation_message = std::string(m);
  });
}

DV_API dv_status_t dv_builder_set_nested_items(dv_builder_t* b, const char* name, size_t name_len,
                                               int64_t min_items, int64_t max_items, dv_error_t** err) {
  return guard(err, [&] {
    Attribute& a = builder_attribute(b, name, name_len);
    if (!a.nested_type) capi::invalid_arg("attribute \"" + a.name + "\" is not a nested attribute");
    a.nested_type->min_items = min_items;
    a.nested_type->max_items = max_items;
  });
}

DV_API dv_status_t dv_builder_build_identity(dv_identity_schema_t** out, const dv_builder_t* b, int64_t version,
                                             dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(b, "builder");
    Block body = b->b.build();
    if (!body.block_types.empty())
      throw Error(Status::Schema, "an identity schema has no nested blocks",
                  Path{PathStep::attr("block_types"), PathStep::key(body.block_types.front().type_name)});
    *out = own(IdentitySchema::make(version, std::move(body.attributes)));
  });
}

DV_API void dv_builder_free(dv_builder_t* b) { delete b; }

}  // extern "C"
