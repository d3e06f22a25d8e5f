// dynval: convert, inspect and validate DynamicValue payloads from the
// command line. A thin user of the C++ core (README.md "The dynval tool").
//
// Exit status: 0 success, 1 invalid input (error with path and byte offset on
// stderr), 2 usage error.
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "files.hpp"
#include "schema_print.hpp"
#include "codec/codec.hpp"
#include "codec/json_decode.hpp"
#include "convert/convert.hpp"
#include "render/render.hpp"
#include "dynval/version.h"
#include "schema/schema.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/walk.hpp"

namespace {

using namespace dynval;

constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;
constexpr int kExitUsage = 2;

const char kHelp[] = R"help(NAME
    dynval - convert, inspect and validate Terraform/OpenTofu DynamicValue payloads

SYNOPSIS
    dynval convert  (--type TYPE_JSON | --schema FILE --block SELECTOR [--provider ADDR])
                    --from msgpack|json --to msgpack|json|pretty [--as TYPE_JSON]
                    [--show-sensitive] [--unknown-as-null] [--hex] [--strict]
                    [--ignore-undefined-attributes] [IN [OUT]]
    dynval type     --schema FILE --block SELECTOR [--provider ADDR]
    dynval type     --schema FILE --list
    dynval schema   --schema FILE (--list | --block SELECTOR [--provider ADDR] | --all)
    dynval inspect  (--type TYPE_JSON | --schema FILE --block SELECTOR [--provider ADDR])
                    --from msgpack|json [--hex] [--strict] [--ignore-undefined-attributes] [IN]
    dynval validate --schema FILE --block SELECTOR [--provider ADDR]
                    --from msgpack|json [--hex] [--strict] [--ignore-undefined-attributes] [IN]
    dynval COMMAND --help
    dynval --help | --version

DESCRIPTION
    dynval reads a value in the wire format of the provider protocol
    (MessagePack or JSON, as in a DynamicValue message), decodes it by a type
    constraint or by the schema of a provider block, and writes it again,
    exactly as go-cty would.

    convert     decode IN and encode it to OUT. MessagePack and JSON
                (either way, or to the same format) are transcoded
                directly. `pretty` is a human view that can show unknown
                values and their refinements; with --schema, it shows
                every non-null attribute the schema marks sensitive as
                "(sensitive value)" and nothing below it (unless
                --show-sensitive). JSON cannot carry unknown values:
                converting one to JSON is an error. With --as, the
                decoded value is converted to another type first (go-cty's
                convert.Convert) and encoded by that type.
    type        print the implied type JSON of a schema block, or (--list)
                every block selector of a schema document.
    schema      print what the library loaded from a schema document, in the
                document's own form: --list prints every selector, one per
                line (as "ADDR SELECTOR" when FILE holds several providers);
                --block prints that schema as {"version":N,"block":{...}}
                ({"version":N,"attributes":{...}} for identity:NAME);
                --all prints the document rebuilt from every schema in it
                (keys that hold no schemas, such as "functions", are left
                out). For a document written by Terraform the output is the
                input, byte for byte.
    inspect     the value's type, a human view of the value with sensitive
                attributes masked, then every unknown value (with its
                refinements) and every sensitive path. Nothing at or below
                a sensitive attribute is printed: its type is the schema's
                (not that of a value in a "dynamic" attribute), its value
                is "(sensitive value)", and the unknowns at or below it are
                listed once, by its path, as "(sensitive value, unknown in
                whole or in part)": no map key, element, type or
                refinement (prefix, bounds, length) below it.
    validate    decode IN, then check the schema rules beyond the type:
                required attributes, min/max items of blocks (unless unknowns
                are present), GROUP blocks never null. Prints "valid".

