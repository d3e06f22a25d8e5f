// plan_valid.go of OpenTofu v1.9.1: AssertPlanValid and its helpers
// (assertPlanValid, assertPlannedAttrsValid, assertPlannedAttrValid,
// assertPlannedValueValid, assertPlannedObjectValid), in the same order of
// checks, with the same messages. unrefinedValue is plan.cpp's (shared
// through internal.hpp).
//
// The cty operations the Go code calls on the values (GetAttr, Index,
// HasIndex(...).True(), LengthInt, Length, ElementIterator, AsValueMap)
// are the helpers at the top, each with go-cty v1.14.4's results, and each
// throwing Status::TypeMismatch (with the path being checked) where go-cty
// panics: a HasIndex whose answer is unknown (an unknown prior list or map
// of nested elements), an element of a nested attribute collection that is
// null, a null tuple or dynamic value where a LIST block's config is
// replaced by an empty list of its element type, and so on.
//
// No pairwise work: OpenTofu does not correlate set elements here (it
// checks only that no planned element of a SET block is itself unknown,
// and the length ranges of nested SET attributes), so the cost is linear in
// the values (RawEquals and unrefinedValue walk each value at most a few
// times per level of the schema's nesting). The recursion follows the
// schema's nesting only.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plan/internal.hpp"
#include "plan/plan.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "values/path.hpp"

namespace dynval::plan {

namespace {

// cty Value.Length() of a collection, as a range of lengths: a known
// length (lo == hi) or an unknown number refined NotNull with inclusive
// bounds [lo, hi] (go-cty's RefinementBuilder collapses [n, n] to n).
struct Length {
  int64_t lo = 0;
  int64_t hi = 0;
  bool known() const { return lo == hi; }

  // %#v of the cty.Number value.
  std::string go_string() const {
    if (known()) return Value::number(Number::from_int64(lo)).go_string();
    Refinements r;
    r.not_null = true;
    r.lower = NumberBound{Number::from_int64(lo), true};
    r.upper = NumberBound{Number::from_int64(hi), true};
    return Value::unknown_refined(Type::number(), std::move(r)).go_string();
  }
};

class Checker {
 public:
  std::vector<Problem> problems;

  // assertPlanValid
  void plan_valid(const Block& schema, const Value& prior, const Value& config, const Value& planned) {
    if (planned.is_null() && !config.is_null()) {
      report("planned for absence but config wants existence");
      return;
    }
    if (config.is_null() && !planned.is_null()) {
      report("planned for existence but config wants absence");
      return;
    }
    // No further checks possible if the planned value is null.
    if (planned.is_null()) return;

    attrs_valid(schema.attributes, prior, config, planned);

    for (const NestedBlock& nb : schema.block_types) {
      path_.push_back(PathStep::attr(nb.type_name));
      nested_block_valid(nb, prior, config, planned);
      path_.pop_back();
    }
  }

 private:
  Path path_;  // of the value being checked, where problems are reported

  void report(std::string message) { problems.push_back(Problem{path_, std::move(message)}); }

  [[noreturn]] void panic(std::string msg) { throw mismatch(std::move(msg), path_); }

  // ---- the cty operations, with go-cty v1.14.4's results ----

  Value get_attr(const Value& v, const std::string& name) { return cty_get_attr(v, name, path_); }
  Value index(const Value& v, size_t i) { return cty_index(v, i, path_); }

  // Value.HasIndex(cty.NumberIntVal(i)).True(): True() panics on an
  // unknown answer (an unknown list, anything of the dynamic type).
  bool has_index(const Value& v, size_t i) {
    const Type& t = v.type();
    switch (t.kind()) {
      case TypeKind::List:
        if (!v.is_known()) panic("cannot tell whether an unknown list has index " + std::to_string(i));
        if (v.is_null()) panic("cannot index a null value");
        return i < v.length();
      case TypeKind::Tuple:
        return i < t.tuple_size();
      case TypeKind::Map:
        return false;  // a number key is never in a map
      case TypeKind::Dynamic:
        panic("cannot tell whether a value of unknown type has index " + std::to_string(i));
      default:
        panic("a list, map or tuple is required, found " + t.friendly_name());
    }
  }

  // Value.HasIndex(cty.StringVal(key)).True().
  bool has_key(const Value& v, std::string_view key) {
    const Type& t = v.type();
    switch (t.kind()) {
      case TypeKind::Map:
        if (!v.is_known()) panic("cannot tell whether an unknown map has key " + text::go_quoted(key));
        if (v.is_null()) panic("cannot index a null value");
        return v.get(key) != nullptr;
      case TypeKind::List:
      case TypeKind::Tuple:
        return false;  // a string key is never in a list or tuple
      case TypeKind::Dynamic:
        panic("cannot tell whether a value of unknown type has key " + text::go_quoted(key));
      default:
        panic("a list, map or tuple is required, found " + t.friendly_name());
    }
  }

