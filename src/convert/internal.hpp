// Private to src/convert: the conversion plans shared by convert.cpp,
// unify.cpp and mismatch.cpp, and the state one conversion carries while
// it plans and runs.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::convert::detail {

class Run;

// go-cty's internal `conversion`: applies a planned conversion to a value
// of the planned input type, within a Run (whose path says where that value
// sits; errors carry it). Empty = no conversion (nil in go-cty). A plan is
// immutable and shared: copying one is O(1), so plans that hold the plans
// of their elements cost no more than their own level.
class Conv {
 public:
  using Fn = std::function<Value(const Value&, Run&)>;
  Conv() noexcept = default;
  Conv(std::nullptr_t) noexcept {}  // NOLINT: nullptr is "no conversion", as in go-cty
  template <class F>
  static Conv of(F&& f) {
    Conv c;
    c.f_ = std::make_shared<const Fn>(std::forward<F>(f));
    return c;
  }
  explicit operator bool() const noexcept { return f_ != nullptr; }
  Value operator()(const Value& v, Run& run) const { return (*f_)(v, run); }

 private:
  std::shared_ptr<const Fn> f_;
};

// The outcome of a unification: the unified type (nullopt: cty.NilType)
// and, per input type, whether go-cty returns a non-nil Conversion for it.
struct Unified {
  std::optional<Type> type;
  std::vector<bool> convs;
};

// The planning state of one operation (a convert() call with everything it
// plans while it runs, a unify(), a convertible(), a mismatch message):
// getConversion and dynamicReplace answers, memoized by their types. Types
// are compared by hash and equality, which is a pointer compare for the
// shared nodes a plan walks, so asking again about a type already planned
// (the element type one level down, every element of a long tuple) costs
// O(1) instead of a walk of the type. The plans it hands out do not refer
// to it.
class Planner {
 public:
  // getConversion(in, out, unsafe).
  Conv get_conversion(const Type& in, const Type& out, bool unsafe);
  // dynamicReplace(in, out).
  Type dynamic_replace(const Type& in, const Type& out);
  // convert.unify(types, unsafe) (unify.cpp).
  Unified unify(std::span<const Type> types, bool unsafe);

 private:
  Type dynamic_replace_known(const Type& in, const Type& out);

  struct Key {
    Type in, out;
    bool unsafe;
    bool operator==(const Key& o) const noexcept { return unsafe == o.unsafe && in == o.in && out == o.out; }
  };
  struct KeyHash {
    size_t operator()(const Key& k) const noexcept {
      return (k.in.hash() * 0x9e3779b97f4a7c15ULL) ^ k.out.hash() ^ size_t(k.unsafe);
    }
  };
  std::unordered_map<Key, Conv, KeyHash> plans_;
  std::unordered_map<Key, Type, KeyHash> replaced_;
};

// The state of applying plans to one value: the path of the value being
// converted and the planner for what is planned while converting (unifying
// a tuple's converted elements).
class Run {
 public:
  explicit Run(Planner& plans) : plans(plans) {}
  Path path;
  Planner& plans;
};

}  // namespace dynval::convert::detail
