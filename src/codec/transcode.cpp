// Transcoding between the two wire formats by type, without building a
// value tree. First MessagePack -> JSON, then JSON -> MessagePack (below).
//
// ==== MessagePack -> JSON ====
//
// The contract (codec.hpp): the same bytes as
// json_encode(msgpack_decode(in, type), type), or the same error (status,
// message, path, offset). The transcoder is the msgpack Decoder
// (msgpack_decoder.hpp) walking the input exactly as decode() does, with
// the same header readers, limits and decode errors, but writing JSON
// instead of building Values:
//
//   - strings: NFC-normalised, then Go encoding/json quoting;
//   - numbers: read as decode() reads them (int, uint, float64 at precision
//     53, decimal strings parsed at 512 bits) and printed with
//     Number::append_text (Go's Text('f', -1)), so "1e2" becomes 100;
//   - maps: keys NFC-normalised; each entry is written in input order and
//     the entries' output spans are then reordered bytewise by key, keeping
//     the last of equal keys (MapVal: last wins). The common case, keys
//     already strictly increasing, writes in place and moves nothing;
//   - objects: as maps, by attribute index (go-cty writes them in order);
//   - dynamic wrappers [type, value] -> {"value":...,"type":...}.
//
// Error ORDER. decode-then-encode reports a decode error anywhere in the
// document before any encode error (unknown value, infinity). Encode errors
// are therefore not thrown when met: they are recorded ("pending") and the
// walk goes on checking the rest of the input; the first pending error in
// json_encode's OUTPUT order (maps by sorted key, objects by attribute) is
// thrown at the end. This costs nothing on valid input.
//
// Fallback to Values, for the parts where the output depends on more than
// the bytes at hand: sets (go-cty's element order and de-duplication need
// the whole elements), lists and maps whose element type contains dynamic
// (ListVal/MapVal unify the element types across elements, which changes
// how each element's wrapper is written), and dynamic wrappers whose type
// contains dynamic (the printed type is rebuilt from the content). Those
// subtrees are decoded with Decoder::decode() and written with json_encode.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "codec/codec.hpp"
#include "codec/json_reader.hpp"
#include "codec/msgpack_decoder.hpp"
#include "codec/msgpack_write.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec {
namespace {

class MsgpackToJson : public detail::Decoder {
 public:
  MsgpackToJson(const uint8_t* b, size_t n, const Limits& lim, size_t* elements, std::string& out)
      : Decoder(b, b, b + n, lim, elements), out_(out) {}

  // One value of schema type `ty` (no optional markers): Decoder::decode()
  // with JSON output.
  void transcode(const Type& ty) {
    if (p_ == end_) fail(Status::Parse, "EOF", offset());
    const uint8_t c = *p_;
    if (detail::is_ext(c)) {
      // Unknown (or a refinement-collapsed known/null) value: rare, and an
      // error in JSON unless it collapsed, so the Value path is fine.
      emit_value(decode_unknown(ty), ty);
      return;
    }
    if (ty.is_dynamic()) {
      dynamic();
      return;
    }
    if (c == 0xc0) {
      ++p_;
      out_.append("null", 4);
      return;
    }
    switch (ty.kind()) {
      case TypeKind::Bool:
        if (c == 0xc2 || c == 0xc3) {
          ++p_;
          if (c == 0xc3)
            out_.append("true", 4);
          else
            out_.append("false", 5);
          return;
        }
        fail(Status::TypeMismatch, "bool is required", offset());
      case TypeKind::Number:
        number(c);
        return;
      case TypeKind::String: {
        const size_t at = offset();
        std::string_view s;
        if (!read_str_or_bin(s)) fail(Status::TypeMismatch, "string is required", at);
        if (text::is_nfc(s)) {
          text::append_json_quoted(out_, s);
        } else {
          text::append_json_quoted(out_, text::to_nfc(s));
        }
        return;
      }
      case TypeKind::List:
        if (ty.element().has_dynamic()) {
          emit_value(decode_list_or_set(ty), ty);
        } else {
          list(ty);
        }
        return;
      case TypeKind::Set:
        emit_value(decode_list_or_set(ty), ty);
        return;
      case TypeKind::Map:
        if (ty.element().has_dynamic()) {
          emit_value(decode_map(ty), ty);
        } else {
          map(ty);
        }
        return;
      case TypeKind::Tuple:
        tuple(ty);
        return;
      case TypeKind::Object:
        object(ty);
        return;
      case TypeKind::Dynamic:
        break;
    }
    fail(Status::Internal, "unsupported type " + ty.friendly_name(), offset());
  }

