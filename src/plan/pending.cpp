// TEMPORARY (removed when the ports land, before this branch of work is
// called done): a weak placeholder for the check being ported in
// compatible.cpp, so the C API, the tool and the bindings build meanwhile.
// (assert_plan_valid has landed in plan_valid.cpp: a weak definition here
// could satisfy the linker before plan_valid.o is pulled from the archive.)
#include "plan/plan.hpp"
#include "support/error.hpp"

namespace dynval::plan {

__attribute__((weak)) std::vector<Problem> assert_object_compatible(const Block&, const Value&, const Value&,
                                                                    std::span<const Path>, bool) {
  throw Error(Status::Unsupported, "assert_object_compatible: not yet ported");
}

}  // namespace dynval::plan
