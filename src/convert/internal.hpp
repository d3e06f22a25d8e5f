// Private to src/convert: the conversion plans shared by convert.cpp,
// unify.cpp, mismatch.cpp and flatmap.cpp, and the state one conversion
// carries while it plans and runs.
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
#include "support/limits.hpp"
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

// The digit budget every string one conversion turns into a number draws
// on: one DocumentBudget (support/limits.hpp), as every number of a decoded
// document draws on its decoder's, sized on first use from the size of the
// conversion's input (input_size(): the bytes of the strings of the value
// converted, or of a whole flatmap).
class NumberBudget {
 public:
  explicit NumberBudget(std::function<size_t()> input_size) : input_size_(std::move(input_size)) {}
  DocumentBudget& get() {
    if (!budget_) budget_.emplace(limits_, input_size_());
    return *budget_;
  }

 private:
  static inline const Limits limits_{};
  std::function<size_t()> input_size_;
  std::optional<DocumentBudget> budget_;
};

// The state of applying plans to one value: the path of the value being
// converted, the planner for what is planned while converting (unifying a
// tuple's converted elements) and the number budget.
class Run {
 public:
  Run(Planner& plans, NumberBudget& numbers) : plans(plans), numbers(numbers) {}
  Path path;
  Planner& plans;
  NumberBudget& numbers;
};

// convert.Convert(v, want) (unsafe), drawing strings converted to numbers
// from `numbers` (flatmap: one budget for the whole map).
Value convert_with(const Value& v, const Type& want, NumberBudget& numbers);

}  // namespace dynval::convert::detail
