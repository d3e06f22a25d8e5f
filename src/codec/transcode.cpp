// Transcoding by type without building a value tree: MessagePack or JSON
// in, MessagePack or JSON out (the same format included: a canonicalising
// round trip).
//
// The contract (codec.hpp): the same bytes as encode(decode(in, type), type)
// in the output format, or the same error (status, message, path, offset).
//
// The shape: ONE walker per input format, each the decoder's own walk,
// writing to a sink chosen at compile time:
//
//   MsgpackWalk<Sink>  derives from the msgpack Decoder (msgpack_decoder.hpp)
//   JsonWalk<Sink>     derives from JsonDecoder (json_reader.hpp)
//
//   Sink = JsonSink     go-cty's cty/json Marshal forms (json_encode.cpp)
//        | MsgpackSink  go-cty's cty/msgpack Marshal forms (msgpack_encode.cpp,
//                       msgpack_write.hpp)
//
// Both walkers share Writer<Sink>: the sink, the deferred ("pending") encode
// errors, the map/object entry stack with its reordering, the fallback to
// Values, and the output limit. A walker knows the input grammar and the
// decode errors; a sink knows the output grammar; nothing else is written
// twice.
//
// What every direction does, as decode-then-encode does:
//
//   - strings: NFC-normalised;
//   - numbers: read as decode() reads them (msgpack int, uint, float64 at
//     precision 53, decimal strings parsed at 512 bits; JSON literals and
//     strings by Number::parse) and written in the output format's form
//     (JSON: Number::append_text, Go's Text('f', -1), so "1e2" becomes 100;
//     MessagePack: mp::write_number, go-cty's int / cb float64 / text);
//   - maps: keys NFC-normalised; each entry is written in input order and
//     the entries' output spans are then reordered bytewise by key, keeping
//     the last of equal keys (MapVal: last wins). The common case, keys
//     already strictly increasing, writes in place and moves nothing. A
//     MessagePack header whose count changes (duplicates, or a JSON input
//     whose count is known only at the end) is rewritten at the end;
//   - objects: as maps, by attribute index (both encoders write attributes
//     in type order); JSON input may omit attributes (null) or repeat them
//     (last wins);
//   - dynamic wrappers: [type, value] (MessagePack) and
//     {"value":...,"type":...} (JSON) in either direction, the type being
//     the wrapper's innermost concrete type (a wrapper of type "dynamic"
//     holding another wrapper collapses to one wrapper).
//
// Error ORDER. decode-then-encode reports a decode error anywhere in the
// document before any encode error (JSON output: unknown value, infinity).
// Encode errors are therefore not thrown when met: they are recorded
// ("pending") and the walk goes on checking the rest of the input; the first
// pending error in the encoder's OUTPUT order (maps by sorted key, objects
// by attribute) is thrown at the end. This costs nothing on valid input.
// (MessagePack output has no encode errors for decoded values.)
//
// Fallback to Values, for the parts where the output depends on more than
// the bytes at hand: sets (go-cty's element order and de-duplication need
// the whole elements), lists and maps whose element type contains dynamic
// (ListVal/MapVal unify the element types across elements, which changes
// how each element's wrapper is written), dynamic wrappers whose type
// contains dynamic (the printed type is rebuilt from the content), and
// unknown values (rare; an error in JSON unless refinements collapse them).
// Those subtrees are decoded with the decoder's decode() and written with
// the sink's encoder (json_encode / msgpack_encode).
//
// Input-specific notes:
//   - MessagePack input: the walker reads exactly as Decoder::decode(), with
//     the same header readers, limits and decode errors;
//   - JSON input: the walk of JsonDecoder::decode() over the same simdjson
//     document, with the same scalar readers, limits and errors, and
//     JsonDecoder::walk_dynamic for wrappers ("value" may come before
//     "type"; a later field overrides an earlier one, and what an
//     overridden read wrote is dropped, pending errors included).
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "codec/codec.hpp"
#include "codec/json_decode.hpp"
#include "codec/json_reader.hpp"
#include "codec/msgpack_decoder.hpp"
#include "codec/msgpack_write.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "support/memory.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec {
namespace {

// ==== Sinks: the output grammar ====
//
// Containers: begin(n) returns the container's start in the output (where a
// MessagePack header is) and takes the element count when the input knows
// it (MessagePack) or 0 (JSON); end(start, n_begin, n) gets the count
// written. sep(i) goes before element / entry i.

class JsonSink {
 public:
  explicit JsonSink(std::string& out) : out_(out) {}

