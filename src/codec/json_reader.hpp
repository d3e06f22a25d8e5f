// Private to src/codec: the JSON byte level. simdjson On-Demand
// documents, Go's string unescaping, the UTF-8 clean-up retry, the number
// grammar check, literals, error locating, the trailing-content check, and
// the count and depth limits, with encoding/json's messages. What a value
// of a type may be, and what is built of it, is the walk's (json_walk.hpp).
#pragma once

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "codec/json_decode.hpp"
#include "support/json_input.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec::detail::json {

namespace od = simdjson::ondemand;



inline bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

inline std::string_view trim_ws(std::string_view s) {
  while (!s.empty() && is_ws(s.back())) s.remove_suffix(1);
  return s;
}

// JSON number grammar (RFC 8259; what Go's scanner accepts):
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
inline bool is_json_number(std::string_view s) {
  size_t i = 0, n = s.size();
  auto digit = [&](size_t k) { return k < n && s[k] >= '0' && s[k] <= '9'; };
  if (i < n && s[i] == '-') ++i;
  if (!digit(i)) return false;
  if (s[i] == '0') {
    ++i;
  } else {
    while (digit(i)) ++i;
  }
  if (i < n && s[i] == '.') {
    ++i;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  return i == n;
}

inline int hex_val(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A copy of the input in which every byte Go's UTF-8 decoder rejects is
// replaced by U+FFFD (what encoding/json does inside strings; outside strings
// such bytes are a syntax error either way). `repl` holds the offsets, in the
// copy, of each inserted replacement, to map offsets back to the input.
struct Sanitized {
  std::string buf;
  std::vector<size_t> repl;
  std::string replaced;  // the input byte each replacement stands for

  // The input byte at `s` in the copy: the replaced byte when a replacement
  // starts there, else the copy's byte.
  unsigned char original_byte(size_t s) const {
    auto it = std::lower_bound(repl.begin(), repl.end(), s);
    if (it != repl.end() && *it == s) return static_cast<unsigned char>(replaced[size_t(it - repl.begin())]);
    return static_cast<unsigned char>(buf[s]);
  }

  size_t original_offset(size_t s) const {
    // replacements wholly before s each grew the text by 2 bytes
    auto it = std::upper_bound(repl.begin(), repl.end(), s);
    size_t k = size_t(it - repl.begin());
    if (k > 0 && s < repl[k - 1] + 3) return repl[k - 1] - 2 * (k - 1);
    return s - 2 * k;
  }
};

inline Sanitized sanitize_utf8(const char* data, size_t len) {
  Sanitized out;
  out.buf.reserve(len + len / 8 + kJsonPadding);
  const auto* p = reinterpret_cast<const unsigned char*>(data);
  size_t i = 0;
  while (i < len) {
    size_t k = text::go_utf8_width(p + i, len - i);
    if (k == 0) {
      out.repl.push_back(out.buf.size());
      out.replaced.push_back(data[i]);
      out.buf.append("\xef\xbf\xbd", 3);
      ++i;
    } else {
      out.buf.append(data + i, k);
      i += k;
    }
  }
  return out;
}

// End of the JSON text of the value starting at p (a string, a bracketed
// container, or a scalar token); `end` when the value is not closed. Used for
// the type description inside a dynamic wrapper and for locating the end of
// the top-level value.
inline const char* scan_value_end(const char* p, const char* end) {
  if (p >= end) return end;
  auto skip_string = [&](const char* q) {  // q at the opening quote
    ++q;
    while (q < end) {
      if (*q == '\\') {
        q += 2;
      } else if (*q == '"') {
        return q + 1;
      } else {
        ++q;
      }
    }
    return end;
  };
  if (*p == '"') return skip_string(p);
  if (*p == '[' || *p == '{') {
    size_t depth = 0;
    while (p < end) {
      const char c = *p;
      if (c == '"') {
        p = skip_string(p);
        continue;
      }
      if (c == '[' || c == '{') {
        ++depth;
      } else if (c == ']' || c == '}') {
        if (--depth == 0) return p + 1;
      }
      ++p;
    }
    return end;
  }
  while (p < end && !is_ws(*p) && *p != ',' && *p != ']' && *p != '}' && *p != ':') ++p;
  return p;
}

// Go's scanner over the text of a document simdjson found malformed:
// throws its error (Go's message, the exact offset, mapped back through
// `san`) when it finds one; returns when it does not (the caller then
// reports simdjson's error). Only on error paths, so the cost is nothing on
// valid input and one linear scan on invalid input.
inline void locate_syntax_error(const char* data, size_t len, const Sanitized* san) {
  try {
    json_scan_value(std::string_view(data, len), 0, Type::kMaxJsonDepth);
  } catch (Error& e) {
    if (e.status() != Status::Parse) return;
    size_t off = e.offset();
    if (san && off != kNoOffset) off = san->original_offset(off);
    throw Error(Status::Parse, "invalid JSON: " + e.message(), {}, off);
  }
}

class JsonReader {
 public:
  JsonReader(const char* base, size_t len, const DecodeOptions& opts, const Sanitized* san)
      : base_(base), end_(base + len), opts_(opts), budget_(opts.limits, len), san_(san) {
    max_depth_ = opts.limits.effective_depth();
  }

  // The top-level value, read by `body`, then the trailing-content check.
  template <class Body>
  void walk_document(od::document& doc, Body&& body) {
    od::json_type jt;
    if (auto e = doc.type().get(jt)) fail_json(e, base_);
    const std::string_view tok = token_of(doc);
    body();
    if (opts_.trailing == Trailing::Reject) check_trailing(doc, jt, tok);
  }

  size_t offset(const char* p) const {
    size_t off = size_t(p - base_);
    return san_ ? san_->original_offset(off) : off;
  }

  [[noreturn]] void fail(Status s, std::string msg, const char* at) const {
    throw Error(s, std::move(msg), {}, at ? offset(at) : kNoOffset);
  }
  // Out of line so the recursive frames stay small (no std::string
  // temporaries on the hot path's stack).
  [[noreturn, gnu::noinline, gnu::cold]] void fail(Status s, const char* msg, const char* at) const {
    fail(s, std::string(msg), at);
  }
  [[noreturn]] void fail_json(simdjson::error_code e, const char* at) const {
    locate_syntax_error(base_, size_t(end_ - base_), san_);
    fail(Status::Parse, std::string("invalid JSON: ") + simdjson::error_message(e), at);
  }

  // ---- raw tokens ----
  static std::string_view token_of(od::value& v) { return v.raw_json_token(); }
  std::string_view token_of(od::document& d) const {
    std::string_view s;
    if (auto e = d.raw_json_token().get(s)) fail_json(e, nullptr);
    return s;
  }

  // The next field of an object: its key's opening quote (the field's
  // offset, kept for errors simdjson reports without one).
  template <class FieldResult>
  const char* read_field(FieldResult& fres, od::field& f) {
    if (auto e = std::move(fres).get(f)) fail_json(e, last_);
    const char* kat = f.key().raw() - 1;
    last_ = kat;
    return kat;
  }

  // ---- scalars ----

  // The literal at tok must be exactly `want` (simdjson's type() only looks
  // at the first character).
  void expect_literal(std::string_view tok, std::string_view want) const {
    if (trim_ws(tok) != want) {
      std::string msg = "invalid JSON literal ";
      text::append_go_quoted(msg, trim_ws(tok).substr(0, 32));
      fail(Status::Parse, std::move(msg), tok.data());
    }
  }

  // Trimmed, grammar-checked text of a number token.
  std::string_view number_text(std::string_view tok) const {
    std::string_view s = trim_ws(tok);
    if (!is_json_number(s)) {
      std::string msg = "invalid JSON number ";
      text::append_go_quoted(msg, s.substr(0, 32));
      fail(Status::Parse, std::move(msg), tok.data());
    }
    budget_.check_number_text(s.size(), offset(tok.data()));
    return s;
  }

  // encoding/json unquote: returns the string's content starting after the
  // opening quote at q[-1]. The view points into the input when the string
  // has no escapes, else into scratch_ (valid until the next call).
  std::string_view unescape(const char* q) {
    const char* p = q;
    while (p < end_) {
      const unsigned char c = static_cast<unsigned char>(*p);
      if (c == '"') return check_len(std::string_view(q, size_t(p - q)), q);
      if (c == '\\' || c < 0x20) break;
      ++p;
    }
    scratch_.assign(q, size_t(p - q));
    for (;;) {
      if (p >= end_) fail(Status::Parse, "unexpected end of JSON input", end_);
      const unsigned char c = static_cast<unsigned char>(*p);
      if (c == '"') return check_len(scratch_, q);
      if (c < 0x20) fail(Status::Parse, "invalid character " + text::go_quote_char(c) + " in string literal", p);
      if (c != '\\') {
        const char* r = p;
        while (p < end_ && *p != '"' && *p != '\\' && static_cast<unsigned char>(*p) >= 0x20) ++p;
        scratch_.append(r, size_t(p - r));
        continue;
      }
      if (p + 1 >= end_) fail(Status::Parse, "unexpected end of JSON input", end_);
      const char e = p[1];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          scratch_.push_back(e);
          p += 2;
          break;
        case 'b':
          scratch_.push_back('\b');
          p += 2;
          break;
        case 'f':
          scratch_.push_back('\f');
          p += 2;
          break;
        case 'n':
          scratch_.push_back('\n');
          p += 2;
          break;
        case 'r':
          scratch_.push_back('\r');
          p += 2;
          break;
        case 't':
          scratch_.push_back('\t');
          p += 2;
          break;
        case 'u': {
          int32_t r = hex4(p + 2);
          if (r < 0) fail(Status::Parse, "invalid character in \\u hexadecimal character escape", p);
          p += 6;
          // Go: a high surrogate followed by a low one is a pair; any other
          // surrogate becomes U+FFFD and the next escape stands alone.
          if (r >= 0xd800 && r < 0xe000) {
            int32_t r2 = -1;
            if (r < 0xdc00 && p + 1 < end_ && p[0] == '\\' && p[1] == 'u') r2 = hex4(p + 2);
            if (r2 >= 0xdc00 && r2 < 0xe000) {
              r = 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00);
              p += 6;
            } else {
              r = 0xfffd;
            }
          }
          text::append_utf8(scratch_, char32_t(r));
          break;
        }
        default:
          fail(Status::Parse, "invalid character " + text::go_quote_char(input_byte(p + 1)) + " in string escape code", p + 1);
      }
    }
  }

  // The caller's byte at p (before the UTF-8 clean-up, for messages).
  unsigned char input_byte(const char* p) const {
    return san_ ? san_->original_byte(size_t(p - base_)) : static_cast<unsigned char>(*p);
  }

  int32_t hex4(const char* p) const {
    if (end_ - p < 4) return -1;
    int32_t r = 0;
    for (int i = 0; i < 4; ++i) {
      int h = hex_val(p[i]);
      if (h < 0) return -1;
      r = (r << 4) | h;
    }
    return r;
  }

  std::string_view check_len(std::string_view s, const char* at) const {
    if (s.size() > opts_.limits.max_string_length)
      throw limits::string_length(s.size(), opts_.limits.max_string_length, offset(at));
    return s;
  }

  // ---- types ----

  // The type of values decoded for schema type t: t without optional
  // attribute markers (cached, as stripping allocates).
  Type value_type(const Type& t) { return value_type_ref(t); }
  // The same without a new handle: t itself, or the cached stripped type
  // (references into the map stay valid). The cache also holds t, so that
  // its node (the key) cannot be freed and reused during the decode.
  const Type& value_type_ref(const Type& t) {
    if (!t.has_optional()) return t;
    auto it = stripped_.find(t.node());
    if (it == stripped_.end()) it = stripped_.emplace(t.node(), std::pair(t, t.without_optional())).first;
    return it->second.second;
  }

  void count_element(const char* at) { budget_.add_elements(1, offset(at)); }

  void enter(size_t depth, const char* at) const {
    if (depth + 1 > max_depth_) throw limits::depth(max_depth_, offset(at));
  }

  // The syntax of a JSON value that is skipped, not read (Go's scanner).
  [[gnu::noinline]] void check_skipped_value(const char* at, size_t depth) const {
    const size_t remaining = max_depth_ > depth ? max_depth_ - depth : 1;
    try {
      json_scan_value(std::string_view(base_, size_t(end_ - base_)), size_t(at - base_), remaining);
    } catch (Error& e) {
      size_t off = e.offset();
      if (san_ && off != kNoOffset) off = san_->original_offset(off);
      // The scan counts levels from the skipped value; the limit is the document's.
      if (e.status() == Status::Limit) throw limits::depth(max_depth_, off);
      throw Error(e.status(), e.status() == Status::Parse ? "invalid JSON: " + e.message() : e.message(), {}, off);
    }
  }

  // Reject mode: anything but whitespace after the top-level value.
  void check_trailing(od::document& doc, od::json_type jt, std::string_view tok) {
    const char* after = nullptr;
    if (jt == od::json_type::array || jt == od::json_type::object) {
      const char* loc = nullptr;
      if (!doc.current_location().get(loc)) after = loc;
    } else {
      const char* p = tok.data() + tok.size();
      while (p < end_ && is_ws(*p)) ++p;
      if (p < end_) after = p;
    }
    if (after) fail(Status::Parse, "invalid character " + text::go_quote_char((unsigned char)*after) + " after top-level value", after);
  }

  const char* base_;
  const char* end_;
  const DecodeOptions& opts_;
  DocumentBudget budget_;
  const Sanitized* san_;
  size_t max_depth_;
  const char* last_ = nullptr;  // most recent token, for errors simdjson reports without a position
  std::string scratch_;
  std::unordered_map<const void*, std::pair<Type, Type>> stripped_;  // node -> (t, stripped)
};