  // Value.Index(cty.StringVal(key)) on a map that has the key.
  Value index_key(const Value& v, std::string_view key) {
    if (v.type().kind() != TypeKind::Map) panic("a map is required, found " + v.type().friendly_name());
    if (!v.is_known()) return Value::unknown(v.type().element());
    if (v.is_null()) panic("cannot index a null value");
    const Value* e = v.get(key);
    return e ? *e : Value::null(v.type().element());
  }

  // Value.LengthInt().
  size_t length_int(const Value& v) {
    const Type& t = v.type();
    if (t.kind() == TypeKind::Tuple) return t.tuple_size();
    if (t.kind() == TypeKind::Object) return t.attr_count();
    if (!v.is_known()) panic("the length of an unknown value is not known");
    if (v.is_null()) panic("cannot take the length of a null value");
    if (!t.is_collection()) panic("a collection is required, found " + t.friendly_name());
    return v.length();
  }

  // Value.Length().
  Length length(const Value& v) {
    const Type& t = v.type();
    if (t.kind() == TypeKind::Tuple) return {int64_t(t.tuple_size()), int64_t(t.tuple_size())};
    if (!v.is_known()) {
      // UnknownVal(Number).RefineWith(valueRefineLengthResult(v.Range()))
      if (t.is_dynamic()) return {0, INT64_MAX};
      if (!t.is_collection()) panic("a collection is required, found " + t.friendly_name());
      const Refinements& r = v.refinements();
      return {r.len_min, r.len_max};
    }
    if (t.kind() == TypeKind::Set) {
      if (v.is_null()) panic("cannot take the length of a null value");
      // Unknown elements may coalesce with others once known.
      int64_t n = int64_t(v.length());
      if (n == 1 || v.is_wholly_known()) return {n, n};
      return {1, n};
    }
    int64_t n = int64_t(length_int(v));
    return {n, n};
  }

  // ---- assertPlanValid, for one nested block ----

  void nested_block_valid(const NestedBlock& nb, const Value& prior, const Value& config, const Value& planned) {
    Value planned_v = get_attr(planned, nb.type_name);
    Value config_v = get_attr(config, nb.type_name);
    Value prior_v = prior.is_null() ? Value::null(nb.implied_type) : get_attr(prior, nb.type_name);
    // Easy path: nothing has changed at all.
    if (planned_v.raw_equals(config_v)) return;

    if (!config_v.is_known()) {
      // A dynamic block whose for_each is unknown: the provider cannot
      // alter it.
      report("planned value " + planned_v.go_string() + " for unknown dynamic block");
      return;
    }
    if (!planned_v.is_known()) {
      report(
          "attribute representing nested block must not be unknown itself; set nested attribute values to unknown "
          "instead");
      return;
    }

    switch (nb.nesting) {
      case NestingMode::Single:
      case NestingMode::Group:
        plan_valid(nb.block, prior_v, config_v, planned_v);
        return;
      case NestingMode::List:
        list_block_valid(nb, prior_v, config_v, planned_v);
        return;
      case NestingMode::Map:
        map_block_valid(nb, prior_v, config_v, planned_v);
        return;
      case NestingMode::Set:
        set_block_valid(planned_v);
        return;
      default:
        throw Error(Status::Internal, "unsupported nesting mode", path_);
    }
  }

  void report_unknown_element() {
    report(
        "element representing nested block must not be unknown itself; set nested attribute values to unknown "
        "instead");
  }

  // A LIST block: a list, or a tuple when its content has dynamic types.
  void list_block_valid(const NestedBlock& nb, const Value& prior_v, Value config_v, const Value& planned_v) {
    if (planned_v.is_null()) {
      report("attribute representing a list of nested blocks must be empty to indicate no blocks, not null");
      return;
    }
    if (config_v.is_null()) {
      // Configuration cannot decode a block into a null value, but a legacy
      // provider's null may come back through ignore_changes:
      // cty.ListValEmpty(configV.Type().ElementType()).
      const Type& t = config_v.type();
      if (!t.is_collection()) panic("a collection type is required, found " + t.friendly_name());
      config_v = Value::list(t.element(), {});
    }
    size_t planned_l = length_int(planned_v);
    size_t config_l = length_int(config_v);
    if (planned_l != config_l) {
      report("block count in plan (" + std::to_string(planned_l) + ") disagrees with count in config (" +
             std::to_string(config_l) + ")");
      return;
    }
    elements_known(planned_v);
    for (size_t i = 0; i < planned_l; ++i) {
      const Value& planned_ev = planned_v.at(i);
      path_.push_back(PathStep::idx(int64_t(i)));
      if (!planned_ev.is_known()) {
        report_unknown_element();
      } else if (has_index(config_v, i)) {  // always, since the lengths are equal
        Value config_ev = index(config_v, i);
        Value prior_ev = Value::null(nb.block.implied_type);
        if (!prior_v.is_null() && has_index(prior_v, i)) prior_ev = index(prior_v, i);
        plan_valid(nb.block, prior_ev, config_ev, planned_ev);
      }
      path_.pop_back();
    }
  }

