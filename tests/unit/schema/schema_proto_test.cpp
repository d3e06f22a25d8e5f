// tfplugin5/6 Schema messages: round trips, hand-made wire bytes, unknown
// fields, malformed and truncated input, and the fixtures encoded by Go's
// protobuf runtime (tests/data/schema-proto).
#include <gtest/gtest.h>

#include <cctype>

#include "common/golden.hpp"
#include "common/hex.hpp"
#include "schema/schema.hpp"

using namespace dynval;

namespace {

constexpr AttrFlag O = AttrFlag::Optional;
constexpr AttrFlag R = AttrFlag::Required;
constexpr AttrFlag C = AttrFlag::Computed;

SchemaPtr sample(bool nested) {
  Attribute d = make_attribute("doc", Type::string(), O | AttrFlag::Deprecated);
  d.description = "described";
  d.description_kind = DescriptionKind::Markdown;
  BlockBuilder b;
  b.attr("id", Type::string(), C)
      .attr("tags", Type::map(Type::string()), O)
      .attr("obj", Type::object({{"a", Type::number(), false}, {"b", Type::list(Type::boolean()), true}}), O)
      .attr("pw", Type::string(), O | AttrFlag::Sensitive | AttrFlag::WriteOnly)
      .attribute(d)
      .block("disk", NestingMode::List, BlockBuilder().attr("size", Type::number(), R), 1, 3)
      .block("rule", NestingMode::Set, BlockBuilder().attr("port", Type::number(), O))
      .block("grp", NestingMode::Group, BlockBuilder().attr("x", Type::boolean(), O))
      .block("m", NestingMode::Map, BlockBuilder().attr("v", Type::dynamic(), O))
      .description("root block", DescriptionKind::Markdown);
  if (nested)
    b.nested_attr("net", ObjectBuilder(NestingMode::Set)
                             .attr("ip", Type::string(), R)
                             .nested_attr("deep", ObjectBuilder(NestingMode::Map).attr("q", Type::number(), O), O),
                  O);
  return std::move(b).schema(4);
}

void append_varint(std::string& s, uint64_t v) {
  while (v >= 0x80) {
    s.push_back(char(v | 0x80));
    v >>= 7;
  }
  s.push_back(char(v));
}
std::string field_len(uint32_t f, const std::string& payload) {
  std::string s;
  append_varint(s, (uint64_t(f) << 3) | 2);
  append_varint(s, payload.size());
  return s + payload;
}
std::string field_varint(uint32_t f, uint64_t v) {
  std::string s;
  append_varint(s, uint64_t(f) << 3);
  append_varint(s, v);
  return s;
}

// A Go fixture (tests/gocty/schema/gen_fixtures.go): the bytes of
// tests/data/schema-proto/NAME.hex and the type JSON of NAME.type.json. The
// loader fails the test when a file is missing.
struct GoFixture {
  std::string bytes;
  std::string type_json;
};

GoFixture read_fixture(const std::string& name) {
  const std::string base = "schema-proto/" + name;
  GoFixture f{dynval::test::unhex(dynval::test::read_data(base + ".hex")),
              dynval::test::read_data(base + ".type.json")};
  while (!f.type_json.empty() && isspace(static_cast<unsigned char>(f.type_json.back()))) f.type_json.pop_back();
  return f;
}

}  // namespace

TEST(SchemaProto, RoundTripV6) {
  auto s = sample(true);
  std::string bytes = encode_schema_proto(*s, 6);
  auto back = load_schema_proto(bytes, 6);
  EXPECT_EQ(*back, *s);
  EXPECT_EQ(back->implied_type(), s->implied_type());
  EXPECT_EQ(encode_schema_proto(*back, 6), bytes);
  EXPECT_EQ(back->version, 4);
  EXPECT_TRUE(back->block.find_attribute("pw")->write_only);
  EXPECT_EQ(back->block.find_attribute("obj")->type->to_json(),
            R"(["object",{"a":"number","b":["list","bool"]},["b"]])");
}

TEST(SchemaProto, RoundTripV5) {
  auto s = sample(false);
  std::string bytes = encode_schema_proto(*s, 5);
  auto back = load_schema_proto(bytes, 5);
  EXPECT_EQ(*back, *s);
  EXPECT_TRUE(back->block.find_attribute("pw")->write_only);
  // v5 has no nested attribute types.
  try {
    encode_schema_proto(*sample(true), 5);
    FAIL() << "protocol 5 encoded a nested type";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Unsupported);
  }
  EXPECT_THROW(encode_schema_proto(*s, 4), Error);
  EXPECT_THROW(load_schema_proto(bytes, 7), Error);
}

