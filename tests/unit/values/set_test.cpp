// Sets: membership, go-cty iteration order and hash bytes
// (docs/gocty-behaviour.md#set-membership, #set-order, #set-hash and the
// "set ..." / "HS" rows of tests/data/gocty-vectors.txt).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "values/value.hpp"
#include "helpers.hpp"

using namespace dvtest;
using dynval::Refinements;

namespace {

std::vector<std::string> strings_of(const Value& set) {
  std::vector<std::string> out;
  for (size_t i = 0; i < set.length(); ++i) {
    const Value& e = set.at(i);
    if (e.is_null()) {
      out.push_back("<null>");
    } else if (!e.is_known()) {
      out.push_back(e.refinements().not_null ? "<unknown!>" : "<unknown>");
    } else {
      out.push_back(std::string(e.as_string()));
    }
  }
  return out;
}

std::string hb(const Value& v) {
  std::string s;
  v.append_set_hash_bytes(s);
  return s;
}

std::vector<std::string> hash_list(const Value& set) {
  std::vector<std::string> out;
  for (size_t i = 0; i < set.length(); ++i) out.push_back(hb(set.at(i)));
  return out;
}

Value named(const Value& n, std::string_view name) { return obj({{"n", n}, {"name", S(name)}}); }

}  // namespace

TEST(SetHashBytes, Primitives) {
  EXPECT_EQ(hb(S("a")), "\"a\"");
  EXPECT_EQ(hb(S("a\n")), "\"a\\n\"");
  EXPECT_EQ(hb(S("\xc2\xa0")), "\"\\u00a0\"");
  EXPECT_EQ(hb(S("\xc3\xa9")), "\"\xc3\xa9\"");
  EXPECT_EQ(hb(B(true)), "T");
  EXPECT_EQ(hb(B(false)), "F");
  EXPECT_EQ(hb(Value::null(TS())), "~");
  EXPECT_EQ(hb(Value::unknown(TS())), "?");
  EXPECT_EQ(hb(unk_notnull(TS())), "?");
  // "HS" vectors: big.Float.String() (%.10g)
  EXPECT_EQ(hb(P("12345678901")), "1.23456789e+10");
  EXPECT_EQ(hb(P("1000000000000000000000")), "1e+21");
  EXPECT_EQ(hb(P("0.00001")), "1e-05");
  EXPECT_EQ(hb(P("0.0001")), "0.0001");
  EXPECT_EQ(hb(P("123456.789")), "123456.789");
  EXPECT_EQ(hb(P("1000000")), "1000000");
  EXPECT_EQ(hb(P("-0")), "-0");
  EXPECT_EQ(hb(Value::number(Number::infinity(false))), "+Inf");
  EXPECT_EQ(hb(F(0.1)), "0.1");
  EXPECT_EQ(hb(P("9999999999")), "9999999999");
  EXPECT_EQ(hb(P("99999999995")), "1e+11");
}

TEST(SetHashBytes, Composites) {
  std::vector<std::pair<std::string, Value>> m;
  m.emplace_back("b", I(2));
  m.emplace_back("a", I(1));
  EXPECT_EQ(hb(Value::map(TN(), std::move(m))), "{\"a\":1;\"b\":2;}");
  EXPECT_EQ(hb(list_of(TS(), {S("boop")})), "[\"boop\";]");
  EXPECT_EQ(hb(list_of(TS(), {})), "[]");
  EXPECT_EQ(hb(set_of(TN(), {I(2), I(1)})), "[1;2;]");
  EXPECT_EQ(hb(named(I(1), "x")), "<1;\"x\";>");  // values only, sorted names
  EXPECT_EQ(hb(Value::tuple({S("a"), Value::null(TN()), Value::unknown(TB())})), "<\"a\";~;?;>");
  EXPECT_EQ(hb(Value::empty_object()), "<>");
}

