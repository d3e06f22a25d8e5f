// Schema documents (SchemaDocument), identity schemas, the 6.11 block flag,
// and writing schemas back as `providers schema -json` text.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "schema/schema.hpp"

using namespace dynval;

namespace {

// A document in the exact form Terraform writes (compact, keys in
// jsonprovider's field order, names sorted), using every feature the writer
// knows, plus the libdynval extensions (a block's "computed", a nested type's
// min/max items) and a "functions" key that holds no schema.
const std::string kDoc =
    R"({"format_version":"1.0","provider_schemas":{)"
    R"("example.com/acme/one":{)"
    R"("provider":{"version":0,"block":{"attributes":{"region":{"type":"string","description":"Where \u003cthe\u003e \u0026 \"how\"\n","description_kind":"plain","optional":true}},"description_kind":"plain"}},)"
    R"("resource_schemas":{)"
    R"("one_other":{"version":0,"block":{"description_kind":"plain"}},)"
    R"("one_thing":{"version":3,"block":{"attributes":{)"
    R"("id":{"type":"string","description_kind":"plain","computed":true},)"
    R"("net":{"nested_type":{"attributes":{"ip":{"type":"string","description_kind":"plain","required":true},"ports":{"type":["list","number"],"description_kind":"markdown","optional":true}},"nesting_mode":"set","min_items":1,"max_items":4},"description_kind":"plain","optional":true},)"
    R"("old":{"type":"bool","description":"*old*","description_kind":"markdown","deprecated":true,"deprecation_message":"use id","optional":true},)"
    R"("pw":{"type":"string","description_kind":"plain","optional":true,"sensitive":true,"write_only":true},)"
    R"("tags":{"type":["map","string"],"description_kind":"plain","optional":true,"computed":true})"
    R"(},"block_types":{)"
    R"("disk":{"nesting_mode":"list","block":{"attributes":{"size":{"type":"number","description_kind":"plain","required":true}},"description_kind":"plain","computed":true},"min_items":1,"max_items":3},)"
    R"("grp":{"nesting_mode":"group","block":{"description_kind":"plain"}},)"
    R"("labels":{"nesting_mode":"map","block":{"attributes":{"v":{"type":"dynamic","description_kind":"plain","optional":true}},"description_kind":"plain"}},)"
    R"("one":{"nesting_mode":"single","block":{"description":"Just one.","description_kind":"plain"},"min_items":1,"max_items":1})"
    R"(},"description":"A thing.","description_kind":"markdown","deprecated":true,"deprecation_message":"use one_other"}}},)"
    R"("list_resource_schemas":{"one_thing":{"version":0,"block":{"attributes":{"filter":{"type":"string","description_kind":"plain","optional":true}},"description_kind":"plain"}}},)"
    R"("functions":{"f":{"return_type":"string"}},)"
    R"("resource_identity_schemas":{"one_thing":{"version":2,"attributes":{"account":{"type":"string","description":"The account.","optional_for_import":true},"id":{"type":"string","required_for_import":true}}}},)"
    R"("action_schemas":{"one_restart":{"block":{"attributes":{"force":{"type":"bool","description_kind":"plain","optional":true}},"description_kind":"plain"}}},)"
    R"("state_store_schemas":{"one_store":{"version":1,"block":{"attributes":{"bucket":{"type":"string","description_kind":"plain","required":true}},"description_kind":"plain"}}})"
    R"(},)"
    R"("example.com/acme/two":{"data_source_schemas":{"two_data":{"version":0,"block":{"description_kind":"plain"}}},"ephemeral_resource_schemas":{"two_token":{"version":0,"block":{"attributes":{"token":{"type":"string","description_kind":"plain","computed":true,"sensitive":true}},"description_kind":"plain"}}}})"
    R"(}})";

const char* kOne = "example.com/acme/one";

std::string entry_json(const SchemaDocument& d, size_t i) {
  std::string out;
  const auto& e = d.entries()[i];
  if (e.selector.kind == BlockKind::Identity) {
    append_identity_json(out, *d.identity(i));
  } else {
    append_schema_json(out, *d.schema(i), e.selector.kind != BlockKind::Action);
  }
  return out;
}

template <class F>
Error error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error";
  return Error(Status::Internal, "no error");
}

}  // namespace

