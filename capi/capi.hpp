// capi/capi.hpp: private glue shared by the extern "C" entry points.
//
// - The boxes (struct dv_type, dv_value, dv_schema, dv_builder, dv_error) are
//   defined here and nowhere else. dv_type and dv_value hold exactly one core
//   object as their only member, so a `const dynval::Value*` stored inside a
//   parent value (a list element, an attribute) can be handed out as a
//   borrowed `const dv_value_t*` by reinterpret_cast: the two types are
//   pointer-interconvertible (standard layout, first member; checked below).
//   Owned handles are allocated with `new` and released with `delete`.
// - guard() is the ONE place where exceptions stop: every status-returning
//   entry point runs its body inside it (DuckDB duckdb-c.cpp style).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "dynval/dynval.h"
#include "schema/schema.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"
#include "values/walk.hpp"

struct dv_type {
  dynval::Type t;
};
struct dv_value {
  dynval::Value v;
};
struct dv_schema {
  dynval::SchemaPtr s;
};
struct dv_builder {
  dynval::BlockBuilder b;
};
struct dv_path {
  dynval::Path p;
};
struct dv_identity_schema {
  dynval::IdentitySchemaPtr s;
};
struct dv_schema_doc {
  dynval::SchemaDocumentPtr d;
};
// dv_block_t, dv_attribute_t, dv_object_t and dv_nested_block_t are never
// defined: they are the core's Block, Attribute, NestedObject and
// NestedBlock, handed out by reinterpret_cast (capi::view / capi::core).
struct dv_error {
  dv_status_t status;
  std::string message;
  dv_path path;
  std::string path_text;  // dynval::path_string(path.p), computed once
  size_t offset;
  std::string line;  // "path_text: message" when there is a path (dv_error_line)
};
// Flatmap state written by dv_value_to_flatmap: filled once, then only read.
struct dv_flatmap {
  std::vector<std::pair<std::string, std::string>> entries;
};
// A list of errors (dv_errors_t): filled once, then only read.
struct dv_errors {
  std::vector<dv_error> errors;
};
// The core's Diff, whose entries' parts are handed out as borrowed values,
// and each entry's path, built on its first dv_diff_entry() (the paths
// share prefixes in the core; built all at once they could take memory
// quadratic in the depth). A path is published with one compare-and-swap,
// so concurrent readers of one dv_diff_t are safe.
struct dv_diff {
  explicit dv_diff(dynval::Diff diff) : d(std::move(diff)), paths(d.size()) {}
  ~dv_diff() {
    for (auto& p : paths) delete p.load(std::memory_order_relaxed);
  }
  dv_diff(const dv_diff&) = delete;
  dv_diff& operator=(const dv_diff&) = delete;

  dynval::Diff d;
  mutable std::vector<std::atomic<dv_path*>> paths;
};

static_assert(sizeof(dv_type) == sizeof(dynval::Type) && alignof(dv_type) == alignof(dynval::Type));
static_assert(sizeof(dv_value) == sizeof(dynval::Value) && alignof(dv_value) == alignof(dynval::Value));
static_assert(std::is_standard_layout_v<dv_type>, "borrowed dv_type_t* casts need standard layout");
static_assert(std::is_standard_layout_v<dv_value>, "borrowed dv_value_t* casts need standard layout");
static_assert(std::is_standard_layout_v<dv_path>, "borrowed dv_path_t* casts need standard layout");