  // A MAP block: a map, or an object when its content has dynamic types.
  void map_block_valid(const NestedBlock& nb, const Value& prior_v, const Value& config_v, const Value& planned_v) {
    if (planned_v.is_null()) {
      report("attribute representing a map of nested blocks must be empty to indicate no blocks, not null");
      return;
    }
    const Type& pt = planned_v.type();
    if (pt.kind() == TypeKind::Object) {
      const Type& ct = config_v.type();
      if (ct.kind() != TypeKind::Object) panic("an object type is required, found " + ct.friendly_name());
      for (size_t i = 0; i < pt.attr_count(); ++i) {
        std::string k(pt.attr_name(i));
        if (ct.attr_index(k) == SIZE_MAX) {
          report("block key " + text::go_quoted(k) + " from plan is not present in config");
          continue;
        }
        path_.push_back(PathStep::attr(k));
        Value planned_ev = get_attr(planned_v, k);
        if (!planned_ev.is_known()) {
          report_unknown_element();
        } else {
          Value config_ev = get_attr(config_v, k);
          Value prior_ev = Value::null(nb.block.implied_type);
          if (!prior_v.is_null()) {
            const Type& rt = prior_v.type();
            if (rt.kind() != TypeKind::Object) panic("an object type is required, found " + rt.friendly_name());
            if (rt.attr_index(k) != SIZE_MAX) prior_ev = get_attr(prior_v, k);
          }
          plan_valid(nb.block, prior_ev, config_ev, planned_ev);
        }
        path_.pop_back();
      }
      for (size_t i = 0; i < ct.attr_count(); ++i) {
        std::string_view k = ct.attr_name(i);
        if (pt.attr_index(k) == SIZE_MAX) {
          report("block key " + text::go_quoted(k) + " from config is not present in plan");
        }
      }
      return;
    }

    size_t planned_l = length_int(planned_v);
    size_t config_l = length_int(config_v);
    if (planned_l != config_l) {
      report("block count in plan (" + std::to_string(planned_l) + ") disagrees with count in config (" +
             std::to_string(config_l) + ")");
      return;
    }
    elements_known(planned_v);
    if (pt.kind() != TypeKind::Map) panic("a map is required, found " + pt.friendly_name());
    for (size_t i = 0; i < planned_l; ++i) {
      std::string k(planned_v.key_at(i));
      const Value& planned_ev = planned_v.at(i);
      path_.push_back(PathStep::key(k));
      if (!planned_ev.is_known()) {
        report_unknown_element();
      } else if (!has_key(config_v, k)) {
        report("block key " + text::go_quoted(k) + " from plan is not present in config");
      } else {
        Value config_ev = index_key(config_v, k);
        Value prior_ev = Value::null(nb.block.implied_type);
        if (!prior_v.is_null() && has_key(prior_v, k)) prior_ev = index_key(prior_v, k);
        plan_valid(nb.block, prior_ev, config_ev, planned_ev);
      }
      path_.pop_back();
    }
    // configV.ElementIterator(): the keys of a map, or the attribute names
    // of an object.
    elements_known(config_v);
    const Type& ct = config_v.type();
    size_t n = ct.kind() == TypeKind::Object ? ct.attr_count() : config_v.length();
    for (size_t i = 0; i < n; ++i) {
      std::string_view k = ct.kind() == TypeKind::Object ? ct.attr_name(i) : config_v.key_at(i);
      if (!has_key(planned_v, k)) report("block key " + text::go_quoted(k) + " from config is not present in plan");
    }
  }

  // A SET block: set elements cannot be correlated, so only their being
  // known is checked.
  void set_block_valid(const Value& planned_v) {
    if (planned_v.is_null()) {
      report("attribute representing a set of nested blocks must be empty to indicate no blocks, not null");
      return;
    }
    elements_known(planned_v);
    for (const Value& planned_ev : planned_v.elements()) {
      path_.push_back(element_step(planned_ev));
      if (!planned_ev.is_known()) report_unknown_element();
      path_.pop_back();
    }
  }

