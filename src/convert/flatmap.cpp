// Legacy flatmap state to a value: Terraform / OpenTofu
// internal/configs/hcl2shim flatmap.go, HCL2ValueFromFlatmap, as provider
// SDKs use it in UpgradeResourceState for state written before schema
// version 0.12 ("attrs.%", "list.#", "list.0", the unknown marker).
//
// go-cty walks Go maps where we walk the sorted std::map; the values built
// are the same (sets order their elements themselves), only which of
// several bad entries is reported may differ from a given Terraform run.
// Deliberate differences: a negative list count is an error (hcl2shim
// panics) and a count larger than the map has entries is Status::Limit
// (hcl2shim allocates that many elements).
#include <charconv>
#include <map>
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

using FlatmapEntries = std::map<std::string, std::string, std::less<>>;

// One read of a flatmap: its entries, looked up as the std::map they are,
// and the number budget every primitive entry converted to a number draws
// on, sized from the bytes of the whole map (its "document").
class Flatmap {
 public:
  explicit Flatmap(const FlatmapEntries& m)
      : m_(m), numbers_([entries = &m] {
          size_t total = 0;
          for (const auto& [k, v] : *entries) total += k.size() + v.size();
          return total;
        }) {}
  FlatmapEntries::const_iterator find(std::string_view key) const { return m_.find(key); }
  FlatmapEntries::const_iterator lower_bound(std::string_view key) const { return m_.lower_bound(key); }
  FlatmapEntries::const_iterator end() const { return m_.end(); }
  size_t size() const { return m_.size(); }
  // The walk passes the map as const; the budget is the one thing that
  // changes as it goes.
  detail::NumberBudget& numbers() const { return numbers_; }

 private:
  const FlatmapEntries& m_;
  mutable detail::NumberBudget numbers_;
};

[[noreturn]] void fail(std::string msg) { throw Error(Status::TypeMismatch, std::move(msg)); }

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
int64_t atoi(std::string_view s, std::string_view prefix) {
  const std::string what = "invalid count value for " + text::go_quoted(prefix) + " in state: strconv.Atoi: parsing " +
                           text::go_quoted(s) + ": ";
  std::string_view d = s;
  bool neg = false;
  if (!d.empty() && (d[0] == '+' || d[0] == '-')) {
    neg = d[0] == '-';
    d.remove_prefix(1);
  }
  if (d.empty()) fail(what + "invalid syntax");
  for (char c : d)
    if (c < '0' || c > '9') fail(what + "invalid syntax");
  uint64_t u = 0;
  auto r = std::from_chars(d.data(), d.data() + d.size(), u);
  if (r.ec != std::errc() || u > uint64_t(INT64_MAX) + (neg ? 1 : 0)) fail(what + "value out of range");
  return neg ? int64_t(0 - u) : int64_t(u);
}

Value from_value(const Flatmap& m, const std::string& key, const Type& ty);

Value from_primitive(const Flatmap& m, const std::string& key, const Type& ty) {
  const std::string* raw = find(m, key);
  if (raw == nullptr) return Value::null(ty);
  if (*raw == kFlatmapUnknown) return Value::unknown(ty);
  try {
    return detail::convert_with(Value::string(*raw), ty, m.numbers());
  } catch (const Error& e) {
    if (e.status() != Status::TypeMismatch) throw;
    fail("invalid value for " + text::go_quoted(key) + " in state: " + e.message());
  }
}

Value from_object(const Flatmap& m, const std::string& prefix, const Type& ty) {
  std::vector<std::pair<std::string, Value>> attrs;
  attrs.reserve(ty.attr_count());
  for (size_t i = 0; i < ty.attr_count(); ++i) {
    const std::string name(ty.attr_name(i));
    attrs.emplace_back(name, from_value(m, prefix + name, ty.attr_type(i)));
  }
  return Value::object(std::move(attrs));
}

Value from_tuple(const Flatmap& m, const std::string& prefix, const Type& ty) {
  if (container_unknown(m, prefix)) return Value::unknown(ty);
  const std::string* count = find(m, prefix + "#");
  if (count == nullptr) return Value::null(ty);
  if (*count == kFlatmapUnknown) return Value::unknown(ty);
  const int64_t n = atoi(*count, prefix);
  if (n != int64_t(ty.tuple_size())) {
    fail("wrong number of values for " + text::go_quoted(prefix) + " in state: got " + std::to_string(n) +
         ", but need " + std::to_string(ty.tuple_size()));
  }
  std::vector<Value> elems;
  elems.reserve(ty.tuple_size());
  for (size_t i = 0; i < ty.tuple_size(); ++i) elems.push_back(from_value(m, prefix + std::to_string(i), ty.tuple_elem(i)));
  return Value::tuple(std::move(elems));
}