  // The first pending encode error in output order, or nullptr.
  const Error* pending() const { return pending_ < 0 ? nullptr : &errors_[size_t(pending_)]; }

 private:
  // ---- pending encode errors ----

  void pend(Error e) {
    if (pending_ >= 0) return;  // an earlier one (in output order) wins
    errors_.push_back(std::move(e));
    pending_ = int(errors_.size() - 1);
  }
  // Around each child: the child starts with no pending error; afterwards
  // its error (if any) gets the child's path step and is kept unless an
  // earlier sibling already has one.
  int child_begin() {
    const int outer = pending_;
    pending_ = -1;
    return outer;
  }
  void child_end(int outer, const PathStep& step) {
    if (pending_ >= 0) {
      errors_[size_t(pending_)].prepend(step);
      if (outer < 0) outer = pending_;
    }
    pending_ = outer;
  }
  void child_end_idx(int outer, size_t i) {
    if (pending_ >= 0) {
      child_end(outer, PathStep::idx(int64_t(i)));
    } else {
      pending_ = outer;
    }
  }

  // A decoded Value (fallback and unknowns), written by json_encode; its
  // errors become pending.
  void emit_value(const Value& v, const Type& ty) {
    try {
      json_encode(out_, v, ty);
    } catch (Error& e) {
      pend(std::move(e));
    }
  }

  // ---- scalars ----

  void number(uint8_t c) {
    if (c <= 0x7f || c >= 0xe0 || (c >= 0xcc && c <= 0xd3)) {
      // Integer forms: decimal digits (what NumberIntVal / NumberUIntVal
      // print); the fast path of decode_number + append_text.
      int64_t v;
      uint64_t u;
      bool big;
      read_int(v, u, big);
      char buf[24];
      auto r = big ? std::to_chars(buf, buf + sizeof buf, u) : std::to_chars(buf, buf + sizeof buf, v);
      out_.append(buf, size_t(r.ptr - buf));
      return;
    }
    const Number n = decode_number();  // float32/64 (53 bits) or text (512 bits); errors
    if (n.is_inf()) {
      pend(Error(Status::Unsupported, "cannot serialize infinity as JSON"));
      return;
    }
    n.append_text(out_);
  }

  // ---- collections ----

  void list(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_array_len(n)) fail(Status::TypeMismatch, "a list is required", at);
    if (n == 0) {
      out_.append("[]", 2);
      return;
    }
    check_count(n, 1, at);
    DepthGuard guard(*this, at);
    const Type ety = ty.element();
    out_.push_back('[');
    for (size_t i = 0; i < n; ++i) {
      if (i) out_.push_back(',');
      const int outer = child_begin();
      try {
        transcode(ety);
      } catch (Error& e) {
        e.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
      child_end_idx(outer, i);
    }
    out_.push_back(']');
  }

  void tuple(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_array_len(n)) fail(Status::TypeMismatch, "a tuple is required", at);
    const size_t want = ty.tuple_size();
    if (n != want) {
      fail(Status::TypeMismatch, "a tuple of length " + std::to_string(want) + " is required", at);
    }
    if (n == 0) {
      out_.append("[]", 2);
      return;
    }
    check_count(n, 1, at);
    DepthGuard guard(*this, at);
    out_.push_back('[');
    for (size_t i = 0; i < n; ++i) {
      if (i) out_.push_back(',');
      const int outer = child_begin();
      try {
        transcode(ty.tuple_elem(i));
      } catch (Error& e) {
        e.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
      child_end_idx(outer, i);
    }
    out_.push_back(']');
  }

