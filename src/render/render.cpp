// The human views of a value (render/render.hpp): `dynval convert --to
// pretty`, `dynval inspect` and dv_value_render.
#include "render/render.hpp"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "text/text.hpp"

namespace dynval::render {
namespace {

// What the views print for a sensitive value, and for an unknown value at or
// below a sensitive attribute in inspect's list of unknowns.
constexpr const char kSensitiveValue[] = "(sensitive value)";
constexpr const char kSensitiveUnknown[] = "(sensitive value, unknown in whole or in part)";

void indent(std::string& out, int depth) { out.append(static_cast<size_t>(depth) * 2, ' '); }

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return false;
  }
  return !(s[0] >= '0' && s[0] <= '9');
}

// What the schema says about one attribute or block of an object, if known.
struct FieldInfo {
  const Attribute* attr = nullptr;         // the attribute, when it is one
  bool sensitive = false;
  const Block* block = nullptr;            // nested block body
  const NestedObject* nested = nullptr;    // nested attribute object
  // The value of the nested block or attribute is a list, set or map of
  // objects of `block` / `nested` (not one object).
  bool collection = false;
};

bool is_collection(NestingMode m) {
  return m == NestingMode::List || m == NestingMode::Set || m == NestingMode::Map;
}

FieldInfo field_info(const Block* b, const NestedObject* o, std::string_view name) {
  FieldInfo fi;
  const Attribute* a = nullptr;
  if (b != nullptr) {
    a = b->find_attribute(name);
    if (a == nullptr) {
      if (const NestedBlock* nb = b->find_block(name)) {
        fi.block = &nb->block;
        fi.collection = is_collection(nb->nesting);
      }
    }
  } else if (o != nullptr) {
    a = o->find(name);
  }
  if (a != nullptr) {
    fi.attr = a;
    fi.sensitive = a->sensitive;
    if (a->nested_type) {
      fi.nested = &*a->nested_type;
      fi.collection = is_collection(a->nested_type->nesting);
    }
  }
  return fi;
}

