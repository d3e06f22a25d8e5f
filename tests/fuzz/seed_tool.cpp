// fuzz_seed_tool: writes the seed corpora of the fuzz targets
// (tests/fuzz/make-corpus.sh runs it; the corpora are committed).
//
//   fuzz_seed_tool OUTDIR VALUES.tsv CRASHES.tsv SCHEMA_DOC...
//
// VALUES.tsv (written by tests/conformance with DYNVAL_FUZZ_SEEDS set, with go-cty):
//   <type JSON hex> TAB <msgpack hex> TAB <JSON hex or ->
// CRASHES.tsv (tests/fuzz/crash-inputs.tsv, hand-written; # comments):
//   msgpack TAB <type JSON> TAB <payload hex> TAB <comment>
//   json    TAB <type JSON> TAB <payload text> TAB <comment>
//   type    TAB <type JSON> TAB - TAB <comment>
// SCHEMA_DOC: small `providers schema -json` documents; each is a
// schema_json seed, and each of its blocks a schema_proto seed (v5, v6).
// The schema_proto target also gets a few AttributePath messages.
// Every file is named by a 64-bit FNV-1a hash of its bytes.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "convert/convert.hpp"
#include "schema/schema.hpp"
#include "values/path.hpp"
#include "common/hex.hpp"

using namespace dynval;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + p.string());
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

using dynval::test::unhex;

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cols;
  std::string cur;
  for (char c : line) {
    if (c == '\t') {
      cols.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  cols.push_back(cur);
  return cols;
}

struct Writer {
  fs::path root;
  size_t written = 0;

  void put(const std::string& target, const std::string& bytes) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
    char name[17];
    std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(h));
    fs::create_directories(root / target);
    std::ofstream(root / target / name, std::ios::binary) << bytes;
    ++written;
  }

  // A value seed: the type in the fuzz grammar plus the payload, for the
  // decoder of its format, the transcoder, the round trip and ops.
  void value(const Type& t, const std::string& payload, bool json) {
    std::string ty;
    if (!fuzz::write_type(ty, t)) return;
    put(json ? "json_decode" : "msgpack_decode", ty + payload);
    std::string mode(1, json ? '\1' : '\0');
    put("transcode", mode + ty + payload);
    put("roundtrip", mode + ty + payload);
    // Both halves the same value (JSON: after a space, so that a number
    // does not run on into its copy), unless that makes a large seed.
    ops(json ? kOpsJson : kOpsMsgpack, t, other_type(t), payload,
        payload.size() >= 30000 ? "" : json ? " " + payload : payload);
  }

  // An ops seed: mode, the type, the second type U (unify, convert), then
  // the payload: `first` and `second` as its two halves (second empty: the
  // payload is `first` alone). Equal halves give ops two equal values built
  // apart; halves of equal length but different values, a diff of the two.
  static constexpr char kOpsMsgpack = 0, kOpsJson = 1, kOpsFlatmap = 2;
  void ops(char mode, const Type& t, const Type& u, const std::string& first, const std::string& second) {
    std::string ty, uty;
    if (!fuzz::write_type(ty, t)) return;
    if (!fuzz::write_type(uty, u)) uty = std::string(1, '\3');  // dynamic
    put("ops", std::string(1, mode) + ty + uty + first + second);
  }

  // The second type of the value seeds' ops seeds, in turn: the type
  // itself, dynamic, and types values commonly convert to.
  size_t other_turn = 0;
  Type other_type(const Type& t) {
    switch (other_turn++ % 6) {
      case 0: return t;
      case 1: return Type::dynamic();
      case 2: return Type::string();
      case 3: return Type::list(Type::dynamic());
      case 4: return Type::map(Type::string());
      default: return Type::number();
    }
  }
};

// The hostile shapes of issue 25 (round three) for ops that need two values,
// a second type or flatmap state, small: the inputs that took seconds to
// minutes in diff, conversion, implied types and flatmap, at sizes the
// fixed code handles in microseconds.
std::string mp_str(std::string_view s) {
  std::string out;
  if (s.size() < 32) {
    out += char(0xa0 | s.size());
  } else if (s.size() < 256) {
    out += '\xd9';
    out += char(s.size());
  } else {
    out += '\xda';
    out += char(s.size() >> 8);
    out += char(s.size() & 0xff);
  }
  return out + std::string(s);
}

// A MessagePack dynamic value: [type JSON, value].
std::string mp_dynamic(const Type& t, const std::string& value) { return "\x92" + mp_str(t.to_json()) + value; }

// A JSON dynamic value.
std::string json_dynamic(const Type& t, const std::string& value) {
  return "{\"value\":" + value + ",\"type\":" + t.to_json() + "}";
}