  // One written map entry or object attribute: its output span
  // ("key":value, without the separating comma), its sort key and its
  // pending error. Entries of all open maps share one stack.
  struct Entry {
    size_t key_pos;    // the NFC key: in the input (own == false) or keys_
    size_t key_len;
    bool own;
    size_t seg_begin;  // output span
    size_t seg_end;
    size_t order;      // object: attribute index
    int err;           // pending error of the value, or -1
  };

  std::string_view key_of(const Entry& e) const {
    return e.own ? std::string_view(keys_.data() + e.key_pos, e.key_len)
                 : std::string_view(reinterpret_cast<const char*>(begin_) + e.key_pos, e.key_len);
  }

  // Rewrites the output from `region` on as the spans of entries[first..]
  // listed in `keep`, comma-separated.
  void reorder(size_t region, const std::vector<size_t>& keep) {
    scratch_.assign(out_, region, std::string::npos);
    out_.resize(region);
    bool first = true;
    for (size_t k : keep) {
      const Entry& e = entries_[k];
      if (!first) out_.push_back(',');
      first = false;
      out_.append(scratch_, e.seg_begin - region, e.seg_end - e.seg_begin);
    }
  }

  void map(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_map_len(n)) fail(Status::TypeMismatch, "a map is required", at);
    if (n == 0) {
      out_.append("{}", 2);
      return;
    }
    check_count(n, 2, at);
    DepthGuard guard(*this, at);
    const Type ety = ty.element();
    const size_t base = entries_.size();
    const size_t keys_base = keys_.size();
    out_.push_back('{');
    const size_t region = out_.size();
    bool increasing = true;  // keys strictly increasing: output already final
    int outer = pending_;
    bool any_err = false;
    for (size_t i = 0; i < n; ++i) {
      const size_t kat = offset();
      std::string_view raw;
      // go-cty's DecodeString accepts str, bin and nil (as "").
      if (!read_str_or_bin(raw, /*allow_nil=*/true)) {
        fail(Status::TypeMismatch, "non-string key in map", kat);
      }
      Entry e{};
      if (text::is_nfc(raw)) {
        e.own = false;
        e.key_pos = size_t(reinterpret_cast<const uint8_t*>(raw.data()) - begin_);
        if (raw.empty()) e.key_pos = 0;
        e.key_len = raw.size();
      } else {
        e.own = true;
        e.key_pos = keys_.size();
        keys_ += text::to_nfc(raw);
        e.key_len = keys_.size() - e.key_pos;
      }
      const std::string_view key = key_of(e);
      if (i) {
        out_.push_back(',');
        if (increasing && !(key_of(entries_.back()) < key)) increasing = false;
      }
      e.seg_begin = out_.size();
      text::append_json_quoted(out_, key);
      out_.push_back(':');
      pending_ = -1;
      try {
        transcode(ety);
      } catch (Error& err) {
        err.prepend(PathStep::key(text::to_nfc(raw)));  // go-cty: IndexStep{StringVal(key)}
        throw;
      }
      e.seg_end = out_.size();
      e.err = pending_;
      any_err |= pending_ >= 0;
      entries_.push_back(e);
    }
    if (!increasing || any_err) {
      // MapVal: bytewise order, last of equal keys wins. Stable sort keeps
      // equal keys in input order.
      order_.resize(n);
      for (size_t i = 0; i < n; ++i) order_[i] = base + i;
      std::stable_sort(order_.begin(), order_.end(),
                       [&](size_t a, size_t b) { return key_of(entries_[a]) < key_of(entries_[b]); });
      std::vector<size_t> keep;
      keep.reserve(n);
      for (size_t i = 0; i < n; ++i) {
        if (i + 1 < n && key_of(entries_[order_[i]]) == key_of(entries_[order_[i + 1]])) continue;
        keep.push_back(order_[i]);
      }
      if (!increasing) reorder(region, keep);
      for (size_t k : keep) {
        const Entry& e = entries_[k];
        if (e.err >= 0) {
          errors_[size_t(e.err)].prepend(PathStep::key(key_of(e)));
          if (outer < 0) outer = e.err;
          break;
        }
      }
    }
    pending_ = outer;
    out_.push_back('}');
    entries_.resize(base);
    keys_.resize(keys_base);
  }

