// Fuzz target (round trip): decode(encode(v)) == v with identical bytes.
// Input: one mode byte (low bit: 0 = the payload is MessagePack, 1 = JSON),
// a type in the grammar of fuzz_common.hpp, then the payload. Whatever
// decodes is a value v of that type. Checks:
//   - both encodings may stop at a 1 MiB output limit (Status::Limit), which
//     ends the case: go-cty's encoding can be hundreds of times the input;
//   - MessagePack: encode(v) succeeds, decodes to a value raw-equal to v
//     that encodes to the same bytes; where v holds numbers MessagePack
//     cannot carry (go-cty's narrow text numbers: bytes only; -0: from the
//     second round on; see has_narrow_number) the weaker property;
//   - JSON: encode(v) succeeds unless v holds an unknown (Status::UnknownValue)
//     or an infinity (Status::Unsupported); the text decodes and encodes
//     again, and from the second round on text and value are a fixpoint
//     (the first round may replace invalid UTF-8, as go-cty does); when the
//     first round kept the text, the type has no dynamic positions (where
//     JSON cannot carry the concrete type of a null) and every number of v
//     has 512 bits (as JSON gives them), the decoded value is raw-equal to v.
#include "codec/codec.hpp"
#include "fuzz_common.hpp"
#include "number/number.hpp"

using namespace dynval;

namespace {

// Values MessagePack cannot carry exactly, in go-cty as in libdynval (so the
// value check is skipped for them; the bytes check still applies):
// go-cty (v1.14.4 and later) writes an integer too large for int64 as
// decimal text even when it came from a float64, and the text is the
// shortest that identifies the float64 at 53 bits, which reads back at 512
// bits as a different number (-2.7632590162620097e+26 from `cb c56c...`
// comes back as -276325901626200970000000000 exactly). libdynval writes the
// same bytes, so such values round-trip by bytes but not by value.
// JSON text always reads back at 512 bits, so only values whose numbers all
// have 512 bits can come back equal (Narrow::Below512Bits).
// -0 is an exact int64 0 to go-cty's encoder, so MessagePack writes 0: the
// sign is lost, and in a set, -0 and 0 (distinct elements, ordered by their
// hash texts "-0" and "0") merge or move, so even the bytes change on the
// second round. JSON writes "-0" and keeps it. All of this applies to the
// bounds of refined unknown numbers as well.
// A bound written as decimal text can be long enough (1e9000) that the
// encoder drops it to keep the refinement payload readable
// (docs/gocty-differences.md#oversize-bounds): the value then comes back
// with fewer refinements, and only the bytes are a fixpoint
// (Narrow::TextBound, which only bounds match).
enum class Narrow { Below512Bits, TextBelow512Bits, NegativeZero, TextBound };

bool is_narrow(const Number& n, Narrow what) {
  switch (what) {
    case Narrow::NegativeZero: return n.is_zero() && n.signbit();
    case Narrow::TextBelow512Bits: return n.precision() < 512 && n.wire_form() == Number::WireForm::Text;
    case Narrow::Below512Bits: return n.precision() < 512;
    case Narrow::TextBound: return n.wire_form() == Number::WireForm::Text;
  }
  return false;
}

bool has_narrow_number(const Value& v, Narrow what) {
  if (!v.is_known()) {
    // The bounds of a refined unknown number travel as numbers too.
    const Refinements& r = v.refinements();
    return (r.lower && is_narrow(r.lower->value, what)) || (r.upper && is_narrow(r.upper->value, what));
  }
  if (v.is_null()) return false;
  switch (v.type().kind()) {
    case TypeKind::Number:
      return what != Narrow::TextBound && is_narrow(v.as_number(), what);
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
    case TypeKind::Object:
    case TypeKind::Tuple:
      for (size_t i = 0; i < v.length(); ++i)
        if (has_narrow_number(v.at(i), what)) return true;
      return false;
    default:
      return false;
  }
}

template <class F>
auto must(const char* what, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    FUZZ_CHECK(false, "%s failed: %s at %s", what, e.message().c_str(), path_string(e.path()).c_str());
  }
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::TypedInput ti;
  if (!fuzz::read_typed_input(data, size, true, ti)) return -1;
  const bool from_json = ti.json;
  const Type& type = ti.type;
  std::string_view in = ti.payload;
  Value v;
  try {
    v = fuzz::timed("decode", size, [&] { return from_json ? codec::json_decode(in, type) : codec::msgpack_decode(in, type); });
  } catch (const Error& e) {
    fuzz::check_error(e, in.size());
    return 0;
  }

