// tfplugin5 / tfplugin6 `Schema` messages: a decoder and an encoder for
// exactly the messages a schema needs, on the wire format of
// protowire/protowire.hpp.
//
// Field numbers (Terraform docs/plugin-protocol/tfplugin5.proto 5.10 and
// tfplugin6.proto 6.11; OpenTofu's tfplugin5.10 / tfplugin6.10 agree on
// everything but Block.computed):
//   Schema       { int64 version = 1; Block block = 2; }
//   Block        { int64 version = 1; repeated Attribute attributes = 2;
//                  repeated NestedBlock block_types = 3; string description = 4;
//                  StringKind description_kind = 5; bool deprecated = 6;
//                  string deprecation_message = 7 (5.10, 6.10);
//                  v6: bool computed = 8 (6.11) }
//   Attribute    { string name = 1; bytes type = 2; string description = 3;
//                  bool required = 4; optional = 5; computed = 6; sensitive = 7;
//                  StringKind description_kind = 8; bool deprecated = 9;
//                  v5: bool write_only = 10; string deprecation_message = 11;
//                  v6: Object nested_type = 10; bool write_only = 11;
//                      string deprecation_message = 12 }
//   NestedBlock  { string type_name = 1; Block block = 2; NestingMode nesting = 3;
//                  int64 min_items = 4; int64 max_items = 5; }
//   Object (v6)  { repeated Attribute attributes = 1; NestingMode nesting = 3;
//                  int64 min_items = 4; int64 max_items = 5; }
//   ResourceIdentitySchema (5.9, 6.9) { int64 version = 1;
//                  repeated IdentityAttribute identity_attributes = 2; }
//   IdentityAttribute { string name = 1; bytes type = 2;
//                  bool required_for_import = 3; bool optional_for_import = 4;
//                  string description = 5; }
//
// Decoding follows proto3 / protobuf-go semantics (protowire.hpp): a later
// scalar wins, a repeated embedded message field appends, a non-repeated
// embedded message field that occurs twice is merged, unknown fields (and
// known fields with an unexpected wire type) are skipped, including groups.
#include "protowire/protowire.hpp"
#include "schema/schema.hpp"

namespace dynval {

namespace {

using protowire::kLen;
using protowire::kVarint;

class Decoder : public protowire::Reader {
 public:
  Decoder(std::span<const uint8_t> bytes, int proto) : Reader(bytes, "protobuf schema"), proto_(proto) {}

  // A nesting mode the protocol does not define is reported with its own
  // number (mode 0, INVALID, is left to the structural checks).
  NestingMode nesting_of(uint64_t v, const uint8_t* at) const {
    if (v > uint64_t(NestingMode::Group)) fail(Status::Schema, "invalid nesting mode " + std::to_string(v), at);
    return NestingMode(v);
  }
  static DescriptionKind kind_of(uint64_t v) { return v == 1 ? DescriptionKind::Markdown : DescriptionKind::Plain; }

  void attribute(Cursor c, Attribute& a, size_t depth) {
    fields(c, depth, [&](uint32_t f, uint32_t wt, Cursor& cc, const uint8_t* at) {
      if (wt == kVarint) {
        uint64_t v;
        switch (f) {
          case 4: a.required = varint(cc) != 0; return true;
          case 5: a.optional = varint(cc) != 0; return true;
          case 6: a.computed = varint(cc) != 0; return true;
          case 7: a.sensitive = varint(cc) != 0; return true;
          case 8: a.description_kind = kind_of(varint(cc)); return true;
          case 9: a.deprecated = varint(cc) != 0; return true;
          case 10:
            if (proto_ != 5) return false;
            a.write_only = varint(cc) != 0;
            return true;
          case 11:
            if (proto_ != 6) return false;
            v = varint(cc);
            a.write_only = v != 0;
            return true;
          default: return false;
        }
      }
      if (wt != kLen) return false;
      switch (f) {
        case 1:
          a.name = string_field(cc, "name");
          return true;
        case 2:
          a.type = type_field(cc);
          return true;
        case 3:
          a.description = string_field(cc, "description");
          return true;
        case 10: {
          if (proto_ != 6) return false;
          path.push_back(PathStep::attr("nested_type"));
          if (!a.nested_type) a.nested_type.emplace();
          object(sub(bytes(cc)), *a.nested_type, depth + 1);
          path.pop_back();
          return true;
        }
        case 11:
        case 12:
          if (f != (proto_ == 5 ? 11u : 12u)) return false;
          a.deprecation_message = string_field(cc, "deprecation_message");
          return true;
        default: (void)at; return false;
      }
    });
  }

  // An attribute's `bytes type` field: type JSON.
  Type type_field(Cursor& cc) {
    path.push_back(PathStep::attr("type"));
    const uint8_t* start = cc.p;
    std::string_view json = bytes(cc);
    Type t;
    try {
      t = Type::from_json(json);
    } catch (Error& e) {
      throw Error(e.status(), "protobuf schema: attribute type: " + e.message(), path, offset_of(start));
    }
    path.pop_back();
    return t;
  }