  void object(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_map_len(n)) fail(Status::TypeMismatch, "an object is required", at);
    const size_t want = ty.attr_count();
    if (n != want && !ignore_undefined_) object_count_mismatch(want, n, at);
    if (n == 0) {
      if (want != 0) object_count_mismatch(want, 0, at);
      out_.append("{}", 2);
      return;
    }
    check_count(n, 2, at);
    DepthGuard guard(*this, at);
    ObjShape local;
    const ObjShape& shape = shape_of(ty, local);
    AttrKeys keys(want);
    const size_t base = entries_.size();
    out_.push_back('{');
    const size_t region = out_.size();
    int outer = pending_;
    bool any_err = false;
    size_t found = 0;  // attributes written (entries not skipped)
    for (size_t i = 0; i < n; ++i) {
      std::string_view key;
      const size_t idx = read_attr_key(ty, shape, found, keys, key);
      if (idx == SIZE_MAX) {  // ignore_undefined_attributes
        skip_item();
        continue;
      }
      if (found++) out_.push_back(',');
      Entry e{};
      e.order = idx;
      e.seg_begin = out_.size();
      text::append_json_quoted(out_, shape.names[idx]);
      out_.push_back(':');
      pending_ = -1;
      try {
        transcode(shape.types[idx]);
      } catch (Error& err) {
        err.prepend(PathStep::attr(key));
        throw;
      }
      e.seg_end = out_.size();
      e.err = pending_;
      any_err |= pending_ >= 0;
      entries_.push_back(e);
    }
    if (found != want) object_count_mismatch(want, found, at);
    if (!keys.in_order || any_err) {
      // Attribute order (all attributes are present, each once).
      std::vector<size_t> keep(want);
      for (size_t i = 0; i < want; ++i) keep[entries_[base + i].order] = base + i;
      if (!keys.in_order) reorder(region, keep);
      for (size_t k : keep) {
        const Entry& e = entries_[k];
        if (e.err >= 0) {
          errors_[size_t(e.err)].prepend(PathStep::attr(shape.names[e.order]));
          if (outer < 0) outer = e.err;
          break;
        }
      }
    }
    pending_ = outer;
    out_.push_back('}');
    entries_.resize(base);
  }

  // unmarshalDynamic + marshalDynamic. json_encode writes a dynamic
  // position's value with ITS type, which after decode is the wrapper's
  // innermost concrete type (a wrapper of type "dynamic" holding another
  // wrapper collapses to one wrapper).
  void dynamic() {
    const size_t at = offset();
    if (*p_ == 0xc0) {  // NullVal(DynamicPseudoType)
      ++p_;
      out_.append("null", 4);
      return;
    }
    read_wrapper_header(at);
    DepthGuard guard(*this, at);
    const Type t = read_wrapper_type();
    if (p_ != end_ && detail::is_ext(*p_)) {
      // Unknown at the wrapper: json_encode fails before writing a wrapper
      // (or writes a refinement-collapsed value with its wrapper).
      emit_value(decode_unknown(t), Type::dynamic());
      return;
    }
    if (t.is_dynamic()) {
      transcode(t);  // the inner wrapper or null stands for this one
      return;
    }
    if (t.has_dynamic()) {
      // The value's type (printed in the wrapper) is rebuilt from the content.
      emit_value(decode(t), Type::dynamic());
      return;
    }
    out_.append("{\"value\":", 9);
    const int outer = child_begin();
    transcode(t);
    if (pending_ >= 0) {
      // marshalDynamic re-wraps inner errors (keeping status and path).
      Error& e = errors_[size_t(pending_)];
      e = Error(e.status(), "failed to serialize value: " + e.message(), e.path(), e.offset());
      if (outer >= 0) pending_ = outer;
    } else {
      pending_ = outer;
    }
    out_.append(",\"type\":", 8);
    t.append_json(out_);
    out_.push_back('}');
  }

  std::string& out_;
  std::vector<Error> errors_;  // recorded encode errors; pending_ indexes it
  int pending_ = -1;
  std::vector<Entry> entries_;   // open maps/objects' entries (a stack)
  std::string keys_;             // NFC-normalised map keys that differ from the input
  std::vector<size_t> order_;    // sort scratch
  std::string scratch_;          // reorder scratch
};