// Offset of a problem stage 1 reports without a position: the first raw
// control character inside a string, or the start of an unclosed string.
inline size_t locate_string_error(const char* p, size_t len) {
  size_t i = 0;
  while (i < len) {
    if (p[i] != '"') {
      ++i;
      continue;
    }
    const size_t open = i++;
    for (;;) {
      if (i >= len) return open;
      const unsigned char c = static_cast<unsigned char>(p[i]);
      if (c == '"') {
        ++i;
        break;
      }
      if (c < 0x20) return i;
      i += (c == '\\') ? 2 : 1;
    }
  }
  return kNoOffset;
}

inline simdjson::ondemand::parser& thread_parser() {
  thread_local simdjson::ondemand::parser parser;
  return parser;
}

// Runs `walk(data, len, san, doc)` on the simdjson document of a buffer with
// kJsonPadding readable bytes after `len`, and returns its result. `san`
// is set when `data` is the UTF-8-sanitized copy of the caller's input
// (offsets are then mapped back to the caller's bytes); `walk` constructs its
// JsonReader from data, len and san.
template <class Walk>
std::invoke_result_t<Walk&, const char*, size_t, const Sanitized*, od::document&> with_document(const char* data, size_t len, size_t capacity, const DecodeOptions& opts, const Sanitized* san,
                   Walk&& walk) {
  auto map_off = [&](size_t off) { return (san && off != kNoOffset) ? san->original_offset(off) : off; };

  size_t first = 0;
  while (first < len && is_ws(data[first])) ++first;
  if (first == len) throw Error(Status::Parse, "EOF", {}, map_off(len));

  // go-cty reads only the first value. simdjson checks that a top-level
  // array/object ends with its closing bracket, so cut off anything after
  // the first value before handing the text over.
  size_t use_len = len;
  if (data[first] == '[' || data[first] == '{') {
    size_t last = len;
    while (last > first && is_ws(data[last - 1])) --last;
    const char want = data[first] == '[' ? ']' : '}';
    if (data[last - 1] != want) {
      const char* vend = scan_value_end(data + first, data + len);
      const char* p = vend;
      while (p < data + len && is_ws(*p)) ++p;
      if (vend < data + len && p < data + len) {
        if (opts.trailing == Trailing::Reject)
          throw Error(Status::Parse, "invalid character " + text::go_quote_char((unsigned char)*p) + " after top-level value", {},
                      map_off(size_t(p - data)));
        use_len = size_t(vend - data);
      }
    }
  }

  od::parser& parser = thread_parser();
  od::document doc;
  auto err = parser.iterate(data, use_len, capacity).get(doc);
  if (err == simdjson::UTF8_ERROR && !san) {
    // Go replaces invalid UTF-8 inside strings with U+FFFD: retry on a
    // sanitized copy (only for inputs that need it).
    Sanitized s = sanitize_utf8(data, len);
    const size_t slen = s.buf.size();
    s.buf.resize(slen + kJsonPadding, '\0');
    const char* sdata = s.buf.data();
    return with_document(sdata, slen, s.buf.size(), opts, &s, walk);
  }
  if (err) {
    locate_syntax_error(data, use_len, san);
    size_t off = kNoOffset;
    if (err == simdjson::UNESCAPED_CHARS || err == simdjson::UNCLOSED_STRING)
      off = map_off(locate_string_error(data, use_len));
    throw Error(Status::Parse, std::string("invalid JSON: ") + simdjson::error_message(err), {}, off);
  }
  return walk(data, len, san, doc);
}

// Runs `f(padded, len, capacity)` on the input with simdjson's padding (in
// place when its capacity allows, else copied: support/json_input.hpp),
// after the input size limit.
template <class F>
auto with_padded(JsonInput in, const DecodeOptions& opts, F&& f) {
  if (in.text.size() > opts.limits.max_input_size)
    throw limits::input_size(in.text.size(), opts.limits.max_input_size);
  PaddedJson padded(in);
  return f(padded.data(), padded.size(), padded.capacity());
}

}  // namespace dynval::codec::detail::json
