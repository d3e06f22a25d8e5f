// dynval::convert: go-cty's cty/convert (v1.18.1), type conversion and
// unification of values, ported rule for rule.
//
// This is the one home of conversion: the encoders call convert() when a
// value does not conform to the type it is encoded as (go-cty's Marshal does
// the same), the CLI's `--as` calls it, and the C API exposes it.
//
//   - convert(v, want): convert.Convert. Safe and unsafe conversions
//     (string -> number/bool, list -> set, map -> object are unsafe);
//     optional attributes of `want` default to null; unknowns keep the
//     refinements go-cty's prepareUnknownResult keeps (not-null, and length
//     bounds between collections); dynamic positions in `want` pass values
//     through.
//   - convertible(in, out, unsafe): GetConversion / GetConversionUnsafe !=
//     nil, a type-level question.
//   - unify(types, unsafe): convert.Unify / UnifyUnsafe.
//   - mismatch_message(got, want): convert.MismatchMessage, the text of
//     convert's refusal.
//
// Errors are dynval::Error with Status::TypeMismatch, go-cty's message and
// path (Status::Limit for string -> number beyond the digit limit). Where
// go-cty iterates a Go map (object attributes, map elements) and the outcome
// depends on that order (which of several bad elements is reported), we go
// in sorted order, so results are deterministic. Deliberate differences are
// listed in docs/gocty-differences.md.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::convert {

// convert.Convert(v, want): v itself when its type equals `want` without
// optional markers; otherwise the unsafe conversion, or
// Error(Status::TypeMismatch, mismatch_message(v.type(), want)) when none
// exists. With unsafe = false only safe conversions are used
// (GetConversion); the refusal message is the same.
Value convert(const Value& v, const Type& want, bool unsafe = true);

// GetConversion(in, out) (unsafe = false) / GetConversionUnsafe (true) would
// return a conversion. Like go-cty, equal primitive types and equal map
// types answer false here (callers compare for equality first).
bool convertible(const Type& in, const Type& out, bool unsafe);

// convert.Unify / UnifyUnsafe: the most general type all of `types` convert
// to, or nullopt (cty.NilType). needs_conversion, when given, receives one
// flag per input type: true where go-cty returns a non-nil Conversion.
std::optional<Type> unify(std::span<const Type> types, bool unsafe,
                          std::vector<bool>* needs_conversion = nullptr);

// convert.MismatchMessage(got, want).
std::string mismatch_message(const Type& got, const Type& want);
// The same as go-cty v1.14.4 words it (the version OpenTofu v1.9.1 builds
// with, whose objchange messages quote it): it has no
// "X required, but have Y" (typesAreLikelyToCauseConfusion came later); the
// last resort is always "X required", X as a type constraint names it.
std::string mismatch_message_v1_14(const Type& got, const Type& want);

// hcl2shim.HCL2ValueFromFlatmap (Terraform / OpenTofu): the value of object
// type `ty` that legacy flatmap state `m` denotes (flatmap.cpp). `present`
// false means a nil map: the result is null. Errors are Status::TypeMismatch
// (a bad value, count or type) with hcl2shim's message, and Status::Limit
// for a list count larger than the map has entries (go-cty allocates it).
// The unknown marker is kFlatmapUnknown.
inline constexpr std::string_view kFlatmapUnknown = "74D93920-ED26-11E3-AC10-0800200C9A66";
Value value_from_flatmap(const std::map<std::string, std::string, std::less<>>& m, const Type& ty);

// hcl2shim.FlatmapValueFromHCL2, the other way: the flatmap state an object
// value denotes, as its entries sorted by key (where two entries get one key,
// the one hcl2shim writes last wins). Nulls are left out, unknown primitives
// and collections are kFlatmapUnknown ("l.#", "m.%"), an unknown object is
// each of its attributes unknown; primitives are written as strings (cty
// conversion), sets with indexes in go-cty's order. A null value (of any
// type) gives nullopt (hcl2shim's nil map). Throws Status::InvalidArg for
// another value that is not an object (hcl2shim panics), and Status::Limit when the keys and
// values would exceed max_output bytes (a key repeats its parents' names,
// so deep values can write far more than they hold).
using FlatmapEntries = std::vector<std::pair<std::string, std::string>>;
std::optional<FlatmapEntries> flatmap_from_value(const Value& v, size_t max_output);

}  // namespace dynval::convert