TEST(SetOrder, Strings) {
  // "set strings": b, a, B, a -> B, a, b
  Value s = set_of(TS(), {S("b"), S("a"), S("B"), S("a")});
  EXPECT_EQ(s.type(), Type::set(TS()));
  EXPECT_EQ(strings_of(s), (std::vector<std::string>{"B", "a", "b"}));
  // "set dup elems"
  EXPECT_EQ(strings_of(set_of(TS(), {S("a"), S("b"), S("a")})), (std::vector<std::string>{"a", "b"}));
  // NFC happens first: é twice is one element
  EXPECT_EQ(set_of(TS(), {S("\xc3\xa9"), S("e\xcc\x81")}).length(), 1u);
  // bytewise, non-ASCII last
  EXPECT_EQ(strings_of(set_of(TS(), {S("\xc3\xa9"), S("z"), S("Z")})),
            (std::vector<std::string>{"Z", "z", "\xc3\xa9"}));
}

TEST(SetOrder, StringsWithUnknownsAndNull) {
  // "set strings w/ unknown+null": unknown, null, z, unknown NotNull, null, a
  Value s = set_of(TS(), {Value::unknown(TS()), Value::null(TS()), S("z"), unk_notnull(TS()),
                          Value::null(TS()), S("a")});
  EXPECT_EQ(strings_of(s), (std::vector<std::string>{"a", "z", "<unknown>", "<unknown!>", "<null>"}));
  // "set of two unknowns": never merged
  Value u = set_of(TS(), {Value::unknown(TS()), Value::unknown(TS())});
  EXPECT_EQ(u.length(), 2u);
  // unknowns keep insertion order
  Value u2 = set_of(TS(), {unk_notnull(TS()), Value::unknown(TS())});
  EXPECT_EQ(strings_of(u2), (std::vector<std::string>{"<unknown!>", "<unknown>"}));
}

TEST(SetOrder, NumbersAndBools) {
  // "set numbers": 10, -1, 2.5, 2, 10 -> -1, 2, 2.5, 10
  Value s = set_of(TN(), {I(10), I(-1), P("2.5"), I(2), I(10)});
  ASSERT_EQ(s.length(), 4u);
  EXPECT_EQ(s.at(0).as_number().text(), "-1");
  EXPECT_EQ(s.at(1).as_number().text(), "2");
  EXPECT_EQ(s.at(2).as_number().text(), "2.5");
  EXPECT_EQ(s.at(3).as_number().text(), "10");
  // "set bools"
  Value b = set_of(TB(), {B(true), B(false), B(true)});
  ASSERT_EQ(b.length(), 2u);
  EXPECT_FALSE(b.at(0).as_bool());
  EXPECT_TRUE(b.at(1).as_bool());
  // integers of different precision are equal: first wins
  Value ints = set_of(TN(), {F(1.0), I(1)});
  ASSERT_EQ(ints.length(), 1u);
  EXPECT_EQ(ints.at(0).as_number().precision(), 53u);
  // decimal 0.1 (512 bits) and binary64 0.1 both print 0.1: one element
  EXPECT_EQ(set_of(TN(), {P("0.1"), F(0.1)}).length(), 1u);
}

TEST(SetOrder, NumbersEqualValueDifferentPrecision) {
  // "set numbers equal value diff prec": the same binary64 value, once at 512
  // bits (prints all 55 digits) and once at 53 bits (prints 0.1): not Equals,
  // same hash bytes and same Cmp, so both stay, in insertion order.
  Value exact = P("0.1000000000000000055511151231257827021181583404541015625");
  Value s = set_of(TN(), {exact, F(0.1)});
  ASSERT_EQ(s.length(), 2u);
  EXPECT_EQ(s.at(0).as_number().precision(), 512u);
  EXPECT_EQ(s.at(1).as_number().precision(), 53u);
  Value r = set_of(TN(), {F(0.1), exact});
  ASSERT_EQ(r.length(), 2u);
  EXPECT_EQ(r.at(0).as_number().precision(), 53u);
}

