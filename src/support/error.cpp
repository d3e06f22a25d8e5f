#include "support/error.hpp"

namespace dynval {

const char* status_name(Status s) noexcept {
  switch (s) {
    case Status::Ok: return "ok";
    case Status::InvalidArg: return "invalid argument";
    case Status::NoMem: return "out of memory";
    case Status::TypeMismatch: return "type mismatch";
    case Status::NotFound: return "not found";
    case Status::OutOfRange: return "out of range";
    case Status::Parse: return "parse error";
    case Status::Schema: return "schema error";
    case Status::Unsupported: return "unsupported";
    case Status::Internal: return "internal error";
    case Status::Refinement: return "invalid refinement";
    case Status::Limit: return "limit exceeded";
    case Status::UnknownValue: return "value is not known";
  }
  return "unknown status";
}

}  // namespace dynval
