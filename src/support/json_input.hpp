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

}  // namespace dynval
