// Unit tests of dynval::Type: construction, accessors, equality and hashing,
// without_optional, friendly names, and concurrent handle use.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <unordered_set>
#include <vector>

#include "support/error.hpp"
#include "support/limits.hpp"
#include "types/type.hpp"

using dynval::Error;
namespace limits = dynval::limits;
using dynval::Status;
using dynval::Type;
using dynval::TypeKind;

namespace {

Type obj(std::vector<Type::AttrSpec> attrs) { return Type::object(std::move(attrs)); }

// A moderately rich type, built fresh on every call.
Type sample() {
  return obj({
      {"name", Type::string()},
      {"tags", Type::map(Type::string()), true},
      {"ports", Type::list(Type::number())},
      {"nested", Type::set(obj({{"x", Type::boolean()}, {"y", Type::dynamic(), true}}))},
      {"pair", Type::tuple({Type::string(), Type::number()})},
  });
}

}  // namespace

TEST(Type, PrimitivesAndDynamic) {
  EXPECT_EQ(Type::boolean().kind(), TypeKind::Bool);
  EXPECT_EQ(Type::number().kind(), TypeKind::Number);
  EXPECT_EQ(Type::string().kind(), TypeKind::String);
  EXPECT_EQ(Type::dynamic().kind(), TypeKind::Dynamic);
  EXPECT_EQ(Type().kind(), TypeKind::Dynamic);  // default is dynamic
  EXPECT_TRUE(Type::string().is_primitive());
  EXPECT_FALSE(Type::string().is_collection());
  EXPECT_FALSE(Type::dynamic().is_primitive());
  EXPECT_TRUE(Type::dynamic().is_dynamic());
  EXPECT_TRUE(Type::dynamic().has_dynamic());
  EXPECT_FALSE(Type::number().has_dynamic());
  EXPECT_FALSE(Type::number().has_optional());
  // The static nodes are shared.
  EXPECT_EQ(Type::string().node(), Type::string().node());
  EXPECT_EQ(Type().node(), Type::dynamic().node());
}

TEST(Type, Collections) {
  Type l = Type::list(Type::string());
  Type s = Type::set(Type::number());
  Type m = Type::map(Type::boolean());
  EXPECT_EQ(l.kind(), TypeKind::List);
  EXPECT_EQ(s.kind(), TypeKind::Set);
  EXPECT_EQ(m.kind(), TypeKind::Map);
  EXPECT_TRUE(l.is_collection());
  EXPECT_FALSE(l.is_primitive());
  EXPECT_EQ(l.element(), Type::string());
  EXPECT_EQ(s.element(), Type::number());
  EXPECT_EQ(m.element(), Type::boolean());
  EXPECT_TRUE(Type::list(Type::dynamic()).has_dynamic());
  EXPECT_FALSE(l.has_dynamic());
  try {
    (void)Type::string().element();
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::TypeMismatch);
  }
}

TEST(Type, ObjectSortedNormalisedAndIndexed) {
  // "e\u0301" normalises to "\u00e9", which sorts after ASCII.
  Type t = obj({{"zeta", Type::string()}, {"e\xCC\x81", Type::number(), true}, {"Alpha", Type::boolean()}});
  ASSERT_EQ(t.kind(), TypeKind::Object);
  ASSERT_EQ(t.attr_count(), 3u);
  EXPECT_EQ(t.attr_name(0), "Alpha");
  EXPECT_EQ(t.attr_name(1), "zeta");
  EXPECT_EQ(t.attr_name(2), "\xC3\xA9");
  EXPECT_EQ(t.attr_type(2), Type::number());
  EXPECT_TRUE(t.attr_optional(2));
  EXPECT_FALSE(t.attr_optional(0));
  EXPECT_TRUE(t.has_optional());
  EXPECT_EQ(t.attr_index("zeta"), 1u);
  EXPECT_EQ(t.attr_index("\xC3\xA9"), 2u);
  EXPECT_EQ(t.attr_index("Alpha"), 0u);
  EXPECT_EQ(t.attr_index("alpha"), SIZE_MAX);
  EXPECT_EQ(t.attr_index(""), SIZE_MAX);
  EXPECT_EQ(Type::string().attr_index("a"), SIZE_MAX);
  EXPECT_EQ(Type::string().attr_count(), 0u);
  try {
    (void)t.attr_name(3);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::OutOfRange);
  }
  try {
    (void)Type::list(Type::string()).attr_type(0);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::TypeMismatch);
  }
}

TEST(Type, ObjectBytewiseOrder) {
  // Bytewise, not locale or signed-char order: 'B' < '_' < 'a' < 0xC3.
  Type t = obj({{"a", Type::string()}, {"\xC3\xA9", Type::string()}, {"_", Type::string()}, {"B", Type::string()}});
  EXPECT_EQ(t.attr_name(0), "B");
  EXPECT_EQ(t.attr_name(1), "_");
  EXPECT_EQ(t.attr_name(2), "a");
  EXPECT_EQ(t.attr_name(3), "\xC3\xA9");
}

