// The protobuf wire format, for the few plugin-protocol messages libdynval
// reads and writes itself (tfplugin5/6 `Schema` and `ResourceIdentitySchema`
// in schema/schema_proto.cpp, `AttributePath` in values/path_proto.cpp): a
// small, total reader and the writer's four primitives. No protobuf library.
//
// Reading follows proto3 / protobuf-go: a later scalar wins, unknown fields
// (and known fields with an unexpected wire type, which protobuf-go treats
// as unknown) are skipped, groups included; every read is bounds checked;
// string fields must be valid UTF-8 (protobuf-go's rule for proto3). Every
// failure is Status::Parse (Status::Limit past kMaxMessageDepth) with the
// reader's prefix ("protobuf schema: ..."), its current path (where in the
// message: `.block.attributes[3].name`) and the byte offset in the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "support/error.hpp"

namespace dynval::protowire {

enum WireType : uint32_t { kVarint = 0, kFixed64 = 1, kLen = 2, kStartGroup = 3, kEndGroup = 4, kFixed32 = 5 };

// The deepest nesting of messages and groups a reader follows.
inline constexpr size_t kMaxMessageDepth = 512;

class Reader {
 public:
  // `what` names the message in errors, e.g. "protobuf schema".
  Reader(std::span<const uint8_t> bytes, std::string_view what);

  // Where in the message the reader is, for errors: callers push a step for
  // each field they enter and pop it when they leave.
  Path path;

  // One message's bytes [p, end); a cursor inside the input, so offsets
  // stay those of the whole input.
  struct Cursor {
    const uint8_t* p;
    const uint8_t* end;
  };
  Cursor whole() const { return Cursor{base_, end_}; }
  // The bytes of an embedded message read with bytes().
  static Cursor sub(std::string_view s) {
    auto p = reinterpret_cast<const uint8_t*>(s.data());
    return Cursor{p, p + s.size()};
  }

  size_t offset_of(const uint8_t* at) const { return size_t(at - base_); }
  [[noreturn]] void fail(Status s, std::string msg, const uint8_t* at) const;

  uint64_t varint(Cursor& c) const;
  // A length-delimited payload (string, bytes, embedded message).
  std::string_view bytes(Cursor& c) const;
  // A string field: bytes() that must be valid UTF-8 (`what` names it in
  // the error).
  std::string string(Cursor& c, const char* what) const;
  // The same, with `name` on the error path while it is read.
  std::string string_field(Cursor& c, const char* name);

  // Skips the payload of a field of wire type wt whose tag (at tag_at) has
  // been read; a group is skipped to its matching end, `depth` levels down.
  void skip(Cursor& c, uint32_t wt, uint32_t field, const uint8_t* tag_at, size_t depth) const;

  // Iterates the fields of a message `depth` levels down: f(field, wiretype,
  // cursor, tag_at) reads the payload and returns true, or returns false to
  // have it skipped as an unknown field.
  template <class F>
  void fields(Cursor c, size_t depth, F&& f) {
    check_depth(depth, c.p);
    while (c.p < c.end) {
      const uint8_t* at = c.p;
      uint32_t field, wt;
      tag(c, field, wt);
      if (wt == kEndGroup) fail(Status::Parse, "unexpected end of group", at);
      if (!f(field, wt, c, at)) skip(c, wt, field, at, depth);
    }
  }

 private:
  // Reads a tag: a field number (1 to 2^29-1) and a wire type (0 to 5).
  void tag(Cursor& c, uint32_t& field, uint32_t& wt) const;
  void check_depth(size_t depth, const uint8_t* at) const;

  const uint8_t* base_;
  const uint8_t* end_;
  std::string prefix_;  // "<what>: "
};

// ---- writing (Go protobuf's bytes: fields in number order) ----

void put_varint(std::string& out, uint64_t v);
void put_tag(std::string& out, uint32_t field, uint32_t wt);
// A varint field, omitted when 0 (the proto3 default) unless `always` (a
// oneof member, which has presence).
void varint_field(std::string& out, uint32_t field, uint64_t v, bool always = false);
// A length-delimited field, omitted when empty unless `always` (an embedded
// message that is set, a oneof member, an element of a repeated field).
void bytes_field(std::string& out, uint32_t field, std::string_view s, bool always = false);

}  // namespace dynval::protowire
