// normalize_obj.go of OpenTofu v1.9.1: NormalizeObjectFromLegacySDK and
// unknownBlockStub, in the same order of cases. OpenTofu applies it to what
// providers on the legacy SDK (SDKv2, which sets LegacyTypeSystem) return,
// so that a nested block is never itself unknown or null: an unknown block
// becomes a known stub whose leaf attributes are unknown, a null LIST or
// SET block an empty collection, a null GROUP block its empty value.
//
// The recursion follows the schema's nesting only; the value is checked to
// conform to the schema first (OpenTofu may panic or build garbage where it
// does not).
//
// One deliberate difference: unknownBlockStub gives each attribute
// cty.UnknownVal(attrS.Type), and a nested attribute type (protocol 6)
// has no Type, so OpenTofu panics (a nil pointer dereference building the
// stub's object); here the stub's attribute is an unknown of the
// attribute's implied type.
#include <string>
#include <utility>
#include <vector>

#include "plan/internal.hpp"
#include "plan/plan.hpp"

namespace dynval::plan {

namespace {

Value unknown_block_stub(const Block& schema);

// cty GetAttr (internal.hpp): the value conforms and is not null here.
Value get_attr(const Value& v, const std::string& name) { return cty_get_attr(v, name, Path{}); }

Value stub_list(const NestedBlock& nb) {
  std::vector<Value> one;
  one.push_back(unknown_block_stub(nb.block));
  if (nb.nesting == NestingMode::Set) return Value::set(nb.block.implied_type, std::move(one));
  return Value::list(nb.block.implied_type, std::move(one));
}

Value normalize(const Value& val, const Block& schema) {
  if (val.is_null()) return Value::null(schema.implied_type);
  std::vector<std::pair<std::string, Value>> vals;
  vals.reserve(schema.attributes.size() + schema.block_types.size());
  for (const Attribute& a : schema.attributes) vals.emplace_back(a.name, get_attr(val, a.name));
  for (const NestedBlock& nb : schema.block_types) {
    Value lv = get_attr(val, nb.type_name);
    // The legacy SDK has no dynamic types; blocks holding them come from
    // another SDK and pass through.
    if (nb.block.implied_type.has_dynamic()) {
      vals.emplace_back(nb.type_name, std::move(lv));
      continue;
    }
    switch (nb.nesting) {
      case NestingMode::Single:
      case NestingMode::Group:
        if (!lv.is_known()) {
          vals.emplace_back(nb.type_name, unknown_block_stub(nb.block));
        } else if (lv.is_null() && nb.nesting == NestingMode::Group) {
          vals.emplace_back(nb.type_name, empty_value(nb.block));
        } else {
          vals.emplace_back(nb.type_name, normalize(lv, nb.block));
        }
        break;
      case NestingMode::List:
      case NestingMode::Set: {
        bool set = nb.nesting == NestingMode::Set;
        if (!lv.is_known()) {
          vals.emplace_back(nb.type_name, stub_list(nb));
        } else if (lv.is_null() || lv.length() == 0) {
          vals.emplace_back(nb.type_name, set ? Value::set(nb.block.implied_type, {})
                                              : Value::list(nb.block.implied_type, {}));
        } else {
          std::vector<Value> sub;
          sub.reserve(lv.length());
          for (size_t i = 0; i < lv.length(); ++i) sub.push_back(normalize(lv.at(i), nb.block));
          vals.emplace_back(nb.type_name, set ? Value::set(nb.block.implied_type, std::move(sub))
                                              : Value::list(nb.block.implied_type, std::move(sub)));
        }
        break;
      }
      default:
        // The legacy SDK has no MAP blocks: they pass through.
        vals.emplace_back(nb.type_name, std::move(lv));
        break;
    }
  }
  return Value::object(std::move(vals));
}

Value unknown_block_stub(const Block& schema) {
  std::vector<std::pair<std::string, Value>> vals;
  vals.reserve(schema.attributes.size() + schema.block_types.size());
  for (const Attribute& a : schema.attributes) vals.emplace_back(a.name, Value::unknown(a.implied_type));
  for (const NestedBlock& nb : schema.block_types) {
    switch (nb.nesting) {
      case NestingMode::Single:
      case NestingMode::Group:
        vals.emplace_back(nb.type_name, unknown_block_stub(nb.block));
        break;
      case NestingMode::List:
      case NestingMode::Set:
        // OpenTofu makes a list even where the block's dynamic content asks
        // for a tuple (the legacy SDK has no dynamic types).
        vals.emplace_back(nb.type_name, stub_list(nb));
        break;
      default:
        // A MAP block cannot be unknown: its keys would be.
        vals.emplace_back(nb.type_name, Value::map(nb.block.implied_type, {}));
        break;
    }
  }
  return Value::object(std::move(vals));
}

}  // namespace

Value normalize_object_from_legacy_sdk(const Value& value, const Block& schema) {
  check_conforms("value", schema, value);
  return normalize(value, schema);
}

}  // namespace dynval::plan
