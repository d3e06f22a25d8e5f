// Private to src/codec: the one typed walk of JSON input, go-cty's cty/json
// Unmarshal. Every rule of what a value of each type may be, with its
// message, path and offset, is here once: scalars (with go-cty's string
// conversions), lists, sets, tuples, maps, objects (missing attributes,
// repeated ones, ignore-undefined), and dynamic wrappers in either field
// order. The text is read by JsonReader (json_reader.hpp); what is made of
// each value is the output's (walk_out.hpp):
//
//   document(TreeOut&, ...)           json_decode (json_decode.cpp)
//   document(StreamOut<Sink>&, ...)   json_to_msgpack, json_to_json
//                                     (transcode.cpp)
//
// The output is a template parameter of each member (passed down the
// recursion), not of the class, so that a stream can walk a part into a
// TreeOut on the same reader.
//
// Types. The walk carries the schema type with its optional-attribute
// markers. A TreeOut builds values of the type without them
// (JsonReader::value_type_ref, cached); a stream keeps them, since the
// encoders of the parts it builds whole convert to the schema type.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "codec/codec.hpp"
#include "codec/json_reader.hpp"
#include "codec/walk_out.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec::detail::json {

class JsonWalk : public JsonReader {
 public:
  using JsonReader::JsonReader;

  // The document's top-level value, then the trailing-content check.
  template <class Out>
  typename Out::R document(Out& out, od::document& doc, const Type& t) {
    typename Out::R result{};
    walk_document(doc, [&] { result = walk(out, doc, t, 0); });
    return result;
  }

 private:

  // unmarshal(): one value of schema type `t`.
  template <class Out, class Node>
  typename Out::R walk(Out& out, Node& node, const Type& t, size_t depth) {
    const std::string_view tok = token_of(node);
    const char* at = tok.data();
    out.at_value(offset(at));
    od::json_type jt;
    if (auto e = node.type().get(jt)) fail_json(e, at);
    // `null` is a null of the wanted type, dynamic included.
    if (jt == od::json_type::null) {
      expect_literal(tok, "null");
      return out.null(value_type_ref(t));
    }
    switch (t.kind()) {
      case TypeKind::Dynamic:
        return dynamic(out, node, jt, at, depth);
      case TypeKind::Bool:
        return out.boolean(bool_value(jt, tok));
      case TypeKind::Number:
        return out.number(number_value(jt, tok));
      case TypeKind::String: {
        bool nfc = false;
        const std::string_view s = string_text(jt, tok, nfc);
        return out.string(s, nfc);
      }
      case TypeKind::Set:
        if constexpr (!Out::kTree) return whole(out, node, t, t, depth);
        return array(out, node, jt, t, at, depth);
      case TypeKind::List:
        if constexpr (!Out::kTree) {
          if (t.element().has_dynamic()) return whole(out, node, t, t, depth);
        }
        return array(out, node, jt, t, at, depth);
      case TypeKind::Tuple:
        return array(out, node, jt, t, at, depth);
      case TypeKind::Map:
        if constexpr (!Out::kTree) {
          if (t.element().has_dynamic()) return whole(out, node, t, t, depth);
        }
        return map(out, node, jt, t, at, depth);
      case TypeKind::Object:
        return object(out, node, jt, t, at, depth);
    }
    fail(Status::Internal, "unsupported type", at);
  }

  // The container offset a TreeOut reports element-type conflicts at (a
  // stream has no use for it).
  template <class Out>
  size_t end_offset(const char* at) const {
    if constexpr (Out::kTree) {
      return offset(at);
    } else {
      return 0;
    }
  }

  // The type a container's children are walked with (see the top).
  template <class Out>
  const Type& walked(const Type& t) {
    if constexpr (Out::kTree) {
      return value_type_ref(t);
    } else {
      return t;
    }
  }

  // A stream's value that must be built whole first (walk_out.hpp), then
  // written with type `written`.
  template <class Out, class Node>
  [[gnu::noinline]] typename Out::R whole(Out& out, Node& node, const Type& t, const Type& written, size_t depth) {
    const char* at = token_of(node).data();
    Value v = walk(out.tree(), node, t, depth);
    return out.value(std::move(v), written, offset(at));
  }