  void null() { out_.append("null", 4); }
  void boolean(bool b) {
    if (b)
      out_.append("true", 4);
    else
      out_.append("false", 5);
  }
  void integer(int64_t v) { append_int(v); }
  void big_uint(uint64_t u) { append_int(u); }
  // False when the number has no JSON form (infinity): number_error().
  bool number(const Number& n) {
    if (n.is_inf()) return false;
    n.append_text(out_);
    return true;
  }
  static Error number_error() { return json_infinity_error(); }
  void string(std::string_view nfc) { text::append_json_quoted(out_, nfc); }

  size_t seq_begin(size_t) {
    out_.push_back('[');
    return out_.size() - 1;
  }
  void seq_end(size_t, size_t, size_t) { out_.push_back(']'); }
  size_t map_begin(size_t) {
    out_.push_back('{');
    return out_.size() - 1;
  }
  void map_end(size_t, size_t, size_t) { out_.push_back('}'); }
  void sep(size_t i) {
    if (i) out_.push_back(',');
  }
  void key(std::string_view k) {
    text::append_json_quoted(out_, k);
    out_.push_back(':');
  }
  void attr_key(const Type& obj, size_t i) { out_.append(obj.attr_json_keys()[i]); }

  // marshalDynamic: {"value":<value>,"type":<type JSON>}.
  void wrap_begin(const Type&) { out_.append("{\"value\":", 9); }
  void wrap_end(const Type& t) {
    out_.append(",\"type\":", 8);
    t.append_json(out_);
    out_.push_back('}');
  }

  void encode(const Value& v, const Type& t, const EncodeOptions& o) { json_encode(out_, v, t, o); }

 private:
  template <class I>
  void append_int(I v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, size_t(r.ptr - buf));
  }

  std::string& out_;
};

class MsgpackSink {
 public:
  explicit MsgpackSink(std::string& out) : out_(out) {}

  void null() { mp::write_nil(out_); }
  void boolean(bool b) { mp::write_bool(out_, b); }
  void integer(int64_t v) { mp::write_int(out_, v); }
  void big_uint(uint64_t u) { mp::write_number(out_, Number::from_uint64(u)); }  // NumberUIntVal: text form
  bool number(const Number& n) {
    mp::write_number(out_, n);
    return true;
  }
  static Error number_error() { return Error(Status::Internal, "msgpack: number without a form"); }
  void string(std::string_view nfc) { mp::write_str(out_, nfc); }

  size_t seq_begin(size_t n) {
    const size_t at = out_.size();
    mp::write_array_header(out_, n);
    return at;
  }
  void seq_end(size_t at, size_t n0, size_t n) {
    if (n != n0) refit(at, n0, n, false);
  }
  size_t map_begin(size_t n) {
    const size_t at = out_.size();
    mp::write_map_header(out_, n);
    return at;
  }
  void map_end(size_t at, size_t n0, size_t n) {
    if (n != n0) refit(at, n0, n, true);
  }
  void sep(size_t) {}
  void key(std::string_view k) { mp::write_str(out_, k); }
  void attr_key(const Type& obj, size_t i) { mp::write_str(out_, obj.attrs()[i].name); }

  // dynamic.go: [type JSON as bin, value].
  void wrap_begin(const Type& t) {
    out_.push_back(char(0x92));
    mp::write_bin_of(out_, [&](std::string& o) { t.append_json(o); });
  }
  void wrap_end(const Type&) {}

  void encode(const Value& v, const Type& t, const EncodeOptions& o) { msgpack_encode(out_, v, t, o); }

 private:
  // Rewrites the header at `at`, written for n0 elements, for n.
  void refit(size_t at, size_t n0, size_t n, bool is_map) {
    const size_t old_len = n0 < 16 ? 1 : n0 <= 0xffff ? 3 : 5;
    if (n < 16 && old_len == 1) {
      out_[at] = char((is_map ? 0x80 : 0x90) | n);
      return;
    }
    std::string h;
    if (is_map) {
      mp::write_map_header(h, n);
    } else {
      mp::write_array_header(h, n);
    }
    out_.replace(at, old_len, h);
  }

  std::string& out_;
};

// ==== Writer: what both walkers do to the output ====

template <class Sink>
class Writer {
 public:
  Writer(std::string& out, size_t max_output) : sink(out), out_(out), base_(out.size()), limit_(max_output) {}

  Sink sink;