TEST(SchemaProto, FieldTenDiffersBetweenProtocols) {
  // Attribute{name="a", type="string", optional=true, field 10 = varint 1}
  std::string attr = field_len(1, "a") + field_len(2, "\"string\"") + field_varint(5, 1) + field_varint(10, 1);
  std::string msg = field_len(2, field_len(2, attr));
  auto v5 = load_schema_proto(msg, 5);
  EXPECT_TRUE(v5->block.find_attribute("a")->write_only);
  // In v6, field 10 is nested_type (a message): a varint there is an unknown
  // field and skipped; write_only is field 11.
  auto v6 = load_schema_proto(msg, 6);
  EXPECT_FALSE(v6->block.find_attribute("a")->write_only);
  EXPECT_FALSE(v6->block.find_attribute("a")->nested_type);
  std::string attr11 = field_len(1, "a") + field_len(2, "\"string\"") + field_varint(5, 1) + field_varint(11, 1);
  EXPECT_TRUE(load_schema_proto(field_len(2, field_len(2, attr11)), 6)->block.find_attribute("a")->write_only);
  EXPECT_FALSE(load_schema_proto(field_len(2, field_len(2, attr11)), 5)->block.find_attribute("a")->write_only);
}

TEST(SchemaProto, SkipsUnknownFieldsOfEveryWireType) {
  std::string unknown;
  unknown += field_varint(99, 12345);
  append_varint(unknown, (uint64_t(98) << 3) | 1);  // fixed64
  unknown += std::string(8, '\x07');
  append_varint(unknown, (uint64_t(97) << 3) | 5);  // fixed32
  unknown += std::string(4, '\x01');
  unknown += field_len(96, "whatever");
  // group 95 { field 1 varint; group 2 { } }
  append_varint(unknown, (uint64_t(95) << 3) | 3);
  unknown += field_varint(1, 5);
  append_varint(unknown, (uint64_t(2) << 3) | 3);
  append_varint(unknown, (uint64_t(2) << 3) | 4);
  append_varint(unknown, (uint64_t(95) << 3) | 4);
  std::string attr = unknown + field_len(1, "a") + unknown + field_len(2, "\"number\"") + field_varint(6, 1);
  std::string block = unknown + field_len(2, attr) + unknown;
  auto s = load_schema_proto(unknown + field_varint(1, 9) + field_len(2, block) + unknown, 6);
  EXPECT_EQ(s->version, 9);
  EXPECT_EQ(s->implied_type().to_json(), R"(["object",{"a":"number"}])");
  EXPECT_TRUE(s->block.find_attribute("a")->computed);
}

TEST(SchemaProto, MergesRepeatedEmbeddedMessage) {
  // Two "block" fields: merged (attributes appended).
  std::string a1 = field_len(1, "a") + field_len(2, "\"string\"") + field_varint(5, 1);
  std::string a2 = field_len(1, "b") + field_len(2, "\"bool\"") + field_varint(5, 1);
  auto s = load_schema_proto(field_len(2, field_len(2, a1)) + field_len(2, field_len(2, a2)), 6);
  EXPECT_EQ(s->implied_type().to_json(), R"(["object",{"a":"string","b":"bool"}])");
}

TEST(SchemaProto, EmptyMessageIsEmptySchema) {
  auto s = load_schema_proto(std::string_view(), 6);
  EXPECT_EQ(s->implied_type().to_json(), R"(["object",{}])");
}

