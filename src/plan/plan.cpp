// objchange.go of OpenTofu v1.9.1 (ProposedNew, PlannedDataResourceObject
// and their helpers), with configschema's EmptyValue and AttributeByPath
// and objchange's unrefinedValue. Each Go function has one counterpart
// here, in the same order of checks; the cty operations they use (GetAttr,
// Index, HasIndex on possibly unknown values) are the helpers at the top.
// Where Go panics, these throw Status::TypeMismatch with a path.
#include "plan/plan.hpp"

#include "plan/internal.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/error.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"
#include "values/path.hpp"
#include "values/walk.hpp"

namespace dynval::plan {

namespace {

// objchange's nestedSchema: a *configschema.Block or a *configschema.Object
// (exactly one set).
struct NestedSchema {
  const Block* block = nullptr;
  const NestedObject* object = nullptr;
};

// configschema Object.AttributeByPath: attribute steps go into nested
// attribute objects; other steps, and (unlike Block.AttributeByPath) names
// the object lacks, are passed over.
const Attribute* object_attribute_by_path(const NestedObject& o, const Path& path) {
  const NestedObject* obj = &o;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i].kind != PathStep::Kind::Attr) continue;
    const Attribute* a = obj->find(path[i].name);
    if (!a) continue;
    if (i + 1 == path.size()) return a;
    if (!a->nested_type) return nullptr;  // more path, but not more attribute
    obj = &*a->nested_type;
  }
  return nullptr;
}

// configschema Block.AttributeByPath is the schema's own
// (Block::attribute_by_path). It stops at a name a nested attribute's object
// lacks, where configschema passes over it; the paths here walk values
// checked to conform to the schema, whose names are all there.
const Attribute* attribute_by_path(const NestedSchema& s, const Path& path) {
  return s.block ? s.block->attribute_by_path(path) : object_attribute_by_path(*s.object, path);
}

// ---------------------------------------------------------------------------
// Conformance, checked once up front. The implied type settles everything
// except LIST and MAP blocks whose content has dynamic types: their implied
// type is dynamic, but OpenTofu indexes them as lists or tuples (maps or
// objects) of the block's object type.

class Conformance {
 public:
  explicit Conformance(const char* what) : what_(what) {}

  void root(const Block& b, const Value& v) {
    require(v.type(), b.implied_type);
    block(b, v);
  }

 private:
  const char* what_;
  Path path_;

  [[noreturn]] void fail(std::string msg) {
    throw mismatch(std::string(what_) + " value does not conform to the schema: " + msg, path_);
  }

  // Type conformance, failing at the first position where `got` differs
  // from `want` (with that position's path and types).
  void require(const Type& got, const Type& want) {
    if (got.conforms_to(want)) return;
    type_difference(got, want);
  }

  void type_difference(const Type& got, const Type& want) {
    if (got.conforms_to(want)) return;
    TypeKind k = want.kind();
    if (got.kind() == k) {
      switch (k) {
        case TypeKind::Object:
          for (size_t i = 0; i < want.attr_count(); ++i) {
            size_t j = got.attr_index(want.attr_name(i));
            path_.push_back(PathStep::attr(want.attr_name(i)));
            if (j == SIZE_MAX) fail("attribute " + text::go_quoted(want.attr_name(i)) + " is missing");
            type_difference(got.attr_type(j), want.attr_type(i));
            path_.pop_back();
          }
          if (got.attr_count() != want.attr_count()) {
            for (size_t j = 0; j < got.attr_count(); ++j) {
              if (want.attr_index(got.attr_name(j)) == SIZE_MAX) {
                fail("unexpected attribute " + text::go_quoted(got.attr_name(j)));
              }
            }
          }
          break;
        case TypeKind::List:
        case TypeKind::Set:
        case TypeKind::Map:
          type_difference(got.element(), want.element());
          break;
        case TypeKind::Tuple:
          if (got.tuple_size() == want.tuple_size()) {
            for (size_t i = 0; i < want.tuple_size(); ++i) {
              path_.push_back(PathStep::idx(int64_t(i)));
              type_difference(got.tuple_elem(i), want.tuple_elem(i));
              path_.pop_back();
            }
          }
          break;
        default:
          break;
      }
    }
    fail(want.friendly_name() + " required, found " + got.friendly_name());
  }