// ==== JSON -> MessagePack ====
//
// The contract: the same bytes as msgpack_encode(json_decode(in, type),
// type), or the same error. The transcoder is the JSON decoder's walk
// (JsonDecoder, json_reader.hpp) over the same simdjson document, with the
// same scalar readers, limits and errors, writing MessagePack instead of
// building Values:
//
//   - strings NFC-normalised; numbers parsed as json_decode parses them
//     (Number::parse, 512 bits, same limits) and written in go-cty's wire
//     form (int, cb float64 or decimal text: msgpack_encode's own writer,
//     reached through a one-number msgpack_encode for non-int64 values);
//   - lists and maps: the element count is known only at the end, so a
//     one-byte header is written first and widened if needed;
//   - maps: keys NFC-normalised; each entry (key + value) is written in
//     input order, then the entries' output spans are reordered bytewise by
//     key, the last of equal keys winning (MapVal). Keys already strictly
//     increasing (the usual case) move nothing;
//   - objects: attributes go to their index (last duplicate wins), missing
//     ones are null; attributes in schema order move nothing;
//   - dynamic wrappers {"value":V,"type":T} -> [T as bin, V].
//
// No encode errors exist for decoded JSON (no unknowns; infinities have a
// msgpack form), so every error is thrown when met, in the decoder's order.
//
// Fallback to Values, for the same parts as above and the same reasons
// (the output depends on more than the bytes at hand): sets, lists and
// maps whose element type contains dynamic, and dynamic wrappers whose type
// contains dynamic. Those subtrees are decoded with JsonDecoder::decode()
// and written with msgpack_encode.
namespace json = detail::json;

class JsonToMsgpack : public json::JsonDecoder {
 public:
  JsonToMsgpack(const char* base, size_t len, const DecodeOptions& opts, const json::Sanitized* san,
                std::string& out)
      : JsonDecoder(base, len, opts, san), out_(out) {}

  void run(json::od::document& doc, const Type& t) {
    walk_document(doc, [&] { transcode(doc, t, 0); });
  }

