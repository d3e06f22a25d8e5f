// Loading schemas from `providers schema -json` documents and block JSON.
#include <gtest/gtest.h>

#include "schema/schema.hpp"

using namespace dynval;

namespace {

// A two-provider document with every kind of entry.
const char* kTwoProviders = R"({
  "format_version": "1.0",
  "provider_schemas": {
    "registry.terraform.io/acme/one": {
      "provider": {"version": 0, "block": {"attributes": {"region": {"type": "string", "description_kind": "plain", "optional": true}}, "description_kind": "plain"}},
      "resource_schemas": {
        "one_thing": {"version": 2, "block": {
          "attributes": {
            "id": {"type": "string", "computed": true},
            "tags": {"type": ["map", "string"], "optional": true},
            "secret": {"type": "string", "optional": true, "sensitive": true, "write_only": true, "deprecated": true,
                       "description": "a *secret*", "description_kind": "markdown"},
            "net": {"nested_type": {"attributes": {"ip": {"type": "string", "required": true},
                                                   "port": {"type": "number", "optional": true}},
                                    "nesting_mode": "list"}, "optional": true}
          },
          "block_types": {
            "disk": {"nesting_mode": "list", "block": {"attributes": {"size": {"type": "number", "required": true}}},
                     "min_items": 1, "max_items": 4},
            "opts": {"nesting_mode": "single", "block": {"attributes": {"x": {"type": "bool", "optional": true}}}}
          },
          "description": "A thing", "description_kind": "plain", "deprecated": false, "future_key": [1, {"a": 2}]
        }},
        "one_other": {"version": 0, "block": {"attributes": {"v": {"type": "number", "optional": true}}}}
      },
      "data_source_schemas": {
        "one_thing": {"version": 0, "block": {"attributes": {"q": {"type": ["list", "number"], "required": true}}}}
      },
      "ephemeral_resource_schemas": {
        "one_token": {"version": 0, "block": {"attributes": {"token": {"type": "string", "computed": true, "sensitive": true}}}}
      },
      "functions": {"f": {"parameters": []}}
    },
    "registry.terraform.io/acme/two": {
      "provider": {"version": 0, "block": {}},
      "resource_schemas": {"two_thing": {"version": 0, "block": {"attributes": {"a": {"type": "dynamic", "optional": true}}}}}
    }
  }
})";

const char* kOne = "registry.terraform.io/acme/one";

std::string doc_with_resource_block(const std::string& block) {
  return R"({"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"r":{"version":0,"block":)" + block +
         "}}}}}";
}

Error load_error(const std::string& doc, const std::string& sel, const std::string& provider = "") {
  try {
    load_schema_json(doc, sel, provider);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "expected an error for " << sel;
  return Error(Status::Ok, "");
}

}  // namespace

TEST(SchemaJson, SelectsEachKind) {
  auto r = load_schema_json(kTwoProviders, "resource:one_thing", kOne);
  EXPECT_EQ(r->version, 2);
  EXPECT_EQ(r->implied_type().to_json(),
            R"(["object",{"disk":["list",["object",{"size":"number"}]],"id":"string",)"
            R"("net":["list",["object",{"ip":"string","port":"number"}]],"opts":["object",{"x":"bool"}],)"
            R"("secret":"string","tags":["map","string"]}])");
  const Attribute* secret = r->block.find_attribute("secret");
  ASSERT_NE(secret, nullptr);
  EXPECT_TRUE(secret->optional && secret->sensitive && secret->write_only && secret->deprecated);
  EXPECT_EQ(secret->description, "a *secret*");
  EXPECT_EQ(secret->description_kind, DescriptionKind::Markdown);
  EXPECT_EQ(r->block.description, "A thing");
  const NestedBlock* disk = r->block.find_block("disk");
  ASSERT_NE(disk, nullptr);
  EXPECT_EQ(disk->nesting, NestingMode::List);
  EXPECT_EQ(disk->min_items, 1);
  EXPECT_EQ(disk->max_items, 4);
  const Attribute* net = r->block.find_attribute("net");
  ASSERT_NE(net, nullptr);
  ASSERT_TRUE(net->nested_type);
  EXPECT_EQ(net->nested_type->nesting, NestingMode::List);
  EXPECT_TRUE(net->nested_type->find("ip")->required);

  auto d = load_schema_json(kTwoProviders, "data:one_thing", kOne);
  EXPECT_EQ(d->implied_type().to_json(), R"(["object",{"q":["list","number"]}])");
  auto e = load_schema_json(kTwoProviders, "ephemeral:one_token", kOne);
  EXPECT_EQ(e->implied_type().to_json(), R"(["object",{"token":"string"}])");
  auto p = load_schema_json(kTwoProviders, "provider", kOne);
  EXPECT_EQ(p->implied_type().to_json(), R"(["object",{"region":"string"}])");
  auto t = load_schema_json(kTwoProviders, "resource:two_thing", "registry.terraform.io/acme/two");
  EXPECT_EQ(t->implied_type().to_json(), R"(["object",{"a":"dynamic"}])");
}