TEST(SchemaDocument, ListsEveryKindInDocumentOrder) {
  auto d = SchemaDocument::parse(kDoc);
  EXPECT_EQ(d->format_version(), "1.0");
  ASSERT_EQ(d->providers(), (std::vector<std::string>{kOne, "example.com/acme/two"}));
  std::vector<std::string> got;
  for (const auto& e : d->entries()) got.push_back(d->providers()[e.provider] + " " + e.selector_text);
  EXPECT_EQ(got, (std::vector<std::string>{
                     "example.com/acme/one provider",
                     "example.com/acme/one resource:one_other",
                     "example.com/acme/one resource:one_thing",
                     "example.com/acme/one list:one_thing",
                     "example.com/acme/one identity:one_thing",
                     "example.com/acme/one action:one_restart",
                     "example.com/acme/one state_store:one_store",
                     "example.com/acme/two data:two_data",
                     "example.com/acme/two ephemeral:two_token",
                 }));
  for (const auto& e : d->entries()) EXPECT_EQ(BlockSelector::parse(e.selector_text), e.selector);
  // list_schemas_json lists the same; load_all_schemas_json builds the blocks.
  auto listing = list_schemas_json(JsonInput{kDoc});
  ASSERT_EQ(listing.size(), d->entries().size());
  auto all = load_all_schemas_json(JsonInput{kDoc});
  EXPECT_EQ(all.size(), d->entries().size() - 1);  // not the identity schema
}

TEST(SchemaDocument, WritesEachSchemaBackAsItsBytes) {
  auto d = SchemaDocument::parse(kDoc);
  for (size_t i = 0; i < d->entries().size(); ++i) {
    const auto& e = d->entries()[i];
    EXPECT_EQ(entry_json(*d, i), d->text().substr(e.offset, e.length)) << e.selector_text;
  }
}

TEST(SchemaDocument, ReadsEveryField) {
  auto d = SchemaDocument::parse(kDoc);
  SchemaPtr s = d->schema(d->find(BlockSelector::parse("resource:one_thing"), kOne));
  EXPECT_EQ(s->version, 3);
  const Block& b = s->block;
  EXPECT_EQ(b.description, "A thing.");
  EXPECT_EQ(b.description_kind, DescriptionKind::Markdown);
  EXPECT_TRUE(b.deprecated);
  EXPECT_EQ(b.deprecation_message, "use one_other");
  EXPECT_FALSE(b.computed);
  EXPECT_TRUE(b.find_block("disk")->block.computed);
  EXPECT_EQ(b.find_block("disk")->min_items, 1);
  EXPECT_EQ(b.find_block("disk")->max_items, 3);
  EXPECT_EQ(b.find_block("grp")->nesting, NestingMode::Group);
  const Attribute* old = b.find_attribute("old");
  EXPECT_EQ(attribute_flags(*old), AttrFlag::Optional | AttrFlag::Deprecated);
  EXPECT_EQ(old->deprecation_message, "use id");
  EXPECT_EQ(attribute_flags(*b.find_attribute("pw")), AttrFlag::Optional | AttrFlag::Sensitive | AttrFlag::WriteOnly);
  const NestedObject& net = *b.find_attribute("net")->nested_type;
  EXPECT_EQ(net.nesting, NestingMode::Set);
  EXPECT_EQ(net.min_items, 1);
  EXPECT_EQ(net.max_items, 4);
  EXPECT_EQ(net.find("ports")->description_kind, DescriptionKind::Markdown);

  IdentitySchemaPtr id = d->identity(d->find(BlockSelector::parse("identity:one_thing"), kOne));
  EXPECT_EQ(id->version, 2);
  EXPECT_EQ(id->implied_type.to_json(), R"(["object",{"account":"string","id":"string"}])");
  EXPECT_TRUE(id->find_attribute("id")->required_for_import);
  EXPECT_TRUE(id->find_attribute("account")->optional_for_import);
  EXPECT_EQ(id->find_attribute("account")->description, "The account.");
  EXPECT_EQ(attribute_flags(*id->find_attribute("account")), AttrFlag::OptionalForImport);

  SchemaPtr act = d->schema(d->find(BlockSelector::parse("action:one_restart"), kOne));
  EXPECT_EQ(act->version, 0);
  EXPECT_EQ(act->implied_type().to_json(), R"(["object",{"force":"bool"}])");
  EXPECT_EQ(d->schema(d->find(BlockSelector::parse("state_store:one_store"), kOne))->version, 1);
}