 private:
  // One value of schema type `t` (with optional markers where the schema
  // has them: msgpack_encode converts to the schema type, which for the
  // fallbacks can matter): JsonDecoder::decode() with MessagePack output.
  template <class Node>
  void transcode(Node& node, const Type& t, size_t depth) {
    const std::string_view tok = token_of(node);
    const char* at = tok.data();
    json::od::json_type jt;
    if (auto e = node.type().get(jt)) fail_json(e, at);
    if (jt == json::od::json_type::null) {
      expect_literal(tok, "null");
      mp::write_nil(out_);
      return;
    }
    switch (t.kind()) {
      case TypeKind::Dynamic:
        dynamic(node, jt, at, depth);
        return;
      case TypeKind::Bool:
        mp::write_bool(out_, bool_value(jt, tok));
        return;
      case TypeKind::Number:
        number(number_value(jt, tok));
        return;
      case TypeKind::String: {
        bool nfc = false;
        const std::string_view s = string_text(jt, tok, nfc);
        if (nfc) {
          mp::write_str(out_, s);
        } else {
          mp::write_str(out_, text::to_nfc(s));
        }
        return;
      }
      case TypeKind::List:
        if (t.element().has_dynamic()) {
          emit(decode_list_or_set(node, jt, t, at, depth), t);
        } else {
          array(node, jt, t, at, depth);
        }
        return;
      case TypeKind::Set:
        emit(decode_list_or_set(node, jt, t, at, depth), t);
        return;
      case TypeKind::Tuple:
        array(node, jt, t, at, depth);
        return;
      case TypeKind::Map:
        if (t.element().has_dynamic()) {
          emit(decode_map(node, jt, t, at, depth), t);
        } else {
          map(node, jt, t, at, depth);
        }
        return;
      case TypeKind::Object:
        object(node, jt, t, at, depth);
        return;
    }
    fail(Status::Internal, "unsupported type", at);
  }

  // A decoded subtree (fallback), written by msgpack_encode.
  [[gnu::noinline]] void emit(const Value& v, const Type& t) { msgpack_encode(out_, v, t); }

  void number(const Number& n) { mp::write_number(out_, n); }

  // Replaces the one-byte placeholder header at `hdr` (fixarray/fixmap
  // form) by the header for n elements/entries.
  void fix_header(size_t hdr, size_t n, bool is_map) {
    if (n < 16) {
      out_[hdr] = char((is_map ? 0x80 : 0x90) | n);
      return;
    }
    std::string h;
    if (is_map) {
      mp::write_map_header(h, n);
    } else {
      mp::write_array_header(h, n);
    }
    out_.replace(hdr, 1, h);
  }

  // Lists (element type without dynamic) and tuples: decode_list_or_set /
  // decode_tuple's loop, with their errors.
  template <class Node>
  [[gnu::noinline]] void array(Node& node, json::od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != json::od::json_type::array) fail(Status::TypeMismatch, "missing expected [", at);
    enter(depth, at);
    const bool tuple = t.kind() == TypeKind::Tuple;
    const size_t need = tuple ? t.tuple_size() : 0;
    const Type ety = tuple ? Type() : t.element();
    json::od::array arr;
    if (auto e = node.get_array().get(arr)) fail_json(e, at);
    const size_t hdr = out_.size();
    out_.push_back(char(0x90));
    size_t i = 0;
    for (auto child : arr) {
      json::od::value v;
      if (auto e = child.get(v)) fail_json(e, last_);
      const char* cat = v.raw_json_token().data();
      last_ = cat;
      if (tuple && i >= need)
        fail(Status::TypeMismatch, "too many tuple elements (need " + std::to_string(need) + ")", cat);
      count_element(cat);
      try {
        transcode(v, tuple ? t.tuple_elem(i) : ety, depth + 1);
      } catch (Error& err) {
        err.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
      ++i;
    }
    if (tuple && i != need)
      fail(Status::TypeMismatch, "not enough tuple elements (need " + std::to_string(need) + ")", at);
    fix_header(hdr, i, false);
  }

  // Output span of one map entry or object attribute (key + value).
  struct Span {
    size_t begin;
    size_t end;
    size_t key_pos;  // map: the NFC key in keys_
    size_t key_len;
  };
  std::string_view key_of(const Span& s) const { return std::string_view(keys_.data() + s.key_pos, s.key_len); }

  // Rewrites the output from `region` on as the listed spans, in order.
  void reorder(size_t region, const std::vector<size_t>& keep) {
    reorder_buf_.assign(out_, region, std::string::npos);
    out_.resize(region);
    for (size_t k : keep) {
      const Span& sp = spans_[k];
      out_.append(reorder_buf_, sp.begin - region, sp.end - sp.begin);
    }
  }

