// The outcome of an encoding call, for differential tests that compare two
// ways of producing the same bytes (transcoding against decode-then-encode:
// tests/unit/codec/transcode_test.cpp and tests/fuzz/fuzz_transcode.cpp).
#pragma once

#include <functional>
#include <string>

#include "support/error.hpp"
#include "values/path.hpp"

namespace dynval::test {

struct Outcome {
  bool ok = false;
  std::string bytes;  // what was appended; on error, the whole output buffer
  Status status = Status::Ok;
  std::string message;
  std::string path;
  size_t offset = kNoOffset;
};

// The output buffer starts with this, so a failed call can be checked to
// have left it as it was.
inline const std::string kOutcomePrefix = "PRE";

// Runs f(out) on a buffer holding kOutcomePrefix.
template <class F>
Outcome run(F&& f) {
  Outcome o;
  std::string out = kOutcomePrefix;
  try {
    f(out);
    o.ok = true;
    o.bytes = out.substr(kOutcomePrefix.size());
  } catch (const Error& e) {
    o.status = e.status();
    o.message = e.message();
    o.path = path_string(e.path());
    o.offset = e.offset();
    o.bytes = out;
  }
  return o;
}

inline std::string describe(const Outcome& o) {
  if (o.ok) return "ok: " + o.bytes;
  return std::string("error ") + status_name(o.status) + " '" + o.message + "' at " + o.path + " offset " +
         (o.offset == kNoOffset ? std::string("none") : std::to_string(o.offset));
}

// The status f() throws, or Status::Ok.
inline Status status_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.status();
  }
  return Status::Ok;
}

}  // namespace dynval::test