TEST(Type, ObjectDuplicateNames) {
  try {
    (void)obj({{"a", Type::string()}, {"a", Type::number()}});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::InvalidArg);
    EXPECT_NE(e.message().find("\"a\""), std::string::npos) << e.message();
  }
  // Duplicates after NFC are duplicates too.
  try {
    (void)obj({{"\xC3\xA9", Type::string()}, {"e\xCC\x81", Type::string()}});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::InvalidArg);
  }
}

TEST(Type, Tuples) {
  Type t = Type::tuple({Type::string(), Type::list(Type::dynamic())});
  EXPECT_EQ(t.kind(), TypeKind::Tuple);
  ASSERT_EQ(t.tuple_size(), 2u);
  EXPECT_EQ(t.tuple_elem(0), Type::string());
  EXPECT_EQ(t.tuple_elem(1), Type::list(Type::dynamic()));
  EXPECT_TRUE(t.has_dynamic());
  try {
    (void)t.tuple_elem(2);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::OutOfRange);
  }
  EXPECT_EQ(Type::tuple({}), Type::empty_tuple());
  EXPECT_EQ(Type::empty_tuple().tuple_size(), 0u);
  EXPECT_EQ(Type::object({}), Type::empty_object());
  EXPECT_EQ(Type::empty_object().kind(), TypeKind::Object);
}

TEST(Type, EqualityAndHash) {
  Type a = sample();
  Type b = sample();
  EXPECT_NE(a.node(), b.node());  // built separately
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_EQ(std::hash<Type>()(a), a.hash());

  // Empty object/tuple built through the static shortcut or not hash alike.
  EXPECT_EQ(Type::empty_object().hash(), Type::object({}).hash());

  std::vector<Type> distinct = {
      Type::boolean(),
      Type::number(),
      Type::string(),
      Type::dynamic(),
      Type::list(Type::string()),
      Type::set(Type::string()),
      Type::map(Type::string()),
      Type::list(Type::number()),
      Type::list(Type::list(Type::string())),
      Type::empty_object(),
      Type::empty_tuple(),
      obj({{"a", Type::string()}}),
      obj({{"b", Type::string()}}),
      obj({{"a", Type::number()}}),
      obj({{"a", Type::string(), true}}),
      obj({{"a", Type::string()}, {"b", Type::string()}}),
      obj({{"a", Type::string()}, {"b", Type::string(), true}}),
      Type::tuple({Type::string()}),
      Type::tuple({Type::number()}),
      Type::tuple({Type::string(), Type::string()}),
      Type::list(obj({{"a", Type::string()}})),
      Type::list(obj({{"a", Type::string(), true}})),
      a,
  };
  for (size_t i = 0; i < distinct.size(); ++i) {
    for (size_t j = 0; j < distinct.size(); ++j) {
      if (i == j) {
        EXPECT_EQ(distinct[i], distinct[j]);
      } else {
        EXPECT_NE(distinct[i], distinct[j]) << distinct[i].to_json() << " vs " << distinct[j].to_json();
      }
    }
  }
  // Hashes of these differ too (not required, but a weak hash would show here).
  std::unordered_set<size_t> hashes;
  for (const Type& t : distinct) hashes.insert(t.hash());
  EXPECT_EQ(hashes.size(), distinct.size());

  // Usable as a hash-set key.
  std::unordered_set<Type> set(distinct.begin(), distinct.end());
  set.insert(sample());
  EXPECT_EQ(set.size(), distinct.size());
}

TEST(Type, CopyMoveAssign) {
  Type a = sample();
  Type b = a;
  EXPECT_EQ(a.node(), b.node());
  Type c = std::move(b);
  EXPECT_EQ(c.node(), a.node());
  // A moved-from handle still behaves (as dynamic) and can be reassigned.
  EXPECT_EQ(b.kind(), TypeKind::Dynamic);  // NOLINT(bugprone-use-after-move)
  b = Type::number();
  EXPECT_EQ(b, Type::number());
  b = c;
  EXPECT_EQ(b, a);
  b = b;  // self-assignment
  EXPECT_EQ(b, a);
  Type d;
  d = std::move(c);
  EXPECT_EQ(d, a);
  d = std::move(d);  // self-move is harmless
  EXPECT_EQ(Type::from_node(a.node()), a);
}

