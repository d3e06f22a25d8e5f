// The plugin protocol's AttributePath message (values/path_proto.cpp):
// bytes as Go's protobuf writes them (the Go binding's test compares with
// the generated tfplugin6 message), round trips, set-element steps, and
// hostile input: every malformed form with its status, offset and path.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/hex.hpp"
#include "common/utf8.hpp"
#include "support/error.hpp"
#include "support/limits.hpp"
#include "values/path.hpp"
#include "values/value.hpp"
#include "helpers.hpp"

using namespace dvtest;
using dynval::Error;
using dynval::Path;
using dynval::PathStep;
using dynval::Status;
using dynval::test::hex;
using dynval::test::unhex;
using dynval::test::utf8;

namespace {

Path decode(std::string_view bytes) {
  return dynval::decode_attribute_path(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

std::string encode(const Path& p) { return dynval::encode_attribute_path(p); }

// The error decoding `bytes` throws (fails the test when there is none).
Error decode_error(std::string_view bytes) {
  try {
    Path p = decode(bytes);
    ADD_FAILURE() << "decoded " << hex(bytes) << " as " << dynval::path_string(p);
  } catch (const Error& e) {
    return e;
  }
  return Error(Status::Ok, "");
}

std::string repeat(std::string_view s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST(AttributePath, EncodesAsGoProtobuf) {
  Path p{PathStep::attr("network"), PathStep::idx(0), PathStep::attr("ip"), PathStep::key("v4")};
  EXPECT_EQ(hex(encode(p)), "0a090a076e6574776f726b" "0a021800" "0a040a026970" "0a0412027634");
  EXPECT_EQ(encode({}), "");
  // A oneof member is written even when it holds the default.
  EXPECT_EQ(hex(encode({PathStep::attr("")})), "0a020a00");
  EXPECT_EQ(hex(encode({PathStep::key("")})), "0a021200");
  // int64: negative numbers as ten-byte two's complement varints.
  EXPECT_EQ(hex(encode({PathStep::idx(-1)})), "0a0b18ffffffffffffffffff01");
  EXPECT_EQ(hex(encode({PathStep::idx(INT64_MIN)})), "0a0b18808080808080808080" "01");
  EXPECT_EQ(hex(encode({PathStep::idx(INT64_MAX)})), "0a0a18ffffffffffffffff7f");
  EXPECT_EQ(hex(encode({PathStep::idx(300)})), "0a0318ac02");
}

TEST(AttributePath, RoundTrips) {
  const std::string long_name(300, 'n');  // a two-byte length
  const std::vector<Path> paths = {
      {},
      {PathStep::attr("a")},
      {PathStep::attr(""), PathStep::key(""), PathStep::idx(0)},
      {PathStep::idx(INT64_MIN), PathStep::idx(INT64_MAX), PathStep::idx(-1)},
      {PathStep::attr(long_name), PathStep::key(utf8({0xe9, 0x1f600})), PathStep::key("with \"quotes\"\n")},
  };
  for (const Path& p : paths) {
    const std::string bytes = encode(p);
    const Path back = decode(bytes);
    EXPECT_TRUE(back == p) << dynval::path_string(p) << " -> " << dynval::path_string(back);
    EXPECT_EQ(encode(back), bytes);
  }
}

TEST(AttributePath, StopsBeforeTheFirstSetElement) {
  // The protocol cannot name a set element: the message is the path of the
  // set, as terraform-plugin-go writes it (whatever the element's type).
  Path p{PathStep::attr("rule"), PathStep::idx(1), PathStep::attr("tags"), dynval::element_step(S("web")),
         PathStep::attr("x")};
  EXPECT_TRUE(decode(encode(p)) == Path(p.begin(), p.begin() + 3));
  for (const Value& elem : {I(1), P("1.5"), Value::unknown(TS()), Value::null(TN()), B(true)}) {
    EXPECT_EQ(encode({PathStep::attr("s"), dynval::element_step(elem)}), encode({PathStep::attr("s")}));
  }
  EXPECT_EQ(encode({dynval::element_step(S("a")), PathStep::attr("b")}), "");
  // Steps after the element are not read, so their bytes do not matter.
  EXPECT_EQ(encode({PathStep::attr("s"), dynval::element_step(S("a")), PathStep::attr("\xff")}),
            encode({PathStep::attr("s")}));
}

TEST(AttributePath, EncodingRefusesInvalidUtf8) {
  // protobuf strings are UTF-8: Go's proto.Marshal (and our decoder) refuse
  // anything else, so encoding does too, naming the step.
  try {
    encode({PathStep::attr("a"), PathStep::key("k\xff")});
    FAIL() << "encoded a key that is not UTF-8";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::InvalidArg);
    EXPECT_EQ(e.message(), "attribute path step 1: map key is not valid UTF-8, which protobuf strings must be");
    EXPECT_EQ(dynval::path_string(e.path()), ".a[\"k\\xff\"]");
  }
  try {
    encode({PathStep::attr(utf8({0xd800}))});  // a surrogate
    FAIL() << "encoded a surrogate";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::InvalidArg);
    EXPECT_EQ(e.path().size(), 1u);
  }
}

TEST(AttributePath, DecodesByProtobufRules) {
  EXPECT_TRUE(decode("").empty());
  // Unknown fields of every wire type, in both messages, are skipped; so
  // is a known field number with another wire type (protobuf-go reads it
  // as unknown): `08 07` is steps as a varint, `0a 04 08 05 18 07` a step
  // whose attribute_name is a varint, then element_key_int 7.
  const std::string unknown = "1005" "1a00" "1d00000000" "190000000000000000" "2b0801" "1a00" "2c";
  EXPECT_TRUE(decode(unhex(unknown + "0807" + "0a33" + unknown + "0a0161" + unknown + "0a040805" "1807")) ==
              (Path{PathStep::attr("a"), PathStep::idx(7)}));
  // A oneof: the last selector read wins.
  EXPECT_TRUE(decode(unhex("0a08" "0a0161" "1805" "120162")) == Path{PathStep::key("b")});
  EXPECT_TRUE(decode(unhex("0a05" "120162" "1805")) == Path{PathStep::idx(5)});
  // Varints need not be minimal.
  EXPECT_TRUE(decode(unhex("0a03" "188000")) == Path{PathStep::idx(0)});
  EXPECT_TRUE(decode(unhex("8a00" "02" "1801")) == Path{PathStep::idx(1)});
  // Keys are cty strings, so NFC (OpenTofu reads them with cty.StringVal);
  // attribute names are kept as they are.
  const std::string decomposed = utf8({'e', 0x301});
  Path p = decode(encode({PathStep::attr(decomposed), PathStep::key(decomposed)}));
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].name, decomposed);
  EXPECT_EQ(p[1].name, utf8({0xe9}));
}