TEST(SetOrder, ZeroAndNegativeZero) {
  // 0 and -0 are Equals but hash to different buckets ("0" / "-0"), so
  // go-cty keeps both; Less ties them (RawEquals), leaving its bucket order
  // (crc32 ascending): -0 first whatever the insertion order. (Observed with
  // go-cty v1.18.1 by tests/gocty/values.)
  for (bool neg_first : {true, false}) {
    std::vector<Value> in = {I(-13), P("0.3")};
    if (neg_first) {
      in.push_back(P("-0"));
      in.push_back(Value::number(Number::from_uint64(0)));
    } else {
      in.push_back(Value::number(Number::from_uint64(0)));
      in.push_back(F(-0.0));
    }
    Value s = set_of(TN(), in);
    ASSERT_EQ(s.length(), 4u);
    EXPECT_EQ(s.at(0).as_number().text(), "-13");
    EXPECT_EQ(s.at(1).as_number().text(), "-0");
    EXPECT_EQ(s.at(2).as_number().text(), "0");
    EXPECT_EQ(s.at(3).as_number().text(), "0.3");
  }
  // two zeros of the same sign merge
  EXPECT_EQ(set_of(TN(), {I(0), P("0"), F(0.0)}).length(), 1u);
}

TEST(SetOrder, TextEqualNumbersWithDifferentHashText) {
  // 0.12345678905 at 53 and at 512 bits: the same Text('f', -1) (so Equals
  // and RawEquals), different %.10g texts (different buckets), different
  // values. go-cty keeps both and its order comes from sort.SliceStable on
  // a comparator that ties them; observed order:
  //   1e-320, 0.12345678905 (53 bits), 0.12345678905 (512 bits), 11
  Value s = set_of(TN(), {I(11), P("0.12345678905"), F(1e-320), F(0.12345678905), P("0.12345678905")});
  ASSERT_EQ(s.length(), 4u);
  EXPECT_EQ(s.at(0).as_number().precision(), 53u);
  EXPECT_TRUE(s.at(0).as_number().text().size() > 300);  // 1e-320 in full
  EXPECT_EQ(s.at(1).as_number().precision(), 53u);
  EXPECT_EQ(s.at(1).as_number().text(), "0.12345678905");
  EXPECT_EQ(s.at(2).as_number().precision(), 512u);
  EXPECT_EQ(s.at(3).as_number().text(), "11");
}

TEST(SetOrder, Objects) {
  // "set objects": sorted by hash bytes, so numbers sort textually and names
  // by their %q form.
  std::vector<Value> in = {named(I(1), "b"),  named(I(2), "a"),  named(I(1), "a~"),
                           named(I(10), "a"), named(I(1), "a\n"), named(I(1), "\xc2\xa0"),
                           named(I(1), "b")};
  std::vector<std::string> want = {"<10;\"a\";>",   "<1;\"\\u00a0\";>", "<1;\"a\\n\";>",
                                   "<1;\"a~\";>",   "<1;\"b\";>",      "<2;\"a\";>"};
  for (int round = 0; round < 5; ++round) {
    Value s = set_of(in[0].type(), in);
    EXPECT_EQ(hash_list(s), want);
    std::mt19937 rng(round);
    std::shuffle(in.begin(), in.end(), rng);
  }
}