OPTIONS
    --type TYPE_JSON     a type constraint in go-cty's JSON form, e.g.
                         '["object",{"name":"string"}]'
    --schema FILE        a `providers schema -json` document
    --block SELECTOR     provider | resource:NAME | data:NAME | ephemeral:NAME |
                         list:NAME | action:NAME | state_store:NAME |
                         identity:NAME (the identity schema of a resource)
    --provider ADDR      the provider address, needed when FILE holds several
                         providers (e.g. registry.terraform.io/hashicorp/aws)
    --from FORMAT        msgpack or json
    --to FORMAT          msgpack, json or pretty
    --hex                MessagePack input and output are hex text (JSON stays
                         JSON text); whitespace in hex input is ignored
    --as TYPE_JSON       convert the decoded value to this type by go-cty's
                         conversion rules (number <-> string, tuple -> list,
                         object -> map, map -> object, list <-> set, optional
                         attributes default to null, ...) and encode it by
                         this type (optional markers removed); where go-cty
                         refuses the conversion, exit 1 with its message.
                         The schema does not describe the converted value:
                         --to pretty with --as and a block that has a
                         sensitive attribute needs --show-sensitive
    --show-sensitive     convert: print the values of sensitive attributes
                         in the pretty view, and error paths below them, too
                         (masked by default; the json and msgpack outputs
                         are data and are never masked)
    --unknown-as-null    convert: write every unknown value as the null of
                         its type (cty's UnknownAsNull), e.g. to turn a
                         planned value into JSON
    --strict             reject bytes after the top-level value (go-cty and
                         the default ignore them)
    --ignore-undefined-attributes
                         skip object attributes the type does not have (state
                         written by an older schema) instead of failing with
                         "unsupported attribute"; map keys are not affected
    --max-input-size N   stop reading IN past N bytes with an error
                         (default 256 MiB, the protocol's message cap)
    --max-output-size N  fail rather than write more than N bytes
                         (default 256 MiB, the protocol's message cap)
    IN, OUT              files; `-` or absent means standard input/output

EXIT STATUS
    0   success
    1   invalid input: the error, its path in the value (cty style, e.g.
        .network[0].ip) and its byte offset are printed on stderr; with
        --schema, the path stops at the first sensitive attribute it
        passes (unless convert --show-sensitive)
    2   usage error (unknown option, missing argument, unreadable file or
        directory, failed write)

EXAMPLES
    dynval convert --schema schema.json --block resource:acme_server \
        --from msgpack --to pretty planned-state.msgpack
    echo 92c40822737472696e6722a26869 | dynval convert --type '"dynamic"' \
        --from msgpack --to json --hex
    echo '{"id":"i-1","old":1}' | dynval convert --ignore-undefined-attributes \
        --type '["object",{"id":"string"}]' --from json --to json
    echo '[1,"2"]' | dynval convert --type '["tuple",["number","string"]]' \
        --as '["list","number"]' --from json --to json
    dynval type --schema aws.json --block resource:aws_instance
    dynval schema --schema aws.json --block resource:aws_instance
)help";

using cli::InputFile;
using cli::read_all;
using cli::UsageError;
using cli::write_all;

// A message as printed on a terminal: control bytes (NUL included) and DEL
// as \xHH, so that input quoted into a message can neither cut it short nor
// drive the terminal.
std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) {
      char b[5];
      std::snprintf(b, sizeof b, "\\x%02x", c);
      out += b;
    } else {
      out.push_back(char(c));
    }
  }
  return out;
}

struct Args {
  std::string command;
  std::optional<std::string> type_json, schema_file, block, provider, from, to, as;
  bool hex = false, strict = false, list = false, all = false, ignore_undefined = false;
  bool show_sensitive = false, unknown_as_null = false, help = false;
  size_t max_input_size = limits::kDefaultMaxInputSize;
  size_t max_output_size = limits::kDefaultMaxOutputSize;
  std::vector<std::string> positional;
};

size_t size_arg(const std::string& v, const char* opt) {
  size_t n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n == 0)
    throw UsageError{std::string("bad value for ") + opt + ": " + v};
  return n;
}