  void block(const Block& b, const Value& v) {
    if (!b.implied_type.has_dynamic() || v.is_null() || !v.is_known()) return;
    for (const NestedBlock& nb : b.block_types) {
      if (!nb.block.implied_type.has_dynamic()) continue;
      const Value* bv = v.get(nb.type_name);
      if (!bv) fail("block " + text::go_quoted(nb.type_name) + " is missing");
      path_.push_back(PathStep::attr(nb.type_name));
      nested(nb, *bv);
      path_.pop_back();
    }
  }

  void element(const Block& b, const Value& v) {
    require(v.type(), b.implied_type);
    block(b, v);
  }

  void nested(const NestedBlock& nb, const Value& v) {
    const Type& t = v.type();
    TypeKind k = t.kind();
    switch (nb.nesting) {
      case NestingMode::Single:
      case NestingMode::Group:
        block(nb.block, v);
        return;
      case NestingMode::List:
      case NestingMode::Map: {
        if (!nb.implied_type.is_dynamic()) break;
        bool list = nb.nesting == NestingMode::List;
        if (k == TypeKind::Dynamic) return;  // a null or unknown of no type yet
        if (list ? (k != TypeKind::List && k != TypeKind::Tuple) : (k != TypeKind::Map && k != TypeKind::Object)) {
          fail(std::string(list ? "a list or tuple" : "a map or object") + " of " +
               nb.block.implied_type.friendly_name() + " is required, found " + t.friendly_name());
        }
        if (k == TypeKind::List || k == TypeKind::Map) {
          require(t.element(), nb.block.implied_type);
        } else if (k == TypeKind::Tuple) {
          for (size_t i = 0; i < t.tuple_size(); ++i) {
            path_.push_back(PathStep::idx(int64_t(i)));
            require(t.tuple_elem(i), nb.block.implied_type);
            path_.pop_back();
          }
        } else {
          for (size_t i = 0; i < t.attr_count(); ++i) {
            path_.push_back(PathStep::key(t.attr_name(i)));
            require(t.attr_type(i), nb.block.implied_type);
            path_.pop_back();
          }
        }
        break;
      }
      default:
        break;
    }
    // The elements of a LIST, MAP or SET block (their own nested blocks).
    if (v.is_null() || !v.is_known()) return;
    size_t n = v.length();
    for (size_t i = 0; i < n; ++i) {
      path_.push_back(child_step(v, i));
      element(nb.block, v.at(i));
      path_.pop_back();
    }
  }
};

// ---------------------------------------------------------------------------
// The merge.

class Planner {
 public:
  // ProposedNew
  Value proposed_new(const Block& schema, const Value& prior, const Value& config) {
    // If the config and prior are both null, return early here before
    // populating the prior block. The prevents non-null blocks from
    // appearing the proposed state value.
    if (config.is_null() && prior.is_null()) return prior;
    if (prior.is_null()) {
      // A synthetic prior like the result of decoding an empty block.
      return proposed_new_block(schema, empty_value(schema), config);
    }
    return proposed_new_block(schema, prior, config);
  }

