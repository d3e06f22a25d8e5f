// Private to src/codec: what the two typed walks (msgpack_walk.hpp,
// json_walk.hpp) write to. Each walk holds every decoding rule of its input
// format once and is a template on its output, chosen at compile time (no
// virtual call per value):
//
//   TreeOut             builds Values: msgpack_decode, json_decode, and the
//                       parts a stream cannot write without the whole value;
//   StreamOut<Sink>     writes the output format directly (the transcoders):
//     Sink = JsonSink     go-cty's cty/json Marshal forms (json_encode.cpp)
//          | MsgpackSink  go-cty's cty/msgpack Marshal forms
//                         (msgpack_encode.cpp, msgpack_write.hpp)
//
// The interface a walk calls (R is what one value's walk returns: a Value,
// or nothing for a stream):
//
//   kTree                      true for TreeOut: a stream hands the parts
//                              it cannot write in order to a TreeOut walk
//   at_value(at)               before each value (the output limit)
//   null(vt) boolean(b) integer(i) big_uint(u) number(n) string(s, nfc)
//   value(v, t, at)            a value built whole (unknowns, fallbacks)
//   seq_begin(vt, n) elem_begin(f) elem_end(f, r) seq_end(f, vt, at)
//                              lists, sets, tuples; n is the count when the
//                              input gives it first (MessagePack), else 0
//   map_begin(vt, n) map_key(f, raw, in_input) map_value(f, r) map_end(...)
//                              `raw` as read (not NFC); `in_input`: the view
//                              stays valid for the whole walk
//   obj_begin(vt) attr_begin(f, vt, i) attr_end(f, i, r) attr_null(f, vt, i)
//   obj_end(f, vt, at)         attributes by index, a later one replacing an
//                              earlier one; attr_null for one never given
//                              (JSON)
//
// `at` arguments are byte offsets of the container, for the errors the value
// layer raises while building (element types that do not agree).
//
// The stream's contract (codec.hpp): the same bytes as encode(decode(in,
// type), type) in the output format, or the same error (status, message,
// path, offset). How it keeps it:
//
//   - strings: NFC-normalised;
//   - numbers: read as decode() reads them and written in the output
//     format's form (JSON: Number::append_text, Go's Text('f', -1), so "1e2"
//     becomes 100; MessagePack: mp::write_number, go-cty's int / cb float64 /
//     text);
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
// What a stream builds as Values (buffering only what the output order
// needs): sets (go-cty's element order and de-duplication need the whole
// elements), lists and maps whose element type contains dynamic
// (ListVal/MapVal unify the element types across elements, which changes
// how each element's wrapper is written), dynamic wrappers whose type
// contains dynamic (the printed type is rebuilt from the content), and
// unknown values (an error in JSON unless refinements collapse them). The
// walk reads those with its own rules into a TreeOut, and value() writes
// them with the sink's encoder (json_encode / msgpack_encode).
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "codec/codec.hpp"
#include "codec/msgpack_write.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec::detail {

// ==== TreeOut: Values ====

class TreeOut {
 public:
  using R = Value;
  static constexpr bool kTree = true;

  void at_value(size_t) {}
  Value null(const Type& vt) { return Value::null(vt); }
  Value boolean(bool b) { return Value::boolean(b); }
  Value integer(int64_t v) { return Value::number(Number::from_int64(v)); }
  Value big_uint(uint64_t u) { return Value::number(Number::from_uint64(u)); }
  Value number(Number n) { return Value::number(std::move(n)); }
  // StringVal normalises to NFC; skip the copy when it already is.
  Value string(std::string_view s, bool nfc) { return nfc ? Value::string_nfc(s) : Value::string(s); }
  Value value(Value&& v, const Type&, size_t) { return std::move(v); }

  // Children of the collections being built share one stack.
  struct Seq {
    Seq(std::vector<Value>& stack, size_t n) : vals(stack) { vals.reserve(n); }
    Scratch vals;
  };
  Seq seq_begin(const Type&, size_t n) { return Seq(stack_, n); }
  void elem_begin(Seq&) {}
  void elem_end(Seq& f, Value&& v) { f.vals.push(std::move(v)); }
  Value seq_end(Seq& f, const Type& vt, size_t at) {
    // ListVal / SetVal take the element type from the elements when the
    // schema's contains dynamic; elements of different concrete types are
    // a TypeMismatch there (go-cty panics), reported at the collection.
    try {
      switch (vt.kind()) {
        case TypeKind::Tuple:
          return f.vals.size() == 0 ? Value::empty_tuple() : Value::tuple_of(vt, f.vals.span());
        case TypeKind::Set:
          return Value::set_of(vt, f.vals.span());
        default:
          return Value::list_of(vt, f.vals.span());
      }
    } catch (Error& e) {
      e.with_offset(at);
      throw;
    }
  }