TEST(SetOrder, ObjectsWithUnknownAttrsAndNulls) {
  // "set objects unknown attr": {0,"x"}, {0,?}, {0,?}: the two unknown-bearing
  // objects never merge
  Value s = set_of(Type::object({{"n", TN()}, {"name", TS()}}),
                   {named(I(0), "x"), obj({{"n", I(0)}, {"name", Value::unknown(TS())}}),
                    obj({{"n", I(0)}, {"name", Value::unknown(TS())}}), named(I(0), "x")});
  EXPECT_EQ(hash_list(s), (std::vector<std::string>{"<0;\"x\";>", "<0;?;>", "<0;?;>"}));
  // "set objects with null+unknown elems"
  Type t = Type::object({{"n", TN()}, {"name", TS()}});
  Value s2 = set_of(t, {Value::null(t), unk_notnull(t), named(I(1), "b"), Value::unknown(t),
                        named(I(1), "a"), Value::null(t)});
  ASSERT_EQ(s2.length(), 5u);
  EXPECT_EQ(hb(s2.at(0)), "<1;\"a\";>");
  EXPECT_EQ(hb(s2.at(1)), "<1;\"b\";>");
  EXPECT_TRUE(s2.at(2).refinements().not_null);  // insertion order among unknowns
  EXPECT_FALSE(s2.at(3).is_known());
  EXPECT_TRUE(s2.at(4).is_null());
}

TEST(SetOrder, NumbersInObjectsTenDigits) {
  // "set numbers in objects 10 digits": 1.23456789e+10 < 1e-05 < 2
  Value s = set_of(Type::object({{"n", TN()}}),
                   {obj({{"n", I(2)}}), obj({{"n", P("0.00001")}}),
                    obj({{"n", Value::number(Number::from_uint64(12345678901))}})});
  EXPECT_EQ(hash_list(s), (std::vector<std::string>{"<1.23456789e+10;>", "<1e-05;>", "<2;>"}));
}

TEST(SetOrder, Lists) {
  // "set lists": [[], ["boop"]] -> [["boop"], []]
  Value s = set_of(Type::list(TS()), {list_of(TS(), {}), list_of(TS(), {S("boop")})});
  ASSERT_EQ(s.length(), 2u);
  EXPECT_EQ(s.at(0).length(), 1u);
  EXPECT_EQ(s.at(1).length(), 0u);
  // equal lists merge; lists with unknowns do not
  Value d = set_of(Type::list(TS()), {list_of(TS(), {S("a")}), list_of(TS(), {S("a")}),
                                      list_of(TS(), {Value::unknown(TS())}),
                                      list_of(TS(), {Value::unknown(TS())})});
  EXPECT_EQ(d.length(), 3u);
}

TEST(SetOrder, NestedSetsCompareAsSets) {
  Type ss = Type::set(TS());
  Value a = set_of(TS(), {S("x"), S("y")});
  Value b = set_of(TS(), {S("y"), S("x")});
  Value outer = set_of(ss, {a, b, set_of(TS(), {S("z")})});
  EXPECT_EQ(outer.length(), 2u);
  EXPECT_EQ(hash_list(outer), (std::vector<std::string>{"[\"x\";\"y\";]", "[\"z\";]"}));
}

TEST(SetOrder, MapsAndNullsInside) {
  std::vector<std::pair<std::string, Value>> m1, m2;
  m1.emplace_back("k", Value::null(TS()));
  m2.emplace_back("k", Value::null(TS()));
  Value s = set_of(Type::map(TS()), {Value::map(TS(), m1), Value::map(TS(), m2)});
  EXPECT_EQ(s.length(), 1u);  // nested nulls are Equals
}

TEST(SetLess, MatchesConstructionOrder) {
  EXPECT_TRUE(Value::set_less(S("B"), S("a")));
  EXPECT_FALSE(Value::set_less(S("a"), S("a")));
  EXPECT_TRUE(Value::set_less(S("z"), Value::unknown(TS())));
  EXPECT_TRUE(Value::set_less(Value::unknown(TS()), Value::null(TS())));
  EXPECT_FALSE(Value::set_less(Value::unknown(TS()), Value::unknown(TS())));
  EXPECT_FALSE(Value::set_less(Value::null(TS()), S("a")));
  EXPECT_TRUE(Value::set_less(I(2), I(10)));
  EXPECT_TRUE(Value::set_less(B(false), B(true)));
  EXPECT_FALSE(Value::set_less(B(true), B(false)));
  EXPECT_TRUE(Value::set_less(obj({{"n", I(10)}}), obj({{"n", I(2)}})));
  // raw-equal values are never less
  EXPECT_FALSE(Value::set_less(P("0.1"), F(0.1)));
  EXPECT_FALSE(Value::set_less(F(0.1), P("0.1")));
}

