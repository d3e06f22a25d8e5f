// The type-constraint JSON format of go-cty (docs/gocty-behaviour.md#type-json):
// Type.MarshalJSON and Type.UnmarshalJSON from cty/json.go.
//
// Writing is simple and cached per node. Reading mirrors go-cty exactly,
// including which error wins, which means mirroring the Go encoding/json
// Decoder that go-cty drives token by token:
//
//  * The top-level call sees the raw input (go-cty's msgpack decoder calls
//    UnmarshalJSON directly on the bytes of the wrapper), read with
//    Decoder.Token(): the input is NOT validated as a whole, so trailing
//    "]" or "}" after a complete description are accepted, and the errors
//    depend on the token state (Decoder.tokenError).
//  * Every nested value (the element type, the attribute map, the tuple
//    list, the optional-names list) is read with Decoder.Decode(), which
//    first syntax-checks the whole value with Go's scanner (errors like
//    "invalid character 'x' after array element", "unexpected EOF") and only
//    then calls UnmarshalJSON on exactly that value's bytes.
//
// To stay linear, the top level validates each nested value once with
// scan_value() and then parses it in "validated" mode, where syntax errors
// cannot occur and nested values are not re-scanned.
#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "support/error.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"
#include "types/type.hpp"

namespace dynval {

// ---- writing (Type.MarshalJSON) ---------------------------------------------

namespace {

const TypeNode* node_or_dynamic(const TypeNode* n) noexcept {
  return n != nullptr ? n : Type::dynamic().node();
}

// Appends the JSON of n, reusing any cached JSON of n or its descendants
// (without filling their caches, so a deep type does not store one string per
// level). Object attribute names are sorted already and are escaped the way
// The value cached in `slot`, built by `build` on first use and published
// once (a thread that loses the race drops its copy and uses the winner's).
// The node owns the published value (type_node_unref deletes it).
template <class T, class Build>
const T& published_once(std::atomic<const T*>& slot, Build&& build) {
  if (const T* c = slot.load(std::memory_order_acquire)) return *c;
  auto built = std::make_unique<T>(build());
  const T* expected = nullptr;
  if (slot.compare_exchange_strong(expected, built.get(), std::memory_order_acq_rel, std::memory_order_acquire)) {
    return *built.release();
  }
  return *expected;
}

// Go's json.Marshal(map[string]Type) writes keys (HTML-safe); the optional
// names are the same sorted names (sort.Strings), written as a JSON array.
void write_json(const TypeNode* n, std::string& out) {
  if (const std::string* c = n->json.load(std::memory_order_acquire)) {
    out += *c;
    return;
  }
  switch (n->kind) {
    case TypeKind::Bool: out += "\"bool\""; return;
    case TypeKind::Number: out += "\"number\""; return;
    case TypeKind::String: out += "\"string\""; return;
    case TypeKind::Dynamic: out += "\"dynamic\""; return;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
      out += n->kind == TypeKind::List ? "[\"list\"," : n->kind == TypeKind::Set ? "[\"set\"," : "[\"map\",";
      write_json(n->elem.node(), out);
      out += ']';
      return;
    case TypeKind::Object: {
      out += "[\"object\",{";
      bool any_optional = false;
      for (size_t i = 0; i < n->attrs.size(); ++i) {
        const TypeAttr& a = n->attrs[i];
        if (i != 0) out += ',';
        text::append_json_quoted(out, a.name);
        out += ':';
        write_json(a.type.node(), out);
        any_optional |= a.optional;
      }
      out += '}';
      if (any_optional) {
        out += ",[";
        bool first = true;
        for (const TypeAttr& a : n->attrs) {
          if (!a.optional) continue;
          if (!first) out += ',';
          first = false;
          text::append_json_quoted(out, a.name);
        }
        out += ']';
      }
      out += ']';
      return;
    }
    case TypeKind::Tuple:
      // go-cty prints ["tuple",null] for a tuple built from a nil Go slice;
      // libdynval has no such distinction and always prints ["tuple",[]],
      // which go-cty decodes to the same type.
      out += "[\"tuple\",[";
      for (size_t i = 0; i < n->elems.size(); ++i) {
        if (i != 0) out += ',';
        write_json(n->elems[i].node(), out);
      }
      out += "]]";
      return;
  }
}

}  // namespace

void Type::append_json(std::string& out) const {
  const TypeNode* n = node_or_dynamic(n_);
  if (n->immortal) {  // primitives, dynamic, empty object/tuple: short, not cached
    write_json(n, out);
    return;
  }
  out += published_once(n->json, [n] {
    std::string built;
    write_json(n, built);
    return built;
  });
}

const TypeJsonKeys& Type::build_attr_json_keys() const {
  static const TypeJsonKeys kNone;
  if (n_ == nullptr || n_->attrs.empty()) return kNone;
  const TypeNode* n = n_;
  return published_once(n->json_keys, [n] {
    TypeJsonKeys k;
    k.ends_.reserve(n->attrs.size());
    for (const TypeAttr& a : n->attrs) {
      text::append_json_quoted(k.text_, a.name);
      k.text_.push_back(':');
      k.ends_.push_back(k.text_.size());
    }
    return k;
  });
}

std::string Type::to_json() const {
  std::string out;
  append_json(out);
  return out;
}

// ---- reading (Type.UnmarshalJSON) --------------------------------------------

namespace {

bool is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
int hex_val(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

enum class Scalar : uint8_t { String, Number, Bool, Null };

class TypeJsonReader {
 public:
  TypeJsonReader(std::string_view s, size_t max_depth) : s_(s), max_depth_(max_depth) {}

  Type parse_top() { return parse_desc(/*top=*/true, 0); }
  // As a plain JSON syntax check (json_scan_value).
  size_t scan(size_t i) {
    type_desc_ = false;
    return scan_value(i, 0);
  }

  // go-cty cty/json ImpliedType: the input read with Decoder.Token() (and
  // UseNumber) throughout, as go-cty reads it.
  Type implied_top() {
    Type t = implied_for_token(next_token(), 0);
    if (more()) fail("extraneous data after JSON object", p_);
    return t;
  }

 private:
  std::string_view s_;
  size_t p_ = 0;
  size_t max_depth_;
  size_t scan_start_ = 0;  // where the current scan_value started
  bool type_desc_ = true;  // reading a type description (for the depth message)

  [[noreturn]] void fail(std::string msg, size_t off) const {
    throw Error(Status::Parse, std::move(msg), {}, off);
  }
  // A Go *json.SyntaxError "invalid character 'c' <context>".
  [[noreturn]] void fail_char(size_t off, const char* context) const {
    fail("invalid character " + text::go_quote_char((unsigned char)s_[off]) + " " + context, off);
  }
  [[noreturn]] void fail_depth(size_t off) const {
    throw type_desc_ ? limits::type_depth(max_depth_, off) : limits::depth(max_depth_, off);
  }
  // The input ends inside a value read by Decoder.readValue. Go reports
  // io.EOF when everything from the value's start is whitespace, else
  // io.ErrUnexpectedEOF (readValue's nonSpace check of the unread buffer).
  [[noreturn]] void fail_ueof() const {
    for (size_t i = scan_start_; i < s_.size(); ++i) {
      if (!is_ws((unsigned char)s_[i])) fail("unexpected EOF", s_.size());
    }
    fail("EOF", s_.size());
  }

  // Decoder.peek: skips whitespace; the next byte or -1 at the end.
  int peek() {
    while (p_ < s_.size() && is_ws((unsigned char)s_[p_])) ++p_;
    return p_ < s_.size() ? (unsigned char)s_[p_] : -1;
  }
  // Decoder.More.
  bool more() {
    int c = peek();
    return c >= 0 && c != ']' && c != '}';
  }

  // ---- Go's scanner (encoding/json/scanner.go), as Decoder.readValue runs it:
  // from a reset state, one value starting at i (leading whitespace skipped);
  // returns the index just past the value. A scalar at the top ends at the
  // first byte that cannot continue it (that byte is not checked here).
  size_t scan_string(size_t i) const {  // s_[i] == '"'
    ++i;
    for (;;) {
      if (i >= s_.size()) fail_ueof();
      unsigned char c = (unsigned char)s_[i];
      if (c == '"') return i + 1;
      if (c == '\\') {
        ++i;
        if (i >= s_.size()) fail_ueof();
        c = (unsigned char)s_[i];
        if (c == 'u') {
          for (int k = 0; k < 4; ++k) {
            ++i;
            if (i >= s_.size()) fail_ueof();
            if (hex_val((unsigned char)s_[i]) < 0) fail_char(i, "in \\u hexadecimal character escape");
          }
        } else if (c != 'b' && c != 'f' && c != 'n' && c != 'r' && c != 't' && c != '\\' && c != '/' &&
                   c != '"') {
          fail_char(i, "in string escape code");
        }
        ++i;
        continue;
      }
      if (c < 0x20) fail_char(i, "in string literal");
      ++i;
    }
  }

  size_t scan_number(size_t i) const {
    auto at = [&](size_t k) -> int { return k < s_.size() ? (unsigned char)s_[k] : -1; };
    if (at(i) == '-') {
      ++i;
      if (at(i) < 0) fail_ueof();
      if (!is_digit((unsigned char)at(i))) fail_char(i, "in numeric literal");
    }
    if (at(i) == '0') {
      ++i;
    } else {
      while (at(i) >= 0 && is_digit((unsigned char)at(i))) ++i;
    }
    if (at(i) == '.') {
      ++i;
      if (at(i) < 0) fail_ueof();
      if (!is_digit((unsigned char)at(i))) fail_char(i, "after decimal point in numeric literal");
      while (at(i) >= 0 && is_digit((unsigned char)at(i))) ++i;
    }
    if (at(i) == 'e' || at(i) == 'E') {
      ++i;
      if (at(i) == '+' || at(i) == '-') ++i;
      if (at(i) < 0) fail_ueof();
      if (!is_digit((unsigned char)at(i))) fail_char(i, "in exponent of numeric literal");
      while (at(i) >= 0 && is_digit((unsigned char)at(i))) ++i;
    }
    return i;
  }

  size_t scan_literal(size_t i, std::string_view word) const {
    for (size_t k = 1; k < word.size(); ++k) {
      size_t j = i + k;
      if (j >= s_.size()) fail_ueof();
      if (s_[j] != word[k]) {
        std::string ctx = "in literal " + std::string(word) + " (expecting " +
                          text::go_quote_char((unsigned char)word[k]) + ")";
        fail_char(j, ctx.c_str());
      }
    }
    return i + word.size();
  }

  // base_depth: the JSON nesting depth of the context the value sits in.
  size_t scan_value(size_t i, size_t base_depth) {
    scan_start_ = i;
    std::vector<bool> stack;  // true = object, false = array
    auto skip_ws = [&] {
      while (i < s_.size() && is_ws((unsigned char)s_[i])) ++i;
      if (i >= s_.size()) fail_ueof();
    };
    auto push = [&](bool obj) {
      stack.push_back(obj);
      if (base_depth + stack.size() > max_depth_) fail_depth(i);
      ++i;
    };
    for (;;) {
      // stateBeginValue
      skip_ws();
      unsigned char c = (unsigned char)s_[i];
      bool need_key = false;
      switch (c) {
        case '{':
          push(true);
          skip_ws();
          if (s_[i] == '}') {
            ++i;
            stack.pop_back();
            break;
          }
          if (s_[i] != '"') fail_char(i, "looking for beginning of object key string");
          need_key = true;
          break;
        case '[':
          push(false);
          skip_ws();
          if (s_[i] == ']') {
            ++i;
            stack.pop_back();
            break;
          }
          continue;  // the first element
        case '"': i = scan_string(i); break;
        case 't': i = scan_literal(i, "true"); break;
        case 'f': i = scan_literal(i, "false"); break;
        case 'n': i = scan_literal(i, "null"); break;
        default:
          if (c == '-' || is_digit(c)) {
            i = scan_number(i);
            break;
          }
          fail_char(i, "looking for beginning of value");
      }
      // stateEndValue, looping while containers close
      for (;;) {
        if (need_key) {  // at an object key string
          i = scan_string(i);
          skip_ws();
          if (s_[i] != ':') fail_char(i, "after object key");
          ++i;
          need_key = false;
          break;  // the member value
        }
        if (stack.empty()) return i;
        skip_ws();
        c = (unsigned char)s_[i];
        if (stack.back()) {
          if (c == ',') {
            ++i;
            skip_ws();
            if (s_[i] != '"') fail_char(i, "looking for beginning of object key string");
            need_key = true;
            continue;
          }
          if (c == '}') {
            ++i;
            stack.pop_back();
            continue;
          }
          fail_char(i, "after object key:value pair");
        } else {
          if (c == ',') {
            ++i;
            break;  // the next element
          }
          if (c == ']') {
            ++i;
            stack.pop_back();
            continue;
          }
          fail_char(i, "after array element");
        }
      }
    }
  }

  // ---- Decoder.Token for a scalar (Token's default branch runs Decode(&x)
  // into an interface{}): scans the value and classifies it. A number that
  // overflows float64 fails the way Go's convertNumber does.
  Scalar scalar_token(size_t& begin, size_t& end) {
    begin = p_;
    end = scan_value(p_, 0);
    p_ = end;
    switch (s_[begin]) {
      case '"': return Scalar::String;
      case 't':
      case 'f': return Scalar::Bool;
      case 'n': return Scalar::Null;
      default: check_float64(begin, end); return Scalar::Number;
    }
  }

  void check_float64(size_t b, size_t e) const {
    std::string_view num = s_.substr(b, e - b);
    double d = 0;
    auto r = std::from_chars(num.data(), num.data() + num.size(), d);
    if (r.ec != std::errc::result_out_of_range) return;
    // from_chars reports underflow and overflow alike; Go's ParseFloat only
    // fails on overflow. Decide by the decimal exponent of the first
    // significant digit.
    long exp10 = 0;
    size_t k = 0;
    if (k < num.size() && num[k] == '-') ++k;
    long int_digits = 0, lead_frac_zeros = 0;
    bool seen_nonzero = false;
    for (; k < num.size() && is_digit((unsigned char)num[k]); ++k) {
      if (num[k] != '0') seen_nonzero = true;
      if (seen_nonzero) ++int_digits;
    }
    if (k < num.size() && num[k] == '.') {
      for (++k; k < num.size() && is_digit((unsigned char)num[k]); ++k) {
        if (!seen_nonzero && num[k] == '0') ++lead_frac_zeros;
        else seen_nonzero = true;
      }
    }
    if (k < num.size() && (num[k] == 'e' || num[k] == 'E')) {
      ++k;
      bool neg = false;
      if (num[k] == '+' || num[k] == '-') neg = num[k++] == '-';
      for (; k < num.size(); ++k) {
        if (exp10 < 100000000) exp10 = exp10 * 10 + (num[k] - '0');
      }
      if (neg) exp10 = -exp10;
    }
    long magnitude = int_digits > 0 ? exp10 + int_digits : exp10 - lead_frac_zeros;
    if (magnitude > 0) {
      fail("json: cannot unmarshal number " + std::string(num) + " into Go value of type float64", b);
    }
  }

  // Go's unquote of a scanned (valid) string token s_[b..e): escapes decoded,
  // \u surrogate pairs combined, lone surrogates and invalid UTF-8 bytes
  // replaced by U+FFFD (one per byte, as utf8.DecodeRune does).
  std::string decode_string(size_t b, size_t e) const {
    std::string out;
    out.reserve(e - b);
    size_t i = b + 1, end = e - 1;
    auto u4 = [&](size_t at) -> long {  // "\uXXXX" at s_[at], or -1
      if (at + 6 > end || s_[at] != '\\' || s_[at + 1] != 'u') return -1;
      long r = 0;
      for (size_t k = at + 2; k < at + 6; ++k) {
        int h = hex_val((unsigned char)s_[k]);
        if (h < 0) return -1;
        r = r * 16 + h;
      }
      return r;
    };
    while (i < end) {
      unsigned char c = (unsigned char)s_[i];
      if (c == '\\') {
        char esc = s_[i + 1];
        switch (esc) {
          case 'b': out += '\b'; i += 2; continue;
          case 'f': out += '\f'; i += 2; continue;
          case 'n': out += '\n'; i += 2; continue;
          case 'r': out += '\r'; i += 2; continue;
          case 't': out += '\t'; i += 2; continue;
          case 'u': {
            long r = u4(i);
            i += 6;
            if (r >= 0xD800 && r < 0xE000) {
              long r2 = u4(i);
              if (r < 0xDC00 && r2 >= 0xDC00 && r2 < 0xE000) {
                r = 0x10000 + ((r - 0xD800) << 10) + (r2 - 0xDC00);
                i += 6;
              } else {
                r = 0xFFFD;  // utf16.DecodeRune failed: the second escape stays
              }
            }
            text::append_utf8(out, char32_t(r));
            continue;
          }
          default: out += esc; i += 2; continue;  // \\ \/ \"
        }
      }
      if (c < 0x80) {
        out += char(c);
        ++i;
        continue;
      }
      size_t n = text::go_utf8_width(reinterpret_cast<const unsigned char*>(s_.data()) + i, end - i);
      if (n == 0) {
        out += "\xEF\xBF\xBD";
        ++i;
      } else {
        out.append(s_.data() + i, n);
        i += n;
      }
    }
    return out;
  }

  // Skips one JSON value that is known to be valid (used for elements that
  // only produce a saved type error).
  void skip_valid_value(size_t depth) { p_ = scan_value(p_, depth); }

  // ---- Decoder.Token() for ImpliedType ----------------------------------------
  // Go's token states (encoding/json stream.go).
  enum class Tok : uint8_t { TopValue, ArrayStart, ArrayValue, ArrayComma, ObjectStart, ObjectKey, ObjectColon,
                             ObjectValue, ObjectComma };
  Tok tok_ = Tok::TopValue;
  std::vector<Tok> tok_stack_;

  struct Token {
    enum Kind : uint8_t { Delim, String, Number, Bool, Null } kind;
    char delim = 0;
    size_t begin = 0, end = 0;  // String: the quoted token
  };

  bool tok_value_allowed() const {
    return tok_ == Tok::TopValue || tok_ == Tok::ArrayStart || tok_ == Tok::ArrayValue || tok_ == Tok::ObjectValue;
  }
  void tok_value_end() {
    if (tok_ == Tok::ArrayStart || tok_ == Tok::ArrayValue) tok_ = Tok::ArrayComma;
    else if (tok_ == Tok::ObjectValue) tok_ = Tok::ObjectComma;
  }
  [[noreturn]] void tok_error(size_t at) const {
    const char* ctx = "looking for beginning of value";
    switch (tok_) {
      case Tok::ObjectStart:  // Go's tokenError has no context for it
        fail("invalid character " + text::go_quote_char((unsigned char)s_[at]), at);
      case Tok::ArrayComma: ctx = "after array element"; break;
      case Tok::ObjectKey: ctx = "looking for beginning of object key string"; break;
      case Tok::ObjectColon: ctx = "after object key"; break;
      case Tok::ObjectComma: ctx = "after object key:value pair"; break;
      default: break;
    }
    fail_char(at, ctx);
  }

  // Decode(&x) of one scalar in the current state (readValue from a fresh
  // scanner, then tokenValueEnd).
  Token decode_scalar() {
    Token t{Token::Null};
    t.begin = p_;
    t.end = scan_value(p_, tok_stack_.size());
    p_ = t.end;
    switch (s_[t.begin]) {
      case '"': t.kind = Token::String; break;
      case 't':
      case 'f': t.kind = Token::Bool; break;
      case 'n': t.kind = Token::Null; break;
      default: t.kind = Token::Number; break;  // UseNumber: no float64 check
    }
    return t;
  }

  Token next_token() {
    for (;;) {
      const int c = peek();
      if (c < 0) fail("EOF", p_);
      const size_t at = p_;
      switch (c) {
        case '[':
        case '{':
          if (!tok_value_allowed()) tok_error(at);
          ++p_;
          if (tok_stack_.size() + 1 > max_depth_) fail_depth(at);
          tok_stack_.push_back(tok_);
          tok_ = c == '[' ? Tok::ArrayStart : Tok::ObjectStart;
          return Token{Token::Delim, char(c)};
        case ']':
        case '}':
          if (c == ']' ? (tok_ != Tok::ArrayStart && tok_ != Tok::ArrayComma)
                       : (tok_ != Tok::ObjectStart && tok_ != Tok::ObjectComma)) {
            tok_error(at);
          }
          ++p_;
          tok_ = tok_stack_.back();
          tok_stack_.pop_back();
          tok_value_end();
          return Token{Token::Delim, char(c)};
        case ':':
          if (tok_ != Tok::ObjectColon) tok_error(at);
          ++p_;
          tok_ = Tok::ObjectValue;
          continue;
        case ',':
          if (tok_ == Tok::ArrayComma) {
            ++p_;
            tok_ = Tok::ArrayValue;
            continue;
          }
          if (tok_ == Tok::ObjectComma) {
            ++p_;
            tok_ = Tok::ObjectKey;
            continue;
          }
          tok_error(at);
        case '"':
          if (tok_ == Tok::ObjectStart || tok_ == Tok::ObjectKey) {
            Token t = decode_scalar();
            tok_ = Tok::ObjectColon;
            return t;
          }
          [[fallthrough]];
        default: {
          if (!tok_value_allowed()) tok_error(at);
          Token t = decode_scalar();
          tok_value_end();
          return t;
        }
      }
    }
  }

  Type implied_for_token(const Token& t, size_t depth) {
    switch (t.kind) {
      case Token::Null: return Type::dynamic();
      case Token::Bool: return Type::boolean();
      case Token::Number: return Type::number();
      case Token::String: return Type::string();
      case Token::Delim: break;
    }
    if (t.delim == '{') return implied_object(depth + 1);
    if (t.delim == '[') return implied_tuple(depth + 1);
    fail(std::string("unexpected token ") + text::go_quoted(std::string(1, t.delim)), p_);
  }

  Type implied_object(size_t depth) {
    // Raw keys (before NFC) in document order with their types; a repeated
    // key must repeat its type. `seen` finds a repeated key as go-cty's Go
    // map does, in O(log n) comparisons (an ordered map: no input can make
    // its lookups degrade, as colliding keys could a hash table's).
    std::vector<std::pair<std::string, Type>> atys;
    std::map<std::string, size_t, std::less<>> seen;  // raw key -> index in atys
    for (;;) {
      const Token k = next_token();
      if (k.kind == Token::Delim) {
        if (k.delim != '}') fail(std::string("unexpected delimiter ") + text::go_quoted(std::string(1, k.delim)), p_);
        break;
      }
      if (k.kind != Token::String) fail("expected string but found a non-string token", k.begin);
      std::string key = decode_string(k.begin, k.end);
      Type aty = implied_for_token(next_token(), depth);
      const auto [it, added] = seen.try_emplace(key, atys.size());
      if (!added) {
        if (!(atys[it->second].second == aty)) {
          fail("duplicate " + text::go_quoted(key) + " property in JSON object", k.begin);
        }
        continue;
      }
      atys.emplace_back(std::move(key), std::move(aty));
    }
    if (atys.empty()) return Type::empty_object();
    std::vector<Type::AttrSpec> specs;
    specs.reserve(atys.size());
    for (auto& [k, t] : atys) specs.push_back(Type::AttrSpec{std::move(k), std::move(t), false});
    try {
      return Type::object(std::move(specs));
    } catch (const Error& e) {
      // Two keys equal after NFC (go-cty keeps one of them at random).
      fail(e.message(), p_);
    }
  }

  Type implied_tuple(size_t depth) {
    std::vector<Type> etys;
    for (;;) {
      const Token t = next_token();
      if (t.kind == Token::Delim && t.delim == ']') break;
      etys.push_back(implied_for_token(t, depth));
    }
    if (etys.empty()) return Type::empty_tuple();
    return Type::tuple(std::move(etys));
  }

  // ---- UnmarshalJSON --------------------------------------------------------
  // top: the raw input as go-cty's UnmarshalJSON receives it from a caller;
  // otherwise p_ is at a value already validated by the scanner.
  Type parse_desc(bool top, size_t depth) {
    int c = peek();
    if (c < 0) fail("EOF", p_);
    size_t start = p_;
    switch (c) {
      case '[':
        ++p_;
        if (depth + 1 > max_depth_) fail_depth(start);
        return parse_complex(top, depth + 1);
      case '{': fail("invalid complex type description", start);
      case ']':
      case '}':
      case ':':
      case ',': fail_char(start, "looking for beginning of value");
      default: break;
    }
    size_t b = 0, e = 0;
    if (scalar_token(b, e) != Scalar::String) fail("invalid type description", start);
    std::string name = decode_string(b, e);
    Type ty;
    if (name == "bool") {
      ty = Type::boolean();
    } else if (name == "number") {
      ty = Type::number();
    } else if (name == "string") {
      ty = Type::string();
    } else if (name == "dynamic") {
      ty = Type::dynamic();
    } else {
      fail("invalid primitive type name " + text::go_quoted(name), start);
    }
    if (top && more()) fail("extraneous data after type description", p_);
    return ty;
  }

  // After the '[' of a complex type description.
  Type parse_complex(bool top, size_t depth) {
    int c = peek();
    if (c < 0) fail("EOF", p_);
    size_t kind_at = p_;
    // Token() returns the delimiters [ ] { as tokens; } : , are token errors.
    if (c == '[' || c == ']' || c == '{') fail("invalid complex type kind name", kind_at);
    if (c == '}' || c == ':' || c == ',') fail_char(kind_at, "looking for beginning of value");
    size_t b = 0, e = 0;
    if (scalar_token(b, e) != Scalar::String) fail("invalid complex type kind name", kind_at);
    std::string kind = decode_string(b, e);

    Type result;
    if (kind == "list" || kind == "set" || kind == "map") {
      begin_decode(top, depth);
      Type elem = parse_desc(false, depth);
      result = kind == "list" ? Type::list(elem) : kind == "set" ? Type::set(elem) : Type::map(elem);
    } else if (kind == "object") {
      begin_decode(top, depth);
      size_t attrs_at = p_;
      std::vector<Type::AttrSpec> attrs = decode_attr_map(depth);
      std::vector<std::string> optional;
      size_t optional_at = attrs_at;
      if (more()) {
        begin_decode(top, depth);
        optional_at = p_;
        optional = decode_string_list(depth);
      }
      result = build_object(std::move(attrs), std::move(optional), optional_at);
    } else if (kind == "tuple") {
      begin_decode(top, depth);
      result = Type::tuple(decode_type_list(depth));
    } else {
      fail("invalid complex type kind name", kind_at);
    }

    // tok, err = dec.Token(); it must be ']' and, at the top, not followed by
    // More() data.
    c = peek();
    if (c < 0) fail("EOF", p_);
    if (c == ']') {
      ++p_;
      if (top && more()) fail("unexpected extra data in type description", p_);
      return result;
    }
    if (c == ',') {  // Token() consumes the comma and reads the next value
      ++p_;
      int d = peek();
      if (d < 0) fail("EOF", p_);
      size_t at = p_;
      if (d == '[' || d == '{') fail("unexpected extra data in type description", at);
      if (d == ']' || d == '}' || d == ':' || d == ',') fail_char(at, "looking for beginning of value");
      size_t sb = 0, se = 0;
      scalar_token(sb, se);
      fail("unexpected extra data in type description", at);
    }
    fail_char(p_, "after array element");
  }

  // Decoder.Decode inside an array: tokenPrepareForDecode wants the comma,
  // then readValue syntax-checks the whole value (at the top level only: a
  // validated value needs no second check).
  void begin_decode(bool top, size_t depth) {
    int c = peek();
    if (c < 0) fail("EOF", p_);
    if (c != ',') fail("expected comma after array element", p_);
    ++p_;
    if (top) scan_value(p_, depth);
    peek();
  }

  // A Go *json.UnmarshalTypeError for a value of the wrong JSON kind.
  [[noreturn]] void fail_go_type(size_t at, const char* go_type) const {
    const char* what = "number";
    switch (s_[at]) {
      case '"': what = "string"; break;
      case '[': what = "array"; break;
      case '{': what = "object"; break;
      case 't':
      case 'f': what = "bool"; break;
      default: break;
    }
    fail(std::string("json: cannot unmarshal ") + what + " into Go value of type " + go_type, at);
  }

  // var atys map[string]Type; dec.Decode(&atys). Later duplicate keys replace
  // earlier ones (Go map assignment). Returns specs in document order with
  // duplicates removed (last wins), names not yet normalised.
  std::vector<Type::AttrSpec> decode_attr_map(size_t depth) {
    size_t at = p_;
    if (s_[at] == 'n') {  // null: a nil map, i.e. the empty object
      p_ += 4;
      return {};
    }
    if (s_[at] != '{') fail_go_type(at, "map[string]cty.Type");
    ++p_;
    if (depth + 1 > max_depth_) fail_depth(at);
    std::vector<Type::AttrSpec> attrs;
    if (peek() == '}') {
      ++p_;
      return attrs;
    }
    for (;;) {
      size_t kb = p_;
      size_t ke = scan_string(kb);
      p_ = ke;
      std::string key = decode_string(kb, ke);
      peek();
      ++p_;  // ':'
      Type t = parse_desc(false, depth + 1);
      attrs.push_back(Type::AttrSpec{std::move(key), std::move(t), false});
      if (peek() == ',') {
        ++p_;
        peek();
        continue;
      }
      ++p_;  // '}'
      return attrs;
    }
  }

  // var etys []Type; dec.Decode(&etys). null is the nil slice: an empty tuple.
  std::vector<Type> decode_type_list(size_t depth) {
    size_t at = p_;
    if (s_[at] == 'n') {
      p_ += 4;
      return {};
    }
    if (s_[at] != '[') fail_go_type(at, "[]cty.Type");
    ++p_;
    if (depth + 1 > max_depth_) fail_depth(at);
    std::vector<Type> elems;
    if (peek() == ']') {
      ++p_;
      return elems;
    }
    for (;;) {
      elems.push_back(parse_desc(false, depth + 1));
      if (peek() == ',') {
        ++p_;
        continue;
      }
      ++p_;  // ']'
      return elems;
    }
  }

  // var optionals []string; dec.Decode(&optionals). Wrongly typed elements are
  // "saved" errors in Go: decoding goes on and the first one is returned.
  // A null element leaves "" in its slot.
  std::vector<std::string> decode_string_list(size_t depth) {
    size_t at = p_;
    if (s_[at] == 'n') {
      p_ += 4;
      return {};
    }
    if (s_[at] != '[') fail_go_type(at, "[]string");
    ++p_;
    if (depth + 1 > max_depth_) fail_depth(at);
    std::vector<std::string> names;
    size_t saved_error_at = SIZE_MAX;
    if (peek() == ']') {
      ++p_;
      return names;
    }
    for (;;) {
      size_t eb = p_;
      unsigned char c = (unsigned char)s_[eb];
      if (c == '"') {
        p_ = scan_string(eb);
        names.push_back(decode_string(eb, p_));
      } else if (c == 'n') {
        p_ += 4;
        names.emplace_back();
      } else {
        if (saved_error_at == SIZE_MAX) saved_error_at = eb;
        skip_valid_value(depth + 1);
      }
      if (peek() == ',') {
        ++p_;
        peek();
        continue;
      }
      ++p_;  // ']'
      break;
    }
    if (saved_error_at != SIZE_MAX) fail_go_type(saved_error_at, "string");
    return names;
  }

  // cty.ObjectWithOptionalAttrs: names are NFC-normalised; the optional names
  // must be declared attributes. go-cty panics ("optional contains undeclared
  // attribute %q") on an undeclared one; libdynval reports that message as a
  // Status::Parse error instead.
  //
  // Two keys that differ only in normalisation collapse to one attribute; in
  // go-cty the survivor depends on Go's random map order, here the later one
  // in the document wins (as for exact duplicate keys).
  Type build_object(std::vector<Type::AttrSpec> attrs, std::vector<std::string> optional,
                    size_t optional_at) {
    for (Type::AttrSpec& a : attrs) {
      if (!text::is_nfc(a.name)) a.name = text::to_nfc(a.name);
    }
    // Keep the last of equal names: stable sort, then keep each run's last.
    std::stable_sort(attrs.begin(), attrs.end(),
                     [](const Type::AttrSpec& x, const Type::AttrSpec& y) { return x.name < y.name; });
    std::vector<Type::AttrSpec> unique;
    unique.reserve(attrs.size());
    for (size_t i = 0; i < attrs.size(); ++i) {
      if (i + 1 < attrs.size() && attrs[i + 1].name == attrs[i].name) continue;
      unique.push_back(std::move(attrs[i]));
    }
    for (std::string& name : optional) {
      if (!text::is_nfc(name)) name = text::to_nfc(name);
      auto it = std::lower_bound(unique.begin(), unique.end(), name,
                                 [](const Type::AttrSpec& a, const std::string& n) { return a.name < n; });
      if (it == unique.end() || it->name != name) {
        fail("optional contains undeclared attribute " + text::go_quoted(name), optional_at);
      }
      it->optional = true;
    }
    return Type::object(std::move(unique));
  }
};

}  // namespace

Type Type::from_json(std::string_view json, size_t max_depth) {
  TypeJsonReader r(json, std::min(max_depth, kMaxJsonDepth));
  return r.parse_top();
}

size_t json_scan_value(std::string_view s, size_t i, size_t max_depth) {
  TypeJsonReader r(s, std::min(max_depth, Type::kMaxJsonDepth));
  return r.scan(i);
}

void json_check_document(std::string_view s, size_t max_depth) {
  size_t i = json_scan_value(s, 0, max_depth);
  while (i < s.size() && is_ws((unsigned char)s[i])) ++i;
  if (i < s.size()) {
    throw Error(Status::Parse,
                "invalid character " + text::go_quote_char((unsigned char)s[i]) + " after top-level value", {}, i);
  }
}

Type Type::implied_from_json(std::string_view json, size_t max_depth) {
  TypeJsonReader r(json, std::min(max_depth, kMaxJsonDepth));
  return r.implied_top();
}

}  // namespace dynval