  void check_limit(size_t at) const {
    if (out_.size() - base_ > limit_.max()) throw limits::output_size(limit_.max()).with_offset(at);
  }

  // ---- pending encode errors ----

  // The first pending encode error in output order, or nullptr.
  const Error* pending() const { return pending_ < 0 ? nullptr : &errors_[size_t(pending_)]; }

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
  // child_end without a path step.
  void merge(int outer) {
    if (pending_ < 0 || outer >= 0) pending_ = outer;
  }
  // The output so far, and dropping what was written after it (with its
  // pending error: a child's, see child_begin).
  size_t mark() const { return out_.size(); }
  void drop_to(size_t mark) {
    out_.resize(mark);
    pending_ = -1;
  }

  // ---- values ----

  void number(const Number& n) {
    if (!sink.number(n)) pend(Sink::number_error());
  }

  // A decoded Value (fallbacks and unknowns), written by the sink's encoder;
  // its errors become pending, but for the output limit (reported at `at`).
  void emit(const Value& v, const Type& t, size_t at) {
    try {
      sink.encode(v, t, EncodeOptions{limit_.max(), out_.size() - base_});
    } catch (Error& e) {
      if (e.status() == Status::Limit) throw e.with_offset(at);
      pend(std::move(e));
    }
  }

  // A dynamic wrapper of concrete type t around what the walker writes
  // between the two calls. marshalDynamic re-wraps inner errors (keeping
  // status and path).
  int wrap_begin(const Type& t) {
    sink.wrap_begin(t);
    return child_begin();
  }
  void wrap_end(int outer, const Type& t) {
    if (pending_ >= 0) {
      Error& e = errors_[size_t(pending_)];
      e = Error(e.status(), "failed to serialize value: " + e.message(), e.path(), e.offset());
    }
    merge(outer);
    sink.wrap_end(t);
  }

  // ---- maps and objects ----

  // An open map or object.
  struct Frame {
    size_t base;       // its first entry in entries_
    size_t keys_base;  // keys_.size() before it
    size_t hdr;        // sink's container start
    size_t region;     // output offset of the first entry
    size_t hint;       // count given to the sink's begin
    int outer;         // pending error before it
    bool increasing;   // map keys strictly increasing so far
    bool any_err;      // an entry has a pending error
  };

  Frame map_begin(size_t hint) {
    Frame f{entries_.size(), keys_.size(), 0, 0, hint, pending_, true, false};
    f.hdr = sink.map_begin(hint);
    f.region = out_.size();
    return f;
  }

  // Starts a map entry (its value follows): `key` is NFC; `in_input` says
  // the view stays valid (it points into the input), else it is copied.
  void map_key(Frame& f, std::string_view key, bool in_input) {
    Entry e{};
    e.len = key.size();
    if (in_input) {
      e.ext = key.data();
    } else {
      e.pos = keys_.size();
      keys_.append(key);
    }
    const size_t i = entries_.size() - f.base;
    if (i != 0 && f.increasing && !(key_of(entries_.back()) < key_of(e))) f.increasing = false;
    open(i, e, [&] { sink.key(key_of(e)); });
  }

  // Starts an object attribute (its value follows).
  void attr_key(Frame& f, const Type& obj, size_t idx) {
    Entry e{};
    e.order = idx;
    open(entries_.size() - f.base, e, [&] { sink.attr_key(obj, idx); });
  }

  // After an entry's value.
  void entry_end(Frame& f) {
    Entry& e = entries_.back();
    e.end = out_.size();
    e.err = pending_;
    f.any_err |= pending_ >= 0;
  }

  // MapVal: bytewise order, last of equal keys wins.
  void map_end(Frame& f) {
    const size_t n = entries_.size() - f.base;
    size_t count = n;
    if (!f.increasing || f.any_err) {
      // A stable sort keeps equal keys in input order.
      order_.resize(n);
      for (size_t i = 0; i < n; ++i) order_[i] = f.base + i;
      std::stable_sort(order_.begin(), order_.end(),
                       [&](size_t a, size_t b) { return key_of(entries_[a]) < key_of(entries_[b]); });
      keep_.clear();
      for (size_t i = 0; i < n; ++i) {
        if (i + 1 < n && key_of(entries_[order_[i]]) == key_of(entries_[order_[i + 1]])) continue;
        keep_.push_back(order_[i]);
      }
      if (!f.increasing) reorder(f.region, nullptr);
      count = keep_.size();
      for (size_t k : keep_) {
        const Entry& e = entries_[k];
        if (e.err >= 0) {
          errors_[size_t(e.err)].prepend(PathStep::key(key_of(e)));
          if (f.outer < 0) f.outer = e.err;
          break;
        }
      }
    }
    pending_ = f.outer;
    sink.map_end(f.hdr, f.hint, count);
    entries_.resize(f.base);
    keys_.resize(f.keys_base);
  }