TEST(SchemaJson, ProviderChoice) {
  Error e = load_error(kTwoProviders, "resource:one_thing");
  EXPECT_EQ(e.status(), Status::InvalidArg);
  EXPECT_NE(e.message().find("\"registry.terraform.io/acme/one\", \"registry.terraform.io/acme/two\""), std::string::npos)
      << e.message();
  e = load_error(kTwoProviders, "resource:one_thing", "registry.terraform.io/acme/three");
  EXPECT_EQ(e.status(), Status::NotFound);
  EXPECT_NE(e.message().find("acme/three"), std::string::npos);
  // A single-provider document needs no address.
  std::string single = doc_with_resource_block(R"({"attributes":{"a":{"type":"string","optional":true}}})");
  EXPECT_EQ(load_schema_json(single, "resource:r")->implied_type().to_json(), R"(["object",{"a":"string"}])");
}

TEST(SchemaJson, NotFound) {
  Error e = load_error(kTwoProviders, "resource:nope", kOne);
  EXPECT_EQ(e.status(), Status::NotFound);
  EXPECT_NE(e.message().find("nope"), std::string::npos);
  e = load_error(kTwoProviders, "ephemeral:one_thing", kOne);  // a resource and data source, not ephemeral
  EXPECT_EQ(e.status(), Status::NotFound);
  e = load_error(doc_with_resource_block("{}"), "provider");
  EXPECT_EQ(e.status(), Status::NotFound);
  e = load_error(R"({"format_version":"1.0","provider_schemas":{}})", "provider");
  EXPECT_EQ(e.status(), Status::NotFound);
  e = load_error(kTwoProviders, "bogus", kOne);
  EXPECT_EQ(e.status(), Status::InvalidArg);
}

TEST(SchemaJson, ListsAndLoadsAll) {
  auto names = list_schemas_json(JsonInput{kTwoProviders});
  std::vector<std::string> got;
  for (auto& n : names) got.push_back(n.provider.substr(n.provider.rfind('/') + 1) + " " + n.selector.to_string());
  std::vector<std::string> want = {"one provider",        "one resource:one_thing", "one resource:one_other",
                                   "one data:one_thing",  "one ephemeral:one_token", "two provider",
                                   "two resource:two_thing"};
  EXPECT_EQ(got, want);
  auto all = load_all_schemas_json(JsonInput{kTwoProviders});
  ASSERT_EQ(all.size(), want.size());
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(all[i].selector, names[i].selector);
    ASSERT_TRUE(all[i].schema);
    EXPECT_EQ(*all[i].schema, *load_schema_json(JsonInput{kTwoProviders}, all[i].selector, all[i].provider));
  }
}

TEST(SchemaJson, PaddedInputInPlace) {
  std::string doc = kTwoProviders;
  doc.reserve(doc.size() + 64);
  auto s = load_schema_json(JsonInput{doc, doc.capacity()}, BlockSelector::parse("resource:one_other"), kOne);
  EXPECT_EQ(s->implied_type().to_json(), R"(["object",{"v":"number"}])");
}