TEST(SchemaDocument, BuildsOnceAndOutlivesTheDocument) {
  auto d = SchemaDocument::parse(kDoc);
  size_t i = d->find(BlockSelector::parse("resource:one_thing"), kOne);
  SchemaPtr a = d->schema(i);
  SchemaPtr b = d->schema(i);
  EXPECT_EQ(a.get(), b.get());
  size_t k = d->find(BlockSelector::parse("identity:one_thing"), kOne);
  EXPECT_EQ(d->identity(k).get(), d->identity(k).get());
  d.reset();
  EXPECT_EQ(a->version, 3);
}

TEST(SchemaDocument, SharedAcrossThreads) {
  auto d = SchemaDocument::parse(kDoc);
  const size_t n = d->entries().size();
  std::vector<std::vector<const void*>> seen(4, std::vector<const void*>(n));
  std::vector<std::thread> threads;
  for (size_t t = 0; t < seen.size(); ++t) {
    threads.emplace_back([&, t] {
      for (size_t r = 0; r < n; ++r) {
        size_t i = (r + t * 3) % n;  // different orders
        if (d->entries()[i].selector.kind == BlockKind::Identity) {
          seen[t][i] = d->identity(i).get();
        } else {
          seen[t][i] = d->schema(i).get();
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  for (size_t t = 1; t < seen.size(); ++t) EXPECT_EQ(seen[t], seen[0]);
}

TEST(SchemaDocument, FindErrors) {
  auto d = SchemaDocument::parse(kDoc);
  EXPECT_EQ(error_of([&] { d->find(BlockSelector::parse("provider")); }).status(), Status::InvalidArg);
  Error e = error_of([&] { d->find(BlockSelector::parse("resource:nope"), kOne); });
  EXPECT_EQ(e.status(), Status::NotFound);
  EXPECT_NE(e.message().find("resource_schemas"), std::string::npos) << e.message();
  EXPECT_EQ(error_of([&] { d->find(BlockSelector::parse("provider"), "example.com/x/y"); }).status(),
            Status::NotFound);
  EXPECT_EQ(error_of([&] { d->find(BlockSelector::parse("provider"), "example.com/acme/two"); }).status(),
            Status::NotFound);
  size_t id = d->find(BlockSelector::parse("identity:one_thing"), kOne);
  EXPECT_EQ(error_of([&] { d->schema(id); }).status(), Status::InvalidArg);
  EXPECT_EQ(error_of([&] { d->identity(0); }).status(), Status::InvalidArg);
  EXPECT_EQ(error_of([&] { d->schema(99); }).status(), Status::OutOfRange);
  EXPECT_EQ(error_of([&] { load_schema_json(kDoc, "identity:one_thing", kOne); }).status(), Status::InvalidArg);
  // The one-shot loader reaches the new kinds too.
  EXPECT_EQ(load_schema_json(kDoc, "state_store:one_store", kOne)->version, 1);
}

TEST(SchemaDocument, SchemaErrorsComeWhenBuiltWithTheirPath) {
  std::string doc =
      R"({"provider_schemas":{"p":{"resource_schemas":{"ok":{"block":{}},)"
      R"("bad":{"version":1,"block":{"attributes":{"x":{"type":"string"}}}}},)"
      R"("resource_identity_schemas":{"bad":{"attributes":{"id":{"description":"no type"}}}}}}})";
  auto d = SchemaDocument::parse(doc);  // listing needs no schema to be valid
  ASSERT_EQ(d->entries().size(), 3u);
  EXPECT_EQ(d->schema(0)->version, 0);
  Error e = error_of([&] { d->schema(1); });
  EXPECT_EQ(e.status(), Status::Schema);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].resource_schemas["bad"].block.attributes["x"])");
  EXPECT_EQ(e.offset(), doc.find(R"({"attributes":{"x")"));
  // The failure is not cached as a success: asking again fails again.
  EXPECT_EQ(error_of([&] { d->schema(1); }).status(), Status::Schema);
  e = error_of([&] { d->identity(2); });
  EXPECT_EQ(e.status(), Status::Schema);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].resource_identity_schemas["bad"].attributes["id"])");
  // A bad field value inside an entry is found when the entry is built.
  std::string bad_value = R"({"provider_schemas":{"p":{"provider":{"version":"one","block":{}}}}})";
  auto d2 = SchemaDocument::parse(bad_value);
  e = error_of([&] { d2->schema(0); });
  EXPECT_EQ(e.status(), Status::Parse);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].provider.version)");
  EXPECT_EQ(e.offset(), bad_value.find(R"("one")"));
}

