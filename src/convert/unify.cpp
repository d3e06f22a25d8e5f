// Type unification: go-cty cty/convert unify.go, sort_types.go and
// compare_types.go, rule for rule.
//
// go-cty gathers attribute types from Go maps where we go in sorted name
// order; unification's result only depends on that order when the types
// involved are mutually incomparable, where go-cty's own answer varies from
// run to run.
#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "convert/convert.hpp"
#include "convert/internal.hpp"

namespace dynval::convert {
namespace detail {
namespace {

using Result = std::optional<Type>;

// compareTypes' verdict for structural types from whether some attribute or
// element of a (b) was the more general one.
int preference(bool a_super, bool b_super, int swap) {
  if (a_super && b_super) return 0;
  if (a_super) return -1 * swap;
  if (b_super) return 1 * swap;
  return 0;
}

// compareTypes: < 0 when a is preferred (more general), > 0 when b is.
int compare_types(Type a, Type b) {
  if (a.is_dynamic() || b.is_dynamic()) {
    if (!a.is_dynamic()) return -1;
    if (!b.is_dynamic()) return 1;
    return 0;
  }
  if (a.is_primitive() && b.is_primitive()) {
    const bool as = a.kind() == TypeKind::String, bs = b.kind() == TypeKind::String;
    if (as || bs) {
      if (!as) return 1;
      if (!bs) return -1;
      return 0;
    }
  }
  const TypeKind ak = a.kind(), bk = b.kind();
  if ((ak == TypeKind::List && bk == TypeKind::List) || (ak == TypeKind::Set && bk == TypeKind::Set) ||
      (ak == TypeKind::Map && bk == TypeKind::Map)) {
    return compare_types(a.element(), b.element());
  }
  int swap = 1;
  if ((ak == TypeKind::Tuple && bk == TypeKind::List) || (ak == TypeKind::Object && bk == TypeKind::Map) ||
      (ak == TypeKind::Set && bk == TypeKind::Tuple) || (ak == TypeKind::Set && bk == TypeKind::List)) {
    std::swap(a, b);
    swap = -1;
  }
  const TypeKind xk = a.kind(), yk = b.kind();
  if (yk == TypeKind::Set && (xk == TypeKind::Tuple || xk == TypeKind::List)) return -1 * swap;
  if (xk == TypeKind::List && yk == TypeKind::Tuple) return -1 * swap;
  if (xk == TypeKind::Map && yk == TypeKind::Object) return -1 * swap;
  if (xk == TypeKind::Object && yk == TypeKind::Object) {
    if (a.attr_count() != b.attr_count()) return 0;
    bool a_super = false, b_super = false;
    for (size_t i = 0; i < a.attr_count(); ++i) {
      const size_t j = b.attr_index(a.attr_name(i));
      if (j == SIZE_MAX) return 0;
      const int c = compare_types(a.attr_type(i), b.attr_type(j));
      if (c < 0) a_super = true;
      else if (c > 0) b_super = true;
    }
    return preference(a_super, b_super, swap);
  }
  if (xk == TypeKind::Tuple && yk == TypeKind::Tuple) {
    if (a.tuple_size() != b.tuple_size()) return 0;
    bool a_super = false, b_super = false;
    for (size_t i = 0; i < a.tuple_size(); ++i) {
      const int c = compare_types(a.tuple_elem(i), b.tuple_elem(i));
      if (c < 0) a_super = true;
      else if (c > 0) b_super = true;
    }
    return preference(a_super, b_super, swap);
  }
  return 0;
}

// The input of one unification with equal types collapsed: go-cty compares
// every pair of input types (sortTypes) and tries each as the result, so a
// long list of equal types (the elements of a tuple converted to a list)
// cost it quadratic time. Here every step that only depends on which types
// occur works on the distinct types; the positions are kept for the one
// step whose outcome depends on them (sort_types) and for the sublists
// handed to nested unifications, which collapse theirs in turn.
struct Distinct {
  std::vector<Type> types;   // the first of each class of equal types, in order of first position
  std::vector<size_t> of;    // per position: its index in `types`
  std::vector<size_t> count; // per distinct type: how many positions hold it
};

Distinct distinct_types(std::span<const Type> types) {
  Distinct d;
  d.of.reserve(types.size());
  std::unordered_map<Type, size_t> index;  // Type's structural hash and equality
  for (const Type& t : types) {
    const auto [it, added] = index.try_emplace(t, d.types.size());
    if (added) {
      d.types.push_back(t);
      d.count.push_back(0);
    }
    d.of.push_back(it->second);
    ++d.count[it->second];
  }
  return d;
}

// Per-position flags from per-distinct-type flags.
std::vector<bool> by_position(const Distinct& d, const std::vector<bool>& per_type) {
  std::vector<bool> out(d.of.size());
  for (size_t i = 0; i < d.of.size(); ++i) out[i] = per_type[d.of[i]];
  return out;
}

// sortTypes: a preference order (positions), most general first, by a
// topological sort of the "more general than" graph of the positions, as
// go-cty builds it: Kahn's algorithm, the initial queue in position order,
// a visited node's successors appended in position order, nodes on a cycle
// never queued (their slots keep position 0).
//
// Equal types have no edge between them and the same edges to every other
// type (compareTypes is antisymmetric and structural), so the graph is
// built over the distinct types only. The visiting order is then the same
// as go-cty's: a position's in-degree is the number of positions of its
// type's predecessors, so it reaches 0 when the last position of its last
// predecessor type is visited, together with every other position of its
// type; the positions that reach 0 at one visit are appended in position
// order. Cost: k^2 comparisons for k distinct types, and n log n.
std::vector<size_t> sort_types(const Distinct& d) {
  const size_t k = d.types.size(), n = d.of.size();
  std::vector<std::vector<size_t>> succ(k);
  std::vector<size_t> pending(k, 0);  // predecessor types with positions not yet visited
  for (size_t a = 0; a + 1 < k; ++a) {
    for (size_t b = a + 1; b < k; ++b) {
      const int cmp = compare_types(d.types[a], d.types[b]);
      if (cmp < 0) {
        succ[a].push_back(b);
        ++pending[b];
      } else if (cmp > 0) {
        succ[b].push_back(a);
        ++pending[a];
      }
    }
  }
  std::vector<std::vector<size_t>> positions(k);
  for (size_t i = 0; i < n; ++i) positions[d.of[i]].push_back(i);
  std::vector<size_t> unvisited = d.count;
  std::vector<size_t> result(n, 0);
  size_t head = 0, tail = 0;
  for (size_t i = 0; i < n; ++i)
    if (pending[d.of[i]] == 0) result[tail++] = i;
  while (head != tail) {
    const size_t g = d.of[result[head++]];
    if (--unvisited[g] != 0) continue;
    const size_t first = tail;
    size_t ready = 0;  // types whose positions this visit queues
    for (size_t h : succ[g]) {
      if (--pending[h] != 0) continue;
      for (size_t i : positions[h]) result[tail++] = i;
      ++ready;
    }
    if (ready > 1) std::sort(result.begin() + std::ptrdiff_t(first), result.begin() + std::ptrdiff_t(tail));
  }
  return result;
}

Unified unify_impl(std::span<const Type> types, bool unsafe, Planner& p);

bool has_conversion(const Type& from, const Type& to, bool unsafe, Planner& p) {
  return bool(p.get_conversion(from, to, unsafe));
}

Unified all_as_dynamic(const Distinct& d) {
  return {Type::dynamic(), std::vector<bool>(d.of.size(), true)};
}

// Conversions of every type to `ret` (none where equal); nullopt result when
// one is missing.
Unified conversions_to(const Distinct& d, const Type& ret, bool unsafe, Planner& p) {
  std::vector<bool> convs(d.types.size(), false);
  for (size_t i = 0; i < d.types.size(); ++i) {
    if (d.types[i] == ret) continue;
    if (!has_conversion(d.types[i], ret, unsafe, p)) return {};
    convs[i] = true;
  }
  return {ret, by_position(d, convs)};
}

// The unified collection type: one of the inputs when it already is that
// type (its node then stays shared, so deeper questions about it, in the
// planner or an equality test, are pointer compares), else a new one.
Type collection_of(TypeKind kind, const Type& elem, const Distinct& d) {
  for (const Type& t : d.types) {
    if (t.kind() == kind && t.element().node() == elem.node()) return t;
  }
  return kind == TypeKind::Map ? Type::map(elem) : kind == TypeKind::List ? Type::list(elem) : Type::set(elem);
}

Unified unify_collection_types(TypeKind kind, std::span<const Type> types, const Distinct& d, bool unsafe,
                               bool has_dynamic, Planner& p) {
  if (has_dynamic) return all_as_dynamic(d);
  std::vector<Type> elems;
  elems.reserve(types.size());
  for (const Type& t : types) elems.push_back(t.element());
  Result e = unify_impl(elems, unsafe, p).type;
  if (!e) return {};
  return conversions_to(d, collection_of(kind, *e, d), unsafe, p);
}

Unified unify_object_types_to_map(std::span<const Type> types, const Distinct& d, bool unsafe, Planner& p) {
  std::vector<Type> atys;
  for (const Type& t : types)
    for (size_t i = 0; i < t.attr_count(); ++i) atys.push_back(t.attr_type(i));
  Result e = unify_impl(atys, unsafe, p).type;
  if (!e) return {};
  return conversions_to(d, Type::map(*e), unsafe, p);
}

Unified unify_tuple_types_to_list(std::span<const Type> types, const Distinct& d, bool unsafe, Planner& p) {
  std::vector<Type> etys;
  for (const Type& t : types)
    for (size_t i = 0; i < t.tuple_size(); ++i) etys.push_back(t.tuple_elem(i));
  Result e = unify_impl(etys, unsafe, p).type;
  if (!e) return {};
  return conversions_to(d, Type::list(*e), unsafe, p);
}

// The unified object type (attributes in `first`'s order, no optional
// markers); an input when it is that type (see collection_of).
Type object_of(const Type& first, const std::vector<Type>& atys, const Distinct& d) {
  for (const Type& t : d.types) {
    bool same = t.attr_count() == atys.size();
    for (size_t i = 0; same && i < atys.size(); ++i) {
      same = !t.attr_optional(i) && t.attr_type(i).node() == atys[i].node();
    }
    if (same) return t;
  }
  std::vector<Type::AttrSpec> attrs;
  attrs.reserve(atys.size());
  for (size_t i = 0; i < atys.size(); ++i) attrs.push_back(Type::AttrSpec{std::string(first.attr_name(i)), atys[i], false});
  return Type::object(std::move(attrs));
}

Unified unify_object_types(std::span<const Type> types, const Distinct& d, bool unsafe, bool has_dynamic,
                           Planner& p) {
  if (has_dynamic) return all_as_dynamic(d);
  const Type& first = d.types[0];
  for (size_t k = 1; k < d.types.size(); ++k) {
    const Type& t = d.types[k];
    if (t.attr_count() != first.attr_count()) return unify_object_types_to_map(types, d, unsafe, p);
    for (size_t i = 0; i < t.attr_count(); ++i) {
      if (first.attr_index(t.attr_name(i)) == SIZE_MAX) return unify_object_types_to_map(types, d, unsafe, p);
    }
  }
  std::vector<Type> atys;
  atys.reserve(first.attr_count());
  std::vector<Type> across(types.size());
  for (size_t i = 0; i < first.attr_count(); ++i) {
    const std::string_view name = first.attr_name(i);
    for (size_t k = 0; k < types.size(); ++k) across[k] = types[k].attr_type(types[k].attr_index(name));
    Result a = unify_impl(across, unsafe, p).type;
    if (!a) return {};
    atys.push_back(std::move(*a));
  }
  Unified u = conversions_to(d, object_of(first, atys, d), unsafe, p);
  if (!u.type) return unify_object_types_to_map(types, d, unsafe, p);
  return u;
}

// The unified tuple type; an input when it is that type (see collection_of).
Type tuple_of(std::vector<Type> elems, const Distinct& d) {
  for (const Type& t : d.types) {
    bool same = t.tuple_size() == elems.size();
    for (size_t i = 0; same && i < elems.size(); ++i) same = t.tuple_elem(i).node() == elems[i].node();
    if (same) return t;
  }
  return Type::tuple(std::move(elems));
}

Unified unify_tuple_types(std::span<const Type> types, const Distinct& d, bool unsafe, bool has_dynamic,
                          Planner& p) {
  if (has_dynamic) return all_as_dynamic(d);
  const size_t n = d.types[0].tuple_size();
  for (size_t k = 1; k < d.types.size(); ++k) {
    if (d.types[k].tuple_size() != n) return unify_tuple_types_to_list(types, d, unsafe, p);
  }
  std::vector<Type> elems;
  elems.reserve(n);
  std::vector<Type> across(types.size());
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < types.size(); ++k) across[k] = types[k].tuple_elem(i);
    Result e = unify_impl(across, unsafe, p).type;
    if (!e) return {};
    elems.push_back(std::move(*e));
  }
  Unified u = conversions_to(d, tuple_of(std::move(elems), d), unsafe, p);
  if (!u.type) return unify_tuple_types_to_list(types, d, unsafe, p);
  return u;
}

// unifyTuplesAsList / unifyObjectsAsMaps: unify the tuples (objects) alone
// as a list (map), then everything with that type in their place.
Unified unify_structurals_as(TypeKind structural, TypeKind collection, std::span<const Type> types, bool unsafe,
                             Planner& p) {
  std::vector<Type> subset;
  std::vector<size_t> idxs;
  for (size_t i = 0; i < types.size(); ++i) {
    if (types[i].kind() == structural) {
      subset.push_back(types[i]);
      idxs.push_back(i);
    }
  }
  const Distinct sd = distinct_types(subset);
  Unified sub = structural == TypeKind::Tuple ? unify_tuple_types_to_list(subset, sd, unsafe, p)
                                              : unify_object_types_to_map(subset, sd, unsafe, p);
  if (!sub.type || sub.type->kind() != collection) return {};
  std::vector<Type> replaced(types.begin(), types.end());
  for (size_t idx : idxs) replaced[idx] = *sub.type;
  Unified all = unify_impl(replaced, unsafe, p);
  if (!all.type || all.type->kind() != collection) return {};
  for (size_t k = 0; k < idxs.size(); ++k) all.convs[idxs[k]] = all.convs[idxs[k]] || sub.convs[k];
  return all;
}

Unified unify_impl(std::span<const Type> types, bool unsafe, Planner& p) {
  if (types.empty()) return {};
  const Distinct d = distinct_types(types);
  // One type without optional markers: what the rules below return for it
  // (every rule rebuilds it from its parts, and it needs no conversion).
  if (d.types.size() == 1 && !d.types[0].has_optional()) return {d.types[0], std::vector<bool>(types.size(), false)};
  // The kind counts only decide by which kinds occur, so they are taken
  // over the distinct types.
  size_t map_ct = 0, list_ct = 0, set_ct = 0, obj_ct = 0, tuple_ct = 0, dyn_ct = 0;
  for (const Type& t : d.types) {
    switch (t.kind()) {
      case TypeKind::Map: ++map_ct; break;
      case TypeKind::List: ++list_ct; break;
      case TypeKind::Set: ++set_ct; break;
      case TypeKind::Object: ++obj_ct; break;
      case TypeKind::Tuple: ++tuple_ct; break;
      case TypeKind::Dynamic: ++dyn_ct; break;
      default: break;
    }
  }
  const size_t k = d.types.size();
  if (map_ct > 0 && map_ct + dyn_ct == k) {
    return unify_collection_types(TypeKind::Map, types, d, unsafe, dyn_ct > 0, p);
  } else if (map_ct > 0 && map_ct + obj_ct + dyn_ct == k) {
    Unified u = unify_structurals_as(TypeKind::Object, TypeKind::Map, types, unsafe, p);
    if (u.type && u.type->kind() == TypeKind::Map) return u;
  } else if (list_ct > 0 && list_ct + dyn_ct == k) {
    return unify_collection_types(TypeKind::List, types, d, unsafe, dyn_ct > 0, p);
  } else if (list_ct > 0 && list_ct + tuple_ct + dyn_ct == k) {
    Unified u = unify_structurals_as(TypeKind::Tuple, TypeKind::List, types, unsafe, p);
    if (u.type && u.type->kind() == TypeKind::List) return u;
  } else if (set_ct > 0 && set_ct + dyn_ct == k) {
    return unify_collection_types(TypeKind::Set, types, d, unsafe, dyn_ct > 0, p);
  } else if (obj_ct > 0 && obj_ct + dyn_ct == k) {
    return unify_object_types(types, d, unsafe, dyn_ct > 0, p);
  } else if (tuple_ct > 0 && tuple_ct + dyn_ct == k) {
    return unify_tuple_types(types, d, unsafe, dyn_ct > 0, p);
  } else if (obj_ct > 0 && tuple_ct > 0) {
    return {};
  }

  // Most general first; the first type every other converts to wins. A
  // type's verdict does not depend on which of its positions is tried, so
  // each distinct type is tried once, against each other distinct type.
  std::vector<bool> tried(k, false);
  for (size_t want_pos : sort_types(d)) {
    const size_t want = d.of[want_pos];
    if (tried[want]) continue;
    tried[want] = true;
    std::vector<bool> convs(k, false);
    bool ok = true;
    for (size_t i = 0; i < k && ok; ++i) {
      if (i == want) continue;
      ok = has_conversion(d.types[i], d.types[want], unsafe, p);
      convs[i] = ok;
    }
    if (ok) return {d.types[want], by_position(d, convs)};
  }
  return {};
}

}  // namespace

Unified Planner::unify(std::span<const Type> types, bool unsafe) { return unify_impl(types, unsafe, *this); }

}  // namespace detail

std::optional<Type> unify(std::span<const Type> types, bool unsafe, std::vector<bool>* needs_conversion) {
  detail::Planner plans;
  detail::Unified u = plans.unify(types, unsafe);
  if (needs_conversion != nullptr) {
    if (u.type) {
      *needs_conversion = std::move(u.convs);
    } else {
      needs_conversion->clear();
    }
  }
  return u.type;
}

}  // namespace dynval::convert
