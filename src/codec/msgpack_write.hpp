// MessagePack header writers with exactly the forms go-cty's msgpack library
// (vmihailenco/msgpack v5.3.5) chooses (docs/gocty-behaviour.md#msgpack-headers). Shared by the
// encoder and the transcoder; everything appends to a std::string.
//
// msgpack-cxx's packer is deliberately not used: its pack_double() writes
// integral doubles as integers, while cty
// always writes `cb` + 8 bytes; the other forms are a handful of lines.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "number/number.hpp"

namespace dynval::codec::mp {

inline void put_be16(std::string& out, uint16_t v) {
  const char b[2] = {char(v >> 8), char(v)};
  out.append(b, 2);
}
inline void put_be32(std::string& out, uint32_t v) {
  const char b[4] = {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
  out.append(b, 4);
}
inline void put_be64(std::string& out, uint64_t v) {
  char b[8];
  for (int i = 0; i < 8; ++i) b[i] = char(v >> (56 - 8 * i));
  out.append(b, 8);
}

inline void write_nil(std::string& out) { out.push_back(char(0xc0)); }
inline void write_bool(std::string& out, bool b) { out.push_back(char(b ? 0xc3 : 0xc2)); }

// EncodeUint: smallest unsigned form; positive values never use d0..d3.
inline void write_uint(std::string& out, uint64_t n) {
  if (n <= 127) {
    out.push_back(char(n));
  } else if (n <= 0xff) {
    out.push_back(char(0xcc));
    out.push_back(char(n));
  } else if (n <= 0xffff) {
    out.push_back(char(0xcd));
    put_be16(out, uint16_t(n));
  } else if (n <= 0xffffffffu) {
    out.push_back(char(0xce));
    put_be32(out, uint32_t(n));
  } else {
    out.push_back(char(0xcf));
    put_be64(out, n);
  }
}

// EncodeInt (v5 encode_number.go): always minimal.
inline void write_int(std::string& out, int64_t n) {
  if (n >= 0) {
    write_uint(out, uint64_t(n));
  } else if (n >= -32) {
    out.push_back(char(n));  // negative fixint e0..ff
  } else if (n >= -128) {
    out.push_back(char(0xd0));
    out.push_back(char(n));
  } else if (n >= -32768) {
    out.push_back(char(0xd1));
    put_be16(out, uint16_t(n));
  } else if (n >= INT32_MIN) {
    out.push_back(char(0xd2));
    put_be32(out, uint32_t(n));
  } else {
    out.push_back(char(0xd3));
    put_be64(out, uint64_t(n));
  }
}

// EncodeFloat64 with UseCompactFloats(false): always cb + binary64.
inline void write_float64(std::string& out, double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  out.push_back(char(0xcb));
  put_be64(out, bits);
}

inline void write_str_header(std::string& out, size_t n) {
  if (n < 32) {
    out.push_back(char(0xa0 | n));
  } else if (n <= 0xff) {
    out.push_back(char(0xd9));
    out.push_back(char(n));
  } else if (n <= 0xffff) {
    out.push_back(char(0xda));
    put_be16(out, uint16_t(n));
  } else {
    out.push_back(char(0xdb));
    put_be32(out, uint32_t(n));
  }
}
inline void write_str(std::string& out, std::string_view s) {
  write_str_header(out, s.size());
  out.append(s);
}

inline void write_bin_header(std::string& out, size_t n) {
  if (n <= 0xff) {
    out.push_back(char(0xc4));
    out.push_back(char(n));
  } else if (n <= 0xffff) {
    out.push_back(char(0xc5));
    put_be16(out, uint16_t(n));
  } else {
    out.push_back(char(0xc6));
    put_be32(out, uint32_t(n));
  }
}

// A bin item whose bytes `body(out)` appends (of a length not known
// beforehand): a bin8 header is written first and widened if needed.
template <class Body>
void write_bin_of(std::string& out, Body&& body) {
  const size_t hdr = out.size();
  out.append("\xc4\x00", 2);
  body(out);
  const size_t len = out.size() - hdr - 2;
  if (len <= 0xff) {
    out[hdr + 1] = char(len);
  } else {
    std::string h;
    write_bin_header(h, len);
    out.replace(hdr, 2, h);
  }
}

inline void write_array_header(std::string& out, size_t n) {
  if (n < 16) {
    out.push_back(char(0x90 | n));
  } else if (n <= 0xffff) {
    out.push_back(char(0xdc));
    put_be16(out, uint16_t(n));
  } else {
    out.push_back(char(0xdd));
    put_be32(out, uint32_t(n));
  }
}

inline void write_map_header(std::string& out, size_t n) {
  if (n < 16) {
    out.push_back(char(0x80 | n));
  } else if (n <= 0xffff) {
    out.push_back(char(0xde));
    put_be16(out, uint16_t(n));
  } else {
    out.push_back(char(0xdf));
    put_be32(out, uint32_t(n));
  }
}

// EncodeExtHeader (v5 ext.go): fixext for 1/2/4/8/16-byte payloads.
inline void write_ext_header(std::string& out, int8_t type, size_t len) {
  switch (len) {
    case 1: out.push_back(char(0xd4)); break;
    case 2: out.push_back(char(0xd5)); break;
    case 4: out.push_back(char(0xd6)); break;
    case 8: out.push_back(char(0xd7)); break;
    case 16: out.push_back(char(0xd8)); break;
    default:
      if (len <= 0xff) {
        out.push_back(char(0xc7));
        out.push_back(char(len));
      } else if (len <= 0xffff) {
        out.push_back(char(0xc8));
        put_be16(out, uint16_t(len));
      } else {
        out.push_back(char(0xc9));
        put_be32(out, uint32_t(len));
      }
  }
  out.push_back(char(type));
}

// cty's wholly-unknown value: fixext1, type 0, one zero byte.
inline void write_unknown(std::string& out) { out.append("\xd4\x00\x00", 3); }

// Ext type of a refined unknown (cty/msgpack/unknown.go).
inline constexpr int8_t kExtRefinedUnknown = 0x0c;
// The longest refined-unknown payload (map header and entries) go-cty's
// decoder reads (unknown.go); ours refuses longer ones too, so the encoder
// never writes one (see msgpack_encode.cpp, unknown()).
inline constexpr size_t kMaxRefinedUnknownPayload = 1024;

// A number in the form go-cty's marshaller picks from its precision
// (docs/gocty-behaviour.md#number-form): int64-exact -> minimal int, exact binary64 and not an
// integer -> cb float64, anything else (incl. integers beyond int64) -> the
// decimal text as a str; +/-Inf -> cb.
inline void write_number(std::string& out, const Number& n) {
  if (n.kind() == Number::Kind::Int) {  // fast path: an int64 is always Int64()-exact
    write_int(out, n.int_value());
    return;
  }
  bool exact = false;
  switch (n.wire_form()) {
    case Number::WireForm::Int64:
      write_int(out, n.to_int64(&exact));
      return;
    case Number::WireForm::Float64:
      write_float64(out, n.to_double(&exact));
      return;
    case Number::WireForm::Uint64:  // go-cty never writes cf for >= 2^63: text
    case Number::WireForm::Text:
      write_str(out, n.text());
      return;
  }
}

}  // namespace dynval::codec::mp
