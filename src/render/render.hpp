// dynval::render: the human views of a value, behind `dynval convert --to
// pretty`, `dynval inspect` and dv_value_render (include/dynval/render.h).
// The text is for people: its format may change between releases.
#pragma once

#include <cstddef>
#include <string>

#include "schema/schema.hpp"
#include "support/limits.hpp"
#include "values/path.hpp"
#include "values/value.hpp"

namespace dynval::render {

enum class Style { Pretty, Inspect };

struct Options {
  Style style = Style::Pretty;
  // The schema of the value's block, when there is one: with mask_sensitive,
  // a non-null attribute it marks sensitive (at any depth: nested blocks,
  // nested attributes, elements of their collections) is shown as
  // "(sensitive value)", and nothing below it is shown. Attributes are
  // matched by name, so a value of another block is masked by name only.
  const Block* schema = nullptr;
  bool mask_sensitive = false;
  // The output limit (Status::Limit past it), as the encoders have one.
  size_t max_output_size = limits::kDefaultMaxOutputSize;
};

// Appends the view of v that opts.style names (pretty or inspect below).
void render(std::string& out, const Value& v, const Options& opts);

// An indented, HCL-like view that can show every value, unknown ones
// included: unknowns as "(unknown string, not null, prefix "ab")". Strings,
// map keys and attribute names that are not identifiers are quoted as Go's
// %q does (quotes, backslashes and control characters escaped, <, > and &
// as they are); the " = " of an object's attributes and of a map's keys are
// aligned. Ends with a newline.
void pretty(std::string& out, const Value& v, const Options& opts = {});

// One line describing an unknown value and its refinements.
std::string describe_unknown(const Value& v);

// inspect: the type, the pretty view, then a list of every unknown (path
// and refinements) and, with a schema, of every sensitive path. With
// mask_sensitive (what `dynval inspect` does), nothing at or below a
// sensitive attribute is printed: its type is the schema's (not that of a
// value in a "dynamic" attribute), its value "(sensitive value)", and an
// unknown at or below it is listed once, by the attribute's path, as
// "(sensitive value, unknown in whole or in part)": no type, refinement,
// map key or element below it. Without mask_sensitive, the type is the
// value's and every unknown is listed as if nothing were sensitive.
void inspect(std::string& out, const Value& v, const Options& opts);

// The path of an error in a value of `schema`'s block, cut after the first
// attribute the schema marks sensitive (so that no map key or element below
// it is printed); the path as it is when it passes no sensitive attribute.
Path cut_at_sensitive(const Block& schema, const Path& path);

// True when an attribute of b, of its nested blocks or of their nested
// attribute objects is sensitive.
bool has_sensitive(const Block& b);

}  // namespace dynval::render
