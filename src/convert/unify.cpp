// Type unification: go-cty cty/convert unify.go, sort_types.go and
// compare_types.go, rule for rule.
//
// go-cty gathers attribute types from Go maps where we go in sorted name
// order; unification's result only depends on that order when the types
// involved are mutually incomparable, where go-cty's own answer varies from
// run to run.
#include <optional>
#include <span>
#include <vector>

#include "convert/convert.hpp"
#include "convert/internal.hpp"

namespace dynval::convert {
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

// sortTypes: a preference order (indexes), most general first, by a
// topological sort of the "more general than" graph.
std::vector<size_t> sort_types(std::span<const Type> tys) {
  const size_t l = tys.size();
  std::vector<std::vector<size_t>> edges(l);
  for (size_t i = 0; i + 1 < l; ++i) {
    for (size_t j = i + 1; j < l; ++j) {
      const int cmp = compare_types(tys[i], tys[j]);
      if (cmp < 0) edges[i].push_back(j);
      else if (cmp > 0) edges[j].push_back(i);
    }
  }
  std::vector<size_t> in_degree(l, 0);
  for (const auto& outs : edges)
    for (size_t j : outs) ++in_degree[j];
  // go-cty's result slice doubles as its queue; nodes on a cycle are never
  // queued and their slots keep index 0.
  std::vector<size_t> result(l, 0);
  size_t head = 0, tail = 0;
  for (size_t i = 0; i < l; ++i)
    if (in_degree[i] == 0) result[tail++] = i;
  while (head != tail) {
    const size_t i = result[head++];
    for (size_t j : edges[i]) {
      if (--in_degree[j] == 0) result[tail++] = j;
    }
  }
  return result;
}

struct Unified {
  Result type;
  std::vector<bool> convs;  // a non-nil Conversion per input type
};

Unified unify_impl(std::span<const Type> types, bool unsafe);

bool has_conversion(const Type& from, const Type& to, bool unsafe) {
  return bool(detail::get_conversion(from, to, unsafe));
}

Unified all_as_dynamic(std::span<const Type> types) {
  return {Type::dynamic(), std::vector<bool>(types.size(), true)};
}

// Conversions of every type to `ret` (none where equal); nullopt result when
// one is missing.
Unified conversions_to(std::span<const Type> types, const Type& ret, bool unsafe) {
  Unified u{ret, std::vector<bool>(types.size(), false)};
  for (size_t i = 0; i < types.size(); ++i) {
    if (types[i] == ret) continue;
    if (!has_conversion(types[i], ret, unsafe)) return {};
    u.convs[i] = true;
  }
  return u;
}

Unified unify_collection_types(TypeKind kind, std::span<const Type> types, bool unsafe, bool has_dynamic) {
  if (has_dynamic) return all_as_dynamic(types);
  std::vector<Type> elems;
  elems.reserve(types.size());
  for (const Type& t : types) elems.push_back(t.element());
  Result e = unify_impl(elems, unsafe).type;
  if (!e) return {};
  const Type ret = kind == TypeKind::Map ? Type::map(*e) : kind == TypeKind::List ? Type::list(*e) : Type::set(*e);
  return conversions_to(types, ret, unsafe);
}

Unified unify_object_types_to_map(std::span<const Type> types, bool unsafe) {
  std::vector<Type> atys;
  for (const Type& t : types)
    for (size_t i = 0; i < t.attr_count(); ++i) atys.push_back(t.attr_type(i));
  Result e = unify_impl(atys, unsafe).type;
  if (!e) return {};
  return conversions_to(types, Type::map(*e), unsafe);
}

Unified unify_tuple_types_to_list(std::span<const Type> types, bool unsafe) {
  std::vector<Type> etys;
  for (const Type& t : types)
    for (size_t i = 0; i < t.tuple_size(); ++i) etys.push_back(t.tuple_elem(i));
  Result e = unify_impl(etys, unsafe).type;
  if (!e) return {};
  return conversions_to(types, Type::list(*e), unsafe);
}

Unified unify_object_types(std::span<const Type> types, bool unsafe, bool has_dynamic) {
  if (has_dynamic) return all_as_dynamic(types);
  const Type& first = types[0];
  for (size_t k = 1; k < types.size(); ++k) {
    const Type& t = types[k];
    if (t.attr_count() != first.attr_count()) return unify_object_types_to_map(types, unsafe);
    for (size_t i = 0; i < t.attr_count(); ++i) {
      if (first.attr_index(t.attr_name(i)) == SIZE_MAX) return unify_object_types_to_map(types, unsafe);
    }
  }
  std::vector<Type::AttrSpec> attrs;
  std::vector<Type> across(types.size());
  for (size_t i = 0; i < first.attr_count(); ++i) {
    const std::string_view name = first.attr_name(i);
    for (size_t k = 0; k < types.size(); ++k) across[k] = types[k].attr_type(types[k].attr_index(name));
    Result a = unify_impl(across, unsafe).type;
    if (!a) return {};
    attrs.push_back(Type::AttrSpec{std::string(name), *a, false});
  }
  Unified u = conversions_to(types, Type::object(std::move(attrs)), unsafe);
  if (!u.type) return unify_object_types_to_map(types, unsafe);
  return u;
}

Unified unify_tuple_types(std::span<const Type> types, bool unsafe, bool has_dynamic) {
  if (has_dynamic) return all_as_dynamic(types);
  const size_t n = types[0].tuple_size();
  for (size_t k = 1; k < types.size(); ++k) {
    if (types[k].tuple_size() != n) return unify_tuple_types_to_list(types, unsafe);
  }
  std::vector<Type> elems;
  std::vector<Type> across(types.size());
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < types.size(); ++k) across[k] = types[k].tuple_elem(i);
    Result e = unify_impl(across, unsafe).type;
    if (!e) return {};
    elems.push_back(*e);
  }
  Unified u = conversions_to(types, Type::tuple(std::move(elems)), unsafe);
  if (!u.type) return unify_tuple_types_to_list(types, unsafe);
  return u;
}