void ops_shapes(Writer& w) {
  const Type S = Type::string(), D = Type::dynamic();
  using M = std::string;
  // Nested sets, one element per level (diff doubled its work per level:
  // 24 levels took 6 s, 28 over a minute): equal halves, a known and an
  // unknown leaf, and halves that differ at the bottom.
  for (size_t levels : {28, 200}) {
    Type t = S;
    for (size_t i = 0; i < levels; ++i) t = Type::set(t);
    const M open(levels, '\x91');
    w.ops(Writer::kOpsMsgpack, t, t, open + "\xa1x", open + "\xa1x");
    w.ops(Writer::kOpsMsgpack, t, D, open + "\xd4\x00\x00", open + "\xd4\x00\x00");  // unknown leaf
    w.ops(Writer::kOpsMsgpack, t, D, open + "\xa1x", open + "\xa1y");
    w.ops(Writer::kOpsJson, t, S, M(levels, '[') + "\"x\"" + M(levels, ']'), M(levels, '[') + "\"x\"" + M(levels, ']'));
  }
  // An object 200 levels deep, against a string of the same length (diff
  // held a copy of every path: O(depth^2) memory), and against itself.
  {
    Type t = S;
    M mp = "\xa1x", js = "\"x\"";
    for (size_t i = 0; i < 200; ++i) {
      t = Type::object({{"a", t, false}});
      mp = "\x81\xa1" "a" + mp;
      js = "{\"a\":" + js + "}";
    }
    const M mobj = mp_dynamic(t, mp), jobj = json_dynamic(t, js);
    // The string half: a wrapper of a string padded to the object's length.
    M mstr = mp_dynamic(S, mp_str(""));
    mstr = mp_dynamic(S, mp_str(M(mobj.size() - mstr.size() - 2, 'x')));
    M jstr = json_dynamic(S, "\"" + M(jobj.size() - json_dynamic(S, "\"\"").size(), 'x') + "\"");
    w.ops(Writer::kOpsMsgpack, D, S, mobj, mstr.size() == mobj.size() ? mstr : mobj);
    w.ops(Writer::kOpsMsgpack, D, D, mobj, mobj);
    w.ops(Writer::kOpsJson, D, S, jobj, jstr);
  }
  // A tuple of 1,000 equal strings, converted to a list and unified with
  // one (unification compared every element with every other).
  {
    std::vector<Type> elems(1000, S);
    const Type t = Type::tuple(elems);
    M mp = "\xdc\x03\xe8", js = "[";
    for (size_t i = 0; i < 1000; ++i) {
      mp += "\xa3" "abc";
      js += i ? ",\"abc\"" : "\"abc\"";
    }
    js += "]";
    w.ops(Writer::kOpsMsgpack, D, Type::list(S), mp_dynamic(t, mp), "");
    w.ops(Writer::kOpsJson, D, Type::set(D), json_dynamic(t, js), "");
    w.ops(Writer::kOpsJson, Type::list(S), Type::list(S), js, js);
  }
  // A JSON object of 2,000 keys for the implied type (a repeated key was
  // searched for among all keys seen so far), and one whose last key
  // repeats the first with another type.
  {
    M js = "{";
    for (size_t i = 0; i < 2000; ++i) js += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":" + std::to_string(i);
    w.ops(Writer::kOpsJson, Type::map(Type::number()), D, js + "}", "");
    w.ops(Writer::kOpsJson, D, Type::map(D), js + ",\"k0\":\"x\"}", "");
  }
  // Flatmap: nested counts ("l.#" = 50 and 50 entries "l.i.#" = 50: their
  // product was allocated), and ordinary state with every kind of entry.
  {
    // (50 x 50 is past the budget of elements without entries, 20 x 20 not.)
    const Type t = Type::object({{"l", Type::list(Type::list(S)), false}});
    for (const M n : {"50", "20"}) {
      M fm = "l.#=" + n;
      for (size_t i = 0; i < std::stoul(n); ++i) fm += M(1, '\0') + "l." + std::to_string(i) + ".#=" + n;
      w.ops(Writer::kOpsFlatmap, t, D, fm, "");
    }
    const M unknown(convert::kFlatmapUnknown);
    const Type state = Type::object({{"id", S, false},
                                     {"tags", Type::map(S), false},
                                     {"list", Type::list(Type::number()), false},
                                     {"set", Type::set(Type::object({{"n", S, false}, {"b", Type::boolean(), true}})), false},
                                     {"tuple", Type::tuple({S, Type::boolean()}), true}});
    const char z = '\0';
    w.ops(Writer::kOpsFlatmap, state, D,
          M("id=abc") + z + "tags.%=2" + z + "tags.a=1" + z + "tags.b=" + unknown + z + "list.#=3" + z + "list.0=1" +
              z + "list.1=1e9999" + z + "list.2=-0.5" + z + "set.#=2" + z + "set.1234.n=x" + z + "set.1234.b=true" + z +
              "set.99.n=y" + z + "tuple.#=2" + z + "tuple.0=s" + z + "tuple.1=false",
          "");
    w.ops(Writer::kOpsFlatmap, state, S,
          M("id=") + unknown + z + "tags=" + unknown + z + "list.#=" + unknown + z + "set.#=1" + z + "tuple.#=" + unknown,
          "");
    w.ops(Writer::kOpsFlatmap, state, Type::list(S), M("list.#=2") + z + "tuple.#=3", "");  // a wrong tuple count
  }
  // Text to number: "1e9999" (10,000 digits) converts; "1e10000" is past
  // the digit limit.
  {
    const Type l = Type::list(S);
    const M js = "[\"1e9999\",\"1e10000\",\"-1e-9999\",\"0x10\"]";
    w.ops(Writer::kOpsJson, l, Type::list(Type::number()), js, "");
    w.ops(Writer::kOpsJson, S, Type::number(), "\"1e9999\"", "");
    w.ops(Writer::kOpsMsgpack, S, Type::number(), mp_str("1e10000"), "");
    w.ops(Writer::kOpsMsgpack, Type::map(S), Type::object({{"a", Type::number(), false}}),
          "\x81\xa1" "a" + mp_str("1e9999"), "");
  }
}