  // proposedNew
  Value proposed_new_block(const Block& schema, const Value& prior, const Value& config) {
    // A block config should never be null here (only NestingSingle blocks
    // are nullable, and they return early); take the prior then.
    if (config.is_null() || !config.is_known()) return prior;
    if (prior.type().kind() != TypeKind::Object || config.type().kind() != TypeKind::Object) {
      throw mismatch("ProposedNew only supports object-typed values, found " + prior.type().friendly_name() +
                         " (prior) and " + config.type().friendly_name() + " (config)",
                     path_);
    }
    std::vector<std::pair<std::string, Value>> attrs = proposed_new_attributes(schema.attributes, prior, config);
    for (const NestedBlock& nb : schema.block_types) {
      path_.push_back(PathStep::attr(nb.type_name));
      Value prior_v = get_attr(prior, nb.type_name);
      Value config_v = get_attr(config, nb.type_name);
      attrs.emplace_back(nb.type_name, proposed_new_nested_block(nb, prior_v, config_v));
      path_.pop_back();
    }
    return build([&] { return Value::object(std::move(attrs)); });
  }

 private:
  Path path_;  // of the value being built
  size_t pairing_steps_ = 0;  // spent on set pairing, at most kMaxSetPairingSteps

  void spend(size_t n) {
    pairing_steps_ += n;
    if (pairing_steps_ > limits::kMaxSetPairingSteps) throw limits::set_pairing(limits::kMaxSetPairingSteps);
  }

  // Builds a collection, with the current path on a constructor's error
  // (elements of mixed types, where go-cty panics).
  template <class F>
  Value build(F&& f) {
    try {
      return f();
    } catch (const Error& e) {
      if (e.status() != Status::TypeMismatch) throw;
      throw Error(e.status(), e.message(), path_);
    }
  }

  Value get_attr(const Value& v, const std::string& name) { return cty_get_attr(v, name, path_); }
  Value index(const Value& v, size_t i) { return cty_index(v, i, path_); }

  // cty Value.HasIndex(i).True() on a known, non-null list or tuple.
  bool has_index(const Value& v, size_t i) {
    switch (v.type().kind()) {
      case TypeKind::List:
        return i < v.length();
      case TypeKind::Tuple:
        return i < v.type().tuple_size();
      default:
        throw mismatch("a list or tuple is required, found " + v.type().friendly_name(), path_);
    }
  }

  // proposedNewBlockOrObject
  Value block_or_object(const NestedSchema& s, const Value& prior, const Value& config) {
    return s.block ? proposed_new(*s.block, prior, config) : proposed_new_object_attributes(*s.object, prior, config);
  }

  // proposedNewNestedBlock
  Value proposed_new_nested_block(const NestedBlock& nb, const Value& prior, const Value& config) {
    // Entirely unknown: dynamic with an unknown for_each.
    if (!config.is_known()) return config;
    NestedSchema s{&nb.block, nullptr};
    switch (nb.nesting) {
      case NestingMode::Single:
        // A null SINGLE block cannot be computed: take the config.
        if (config.is_null()) return config;
        return proposed_new(nb.block, prior, config);
      case NestingMode::Group:
        return proposed_new(nb.block, prior, config);
      case NestingMode::List:
        return proposed_new_nesting_list(s, prior, config);
      case NestingMode::Map:
        return proposed_new_nesting_map(s, prior, config);
      case NestingMode::Set:
        return proposed_new_nesting_set(s, prior, config);
      default:
        throw Error(Status::Internal, "unsupported block nesting mode", path_);
    }
  }

  // proposedNewNestedType
  Value proposed_new_nested_type(const NestedObject& o, const Value& prior, const Value& config) {
    if (!config.is_known()) return config;
    NestedSchema s{nullptr, &o};
    switch (o.nesting) {
      case NestingMode::Single:
        // Null: an optional+computed attribute took the computed case.
        if (config.is_null()) return config;
        return proposed_new_object_attributes(o, prior, config);
      case NestingMode::List:
        return proposed_new_nesting_list(s, prior, config);
      case NestingMode::Map:
        return proposed_new_nesting_map(s, prior, config);
      case NestingMode::Set:
        return proposed_new_nesting_set(s, prior, config);
      default:
        throw Error(Status::Internal, "unsupported attribute nesting mode", path_);
    }
  }