  // decode_map's loop; MapVal's NFC keys, bytewise order, last duplicate wins.
  template <class Node>
  [[gnu::noinline]] void map(Node& node, json::od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != json::od::json_type::object) fail(Status::TypeMismatch, "missing expected {", at);
    enter(depth, at);
    const Type ety = t.element();
    json::od::object obj;
    if (auto e = node.get_object().get(obj)) fail_json(e, at);
    const size_t hdr = out_.size();
    out_.push_back(char(0x80));
    const size_t region = out_.size();
    const size_t base = spans_.size();
    const size_t keys_base = keys_.size();
    bool increasing = true;
    for (auto fres : obj) {
      json::od::field f;
      if (auto e = std::move(fres).get(f)) fail_json(e, last_);
      const char* kat = f.key().raw() - 1;
      last_ = kat;
      count_element(kat);
      std::string key(unescape(kat + 1));  // unescape's scratch is reused by the value
      Span sp{};
      sp.key_pos = keys_.size();
      if (text::is_nfc(key)) {
        keys_ += key;
      } else {
        keys_ += text::to_nfc(key);
      }
      sp.key_len = keys_.size() - sp.key_pos;
      if (spans_.size() > base && !(key_of(spans_.back()) < key_of(sp))) increasing = false;
      sp.begin = out_.size();
      mp::write_str(out_, key_of(sp));
      try {
        transcode(f.value(), ety, depth + 1);
      } catch (Error& err) {
        err.prepend(PathStep::key(key));
        throw;
      }
      sp.end = out_.size();
      spans_.push_back(sp);
    }
    const size_t n = spans_.size() - base;
    size_t count = n;
    if (!increasing) {
      std::vector<size_t> order(n);
      for (size_t i = 0; i < n; ++i) order[i] = base + i;
      std::stable_sort(order.begin(), order.end(),
                       [&](size_t a, size_t b) { return key_of(spans_[a]) < key_of(spans_[b]); });
      std::vector<size_t> keep;
      keep.reserve(n);
      for (size_t i = 0; i < n; ++i) {
        if (i + 1 < n && key_of(spans_[order[i]]) == key_of(spans_[order[i + 1]])) continue;
        keep.push_back(order[i]);
      }
      reorder(region, keep);
      count = keep.size();
    }
    spans_.resize(base);
    keys_.resize(keys_base);
    fix_header(hdr, count, true);
  }

  // decode_object's loop: attributes by index, last duplicate wins, missing
  // ones null; written in schema order.
  template <class Node>
  [[gnu::noinline]] void object(Node& node, json::od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != json::od::json_type::object) fail(Status::TypeMismatch, "missing expected {", at);
    enter(depth, at);
    const ObjInfo& info = obj_info(t);
    const size_t na = info.names.size();
    json::od::object obj;
    if (auto e = node.get_object().get(obj)) fail_json(e, at);
    mp::write_map_header(out_, na);
    const size_t region = out_.size();
    const size_t base = spans_.size();
    spans_.resize(base + na, Span{SIZE_MAX, SIZE_MAX, 0, 0});
    size_t next = 0;     // go-cty writes attributes in order: try the next one first
    size_t written = 0;  // attributes written so far, all in schema order
    bool in_order = true;
    for (auto fres : obj) {
      json::od::field f;
      if (auto e = std::move(fres).get(f)) fail_json(e, last_);
      const char* kat = f.key().raw() - 1;
      last_ = kat;
      count_element(kat);
      const std::string_view key = unescape(kat + 1);
      const size_t idx = (next < na && info.names[next] == key) ? next : t.attr_index(key);
      if (idx == SIZE_MAX) {
        if (opts_.ignore_undefined_attributes) continue;  // its value is skipped
        std::string msg = "unsupported attribute ";
        text::append_go_quoted(msg, key);
        fail(Status::TypeMismatch, std::move(msg), kat);
      }
      if (idx != written) in_order = false;
      const size_t begin = out_.size();
      mp::write_str(out_, info.names[idx]);
      try {
        transcode(f.value(), t.attr_type(idx), depth + 1);
      } catch (Error& err) {
        err.prepend(PathStep::attr(info.names[idx]));
        throw;
      }
      spans_[base + idx].begin = begin;
      spans_[base + idx].end = out_.size();
      ++written;
      next = idx + 1;
    }
    if (!in_order || written != na) {
      reorder_buf_.assign(out_, region, std::string::npos);
      out_.resize(region);
      for (size_t i = 0; i < na; ++i) {
        const Span& sp = spans_[base + i];
        if (sp.begin == SIZE_MAX) {
          mp::write_str(out_, info.names[i]);
          mp::write_nil(out_);
        } else {
          out_.append(reorder_buf_, sp.begin - region, sp.end - sp.begin);
        }
      }
    }
    spans_.resize(base);
  }

  // decode_dynamic's walk. msgpack_encode writes a dynamic position's value
  // wrapped with ITS type, which after decode is the wrapper's innermost
  // concrete type (a wrapper of type "dynamic" holding another wrapper
  // collapses to one wrapper; `null` there is a bare nil).
  template <class Node>
  [[gnu::noinline]] void dynamic(Node& node, json::od::json_type jt, const char* at, size_t depth) {
    const size_t start = out_.size();
    walk_dynamic(
        node, jt, at, depth,
        [&](json::od::value& v, const Type& wt, size_t d) {
          if (wt.is_dynamic()) {
            transcode(v, wt, d);
          } else if (wt.has_dynamic()) {
            // The value's type (printed in the wrapper) is rebuilt from the content.
            emit(decode(v, wt, d), Type::dynamic());
          } else {
            const Type vt = value_type(wt);
            out_.push_back(char(0x92));
            const size_t hdr = out_.size();
            out_.append("\xc4\x00", 2);  // bin8 header, length patched below
            vt.append_json(out_);
            const size_t len = out_.size() - hdr - 2;
            if (len <= 0xff) {
              out_[hdr + 1] = char(len);
            } else {
              std::string h;
              mp::write_bin_header(h, len);
              out_.replace(hdr, 2, h);
            }
            transcode(v, vt, d);
          }
        },
        [&] { out_.resize(start); });
  }

  std::string& out_;
  std::vector<Span> spans_;  // open maps/objects' entries (a stack)
  std::string keys_;         // NFC map keys of the open maps
  std::string reorder_buf_;
};

}  // namespace