// AttributePath messages for the schema_proto target (either mode byte:
// the message is the same in both protocols): a typical path, every step
// kind with extreme indexes, unknown fields, and a step with no selector.
void attribute_path_seeds(Writer& w) {
  const std::vector<Path> paths = {
      {PathStep::attr("network"), PathStep::idx(0), PathStep::attr("ip"), PathStep::key("v4")},
      {PathStep::idx(INT64_MIN), PathStep::idx(-1), PathStep::idx(INT64_MAX), PathStep::attr(""), PathStep::key("\xc3\xa9")},
  };
  for (const Path& p : paths) {
    w.put("schema_proto", std::string(1, '\1') + encode_attribute_path(p));
    w.put("schema_proto", std::string(1, '\0') + encode_attribute_path(p));
  }
  // unknown varint, fixed32 and group around a step; a step with no selector
  w.put("schema_proto", std::string("\1") + unhex("1005 1d00000000 2b08011a002c 0a05 1005 0a016e"));
  w.put("schema_proto", std::string("\1") + unhex("0a021801 0a00"));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: fuzz_seed_tool OUTDIR VALUES.tsv CRASHES.tsv SCHEMA_DOC...\n");
    return 2;
  }
  try {
    Writer w{argv[1]};
    std::istringstream values(read_file(argv[2]));
    for (std::string line; std::getline(values, line);) {
      auto cols = split(line);
      if (cols.size() != 3) continue;
      std::string tj = unhex(cols[0]);
      Type t = Type::from_json(tj);
      w.put("type_json", tj);
      w.value(t, unhex(cols[1]), false);
      if (cols[2] != "-") w.value(t, unhex(cols[2]), true);
    }
    std::istringstream crashes(read_file(argv[3]));
    for (std::string line; std::getline(crashes, line);) {
      if (line.empty() || line[0] == '#') continue;
      auto cols = split(line);
      if (cols.size() < 3) throw std::runtime_error("bad line in " + std::string(argv[3]) + ": " + line);
      if (cols[0] == "type") {
        w.put("type_json", cols[1]);
        continue;
      }
      Type t = Type::from_json(cols[1]);
      if (cols[0] == "msgpack") w.value(t, unhex(cols[2]), false);
      else if (cols[0] == "json") w.value(t, cols[2], true);
      else throw std::runtime_error("unknown format " + cols[0]);
    }
    ops_shapes(w);
    attribute_path_seeds(w);
    for (int i = 4; i < argc; ++i) {
      std::string doc = read_file(argv[i]);
      w.put("schema_json", doc);
      for (const auto& e : load_all_schemas_json({doc, doc.size()})) {
        for (int proto : {5, 6}) {
          try {
            w.put("schema_proto", std::string(1, proto == 6 ? '\1' : '\0') + encode_schema_proto(*e.schema, proto));
          } catch (const Error&) {
            // v5 has no nested attributes
          }
        }
      }
    }
    std::printf("wrote %zu seed files under %s\n", w.written, argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_seed_tool: %s\n", e.what());
    return 1;
  }
  return 0;
}
