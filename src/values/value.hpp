// dynval::Value: an immutable cty value (docs/wire-format.md#types;
// docs/gocty-behaviour.md#refinements, #numbers, #set-membership).
//
// A Value is null, unknown (optionally refined) or known, at any type. It is
// immutable; copying is O(1) (inline payload or an atomic refcount bump), so
// values can be shared across threads freely. Layout goals (performance bar):
//   - sizeof(Value) <= 32; bool, number, null and unrefined unknown values
//     never allocate; a string is one allocation; a collection is one
//     allocation holding its elements inline;
//   - list/set/tuple/object/map children are stored as Values (in canonical
//     order: set elements in go-cty order, map entries and object attributes
//     bytewise by name), so iteration is an array walk.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "number/number.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/path.hpp"

namespace dynval {

enum class Tristate : uint8_t { False = 0, True = 1, Unknown = 2 };

// Refinements of an unknown value (cty unknown_refinement.go).
struct NumberBound {
  Number value;
  bool inclusive = true;
};

struct Refinements {
  bool not_null = false;
  // String: a known prefix (NFC). Empty string = no prefix refinement.
  std::string prefix;
  // Number: bounds; nullopt = unbounded (-Inf / +Inf, inclusive).
  std::optional<NumberBound> lower;
  std::optional<NumberBound> upper;
  // Collections: inclusive length bounds; max = INT64_MAX means unbounded.
  int64_t len_min = 0;
  int64_t len_max = INT64_MAX;

  bool empty() const noexcept;  // no refinement at all
  bool operator==(const Refinements& o) const;
};

// Private heap payloads, see value_internal.hpp.
namespace values_detail {
class BlockArena;
struct StrRep;
struct CollRep;
struct RefRep;
}  // namespace values_detail

class Value {
 public:
  enum class State : uint8_t { Known = 0, Null = 1, Unknown = 2 };

  Value() noexcept;  // null of dynamic type
  Value(const Value& o) noexcept;
  Value(Value&& o) noexcept;
  Value& operator=(const Value& o) noexcept;
  Value& operator=(Value&& o) noexcept;
  ~Value();

  // ---- constructors (cty names in comments) ----
  static Value null(const Type& t);              // NullVal
  static Value unknown(const Type& t);           // UnknownVal, unrefined; DynamicVal for dynamic
  // UnknownVal(t).Refine()...NewValue(): validates the refinements against
  // the type (Status::Refinement for a prefix on a non-string, bounds on a
  // non-number, lengths on a non-collection, lower > upper, min > max), then
  // applies go-cty's collapse rules: may return a known or null value.
  // Refinements on dynamic are dropped (DynamicVal). A negative len_min is
  // treated as 0. Prefixes are NFC-normalised (StringPrefixFull semantics).
  // Unlike go-cty, lower == upper with a non-inclusive side is rejected too
  // (an empty range). Collapse rules (go-cty RefinementBuilder.NewValue),
  // all only with not_null: number bounds [x, x] -> x; length [0, 0] ->
  // empty list/set/map; list length [n, n] -> known list of n unknowns (only
  // for n <= kMaxCollapsedListLength, else it stays unknown); set [1, 1] ->
  // a set of one unknown. Explicit +/-Inf bounds are kept (go-cty keeps them
  // unless they are its NegativeInfinity/PositiveInfinity singletons).
  static Value unknown_refined(const Type& t, Refinements r);
  static constexpr int64_t kMaxCollapsedListLength = 1024;
  static Value boolean(bool b) noexcept;         // BoolVal
  static Value number(Number n) noexcept;        // NumberVal
  static Value string(std::string_view s);       // StringVal: NFC-normalised
  // Already-NFC bytes (decoders that checked); skips normalisation.
  static Value string_nfc(std::string_view s);
  // ListVal/SetVal with an explicit element type (required for empty
  // collections). As in go-cty's ListVal, the collection's element type is
  // the type of the first element whose type is not dynamic; every other
  // such element must have exactly that type (else Status::TypeMismatch,
  // where go-cty panics), and null or unknown elements of dynamic type
  // (cty.DynamicVal, NullVal(DynamicPseudoType)) take that type. That type
  // must equal `elem` or conform to it where `elem` contains dynamic (so
  // list(dynamic) of strings is a list(string), as go-cty's decoders build
  // it); otherwise Status::TypeMismatch. With no elements, or only
  // dynamic-typed ones, the type is list(elem).
  static Value list(const Type& elem, std::vector<Value> elems);
  // Deduplicates (first wins; unknowns never merge) and orders elements as
  // go-cty iterates them (docs/gocty-behaviour.md#set-order).
  static Value set(const Type& elem, std::vector<Value> elems);
  // MapVal: keys NFC-normalised, duplicate keys after NFC: last wins; entries
  // kept bytewise-sorted by key. Element types as for list().
  static Value map(const Type& elem, std::vector<std::pair<std::string, Value>> entries);
  // ObjectVal from (name, value) pairs in any order; names NFC-normalised,
  // duplicate names -> Status::InvalidArg.
  static Value object(std::vector<std::pair<std::string, Value>> attrs);
  // ObjectVal given its type (optional markers are ignored) and the
  // attribute values in the type's (sorted) attribute order. Each value's
  // type must equal the attribute type, or conform to it where the attribute
  // type contains dynamic (an attribute of dynamic type may hold any value);
  // the resulting value's type is then rebuilt from the values. When every
  // value's type equals its attribute type, `t` itself is reused.
  // Status::TypeMismatch for a non-object `t`, a wrong count or a value that
  // does not conform.
  static Value object_typed(const Type& t, std::vector<Value> attrs_in_order);
  static Value tuple(std::vector<Value> elems);  // TupleVal