TEST(AttributePath, RejectsMalformedInput) {
  struct Case {
    const char* hex;
    Status status;
    size_t offset;
    const char* message;  // after "protobuf attribute path: "
    const char* path;     // the field, as a path into the message
  };
  const Case cases[] = {
      {"0a", Status::Parse, 1, "truncated varint", ".steps[0]"},
      {"0a050a0161", Status::Parse, 1, "length-delimited field runs past the end of its message", ".steps[0]"},
      {"0a030a0561", Status::Parse, 3, "length-delimited field runs past the end of its message",
       ".steps[0].attribute_name"},
      {"0a00", Status::Parse, 0, "step has no attribute_name, element_key_string or element_key_int", ".steps[0]"},
      {"0a0218000a00", Status::Parse, 4, "step has no attribute_name, element_key_string or element_key_int",
       ".steps[1]"},
      {"0a020805", Status::Parse, 0, "step has no attribute_name, element_key_string or element_key_int",
       ".steps[0]"},
      {"0a030a01ff", Status::Parse, 3, "attribute_name is not valid UTF-8", ".steps[0].attribute_name"},
      {"0a031201c0", Status::Parse, 3, "element_key_string is not valid UTF-8", ".steps[0].element_key_string"},
      {"0a051203eda080", Status::Parse, 3, "element_key_string is not valid UTF-8", ".steps[0].element_key_string"},
      {"0a021880", Status::Parse, 3, "truncated varint", ".steps[0]"},
      {"0a0b18ffffffffffffffffff7f", Status::Parse, 3, "varint overflows 64 bits", ".steps[0]"},
      {"0e", Status::Parse, 0, "invalid wire type 6", ""},
      {"0a01" "0f", Status::Parse, 2, "invalid wire type 7", ".steps[0]"},
      {"0c", Status::Parse, 0, "unexpected end of group", ""},
      {"0b", Status::Parse, 0, "unterminated group", ""},
      {"0b14", Status::Parse, 1, "mismatched end of group", ""},
      {"00", Status::Parse, 0, "invalid field number", ""},
      {"8080808010", Status::Parse, 0, "invalid field number", ""},
      {"0a021800" "10", Status::Parse, 5, "truncated varint", ""},  // the path is back at the top
      {"1d0000", Status::Parse, 0, "truncated fixed32 field", ""},
      {"19000000", Status::Parse, 0, "truncated fixed64 field", ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.hex);
    const Error e = decode_error(unhex(c.hex));
    EXPECT_EQ(e.status(), c.status);
    EXPECT_EQ(e.offset(), c.offset);
    EXPECT_EQ(e.message(), std::string("protobuf attribute path: ") + c.message);
    EXPECT_EQ(dynval::path_string(e.path()), c.path);
  }
}