TEST(SchemaDocument, DocumentErrors) {
  auto parse_error = [](const std::string& doc) { return error_of([&] { SchemaDocument::parse(doc); }); };
  Error e = parse_error(R"({"provider_schemas":{"p":{"resource_schemas":{"r":{"block":{}},"r":{"block":{}}}}}})");
  EXPECT_EQ(e.status(), Status::Parse);
  EXPECT_NE(e.message().find("duplicate schema \"resource:r\""), std::string::npos) << e.message();
  e = parse_error(R"({"provider_schemas":{"p":{},"p":{}}})");
  EXPECT_EQ(e.status(), Status::Parse);
  EXPECT_NE(e.message().find("duplicate provider"), std::string::npos) << e.message();
  e = parse_error(R"({"provider_schemas":{"p":{"data_source_schemas":{"d":[1]}}}})");
  EXPECT_EQ(e.status(), Status::Parse);
  EXPECT_EQ(path_string(e.path()), R"(.provider_schemas["p"].data_source_schemas["d"])");
  // Malformed JSON where nothing is read (inside "functions") is still found.
  EXPECT_EQ(parse_error(R"({"provider_schemas":{"p":{"functions":{"f":[1,]}}}})").status(), Status::Parse);
  EXPECT_EQ(parse_error(R"({"format_version":"1.0"})").status(), Status::Parse);
  EXPECT_EQ(parse_error(R"({"provider_schemas":{}} x)").status(), Status::Parse);
  // An empty document lists nothing and finds nothing.
  auto empty = SchemaDocument::parse(R"({"format_version":"1.0","provider_schemas":{}})");
  EXPECT_TRUE(empty->entries().empty());
  EXPECT_EQ(error_of([&] { empty->find(BlockSelector::parse("provider")); }).status(), Status::NotFound);
}

TEST(SchemaSelector, NewKinds) {
  for (const char* text : {"list:a", "action:b_c", "state_store:s", "identity:r"})
    EXPECT_EQ(BlockSelector::parse(text).to_string(), text);
  EXPECT_EQ(BlockSelector::parse("state_store:s").kind, BlockKind::StateStore);
  EXPECT_EQ(BlockSelector::parse("identity:r").kind, BlockKind::Identity);
  EXPECT_THROW(BlockSelector::parse("identity:"), Error);
  EXPECT_THROW(BlockSelector::parse("functions:f"), Error);
}

TEST(IdentitySchema, JsonAndChecks) {
  auto s = load_identity_json(R"({"version":4,"attributes":{"b":{"type":["set","string"]},"a":{"type":"number",
      "required_for_import":true,"optional_for_import":true,"future":1}}})");
  EXPECT_EQ(s->version, 4);
  EXPECT_EQ(s->attributes[0].name, "a");
  EXPECT_TRUE(s->attributes[0].required_for_import && s->attributes[0].optional_for_import);
  EXPECT_EQ(s->implied_type.to_json(), R"(["object",{"a":"number","b":["set","string"]}])");
  std::string out;
  append_identity_json(out, *s);
  EXPECT_EQ(out,
            R"({"version":4,"attributes":{"a":{"type":"number","required_for_import":true,"optional_for_import":true},)"
            R"("b":{"type":["set","string"]}}})");
  EXPECT_EQ(*load_identity_json(out), *s);
  out.clear();
  append_identity_json(out, *load_identity_json("{}"));
  EXPECT_EQ(out, R"({"version":0})");

  Error e = error_of([] { load_identity_json(R"({"attributes":{"a":{"type":"strin"}}})"); });
  EXPECT_EQ(path_string(e.path()), R"(.attributes["a"].type)");
  e = error_of([] { load_identity_json(R"({"attributes":{"a":{"type":"string","required_for_import":1}}})"); });
  EXPECT_EQ(e.status(), Status::Parse);

  // IdentitySchema::make: a type, no nested type, only the import flags.
  EXPECT_EQ(error_of([] { IdentitySchema::make(0, {make_attribute("a", Type::string(), AttrFlag::Required)}); })
                .status(),
            Status::Schema);
  EXPECT_EQ(error_of([] { IdentitySchema::make(0, {make_nested_attribute("a", NestedObject{}, AttrFlag::None)}); })
                .status(),
            Status::Schema);
  EXPECT_EQ(error_of([] {
              IdentitySchema::make(0, {make_attribute("a", Type::string(), AttrFlag::None),
                                       make_attribute("a", Type::number(), AttrFlag::None)});
            }).status(),
            Status::Schema);
  EXPECT_EQ(error_of([] { IdentitySchema::make(0, {make_attribute("", Type::string(), AttrFlag::None)}); }).status(),
            Status::Schema);
}

