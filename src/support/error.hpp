// dynval::Error: the one error type of the core.
//
// The core reports failures by throwing dynval::Error (never anything else on
// purpose; std::bad_alloc may escape allocation). capi/ catches everything at
// the boundary and turns it into a dv_status_t plus an owned dv_error_t, so no
// exception ever reaches C, Rust or Go.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dynval {

// Mirrors dv_status_t in include/dynval/common.h; values are pinned there.
enum class Status : int {
  Ok = 0,
  InvalidArg = 1,    // NULL or malformed argument to an API call
  NoMem = 2,         // allocation failed
  TypeMismatch = 3,  // value or input does not have the required type
  NotFound = 4,      // no such attribute, key, index, block or provider
  OutOfRange = 5,    // index or numeric conversion out of range
  Parse = 6,         // malformed input bytes (MessagePack, JSON, type JSON, number text)
  Schema = 7,        // invalid schema, or value violates a schema rule
  Unsupported = 8,   // valid but unsupported input (e.g. an infinity in JSON)
  Internal = 9,      // a bug in libdynval
  Refinement = 10,   // contradictory or inapplicable refinement
  Limit = 11,        // a resource limit (depth, size, count) was exceeded
  UnknownValue = 12, // the value is unknown; the operation needs a known one
};

// The status's static name ("parse error", ...); "unknown status" for a number
// that is not a Status. The one list of names: dv_status_str returns these.
const char* status_name(Status s) noexcept;

class Value;  // values/value.hpp

// One step of a path into a value (cty Path). This is the data only, so
// that every layer's errors can carry a path; the operations on paths
// (printing, equality, applying to a value, building set-element steps) live
// with the values in values/path.hpp, because a set-element step holds a
// Value.
struct PathStep {
  enum class Kind : uint8_t {
    Attr,     // object attribute `name` (cty GetAttrStep)
    Index,    // list/tuple element `index` (IndexStep{NumberIntVal(index)})
    Key,      // map element `name` (IndexStep{StringVal(name)})
    Element,  // set element `*elem` (IndexStep{Key: element})
  };
  Kind kind;
  int64_t index = 0;                  // Kind::Index
  std::string name;                   // Kind::Attr (attribute name) or Kind::Key (map key)
  std::shared_ptr<const Value> elem;  // Kind::Element (values/path.hpp: element_step)

  static PathStep attr(std::string_view n) { return {Kind::Attr, 0, std::string(n), {}}; }
  static PathStep idx(int64_t i) { return {Kind::Index, i, {}, {}}; }
  static PathStep key(std::string_view k) { return {Kind::Key, 0, std::string(k), {}}; }
};

using Path = std::vector<PathStep>;

inline constexpr size_t kNoOffset = SIZE_MAX;

class Error : public std::exception {
 public:
  Error(Status s, std::string msg, Path path = {}, size_t offset = kNoOffset)
      : status_(s), message_(std::move(msg)), path_(std::move(path)), offset_(offset) {}

  Status status() const noexcept { return status_; }
  const std::string& message() const noexcept { return message_; }
  const Path& path() const noexcept { return path_; }
  size_t offset() const noexcept { return offset_; }  // kNoOffset when not applicable
  const char* what() const noexcept override { return message_.c_str(); }

  // Builders used while unwinding: decoders record the path from the inside out.
  Error& prepend(PathStep s) {
    path_.insert(path_.begin(), std::move(s));
    return *this;
  }
  Error& with_offset(size_t off) {
    if (offset_ == kNoOffset) offset_ = off;
    return *this;
  }
  Error& with_path(Path p) {
    path_ = std::move(p);
    return *this;
  }

 private:
  Status status_;
  std::string message_;
  Path path_;
  size_t offset_;
};

[[noreturn]] inline void fail(Status s, std::string msg) { throw Error(s, std::move(msg)); }

}  // namespace dynval
