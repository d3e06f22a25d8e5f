// TEMPORARY (removed when the ports land, before this branch of work is
// called done): weak placeholders for the two checks being ported in
// plan_valid.cpp and compatible.cpp, so the C API, the tool and the
// bindings build meanwhile. A file that defines the real function
// overrides these.
#include "plan/plan.hpp"
#include "support/error.hpp"

namespace dynval::plan {

__attribute__((weak)) std::vector<Problem> assert_plan_valid(const Block&, const Value&, const Value&, const Value&) {
  throw Error(Status::Unsupported, "assert_plan_valid: not yet ported");
}

__attribute__((weak)) std::vector<Problem> assert_object_compatible(const Block&, const Value&, const Value&,
                                                                    std::span<const Path>, bool) {
  throw Error(Status::Unsupported, "assert_object_compatible: not yet ported");
}

}  // namespace dynval::plan