Args parse_args(int argc, char** argv) {
  Args a;
  if (argc < 2) throw UsageError{"missing command (try --help)"};
  a.command = argv[1];
  auto need = [&](int& i, const char* opt) -> std::string {
    if (i + 1 >= argc) throw UsageError{std::string("option ") + opt + " needs a value"};
    return argv[++i];
  };
  for (int i = 2; i < argc; ++i) {
    std::string_view s = argv[i];
    if (s == "--type") a.type_json = need(i, "--type");
    else if (s == "--schema") a.schema_file = need(i, "--schema");
    else if (s == "--block") a.block = need(i, "--block");
    else if (s == "--provider") a.provider = need(i, "--provider");
    else if (s == "--from") a.from = need(i, "--from");
    else if (s == "--to") a.to = need(i, "--to");
    else if (s == "--as") a.as = need(i, "--as");
    else if (s == "--ignore-undefined-attributes") a.ignore_undefined = true;
    else if (s == "--hex") a.hex = true;
    else if (s == "--show-sensitive") a.show_sensitive = true;
    else if (s == "--unknown-as-null") a.unknown_as_null = true;
    else if (s == "--help" || s == "-h") a.help = true;
    else if (s == "--max-input-size") a.max_input_size = size_arg(need(i, "--max-input-size"), "--max-input-size");
    else if (s == "--max-output-size") a.max_output_size = size_arg(need(i, "--max-output-size"), "--max-output-size");
    else if (s == "--strict") a.strict = true;
    else if (s == "--list") a.list = true;
    else if (s == "--all") a.all = true;
    else if (s == "-" || s.empty() || s[0] != '-') a.positional.emplace_back(s);
    else throw UsageError{"unknown option " + std::string(s)};
  }
  return a;
}

std::string from_hex(std::string_view in) {
  std::string out;
  out.reserve(in.size() / 2);
  int hi = -1;
  size_t pos = 0;
  for (char c : in) {
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') { ++pos; continue; }
    else throw Error(Status::Parse, "invalid hex digit " + text::go_quote_char(static_cast<unsigned char>(c)), {}, pos);
    if (hi < 0) hi = d;
    else {
      out.push_back(static_cast<char>(hi << 4 | d));
      hi = -1;
    }
    ++pos;
  }
  if (hi >= 0) throw Error(Status::Parse, "odd number of hex digits", {}, pos);
  return out;
}

std::string to_hex(std::string_view in) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(in.size() * 2 + 1);
  for (unsigned char c : in) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  out.push_back('\n');
  return out;
}

enum class Format { MsgPack, Json, Pretty };

Format parse_format(const std::optional<std::string>& f, const char* opt, bool allow_pretty) {
  if (!f) throw UsageError{std::string("missing ") + opt};
  if (*f == "msgpack") return Format::MsgPack;
  if (*f == "json") return Format::Json;
  if (*f == "pretty" && allow_pretty) return Format::Pretty;
  throw UsageError{std::string("bad value for ") + opt + ": " + *f};
}

// The part of the help about one command: its synopsis lines and its
// paragraph of the description, then a pointer to the options.
std::string command_usage(const std::string& cmd) {
  std::istringstream in(kHelp);
  std::string line, synopsis, description;
  const std::string syn = "    dynval " + cmd + " ", desc = "    " + cmd + " ";
  std::string section;  // the heading above the line
  bool in_syn = false, in_desc = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != ' ') section = line;
    const bool continued = line.rfind("                ", 0) == 0;
    in_syn = section == "SYNOPSIS" && (line.rfind(syn, 0) == 0 || (in_syn && continued));
    in_desc = section == "DESCRIPTION" && (line.rfind(desc, 0) == 0 || (in_desc && continued));
    if (in_syn) synopsis += line + '\n';
    if (in_desc) description += line + '\n';
  }
  if (synopsis.empty()) throw UsageError{"unknown command " + cmd + " (try --help)"};
  return "SYNOPSIS\n" + synopsis + "\nDESCRIPTION\n" + description +
         "\nThe options, exit statuses and examples are in `dynval --help`.\n";
}

// Runs f; a document with several providers and no --provider is a usage
// error that names the option (the library's message names its argument).
template <class F>
auto naming_provider(const Args& a, F&& f) {
  try {
    return f();
  } catch (const Error& e) {
    const std::string_view m = e.message(), tail = ": choose one by its address";
    if (a.provider || e.status() != Status::InvalidArg || m.size() < tail.size() ||
        m.substr(m.size() - tail.size()) != tail)
      throw;
    throw UsageError{std::string(m.substr(0, m.size() - tail.size())) + ": choose one with --provider ADDR"};
  }
}

