// dynval: convert, inspect and validate DynamicValue payloads from the
// command line (README.md "The dynval tool"). It uses libdynval's public C
// API only, as the zstd and sqlite3 tools use their libraries: whatever the
// tool does, a program can.
//
// Exit status: 0 success, 1 invalid input (error with path and byte offset on
// stderr), 2 usage error.
#include <charconv>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <dynval/dynval.h>

#include "files.hpp"

namespace {

using namespace dynval::cli;

constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;
constexpr int kExitUsage = 2;
constexpr int kExitProblems = 3;  // plan check, check-apply: the check found problems

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
    dynval plan proposed --schema FILE --block SELECTOR [--provider ADDR]
                    --prior IN --config IN [--from msgpack|json] [--hex] [OUT]
    dynval plan check --schema FILE --block SELECTOR [--provider ADDR]
                    --prior IN --config IN --planned IN [--from msgpack|json] [--hex]
    dynval plan check-apply --schema FILE --block SELECTOR [--provider ADDR]
                    --planned IN --actual IN [--sensitive PATH]... [--no-schema-marks]
                    [--from msgpack|json] [--hex]
    dynval plan normalize --schema FILE --block SELECTOR [--provider ADDR]
                    [--from msgpack|json] [--hex] [IN [OUT]]
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
    plan        OpenTofu's own plan rules (its objchange package), on
                values of the block read from files by the block's type
                (MessagePack unless --from json); errors name the input
                they are in.
                plan proposed: the proposed new state OpenTofu sends to
                PlanResourceChange (ProposedNew), from the prior state and
                the configuration, written to OUT as MessagePack by the
                block's type. A null prior is a create.
                plan check: the checks behind "Provider produced invalid
                plan" (AssertPlanValid) on the planned state.
                plan check-apply: the checks behind "Provider produced
                inconsistent result after apply" and "... inconsistent
                final plan" (AssertObjectCompatible) on the applied state
                (or the final plan) against the planned one, with both
                marked sensitive as core marks them: at the schema's
                sensitive attributes (unless --no-schema-marks) and at each
                --sensitive PATH (a sensitive variable's value).
                check and check-apply print "valid" and exit 0, or print
                OpenTofu's line for each problem ("PATH: MESSAGE", or
                MESSAGE at the root), sorted, and exit 3.
                plan normalize: the fix-up OpenTofu applies to results of
                SDKv2-era providers (NormalizeObjectFromLegacySDK), written
                to OUT as MessagePack.

OPTIONS
    --type TYPE_JSON     a type constraint in go-cty's JSON form, e.g.
                         '["object",{"name":"string"}]'
    --schema FILE        a `providers schema -json` document
    --block SELECTOR     provider | resource:NAME | data:NAME | ephemeral:NAME |
                         list:NAME | action:NAME | state_store:NAME |
                         identity:NAME (the identity schema of a resource)
    --provider ADDR      the provider address, needed when FILE holds several
                         providers (e.g. registry.terraform.io/hashicorp/aws)
    --from FORMAT        msgpack or json (plan: msgpack by default)
    --prior IN, --config IN, --planned IN, --actual IN
                         plan: the prior state, the configuration, the
                         planned state, the applied state
    --sensitive PATH     plan check-apply: mark the value at PATH sensitive
                         (repeatable), a path as OpenTofu prints it:
                         .attr, [N], ["key"] (JSON string escapes), e.g.
                         '.tags["owner"]'; no set elements
    --no-schema-marks    plan check-apply: do not mark the schema's
                         sensitive attributes (only the --sensitive paths)
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
    3   plan check, plan check-apply: the check found problems (printed on
        standard output)

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
// ---- the library's objects, owned

template <class T, void (*Free)(T*)>
struct Freer {
  void operator()(T* p) const { Free(p); }
};
using TypePtr = std::unique_ptr<dv_type_t, Freer<dv_type_t, dv_type_free>>;
using ValuePtr = std::unique_ptr<dv_value_t, Freer<dv_value_t, dv_value_free>>;
using SchemaPtr = std::unique_ptr<dv_schema_t, Freer<dv_schema_t, dv_schema_free>>;
using IdentityPtr = std::unique_ptr<dv_identity_schema_t, Freer<dv_identity_schema_t, dv_identity_schema_free>>;
using DocPtr = std::unique_ptr<dv_schema_doc_t, Freer<dv_schema_doc_t, dv_schema_doc_free>>;
using ErrorsPtr = std::unique_ptr<dv_errors_t, Freer<dv_errors_t, dv_errors_free>>;

// A buffer the library fills.
struct Buf {
  dv_buf_t b = DV_BUF_INIT;
  Buf() = default;
  Buf(const Buf&) = delete;
  Buf& operator=(const Buf&) = delete;
  ~Buf() { dv_buf_dispose(&b); }
  std::string_view view() const { return {b.ptr, b.len}; }
};

std::string_view view(dv_str_t s) { return {s.ptr, s.len}; }

// Calls a library function whose last argument is its dv_error_t**; a
// failure is thrown as an InputError.
template <class F, class... A>
void call(F f, A... args) {
  dv_error_t* e = nullptr;
  if (f(args..., &e) != DV_OK) {
    InputError r = from_library(e);
    dv_error_free(e);
    throw r;
  }
}

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

// ---- options

struct Args {
  std::string command, subcommand;  // subcommand: plan's
  std::optional<std::string> type_json, schema_file, block, provider, from, to, as, prior, config, planned, actual;
  std::vector<std::string> sensitive;  // plan check-apply's --sensitive
  bool hex = false, strict = false, list = false, all = false, ignore_undefined = false;
  bool show_sensitive = false, unknown_as_null = false, help = false, no_schema_marks = false;
  size_t max_input_size = DV_DEFAULT_MAX_INPUT_SIZE;
  size_t max_output_size = DV_DEFAULT_MAX_OUTPUT_SIZE;
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
  int first = 2;
  if (a.command == "plan" && argc > 2 && argv[2][0] != '-') a.subcommand = argv[first++];
  for (int i = first; i < argc; ++i) {
    std::string_view s = argv[i];
    if (s == "--type") a.type_json = need(i, "--type");
    else if (s == "--schema") a.schema_file = need(i, "--schema");
    else if (s == "--block") a.block = need(i, "--block");
    else if (s == "--provider") a.provider = need(i, "--provider");
    else if (s == "--from") a.from = need(i, "--from");
    else if (s == "--to") a.to = need(i, "--to");
    else if (s == "--as") a.as = need(i, "--as");
    else if (s == "--prior") a.prior = need(i, "--prior");
    else if (s == "--config") a.config = need(i, "--config");
    else if (s == "--planned") a.planned = need(i, "--planned");
    else if (s == "--actual") a.actual = need(i, "--actual");
    else if (s == "--sensitive") a.sensitive.push_back(need(i, "--sensitive"));
    else if (s == "--no-schema-marks") a.no_schema_marks = true;
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

// A character of bad hex input: 'g', or its code (0xe9) when it does not
// print as itself.
std::string describe_char(unsigned char c) {
  char b[8];
  if (c > 0x20 && c < 0x7f && c != '\'' && c != '\\') std::snprintf(b, sizeof b, "'%c'", c);
  else std::snprintf(b, sizeof b, "0x%02x", c);
  return b;
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
    else throw InputError{DV_ERR_PARSE, "invalid hex digit " + describe_char(static_cast<unsigned char>(c)), "", pos, nullptr};
    if (hi < 0) hi = d;
    else {
      out.push_back(static_cast<char>(hi << 4 | d));
      hi = -1;
    }
    ++pos;
  }
  if (hi >= 0) throw InputError{DV_ERR_PARSE, "odd number of hex digits", "", pos, nullptr};
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

// ---- the schema document

// Runs f, which finds a block in a schema document. DV_ERR_INVALID_ARG from
// it is a usage error (a bad selector, or several providers and no
// --provider, where the message names the option rather than the library's
// argument).
template <class F>
auto finding_block(const Args& a, F&& f) {
  try {
    return f();
  } catch (const InputError& e) {
    if (e.status != DV_ERR_INVALID_ARG) throw;
    const std::string_view m = e.message, tail = ": choose one by its address";
    if (a.provider || m.size() < tail.size() || m.substr(m.size() - tail.size()) != tail) throw UsageError{e.message};
    throw UsageError{std::string(m.substr(0, m.size() - tail.size())) + ": choose one with --provider ADDR"};
  }
}

DocPtr parse_document(const std::string& text) {
  dv_schema_doc_t* d = nullptr;
  call(dv_schema_doc_from_json, &d, text.data(), text.size());
  return DocPtr(d);
}

size_t find_in_document(const Args& a, const dv_schema_doc_t* doc) {
  const std::string provider = a.provider.value_or("");
  size_t i = 0;
  finding_block(a, [&] {
    call(dv_schema_doc_find, doc, a.block->data(), a.block->size(), provider.data(), provider.size(), &i);
    return 0;
  });
  return i;
}

// The type to decode with and, when it is a block's, the schema it came from
// (an identity:NAME selector gives the identity schema's type, no schema).
struct Target {
  TypePtr type;
  SchemaPtr schema;
  const dv_block_t* block() const { return schema ? dv_schema_block(schema.get()) : nullptr; }
};

TypePtr clone_type(const dv_type_t* t) {
  dv_type_t* c = nullptr;
  call(dv_type_clone, &c, t);
  return TypePtr(c);
}

Target load_schema(const Args& a) {
  if (!a.schema_file) throw UsageError{"missing --schema"};
  if (!a.block) throw UsageError{"missing --block"};
  const std::string doc = read_all(*a.schema_file, a.max_input_size);
  if (a.block->rfind("identity:", 0) == 0) {
    DocPtr d = parse_document(doc);
    const size_t i = find_in_document(a, d.get());
    dv_identity_schema_t* id = nullptr;
    call(dv_schema_doc_identity, &id, d.get(), i);
    IdentityPtr owned(id);
    return {clone_type(dv_identity_schema_implied_type(id)), nullptr};
  }
  // One block of a large document: dv_schema_from_json loads only that one.
  const std::string provider = a.provider.value_or("");
  dv_schema_t* s = nullptr;
  finding_block(a, [&] {
    call(dv_schema_from_json, &s, doc.data(), doc.size(), a.block->data(), a.block->size(), provider.data(),
         provider.size());
    return 0;
  });
  SchemaPtr schema(s);
  return {clone_type(dv_schema_implied_type(s)), std::move(schema)};
}

// A TYPE_JSON option's type. A bare word such as `string` is the commonest
// slip: say that the option takes JSON.
TypePtr type_arg(const std::string& json, const char* opt) {
  dv_type_t* t = nullptr;
  try {
    call(dv_type_from_json, &t, json.data(), json.size());
  } catch (InputError& e) {
    e.message = std::string(opt) + " takes a type in go-cty's JSON form, e.g. '\"string\"' or "
                "'[\"list\",\"string\"]' (the quotes are part of it): " + e.message;
    throw;
  }
  return TypePtr(t);
}

Target target(const Args& a) {
  if (a.type_json && a.schema_file) throw UsageError{"give either --type or --schema, not both"};
  if (a.type_json) return {type_arg(*a.type_json, "--type"), nullptr};
  if (a.schema_file) return load_schema(a);
  throw UsageError{"missing --type or --schema"};
}

// ---- values in and out

// The value input: IN, or `path` when given (plan's --prior and --config).
InputFile input_bytes(const Args& a, Format from, const std::string* path = nullptr) {
  const std::string p = path ? *path : a.positional.empty() ? "-" : a.positional[0];
  if (a.hex && from == Format::MsgPack) return InputFile(from_hex(read_all(p, a.max_input_size)));
  return InputFile(p, a.max_input_size);
}

dv_decode_options_t decode_options(const Args& a, const InputFile& in) {
  dv_decode_options_t o = DV_DECODE_OPTIONS_INIT;
  if (a.strict) o.flags |= DV_DECODE_REJECT_TRAILING;
  if (a.ignore_undefined) o.flags |= DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES;
  if (in.padded()) o.flags |= DV_DECODE_JSON_PADDED;
  o.max_input_size = a.max_input_size;
  o.max_output_size = a.max_output_size;
  return o;
}

ValuePtr decode(const Args& a, Format from, const InputFile& in, const dv_type_t* t) {
  const dv_decode_options_t o = decode_options(a, in);
  const std::string_view b = in.bytes();
  dv_value_t* v = nullptr;
  if (from == Format::MsgPack) call(dv_msgpack_decode, &v, b.data(), b.size(), t, &o);
  else call(dv_json_decode, &v, b.data(), b.size(), t, &o);
  return ValuePtr(v);
}

// The text of `v` in the pretty or inspect view; the sensitive attributes of
// `block` (the block of v, if any) are masked unless show_sensitive.
void render(Buf& out, const Args& a, dv_render_style_t style, const dv_value_t* v, const dv_block_t* block,
            bool show_sensitive) {
  dv_render_options_t ro = DV_RENDER_OPTIONS_INIT;
  ro.style = style;
  ro.schema = block;
  if (show_sensitive) ro.flags |= DV_RENDER_SHOW_SENSITIVE;
  ro.max_output_size = a.max_output_size;
  call(dv_value_render, &out.b, v, &ro);
}

// Writes v as `t` in format `to`, within --max-output-size; the pretty view
// masks the sensitive attributes of `block`, if any, unless --show-sensitive.
void encode(const Args& a, Format to, Buf& out, const dv_value_t* v, const dv_type_t* t, const dv_block_t* block) {
  dv_encode_options_t eo = DV_ENCODE_OPTIONS_INIT;
  eo.max_output_size = a.max_output_size;
  switch (to) {
    case Format::MsgPack: call(dv_msgpack_encode_ext, &out.b, v, t, &eo); break;
    case Format::Json: call(dv_json_encode_ext, &out.b, v, t, &eo); break;
    case Format::Pretty: render(out, a, DV_RENDER_PRETTY, v, block, a.show_sensitive); break;
  }
}

std::string path_text(const dv_path_t* p) {
  Buf b;
  call(dv_path_to_string, &b.b, p);
  return std::string(b.view());
}

// Cuts e's path after the first sensitive attribute of `block` it passes.
void cut_at_sensitive(InputError& e, const dv_block_t* block) {
  if (!block || !e.steps) return;
  const size_t keep = dv_block_sensitive_prefix(block, e.steps.get());
  if (keep == dv_path_length(e.steps.get())) return;
  dv_path_truncate(e.steps.get(), keep);
  e.path = path_text(e.steps.get());
}

// Runs f(), the work on a value of tg's type; the path of an error it
// throws is cut after the first sensitive attribute of tg's block (no map
// key or element below one is printed), unless --show-sensitive.
template <class F>
auto cutting_sensitive_paths(const Args& a, const Target& tg, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (InputError& e) {
    if (!a.show_sensitive) cut_at_sensitive(e, tg.block());
    throw;
  }
}

// convert, once the options are checked.
int convert_value(const Args& a, Format from, Format to, const Target& tg) {
  const InputFile in = input_bytes(a, from);
  const std::string_view b = in.bytes();
  const dv_decode_options_t o = decode_options(a, in);
  const dv_type_t* t = tg.type.get();
  Buf out;
  if (a.unknown_as_null || a.as) {
    // Through a value: unknowns (which JSON cannot carry) become nulls of
    // their types, as cty's UnknownAsNull does; --as converts the value (its
    // type may carry optional markers) and encodes it by the --as type
    // without them. The schema describes neither the --as type's value.
    ValuePtr v = decode(a, from, in, t);
    if (a.unknown_as_null) {
      dv_value_t* n = nullptr;
      call(dv_value_unknown_as_null, &n, v.get());
      v.reset(n);
    }
    const dv_block_t* block = tg.block();
    TypePtr as, enc;
    if (a.as) {
      as = type_arg(*a.as, "--as");
      dv_value_t* c = nullptr;
      call(dv_value_convert, &c, v.get(), as.get(), 0u);
      v.reset(c);
      dv_type_t* w = nullptr;
      call(dv_type_without_optional, &w, as.get());
      enc.reset(w);
      t = w;
      block = nullptr;
    }
    encode(a, to, out, v.get(), t, block);
  } else if (from == Format::MsgPack && to == Format::Json) {
    call(dv_msgpack_to_json, &out.b, b.data(), b.size(), t, &o);
  } else if (from == Format::Json && to == Format::MsgPack) {
    call(dv_json_to_msgpack, &out.b, b.data(), b.size(), t, &o);
  } else if (from == Format::MsgPack && to == Format::MsgPack) {
    call(dv_msgpack_to_msgpack, &out.b, b.data(), b.size(), t, &o);
  } else if (from == Format::Json && to == Format::Json) {
    call(dv_json_to_json, &out.b, b.data(), b.size(), t, &o);
  } else {
    encode(a, to, out, decode(a, from, in, t).get(), t, tg.block());
  }
  const std::string dest = a.positional.size() > 1 ? a.positional[1] : "-";
  if (to == Format::MsgPack && a.hex) write_all(dest, to_hex(out.view()));
  else if (to == Format::Json) write_all(dest, out.view(), "\n");
  else write_all(dest, out.view());
  return kExitOk;
}

int cmd_convert(const Args& a) {
  Format from = parse_format(a.from, "--from", false);
  Format to = parse_format(a.to, "--to", true);
  if (a.positional.size() > 2) throw UsageError{"too many arguments"};
  Target tg = target(a);
  if (to == Format::Pretty && a.as && tg.schema && !a.show_sensitive && dv_block_has_sensitive(tg.block()))
    throw UsageError{"--to pretty cannot mask the sensitive attributes of the block after --as converts the value: "
                     "add --show-sensitive to print them"};
  return cutting_sensitive_paths(a, tg, [&] { return convert_value(a, from, to, tg); });
}

// One line per schema of the document: "SELECTOR", or "ADDR SELECTOR" when
// it holds several providers.
std::string listing(const dv_schema_doc_t* doc) {
  const size_t n = dv_schema_doc_count(doc);
  std::set<std::string_view> providers;
  for (size_t i = 0; i < n; ++i) providers.insert(view(dv_schema_doc_provider(doc, i)));
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    if (providers.size() > 1) {
      out += view(dv_schema_doc_provider(doc, i));
      out += ' ';
    }
    out += view(dv_schema_doc_selector(doc, i));
    out += '\n';
  }
  return out;
}

int cmd_type(const Args& a) {
  if (a.list) {
    if (!a.schema_file) throw UsageError{"missing --schema"};
    write_all("-", listing(parse_document(read_all(*a.schema_file, a.max_input_size)).get()));  // as schema --list
    return kExitOk;
  }
  Buf json;
  call(dv_type_to_json, &json.b, load_schema(a).type.get());
  write_all("-", json.view(), "\n");
  return kExitOk;
}

int cmd_schema(const Args& a) {
  if (!a.schema_file) throw UsageError{"missing --schema"};
  if (int(a.list) + int(a.all) + int(a.block.has_value()) != 1)
    throw UsageError{"schema needs exactly one of --list, --block SELECTOR, --all"};
  if (a.provider && !a.block) throw UsageError{"--provider goes with --block"};
  if (!a.positional.empty()) throw UsageError{"too many arguments"};
  DocPtr doc = parse_document(read_all(*a.schema_file, a.max_input_size));
  std::string out;
  if (a.list) {
    out = listing(doc.get());
  } else {
    Buf json;
    if (a.all) call(dv_schema_doc_to_json, &json.b, doc.get());
    else call(dv_schema_doc_entry_json, &json.b, doc.get(), find_in_document(a, doc.get()));
    out = std::string(json.view()) + '\n';
  }
  if (out.size() > a.max_output_size) throw output_too_large(a.max_output_size);
  write_all("-", out);
  return kExitOk;
}

int cmd_inspect(const Args& a) {
  Format from = parse_format(a.from, "--from", false);
  Target tg = target(a);
  return cutting_sensitive_paths(a, tg, [&] {
    ValuePtr v = decode(a, from, input_bytes(a, from), tg.type.get());
    Buf out;
    render(out, a, DV_RENDER_INSPECT, v.get(), tg.block(), false);
    write_all("-", out.view());
    return kExitOk;
  });
}

int cmd_validate(const Args& a) {
  Format from = parse_format(a.from, "--from", false);
  if (!a.schema_file) throw UsageError{"validate needs --schema and --block"};
  Target tg = target(a);
  if (!tg.schema) throw UsageError{"validate needs a block, not an identity schema"};
  const ValuePtr v =
      cutting_sensitive_paths(a, tg, [&] { return decode(a, from, input_bytes(a, from), tg.type.get()); });
  dv_errors_t* list = nullptr;
  dv_error_t* first = nullptr;
  const dv_status_t st = dv_schema_validate_all(tg.schema.get(), v.get(), &list, &first);
  ErrorsPtr problems(list);
  if (st == DV_OK) {
    write_all("-", "valid\n");
    return kExitOk;
  }
  InputError check = from_library(first);
  dv_error_free(first);
  if (!problems) throw check;  // the check itself failed
  for (size_t i = 0; i < dv_errors_count(list); ++i) {
    InputError e = from_library(dv_errors_at(list, i));
    cut_at_sensitive(e, tg.block());
    std::fprintf(stderr, "dynval: %s%s%s: %s\n", dv_status_str(e.status), e.path.empty() ? "" : " at ",
                 printable(e.path).c_str(), printable(e.message).c_str());
  }
  return kExitInvalid;
}

// ---- plan

// A --sensitive PATH as OpenTofu prints paths: `.attr`, `[N]`, `["key"]`
// (the key a JSON string), the leading dot optional.
using PathPtr = std::unique_ptr<dv_path_t, Freer<dv_path_t, dv_path_free>>;

PathPtr parse_path(const std::string& text) {
  auto bad = [&](const char* why) { return UsageError{"bad --sensitive path " + text + ": " + why}; };
  dv_path_t* raw = nullptr;
  call(dv_path_new, &raw);
  PathPtr p(raw);
  size_t i = 0;
  const size_t n = text.size();
  auto name_end = [&](size_t from) {
    size_t e = from;
    while (e < n && text[e] != '.' && text[e] != '[' && text[e] != ']') ++e;
    return e;
  };
  if (n > 0 && text[0] != '.' && text[0] != '[') {  // a first attribute without its dot
    const size_t e = name_end(0);
    call(dv_path_append_attr, p.get(), text.data(), e);
    i = e;
  }
  while (i < n) {
    if (text[i] == '.') {
      const size_t e = name_end(i + 1);
      if (e == i + 1) throw bad("an empty attribute name");
      call(dv_path_append_attr, p.get(), text.data() + i + 1, e - i - 1);
      i = e;
    } else if (text[i] == '[' && i + 1 < n && text[i + 1] == '"') {
      std::string key;
      size_t k = i + 2;
      for (;; ++k) {
        if (k >= n) throw bad("an unterminated key");
        const char c = text[k];
        if (c == '"') break;
        if (c != '\\') {
          key.push_back(c);
          continue;
        }
        if (++k >= n) throw bad("an unterminated key");
        switch (text[k]) {
          case '"': key.push_back('"'); break;
          case '\\': key.push_back('\\'); break;
          case '/': key.push_back('/'); break;
          case 'n': key.push_back('\n'); break;
          case 't': key.push_back('\t'); break;
          case 'r': key.push_back('\r'); break;
          default: throw bad("an escape other than \\\" \\\\ \\/ \\n \\t \\r in a key");
        }
      }
      if (k + 1 >= n || text[k + 1] != ']') throw bad("a key without its closing ]");
      call(dv_path_append_key, p.get(), key.data(), key.size());
      i = k + 2;
    } else if (text[i] == '[') {
      const size_t close = text.find(']', i);
      int64_t index = 0;
      const char* b = text.data() + i + 1;
      const char* e = close == std::string::npos ? nullptr : text.data() + close;
      if (!e || std::from_chars(b, e, index).ptr != e || e == b) throw bad("an index that is not a number");
      call(dv_path_append_index, p.get(), index);
      i = close + 1;
    } else {
      throw bad("expected . or [");
    }
  }
  return p;
}

// Reads a plan input (--prior FILE, ...) by tg's type; an error names it:
// "--prior FILE: MESSAGE".
ValuePtr read_plan_input(const Args& a, Format from, const Target& tg, const std::string& path, const char* opt) {
  try {
    return decode(a, from, input_bytes(a, from, &path), tg.type.get());
  } catch (InputError& e) {
    e.message = std::string(opt) + " " + path + ": " + e.message;
    throw;
  }
}

// Writes a value of tg's type to `dest` as MessagePack (hex with --hex).
void write_plan_value(const Args& a, const Target& tg, const dv_value_t* v, const std::string& dest) {
  Buf bytes;
  encode(a, Format::MsgPack, bytes, v, tg.type.get(), nullptr);
  if (a.hex) write_all(dest, to_hex(bytes.view()));
  else write_all(dest, bytes.view());
}

// Prints the problems of a check: "valid" (exit 0), or one line each (exit 3).
int report_problems(const Args& a, dv_errors_t* list) {
  const ErrorsPtr problems(list);
  if (!problems) {
    write_all("-", "valid\n");
    return kExitOk;
  }
  std::string out;
  for (size_t i = 0; i < dv_errors_count(list); ++i) {
    out += printable(view(dv_error_line(dv_errors_at(list, i))));
    out += '\n';
  }
  if (out.size() > a.max_output_size) throw output_too_large(a.max_output_size);
  write_all("-", out);
  return kExitProblems;
}

int cmd_plan(const Args& a) {
  const std::string& cmd = a.subcommand;
  if (cmd != "proposed" && cmd != "check" && cmd != "check-apply" && cmd != "normalize")
    throw UsageError{cmd.empty() ? "plan needs a command: proposed, check, check-apply or normalize"
                                 : "unknown plan command " + cmd + " (proposed, check, check-apply, normalize)"};
  const Format from = a.from ? parse_format(a.from, "--from", false) : Format::MsgPack;
  const std::string what = "plan " + cmd;
  if (!a.schema_file) throw UsageError{what + " needs --schema and --block"};
  // Which of --prior, --config, --planned, --actual each command takes.
  const bool wants_prior = cmd == "proposed" || cmd == "check", wants_config = wants_prior;
  const bool wants_planned = cmd == "check" || cmd == "check-apply", wants_actual = cmd == "check-apply";
  if (a.prior && !wants_prior) throw UsageError{"--prior is not an option of " + what};
  if (a.config && !wants_config) throw UsageError{"--config is not an option of " + what};
  if (a.planned && !wants_planned) throw UsageError{"--planned is not an option of " + what};
  if (a.actual && !wants_actual) throw UsageError{"--actual is not an option of " + what};
  if ((!a.sensitive.empty() || a.no_schema_marks) && cmd != "check-apply")
    throw UsageError{"--sensitive and --no-schema-marks are options of plan check-apply"};
  if (wants_prior && (!a.prior || !a.config)) throw UsageError{what + " needs --prior IN and --config IN"};
  if (wants_planned && !a.planned) throw UsageError{what + " needs --planned IN"};
  if (wants_actual && !a.actual) throw UsageError{what + " needs --actual IN"};
  const size_t max_positional = cmd == "normalize" ? 2 : cmd == "proposed" ? 1 : 0;
  if (a.positional.size() > max_positional) throw UsageError{"too many arguments"};
  int stdin_users = 0;
  for (const auto* in : {&a.prior, &a.config, &a.planned, &a.actual}) stdin_users += *in && **in == "-";
  if (cmd == "normalize" && (a.positional.empty() || a.positional[0] == "-")) ++stdin_users;
  if (stdin_users > 1) throw UsageError{"only one input can be standard input"};
  std::vector<PathPtr> sensitive;
  for (const std::string& text : a.sensitive) sensitive.push_back(parse_path(text));
  Target tg = target(a);
  if (!tg.schema) throw UsageError{what + " needs a block, not an identity schema"};
  const dv_schema_t* schema = tg.schema.get();
  return cutting_sensitive_paths(a, tg, [&] {
    if (cmd == "normalize") {
      const std::string in = a.positional.empty() ? "-" : a.positional[0];
      const ValuePtr v = read_plan_input(a, from, tg, in, "IN");
      dv_value_t* out = nullptr;
      call(dv_plan_normalize_legacy_sdk, &out, schema, v.get());
      write_plan_value(a, tg, ValuePtr(out).get(), a.positional.size() > 1 ? a.positional[1] : "-");
      return kExitOk;
    }
    if (cmd == "check-apply") {
      const ValuePtr planned = read_plan_input(a, from, tg, *a.planned, "--planned");
      const ValuePtr actual = read_plan_input(a, from, tg, *a.actual, "--actual");
      std::vector<const dv_path_t*> paths;
      for (const PathPtr& p : sensitive) paths.push_back(p.get());
      dv_errors_t* list = nullptr;
      call(dv_plan_assert_compatible, schema, planned.get(), actual.get(), paths.data(), paths.size(),
           a.no_schema_marks ? 0u : unsigned(DV_PLAN_SCHEMA_MARKS), &list);
      return report_problems(a, list);
    }
    const ValuePtr prior = read_plan_input(a, from, tg, *a.prior, "--prior");
    const ValuePtr config = read_plan_input(a, from, tg, *a.config, "--config");
    if (cmd == "check") {
      const ValuePtr planned = read_plan_input(a, from, tg, *a.planned, "--planned");
      dv_errors_t* list = nullptr;
      call(dv_plan_assert_valid, schema, prior.get(), config.get(), planned.get(), &list);
      return report_problems(a, list);
    }
    dv_value_t* out = nullptr;
    call(dv_plan_proposed_new, &out, schema, prior.get(), config.get());
    write_plan_value(a, tg, ValuePtr(out).get(), a.positional.empty() ? "-" : a.positional[0]);
    return kExitOk;
  });
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
      std::printf("dynval %s\n", dv_version_string());
      return kExitOk;
    }
    Args a = parse_args(argc, argv);
    if ((a.prior || a.config || a.planned || a.actual || !a.sensitive.empty() || a.no_schema_marks) &&
        a.command != "plan")
      throw UsageError{"--prior, --config, --planned, --actual, --sensitive and --no-schema-marks are options of plan"};
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
    if (a.command == "plan") return cmd_plan(a);
    throw UsageError{"unknown command " + a.command + " (try --help)"};
  } catch (const UsageError& e) {
    std::fprintf(stderr, "dynval: %s\n", printable(e.message).c_str());
    return kExitUsage;
  } catch (const InputError& e) {
    std::string where;
    if (!e.path.empty()) where += " at " + e.path;
    if (e.offset != DV_OFFSET_NONE) where += " (byte " + std::to_string(e.offset) + ")";
    std::fprintf(stderr, "dynval: %s%s: %s\n", dv_status_str(e.status), printable(where).c_str(),
                 printable(e.message).c_str());
    return kExitInvalid;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "dynval: out of memory\n");
    return kExitInvalid;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dynval: internal error: %s\n", e.what());
    return kExitInvalid;
  }
}