  // unmarshalPrimitive, cty.Bool.
  [[gnu::noinline]] bool bool_value(od::json_type jt, std::string_view tok) {
    if (jt == od::json_type::boolean) {
      const std::string_view s = trim_ws(tok);
      if (s == "true") return true;
      expect_literal(tok, "false");
      return false;
    }
    if (jt == od::json_type::string) {
      // convert.Convert(cty.StringVal(v), cty.Bool)
      const std::string_view s = unescape(tok.data() + 1);
      if (s == "true" || s == "1") return true;
      if (s == "false" || s == "0") return false;
      std::string lower(s);
      for (char& c : lower)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
      if (lower == "true")
        fail(Status::TypeMismatch, "a bool is required; to convert from string, use lowercase \"true\"", tok.data());
      if (lower == "false")
        fail(Status::TypeMismatch, "a bool is required; to convert from string, use lowercase \"false\"", tok.data());
      fail(Status::TypeMismatch, "a bool is required", tok.data());
    }
    if (jt == od::json_type::number) number_text(tok);  // syntax errors first
    fail(Status::TypeMismatch, "bool is required", tok.data());
  }

  // unmarshalPrimitive, cty.Number: literal or string, both through
  // ParseNumberVal.
  [[gnu::noinline]] Number number_value(od::json_type jt, std::string_view tok) {
    std::string_view s;
    if (jt == od::json_type::number) {
      s = number_text(tok);
    } else if (jt == od::json_type::string) {
      s = unescape(tok.data() + 1);
    } else {
      if (jt == od::json_type::boolean) expect_literal(trim_ws(tok), trim_ws(tok)[0] == 't' ? "true" : "false");
      fail(Status::TypeMismatch, "number is required", tok.data());
    }
    // The limit applies to what the number prints as, exactly as in the
    // MessagePack decoder, so that whatever decodes also encodes to text the
    // decoders accept again ("-1e-9999" prints as 10,002 characters; found
    // by fuzz_roundtrip). Exponents beyond big.Float's range are go-cty's
    // "a number is required".
    std::optional<Number> n = parse_number(s, s.size(), budget_, offset(tok.data()));
    if (!n) fail(Status::TypeMismatch, "a number is required", tok.data());
    return std::move(*n);
  }

  // unmarshalPrimitive, cty.String: the string's text, and whether it is
  // known to be NFC already (the caller normalises the rest). The view is
  // valid until the next unescape.
  [[gnu::noinline]] std::string_view string_text(od::json_type jt, std::string_view tok, bool& nfc) {
    switch (jt) {
      case od::json_type::string: {
        const std::string_view s = unescape(tok.data() + 1);
        nfc = text::is_nfc(s);
        return s;
      }
      case od::json_type::number:
        nfc = true;
        return number_text(tok);  // the literal text, ASCII
      case od::json_type::boolean: {
        nfc = true;
        const std::string_view s = trim_ws(tok);
        if (s == "true") return "true";
        expect_literal(tok, "false");
        return "false";
      }
      default:
        fail(Status::TypeMismatch, "string is required", tok.data());
    }
  }

  // Lists, sets and tuples.
  template <class Out, class Node>
  [[gnu::noinline]] typename Out::R array(Out& out, Node& node, od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != od::json_type::array) fail(Status::TypeMismatch, "missing expected [", at);
    enter(depth, at);
    const Type& vt = walked<Out>(t);
    const bool tuple = vt.kind() == TypeKind::Tuple;
    const size_t need = tuple ? vt.tuple_size() : 0;
    od::array arr;
    if (auto e = node.get_array().get(arr)) fail_json(e, at);
    auto f = out.seq_begin(vt, 0);
    size_t i = 0;
    for (auto child : arr) {
      od::value v;
      if (auto e = child.get(v)) fail_json(e, last_);
      const char* cat = v.raw_json_token().data();
      last_ = cat;
      if (tuple && i >= need)
        fail(Status::TypeMismatch, "too many tuple elements (need " + std::to_string(need) + ")", cat);
      count_element(cat);
      out.elem_begin(f);
      try {
        out.elem_end(f, walk(out, v, tuple ? vt.tuple_elem(i) : vt.element(), depth + 1));
      } catch (Error& err) {
        err.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
      ++i;
    }
    // go-cty reports this with a wrong path (and panics at top level).
    if (tuple && i != need)
      fail(Status::TypeMismatch, "not enough tuple elements (need " + std::to_string(need) + ")", at);
    return out.seq_end(f, vt, end_offset<Out>(at));
  }