  // Value.ElementIterator() panics on an unknown or null value.
  void elements_known(const Value& v) {
    if (!v.is_known()) panic("cannot iterate the elements of an unknown value");
    if (v.is_null()) panic("cannot iterate the elements of a null value");
    TypeKind k = v.type().kind();
    if (!v.type().is_collection() && k != TypeKind::Tuple && k != TypeKind::Object) {
      panic("a collection is required, found " + v.type().friendly_name());
    }
  }

  // ---- attributes ----

  // assertPlannedAttrsValid
  void attrs_valid(const std::vector<Attribute>& attrs, const Value& prior, const Value& config,
                   const Value& planned) {
    for (const Attribute& a : attrs) attr_valid(a, prior, config, planned);
  }

  // assertPlannedAttrValid
  void attr_valid(const Attribute& attr, const Value& prior, const Value& config, const Value& planned) {
    Value planned_v = get_attr(planned, attr.name);
    Value config_v = get_attr(config, attr.name);
    // cty.NullVal(attrS.Type): for a nested attribute OpenTofu's attrS.Type
    // is cty.NilType, a null that is only ever tested for being null.
    Value prior_v = prior.is_null() ? Value::null(attr.implied_type) : get_attr(prior, attr.name);
    path_.push_back(PathStep::attr(attr.name));
    value_valid(attr, prior_v, config_v, planned_v);
    path_.pop_back();
  }

  // assertPlannedValueValid
  void value_valid(const Attribute& attr, const Value& prior_v, const Value& config_v, const Value& planned_v) {
    // The easy path: the provider didn't change anything at all.
    if (unrefined_equals(planned_v, config_v)) return;
    // A prior value returned unchanged: the provider regards the config
    // value as equivalent to it.
    if (unrefined_equals(planned_v, prior_v) && !prior_v.is_null() && !config_v.is_null()) return;

    // A computed-only attribute may have any value.
    if (attr.computed && !attr.optional) return;
    // Optional values may be inserted where the config is null, but only
    // for computed attributes.
    if (config_v.is_null() && attr.computed) return;
    if (config_v.is_null() && !planned_v.is_null()) {
      if (attr.sensitive) {
        report("sensitive planned value for a non-computed attribute");
      } else {
        report("planned value " + planned_v.go_string() + " for a non-computed attribute");
      }
      return;
    }

    if (attr.nested_type) {
      object_valid(*attr.nested_type, prior_v, config_v, planned_v);
      return;
    }

    // Otherwise the provider made an invalid change to the attribute.
    if (prior_v.is_null()) {
      if (attr.sensitive) {
        report("sensitive planned value does not match config value");
      } else {
        report("planned value " + planned_v.go_string() + " does not match config value " + config_v.go_string());
      }
      return;
    }
    if (attr.sensitive) {
      report("sensitive planned value does not match config value nor prior value");
    } else {
      report("planned value " + planned_v.go_string() + " does not match config value " + config_v.go_string() +
             " nor prior value " + prior_v.go_string());
    }
  }

  // assertPlannedObjectValid
  void object_valid(const NestedObject& o, const Value& prior, const Value& config, const Value& planned) {
    if (planned.is_null() && !config.is_null()) {
      report("planned for absence but config wants existence");
      return;
    }
    if (config.is_null() && !planned.is_null()) {
      report("planned for existence but config wants absence");
      return;
    }
    if (!config.is_null() && !planned.is_known()) {
      report("planned unknown for configured value");
      return;
    }
    // No further checks possible if the planned value is null.
    if (planned.is_null()) return;

    switch (o.nesting) {
      case NestingMode::Single:
      case NestingMode::Group:
        attrs_valid(o.attributes, prior, config, planned);
        return;
      case NestingMode::List:
        list_object_valid(o, prior, config, planned);
        return;
      case NestingMode::Map:
        map_object_valid(o, prior, config, planned);
        return;
      case NestingMode::Set: {
        Length planned_l = length(planned);
        Length config_l = length(config);
        // plannedL.Range().Includes(configL) is known false exactly when
        // the two ranges of lengths are disjoint.
        if (config_l.hi < planned_l.lo || config_l.lo > planned_l.hi) report_count(planned_l, config_l);
        // Set elements cannot be correlated: nothing more is checked.
        return;
      }
      default:
        return;
    }
  }