TEST(SetTypes, Errors) {
  EXPECT_THROW(set_of(TS(), {S("a"), I(1)}), dynval::Error);
  Value e = set_of(TS(), {});
  EXPECT_EQ(e.type(), Type::set(TS()));
  EXPECT_EQ(e.length(), 0u);
  Value one = set_of(Type::dynamic(), {S("a")});
  EXPECT_EQ(one.type(), Type::set(TS()));
}

TEST(SetScale, TwoHundredThousandElements) {
  // O(n log n) smoke test: completes without pairwise comparisons.
  const int n = 200000;
  std::vector<Value> strs, nums, objs;
  strs.reserve(n);
  nums.reserve(n);
  std::mt19937_64 rng(42);
  for (int i = 0; i < n; ++i) {
    uint64_t r = rng() % (n / 2);  // about half are duplicates
    strs.push_back(S("item-" + std::to_string(r)));
    nums.push_back(I(static_cast<int64_t>(r)));
    if (i < 50000) objs.push_back(named(I(static_cast<int64_t>(r % 1000)), "o" + std::to_string(r % 7)));
  }
  Value ss = set_of(TS(), strs);
  Value ns = set_of(TN(), nums);
  Value os = set_of(objs[0].type(), objs);
  EXPECT_EQ(ss.length(), ns.length());
  EXPECT_GT(ss.length(), static_cast<size_t>(n / 3));
  EXPECT_LT(ss.length(), static_cast<size_t>(n / 2 + 1));
  for (size_t i = 1; i < ss.length(); ++i) {
    ASSERT_LT(ss.at(i - 1).as_string(), ss.at(i).as_string());
    ASSERT_LT(Number::compare(ns.at(i - 1).as_number(), ns.at(i).as_number()), 0);
  }
  EXPECT_LE(os.length(), 7000u);
  for (size_t i = 1; i < os.length(); ++i) ASSERT_LT(hb(os.at(i - 1)), hb(os.at(i)));
  // the exact go-cty replay (0 and -0 present) at scale
  nums.push_back(P("-0"));
  nums.push_back(F(0.0));
  Value zs = set_of(TN(), nums);
  EXPECT_EQ(zs.length(), ns.length() + 1 + (ns.at(0).as_number().is_zero() ? 0 : 1));
  for (size_t i = 1; i < zs.length(); ++i) {
    ASSERT_LE(Number::compare(zs.at(i - 1).as_number(), zs.at(i).as_number()), 0);
  }
  // many unknowns: all kept
  std::vector<Value> unks(n, Value::unknown(TS()));
  EXPECT_EQ(set_of(TS(), unks).length(), static_cast<size_t>(n));
}

