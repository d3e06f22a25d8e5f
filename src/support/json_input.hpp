// JSON input for simdjson: the one place that knows simdjson's padding rule
// (it may read up to SIMDJSON_PADDING bytes past the end of the text), used
// by the schema loader and the JSON codec alike.
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace dynval {

// Bytes simdjson may read past the end of the input.
inline constexpr size_t kJsonPadding = simdjson::SIMDJSON_PADDING;

// JSON text and the readable capacity of its buffer: when capacity >=
// text.size() + kJsonPadding the text is parsed in place (the content of
// the slack does not matter, but zeroing it keeps Valgrind quiet);
// otherwise it is copied into a padded buffer first.
struct JsonInput {
  std::string_view text;
  size_t capacity = 0;
};

// A view of JSON text with kJsonPadding readable bytes after it: the
// caller's buffer when it has the slack, else a copy in a per-thread buffer
// that is reused across calls (and released after inputs over 16 MiB, so a
// huge input does not stay pinned). One PaddedJson at a time per thread
// owns that buffer; nested use must not copy (it does not: the decoders
// and the loader each pad once per document).
class PaddedJson {
 public:
  explicit PaddedJson(JsonInput in) {
    if (in.capacity >= in.text.size() && in.capacity - in.text.size() >= kJsonPadding) {
      data_ = in.text.data();
      len_ = in.text.size();
      cap_ = in.capacity;
      return;
    }
    std::string& b = buffer();
    b.assign(in.text.data(), in.text.size());
    b.resize(in.text.size() + kJsonPadding, '\0');
    copied_ = true;
    data_ = b.data();
    len_ = in.text.size();
    cap_ = b.size();
  }
  ~PaddedJson() {
    std::string& b = buffer();
    if (copied_ && b.capacity() > (size_t(1) << 24)) std::string().swap(b);
  }
  PaddedJson(const PaddedJson&) = delete;
  PaddedJson& operator=(const PaddedJson&) = delete;

  const char* data() const noexcept { return data_; }
  size_t size() const noexcept { return len_; }
  size_t capacity() const noexcept { return cap_; }

 private:
  static std::string& buffer() {
    thread_local std::string b;
    return b;
  }
  const char* data_ = nullptr;
  size_t len_ = 0;
  size_t cap_ = 0;
  bool copied_ = false;
};

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

// Checks every value below `v` as a validating parse would: the grammar of
// every token (simdjson's On-Demand matches skipped values by brackets only
// and does not check number grammar or literals itself), string and key
// escapes, and nesting up to `max_depth`. A caller that walked part of a
// document re-iterates it with the same parser and checks the whole, which
// costs about one bare On-Demand walk (a DOM parse costs three, most of it
// the fresh tape's page faults). Returns the first error, with `at` at the
// value that holds it (NUMBER_ERROR for a malformed number, DEPTH_ERROR
// beyond max_depth); locating it the way Go's scanner does is the caller's.
inline simdjson::error_code json_check_value(simdjson::ondemand::value v, size_t max_depth, const char*& at) {
  namespace od = simdjson::ondemand;
  if (v.current_location().get(at)) at = nullptr;
  if (max_depth == 0) return simdjson::DEPTH_ERROR;
  od::json_type jt;
  if (auto e = v.type().get(jt)) return e;
  switch (jt) {
    case od::json_type::array: {
      od::array a;
      if (auto e = v.get_array().get(a)) return e;
      for (auto el : a) {
        od::value cv;
        if (auto e = el.get(cv)) return e;
        if (auto e = json_check_value(cv, max_depth - 1, at)) return e;
      }
      return simdjson::SUCCESS;
    }
    case od::json_type::object: {
      od::object o;
      if (auto e = v.get_object().get(o)) return e;
      for (auto fr : o) {
        od::field f;
        std::string_view k;
        if (auto e = std::move(fr).get(f)) return e;
        if (auto e = f.unescaped_key().get(k)) return e;
        if (auto e = json_check_value(f.value(), max_depth - 1, at)) return e;
      }
      return simdjson::SUCCESS;
    }
    case od::json_type::string: {
      std::string_view s;
      return v.get_string().get(s);
    }
    case od::json_type::number: {
      std::string_view tok = v.raw_json_token();
      while (!tok.empty() && (tok.back() == ' ' || tok.back() == '\t' || tok.back() == '\n' || tok.back() == '\r'))
        tok.remove_suffix(1);
      return is_json_number(tok) ? simdjson::SUCCESS : simdjson::NUMBER_ERROR;
    }
    case od::json_type::boolean: {
      bool b;  // simdjson says INCORRECT_TYPE for `tru`: any failure is a bad literal
      return v.get_bool().get(b) ? simdjson::T_ATOM_ERROR : simdjson::SUCCESS;
    }
    case od::json_type::null: {
      bool n = false;
      return v.is_null().get(n) || !n ? simdjson::N_ATOM_ERROR : simdjson::SUCCESS;
    }
  }
  return simdjson::TAPE_ERROR;
}

}  // namespace dynval