TEST(SchemaJson, BlockJson) {
  auto s = load_block_json(R"({"attributes":{"b":{"type":["set",["object",{"k":"string"}]],"optional":true}},
      "block_types":{"g":{"nesting_mode":"group","block":{"attributes":{"x":{"type":"number","optional":true}}}},
                     "m":{"nesting_mode":"map","block":{"attributes":{"d":{"type":"dynamic","optional":true}}}}}})",
                           7);
  EXPECT_EQ(s->version, 7);
  EXPECT_EQ(s->implied_type().to_json(),
            R"(["object",{"b":["set",["object",{"k":"string"}]],"g":["object",{"x":"number"}],"m":"dynamic"}])");
  EXPECT_EQ(s->block.find_block("g")->nesting, NestingMode::Group);
  // A type with optional attribute markers is kept as written.
  auto o = load_block_json(R"({"attributes":{"o":{"type":["object",{"a":"string"},["a"]],"optional":true}}})");
  EXPECT_EQ(o->block.find_attribute("o")->type->to_json(), R"(["object",{"a":"string"},["a"]])");
}

TEST(SchemaJson, ErrorsCarryPathAndOffset) {
  std::string block = R"({"attributes":{"ami":{"type":"strin","optional":true}}})";
  std::string doc = doc_with_resource_block(block);
  Error e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Parse);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].resource_schemas["r"].block.attributes["ami"].type)");
  EXPECT_EQ(e.offset(), doc.find("\"strin\""));

  doc = doc_with_resource_block(R"({"attributes":{"a":{"type":"string","optional":"yes"}}})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Parse);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].resource_schemas["r"].block.attributes["a"].optional)");
  EXPECT_EQ(e.offset(), doc.find("\"yes\""));

  doc = doc_with_resource_block(R"({"block_types":{"b":{"nesting_mode":"bag","block":{}}}})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Schema);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].resource_schemas["r"].block.block_types["b"].nesting_mode)");
  EXPECT_EQ(e.offset(), doc.find("\"bag\""));

  // A structural error found when freezing: the path into the document.
  doc = doc_with_resource_block(R"({"attributes":{"a":{"type":"string","optional":true,"required":true}}})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Schema);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].resource_schemas["r"].block.attributes["a"])");
  EXPECT_NE(e.message().find("cannot set both Optional and Required"), std::string::npos);

  doc = doc_with_resource_block(R"({"attributes":{"a":{"optional":true}}})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Schema);
  EXPECT_NE(e.message().find("either Type or NestedType"), std::string::npos);

  doc = doc_with_resource_block(R"({"block_types":{"s":{"nesting_mode":"set","block":{"attributes":{"d":{"type":"dynamic","optional":true}}}}}})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Schema);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].resource_schemas["r"].block.block_types["s"])");

  doc = doc_with_resource_block(R"({"block_types":{"b":{"nesting_mode":"list","block":{},"min_items":-1}}})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Schema);

  doc = doc_with_resource_block(R"({"block_types":{"b":{"nesting_mode":"list","block":{},"max_items":1e3}}})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Parse);

  doc = doc_with_resource_block(R"({"attributes":[]})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Parse);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].resource_schemas["r"].block.attributes)");

  doc = doc_with_resource_block(R"({"attributes":{"a":{"type":"string","description_kind":"html","optional":true}}})");
  e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Schema);
}

TEST(SchemaJson, MalformedDocuments) {
  for (std::string bad : {std::string(""), std::string("[]"), std::string("{"), std::string("{\"provider_schemas\":"),
                          std::string("{\"provider_schemas\":{}} {}"), std::string("{\"format_version\":1}"),
                          std::string("{\"format_version\":\"1.0\"}"), std::string("nul"),
                          std::string("{\"provider_schemas\":{\"p\":{\"resource_schemas\":{\"r\":{\"block\":{\"attributes\":{\"a\":{\"type\":\"string\",\"optional\":tru}}}}}}}}")}) {
    try {
      load_schema_json(bad, "resource:r");
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const Error& e) {
      EXPECT_TRUE(e.status() == Status::Parse || e.status() == Status::NotFound) << bad << ": " << e.message();
    }
  }
  // Truncating a valid document anywhere gives an error, never a crash.
  std::string doc = kTwoProviders;
  for (size_t n = 0; n < doc.size(); n += 7) {
    try {
      load_schema_json(doc.substr(0, n), "resource:one_thing", kOne);
      ADD_FAILURE() << "accepted a prefix of length " << n;
    } catch (const Error& e) {
      EXPECT_NE(e.status(), Status::Ok);
    }
  }
}

// Found by fuzz_schema_json: a ':' after a value the walk skips (here the
// resource's "description_kind"), balanced by one '}' too many at the end.
// The On-Demand walk alone matched brackets and accepted it; every entry
// point must reject it.
TEST(SchemaJson, MalformedInsideSkippedValue) {
  std::string bad =
      "{\"format_version\":\"1.0\",\"provider_schemas\":{\"p\":{\"resource_schemas\":{\"r\":{\"version\":0,"
      "\"block\":{},\"description_kind\":\"x\":{\"a\":1},\"z\":2}}}}}}";
  EXPECT_THROW(load_schema_json(bad, "resource:r"), Error);
  EXPECT_THROW(load_all_schemas_json({bad, bad.size()}), Error);
  EXPECT_THROW(list_schemas_json({bad, bad.size()}), Error);
  try {
    load_all_schemas_json({bad, bad.size()});
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Parse) << e.message();
  }
}