  void report_count(const Length& planned_l, const Length& config_l) {
    report("count in plan (" + planned_l.go_string() + ") disagrees with count in config (" + config_l.go_string() +
           ")");
  }

  // plannedL.Equals(configL) known and true: both lengths known and equal
  // (a known length against an unknown one is false or unknown).
  bool counts_valid(const Length& planned_l, const Length& config_l) {
    if (planned_l.known() && config_l.known() && planned_l.lo == config_l.lo) return true;
    report_count(planned_l, config_l);
    return false;
  }

  void list_object_valid(const NestedObject& o, const Value& prior, const Value& config, const Value& planned) {
    Length planned_l = length(planned);
    Length config_l = length(config);
    // config wasn't known, then planned should be unknown too
    if (!planned_l.known() && !config_l.known()) return;
    if (!counts_valid(planned_l, config_l)) return;
    elements_known(planned);
    size_t n = planned.length();
    for (size_t i = 0; i < n; ++i) {
      const Value& planned_ev = planned.at(i);
      path_.push_back(PathStep::idx(int64_t(i)));
      if (has_index(config, i)) {  // always, since the lengths are equal
        Value config_ev = index(config, i);
        // cty.NullVal(schema.ImpliedType()): a null list, only ever tested
        // for being null.
        Value prior_ev = Value::null(o.implied_type);
        if (!prior.is_null() && has_index(prior, i)) prior_ev = index(prior, i);
        attrs_valid(o.attributes, prior_ev, config_ev, planned_ev);
      }
      path_.pop_back();
    }
  }

  // AsValueMap: the elements of a map (or the attributes of an object) by
  // key; LengthInt and ElementIterator panic on unknown and null values.
  std::vector<std::pair<std::string_view, const Value*>> value_map(const Value& v) {
    std::vector<std::pair<std::string_view, const Value*>> out;
    if (length_int(v) == 0) return out;
    elements_known(v);
    const Type& t = v.type();
    size_t n = v.length();
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      std::string_view k;
      if (t.kind() == TypeKind::Object) {
        k = t.attr_name(i);
      } else if (t.kind() == TypeKind::Map) {
        k = v.key_at(i);
      } else {
        panic("a map is required, found " + t.friendly_name());
      }
      out.emplace_back(k, &v.at(i));
    }
    return out;  // sorted by key: maps and objects iterate in bytewise order
  }

  static const Value* find(const std::vector<std::pair<std::string_view, const Value*>>& m, std::string_view k) {
    auto it = std::lower_bound(m.begin(), m.end(), k, [](const auto& e, std::string_view x) { return e.first < x; });
    return it != m.end() && it->first == k ? it->second : nullptr;
  }

  void map_object_valid(const NestedObject& o, const Value& prior, const Value& config, const Value& planned) {
    Length planned_l = length(planned);
    Length config_l = length(config);
    // config wasn't known, then planned should be unknown too
    if (!planned_l.known() && !config_l.known()) return;
    if (!counts_valid(planned_l, config_l)) return;

    std::vector<std::pair<std::string_view, const Value*>> planned_vals, config_vals, prior_vals;
    if (!planned.is_null()) planned_vals = value_map(planned);
    if (!config.is_null()) config_vals = value_map(config);
    if (!prior.is_null()) prior_vals = value_map(prior);

    // cty.NullVal(schema.ImpliedType()) where the prior has no such key: a
    // null map, only ever tested for being null.
    const Value no_prior = Value::null(o.implied_type);
    for (const auto& [k, planned_ev] : planned_vals) {
      const Value* config_ev = find(config_vals, k);
      if (!config_ev) {
        report("map key " + text::go_quoted(k) + " from plan is not present in config");
        continue;
      }
      path_.push_back(PathStep::attr(k));  // OpenTofu's path: a GetAttrStep
      const Value* prior_ev = find(prior_vals, k);
      attrs_valid(o.attributes, prior_ev ? *prior_ev : no_prior, *config_ev, *planned_ev);
      path_.pop_back();
    }
    for (const auto& [k, config_ev] : config_vals) {
      if (!find(planned_vals, k)) report("map key " + text::go_quoted(k) + " from config is not present in plan");
    }
  }
};

}  // namespace

std::vector<Problem> assert_plan_valid(const Block& schema, const Value& prior, const Value& config,
                                       const Value& planned) {
  check_conforms("prior", schema, prior);
  check_conforms("config", schema, config);
  check_conforms("planned", schema, planned);
  Checker c;
  c.plan_valid(schema, prior, config, planned);
  sort_problems(c.problems);
  return std::move(c.problems);
}

}  // namespace dynval::plan