TEST(AttributePath, EveryPrefixDecodesOrFailsInside) {
  // Cut anywhere, a message is the steps before the cut (at a step
  // boundary) or an error at an offset within the bytes it was given.
  const Path p{PathStep::attr("network"), PathStep::idx(-2), PathStep::key(utf8({0xe9, 'x'})), PathStep::attr("")};
  const std::string full = encode(p);
  std::vector<size_t> boundaries = {0};
  for (size_t k = 1; k <= p.size(); ++k) boundaries.push_back(encode(Path(p.begin(), p.begin() + k)).size());
  for (size_t n = 0; n <= full.size(); ++n) {
    SCOPED_TRACE(n);
    const std::string cut = full.substr(0, n);
    auto at = std::find(boundaries.begin(), boundaries.end(), n);
    if (at != boundaries.end()) {
      EXPECT_TRUE(decode(cut) == Path(p.begin(), p.begin() + (at - boundaries.begin())));
    } else {
      const Error e = decode_error(cut);
      EXPECT_EQ(e.status(), Status::Parse);
      EXPECT_LE(e.offset(), n);
    }
  }
}

TEST(AttributePath, Limits) {
  const std::string step = unhex("0a021800");
  const size_t max = dynval::limits::kMaxAttributePathSteps;
  EXPECT_EQ(decode(repeat(step, max)).size(), max);
  Error e = decode_error(repeat(step, max + 1));
  EXPECT_EQ(e.status(), Status::Limit);
  EXPECT_EQ(e.offset(), max * step.size());
  EXPECT_EQ(e.message(), "attribute path has more than 4096 steps (the limit)");
  // Unknown groups nest at most protowire::kMaxMessageDepth levels.
  e = decode_error(repeat("\x1b", 600));
  EXPECT_EQ(e.status(), Status::Limit);
  EXPECT_EQ(e.message(), "protobuf message nesting depth exceeds the limit of 512");
  const std::string deep = repeat("\x1b", 500) + repeat("\x1c", 500) + step;
  EXPECT_TRUE(decode(deep) == Path{PathStep::idx(0)});
}