  // Attributes in type order; the last of repeated ones wins; missing ones
  // (JSON input only) are null.
  void object_end(Frame& f, const Type& obj) {
    const std::span<const TypeAttr> names = obj.attrs();
    const size_t want = names.size();
    const size_t n = entries_.size() - f.base;
    bool in_order = n == want;
    keep_.assign(want, SIZE_MAX);
    for (size_t i = 0; i < n; ++i) {
      const size_t idx = entries_[f.base + i].order;
      in_order &= idx == i;
      keep_[idx] = f.base + i;
    }
    if (!in_order) reorder(f.region, &obj);
    if (f.any_err) {
      for (size_t i = 0; i < want; ++i) {
        if (keep_[i] == SIZE_MAX) continue;
        const Entry& e = entries_[keep_[i]];
        if (e.err >= 0) {
          errors_[size_t(e.err)].prepend(PathStep::attr(names[i].name));
          if (f.outer < 0) f.outer = e.err;
          break;
        }
      }
    }
    pending_ = f.outer;
    sink.map_end(f.hdr, f.hint, f.hint);
    entries_.resize(f.base);
  }

 private:
  // One written map entry or object attribute: its output span (key and
  // value, without a separator), its key and its pending error. The entries
  // of all open maps share one stack.
  struct Entry {
    const char* ext;  // the NFC key in the input, or nullptr: in keys_ at pos
    size_t pos;
    size_t len;
    size_t begin;  // output span
    size_t end;
    size_t order;  // object: attribute index
    int err;       // pending error of the value, or -1
  };

  std::string_view key_of(const Entry& e) const {
    return e.ext ? std::string_view(e.ext, e.len) : std::string_view(keys_.data() + e.pos, e.len);
  }

  template <class WriteKey>
  void open(size_t i, Entry& e, WriteKey&& write_key) {
    sink.sep(i);
    e.begin = out_.size();
    write_key();
    entries_.push_back(e);
    pending_ = -1;
  }

  // Rewrites the output from `region` on as the spans of the entries listed
  // in keep_; SIZE_MAX at position i stands for a null attribute i of the
  // object type `obj` (maps: nullptr, and keep_ never holds SIZE_MAX).
  void reorder(size_t region, const Type* obj) {
    scratch_.assign(out_, region, std::string::npos);
    out_.resize(region);
    for (size_t j = 0; j < keep_.size(); ++j) {
      sink.sep(j);
      const size_t k = keep_[j];
      if (k == SIZE_MAX) {
        sink.attr_key(*obj, j);
        sink.null();
        continue;
      }
      const Entry& e = entries_[k];
      out_.append(scratch_, e.begin - region, e.end - e.begin);
    }
  }

  std::string& out_;
  size_t base_;  // out_.size() before the transcode
  OutputLimit limit_;
  std::vector<Error> errors_;  // recorded encode errors; pending_ indexes it
  int pending_ = -1;
  std::vector<Entry> entries_;  // open maps/objects' entries (a stack)
  std::string keys_;            // map keys that are not views of the input
  std::vector<size_t> order_;   // sort scratch
  std::vector<size_t> keep_;    // reorder list
  std::string scratch_;         // reorder scratch
};

// ==== MessagePack in ====

template <class Sink>
class MsgpackWalk : public detail::Decoder {
 public:
  MsgpackWalk(const uint8_t* b, size_t n, DocumentBudget& budget, std::string& out)
      : Decoder(b, b, b + n, budget), w_(out, budget.limits().max_output_size) {}