// The type to decode with and, when given, the schema it came from.
struct Target {
  Type type;
  SchemaPtr schema;
};

// The type to decode with and, when it is a block's, the schema it came from
// (an identity:NAME selector gives the identity schema's type, no schema).
Target load_schema(const Args& a) {
  if (!a.schema_file) throw UsageError{"missing --schema"};
  if (!a.block) throw UsageError{"missing --block"};
  std::string doc = read_all(*a.schema_file, a.max_input_size);
  BlockSelector sel;
  try {
    sel = BlockSelector::parse(*a.block);
  } catch (const Error& e) {
    throw UsageError{e.message()};
  }
  return naming_provider(a, [&]() -> Target {
    if (sel.kind == BlockKind::Identity) {
      SchemaDocumentPtr d = SchemaDocument::parse(doc);
      return {d->identity(d->find(sel, a.provider.value_or("")))->implied_type, nullptr};
    }
    doc.reserve(doc.size() + kJsonPadding);  // parse in place
    SchemaPtr s = load_schema_json(JsonInput{doc, doc.capacity()}, sel, a.provider.value_or(""));
    return {s->implied_type(), s};
  });
}

// A TYPE_JSON option's type. A bare word such as `string` is the commonest
// slip: say that the option takes JSON.
Type type_arg(const std::string& json, const char* opt) {
  try {
    return Type::from_json(json);
  } catch (const Error& e) {
    throw Error(e.status(),
                std::string(opt) + " takes a type in go-cty's JSON form, e.g. '\"string\"' or "
                "'[\"list\",\"string\"]' (the quotes are part of it): " + e.message(),
                e.path(), e.offset());
  }
}

Target target(const Args& a) {
  if (a.type_json && a.schema_file) throw UsageError{"give either --type or --schema, not both"};
  if (a.type_json) return {type_arg(*a.type_json, "--type"), nullptr};
  if (a.schema_file) return load_schema(a);
  throw UsageError{"missing --type or --schema"};
}

InputFile input_bytes(const Args& a, Format from) {
  const std::string path = a.positional.empty() ? "-" : a.positional[0];
  if (a.hex && from == Format::MsgPack) return InputFile(from_hex(read_all(path, a.max_input_size)));
  return InputFile(path, a.max_input_size);
}

codec::DecodeOptions decode_options(const Args& a) {
  codec::DecodeOptions o;
  if (a.strict) o.trailing = codec::Trailing::Reject;
  o.limits.max_input_size = a.max_input_size;
  o.limits.max_output_size = a.max_output_size;
  o.ignore_undefined_attributes = a.ignore_undefined;
  return o;
}

Value decode(const Args& a, Format from, const InputFile& in, const Type& t) {
  if (from == Format::MsgPack) return codec::msgpack_decode(in.bytes(), t, decode_options(a));
  const JsonInput j = in.json();
  return codec::json_decode_padded(j.text.data(), j.text.size(), j.capacity, t, decode_options(a));
}

// Writes v as `t` in format `to`, within --max-output-size; the pretty view
// masks the sensitive attributes of `schema` (the block of v), if any,
// unless --show-sensitive.
void encode(const Args& a, Format to, std::string& out, const Value& v, const Type& t, const Block* schema) {
  const codec::EncodeOptions eo{a.max_output_size};
  switch (to) {
    case Format::MsgPack: codec::msgpack_encode(out, v, t, eo); break;
    case Format::Json: codec::json_encode(out, v, t, eo); break;
    case Format::Pretty: {
      render::Options ro;
      ro.schema = schema;
      ro.mask_sensitive = !a.show_sensitive;
      ro.max_output_size = a.max_output_size;
      render::pretty(out, v, ro);
      break;
    }
  }
}

