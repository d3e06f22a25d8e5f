// The plugin protocol's AttributePath message <-> dynval::Path
// (values/path.hpp), on the wire format of protowire/protowire.hpp.
//
// The mapping is OpenTofu's (internal/plugin6/convert PathToAttributePath,
// AttributePathToPath) and terraform-plugin-go's (tfprotov6/internal/toproto
// AttributePath_Steps) for the steps the protocol can carry. For set-element
// steps, which it cannot, we stop before the first one, as
// terraform-plugin-go does for every ElementKeyValue. (OpenTofu's legacy-SDK
// shim instead writes a string element as element_key_string and truncates
// a number element to element_key_int, paths that read back as a map key or
// a list index, which core cannot apply to a set; it stops at elements of
// other types.)
#include <optional>
#include <string>

#include "protowire/protowire.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"
#include "values/path.hpp"

namespace dynval {

namespace {

constexpr uint32_t kSteps = 1;             // AttributePath.steps
constexpr uint32_t kAttributeName = 1;     // Step.attribute_name
constexpr uint32_t kElementKeyString = 2;  // Step.element_key_string
constexpr uint32_t kElementKeyInt = 3;     // Step.element_key_int

}  // namespace

std::string encode_attribute_path(const Path& p) {
  std::string out, step;
  for (size_t i = 0; i < p.size(); ++i) {
    const PathStep& s = p[i];
    step.clear();
    switch (s.kind) {
      case PathStep::Kind::Attr:
      case PathStep::Kind::Key:
        if (!text::is_valid_utf8(s.name)) {
          throw Error(Status::InvalidArg,
                      "attribute path step " + std::to_string(i) + ": " +
                          (s.kind == PathStep::Kind::Attr ? "attribute name" : "map key") +
                          " is not valid UTF-8, which protobuf strings must be",
                      Path(p.begin(), p.begin() + std::ptrdiff_t(i) + 1));
        }
        protowire::bytes_field(step, s.kind == PathStep::Kind::Attr ? kAttributeName : kElementKeyString, s.name,
                               true);
        break;
      case PathStep::Kind::Index:
        protowire::varint_field(step, kElementKeyInt, uint64_t(s.index), true);
        break;
      case PathStep::Kind::Element:
        return out;  // no form in the protocol: the steps before it
    }
    protowire::bytes_field(out, kSteps, step, true);
  }
  return out;
}

Path decode_attribute_path(std::span<const uint8_t> bytes) {
  protowire::Reader r(bytes, "protobuf attribute path");
  Path out;
  r.fields(r.whole(), 0, [&](uint32_t f, uint32_t wt, protowire::Reader::Cursor& c, const uint8_t* at) {
    if (f != kSteps || wt != protowire::kLen) return false;
    if (out.size() == limits::kMaxAttributePathSteps) {
      throw limits::attribute_path_steps(limits::kMaxAttributePathSteps, r.offset_of(at));
    }
    r.path = {PathStep::attr("steps"), PathStep::idx(int64_t(out.size()))};
    std::optional<PathStep> step;  // a oneof: the last selector read wins
    r.fields(r.sub(r.bytes(c)), 1, [&](uint32_t sf, uint32_t swt, protowire::Reader::Cursor& sc, const uint8_t*) {
      if (sf == kAttributeName && swt == protowire::kLen) {
        step = PathStep::attr(r.string_field(sc, "attribute_name"));
      } else if (sf == kElementKeyString && swt == protowire::kLen) {
        std::string k = r.string_field(sc, "element_key_string");
        if (!text::is_ascii(k) && !text::is_nfc(k)) k = text::to_nfc(k);
        step = PathStep::key(k);
      } else if (sf == kElementKeyInt && swt == protowire::kVarint) {
        step = PathStep::idx(int64_t(r.varint(sc)));
      } else {
        return false;
      }
      return true;
    });
    if (!step) r.fail(Status::Parse, "step has no attribute_name, element_key_string or element_key_int", at);
    out.push_back(std::move(*step));
    r.path.clear();
    return true;
  });
  return out;
}

}  // namespace dynval