// unifyTuplesAsList / unifyObjectsAsMaps: unify the tuples (objects) alone
// as a list (map), then everything with that type in their place.
Unified unify_structurals_as(TypeKind structural, TypeKind collection, std::span<const Type> types,
                             bool unsafe) {
  std::vector<Type> subset;
  std::vector<size_t> idxs;
  for (size_t i = 0; i < types.size(); ++i) {
    if (types[i].kind() == structural) {
      subset.push_back(types[i]);
      idxs.push_back(i);
    }
  }
  Unified sub = structural == TypeKind::Tuple ? unify_tuple_types_to_list(subset, unsafe)
                                              : unify_object_types_to_map(subset, unsafe);
  if (!sub.type || sub.type->kind() != collection) return {};
  std::vector<Type> replaced(types.begin(), types.end());
  for (size_t idx : idxs) replaced[idx] = *sub.type;
  Unified all = unify_impl(replaced, unsafe);
  if (!all.type || all.type->kind() != collection) return {};
  for (size_t k = 0; k < idxs.size(); ++k) all.convs[idxs[k]] = all.convs[idxs[k]] || sub.convs[k];
  return all;
}

Unified unify_impl(std::span<const Type> types, bool unsafe) {
  if (types.empty()) return {};
  size_t map_ct = 0, list_ct = 0, set_ct = 0, obj_ct = 0, tuple_ct = 0, dyn_ct = 0;
  for (const Type& t : types) {
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
  const size_t n = types.size();
  if (map_ct > 0 && map_ct + dyn_ct == n) {
    return unify_collection_types(TypeKind::Map, types, unsafe, dyn_ct > 0);
  } else if (map_ct > 0 && map_ct + obj_ct + dyn_ct == n) {
    Unified u = unify_structurals_as(TypeKind::Object, TypeKind::Map, types, unsafe);
    if (u.type && u.type->kind() == TypeKind::Map) return u;
  } else if (list_ct > 0 && list_ct + dyn_ct == n) {
    return unify_collection_types(TypeKind::List, types, unsafe, dyn_ct > 0);
  } else if (list_ct > 0 && list_ct + tuple_ct + dyn_ct == n) {
    Unified u = unify_structurals_as(TypeKind::Tuple, TypeKind::List, types, unsafe);
    if (u.type && u.type->kind() == TypeKind::List) return u;
  } else if (set_ct > 0 && set_ct + dyn_ct == n) {
    return unify_collection_types(TypeKind::Set, types, unsafe, dyn_ct > 0);
  } else if (obj_ct > 0 && obj_ct + dyn_ct == n) {
    return unify_object_types(types, unsafe, dyn_ct > 0);
  } else if (tuple_ct > 0 && tuple_ct + dyn_ct == n) {
    return unify_tuple_types(types, unsafe, dyn_ct > 0);
  } else if (obj_ct > 0 && tuple_ct > 0) {
    return {};
  }

  // Most general first; the first type every other converts to wins.
  for (size_t want_idx : sort_types(types)) {
    const Type& want = types[want_idx];
    Unified u{want, std::vector<bool>(n, false)};
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i) {
      if (i == want_idx || types[i] == want) continue;
      ok = has_conversion(types[i], want, unsafe);
      u.convs[i] = ok;
    }
    if (ok) return u;
  }
  return {};
}

}  // namespace

std::optional<Type> unify(std::span<const Type> types, bool unsafe, std::vector<bool>* needs_conversion) {
  Unified u = unify_impl(types, unsafe);
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