  // proposedNewNestingList: elements correlated by index.
  Value proposed_new_nesting_list(const NestedSchema& s, const Value& prior, const Value& config) {
    size_t n = config.is_null() ? 0 : config.length();
    if (n == 0) return config;
    std::vector<Value> vals;
    vals.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      const Value& config_ev = config.at(i);
      path_.push_back(PathStep::idx(int64_t(i)));
      if (prior.is_known() && (prior.is_null() || !has_index(prior, i))) {
        vals.push_back(config_ev);  // no prior element: the config as it is
      } else {
        Value prior_ev = index(prior, i);
        vals.push_back(block_or_object(s, prior_ev, config_ev));
      }
      path_.pop_back();
    }
    // A LIST block is a tuple when its content has dynamic types.
    if (config.type().kind() == TypeKind::Tuple) return build([&] { return Value::tuple(std::move(vals)); });
    return build([&] { return Value::list(Type::dynamic(), std::move(vals)); });
  }

  // proposedNewNestingMap: elements correlated by key.
  Value proposed_new_nesting_map(const NestedSchema& s, const Value& prior, const Value& config) {
    if (config.is_null() || !config.is_known() || config.length() == 0) return config;
    bool prior_map = !prior.is_null() && prior.is_known() && prior.length() > 0;
    bool object = config.type().kind() == TypeKind::Object;
    size_t n = config.length();
    std::vector<std::pair<std::string, Value>> vals;
    vals.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      std::string name(object ? config.type().attr_name(i) : config.key_at(i));
      const Value& config_ev = config.at(i);
      const Value* prior_ev = prior_map ? prior.get(name) : nullptr;
      path_.push_back(PathStep::key(name));
      Value nv = prior_ev ? block_or_object(s, *prior_ev, config_ev) : config_ev;
      path_.pop_back();
      vals.emplace_back(std::move(name), std::move(nv));
    }
    // A MAP block is an object when its content has dynamic types.
    if (object) return build([&] { return Value::object(std::move(vals)); });
    return build([&] { return Value::map(Type::dynamic(), std::move(vals)); });
  }

  // proposedNewNestingSet: each configured element takes the first unused
  // prior element (in the prior set's order) it could have come from.
  // Worst case n * m validPriorFromConfig walks (nothing matches).
  Value proposed_new_nesting_set(const NestedSchema& s, const Value& prior, const Value& config) {
    if (config.type().kind() != TypeKind::Set) {
      throw mismatch("a set is required, found " + config.type().friendly_name(), path_);
    }
    if (!config.is_known() || config.is_null() || config.length() == 0) return config;
    std::span<const Value> prior_vals;
    if (prior.is_known() && !prior.is_null()) {
      if (prior.type().kind() != TypeKind::Set) {
        throw mismatch("a set is required, found " + prior.type().friendly_name(), path_);
      }
      prior_vals = prior.elements();
    }
    // Unrefined once per element, not once per comparison.
    std::vector<std::optional<Value>> prior_unrefined(prior_vals.size());
    std::vector<bool> used(prior_vals.size(), false);
    std::vector<Value> vals;
    vals.reserve(config.length());
    for (const Value& config_ev : config.elements()) {
      Value config_unrefined = unrefined(config_ev);
      const Value* prior_ev = nullptr;
      for (size_t i = 0; i < prior_vals.size(); ++i) {
        if (used[i]) continue;
        if (!prior_unrefined[i]) prior_unrefined[i] = unrefined(prior_vals[i]);
        spend(1);
        if (config_unrefined.raw_equals(*prior_unrefined[i]) ||
            valid_prior_from_config_walk(s, prior_vals[i], config_ev)) {
          prior_ev = &prior_vals[i];
          used[i] = true;
          break;
        }
      }
      path_.push_back(element_step(config_ev));
      Value nv = prior_ev ? block_or_object(s, *prior_ev, config_ev)
                          : block_or_object(s, Value::null(config.type().element()), config_ev);
      path_.pop_back();
      vals.push_back(std::move(nv));
    }
    return build([&] { return Value::set(Type::dynamic(), std::move(vals)); });
  }

  // proposedNewObjectAttributes
  Value proposed_new_object_attributes(const NestedObject& o, const Value& prior, const Value& config) {
    if (config.is_null()) return config;
    std::vector<std::pair<std::string, Value>> attrs = proposed_new_attributes(o.attributes, prior, config);
    return build([&] { return Value::object(std::move(attrs)); });
  }

  // proposedNewAttributes
  std::vector<std::pair<std::string, Value>> proposed_new_attributes(const std::vector<Attribute>& attrs,
                                                                      const Value& prior, const Value& config) {
    std::vector<std::pair<std::string, Value>> out;
    out.reserve(attrs.size());
    for (const Attribute& attr : attrs) {
      path_.push_back(PathStep::attr(attr.name));
      Value prior_v;
      if (prior.is_null()) {
        // cty.NullVal(prior.Type().AttributeType(name))
        const Type& t = prior.type();
        size_t i = t.kind() == TypeKind::Object ? t.attr_index(attr.name) : SIZE_MAX;
        if (i == SIZE_MAX) {
          throw mismatch("an object with attribute " + text::go_quoted(attr.name) + " is required, found " +
                             t.friendly_name(),
                         path_);
        }
        prior_v = Value::null(t.attr_type(i));
      } else {
        prior_v = get_attr(prior, attr.name);
      }
      Value config_v = get_attr(config, attr.name);
      Value nv;
      if (attr.computed && config_v.is_null()) {
        // Computed and not configured: the prior value, unless the prior
        // holds values only a configuration could have set.
        nv = optional_value_not_computable(attr, prior_v) ? config_v : prior_v;
      } else if (attr.nested_type) {
        nv = proposed_new_nested_type(*attr.nested_type, prior_v, config_v);
      } else {
        nv = config_v;  // even when null
      }
      path_.pop_back();
      out.emplace_back(attr.name, std::move(nv));
    }
    return out;
  }

  // optionalValueNotComputable: an optional nested attribute whose prior
  // value holds a non-null value of a non-computed attribute, which only a
  // configuration could have set.
  static bool optional_value_not_computable(const Attribute& attr, const Value& v) {
    if (!attr.optional || !attr.nested_type) return false;
    const NestedObject& o = *attr.nested_type;
    int r = walk(v, [&](const Path& path, const Value& x) -> int {
      if (x.is_null()) return 0;
      const Attribute* a = object_attribute_by_path(o, path);
      if (!a) return 0;
      return a->computed ? 0 : -1;  // found one: the answer is settled
    });
    return r < 0;
  }

  // validPriorFromConfig after its first test (unrefined RawEquals, done by
  // the caller): walks the prior to see whether it is the config with only
  // computed values added.
  bool valid_prior_from_config_walk(const NestedSchema& s, const Value& prior, const Value& config) {
    bool valid = true;
    walk(prior, [&](const Path& path, const Value& prior_v) -> int {
      spend(1);
      // The root: the caller compared the two, and it is no attribute.
      if (path.empty()) return 0;
      Value config_v;
      try {
        config_v = path_apply(path, config);
      } catch (const Error&) {
        // most likely dynamic objects with different types
        valid = false;
        return -1;
      }
      // Equal: nothing below can differ.
      if (unrefined_equals(config_v, prior_v)) return kWalkSkip;
      // Nested sets cannot be correlated: they must be equal.
      if (config_v.type().kind() == TypeKind::Set) {
        valid = false;
        return -1;
      }
      const Attribute* attr = attribute_by_path(s, path);
      if (!attr) return 0;              // not at an attribute: go on to the leaves
      if (attr->nested_type) return 0;  // compare the nested attributes
      // A leaf attribute may differ from config only when computed, and
      // only when the config leaves it null.
      if (!attr->computed || !config_v.is_null()) {
        valid = false;
        return -1;
      }
      return kWalkSkip;
    });
    return valid;
  }
};

