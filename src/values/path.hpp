// Paths into values: the operations on dynval::Path (cty Path).
//
// The path data (PathStep, Path) is declared in support/error.hpp so that
// every layer's errors can carry one; everything that reads or builds paths
// is here, in one place: the one printer (errors, dv_error_path,
// dv_path_to_string and both bindings all go through path_string), equality,
// set-element steps, cty Path.Apply, the set-element search shared by
// Value::lookup and set_path, and the plugin protocol's AttributePath
// message (path_proto.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "support/error.hpp"

namespace dynval {

class Value;

// A set-element step (cty IndexStep{Key: elem}): the element is its own key.
PathStep element_step(const Value& elem);

// The step from a known collection `parent` to its child i (in iteration
// order), as go-cty's Walk and Transform build it: an attribute step for an
// object, a key step for a map, a set-element step for a set, an index
// step for a list or tuple.
PathStep child_step(const Value& parent, size_t i);

// cty Path.Equals: the same kinds in the same order, with equal names and
// indexes, and set-element keys that are RawEquals. (An Index step and a
// set-element step keyed by the same number are different steps here.)
bool operator==(const PathStep& a, const PathStep& b);

// Renders a path as OpenTofu's tfdiags.FormatCtyPath does, the form users
// read in Terraform and OpenTofu diagnostics: `.network[0].ip["v4"]`.
//   - attribute: `.name`, the name as it is (no quoting);
//   - list/tuple index: `[3]`, decimal (FormatCtyPath formats the index as a
//     cty number with %g, which turns 1000000 into `[1e+06]`; we keep the
//     integer);
//   - map key: `["key"]`, quoted as Go's strconv.Quote;
//   - set element: the element itself as FormatCtyPath prints an IndexStep
//     key: a string quoted (`["a"]`), a number with Go's %g (`[1.5]`,
//     `[1e+21]`), null as `[null]`, an unknown as `[(not yet known)]`, and
//     any other value (bool, collection, object) as `[...]`.
std::string path_string(const Path& p);
void append_path_string(std::string& out, const Path& p);

// cty Path.Apply: applies each step in turn and returns the value reached.
// Follows go-cty exactly, including its results through unknown values
// (an attribute of an unknown object is an unknown of the attribute's
// type) and its set rule (a set-element step yields the step's own key
// when the set has an element equal to it, an unknown of the element type
// when that depends on unknowns). Throws Error with go-cty's message, e.g.
// "at step 1: object has no attribute \"x\"", and the path up to and
// including the failing step: Status::TypeMismatch when a step does not
// apply to the value's kind or the value is null, Status::NotFound for a
// missing attribute, key, index or element.
Value path_apply(const Path& p, const Value& v);

// The element of a known set that a set-element step with key `key`
// selects: the first (in iteration order) element Equals to `key`, as
// go-cty's set membership finds it; failing that, when `key` holds
// unknowns (Equals is then never true), the first element RawEquals to it.
// nullptr when there is none or `set` is not a known set.
const Value* find_set_element(const Value& set, const Value& key);

// ---- the plugin protocol's AttributePath message (values/path_proto.cpp) ----
//
// tfplugin5 and tfplugin6 define it alike:
//   AttributePath { repeated Step steps = 1; }
//   Step { oneof selector { string attribute_name = 1;
//                           string element_key_string = 2;
//                           int64 element_key_int = 3; } }

// The protobuf bytes of p as an AttributePath, as Go protobuf writes them:
// an attribute step as attribute_name, a key step as element_key_string, an
// index step as element_key_int. A set-element step has no form in the
// protocol: the message ends before the first one and holds the steps in
// front of it, as terraform-plugin-go's toproto.AttributePath_Steps does
// (it stops at an ElementKeyValue). Throws Status::InvalidArg when a name
// or key is not valid UTF-8 (protobuf refuses such strings), with the path
// up to that step.
std::string encode_attribute_path(const Path& p);

// Decodes AttributePath bytes (proto3 / protobuf-go rules, protowire.hpp:
// unknown fields skipped, a later selector of a step wins). An
// element_key_string is normalised to NFC, as OpenTofu's AttributePathToPath
// does through cty.StringVal; attribute names are kept as they are. Throws
// Status::Parse for malformed protobuf, a string that is not UTF-8, and a
// step with none of the three selectors (OpenTofu skips such a step, which
// would turn `.a[?].b` into `.a.b`); Status::Limit past
// limits::kMaxAttributePathSteps steps. Errors carry the byte offset and
// the path in the message (`.steps[2].attribute_name`).
Path decode_attribute_path(std::span<const uint8_t> bytes);

}  // namespace dynval