void msgpack_to_json(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  if (in.size() > opts.limits.max_input_size) {
    throw Error(Status::Limit, "input of " + std::to_string(in.size()) + " bytes exceeds the limit",
                {}, 0);
  }
  const size_t start = out.size();
  try {
    const auto* b = reinterpret_cast<const uint8_t*>(in.data());
    size_t elements = 0;
    MsgpackToJson t(b, in.size(), opts.limits, &elements, out);
    t.set_ignore_undefined_attributes(opts.ignore_undefined_attributes);
    if (type.has_optional()) {
      t.transcode(type.without_optional());
    } else {
      t.transcode(type);
    }
    if (opts.trailing == Trailing::Reject && t.offset() != in.size()) {
      throw Error(Status::Parse, "extra bytes after msgpack value", {}, t.offset());
    }
    if (const Error* e = t.pending()) throw Error(*e);
  } catch (...) {
    out.resize(start);  // nothing is appended on failure
    throw;
  }
}

void json_to_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  const size_t start = out.size();
  try {
    json::with_padded_copy(in, opts, [&](const char* data, size_t len, size_t capacity) {
      json::with_document(data, len, capacity, opts, nullptr,
                          [&](const char* d, size_t n, const json::Sanitized* san, json::od::document& doc) {
                            JsonToMsgpack t(d, n, opts, san, out);
                            t.run(doc, type);
                          });
    });
  } catch (...) {
    out.resize(start);  // nothing is appended on failure
    throw;
  }
}

}  // namespace dynval::codec