  void attributes_field(Cursor& cc, std::vector<Attribute>& out, size_t depth) {
    path.push_back(PathStep::attr("attributes"));
    path.push_back(PathStep::idx(int64_t(out.size())));
    Attribute a;
    attribute(sub(bytes(cc)), a, depth + 1);
    out.push_back(std::move(a));
    path.pop_back();
    path.pop_back();
  }

  void object(Cursor c, NestedObject& o, size_t depth) {
    fields(c, depth, [&](uint32_t f, uint32_t wt, Cursor& cc, const uint8_t* at) {
      if (wt == kLen && f == 1) {
        attributes_field(cc, o.attributes, depth);
        return true;
      }
      if (wt != kVarint) return false;
      switch (f) {
        case 3: o.nesting = nesting_of(varint(cc), at); return true;
        case 4: o.min_items = int64_t(varint(cc)); return true;
        case 5: o.max_items = int64_t(varint(cc)); return true;
        default: return false;
      }
    });
  }

  void nested_block(Cursor c, NestedBlock& nb, size_t depth) {
    fields(c, depth, [&](uint32_t f, uint32_t wt, Cursor& cc, const uint8_t* at) {
      if (wt == kLen) {
        if (f == 1) {
          nb.type_name = string_field(cc, "type_name");
          return true;
        }
        if (f == 2) {
          path.push_back(PathStep::attr("block"));
          block(sub(bytes(cc)), nb.block, depth + 1);
          path.pop_back();
          return true;
        }
        return false;
      }
      if (wt != kVarint) return false;
      switch (f) {
        case 3: nb.nesting = nesting_of(varint(cc), at); return true;
        case 4: nb.min_items = int64_t(varint(cc)); return true;
        case 5: nb.max_items = int64_t(varint(cc)); return true;
        default: return false;
      }
    });
  }

  void block(Cursor c, Block& b, size_t depth) {
    fields(c, depth, [&](uint32_t f, uint32_t wt, Cursor& cc, const uint8_t*) {
      if (wt == kLen) {
        switch (f) {
          case 2: attributes_field(cc, b.attributes, depth); return true;
          case 3: {
            path.push_back(PathStep::attr("block_types"));
            path.push_back(PathStep::idx(int64_t(b.block_types.size())));
            NestedBlock nb;
            nested_block(sub(bytes(cc)), nb, depth + 1);
            b.block_types.push_back(std::move(nb));
            path.pop_back();
            path.pop_back();
            return true;
          }
          case 4:
            b.description = string_field(cc, "description");
            return true;
          case 7:
            b.deprecation_message = string_field(cc, "deprecation_message");
            return true;
          default: return false;
        }
      }
      if (wt != kVarint) return false;
      switch (f) {
        case 1: b.version = int64_t(varint(cc)); return true;
        case 5: b.description_kind = kind_of(varint(cc)); return true;
        case 6: b.deprecated = varint(cc) != 0; return true;
        case 8:
          if (proto_ != 6) return false;
          b.computed = varint(cc) != 0;
          return true;
        default: return false;
      }
    });
  }

  SchemaPtr schema() {
    int64_t version = 0;
    Block b;
    fields(whole(), 0, [&](uint32_t f, uint32_t wt, Cursor& cc, const uint8_t*) {
      if (f == 1 && wt == kVarint) {
        version = int64_t(varint(cc));
        return true;
      }
      if (f == 2 && wt == kLen) {
        path.push_back(PathStep::attr("block"));
        block(sub(bytes(cc)), b, 1);
        path.pop_back();
        return true;
      }
      return false;
    });
    try {
      return Schema::make(version, std::move(b));
    } catch (Error& e) {
      Path p{PathStep::attr("block")};
      p.insert(p.end(), e.path().begin(), e.path().end());
      throw Error(e.status(), e.message(), std::move(p), e.offset());
    }
  }

  void identity_attribute(Cursor c, Attribute& a) {
    fields(c, 1, [&](uint32_t f, uint32_t wt, Cursor& cc, const uint8_t*) {
      if (wt == kVarint) {
        switch (f) {
          case 3: a.required_for_import = varint(cc) != 0; return true;
          case 4: a.optional_for_import = varint(cc) != 0; return true;
          default: return false;
        }
      }
      if (wt != kLen) return false;
      switch (f) {
        case 1:
          a.name = string_field(cc, "name");
          return true;
        case 2: a.type = type_field(cc); return true;
        case 5:
          a.description = string_field(cc, "description");
          return true;
        default: return false;
      }
    });
  }

  IdentitySchemaPtr identity() {
    int64_t version = 0;
    std::vector<Attribute> attrs;
    fields(whole(), 0, [&](uint32_t f, uint32_t wt, Cursor& cc, const uint8_t*) {
      if (f == 1 && wt == kVarint) {
        version = int64_t(varint(cc));
        return true;
      }
      if (f == 2 && wt == kLen) {
        path.push_back(PathStep::attr("identity_attributes"));
        path.push_back(PathStep::idx(int64_t(attrs.size())));
        Attribute a;
        identity_attribute(sub(bytes(cc)), a);
        attrs.push_back(std::move(a));
        path.pop_back();
        path.pop_back();
        return true;
      }
      return false;
    });
    try {
      return IdentitySchema::make(version, std::move(attrs));
    } catch (Error& e) {
      // The checks' path starts at .attributes; the message calls it
      // identity_attributes.
      Path p = e.path();
      if (!p.empty()) p.front() = PathStep::attr("identity_attributes");
      throw Error(e.status(), e.message(), std::move(p), e.offset());
    }
  }