  // Decoder fast paths: the same values as list(), set(), map(), tuple() and
  // object_typed(), given the collection type `t` itself (a list, set, map,
  // tuple or object type) instead of its element type. When every element
  // already has exactly the element type `t` asks for (always the case for
  // values decoded by a type without dynamic inside), `t` is reused as the
  // value's type: no type is built and nothing is re-checked beyond one
  // type comparison per element (a pointer compare for decoded values).
  // Otherwise they fall back to the general constructor, with its checks
  // and errors. The elements are moved out of `elems`, which is left
  // holding moved-from values. Throws as the general constructors.
  static Value list_of(const Type& t, std::span<Value> elems);
  static Value set_of(const Type& t, std::span<Value> elems);
  static Value map_of(const Type& t, std::vector<std::pair<std::string, Value>> entries);
  static Value tuple_of(const Type& t, std::span<Value> elems);
  static Value object_of(const Type& t, std::span<Value> attrs_in_order);
  static Value empty_object();
  static Value empty_tuple();

  // Document arenas (decoders). While an ArenaScope is open on a thread, the
  // heap blocks of values built on that thread (strings longer than the
  // inline limit, collections) are carved out of one arena instead of being
  // allocated one by one: decoding a document then costs a few large
  // allocations instead of one per string and collection, and freeing it
  // no malloc bookkeeping per block. Reference counting is unchanged: every
  // block is still destroyed (its children released) when its last
  // reference goes, and values stay safe to share and free on any thread.
  // The arena's memory is returned when the scope is closed and no block in
  // it is alive, so a value kept from a document (say one string of it)
  // keeps that document's arena allocated; copy it into a fresh value
  // (Value::string(s.as_string())) to let the arena go. Scopes nest: an
  // inner scope uses the outer one's arena. Blocks of more than
  // kArenaMaxBlock bytes always come from the heap.
  class ArenaScope {
   public:
    // size_hint: the input size, to size the chunks.
    explicit ArenaScope(size_t size_hint);
    ~ArenaScope();
    ArenaScope(const ArenaScope&) = delete;
    ArenaScope& operator=(const ArenaScope&) = delete;

    // Suspends the thread's arena (values built meanwhile use the heap),
    // for values that outlive any document, such as function statics.
    class Suspend {
     public:
      Suspend() noexcept;
      ~Suspend();
      Suspend(const Suspend&) = delete;
      Suspend& operator=(const Suspend&) = delete;

     private:
      values_detail::BlockArena* saved_;
    };