// The keys of m that start with prefix, in order.
template <class F>
void each_with_prefix(const Flatmap& m, const std::string& prefix, F&& f) {
  for (auto it = m.lower_bound(prefix); it != m.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
    f(it->first);
  }
}

Value from_map(const Flatmap& m, const std::string& prefix, const Type& ty) {
  const Type ety = ty.element();
  if (container_unknown(m, prefix)) return Value::unknown(ty);
  const std::string* count = find(m, prefix + "%");
  if (count == nullptr) return Value::null(ty);
  if (*count == kFlatmapUnknown) return Value::unknown(ty);
  std::vector<std::pair<std::string, Value>> entries;
  each_with_prefix(m, prefix, [&](const std::string& full) {
    std::string key = full.substr(prefix.size());
    if (key == "%") return;
    entries.emplace_back(std::move(key), from_value(m, full, ety));
  });
  return Value::map(ety, std::move(entries));
}

Value from_list(const Flatmap& m, const std::string& prefix, const Type& ty) {
  if (container_unknown(m, prefix)) return Value::unknown(ty);
  const std::string* count = find(m, prefix + "#");
  if (count == nullptr) return Value::null(ty);
  if (*count == kFlatmapUnknown) return Value::unknown(ty);
  const int64_t n = atoi(*count, prefix);
  const Type ety = ty.element();
  if (n == 0) return Value::list(ety, {});
  if (n < 0) {
    fail("invalid count value for " + text::go_quoted(prefix) + " in state: " + std::to_string(n) + " is negative");
  }
  if (uint64_t(n) > m.size()) {
    throw limits::flatmap_count(text::go_quoted(prefix), uint64_t(n), m.size());
  }
  std::vector<Value> elems;
  elems.reserve(size_t(n));
  for (int64_t i = 0; i < n; ++i) elems.push_back(from_value(m, prefix + std::to_string(i), ety));
  return Value::list(ety, std::move(elems));
}

Value from_set(const Flatmap& m, const std::string& prefix, const Type& ty) {
  const Type ety = ty.element();
  if (container_unknown(m, prefix)) return Value::unknown(ty);
  const std::string* count = find(m, prefix + "#");
  if (count == nullptr) return Value::null(ty);
  if (*count == kFlatmapUnknown) return Value::unknown(ty);
  std::vector<Value> elems;
  std::set<std::string, std::less<>> seen;
  each_with_prefix(m, prefix, [&](const std::string& full) {
    const std::string_view sub = std::string_view(full).substr(prefix.size());
    if (sub == "#") return;
    std::string key = full;
    if (const size_t dot = sub.find('.'); dot != std::string_view::npos) key = full.substr(0, prefix.size() + dot);
    if (!seen.insert(key).second) return;
    elems.push_back(from_value(m, key, ety));
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

Value from_value(const Flatmap& m, const std::string& key, const Type& ty) {
  switch (ty.kind()) {
    case TypeKind::Bool:
    case TypeKind::Number:
    case TypeKind::String: return from_primitive(m, key, ty);
    case TypeKind::Object: return from_object(m, key + ".", ty);
    case TypeKind::Tuple: return from_tuple(m, key + ".", ty);
    case TypeKind::Map: return from_map(m, key + ".", ty);
    case TypeKind::List: return from_list(m, key + ".", ty);
    case TypeKind::Set: return from_set(m, key + ".", ty);
    case TypeKind::Dynamic: break;
  }
  fail("cannot decode dynamic from flatmap");
}

}  // namespace

Value value_from_flatmap(const FlatmapEntries& entries, const Type& ty) {
  if (ty.kind() != TypeKind::Object) {
    // hcl2shim panics here.
    throw Error(Status::InvalidArg, "flatmap state needs an object type, not " + ty.friendly_name());
  }
  const Flatmap m(entries);
  return from_object(m, "", ty.without_optional());
}

}  // namespace dynval::convert
