// Refined unknown values: validation and go-cty's collapse rules
// (cty/unknown_refinement.go RefinementBuilder, v1.18.1).
#include <string>

#include "support/error.hpp"
#include "text/text.hpp"
#include "values/refinement.hpp"
#include "values/value.hpp"
#include "values/value_internal.hpp"

namespace dynval {

bool Refinements::empty() const noexcept {
  return !not_null && prefix.empty() && !lower && !upper && len_min == 0 && len_max == INT64_MAX;
}

namespace {

bool bound_equal(const std::optional<NumberBound>& a, const std::optional<NumberBound>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  // go-cty refinementNumber.rawEqual: min.RawEquals(other.min), which for
  // numbers is rawNumberEqual.
  return a->inclusive == b->inclusive && Number::equal(a->value, b->value);
}

[[noreturn]] void refinement_error(std::string msg) { throw Error(Status::Refinement, std::move(msg)); }

}  // namespace

bool Refinements::operator==(const Refinements& o) const {
  return not_null == o.not_null && prefix == o.prefix && bound_equal(lower, o.lower) &&
         bound_equal(upper, o.upper) && len_min == o.len_min && len_max == o.len_max;
}

std::string encoded_prefix(const Refinements& r) {
  // cty/msgpack marshalUnknownValue: maxPrefixLength := 256; a longer prefix
  // is cut to 255 bytes and made safe again.
  if (r.prefix.size() > kMaxEncodedPrefixBytes) {
    return text::safe_known_prefix(std::string_view(r.prefix).substr(0, kMaxEncodedPrefixBytes - 1));
  }
  return r.prefix;
}

Value Value::unknown_refined(const Type& t_in, Refinements r) {
  Type t = t_in.has_optional() ? t_in.without_optional() : t_in;
  // Refine() on cty.DynamicVal silently ignores every refinement.
  if (t.is_dynamic()) return Value::unknown(t);

  // CollectionLengthLowerBound with a negative bound keeps the existing (0).
  if (r.len_min < 0) r.len_min = 0;

  const TypeKind kind = t.kind();
  if (!r.prefix.empty() && kind != TypeKind::String) {
    refinement_error("string prefix refinement for a value of type " + t.friendly_name() +
                     " (only strings can have a prefix)");
  }
  if ((r.lower || r.upper) && kind != TypeKind::Number) {
    refinement_error("number bound refinement for a value of type " + t.friendly_name() +
                     " (only numbers can have bounds)");
  }
  if ((r.len_min != 0 || r.len_max != INT64_MAX) && !t.is_collection()) {
    refinement_error("collection length refinement for a value of type " + t.friendly_name() +
                     " (only lists, sets and maps have length bounds)");
  }
  if (r.lower && r.upper) {
    // go-cty refinementNumber.assertConsistentBounds panics when lower >
    // upper, or lower == upper with exactly one side inclusive; we also
    // reject (x, x), which no number satisfies.
    int c = Number::compare(r.lower->value, r.upper->value);
    if (c > 0) {
      std::string lo = r.lower->value.text(), hi = r.upper->value.text();
      if (lo == hi) {  // equal shortest texts of different binary values: show them exactly
        lo = r.lower->value.exact_text();
        hi = r.upper->value.exact_text();
      }
      refinement_error("number lower bound " + lo + " is greater than upper bound " + hi);
    }
    if (c == 0 && !(r.lower->inclusive && r.upper->inclusive)) {
      refinement_error(std::string("number bounds ") + (r.lower->inclusive ? "[" : "(") +
                       r.lower->value.text() + ", " + r.upper->value.text() +
                       (r.upper->inclusive ? "]" : ")") + " leave no possible value");
    }
  }
  if (r.len_max < r.len_min) {
    refinement_error("collection length upper bound " + std::to_string(r.len_max) +
                     " is less than lower bound " + std::to_string(r.len_min));
  }
  if (!r.prefix.empty() && !text::is_ascii(r.prefix) && !text::is_nfc(r.prefix)) {
    r.prefix = text::to_nfc(r.prefix);
  }

  if (r.empty()) return Value::unknown(t);

  // RefinementBuilder.NewValue: a not-null value may be pinned down exactly.
  if (r.not_null) {
    if (kind == TypeKind::Number && r.lower && r.upper && r.lower->inclusive &&
        r.upper->inclusive && Number::equal(r.lower->value, r.upper->value)) {
      return Value::number(r.lower->value);
    }
    if (t.is_collection() && r.len_min == r.len_max) {
      const int64_t n = r.len_min;
      Type et = t.element();
      if (n == 0) {
        switch (kind) {
          case TypeKind::List:
            return Value::list(et, {});
          case TypeKind::Set:
            return Value::set(et, {});
          default:
            return Value::map(et, {});
        }
      }
      if (kind == TypeKind::List && n <= kMaxCollapsedListLength) {
        // go-cty makes ListVal of n UnknownVal(elem) for any n; we stop at a
        // bound so a few bytes of refinement cannot demand gigabytes.
        std::vector<Value> elems(static_cast<size_t>(n), Value::unknown(et));
        return Value::list(et, std::move(elems));
      }
      if (kind == TypeKind::Set && n == 1) {
        std::vector<Value> elems;
        elems.push_back(Value::unknown(et));
        return Value::set(et, std::move(elems));
      }
    }
  }
  return ValueAccess::make_refined(std::move(t), std::move(r));
}

}  // namespace dynval