// Runs f(), the work on a value of tg's type; the path of an error it
// throws is cut after the first sensitive attribute of tg's block (no map
// key or element below one is printed), unless --show-sensitive.
template <class F>
auto cutting_sensitive_paths(const Args& a, const Target& tg, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (Error& e) {
    if (tg.schema && !a.show_sensitive) e.with_path(render::cut_at_sensitive(tg.schema->block, e.path()));
    throw;
  }
}

// convert, once the options are checked.
int convert_value(const Args& a, Format from, Format to, const Target& tg) {
  const InputFile in = input_bytes(a, from);
  std::string out;
  if (a.unknown_as_null) {
    // Unknowns (which JSON cannot carry) become nulls of their types, as
    // cty's UnknownAsNull does; through a value, since it rewrites it.
    Value v = unknown_as_null(decode(a, from, in, tg.type));
    Type t = tg.type;
    if (a.as) {
      t = type_arg(*a.as, "--as");
      v = convert::convert(v, t);
      t = t.without_optional();
    }
    encode(a, to, out, v, t, a.as ? nullptr : (tg.schema ? &tg.schema->block : nullptr));
  } else if (a.as) {
    // Decode, convert (the --as type may carry optional markers), then
    // encode by the --as type without them.
    const Type as = type_arg(*a.as, "--as");
    const Type enc = as.without_optional();
    const Value v = convert::convert(decode(a, from, in, tg.type), as);
    encode(a, to, out, v, enc, nullptr);  // the schema is not the --as type's
  } else if (from == Format::MsgPack && to == Format::Json) {
    codec::msgpack_to_json(out, in.bytes(), tg.type, decode_options(a));
  } else if (from == Format::Json && to == Format::MsgPack) {
    codec::json_to_msgpack(out, in.json(), tg.type, decode_options(a));
  } else if (from == Format::MsgPack && to == Format::MsgPack) {
    codec::msgpack_to_msgpack(out, in.bytes(), tg.type, decode_options(a));
  } else if (from == Format::Json && to == Format::Json) {
    codec::json_to_json(out, in.json(), tg.type, decode_options(a));
  } else {
    encode(a, to, out, decode(a, from, in, tg.type), tg.type, tg.schema ? &tg.schema->block : nullptr);
  }
  if (to == Format::MsgPack && a.hex) out = to_hex(out);
  else if (to == Format::Json) out.push_back('\n');
  write_all(a.positional.size() > 1 ? a.positional[1] : "-", out);
  return kExitOk;
}

int cmd_convert(const Args& a) {
  Format from = parse_format(a.from, "--from", false);
  Format to = parse_format(a.to, "--to", true);
  if (a.positional.size() > 2) throw UsageError{"too many arguments"};
  Target tg = target(a);
  if (to == Format::Pretty && a.as && tg.schema && !a.show_sensitive && render::has_sensitive(tg.schema->block))
    throw UsageError{"--to pretty cannot mask the sensitive attributes of the block after --as converts the value: "
                     "add --show-sensitive to print them"};
  return cutting_sensitive_paths(a, tg, [&] { return convert_value(a, from, to, tg); });
}

int cmd_type(const Args& a) {
  if (a.list) {
    if (!a.schema_file) throw UsageError{"missing --schema"};
    // The same listing as schema --list.
    SchemaDocumentPtr doc = SchemaDocument::parse(read_all(*a.schema_file, a.max_input_size));
    std::string out;
    cli::append_listing(out, *doc, doc->providers().size() > 1);
    write_all("-", out);
    return kExitOk;
  }
  write_all("-", load_schema(a).type.to_json() + "\n");
  return kExitOk;
}