TEST(SchemaModel, ComputedBlocksAndImportFlags) {
  BlockBuilder body;
  body.attr("x", Type::string(), AttrFlag::Optional).computed();
  BlockBuilder root;
  root.block("b", NestingMode::List, body).deprecated(true, "gone").description("d", DescriptionKind::Markdown);
  root.attr("a", Type::string(), AttrFlag::Optional);
  Attribute* a = root.find_attribute("a");
  ASSERT_NE(a, nullptr);
  a->deprecation_message = "msg";
  EXPECT_EQ(root.find_attribute("zz"), nullptr);
  SchemaPtr s = root.schema(1);
  EXPECT_TRUE(s->block.find_block("b")->block.computed);
  EXPECT_EQ(s->block.deprecation_message, "gone");
  EXPECT_EQ(s->block.find_attribute("a")->deprecation_message, "msg");
  // Block.computed takes part in equality and changes no type.
  BlockBuilder plain_body;
  plain_body.attr("x", Type::string(), AttrFlag::Optional);
  SchemaPtr t = BlockBuilder()
                    .block("b", NestingMode::List, plain_body)
                    .deprecated(true, "gone")
                    .description("d", DescriptionKind::Markdown)
                    .attr("a", Type::string(), AttrFlag::Optional)
                    .schema(1);
  EXPECT_EQ(s->implied_type(), t->implied_type());
  EXPECT_FALSE(*s == *t);
  // Block JSON reads "computed".
  auto j = load_block_json(R"({"block_types":{"b":{"nesting_mode":"list","block":{"computed":true}}}})");
  EXPECT_TRUE(j->block.find_block("b")->block.computed);
  // The import flags are for identity attributes only.
  Error e = error_of(
      [] { BlockBuilder().attr("k", Type::string(), AttrFlag::Optional | AttrFlag::RequiredForImport).schema(); });
  EXPECT_EQ(e.status(), Status::Schema);
  EXPECT_EQ(path_string(e.path()), R"(.attributes["k"])");
  // The nested object's item counts, through the object builder.
  SchemaPtr n = BlockBuilder()
                    .nested_attr("o", ObjectBuilder(NestingMode::List).attr("v", Type::boolean(), AttrFlag::Optional).items(1, 2),
                                 AttrFlag::Optional)
                    .schema();
  EXPECT_EQ(n->block.find_attribute("o")->nested_type->max_items, 2);
}

TEST(SchemaModel, TextMustBeUtf8) {
  // Only the builders can put bytes that are not UTF-8 into a schema;
  // protobuf strings must be UTF-8, so the checks reject them.
  Attribute a = make_attribute("a", Type::string(), AttrFlag::Optional);
  a.description = "bad \xff";
  Error e = error_of([&] { BlockBuilder().attribute(a).schema(); });
  EXPECT_EQ(e.status(), Status::Schema);
  EXPECT_EQ(path_string(e.path()), R"(.attributes["a"])");
  EXPECT_EQ(error_of([] { BlockBuilder().attr("\xc3", Type::string(), AttrFlag::Optional).schema(); }).status(),
            Status::Schema);
  EXPECT_EQ(error_of([] { BlockBuilder().deprecated(true, "\xe2\x82").schema(); }).status(), Status::Schema);
  EXPECT_EQ(error_of([] {
              BlockBuilder().block("b", NestingMode::Single, BlockBuilder().description("\xc0\x80")).schema();
            }).status(),
            Status::Schema);
  Attribute i = make_attribute("id", Type::string(), AttrFlag::RequiredForImport);
  i.description = "\xff";
  EXPECT_EQ(error_of([&] { IdentitySchema::make(0, {i}); }).status(), Status::Schema);
}