TEST(Type, WithoutOptional) {
  Type t = sample();
  ASSERT_TRUE(t.has_optional());
  Type u = t.without_optional();
  EXPECT_FALSE(u.has_optional());
  EXPECT_NE(t, u);
  Type expected = obj({
      {"name", Type::string()},
      {"tags", Type::map(Type::string())},
      {"ports", Type::list(Type::number())},
      {"nested", Type::set(obj({{"x", Type::boolean()}, {"y", Type::dynamic()}}))},
      {"pair", Type::tuple({Type::string(), Type::number()})},
  });
  EXPECT_EQ(u, expected);
  EXPECT_EQ(u.hash(), expected.hash());
  // Without markers the same node comes back.
  EXPECT_EQ(u.without_optional().node(), u.node());
  Type deep = Type::tuple({Type::list(obj({{"o", Type::number(), true}}))});
  EXPECT_TRUE(deep.has_optional());
  EXPECT_EQ(deep.without_optional(), Type::tuple({Type::list(obj({{"o", Type::number()}}))}));
}

TEST(Type, FriendlyName) {
  EXPECT_EQ(Type::string().friendly_name(), "string");
  EXPECT_EQ(Type::number().friendly_name(), "number");
  EXPECT_EQ(Type::boolean().friendly_name(), "bool");
  EXPECT_EQ(Type::dynamic().friendly_name(), "dynamic");
  EXPECT_EQ(Type::list(Type::string()).friendly_name(), "list of string");
  EXPECT_EQ(Type::set(Type::number()).friendly_name(), "set of number");
  EXPECT_EQ(Type::map(Type::boolean()).friendly_name(), "map of bool");
  EXPECT_EQ(Type::list(Type::map(Type::dynamic())).friendly_name(), "list of map of dynamic");
  EXPECT_EQ(sample().friendly_name(), "object");
  EXPECT_EQ(Type::set(sample()).friendly_name(), "set of object");
  EXPECT_EQ(Type::tuple({Type::string()}).friendly_name(), "tuple");
}

TEST(Type, HasDynamicAndOptionalFlags) {
  EXPECT_TRUE(obj({{"a", Type::tuple({Type::dynamic()})}}).has_dynamic());
  EXPECT_FALSE(obj({{"a", Type::tuple({Type::string()})}}).has_dynamic());
  EXPECT_TRUE(Type::map(obj({{"a", Type::string(), true}})).has_optional());
  EXPECT_FALSE(Type::map(obj({{"a", Type::string()}})).has_optional());
  EXPECT_TRUE(Type::tuple({Type::number(), obj({{"a", Type::string(), true}})}).has_optional());
}

TEST(Type, DepthIsCappedAtConstruction) {
  // Every walk of a type is bounded: a type nests at most
  // limits::kMaxTypeDepth levels; one more is Status::Limit.
  Type t = Type::string();
  for (size_t i = 0; i < limits::kMaxTypeDepth; ++i) t = Type::list(t);
  EXPECT_EQ(t.to_json().size(), limits::kMaxTypeDepth * 9 + 8);  // ["list", ... "string" ...]
  try {
    Type::set(t);
    ADD_FAILURE() << "a type one level past the cap was built";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Limit);
  }
  EXPECT_THROW(Type::tuple({t}), Error);
  EXPECT_THROW(Type::object({{"a", t, false}}), Error);
}

TEST(Type, VeryDeepTypesDoNotOverflowTheStack) {
  // Destruction and equality are iterative; hashing is O(1) per node.
  const int depth = int(limits::kMaxTypeDepth);
  Type a = Type::string();
  Type b = Type::string();
  for (int i = 0; i < depth; ++i) {
    a = Type::list(a);
    b = Type::list(b);
  }
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.hash(), b.hash());
  Type c = Type::set(b.element());
  EXPECT_NE(a, c);
  std::string name = a.friendly_name();
  EXPECT_EQ(name.size(), size_t(depth) * 8 + 6);
  a = Type();  // frees 200k nodes
  b = Type();
  EXPECT_EQ(c.element().element().kind(), TypeKind::List);
}

TEST(Type, ConcurrentCopiesAndDestruction) {
  // Copy, compare and destroy one shared Type from 4 threads; run under TSan
  // in CI. The final count check catches lost or extra references.
  Type shared = sample();
  const Type* p = &shared;
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([p, &mismatches] {
      for (int i = 0; i < 20000; ++i) {
        Type copy = *p;
        Type other = copy;
        Type moved = std::move(other);
        if (!(moved == *p) || moved.attr_count() != 5) mismatches.fetch_add(1);
        Type inner = copy.attr_type(copy.attr_index("nested"));
        if (inner.kind() != TypeKind::Set) mismatches.fetch_add(1);
        if (copy.to_json().size() < 10) mismatches.fetch_add(1);
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0);
  EXPECT_EQ(shared, sample());
  // Exactly our one reference remains: copying it and dropping the copy must
  // not free it (ASan would flag a use-after-free below otherwise).
  { Type tmp = shared; }
  EXPECT_EQ(shared.attr_count(), 5u);
}