// Every kind of token the validating second walk must check inside a value
// the first walk skips, each located at its byte as Go's scanner reports it;
// and well-formed skipped values of every kind still load.
TEST(SchemaJson, EveryTokenInsideSkippedValuesIsChecked) {
  auto doc = [](const std::string& x) {
    return "{\"format_version\":\"1.0\",\"provider_schemas\":{\"p\":{\"resource_schemas\":{\"r\":{\"version\":0,"
           "\"block\":{},\"x\":" + x + "}}}}}";
  };
  const size_t x_at = doc("").size() - 5;  // where the skipped value starts
  struct Bad {
    std::string x, message;
    size_t offset;  // from x_at
  };
  const Bad bad[] = {
      {"[1 2]", "invalid character '2' after array element", 3},
      {"01", "invalid character '1' after object key:value pair", 1},
      {"1.", "invalid character '}' after decimal point in numeric literal", 2},
      {"-", "invalid character '}' in numeric literal", 1},
      {"tru", "invalid character '}' in literal true (expecting 'e')", 3},
      {"fals", "invalid character '}' in literal false (expecting 'e')", 4},
      {"nul", "invalid character '}' in literal null (expecting 'l')", 3},
      {"\"\\q\"", "invalid character 'q' in string escape code", 2},
      {"{\"a\" 1}", "invalid character '1' after object key", 5},
      {"{\"\\x\":1}", "invalid character 'x' in string escape code", 3},
      {"[1,]", "invalid character ']' looking for beginning of value", 3},
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.x);
    const std::string d = doc(b.x);
    for (int entry = 0; entry < 3; ++entry) {
      try {
        if (entry == 0) SchemaDocument::parse(d);
        if (entry == 1) load_schema_json(d, "resource:r");
        if (entry == 2) load_all_schemas_json({d, d.size()});
        ADD_FAILURE() << "accepted (entry point " << entry << ")";
      } catch (const Error& e) {
        EXPECT_EQ(e.status(), Status::Parse);
        EXPECT_EQ(e.message(), "invalid JSON: " + b.message);
        EXPECT_EQ(e.offset(), x_at + b.offset);
      }
    }
  }
  for (const std::string x : {"true", "false", "null", "-0.5e+3", "\"\\u00e9\\n\"", "[]", "{}",
                              "[1e5,null,false,{\"\\u00e9\":[[]]}]"}) {
    SCOPED_TRACE(x);
    EXPECT_EQ(SchemaDocument::parse(doc(x))->entries().size(), 1u);
  }
}

TEST(SchemaJson, DuplicateSelectedEntry) {
  std::string doc =
      R"({"provider_schemas":{"p":{"resource_schemas":{"r":{"block":{}},"r":{"block":{}}}}}})";
  Error e = load_error(doc, "resource:r");
  EXPECT_EQ(e.status(), Status::Parse);
  // Duplicate attribute names inside a block are a schema error.
  e = load_error(doc_with_resource_block(R"({"attributes":{"a":{"type":"string","optional":true},"a":{"type":"number","optional":true}}})"),
                 "resource:r");
  EXPECT_EQ(e.status(), Status::Schema);
}

TEST(SchemaJson, BlockNestingDepthLimit) {
  std::string block = R"({"attributes":{"x":{"type":"string","optional":true}}})";
  for (int i = 0; i < 300; ++i) block = R"({"block_types":{"n":{"nesting_mode":"single","block":)" + block + "}}}";
  try {
    load_block_json(block);
    FAIL() << "expected a limit error";
  } catch (const Error& e) {
    EXPECT_TRUE(e.status() == Status::Limit || e.status() == Status::Parse) << e.message();
  }
}