namespace {

// go-cty's Set.Add and setRules.Less, naively: an element is dropped when an
// earlier survivor has the same hash bytes and Equals() it (wholly known
// both); the survivors are then stable-sorted by Value::set_less. Valid
// while Less is a strict weak order (no two survivors RawEqual with
// different hash bytes), which `regular` reports.
std::vector<Value> reference_set(const std::vector<Value>& in, bool& regular) {
  std::vector<Value> kept;
  std::vector<std::string> hbs;
  for (const Value& v : in) {
    const std::string h = hb(v);
    bool dup = false;
    if (v.is_wholly_known()) {
      for (size_t k = 0; k < kept.size() && !dup; ++k) {
        dup = hbs[k] == h && kept[k].is_wholly_known() && kept[k].equals(v) == dynval::Tristate::True;
      }
    }
    if (dup) continue;
    kept.push_back(v);
    hbs.push_back(h);
  }
  regular = true;
  std::vector<uint64_t> hashes;
  for (const Value& v : kept) hashes.push_back(v.hash());
  for (size_t a = 0; a < kept.size() && regular; ++a) {
    for (size_t b = a + 1; b < kept.size() && regular; ++b) {
      if (hashes[a] == hashes[b] && hbs[a] != hbs[b] && kept[a].raw_equals(kept[b])) regular = false;
    }
  }
  std::stable_sort(kept.begin(), kept.end(), [](const Value& a, const Value& b) { return Value::set_less(a, b); });
  return kept;
}

// Random composite elements made to collide: few distinct leaves, strings
// that share their first 16+ bytes (so the sort's fixed-size prefix ties and
// the whole hash bytes decide), nested sets, unknown and null attributes,
// whole unknown and null elements, and refinements.
struct SetGen {
  std::mt19937_64 rng;
  explicit SetGen(uint64_t seed) : rng(seed) {}
  size_t pick(size_t n) { return static_cast<size_t>(rng() % n); }

  Value str() {
    static const char* stems[] = {"", "a", "host-0000001.zone", "host-0000001.zone-aaaaaaaaaaaaaaaa",
                                  "<\"x\";", "\xc3\xa9t\xc3\xa9", "zzzzzzzzzzzzzzzzzzzzzzzz"};
    std::string s = stems[pick(7)];
    if (pick(2)) s += static_cast<char>('a' + pick(3));
    return S(s);
  }
  Value num() {
    switch (pick(6)) {
      case 0: return F(1.5);
      case 1: return I(static_cast<int64_t>(pick(3)));
      case 2: return I(1234567890);
      default: return I(static_cast<int64_t>(pick(12)));
    }
  }
  Value maybe(Value v, const Type& t) {
    const size_t r = pick(20);
    if (r == 0) return Value::unknown(t);
    if (r == 1) return Value::null(t);
    if (r == 2) return unk_notnull(t);
    return v;
  }
  Value inner_set() {
    std::vector<Value> e;
    const size_t k = pick(4);
    for (size_t i = 0; i < k; ++i) e.push_back(maybe(str(), TS()));
    return set_of(TS(), std::move(e));
  }
  Type elem_type() {
    return obj({{"k", S("")}, {"n", I(0)}, {"s", set_of(TS(), {S("")})}}).type();
  }
  Value element() {
    Value v = obj({{"k", maybe(str(), TS())},
                   {"n", maybe(num(), TN())},
                   {"s", maybe(inner_set(), Type::set(TS()))}});
    return maybe(v, elem_type());
  }
  Value list_element() {
    std::vector<Value> e;
    const size_t k = pick(4);
    for (size_t i = 0; i < k; ++i) e.push_back(maybe(str(), TS()));
    return maybe(list_of(TS(), std::move(e)), Type::list(TS()));
  }
};

void expect_same_as_reference(const Type& et, const std::vector<Value>& in, int round) {
  bool regular = true;
  const std::vector<Value> want = reference_set(in, regular);
  const Value got = set_of(et, in);
  if (!regular) return;  // the exact go-cty replay decides; covered elsewhere
  ASSERT_EQ(got.length(), want.size()) << "round " << round;
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_TRUE(got.at(i).raw_equals(want[i])) << "round " << round << " at " << i << ": " << hb(got.at(i))
                                               << " vs " << hb(want[i]);
  }
}

}  // namespace

