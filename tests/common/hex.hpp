// Hex helpers shared by the tests and the fuzz seed tool.
#pragma once

#include <string>
#include <string_view>

namespace dynval::test {

// Bytes from pairs of hex digits (either case); anything else between the
// digits, such as spaces, is skipped.
inline std::string unhex(std::string_view h) {
  std::string out;
  int hi = -1;
  for (char c : h) {
    int v;
    if (c >= '0' && c <= '9') v = c - '0';
    else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    else continue;
    if (hi < 0) {
      hi = v;
    } else {
      out.push_back(char(hi << 4 | v));
      hi = -1;
    }
  }
  return out;
}

// Lower-case hex of the bytes.
inline std::string hex(std::string_view b) {
  static const char* d = "0123456789abcdef";
  std::string out;
  for (unsigned char c : b) {
    out.push_back(d[c >> 4]);
    out.push_back(d[c & 15]);
  }
  return out;
}

}  // namespace dynval::test