TEST(SchemaProto, MalformedInput) {
  struct Case {
    std::string bytes;
    Status status;
  };
  std::string big_len;
  append_varint(big_len, (2 << 3) | 2);
  append_varint(big_len, 1ull << 40);
  std::vector<Case> cases = {
      {"\x08", Status::Parse},                                          // truncated varint
      {std::string("\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 11), Status::Parse},  // varint > 64 bits
      {"\x12\x05\x12", Status::Parse},                                  // length past the end
      {big_len, Status::Parse},                                         // huge length
      {"\x0e", Status::Parse},                                          // wire type 6
      {"\x0c", Status::Parse},                                          // stray end group
      {"\x0b\x08\x01", Status::Parse},                                  // unterminated group
      {"\x0b\x14", Status::Parse},                                      // mismatched end group
      {std::string("\x00", 1), Status::Parse},                          // field number 0
      {field_len(2, field_len(2, field_len(1, "a") + field_len(2, "\"strin\"") + field_varint(5, 1))), Status::Parse},
      {field_len(2, field_len(2, field_len(1, "\xff") + field_len(2, "\"string\"") + field_varint(5, 1))), Status::Parse},
      {field_len(2, field_len(2, field_len(1, "a") + field_len(2, "\"string\""))), Status::Schema},  // no flags
      {field_len(2, field_len(3, field_len(1, "b") + field_varint(3, 9))), Status::Schema},        // nesting 9
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    try {
      load_schema_proto(cases[i].bytes, 6);
      ADD_FAILURE() << "case " << i << " accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), cases[i].status) << "case " << i << ": " << e.message();
    }
  }
}

TEST(SchemaProto, ErrorPathAndOffset) {
  std::string a0 = field_len(1, "ok") + field_len(2, "\"string\"") + field_varint(5, 1);
  std::string a1 = field_len(1, "bad") + field_len(2, "[\"list\"]") + field_varint(5, 1);
  std::string block = field_len(2, a0) + field_len(2, a1);
  std::string msg = field_len(2, block);
  try {
    load_schema_proto(msg, 6);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Parse);
    EXPECT_EQ(path_string(e.path()), ".block.attributes[1].type");
    // the offset of the length prefix of the type bytes in the message
    EXPECT_EQ(e.offset(), msg.find("[\"list\"]") - 1);
  }
  // Structural errors after decoding are reported with the schema path.
  std::string both = field_len(1, "x") + field_len(2, "\"string\"") + field_varint(4, 1) + field_varint(5, 1);
  try {
    load_schema_proto(field_len(2, field_len(2, both)), 6);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Schema);
    EXPECT_EQ(path_string(e.path()), R"(.block.attributes["x"])");
  }
}

TEST(SchemaProto, TruncatedAtEveryByteNeverCrashes) {
  for (int proto : {5, 6}) {
    std::string bytes = encode_schema_proto(*sample(proto == 6), proto);
    size_t errors = 0;
    for (size_t n = 0; n < bytes.size(); ++n) {
      try {
        auto s = load_schema_proto(std::string_view(bytes.data(), n), proto);
        EXPECT_NE(encode_schema_proto(*s, proto), bytes);  // a prefix is never the whole schema
      } catch (const Error& e) {
        ++errors;
        EXPECT_NE(e.status(), Status::Ok);
        if (e.status() == Status::Parse) {
          EXPECT_LE(e.offset(), n);
        }
      }
    }
    // Almost every cut lands inside the single top-level block field.
    EXPECT_GE(errors, bytes.size() - 4) << "proto " << proto;
  }
}

TEST(SchemaProto, CorruptedBytesNeverCrash) {
  std::string bytes = encode_schema_proto(*sample(true), 6);
  uint32_t seed = 12345;
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (int k = 0; k < 3; ++k) {
      std::string b = bytes;
      seed = seed * 1103515245u + 12345u;
      b[i] = char(seed >> 16);
      try {
        (void)load_schema_proto(b, 6);
      } catch (const Error& e) {
        EXPECT_NE(e.status(), Status::Ok);
      }
    }
  }
}

TEST(SchemaProto, DeepNestingIsALimit) {
  std::string block;  // Block{}
  for (int i = 0; i < 700; ++i) {
    std::string nb = field_len(1, "n") + field_len(2, block) + field_varint(3, 1);
    block = field_len(3, nb);
  }
  try {
    load_schema_proto(field_len(2, block), 6);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Limit);
  }
}

// Fixtures encoded by Go's protobuf runtime (tests/gocty/schema/gen_fixtures.go,
// dynamicpb over the tfplugin5.10 / tfplugin6.11 descriptors): our decoder
// reads them and our encoder reproduces them byte for byte.
TEST(SchemaProto, GoFixtures) {
  for (int proto : {5, 6}) {
    GoFixture f = read_fixture("go_schema_v" + std::to_string(proto));
    auto s = load_schema_proto(f.bytes, proto);
    EXPECT_EQ(s->implied_type().to_json(), f.type_json) << "proto " << proto;
    EXPECT_EQ(encode_schema_proto(*s, proto), f.bytes) << "proto " << proto;
    // The 5.10 / 6.11 fields.
    EXPECT_TRUE(s->block.deprecated);
    EXPECT_EQ(s->block.deprecation_message, "use other");
    EXPECT_EQ(s->block.find_attribute("doc")->deprecation_message, "use id");
    EXPECT_EQ(s->block.find_block("disk")->block.computed, proto == 6);
  }
}