  // One value of schema type `ty` (no optional markers): Decoder::decode()
  // writing to the sink.
  void transcode(const Type& ty) {
    w_.check_limit(offset());
    if (p_ == end_) fail(Status::Parse, "EOF", offset());
    const uint8_t c = *p_;
    if (detail::is_ext(c)) {
      const Value v = decode_unknown(ty);
      w_.emit(v, ty, offset());
      return;
    }
    if (ty.is_dynamic()) {
      dynamic();
      return;
    }
    if (c == 0xc0) {
      ++p_;
      w_.sink.null();
      return;
    }
    switch (ty.kind()) {
      case TypeKind::Bool:
        if (c == 0xc2 || c == 0xc3) {
          ++p_;
          w_.sink.boolean(c == 0xc3);
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
          w_.sink.string(s);
        } else {
          w_.sink.string(text::to_nfc(s));
        }
        return;
      }
      case TypeKind::List:
        if (ty.element().has_dynamic()) {
          fallback(ty);
        } else {
          array(ty, false);
        }
        return;
      case TypeKind::Set:
        fallback(ty);
        return;
      case TypeKind::Map:
        if (ty.element().has_dynamic()) {
          fallback(ty);
        } else {
          map(ty);
        }
        return;
      case TypeKind::Tuple:
        array(ty, true);
        return;
      case TypeKind::Object:
        object(ty);
        return;
      case TypeKind::Dynamic:
        break;
    }
    fail(Status::Internal, "unsupported type " + ty.friendly_name(), offset());
  }

  const Error* pending() const { return w_.pending(); }

 private:
  void fallback(const Type& ty) {
    const Value v = ty.kind() == TypeKind::Map ? decode_map(ty) : decode_list_or_set(ty);
    w_.emit(v, ty, offset());
  }

  void number(uint8_t c) {
    if (c <= 0x7f || c >= 0xe0 || (c >= 0xcc && c <= 0xd3)) {
      // Integer forms: the fast path of decode_number (NumberIntVal /
      // NumberUIntVal) and the encoder.
      int64_t v;
      uint64_t u;
      bool big;
      read_int(v, u, big);
      if (big) {
        w_.sink.big_uint(u);
      } else {
        w_.sink.integer(v);
      }
      return;
    }
    w_.number(decode_number());  // float32/64 (53 bits) or text (512 bits); errors
  }

  // Lists (element type without dynamic) and tuples.
  void array(const Type& ty, bool tuple) {
    const size_t at = offset();
    size_t n;
    if (!read_array_len(n)) fail(Status::TypeMismatch, tuple ? "a tuple is required" : "a list is required", at);
    if (tuple && n != ty.tuple_size()) {
      fail(Status::TypeMismatch, "a tuple of length " + std::to_string(ty.tuple_size()) + " is required", at);
    }
    if (n == 0) {
      w_.sink.seq_end(w_.sink.seq_begin(0), 0, 0);
      return;
    }
    check_count(n, 1, at);
    DepthGuard guard(*this, at);
    const size_t hdr = w_.sink.seq_begin(n);
    for (size_t i = 0; i < n; ++i) {
      w_.sink.sep(i);
      const int outer = w_.child_begin();
      try {
        transcode(tuple ? ty.tuple_elem(i) : ty.element());
      } catch (Error& e) {
        e.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
      w_.child_end_idx(outer, i);
    }
    w_.sink.seq_end(hdr, n, n);
  }

  void map(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_map_len(n)) fail(Status::TypeMismatch, "a map is required", at);
    if (n == 0) {
      w_.sink.map_end(w_.sink.map_begin(0), 0, 0);
      return;
    }
    check_count(n, 2, at);
    DepthGuard guard(*this, at);
    const Type& ety = ty.element();
    auto f = w_.map_begin(n);
    for (size_t i = 0; i < n; ++i) {
      const size_t kat = offset();
      std::string_view raw;
      // go-cty's DecodeString accepts str, bin and nil (as "").
      if (!read_str_or_bin(raw, /*allow_nil=*/true)) {
        fail(Status::TypeMismatch, "non-string key in map", kat);
      }
      if (text::is_nfc(raw)) {
        w_.map_key(f, raw, /*in_input=*/true);
      } else {
        w_.map_key(f, text::to_nfc(raw), false);
      }
      try {
        transcode(ety);
      } catch (Error& err) {
        err.prepend(PathStep::key(text::to_nfc(raw)));  // go-cty: IndexStep{StringVal(key)}
        throw;
      }
      w_.entry_end(f);
    }
    w_.map_end(f);
  }

  void object(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_map_len(n)) fail(Status::TypeMismatch, "an object is required", at);
    const size_t want = ty.attr_count();
    if (n != want && !ignore_undefined_) object_count_mismatch(want, n, at);
    if (n == 0) {
      if (want != 0) object_count_mismatch(want, 0, at);
      w_.sink.map_end(w_.sink.map_begin(0), 0, 0);
      return;
    }
    check_count(n, 2, at);
    DepthGuard guard(*this, at);
    const std::span<const TypeAttr> attrs = ty.attrs();
    AttrKeys keys(want);
    auto f = w_.map_begin(want);
    size_t found = 0;  // attributes written (entries not skipped)
    for (size_t i = 0; i < n; ++i) {
      std::string_view key;
      const size_t idx = read_attr_key(ty, attrs, found, keys, key);
      if (idx == SIZE_MAX) {  // ignore_undefined_attributes
        skip_item();
        continue;
      }
      ++found;
      w_.attr_key(f, ty, idx);
      try {
        transcode(attrs[idx].type);
      } catch (Error& err) {
        err.prepend(PathStep::attr(key));
        throw;
      }
      w_.entry_end(f);
    }
    if (found != want) object_count_mismatch(want, found, at);
    w_.object_end(f, ty);
  }

  // unmarshalDynamic + the encoder's wrapper. The encoder writes a dynamic
  // position's value with ITS type, which after decode is the wrapper's
  // innermost concrete type.
  void dynamic() {
    const size_t at = offset();
    if (*p_ == 0xc0) {  // NullVal(DynamicPseudoType)
      ++p_;
      w_.sink.null();
      return;
    }
    read_wrapper_header(at);
    DepthGuard guard(*this, at);
    const Type t = read_wrapper_type();
    if (p_ != end_ && detail::is_ext(*p_)) {
      // Unknown at the wrapper: JSON fails before writing a wrapper (or
      // writes a refinement-collapsed value with its wrapper).
      const Value v = decode_unknown(t);
      w_.emit(v, Type::dynamic(), offset());
      return;
    }
    if (t.is_dynamic()) {
      transcode(t);  // the inner wrapper or null stands for this one
      return;
    }
    if (t.has_dynamic()) {
      // The value's type (printed in the wrapper) is rebuilt from the content.
      const Value v = decode(t);
      w_.emit(v, Type::dynamic(), offset());
      return;
    }
    const int outer = w_.wrap_begin(t);
    transcode(t);
    w_.wrap_end(outer, t);
  }

  Writer<Sink> w_;
};