   private:
    values_detail::BlockArena* arena_;  // null for a nested scope
  };
  static constexpr size_t kArenaMaxBlock = 64 * 1024;

  // ---- observers ----
  const Type& type() const noexcept { return type_; }
  State state() const noexcept { return state_; }
  bool is_null() const noexcept { return state() == State::Null; }
  bool is_known() const noexcept { return state() != State::Unknown; }
  // No unknown anywhere inside (IsWhollyKnown).
  bool is_wholly_known() const noexcept;

  // Known non-null accessors (precondition: the matching type kind; throw
  // Error(Status::TypeMismatch) otherwise).
  bool as_bool() const;
  const Number& as_number() const;
  std::string_view as_string() const;

  // Known non-null list/set/tuple/map/object: element count (attributes for
  // objects, entries for maps).
  size_t length() const;
  // list/set/tuple element i (set: go-cty iteration order); object attribute
  // i in sorted name order; map value i in sorted key order.
  const Value& at(size_t i) const;
  // All of at(0..length()-1) at once, for loops over large values (one
  // call, no per-element checks). Same precondition as length().
  std::span<const Value> elements() const;
  // map key i (sorted bytewise).
  std::string_view key_at(size_t i) const;
  // object attribute by name, map element by key: nullptr when absent.
  const Value* get(std::string_view name_or_key) const;

  // Unknown values: their refinements (empty for unrefined and DynamicVal).
  // For known and null values an empty Refinements.
  const Refinements& refinements() const noexcept;

  // cty Value.Equals: tri-state (unknown if either side, or any nested
  // element compared, is unknown; null == null is true).
  Tristate equals(const Value& o) const;
  // cty Value.RawEquals: exact identity including unknowns and refinements.
  bool raw_equals(const Value& o) const;
  // A stable 64-bit hash: raw_equals(a, b) implies hash(a) == hash(b), and
  // equals(a, b) == True implies hash(a) == hash(b).
  uint64_t hash() const;

  // go-cty set hash bytes (appendSetHashBytes, docs/gocty-behaviour.md#set-hash).
  void append_set_hash_bytes(std::string& out) const;
  // go-cty set Less (docs/gocty-behaviour.md#set-order) for two elements of one set.
  static bool set_less(const Value& a, const Value& b);

  // Follow a path without errors: attribute steps on objects, key steps on
  // maps and objects, index steps on lists, tuples and sets (iteration
  // order), set-element steps on sets (find_set_element). Returns nullptr
  // when a step does not apply or the element is absent; throws nothing.
  // (path_apply in values/path.hpp is cty's Path.Apply, with its errors.)
  const Value* lookup(const Path& p) const noexcept;

  // Debug / inspect rendering in go-cty GoString style, e.g.
  // cty.StringVal("x"), cty.UnknownVal(cty.String).RefineNotNull().
  std::string go_string() const;

 private:
  void append_element_hashes(std::string& out, char open, char close) const;
  friend struct ValueAccess;

  // What the payload union holds (value_internal.hpp has the heap blocks).
  enum class Tag : uint8_t {
    None,      // null, unrefined unknown, DynamicVal
    Bool,      // u_.b
    Num,       // u_.num (inline Number, may itself share a big mantissa)
    SmallStr,  // u_.small[0..small_len_), strings of <= 16 bytes, no heap
    Str,       // u_.str: one refcounted block holding the bytes
    Coll,      // u_.coll: one refcounted block holding the child Values
    Refined,   // u_.ref: refinements of an unknown value
  };
  union Payload {
    Payload() noexcept {}
    ~Payload() {}
    bool b;
    Number num;
    const values_detail::StrRep* str;
    const values_detail::CollRep* coll;
    const values_detail::RefRep* ref;
    char small[16];
  };

  void release() noexcept;           // drops the payload (not the type)
  void copy_payload(const Value& o) noexcept;
  void steal_payload(Value& o) noexcept;

  Type type_;
  Payload u_;
  State state_ = State::Null;
  Tag tag_ = Tag::None;
  uint8_t small_len_ = 0;
};

static_assert(sizeof(Value) <= 32, "Value must stay within 32 bytes");

}  // namespace dynval