  struct Map {
    std::vector<std::pair<std::string, Value>> entries;
  };
  Map map_begin(const Type&, size_t n) {
    Map f;
    f.entries.reserve(n);
    return f;
  }
  void map_key(Map& f, std::string_view raw, bool) { f.entries.emplace_back(std::string(raw), Value()); }
  void map_value(Map& f, Value&& v) { f.entries.back().second = std::move(v); }
  Value map_end(Map& f, const Type& vt, size_t at) {
    try {
      return Value::map_of(vt, std::move(f.entries));  // NFC keys; duplicates: last wins
    } catch (Error& e) {
      e.with_offset(at);
      throw;
    }
  }

  // Attributes in the type's order (what encoders write) are appended;
  // the first out of order spreads them into one slot per attribute.
  struct Obj {
    Obj(std::vector<Value>& stack, size_t n) : slots(stack), n(n) { slots.reserve(n); }
    Scratch slots;
    size_t n;
  };
  Obj obj_begin(const Type& vt) { return Obj(stack_, vt.attr_count()); }
  void attr_begin(Obj&, const Type&, size_t) {}
  void attr_end(Obj& f, size_t i, Value&& v) {
    if (i == f.slots.size()) {
      f.slots.push(std::move(v));
      return;
    }
    if (f.slots.size() < f.n) f.slots.resize(f.n);
    f.slots[i] = std::move(v);
  }
  void attr_null(Obj& f, const Type& vt, size_t i) { attr_end(f, i, Value::null(vt.attrs()[i].type)); }
  Value obj_end(Obj& f, const Type& vt, size_t at) {
    if (f.slots.size() == 0) return Value::empty_object();
    try {
      // With dynamic attribute types, object_of rebuilds the object's type
      // from the values, as cty.ObjectVal does.
      return Value::object_of(vt, f.slots.span());
    } catch (Error& e) {
      e.with_offset(at);
      throw;
    }
  }

 private:
  std::vector<Value> stack_;
};

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

// ==== Writer: what a stream does to the output, whatever the walk ====

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

// ==== StreamOut: the walks' interface on a Writer ====

struct Unit {};

template <class Sink>
class StreamOut : public Writer<Sink> {
  using W = Writer<Sink>;

 public:
  using R = Unit;
  static constexpr bool kTree = false;
  using W::W;

  void at_value(size_t at) { W::check_limit(at); }
  Unit null(const Type&) { return W::sink.null(), Unit{}; }
  Unit boolean(bool b) { return W::sink.boolean(b), Unit{}; }
  Unit integer(int64_t v) { return W::sink.integer(v), Unit{}; }
  Unit big_uint(uint64_t u) { return W::sink.big_uint(u), Unit{}; }
  Unit number(const Number& n) { return W::number(n), Unit{}; }
  Unit string(std::string_view s, bool nfc) {
    if (nfc) {
      W::sink.string(s);
    } else {
      W::sink.string(text::to_nfc(s));
    }
    return {};
  }
  Unit value(const Value& v, const Type& t, size_t at) { return W::emit(v, t, at), Unit{}; }

  struct Seq {
    size_t hdr, n0, i;
    int outer;
  };
  Seq seq_begin(const Type&, size_t n) { return Seq{W::sink.seq_begin(n), n, 0, -1}; }
  void elem_begin(Seq& f) {
    W::sink.sep(f.i);
    f.outer = W::child_begin();
  }
  void elem_end(Seq& f, Unit) { W::child_end_idx(f.outer, f.i++); }
  Unit seq_end(Seq& f, const Type&, size_t) { return W::sink.seq_end(f.hdr, f.n0, f.i), Unit{}; }

  using Map = typename W::Frame;
  Map map_begin(const Type&, size_t n) { return W::map_begin(n); }
  void map_key(Map& f, std::string_view raw, bool in_input) {
    if (text::is_nfc(raw)) {
      W::map_key(f, raw, in_input);
    } else {
      W::map_key(f, text::to_nfc(raw), false);
    }
  }
  void map_value(Map& f, Unit) { W::entry_end(f); }
  Unit map_end(Map& f, const Type&, size_t) { return W::map_end(f), Unit{}; }

  using Obj = typename W::Frame;
  Obj obj_begin(const Type& vt) { return W::map_begin(vt.attr_count()); }
  void attr_begin(Obj& f, const Type& vt, size_t i) { W::attr_key(f, vt, i); }
  void attr_end(Obj& f, size_t, Unit) { W::entry_end(f); }
  void attr_null(Obj&, const Type&, size_t) {}  // object_end writes it
  Unit obj_end(Obj& f, const Type& vt, size_t) { return W::object_end(f, vt), Unit{}; }

  // Where the walk builds what it cannot write in order (reused).
  TreeOut& tree() { return tree_; }

 private:
  TreeOut tree_;
};

}  // namespace dynval::codec::detail
