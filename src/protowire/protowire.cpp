#include "protowire/protowire.hpp"

#include "support/limits.hpp"
#include "text/text.hpp"

namespace dynval::protowire {

Reader::Reader(std::span<const uint8_t> bytes, std::string_view what) : prefix_(std::string(what) + ": ") {
  static const uint8_t empty = 0;
  base_ = bytes.empty() ? &empty : bytes.data();
  end_ = base_ + bytes.size();
}

void Reader::fail(Status s, std::string msg, const uint8_t* at) const {
  throw Error(s, prefix_ + std::move(msg), path, offset_of(at));
}

uint64_t Reader::varint(Cursor& c) const {
  const uint8_t* start = c.p;
  uint64_t v = 0;
  for (int shift = 0; shift < 70; shift += 7) {
    if (c.p >= c.end) fail(Status::Parse, "truncated varint", start);
    uint8_t b = *c.p++;
    if (shift == 63 && b > 1) fail(Status::Parse, "varint overflows 64 bits", start);
    v |= uint64_t(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
  fail(Status::Parse, "varint longer than 10 bytes", start);
}

std::string_view Reader::bytes(Cursor& c) const {
  const uint8_t* start = c.p;
  uint64_t n = varint(c);
  if (n > uint64_t(c.end - c.p)) fail(Status::Parse, "length-delimited field runs past the end of its message", start);
  std::string_view s(reinterpret_cast<const char*>(c.p), size_t(n));
  c.p += n;
  return s;
}

std::string Reader::string(Cursor& c, const char* what) const {
  const uint8_t* start = c.p;
  std::string_view s = bytes(c);
  if (!text::is_valid_utf8(s)) fail(Status::Parse, std::string(what) + " is not valid UTF-8", start);
  return std::string(s);
}

std::string Reader::string_field(Cursor& c, const char* name) {
  path.push_back(PathStep::attr(name));
  std::string s = string(c, name);
  path.pop_back();
  return s;
}

void Reader::tag(Cursor& c, uint32_t& field, uint32_t& wt) const {
  const uint8_t* at = c.p;
  uint64_t t = varint(c);
  field = uint32_t(t >> 3);
  wt = uint32_t(t & 7);
  if (t >> 32 || field == 0) fail(Status::Parse, "invalid field number", at);
  if (wt > kFixed32) fail(Status::Parse, "invalid wire type " + std::to_string(wt), at);
}

void Reader::check_depth(size_t depth, const uint8_t* at) const {
  if (depth > kMaxMessageDepth) throw limits::message_depth(kMaxMessageDepth, offset_of(at)).with_path(path);
}

void Reader::skip(Cursor& c, uint32_t wt, uint32_t field, const uint8_t* tag_at, size_t depth) const {
  switch (wt) {
    case kVarint: (void)varint(c); return;
    case kFixed64:
      if (c.end - c.p < 8) fail(Status::Parse, "truncated fixed64 field", tag_at);
      c.p += 8;
      return;
    case kFixed32:
      if (c.end - c.p < 4) fail(Status::Parse, "truncated fixed32 field", tag_at);
      c.p += 4;
      return;
    case kLen: (void)bytes(c); return;
    case kStartGroup: {
      check_depth(depth, tag_at);
      for (;;) {
        if (c.p >= c.end) fail(Status::Parse, "unterminated group", tag_at);
        const uint8_t* at = c.p;
        uint32_t f, w;
        tag(c, f, w);
        if (w == kEndGroup) {
          if (f != field) fail(Status::Parse, "mismatched end of group", at);
          return;
        }
        skip(c, w, f, at, depth + 1);
      }
    }
    case kEndGroup: fail(Status::Parse, "unexpected end of group", tag_at);
    default: fail(Status::Parse, "invalid wire type " + std::to_string(wt), tag_at);
  }
}

void put_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(char(uint8_t(v) | 0x80));
    v >>= 7;
  }
  out.push_back(char(v));
}

void put_tag(std::string& out, uint32_t field, uint32_t wt) { put_varint(out, (uint64_t(field) << 3) | wt); }

void varint_field(std::string& out, uint32_t field, uint64_t v, bool always) {
  if (v == 0 && !always) return;
  put_tag(out, field, kVarint);
  put_varint(out, v);
}

void bytes_field(std::string& out, uint32_t field, std::string_view s, bool always) {
  if (s.empty() && !always) return;
  put_tag(out, field, kLen);
  put_varint(out, s.size());
  out.append(s);
}

}  // namespace dynval::protowire