// The columns a key takes on a terminal: its code points (UTF-8 lead bytes).
size_t columns(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// Appends a string as the views quote it: Go's %q, which escapes quotes,
// backslashes and the characters a terminal would not show as themselves
// (controls, U+2028, ...) and leaves <, > and & alone.
void append_quoted(std::string& out, std::string_view s) { text::append_go_quoted(out, s); }

// Appends an object's attribute name (bare when it is an identifier) or a
// map's key (always quoted) as printed.
void append_key(std::string& out, const Value& v, bool object, size_t i) {
  std::string_view name = object ? v.type().attr_name(i) : v.key_at(i);
  if (object && is_identifier(name)) out += name;
  else append_quoted(out, name);
}

// The widest key of an object or a map as printed, in columns: the " = "
// after the keys are aligned on it.
size_t key_width(const Value& v, bool object) {
  const size_t n = object ? v.type().attr_count() : v.length();
  size_t width = 0;
  std::string key;
  for (size_t i = 0; i < n; ++i) {
    key.clear();
    append_key(key, v, object, i);
    width = std::max(width, columns(key));
  }
  return width;
}

struct Walker {
  std::string& out;
  bool mask;
  OutputLimit limit;
  size_t base = out.size();

  void key(const Value& v, bool object, size_t i, size_t width, int depth) {
    indent(out, depth + 1);
    const size_t start = out.size();
    append_key(out, v, object, i);
    out.append(width - columns(std::string_view(out).substr(start)), ' ');
    out += " = ";
  }

  void value(const Value& v, int depth, const Block* b, const NestedObject* o) {
    limit.check(out.size() - base);
    if (!v.is_known()) {
      out += describe_unknown(v);
      return;
    }
    if (v.is_null()) {
      out += "null";
      return;
    }
    const Type& t = v.type();
    switch (t.kind()) {
      case TypeKind::Bool: out += v.as_bool() ? "true" : "false"; return;
      case TypeKind::Number: v.as_number().append_text(out); return;
      case TypeKind::String: append_quoted(out, v.as_string()); return;
      case TypeKind::List:
      case TypeKind::Set:
      case TypeKind::Tuple: {
        if (v.length() == 0) {
          out += "[]";
          return;
        }
        out += "[\n";
        for (size_t i = 0; i < v.length(); ++i) {
          indent(out, depth + 1);
          value(v.at(i), depth + 1, b, o);
          out += ",\n";
        }
        indent(out, depth);
        out += ']';
        return;
      }
      case TypeKind::Map: {
        if (v.length() == 0) {
          out += "{}";
          return;
        }
        const size_t width = key_width(v, /*object=*/false);
        out += "{\n";
        for (size_t i = 0; i < v.length(); ++i) {
          key(v, /*object=*/false, i, width, depth);
          value(v.at(i), depth + 1, b, o);
          out += '\n';
        }
        indent(out, depth);
        out += '}';
        return;
      }
      case TypeKind::Object: {
        size_t n = t.attr_count();
        if (n == 0) {
          out += "{}";
          return;
        }
        const size_t width = key_width(v, /*object=*/true);
        out += "{\n";
        for (size_t i = 0; i < n; ++i) {
          FieldInfo fi = field_info(b, o, t.attr_name(i));
          key(v, /*object=*/true, i, width, depth);
          const Value& child = v.at(i);
          if (mask && fi.sensitive && !child.is_null()) {
            out += kSensitiveValue;
          } else {
            value(child, depth + 1, fi.block, fi.nested);
          }
          out += '\n';
        }
        indent(out, depth);
        out += '}';
        return;
      }
      case TypeKind::Dynamic: out += "(dynamic)"; return;
    }
  }
};

std::string path_text(const Path& path) { return path.empty() ? std::string("(root)") : path_string(path); }

// collect's work on its lists and its path, kept out of line: collect runs
// once per level of nesting (up to 4096), and inlined, the strings and path
// steps built here made its frame twice as large.
[[gnu::noinline]] void add_line(std::vector<std::string>& list, const Path& path, std::string_view what) {
  std::string s = path_text(path);
  if (!what.empty()) {
    s += ": ";
    s += what;
  }
  list.push_back(std::move(s));
}
[[gnu::noinline]] void add_unknown(std::vector<std::string>& list, const Path& path, const Value& v) {
  add_line(list, path, describe_unknown(v));
}
[[gnu::noinline]] void push_index(Path& path, size_t i) { path.push_back(PathStep::idx(static_cast<int64_t>(i))); }
[[gnu::noinline]] void push_key(Path& path, std::string_view key) { path.push_back(PathStep::key(key)); }
[[gnu::noinline]] void push_attr(Path& path, std::string_view name) { path.push_back(PathStep::attr(name)); }

// The unknowns and the sensitive attributes of a value, with their paths.
// Nothing below a sensitive attribute is looked at: it is listed once among
// the sensitive values and, when it is or holds an unknown value, once among
// the unknowns, by its own path and kSensitiveUnknown.
//
// Without mask, a sensitive attribute is listed among the sensitive values
// and then looked into like any other value.
void collect(const Value& v, Path& path, const Block* b, const NestedObject* o, bool sensitive, bool mask,
             std::vector<std::string>& unknowns, std::vector<std::string>& sensitives) {
  if (sensitive) {
    add_line(sensitives, path, {});
    if (mask) {
      if (!v.is_wholly_known()) add_line(unknowns, path, kSensitiveUnknown);
      return;
    }
  }
  if (!v.is_known()) {
    add_unknown(unknowns, path, v);
    return;
  }
  if (v.is_null()) return;
  const Type& t = v.type();
  switch (t.kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Tuple:
      for (size_t i = 0; i < v.length(); ++i) {
        push_index(path, i);
        collect(v.at(i), path, b, o, false, mask, unknowns, sensitives);
        path.pop_back();
      }
      break;
    case TypeKind::Map:
      for (size_t i = 0; i < v.length(); ++i) {
        push_key(path, v.key_at(i));
        collect(v.at(i), path, b, o, false, mask, unknowns, sensitives);
        path.pop_back();
      }
      break;
    case TypeKind::Object:
      for (size_t i = 0; i < t.attr_count(); ++i) {
        FieldInfo fi = field_info(b, o, t.attr_name(i));
        push_attr(path, t.attr_name(i));
        collect(v.at(i), path, fi.block, fi.nested, fi.sensitive, mask, unknowns, sensitives);
        path.pop_back();
      }
      break;
    default: break;
  }
}

// The type of a value as inspect prints it: the value's own type, except
// that a sensitive attribute has the type its schema gives it, so that the
// concrete type of a value in a "dynamic" sensitive attribute (object
// attribute names, tuple lengths) is not shown.
Type shown_type(const Type& t, const Block* b, const NestedObject* o) {
  if (b == nullptr && o == nullptr) return t;
  switch (t.kind()) {
    case TypeKind::List: return Type::list(shown_type(t.element(), b, o));
    case TypeKind::Set: return Type::set(shown_type(t.element(), b, o));
    case TypeKind::Map: return Type::map(shown_type(t.element(), b, o));
    case TypeKind::Tuple: {
      std::vector<Type> elems;
      elems.reserve(t.tuple_size());
      for (size_t i = 0; i < t.tuple_size(); ++i) elems.push_back(shown_type(t.tuple_elem(i), b, o));
      return Type::tuple(std::move(elems));
    }
    case TypeKind::Object: {
      std::vector<Type::AttrSpec> attrs;
      attrs.reserve(t.attr_count());
      for (size_t i = 0; i < t.attr_count(); ++i) {
        FieldInfo fi = field_info(b, o, t.attr_name(i));
        Type at = fi.sensitive ? fi.attr->implied_type : shown_type(t.attr_type(i), fi.block, fi.nested);
        attrs.push_back(Type::AttrSpec{std::string(t.attr_name(i)), std::move(at), false});
      }
      return Type::object(std::move(attrs));
    }
    default: return t;
  }
}

bool has_sensitive(const NestedObject& o);

bool has_sensitive(const std::vector<Attribute>& attrs) {
  for (const Attribute& a : attrs)
    if (a.sensitive || (a.nested_type && has_sensitive(*a.nested_type))) return true;
  return false;
}

bool has_sensitive(const NestedObject& o) { return has_sensitive(o.attributes); }

}  // namespace