TEST(SetOrder, RandomCompositesMatchNaiveReference) {
  // Both construction paths: small sets (comparison sort) and sets of 64
  // and more survivors (radix sort on the prefix, then runs of equal
  // prefixes).
  SetGen g(20261126);
  int irregular = 0;
  for (int round = 0; round < 400; ++round) {
    const size_t n = round % 4 == 0 ? 300 + g.pick(500) : g.pick(120);
    std::vector<Value> pool, in;
    const bool lists = round % 5 == 4;
    const size_t distinct = 1 + g.pick(n + 1);
    for (size_t i = 0; i < distinct; ++i) pool.push_back(lists ? g.list_element() : g.element());
    for (size_t i = 0; i < n; ++i) {
      // duplicates both as shared blocks (copies) and rebuilt equal values
      in.push_back(g.pick(3) == 0 ? (lists ? g.list_element() : g.element()) : pool[g.pick(pool.size())]);
    }
    bool regular = true;
    reference_set(in, regular);
    irregular += !regular;
    expect_same_as_reference(lists ? Type::list(TS()) : g.elem_type(), in, round);
    if (HasFatalFailure()) return;
  }
  EXPECT_LT(irregular, 40);  // the comparison ran on most rounds
}

TEST(SetOrder, RandomLongSharedPrefixes) {
  // Objects whose hash bytes agree on far more than 16 bytes, in random
  // order and with duplicates: every order decision falls to the whole
  // hash bytes.
  std::mt19937_64 rng(7);
  for (int round = 0; round < 20; ++round) {
    std::vector<Value> in;
    const size_t n = 100 + rng() % 400;
    for (size_t i = 0; i < n; ++i) {
      std::string name = "zone-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-" + std::to_string(rng() % (n / 2));
      in.push_back(obj({{"name", S(name)}, {"ttl", I(static_cast<int64_t>(rng() % 3))}}));
    }
    expect_same_as_reference(in[0].type(), in, round);
    if (HasFatalFailure()) return;
  }
}

namespace {

std::string error_of(const Type& et, std::vector<Value> elems) {
  try {
    set_of(et, std::move(elems));
  } catch (const dynval::Error& e) {
    EXPECT_EQ(e.status(), dynval::Status::TypeMismatch);
    return e.message();
  }
  return "(no error)";
}

}  // namespace

TEST(SetTypes, StructuralElementsCheckedInTheBuildPass) {
  // Sets of structural elements check their types during construction's
  // one pass over the elements (Value::set): the same errors, in the same
  // precedence, and the same retyping as resolve_element_type.
  const Value a = obj({{"a", S("x")}});
  const Value a2 = obj({{"a", S("y")}});
  const Value n = obj({{"a", I(1)}});
  const Type ta = a.type();
  EXPECT_EQ(error_of(ta, {a, a2, n}),
            "inconsistent set element types (object then object)")
      << error_of(ta, {a, a2, n});
  // both an inconsistency and a mismatch with the asked type: the first wins
  EXPECT_NE(error_of(n.type(), {a, n}).find("inconsistent set element types"), std::string::npos);
  EXPECT_NE(error_of(n.type(), {a, a2}).find("does not match"), std::string::npos);
  // dynamic-typed nulls and unknowns take the element type, in any position
  const Value s = set_of(Type::dynamic(),
                         {Value::null(Type::dynamic()), a, Value::unknown(Type::dynamic()), a2, a});
  EXPECT_EQ(s.type(), Type::set(ta));
  ASSERT_EQ(s.length(), 4u);
  for (size_t i = 0; i < s.length(); ++i) EXPECT_EQ(s.at(i).type(), ta) << i;
  // an asked type with dynamic inside takes the elements' type
  const Type with_dyn = obj({{"a", Value::null(Type::dynamic())}}).type();
  EXPECT_EQ(set_of(with_dyn, {a, a2}).type(), Type::set(ta));
  // the list constructor, which keeps the separate pass, agrees
  EXPECT_EQ(error_of(ta, {a, a2, n}).substr(16), std::string([&] {
              try {
                list_of(ta, {a, a2, n});
              } catch (const dynval::Error& e) {
                return e.message();
              }
              return std::string();
            }()).substr(17));
}
