// Human renderings of values for the dynval tool: `--to pretty` and
// `inspect`. Not part of the library: formats may change between releases.
#pragma once

#include <string>

#include "schema/schema.hpp"
#include "support/limits.hpp"
#include "values/value.hpp"

namespace dynval::cli {

struct RenderOptions {
  // The schema of the value's block, when there is one: with mask_sensitive,
  // a non-null attribute it marks sensitive (at any depth: nested blocks,
  // nested attributes, elements of their collections) is shown as
  // "(sensitive value)", and nothing below it is shown.
  const Block* schema = nullptr;
  bool mask_sensitive = false;
  // The output limit (Status::Limit past it), as the encoders have one.
  size_t max_output_size = limits::kDefaultMaxOutputSize;
};

// An indented, HCL-like view that can show every value, unknown ones
// included: unknowns as "(unknown string, not null, prefix "ab")". Strings,
// map keys and attribute names that are not identifiers are quoted as Go's
// %q does (quotes, backslashes and control characters escaped, <, > and &
// as they are); the " = " of an object's attributes and of a map's keys are
// aligned.
void render_pretty(std::string& out, const Value& v, const RenderOptions& opts = {});

// One line describing an unknown value and its refinements.
std::string describe_unknown(const Value& v);

// inspect: the type (a sensitive attribute with its schema type, not the
// type of its value), the pretty view with sensitive values masked, then a
// list of every unknown (path and refinements) and every sensitive path.
// An unknown at or below a sensitive attribute is listed once, by the
// attribute's path, as "(sensitive value, unknown in whole or in part)":
// no type, refinement, map key or element below it is printed.
void render_inspect(std::string& out, const Value& v, const Block* schema,
                    size_t max_output_size = limits::kDefaultMaxOutputSize);

// The path of an error in a value of `schema`'s block, cut after the first
// attribute the schema marks sensitive (so that no map key or element below
// it is printed); the path as it is when it passes no sensitive attribute.
Path cut_at_sensitive(const Block& schema, const Path& path);

// True when an attribute of b, of its nested blocks or of their nested
// attribute objects is sensitive.
bool has_sensitive(const Block& b);

}  // namespace dynval::cli