Value nested_block_empty_value(const NestedBlock& nb) {
  switch (nb.nesting) {
    case NestingMode::Single:
      return Value::null(nb.block.implied_type);
    case NestingMode::Group:
      return empty_value(nb.block);
    case NestingMode::List:
      if (nb.block.implied_type.has_dynamic()) return Value::empty_tuple();
      return Value::list(nb.block.implied_type, {});
    case NestingMode::Map:
      if (nb.block.implied_type.has_dynamic()) return Value::empty_object();
      return Value::map(nb.block.implied_type, {});
    case NestingMode::Set:
      return Value::set(nb.block.implied_type, {});
    default:
      return Value::null(Type::dynamic());
  }
}

}  // namespace

// ---------------------------------------------------------------------------
// Shared with the other checks (internal.hpp).

namespace {

class Unrefine : public Transformer {
 public:
  int enter(const Path&, const Value& v, std::optional<Value>& replace) override {
    if (!v.is_known() && !v.refinements().empty()) replace = Value::unknown(v.type());
    return 0;
  }
};

}  // namespace

Value unrefined(const Value& v) {
  if (v.is_wholly_known()) return v;
  Unrefine t;
  Value out;
  transform(v, t, out);
  return out;
}

bool unrefined_equals(const Value& a, const Value& b) {
  if (a.raw_equals(b)) return true;
  if (a.is_wholly_known() && b.is_wholly_known()) return false;
  return unrefined(a).raw_equals(unrefined(b));
}

