// UTF-8 from code points, for tests that spell out non-ASCII text.
#pragma once

#include <initializer_list>
#include <string>

namespace dynval::test {

// The UTF-8 encoding of the code points, without validation: surrogates and
// values above U+10FFFF are encoded like any other (tests use them to build
// invalid input).
inline std::string utf8(std::initializer_list<char32_t> cps) {
  std::string s;
  for (char32_t c : cps) {
    if (c < 0x80) {
      s += static_cast<char>(c);
    } else if (c < 0x800) {
      s += static_cast<char>(0xC0 | (c >> 6));
      s += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      s += static_cast<char>(0xE0 | (c >> 12));
      s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (c >> 18));
      s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return s;
}

}  // namespace dynval::test