 private:
  int proto_;
};

// ---- encoder ----------------------------------------------------------------

using protowire::bytes_field;
using protowire::varint_field;

class Encoder {
 public:
  explicit Encoder(int proto) : proto_(proto) {}

  std::string attribute(const Attribute& a) const {
    std::string out;
    bytes_field(out, 1, a.name);
    if (a.type) bytes_field(out, 2, a.type->to_json());
    bytes_field(out, 3, a.description);
    varint_field(out, 4, a.required);
    varint_field(out, 5, a.optional);
    varint_field(out, 6, a.computed);
    varint_field(out, 7, a.sensitive);
    varint_field(out, 8, uint64_t(a.description_kind));
    varint_field(out, 9, a.deprecated);
    if (proto_ == 5) {
      if (a.nested_type) throw Error(Status::Unsupported, "protocol 5 cannot express nested attribute types");
      varint_field(out, 10, a.write_only);
      bytes_field(out, 11, a.deprecation_message);
    } else {
      if (a.nested_type) bytes_field(out, 10, object(*a.nested_type), true);
      varint_field(out, 11, a.write_only);
      bytes_field(out, 12, a.deprecation_message);
    }
    return out;
  }

  std::string object(const NestedObject& o) const {
    std::string out;
    for (const Attribute& a : o.attributes) bytes_field(out, 1, attribute(a), true);
    varint_field(out, 3, uint64_t(o.nesting));
    varint_field(out, 4, uint64_t(o.min_items));
    varint_field(out, 5, uint64_t(o.max_items));
    return out;
  }

  std::string nested_block(const NestedBlock& nb) const {
    std::string out;
    bytes_field(out, 1, nb.type_name);
    bytes_field(out, 2, block(nb.block), true);
    varint_field(out, 3, uint64_t(nb.nesting));
    varint_field(out, 4, uint64_t(nb.min_items));
    varint_field(out, 5, uint64_t(nb.max_items));
    return out;
  }

  std::string block(const Block& b) const {
    std::string out;
    varint_field(out, 1, uint64_t(b.version));
    for (const Attribute& a : b.attributes) bytes_field(out, 2, attribute(a), true);
    for (const NestedBlock& nb : b.block_types) bytes_field(out, 3, nested_block(nb), true);
    bytes_field(out, 4, b.description);
    varint_field(out, 5, uint64_t(b.description_kind));
    varint_field(out, 6, b.deprecated);
    bytes_field(out, 7, b.deprecation_message);
    if (b.computed && proto_ == 5) throw Error(Status::Unsupported, "protocol 5 cannot express computed blocks");
    varint_field(out, 8, b.computed);
    return out;
  }

  static std::string identity(const IdentitySchema& s) {
    std::string out;
    varint_field(out, 1, uint64_t(s.version));
    for (const Attribute& a : s.attributes) {
      std::string m;
      bytes_field(m, 1, a.name);
      if (a.type) bytes_field(m, 2, a.type->to_json());
      varint_field(m, 3, a.required_for_import);
      varint_field(m, 4, a.optional_for_import);
      bytes_field(m, 5, a.description);
      bytes_field(out, 2, m, true);
    }
    return out;
  }

 private:
  int proto_;
};

void check_protocol(int v) {
  if (v != 5 && v != 6)
    throw Error(Status::InvalidArg, "protocol version must be 5 or 6, got " + std::to_string(v));
}

}  // namespace

SchemaPtr load_schema_proto(std::span<const uint8_t> bytes, int protocol_version) {
  check_protocol(protocol_version);
  Decoder d(bytes, protocol_version);
  return d.schema();
}

SchemaPtr load_schema_proto(std::string_view bytes, int protocol_version) {
  return load_schema_proto(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
                           protocol_version);
}

IdentitySchemaPtr load_identity_proto(std::span<const uint8_t> bytes, int protocol_version) {
  check_protocol(protocol_version);
  Decoder d(bytes, protocol_version);
  return d.identity();
}

IdentitySchemaPtr load_identity_proto(std::string_view bytes, int protocol_version) {
  return load_identity_proto(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), protocol_version);
}

std::string encode_identity_proto(const IdentitySchema& s, int protocol_version) {
  check_protocol(protocol_version);
  return Encoder::identity(s);
}

std::string encode_schema_proto(const Schema& s, int protocol_version) {
  check_protocol(protocol_version);
  Encoder e(protocol_version);
  std::string out;
  varint_field(out, 1, uint64_t(s.version));
  bytes_field(out, 2, e.block(s.block), true);
  return out;
}

}  // namespace dynval