// ==== JSON in ====

namespace json = detail::json;

template <class Sink>
class JsonWalk : public json::JsonDecoder {
 public:
  JsonWalk(const char* base, size_t len, const DecodeOptions& opts, const json::Sanitized* san, std::string& out)
      : JsonDecoder(base, len, opts, san), w_(out, opts.limits.max_output_size) {}

  void run(json::od::document& doc, const Type& t) {
    walk_document(doc, [&] { transcode(doc, t, 0); });
  }

  const Error* pending() const { return w_.pending(); }

 private:
  // One value of schema type `t` (with optional markers where the schema
  // has them: the encoders convert to the schema type, which for the
  // fallbacks can matter): JsonDecoder::decode() writing to the sink.
  template <class Node>
  void transcode(Node& node, const Type& t, size_t depth) {
    const std::string_view tok = token_of(node);
    const char* at = tok.data();
    w_.check_limit(offset(at));
    json::od::json_type jt;
    if (auto e = node.type().get(jt)) fail_json(e, at);
    if (jt == json::od::json_type::null) {
      expect_literal(tok, "null");
      w_.sink.null();
      return;
    }
    switch (t.kind()) {
      case TypeKind::Dynamic:
        dynamic(node, jt, at, depth);
        return;
      case TypeKind::Bool:
        w_.sink.boolean(bool_value(jt, tok));
        return;
      case TypeKind::Number:
        w_.number(number_value(jt, tok));
        return;
      case TypeKind::String: {
        bool nfc = false;
        const std::string_view s = string_text(jt, tok, nfc);
        if (nfc) {
          w_.sink.string(s);
        } else {
          w_.sink.string(text::to_nfc(s));
        }
        return;
      }
      case TypeKind::List:
        if (t.element().has_dynamic()) {
          emit(decode_list_or_set(node, jt, t, at, depth), t, at);
        } else {
          array(node, jt, t, at, depth);
        }
        return;
      case TypeKind::Set:
        emit(decode_list_or_set(node, jt, t, at, depth), t, at);
        return;
      case TypeKind::Tuple:
        array(node, jt, t, at, depth);
        return;
      case TypeKind::Map:
        if (t.element().has_dynamic()) {
          emit(decode_map(node, jt, t, at, depth), t, at);
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

  // A decoded subtree (fallback).
  [[gnu::noinline]] void emit(const Value& v, const Type& t, const char* at) { w_.emit(v, t, offset(at)); }

  // Lists (element type without dynamic) and tuples: decode_list_or_set /
  // decode_tuple's loop, with their errors.
  template <class Node>
  [[gnu::noinline]] void array(Node& node, json::od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != json::od::json_type::array) fail(Status::TypeMismatch, "missing expected [", at);
    enter(depth, at);
    const bool tuple = t.kind() == TypeKind::Tuple;
    const size_t need = tuple ? t.tuple_size() : 0;
    json::od::array arr;
    if (auto e = node.get_array().get(arr)) fail_json(e, at);
    const size_t hdr = w_.sink.seq_begin(0);
    size_t i = 0;
    for (auto child : arr) {
      json::od::value v;
      if (auto e = child.get(v)) fail_json(e, last_);
      const char* cat = v.raw_json_token().data();
      last_ = cat;
      if (tuple && i >= need)
        fail(Status::TypeMismatch, "too many tuple elements (need " + std::to_string(need) + ")", cat);
      count_element(cat);
      w_.sink.sep(i);
      const int outer = w_.child_begin();
      try {
        transcode(v, tuple ? t.tuple_elem(i) : t.element(), depth + 1);
      } catch (Error& err) {
        err.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
      w_.child_end_idx(outer, i);
      ++i;
    }
    if (tuple && i != need)
      fail(Status::TypeMismatch, "not enough tuple elements (need " + std::to_string(need) + ")", at);
    w_.sink.seq_end(hdr, 0, i);
  }

  // decode_map's loop.
  template <class Node>
  [[gnu::noinline]] void map(Node& node, json::od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != json::od::json_type::object) fail(Status::TypeMismatch, "missing expected {", at);
    enter(depth, at);
    const Type& ety = t.element();
    json::od::object obj;
    if (auto e = node.get_object().get(obj)) fail_json(e, at);
    auto fr = w_.map_begin(0);
    for (auto fres : obj) {
      json::od::field f;
      if (auto e = std::move(fres).get(f)) fail_json(e, last_);
      const char* kat = f.key().raw() - 1;
      last_ = kat;
      count_element(kat);
      // A view into the input (no escapes) or into unescape's scratch,
      // which the value's strings reuse: the writer copies the latter.
      const std::string_view key = unescape(kat + 1);
      if (text::is_nfc(key)) {
        w_.map_key(fr, key, /*in_input=*/key.data() >= base_ && key.data() < end_);
      } else {
        w_.map_key(fr, text::to_nfc(key), false);
      }
      try {
        transcode(f.value(), ety, depth + 1);
      } catch (Error& err) {
        err.prepend(PathStep::key(std::string(unescape(kat + 1))));  // the raw key, as decode_map
        throw;
      }
      w_.entry_end(fr);
    }
    w_.map_end(fr);
  }

  // decode_object's loop: attributes by index, last duplicate wins, missing
  // ones null.
  template <class Node>
  [[gnu::noinline]] void object(Node& node, json::od::json_type jt, const Type& t, const char* at, size_t depth) {
    if (jt != json::od::json_type::object) fail(Status::TypeMismatch, "missing expected {", at);
    enter(depth, at);
    const std::span<const TypeAttr> attrs = t.attrs();
    const size_t na = attrs.size();
    json::od::object obj;
    if (auto e = node.get_object().get(obj)) fail_json(e, at);
    auto fr = w_.map_begin(na);
    size_t next = 0;  // go-cty writes attributes in order: try the next one first
    for (auto fres : obj) {
      json::od::field f;
      if (auto e = std::move(fres).get(f)) fail_json(e, last_);
      const char* kat = f.key().raw() - 1;
      last_ = kat;
      count_element(kat);
      const std::string_view key = unescape(kat + 1);
      const size_t idx = (next < na && attrs[next].name == key) ? next : t.attr_index(key);
      if (idx == SIZE_MAX) {
        if (opts_.ignore_undefined_attributes) {
          check_skipped_value(f.value().raw_json_token().data(), depth + 1);  // skipped unread
          continue;
        }
        std::string msg = "unsupported attribute ";
        text::append_go_quoted(msg, key);
        fail(Status::TypeMismatch, std::move(msg), kat);
      }
      w_.attr_key(fr, t, idx);
      try {
        transcode(f.value(), attrs[idx].type, depth + 1);
      } catch (Error& err) {
        err.prepend(PathStep::attr(attrs[idx].name));
        throw;
      }
      w_.entry_end(fr);
      next = idx + 1;
    }
    w_.object_end(fr, t);
  }

  // decode_dynamic's walk (walk_dynamic): what a read wrote, and its pending
  // error, are dropped when a later field overrides it.
  template <class Node>
  [[gnu::noinline]] void dynamic(Node& node, json::od::json_type jt, const char* at, size_t depth) {
    const size_t start = w_.mark();
    const int outer = w_.child_begin();
    walk_dynamic(
        node, jt, at, depth,
        [&](json::od::value& v, const Type& wt, size_t d) {
          if (wt.is_dynamic()) {
            transcode(v, wt, d);  // the inner wrapper or null stands for this one
          } else if (wt.has_dynamic()) {
            // The value's type (printed in the wrapper) is rebuilt from the content.
            const char* vat = v.raw_json_token().data();
            emit(decode(v, wt, d), Type::dynamic(), vat);
          } else {
            const Type vt = value_type(wt);
            const int wouter = w_.wrap_begin(vt);
            transcode(v, vt, d);
            w_.wrap_end(wouter, vt);
          }
        },
        [&] { w_.drop_to(start); });
    w_.merge(outer);
  }

  Writer<Sink> w_;
};

// Output room: MessagePack is about as long as its JSON; JSON from
// MessagePack is longer (quotes, brackets, number text).
size_t output_estimate(size_t in, bool from_json, bool to_json, size_t max_out) {
  size_t n = in + 64;
  if (to_json && !from_json) n += in / 2;
  return std::min(n, max_out == 0 ? limits::kDefaultMaxOutputSize : max_out);
}

// Sizes the output once from the input; a large fresh buffer is mapped in
// at once (support::prefault) rather than faulted in while it is written.
void reserve_output(std::string& out, size_t extra) {
  const size_t start = out.size();
  const size_t before = out.capacity();
  out.reserve(start + extra);
  if (out.capacity() != before) support::prefault(out.data() + start, out.capacity() - start);
}

template <class Sink>
void from_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  if (in.size() > opts.limits.max_input_size) throw limits::input_size(in.size(), opts.limits.max_input_size);
  const size_t start = out.size();
  reserve_output(out, output_estimate(in.size(), false, std::is_same_v<Sink, JsonSink>, opts.limits.max_output_size));
  try {
    const auto* b = reinterpret_cast<const uint8_t*>(in.data());
    DocumentBudget budget(opts.limits, in.size());
    MsgpackWalk<Sink> t(b, in.size(), budget, out);
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
    OutputLimit(opts.limits.max_output_size).check(out.size() - start);
  } catch (...) {
    out.resize(start);  // nothing is appended on failure
    throw;
  }
}

template <class Sink>
void from_json(std::string& out, JsonInput in, const Type& type, const DecodeOptions& opts) {
  const size_t start = out.size();
  const size_t size = in.text.size();
  if (size <= opts.limits.max_input_size) {
    reserve_output(out, output_estimate(size, true, std::is_same_v<Sink, JsonSink>, opts.limits.max_output_size));
  }
  try {
    json::with_padded(in, opts, [&](const char* data, size_t len, size_t capacity) {
      json::with_document(data, len, capacity, opts, nullptr,
                          [&](const char* d, size_t n, const json::Sanitized* san, json::od::document& doc) {
                            JsonWalk<Sink> t(d, n, opts, san, out);
                            t.run(doc, type);
                            if (const Error* e = t.pending()) throw Error(*e);
                          });
    });
    OutputLimit(opts.limits.max_output_size).check(out.size() - start);
  } catch (...) {
    out.resize(start);  // nothing is appended on failure
    throw;
  }
}

}  // namespace

void msgpack_to_json(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  from_msgpack<JsonSink>(out, in, type, opts);
}

void msgpack_to_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  from_msgpack<MsgpackSink>(out, in, type, opts);
}

void json_to_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  from_json<MsgpackSink>(out, JsonInput{in, 0}, type, opts);
}

void json_to_json(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  from_json<JsonSink>(out, JsonInput{in, 0}, type, opts);
}

void json_to_msgpack(std::string& out, JsonInput in, const Type& type, const DecodeOptions& opts) {
  from_json<MsgpackSink>(out, in, type, opts);
}

void json_to_json(std::string& out, JsonInput in, const Type& type, const DecodeOptions& opts) {
  from_json<JsonSink>(out, in, type, opts);
}

}  // namespace dynval::codec