int cmd_schema(const Args& a) {
  if (!a.schema_file) throw UsageError{"missing --schema"};
  if (int(a.list) + int(a.all) + int(a.block.has_value()) != 1)
    throw UsageError{"schema needs exactly one of --list, --block SELECTOR, --all"};
  if (a.provider && !a.block) throw UsageError{"--provider goes with --block"};
  if (!a.positional.empty()) throw UsageError{"too many arguments"};
  BlockSelector sel;
  if (a.block) {
    try {
      sel = BlockSelector::parse(*a.block);
    } catch (const Error& e) {
      throw UsageError{e.message()};
    }
  }
  SchemaDocumentPtr doc = SchemaDocument::parse(read_all(*a.schema_file, a.max_input_size));
  std::string out;
  if (a.list) {
    cli::append_listing(out, *doc, doc->providers().size() > 1);
  } else if (a.all) {
    cli::append_document_json(out, *doc);
    out += '\n';
  } else {
    cli::append_entry_json(out, *doc, naming_provider(a, [&] { return doc->find(sel, a.provider.value_or("")); }));
    out += '\n';
  }
  OutputLimit(a.max_output_size).check(out);
  write_all("-", out);
  return kExitOk;
}

int cmd_inspect(const Args& a) {
  Format from = parse_format(a.from, "--from", false);
  Target tg = target(a);
  return cutting_sensitive_paths(a, tg, [&] {
    Value v = decode(a, from, input_bytes(a, from), tg.type);
    std::string out;
    render::Options ro;
    ro.style = render::Style::Inspect;
    ro.schema = tg.schema ? &tg.schema->block : nullptr;
    ro.mask_sensitive = true;
    ro.max_output_size = a.max_output_size;
    render::inspect(out, v, ro);
    write_all("-", out);
    return kExitOk;
  });
}

int cmd_validate(const Args& a) {
  Format from = parse_format(a.from, "--from", false);
  if (!a.schema_file) throw UsageError{"validate needs --schema and --block"};
  Target tg = target(a);
  if (!tg.schema) throw UsageError{"validate needs a block, not an identity schema"};
  const Value v = cutting_sensitive_paths(a, tg, [&] { return decode(a, from, input_bytes(a, from), tg.type); });
  std::vector<Error> errs = validate(*tg.schema, v);
  if (errs.empty()) {
    write_all("-", "valid\n");
    return kExitOk;
  }
  for (const auto& e : errs) {
    std::string p = path_string(render::cut_at_sensitive(tg.schema->block, e.path()));
    std::fprintf(stderr, "dynval: %s%s%s: %s\n", status_name(e.status()), p.empty() ? "" : " at ",
                 printable(p).c_str(), printable(e.message()).c_str());
  }
  return kExitInvalid;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  try {
    if (argc >= 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
                      std::strcmp(argv[1], "help") == 0)) {
      std::fputs(kHelp, stdout);
      return kExitOk;
    }
    if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
      std::printf("dynval %s\n", DV_VERSION_STRING);
      return kExitOk;
    }
    Args a = parse_args(argc, argv);
    if (a.help) {
      std::fputs(command_usage(a.command).c_str(), stdout);
      return kExitOk;
    }
    if (a.unknown_as_null && a.command != "convert") throw UsageError{"--unknown-as-null is an option of convert"};
    if (a.as && a.command != "convert") throw UsageError{"--as is an option of convert"};
    if (a.show_sensitive && a.command != "convert") throw UsageError{"--show-sensitive is an option of convert"};
    if (a.command == "convert") return cmd_convert(a);
    if (a.command == "type") return cmd_type(a);
    if (a.command == "schema") return cmd_schema(a);
    if (a.command == "inspect") return cmd_inspect(a);
    if (a.command == "validate") return cmd_validate(a);
    throw UsageError{"unknown command " + a.command + " (try --help)"};
  } catch (const UsageError& e) {
    std::fprintf(stderr, "dynval: %s\n", printable(e.message).c_str());
    return kExitUsage;
  } catch (const Error& e) {
    std::string p = path_string(e.path());
    std::string where;
    if (!p.empty()) where += " at " + p;
    if (e.offset() != kNoOffset) where += " (byte " + std::to_string(e.offset()) + ")";
    std::fprintf(stderr, "dynval: %s%s: %s\n", status_name(e.status()), printable(where).c_str(),
                 printable(e.message()).c_str());
    return kExitInvalid;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "dynval: out of memory\n");
    return kExitInvalid;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dynval: internal error: %s\n", e.what());
    return kExitInvalid;
  }
}
