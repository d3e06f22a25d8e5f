// Legacy flatmap state to a value and back: Terraform / OpenTofu
// internal/configs/hcl2shim flatmap.go, HCL2ValueFromFlatmap, as provider
// SDKs use it in UpgradeResourceState for state written before schema
// version 0.12 ("attrs.%", "list.#", "list.0", the unknown marker), and
// FlatmapValueFromHCL2 (flatmap_from_value, at the end), which writes it.
//
// go-cty walks Go maps where we walk the sorted std::map; the values built
// are the same (sets order their elements themselves), only which of
// several bad entries is reported may differ from a given Terraform run.
// Deliberate differences: a negative list count is an error (hcl2shim
// panics), and the elements that list counts call for beyond the entries
// the state has (hcl2shim makes them null, or objects of nulls) may number
// at most the synthesized-element budget of limits.hpp, sized by the
// state's bytes: otherwise Status::Limit (hcl2shim allocates any count, and
// nested counts multiply: m entries "l.i.#" = m under "l.#" = m make m^2).
// The strings a state's primitives convert to numbers from draw on one
// digit budget (limits.hpp), sized by the state's bytes as a decoder's is by
// its document's.
#include <charconv>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "convert/convert.hpp"
#include "convert/internal.hpp"
#include "support/error.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"

namespace dynval::convert {
namespace {

using Flatmap = std::map<std::string, std::string, std::less<>>;

[[noreturn]] void fail(std::string msg, const Path& at) { throw Error(Status::TypeMismatch, std::move(msg), at); }

const std::string* find(const Flatmap& m, std::string_view key) {
  auto it = m.find(key);
  return it == m.end() ? nullptr : &it->second;
}

// m[strings.TrimRight(prefix, ".")] == UnknownVariableValue
bool container_unknown(const Flatmap& m, std::string_view prefix) {
  while (!prefix.empty() && prefix.back() == '.') prefix.remove_suffix(1);
  const std::string* v = find(m, prefix);
  return v != nullptr && *v == kFlatmapUnknown;
}

// strconv.Atoi, with its error text.
int64_t atoi(std::string_view s, std::string_view prefix, const Path& at) {
  const std::string what = "invalid count value for " + text::go_quoted(prefix) + " in state: strconv.Atoi: parsing " +
                           text::go_quoted(s) + ": ";
  std::string_view d = s;
  bool neg = false;
  if (!d.empty() && (d[0] == '+' || d[0] == '-')) {
    neg = d[0] == '-';
    d.remove_prefix(1);
  }
  if (d.empty()) fail(what + "invalid syntax", at);
  for (char c : d)
    if (c < '0' || c > '9') fail(what + "invalid syntax", at);
  uint64_t u = 0;
  auto r = std::from_chars(d.data(), d.data() + d.size(), u);
  if (r.ec != std::errc() || u > uint64_t(INT64_MAX) + (neg ? 1 : 0)) fail(what + "value out of range", at);
  return neg ? int64_t(0 - u) : int64_t(u);
}

// The values from_value builds for a key the map has no entries under: a
// null, or for an object an object of such values.
size_t empty_weight(const Type& ty) {
  if (ty.kind() != TypeKind::Object) return 1;
  size_t w = 1;
  for (size_t i = 0; i < ty.attr_count(); ++i) w = limits::sat_add(w, empty_weight(ty.attr_type(i)));
  return w;
}

// The bytes of a state's keys and values: its size as an input.
size_t state_bytes(const Flatmap& m) {
  size_t bytes = 0;
  for (const auto& [k, v] : m) bytes = limits::sat_add(bytes, limits::sat_add(k.size(), v.size()));
  return bytes;
}

// Elements built with no entries behind them, over the whole state.
class Synthesized {
 public:
  explicit Synthesized(size_t bytes)
      : budget_(std::max(limits::kSynthesizedFloor, limits::sat_mul(limits::kSynthesizedPerInputByte, bytes))) {}
  // A list under `prefix` of `count` elements of type `ety`, with `entries`
  // keys under it.
  void add_list(std::string_view prefix, uint64_t count, size_t entries, const Type& ety, const Path& at) {
    if (count <= entries) return;
    used_ = limits::sat_add(used_, limits::sat_mul(size_t(count - entries), empty_weight(ety)));
    if (used_ > budget_) throw limits::flatmap_elements(text::go_quoted(prefix), count, budget_).with_path(at);
  }

 private:
  size_t budget_ = 0;
  size_t used_ = 0;
};

// Reads one flatmap state: the from_* functions follow hcl2shim's of the
// same names, every list draws on one budget of elements the state has no
// entries for, and every primitive converted to a number on one digit
// budget. Errors carry the cty path of the value being read (path_), down
// to the set a bad entry is in: set elements have no path step before they
// are read.
class Reader {
 public:
  explicit Reader(const Flatmap& m) : m_(m), synthesized_(state_bytes(m)), numbers_([&m] { return state_bytes(m); }) {}