  template <class Out, class Node>
  [[gnu::noinline]] typename Out::R map(Out& out, Node& node, od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != od::json_type::object) fail(Status::TypeMismatch, "missing expected {", at);
    enter(depth, at);
    const Type& vt = walked<Out>(t);
    const Type& ety = vt.element();
    od::object obj;
    if (auto e = node.get_object().get(obj)) fail_json(e, at);
    auto f = out.map_begin(vt, 0);
    for (auto fres : obj) {
      od::field fl;
      const char* kat = read_field(fres, fl);
      count_element(kat);
      // A view into the input (no escapes) or into unescape's scratch,
      // which the value's strings reuse (the output copies it).
      const std::string_view key = unescape(kat + 1);
      out.map_key(f, key, /*in_input=*/key.data() >= base_ && key.data() < end_);
      try {
        out.map_value(f, walk(out, fl.value(), ety, depth + 1));
      } catch (Error& err) {
        err.prepend(PathStep::key(std::string(unescape(kat + 1))));  // the raw key
        throw;
      }
    }
    return out.map_end(f, vt, end_offset<Out>(at));  // NFC keys; duplicates: last wins
  }

  // Attributes by name, the last of repeated ones winning, missing ones
  // null.
  template <class Out, class Node>
  [[gnu::noinline]] typename Out::R object(Out& out, Node& node, od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != od::json_type::object) fail(Status::TypeMismatch, "missing expected {", at);
    enter(depth, at);
    const Type& vt = walked<Out>(t);
    const std::span<const TypeAttr> attrs = vt.attrs();
    const size_t na = attrs.size();
    uint64_t seen_small = 0;  // attributes seen, for na <= 64
    std::vector<bool> seen_big;
    if (na > 64) seen_big.assign(na, false);
    od::object obj;
    if (auto e = node.get_object().get(obj)) fail_json(e, at);
    auto f = out.obj_begin(vt);
    size_t next = 0;  // go-cty writes attributes in order: try the next one first
    for (auto fres : obj) {
      od::field fl;
      const char* kat = read_field(fres, fl);
      count_element(kat);
      // go-cty looks the raw key up (no NFC) and reports an unknown one at
      // the object's path, before reading its value.
      const std::string_view key = unescape(kat + 1);
      const size_t idx = (next < na && attrs[next].name == key) ? next : vt.attr_index(key);
      if (idx == SIZE_MAX) {
        if (opts_.ignore_undefined_attributes) {
          // Its value is skipped unread: simdjson does not check the syntax
          // of what it skips, Go's decoder does.
          check_skipped_value(fl.value().raw_json_token().data(), depth + 1);
          continue;
        }
        std::string msg = "unsupported attribute ";
        text::append_go_quoted(msg, key);
        fail(Status::TypeMismatch, std::move(msg), kat);
      }
      out.attr_begin(f, vt, idx);
      try {
        out.attr_end(f, idx, walk(out, fl.value(), attrs[idx].type, depth + 1));
      } catch (Error& err) {
        err.prepend(PathStep::attr(attrs[idx].name));
        throw;
      }
      if (na > 64) {
        seen_big[idx] = true;
      } else {
        seen_small |= uint64_t(1) << idx;
      }
      next = idx + 1;
    }
    for (size_t i = 0; i < na; ++i) {
      const bool seen = na > 64 ? bool(seen_big[i]) : ((seen_small >> i) & 1) != 0;
      if (!seen) out.attr_null(f, vt, i);
    }
    return out.obj_end(f, vt, end_offset<Out>(at));
  }

  // A dynamic wrapper (walk_dynamic). A stream drops what a read wrote,
  // and its pending error, when a later field overrides it.
  template <class Out, class Node>
  [[gnu::noinline]] typename Out::R dynamic(Out& out, Node& node, od::json_type jt, const char* at, size_t depth) {
    if constexpr (Out::kTree) {
      std::optional<Value> result;
      walk_dynamic(
          node, jt, at, depth, [&](od::value& v, const Type& wt, size_t d) { result = walk(out, v, wt, d); },
          [&] { result.reset(); });
      return std::move(*result);
    } else {
      const size_t start = out.mark();
      const int outer = out.child_begin();
      walk_dynamic(
          node, jt, at, depth,
          [&](od::value& v, const Type& wt, size_t d) {
            if (wt.is_dynamic()) {
              walk(out, v, wt, d);  // the inner wrapper or null stands for this one
            } else if (wt.has_dynamic()) {
              // The value's type (printed in the wrapper) is rebuilt from the content.
              whole(out, v, wt, Type::dynamic(), d);
            } else {
              const Type vt = value_type(wt);
              const int wouter = out.wrap_begin(vt);
              walk(out, v, vt, d);
              out.wrap_end(wouter, vt);
            }
          },
          [&] { out.drop_to(start); });
      out.merge(outer);
      return {};
    }
  }

  // unmarshalDynamic: {"type":T,"value":V} in any order. The value can only
  // be read once its type is known; when "value" comes first (as go-cty
  // writes it) we skip it, read the type, rewind the object and read it.
  // Generic over the output: `read(value, type, depth)` reads the value
  // (building a Value or writing it out) and `drop()` forgets what the last
  // read produced (a later "type" or "value" field overrides it).
  template <class Node, class Read, class Drop>
  void walk_dynamic(Node& node, od::json_type jt, const char* at, size_t depth, Read&& read, Drop&& drop) {
    if (jt != od::json_type::object) fail(Status::TypeMismatch, "missing expected {", at);
    enter(depth, at);
    od::object obj;
    if (auto e = node.get_object().get(obj)) fail_json(e, at);
    std::optional<Type> type;
    bool have_result = false;  // read with the final type
    bool have_value = false;
    size_t value_field = 0, field_no = 0;
    size_t first_type_field = SIZE_MAX;  // "value" fields before it are skipped unread
    for (auto fres : obj) {
      od::field f;
      const char* kat = read_field(fres, f);
      const std::string_view key = unescape(kat + 1);
      if (key == "type") {
        const char* vat = f.value().raw_json_token().data();
        const char* vend = scan_value_end(vat, end_);
        try {
          const size_t remaining = max_depth_ > depth + 1 ? max_depth_ - depth - 1 : 1;
          type = Type::from_json(std::string_view(vat, size_t(vend - vat)), remaining);
        } catch (Error& err) {
          size_t off = offset(vat);
          if (err.offset() != kNoOffset && !san_) off += err.offset();
          throw Error(err.status(), "failed to decode type for dynamic value: " + err.message(), {}, off);
        }
        if (have_result) drop();  // a later "type" overrides an earlier one
        have_result = false;
        if (first_type_field == SIZE_MAX) first_type_field = field_no;
      } else if (key == "value") {
        have_value = true;
        value_field = field_no;
        if (have_result) drop();
        have_result = false;
        if (type) {
          read(f.value(), *type, depth + 1);
          have_result = true;
        }
      } else {
        std::string msg = "invalid key ";
        text::append_go_quoted(msg, key);
        msg += " in dynamically-typed value";
        fail(Status::TypeMismatch, std::move(msg), kat);
      }
      ++field_no;
    }
    if (!type) fail(Status::TypeMismatch, "missing type in dynamically-typed value", at);
    if (!have_value) fail(Status::TypeMismatch, "missing value in dynamically-typed value", at);
    if (have_result) return;
    // Second pass: read the (last) "value" field with the final type, and
    // walk to the end of the object so the parent continues after it.
    if (auto e = obj.reset().error()) fail_json(e, at);
    field_no = 0;
    for (auto fres : obj) {
      od::field f;
      if (auto e = std::move(fres).get(f)) fail_json(e, last_);
      if (field_no == value_field) {
        read(f.value(), *type, depth + 1);
        have_result = true;
      } else if (field_no < first_type_field) {
        // An overridden "value" read before any type: simdjson skips it by
        // matching brackets only, but go-cty decodes every member (Go's
        // scanner rejects `[1 2 x y]`), so check its syntax.
        check_skipped_value(f.value().raw_json_token().data(), depth + 1);
      }
      ++field_no;
    }
    if (!have_result) fail(Status::Internal, "dynamic value vanished on the second pass", at);
  }


};

}  // namespace dynval::codec::detail::json