// tfplugin5.10 / 6.11 fields: deprecation messages in both protocols (the
// attribute's is field 11 in v5, 12 in v6), Block.computed (8, v6 only).
TEST(SchemaProto, DeprecationMessagesAndComputedBlocks) {
  std::string attr5 = field_len(1, "a") + field_len(2, "\"string\"") + field_varint(5, 1) + field_len(11, "gone");
  std::string attr6 = field_len(1, "a") + field_len(2, "\"string\"") + field_varint(5, 1) + field_len(12, "gone");
  std::string block_tail = field_len(7, "old block") + field_varint(8, 1);
  auto v5 = load_schema_proto(field_len(2, field_len(2, attr5) + block_tail), 5);
  EXPECT_EQ(v5->block.find_attribute("a")->deprecation_message, "gone");
  EXPECT_EQ(v5->block.deprecation_message, "old block");
  EXPECT_FALSE(v5->block.computed);  // field 8 is unknown in v5
  auto v6 = load_schema_proto(field_len(2, field_len(2, attr6) + block_tail), 6);
  EXPECT_EQ(v6->block.find_attribute("a")->deprecation_message, "gone");
  EXPECT_EQ(v6->block.deprecation_message, "old block");
  EXPECT_TRUE(v6->block.computed);
  // Each protocol ignores the other's field number.
  EXPECT_EQ(load_schema_proto(field_len(2, field_len(2, attr5)), 6)->block.find_attribute("a")->deprecation_message,
            "");
  EXPECT_EQ(load_schema_proto(field_len(2, field_len(2, attr6)), 5)->block.find_attribute("a")->deprecation_message,
            "");
  // Encoding: v6 keeps everything; v5 keeps the messages, not Block.computed.
  EXPECT_EQ(*load_schema_proto(encode_schema_proto(*v6, 6), 6), *v6);
  EXPECT_EQ(*load_schema_proto(encode_schema_proto(*v5, 5), 5), *v5);
  try {
    encode_schema_proto(*v6, 5);
    FAIL() << "protocol 5 encoded Block.computed";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Unsupported);
  }
}

TEST(SchemaProto, IdentitySchema) {
  // {version 7, [{name "id", type "string", required_for_import}, {name
  // "acct", type "number", optional_for_import, description "d"}]}
  std::string id = field_len(1, "id") + field_len(2, "\"string\"") + field_varint(3, 1);
  std::string acct = field_len(1, "acct") + field_len(2, "\"number\"") + field_varint(4, 1) + field_len(5, "d") +
                     field_varint(99, 1);  // unknown fields are skipped
  std::string msg = field_varint(1, 7) + field_len(2, id) + field_len(2, acct);
  for (int proto : {5, 6}) {
    auto s = load_identity_proto(msg, proto);
    EXPECT_EQ(s->version, 7);
    ASSERT_EQ(s->attributes.size(), 2u);
    EXPECT_EQ(s->attributes[0].name, "acct");  // sorted
    EXPECT_TRUE(s->attributes[0].optional_for_import);
    EXPECT_FALSE(s->attributes[0].required_for_import);
    EXPECT_EQ(s->attributes[0].description, "d");
    EXPECT_EQ(s->attributes[0].description_kind, DescriptionKind::Markdown);
    EXPECT_TRUE(s->find_attribute("id")->required_for_import);
    EXPECT_EQ(s->implied_type.to_json(), R"(["object",{"acct":"number","id":"string"}])");
    // Encoded in name order, unknown fields dropped.
    std::string again = encode_identity_proto(*s, proto);
    EXPECT_EQ(again, field_varint(1, 7) + field_len(2, field_len(1, "acct") + field_len(2, "\"number\"") +
                                                         field_varint(4, 1) + field_len(5, "d")) +
                         field_len(2, id));
    EXPECT_EQ(*load_identity_proto(again, proto), *s);
  }
  EXPECT_THROW(load_identity_proto(msg, 4), Error);
  // An attribute without a type is a schema error naming it.
  try {
    load_identity_proto(field_len(2, field_len(1, "x")), 6);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Schema);
    EXPECT_EQ(path_string(e.path()), R"(.identity_attributes["x"])");
  }
  // Truncated input is a parse error with an offset.
  try {
    load_identity_proto(msg.substr(0, msg.size() - 1), 6);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Parse);
    EXPECT_NE(e.offset(), kNoOffset);
  }
}

// A ResourceIdentitySchema encoded by Go's protobuf runtime
// (tests/gocty/schema/gen_fixtures.go).
TEST(SchemaProto, GoIdentityFixture) {
  GoFixture f = read_fixture("go_identity");
  auto s = load_identity_proto(f.bytes, 6);
  EXPECT_EQ(s->version, 2);
  EXPECT_EQ(s->implied_type.to_json(), f.type_json);
  EXPECT_TRUE(s->find_attribute("id")->required_for_import);
  EXPECT_TRUE(s->find_attribute("account")->optional_for_import);
  EXPECT_EQ(s->find_attribute("account")->description, "the *account*");
  EXPECT_EQ(encode_identity_proto(*s, 6), f.bytes);
}