  Value from_primitive(const std::string& key, const Type& ty) {
    const std::string* raw = find(m_, key);
    if (raw == nullptr) return Value::null(ty);
    if (*raw == kFlatmapUnknown) return Value::unknown(ty);
    try {
      return detail::convert_with(Value::string(*raw), ty, numbers_);
    } catch (const Error& e) {
      if (e.status() != Status::TypeMismatch) throw;
      fail("invalid value for " + text::go_quoted(key) + " in state: " + e.message(), path_);
    }
  }

  Value from_object(const std::string& prefix, const Type& ty) {
    std::vector<std::pair<std::string, Value>> attrs;
    attrs.reserve(ty.attr_count());
    for (size_t i = 0; i < ty.attr_count(); ++i) {
      const std::string name(ty.attr_name(i));
      path_.push_back(PathStep::attr(name));
      attrs.emplace_back(name, from_value(prefix + name, ty.attr_type(i)));
      path_.pop_back();
    }
    return Value::object(std::move(attrs));
  }

  Value from_tuple(const std::string& prefix, const Type& ty) {
    if (container_unknown(m_, prefix)) return Value::unknown(ty);
    const std::string* count = find(m_, prefix + "#");
    if (count == nullptr) return Value::null(ty);
    if (*count == kFlatmapUnknown) return Value::unknown(ty);
    const int64_t n = atoi(*count, prefix, path_);
    if (n != int64_t(ty.tuple_size())) {
      fail("wrong number of values for " + text::go_quoted(prefix) + " in state: got " + std::to_string(n) +
               ", but need " + std::to_string(ty.tuple_size()),
           path_);
    }
    std::vector<Value> elems;
    elems.reserve(ty.tuple_size());
    for (size_t i = 0; i < ty.tuple_size(); ++i) {
      path_.push_back(PathStep::idx(int64_t(i)));
      elems.push_back(from_value(prefix + std::to_string(i), ty.tuple_elem(i)));
      path_.pop_back();
    }
    return Value::tuple(std::move(elems));
  }

  // The keys that start with prefix, in order.
  template <class F>
  void each_with_prefix(const std::string& prefix, F&& f) {
    for (auto it = m_.lower_bound(prefix); it != m_.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
      f(it->first);
    }
  }

  // The number of keys that start with prefix, but its count ("prefix#").
  size_t entries_under(const std::string& prefix) {
    size_t n = 0;
    each_with_prefix(prefix, [&](const std::string& full) { n += full.size() != prefix.size() + 1 || full.back() != '#'; });
    return n;
  }

  Value from_map(const std::string& prefix, const Type& ty) {
    const Type ety = ty.element();
    if (container_unknown(m_, prefix)) return Value::unknown(ty);
    const std::string* count = find(m_, prefix + "%");
    if (count == nullptr) return Value::null(ty);
    if (*count == kFlatmapUnknown) return Value::unknown(ty);
    std::vector<std::pair<std::string, Value>> entries;
    each_with_prefix(prefix, [&](const std::string& full) {
      std::string key = full.substr(prefix.size());
      if (key == "%") return;
      path_.push_back(PathStep::key(key));
      Value e = from_value(full, ety);
      path_.pop_back();
      entries.emplace_back(std::move(key), std::move(e));
    });
    return Value::map(ety, std::move(entries));
  }

  Value from_list(const std::string& prefix, const Type& ty) {
    if (container_unknown(m_, prefix)) return Value::unknown(ty);
    const std::string* count = find(m_, prefix + "#");
    if (count == nullptr) return Value::null(ty);
    if (*count == kFlatmapUnknown) return Value::unknown(ty);
    const int64_t n = atoi(*count, prefix, path_);
    const Type ety = ty.element();
    if (n == 0) return Value::list(ety, {});
    if (n < 0) {
      fail("invalid count value for " + text::go_quoted(prefix) + " in state: " + std::to_string(n) + " is negative",
           path_);
    }
    synthesized_.add_list(prefix, uint64_t(n), entries_under(prefix), ety, path_);
    std::vector<Value> elems;
    elems.reserve(size_t(n));
    for (int64_t i = 0; i < n; ++i) {
      path_.push_back(PathStep::idx(i));
      elems.push_back(from_value(prefix + std::to_string(i), ety));
      path_.pop_back();
    }
    return Value::list(ety, std::move(elems));
  }

  Value from_set(const std::string& prefix, const Type& ty) {
    const Type ety = ty.element();
    if (container_unknown(m_, prefix)) return Value::unknown(ty);
    const std::string* count = find(m_, prefix + "#");
    if (count == nullptr) return Value::null(ty);
    if (*count == kFlatmapUnknown) return Value::unknown(ty);
    std::vector<Value> elems;
    std::set<std::string, std::less<>> seen;
    each_with_prefix(prefix, [&](const std::string& full) {
      const std::string_view sub = std::string_view(full).substr(prefix.size());
      if (sub == "#") return;
      std::string key = full;
      if (const size_t dot = sub.find('.'); dot != std::string_view::npos) key = full.substr(0, prefix.size() + dot);
      if (!seen.insert(key).second) return;
      elems.push_back(from_value(key, ety));
    });
    if (elems.empty() && *count == "1") {
      // An empty set is not written to flatmap: a count of 1 with no entries
      // is one empty element.
      switch (ety.kind()) {
        case TypeKind::Map: elems.push_back(Value::map(ety.element(), {})); break;
        case TypeKind::List: elems.push_back(Value::list(ety.element(), {})); break;
        case TypeKind::Set: elems.push_back(Value::set(ety.element(), {})); break;
        case TypeKind::Object: {
          std::vector<std::pair<std::string, Value>> attrs;
          for (size_t i = 0; i < ety.attr_count(); ++i) {
            attrs.emplace_back(std::string(ety.attr_name(i)), Value::null(ety.attr_type(i)));
          }
          elems.push_back(Value::object(std::move(attrs)));
          break;
        }
        default: elems.push_back(Value::null(ety)); break;
      }
    } else if (elems.empty()) {
      return Value::set(ety, {});
    }
    return Value::set(ety, std::move(elems));
  }