  // Encoding may legitimately grow far beyond the input (go-cty writes a
  // null in list(dynamic) with the whole type JSON of its siblings: 15 KB
  // of input became 6 MB, and its four rounds under the sanitizers took
  // 18 s, past libFuzzer's timeout). The first encoding is held to
  // kMaxOutput; a Limit there is the encoders' documented answer and ends
  // the case. Later rounds encode the same value and stay below it.
  constexpr size_t kMaxOutput = size_t(1) << 20;
  const codec::EncodeOptions bounded{kMaxOutput};
  std::string mp;
  try {
    codec::msgpack_encode(mp, v, type, bounded);
  } catch (const Error& e) {
    FUZZ_CHECK(e.status() == Status::Limit, "msgpack_encode failed: %s at %s", e.message().c_str(),
               path_string(e.path()).c_str());
    return 0;
  }
  Value back = must("msgpack_decode of encoded bytes", [&] { return codec::msgpack_decode(mp, type); });
  std::string mp2;
  must("msgpack_encode of decoded value", [&] { codec::msgpack_encode(mp2, back, type); });
  if (!has_narrow_number(v, Narrow::NegativeZero)) {
    FUZZ_CHECK(mp2 == mp, "MessagePack bytes changed on the second round");
    if (!has_narrow_number(v, Narrow::TextBelow512Bits) && !has_narrow_number(v, Narrow::TextBound))
      FUZZ_CHECK(back.raw_equals(v), "MessagePack round trip changed the value: %s -> %s", v.go_string().c_str(),
                 back.go_string().c_str());
  } else {
    // From the second round on, bytes and value are a fixpoint.
    Value back2 = must("msgpack_decode of re-encoded bytes", [&] { return codec::msgpack_decode(mp2, type); });
    std::string mp3;
    must("msgpack_encode of the second decoded value", [&] { codec::msgpack_encode(mp3, back2, type); });
    FUZZ_CHECK(mp3 == mp2, "MessagePack bytes changed on the third round");
    FUZZ_CHECK(back2.raw_equals(back), "MessagePack round trip changed the value: %s -> %s",
               back.go_string().c_str(), back2.go_string().c_str());
  }

  // JSON. go-cty writes invalid UTF-8 in strings as the escape \ufffd but a
  // real U+FFFD as itself, so the first round may change the text; from the
  // second round on the text must be a fixpoint. Attribute names that are
  // not valid UTF-8 (possible only in types built through the API; every
  // type read from the wire has valid names) are written as \ufffd too and
  // then no longer match the type: such types cannot round-trip through
  // JSON, in go-cty either.
  // (A type nested deeper than type JSON's own depth limit, from the deep
  // grammar kind, does not round-trip through type JSON either.)
  try {
    if (!(Type::from_json(type.to_json(), Type::kMaxJsonDepth) == type)) return 0;
  } catch (const Error& e) {
    FUZZ_CHECK(e.status() == Status::Limit, "type JSON of the type: %s", e.message().c_str());
    return 0;
  }
  std::string js;
  try {
    codec::json_encode(js, v, type, bounded);
  } catch (const Error& e) {
    FUZZ_CHECK(e.status() == Status::UnknownValue || e.status() == Status::Unsupported || e.status() == Status::Limit,
               "json_encode: %s", e.message().c_str());
    return 0;
  }
  Value j1 = must("json_decode of encoded text", [&] { return codec::json_decode(js, type); });
  std::string js2;
  must("json_encode of decoded value", [&] { codec::json_encode(js2, j1, type); });
  Value j2 = must("json_decode of re-encoded text", [&] { return codec::json_decode(js2, type); });
  std::string js3;
  must("json_encode of the second decoded value", [&] { codec::json_encode(js3, j2, type); });
  FUZZ_CHECK(js3 == js2, "JSON text changed on the third round: %s -> %s", js2.c_str(), js3.c_str());
  FUZZ_CHECK(j2.raw_equals(j1), "JSON round trip changed the value: %s -> %s", j1.go_string().c_str(),
             j2.go_string().c_str());
  if (js2 == js && !type.has_dynamic() && !has_narrow_number(v, Narrow::Below512Bits))
    FUZZ_CHECK(j1.raw_equals(v), "JSON round trip changed the value: %s -> %s", v.go_string().c_str(),
               j1.go_string().c_str());
  return 0;
}