Value cty_get_attr(const Value& v, const std::string& name, const Path& at) {
  const Type& t = v.type();
  if (t.is_dynamic()) return Value::unknown(Type::dynamic());
  size_t i = t.kind() == TypeKind::Object ? t.attr_index(name) : SIZE_MAX;
  if (i == SIZE_MAX) {
    throw mismatch("an object with attribute " + text::go_quoted(name) + " is required, found " + t.friendly_name(),
                   at);
  }
  if (!v.is_known()) return Value::unknown(t.attr_type(i));
  if (v.is_null()) throw mismatch("cannot access an attribute of a null value", at);
  return v.at(i);
}

Value cty_index(const Value& v, size_t i, const Path& at) {
  const Type& t = v.type();
  switch (t.kind()) {
    case TypeKind::Dynamic:
      return Value::unknown(Type::dynamic());
    case TypeKind::List:
      if (!v.is_known()) return Value::unknown(t.element());
      break;
    case TypeKind::Tuple:
      if (i >= t.tuple_size()) throw mismatch("element key for tuple out of range", at);
      if (!v.is_known()) return Value::unknown(t.tuple_elem(i));
      break;
    default:
      throw mismatch("a list or tuple is required, found " + t.friendly_name(), at);
  }
  if (v.is_null()) throw mismatch("cannot index a null value", at);
  if (i >= v.length()) throw mismatch("index out of range", at);
  return v.at(i);
}

void check_conforms(const char* what, const Block& schema, const Value& v) { Conformance(what).root(schema, v); }

Value empty_value(const Block& schema) {
  std::vector<std::pair<std::string, Value>> vals;
  vals.reserve(schema.attributes.size() + schema.block_types.size());
  for (const Attribute& a : schema.attributes) vals.emplace_back(a.name, Value::null(a.implied_type));
  for (const NestedBlock& nb : schema.block_types) vals.emplace_back(nb.type_name, nested_block_empty_value(nb));
  return Value::object(std::move(vals));
}

Value proposed_new(const Block& schema, const Value& prior, const Value& config) {
  check_conforms("prior", schema, prior);
  check_conforms("config", schema, config);
  Planner p;
  return p.proposed_new(schema, prior, config);
}

Value planned_data_resource_object(const Block& schema, const Value& config) {
  check_conforms("config", schema, config);
  // An entirely unknown prior: every read of it gives an unknown of the
  // type read, so unknowns fill whatever the prior would have.
  Planner p;
  return p.proposed_new_block(schema, Value::unknown(schema.implied_type), config);
}

}  // namespace dynval::plan