namespace dynval::capi {

// dv_status_t and dynval::Status are the same numbers (common.h pins them).
static_assert(int(Status::InvalidArg) == DV_ERR_INVALID_ARG && int(Status::NoMem) == DV_ERR_NOMEM &&
              int(Status::TypeMismatch) == DV_ERR_TYPE_MISMATCH &&
              int(Status::NotFound) == DV_ERR_NOT_FOUND && int(Status::OutOfRange) == DV_ERR_OUT_OF_RANGE &&
              int(Status::Parse) == DV_ERR_PARSE && int(Status::Schema) == DV_ERR_SCHEMA &&
              int(Status::Unsupported) == DV_ERR_UNSUPPORTED && int(Status::Internal) == DV_ERR_INTERNAL &&
              int(Status::Refinement) == DV_ERR_REFINEMENT && int(Status::Limit) == DV_ERR_LIMIT &&
              int(Status::UnknownValue) == DV_ERR_UNKNOWN_VALUE);

// Fills *err (when err is not NULL) and returns `status`. Never throws: if
// the error itself cannot be allocated, *err receives a static
// "out of memory" error that dv_error_free ignores.
dv_status_t report(dv_error_t** err, dv_status_t status, std::string_view message,
                   const Path* path = nullptr, size_t offset = kNoOffset) noexcept;
dv_status_t report(dv_error_t** err, const Error& e) noexcept;
// The output limit a dv_encode_options_t sets (NULL or 0: the default);
// throws InvalidArg for an unknown version or flags (codec.cpp).
size_t max_output_size(const dv_encode_options_t* o);

// A C error of its own (for lists of errors); throws std::bad_alloc.
dv_error make_error(dv_status_t status, std::string_view message, const Path* path = nullptr,
                    size_t offset = kNoOffset);
dv_error make_error(const Error& e);
bool is_static_error(const dv_error_t* e) noexcept;

// Runs `body` and converts every exception into a status + *err.
template <class F>
dv_status_t guard(dv_error_t** err, F&& body) noexcept {
  if (err) *err = nullptr;
  try {
    body();
    return DV_OK;
  } catch (const Error& e) {
    return report(err, e);
  } catch (const std::bad_alloc&) {
    return report(err, DV_ERR_NOMEM, "out of memory");
  } catch (const std::exception& e) {
    return report(err, DV_ERR_INTERNAL, std::string_view(e.what()));
  } catch (...) {
    return report(err, DV_ERR_INTERNAL, "unexpected exception");
  }
}

[[noreturn]] inline void invalid_arg(std::string msg) { throw Error(Status::InvalidArg, std::move(msg)); }

// NULL checks done before touching the core.
template <class T>
inline T* need(T* p, const char* name) {
  if (!p) invalid_arg(std::string(name) + " is NULL");
  return p;
}

// A (ptr, len) input string; NULL is allowed only with len == 0.
inline std::string_view in_str(const char* p, size_t len, const char* name) {
  if (!p) {
    if (len != 0) invalid_arg(std::string(name) + " is NULL but its length is not 0");
    return {};
  }
  return {p, len};
}

inline dv_str_t out_str(std::string_view s) noexcept { return dv_str_t{s.data(), s.size()}; }
inline dv_str_t no_str() noexcept { return dv_str_t{nullptr, 0}; }

// Borrowed views of stored core objects.
inline const dv_value_t* borrow(const Value* v) noexcept { return reinterpret_cast<const dv_value_t*>(v); }
inline const dv_type_t* borrow(const Type* t) noexcept { return reinterpret_cast<const dv_type_t*>(t); }
// A path the core walks keep in place, handed to callbacks for one call.
inline const dv_path_t* borrow(const Path* p) noexcept { return reinterpret_cast<const dv_path_t*>(p); }

// Schema introspection views (opaque C names of core schema parts).
inline const dv_block_t* view(const Block* b) noexcept { return reinterpret_cast<const dv_block_t*>(b); }
inline const dv_attribute_t* view(const Attribute* a) noexcept { return reinterpret_cast<const dv_attribute_t*>(a); }
inline const dv_object_t* view(const NestedObject* o) noexcept { return reinterpret_cast<const dv_object_t*>(o); }
inline const dv_nested_block_t* view(const NestedBlock* n) noexcept {
  return reinterpret_cast<const dv_nested_block_t*>(n);
}
inline const Block* core(const dv_block_t* b) noexcept { return reinterpret_cast<const Block*>(b); }
inline const Attribute* core(const dv_attribute_t* a) noexcept { return reinterpret_cast<const Attribute*>(a); }
inline const NestedObject* core(const dv_object_t* o) noexcept { return reinterpret_cast<const NestedObject*>(o); }
inline const NestedBlock* core(const dv_nested_block_t* n) noexcept {
  return reinterpret_cast<const NestedBlock*>(n);
}

// Owned boxes.
inline dv_value_t* own(Value v) { return new dv_value{std::move(v)}; }
inline dv_type_t* own(Type t) { return new dv_type{std::move(t)}; }

// Hands bytes to a dv_buf_t (NUL-terminated); throws std::bad_alloc on
// failure. Small outputs are copied into a malloc'd block of their size;
// large ones (encoders, transcoders, render) keep the string itself, moved,
// so that their bytes are not copied once more. dv_buf_dispose releases
// either (buffer.cpp: `reserved` says which).
void fill_buf(dv_buf_t* out, std::string bytes);
// dv_buf_t.reserved: 0 for a malloc'd block; the adopted std::string's
// address with the low bit set otherwise (new aligns it to 8 or more).
inline constexpr size_t kAdoptedBufTag = 1;
inline constexpr size_t kAdoptedBufMin = size_t(64) << 10;

// Options structs: only version 1 exists so far.
void check_version(uint32_t version, uint32_t current, const char* what);

// capi/convert.cpp, shared with capi/schema.cpp: DV_CONVERT_* flags to
// go-cty's `unsafe`, and the value of flatmap (keys, values, n) by type.
bool convert_unsafe(uint32_t flags);
Value flatmap_value(const Type& t, const dv_str_t* keys, const dv_str_t* values, size_t n);

}  // namespace dynval::capi