  Value from_value(const std::string& key, const Type& ty) {
    switch (ty.kind()) {
      case TypeKind::Bool:
      case TypeKind::Number:
      case TypeKind::String: return from_primitive(key, ty);
      case TypeKind::Object: return from_object(key + ".", ty);
      case TypeKind::Tuple: return from_tuple(key + ".", ty);
      case TypeKind::Map: return from_map(key + ".", ty);
      case TypeKind::List: return from_list(key + ".", ty);
      case TypeKind::Set: return from_set(key + ".", ty);
      case TypeKind::Dynamic: break;
    }
    fail("cannot decode dynamic from flatmap", path_);
  }

 private:
  const Flatmap& m_;
  Path path_;
  Synthesized synthesized_;
  detail::NumberBudget numbers_;
};

// Writes flatmap state: hcl2shim's flatmapValueFromHCL2* functions, with
// the bytes written counted against the output limit.
class Writer {
 public:
  explicit Writer(size_t max_output) : limit_(max_output) {}

  void value(const std::string& key, const Value& v) {
    switch (v.type().kind()) {
      case TypeKind::Bool:
      case TypeKind::Number:
      case TypeKind::String:
      case TypeKind::Dynamic: primitive(key, v); return;
      case TypeKind::Object:
      case TypeKind::Map: map(key + ".", v); return;
      case TypeKind::Tuple:
      case TypeKind::List:
      case TypeKind::Set: seq(key + ".", v); return;
    }
  }

  void map(const std::string& prefix, const Value& v) {
    if (v.is_null()) return;
    const bool object = v.type().kind() == TypeKind::Object;
    if (!v.is_known()) {
      if (!object) {
        put(prefix + "%", std::string(kFlatmapUnknown));
        return;
      }
      // Whole objects cannot be unknown in flatmap: each attribute is.
      for (size_t i = 0; i < v.type().attr_count(); ++i)
        value(prefix + std::string(v.type().attr_name(i)), Value::unknown(v.type().attr_type(i)));
      return;
    }
    const size_t n = v.length();
    for (size_t i = 0; i < n; ++i) {
      const std::string_view name = object ? v.type().attr_name(i) : v.key_at(i);
      value(prefix + std::string(name), v.at(i));
    }
    if (!object) put(prefix + "%", std::to_string(n));
  }

  void seq(const std::string& prefix, const Value& v) {
    if (v.is_null()) return;
    if (!v.is_known()) {
      put(prefix + "#", std::string(kFlatmapUnknown));
      return;
    }
    const size_t n = v.length();
    for (size_t i = 0; i < n; ++i) value(prefix + std::to_string(i), v.at(i));
    put(prefix + "#", std::to_string(n));
  }

  void primitive(const std::string& key, const Value& v) {
    if (!v.is_known()) {
      put(key, std::string(kFlatmapUnknown));
      return;
    }
    if (v.is_null()) return;
    put(key, std::string(convert(v, Type::string()).as_string()));
  }

  std::map<std::string, std::string, std::less<>> m;

 private:
  void put(std::string key, std::string val) {
    written_ = limits::sat_add(written_, limits::sat_add(key.size(), val.size()));
    limit_.check(written_);
    m.insert_or_assign(std::move(key), std::move(val));
  }

  OutputLimit limit_;
  size_t written_ = 0;
};

}  // namespace

std::optional<FlatmapEntries> flatmap_from_value(const Value& v, size_t max_output) {
  if (v.is_null()) return std::nullopt;  // before the type check, as hcl2shim
  if (v.type().kind() != TypeKind::Object) {
    // hcl2shim panics here.
    throw Error(Status::InvalidArg, "flatmap state needs an object value, not " + v.type().friendly_name());
  }
  Writer w(max_output);
  w.map("", v);
  FlatmapEntries out;
  out.reserve(w.m.size());
  for (auto& [k, val] : w.m) out.emplace_back(k, std::move(val));
  return out;
}

Value value_from_flatmap(const Flatmap& m, const Type& ty) {
  if (ty.kind() != TypeKind::Object) {
    // hcl2shim panics here.
    throw Error(Status::InvalidArg, "flatmap state needs an object type, not " + ty.friendly_name());
  }
  return Reader(m).from_object("", ty.without_optional());
}

}  // namespace dynval::convert