bool has_sensitive(const Block& b) {
  if (has_sensitive(b.attributes)) return true;
  for (const NestedBlock& nb : b.block_types)
    if (has_sensitive(nb.block)) return true;
  return false;
}

Path cut_at_sensitive(const Block& schema, const Path& path) {
  const Block* b = &schema;
  const NestedObject* o = nullptr;
  bool at_object = true;  // else at a collection of objects of b / o
  for (size_t i = 0; i < path.size() && (b != nullptr || o != nullptr); ++i) {
    const PathStep& s = path[i];
    if (!at_object) {
      if (s.kind == PathStep::Kind::Attr) break;  // not a path of this schema
      at_object = true;
      continue;
    }
    // An object's attribute (go-cty's decoders name them by key steps).
    if (s.kind != PathStep::Kind::Attr && s.kind != PathStep::Kind::Key) break;
    const FieldInfo fi = field_info(b, o, s.name);
    if (fi.sensitive) return Path(path.begin(), path.begin() + std::ptrdiff_t(i) + 1);
    b = fi.block;
    o = fi.nested;
    at_object = !fi.collection;
  }
  return path;
}

std::string describe_unknown(const Value& v) {
  std::string s = "(unknown";
  if (!v.type().is_dynamic()) {
    s += ' ';
    s += v.type().friendly_name();
  }
  const Refinements& r = v.refinements();
  if (r.not_null) s += ", not null";
  if (!r.prefix.empty()) {
    s += ", prefix ";
    append_quoted(s, r.prefix);
  }
  if (r.lower) {
    s += r.lower->inclusive ? ", >= " : ", > ";
    r.lower->value.append_text(s);
  }
  if (r.upper) {
    s += r.upper->inclusive ? ", <= " : ", < ";
    r.upper->value.append_text(s);
  }
  if (r.len_min > 0 || r.len_max != INT64_MAX) {
    if (r.len_min == r.len_max) {
      s += ", length " + std::to_string(r.len_min);
    } else {
      if (r.len_min > 0) s += ", length >= " + std::to_string(r.len_min);
      if (r.len_max != INT64_MAX) s += ", length <= " + std::to_string(r.len_max);
    }
  }
  s += ')';
  return s;
}

void pretty(std::string& out, const Value& v, const Options& opts) {
  Walker w{out, opts.mask_sensitive, OutputLimit(opts.max_output_size)};
  w.value(v, 0, opts.schema, nullptr);
  out += '\n';
  w.limit.check(out.size() - w.base);
}

void inspect(std::string& out, const Value& v, const Options& opts) {
  const size_t base = out.size();
  const OutputLimit limit(opts.max_output_size);
  out += "type: ";
  (opts.mask_sensitive ? shown_type(v.type(), opts.schema, nullptr) : v.type()).append_json(out);
  out += '\n';
  out += "value: ";
  pretty(out, v, opts);
  std::vector<std::string> unknowns, sensitives;
  Path path;
  collect(v, path, opts.schema, nullptr, false, opts.mask_sensitive, unknowns, sensitives);
  out += "unknown values: " + std::to_string(unknowns.size()) + '\n';
  for (const auto& u : unknowns) {
    out += "  " + u + '\n';
    limit.check(out.size() - base);
  }
  if (opts.schema != nullptr) {
    out += "sensitive values: " + std::to_string(sensitives.size()) + '\n';
    for (const auto& s : sensitives) {
      out += "  " + s + '\n';
      limit.check(out.size() - base);
    }
  }
  limit.check(out.size() - base);
}

void render(std::string& out, const Value& v, const Options& opts) {
  if (opts.style == Style::Inspect) inspect(out, v, opts);
  else pretty(out, v, opts);
}

}  // namespace dynval::render
