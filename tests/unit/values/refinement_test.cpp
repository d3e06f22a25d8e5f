// Refined unknowns: validation and collapse (go-cty unknown_refinement.go,
// docs/gocty-behaviour.md#refinements and the "unk ..." / "refine ..." vectors).
#include <gtest/gtest.h>

#include <functional>

#include "common/outcome.hpp"
#include "support/error.hpp"
#include "values/refinement.hpp"
#include "values/value.hpp"
#include "helpers.hpp"

using namespace dvtest;
using dynval::Error;
using dynval::NumberBound;
using dynval::Refinements;
using dynval::Status;

namespace {

using dynval::test::status_of;

NumberBound bound(int64_t v, bool inc) { return NumberBound{Number::from_int64(v), inc}; }

Value refine(const Type& t, const std::function<void(Refinements&)>& f) {
  Refinements r;
  f(r);
  return Value::unknown_refined(t, std::move(r));
}

}  // namespace

TEST(Refinement, EmptyAndEquality) {
  Refinements r;
  EXPECT_TRUE(r.empty());
  Refinements s = r;
  EXPECT_TRUE(r == s);
  s.not_null = true;
  EXPECT_FALSE(s.empty());
  EXPECT_FALSE(r == s);
  Refinements a, b;
  a.lower = NumberBound{*Number::parse("0.1"), true};
  b.lower = NumberBound{Number::from_double(0.1), true};
  EXPECT_TRUE(a == b);  // rawNumberEqual: both print 0.1
  b.lower->inclusive = false;
  EXPECT_FALSE(a == b);
}

TEST(Refinement, StringNotNullAndPrefix) {
  Value v = unk_notnull(TS());  // "unk string notnull"
  EXPECT_FALSE(v.is_known());
  EXPECT_TRUE(v.refinements().not_null);
  Value p = refine(TS(), [](Refinements& r) { r.prefix = "foo-"; });  // "prefix foo-"
  EXPECT_EQ(p.refinements().prefix, "foo-");
  EXPECT_FALSE(p.refinements().not_null);
  Value np = refine(TS(), [](Refinements& r) {
    r.not_null = true;
    r.prefix = "foo-";
  });
  EXPECT_TRUE(np.refinements().not_null);
  EXPECT_EQ(np.refinements().prefix, "foo-");
  // NFC-normalised, not trimmed (StringPrefixFull)
  Value n = refine(TS(), [](Refinements& r) { r.prefix = "caf" "e\xcc\x81"; });
  EXPECT_EQ(n.refinements().prefix, "caf\xc3\xa9");
  Value full = refine(TS(), [](Refinements& r) { r.prefix = "foo"; });  // "prefixfull foo"
  EXPECT_EQ(full.refinements().prefix, "foo");
}

TEST(Refinement, NumberBounds) {
  Value ge0 = refine(TN(), [](Refinements& r) { r.lower = bound(0, true); });
  ASSERT_TRUE(ge0.refinements().lower.has_value());
  EXPECT_TRUE(ge0.refinements().lower->inclusive);
  EXPECT_FALSE(ge0.refinements().upper.has_value());
  Value gt0 = refine(TN(), [](Refinements& r) { r.lower = bound(0, false); });
  EXPECT_FALSE(gt0.refinements().lower->inclusive);
  Value range = refine(TN(), [](Refinements& r) {
    r.not_null = true;
    r.lower = bound(0, true);
    r.upper = bound(1, true);
  });
  EXPECT_FALSE(range.is_known());
  EXPECT_EQ(range.refinements().upper->value.text(), "1");
  // "unk number [5,5] notnull -> known"
  Value five = refine(TN(), [](Refinements& r) {
    r.not_null = true;
    r.lower = bound(5, true);
    r.upper = bound(5, true);
  });
  ASSERT_TRUE(five.is_known());
  EXPECT_EQ(five.as_number().text(), "5");
  // without NotNull it stays unknown
  Value five_nullable = refine(TN(), [](Refinements& r) {
    r.lower = bound(5, true);
    r.upper = bound(5, true);
  });
  EXPECT_FALSE(five_nullable.is_known());
  // equal by rawNumberEqual (text) though not by value: collapses to the lower bound
  Value text_eq = refine(TN(), [](Refinements& r) {
    r.not_null = true;
    r.lower = NumberBound{*Number::parse("0.1"), true};
    r.upper = NumberBound{Number::from_double(0.1), true};
  });
  ASSERT_TRUE(text_eq.is_known());
  EXPECT_EQ(text_eq.as_number().precision(), 512u);
  // explicit infinite bounds are kept
  Value inf = refine(TN(), [](Refinements& r) { r.lower = NumberBound{Number::infinity(true), true}; });
  ASSERT_TRUE(inf.refinements().lower.has_value());
  EXPECT_TRUE(inf.refinements().lower->value.is_inf());
  // "[0.5, 1e30)"
  Value mixed = refine(TN(), [](Refinements& r) {
    r.lower = NumberBound{*Number::parse("0.5"), true};
    r.upper = NumberBound{*Number::parse("1e30"), false};
  });
  EXPECT_FALSE(mixed.refinements().upper->inclusive);
}

TEST(Refinement, CollectionLengths) {
  Type ls = Type::list(TS());
  Value ge1 = refine(ls, [](Refinements& r) { r.len_min = 1; });  // "len>=1"
  EXPECT_EQ(ge1.refinements().len_min, 1);
  EXPECT_EQ(ge1.refinements().len_max, INT64_MAX);
  Value le200 = refine(ls, [](Refinements& r) { r.len_max = 200; });
  EXPECT_EQ(le200.refinements().len_max, 200);
  Value one_two = refine(ls, [](Refinements& r) {
    r.not_null = true;
    r.len_min = 1;
    r.len_max = 2;
  });
  EXPECT_FALSE(one_two.is_known());
  // "unk list len 2..2 notnull -> known": a known list of two unknowns
  Value two = refine(ls, [](Refinements& r) {
    r.not_null = true;
    r.len_min = 2;
    r.len_max = 2;
  });
  ASSERT_TRUE(two.is_known());
  EXPECT_EQ(two.type(), ls);
  ASSERT_EQ(two.length(), 2u);
  EXPECT_FALSE(two.at(0).is_known());
  EXPECT_TRUE(two.at(0).refinements().empty());
  // a huge known length stays unknown
  Value huge = refine(ls, [](Refinements& r) {
    r.not_null = true;
    r.len_min = r.len_max = int64_t{1} << 40;
  });
  EXPECT_FALSE(huge.is_known());
  Value cap = refine(ls, [](Refinements& r) {
    r.not_null = true;
    r.len_min = r.len_max = Value::kMaxCollapsedListLength;
  });
  ASSERT_TRUE(cap.is_known());
  EXPECT_EQ(cap.length(), static_cast<size_t>(Value::kMaxCollapsedListLength));
  // "unk set len 2..2 notnull" stays unknown
  Type ss = Type::set(TS());
  Value set2 = refine(ss, [](Refinements& r) {
    r.not_null = true;
    r.len_min = 2;
    r.len_max = 2;
  });
  EXPECT_FALSE(set2.is_known());
  EXPECT_EQ(set2.refinements().len_min, 2);
  // set [1,1] -> a set of one unknown
  Value set1 = refine(ss, [](Refinements& r) {
    r.not_null = true;
    r.len_min = 1;
    r.len_max = 1;
  });
  ASSERT_TRUE(set1.is_known());
  ASSERT_EQ(set1.length(), 1u);
  EXPECT_FALSE(set1.at(0).is_known());
  // [0,0] -> empty list, set, map
  for (const Type& t : {ls, ss, Type::map(TN())}) {
    Value e = refine(t, [](Refinements& r) {
      r.not_null = true;
      r.len_max = 0;
    });
    ASSERT_TRUE(e.is_known()) << t.friendly_name();
    EXPECT_EQ(e.type(), t);
    EXPECT_EQ(e.length(), 0u);
  }
  // map [3,3] stays unknown; "unk map len>=3"
  Value m3 = refine(Type::map(TN()), [](Refinements& r) {
    r.not_null = true;
    r.len_min = r.len_max = 3;
  });
  EXPECT_FALSE(m3.is_known());
  // "refine len min -5": no refinement at all
  Value neg = refine(ls, [](Refinements& r) { r.len_min = -5; });
  EXPECT_FALSE(neg.is_known());
  EXPECT_TRUE(neg.refinements().empty());
}

TEST(Refinement, OtherTypesAndDynamic) {
  for (const Type& t : {TB(), Type::object({{"a", TS()}}), Type::tuple({TS()})}) {
    Value v = unk_notnull(t);  // "unk bool/object/tuple notnull"
    EXPECT_FALSE(v.is_known());
    EXPECT_TRUE(v.refinements().not_null);
  }
  // "refine dyn notnull" -> cty.DynamicVal; even contradictions are ignored
  Value d = refine(Type::dynamic(), [](Refinements& r) {
    r.not_null = true;
    r.len_min = 5;
    r.len_max = 3;
  });
  EXPECT_FALSE(d.is_known());
  EXPECT_TRUE(d.type().is_dynamic());
  EXPECT_TRUE(d.refinements().empty());
  // Empty refinements are a plain unknown.
  Value u = Value::unknown_refined(TS(), Refinements{});
  EXPECT_TRUE(u.raw_equals(Value::unknown(TS())));
}

TEST(Refinement, ContradictionsAreErrors) {
  auto st = [](const Type& t, std::function<void(Refinements&)> f) {
    return status_of([&] { refine(t, f); });
  };
  // "refine prefix on number"
  EXPECT_EQ(st(TN(), [](Refinements& r) { r.prefix = "x"; }), Status::Refinement);
  EXPECT_EQ(st(Type::list(TS()), [](Refinements& r) { r.prefix = "x"; }), Status::Refinement);
  // number bounds on a non-number
  EXPECT_EQ(st(TS(), [](Refinements& r) { r.lower = bound(0, true); }), Status::Refinement);
  EXPECT_EQ(st(Type::set(TN()), [](Refinements& r) { r.upper = bound(0, true); }), Status::Refinement);
  // length bounds on a non-collection
  EXPECT_EQ(st(TS(), [](Refinements& r) { r.len_min = 1; }), Status::Refinement);
  EXPECT_EQ(st(Type::tuple({TS()}), [](Refinements& r) { r.len_max = 1; }), Status::Refinement);
  EXPECT_EQ(st(Type::object({}), [](Refinements& r) { r.len_max = 1; }), Status::Refinement);
  // "refine num min 2 max 1"
  EXPECT_EQ(st(TN(), [](Refinements& r) {
              r.lower = bound(2, true);
              r.upper = bound(1, true);
            }),
            Status::Refinement);
  // equal bounds but not both inclusive: no number fits
  EXPECT_EQ(st(TN(), [](Refinements& r) {
              r.lower = bound(1, true);
              r.upper = bound(1, false);
            }),
            Status::Refinement);
  EXPECT_EQ(st(TN(), [](Refinements& r) {
              r.lower = bound(1, false);
              r.upper = bound(1, true);
            }),
            Status::Refinement);
  EXPECT_EQ(st(TN(), [](Refinements& r) {
              r.lower = bound(1, false);
              r.upper = bound(1, false);
            }),
            Status::Refinement);
  // "refine len min 5 max 3"
  EXPECT_EQ(st(Type::list(TS()), [](Refinements& r) {
              r.len_min = 5;
              r.len_max = 3;
            }),
            Status::Refinement);
  EXPECT_EQ(st(Type::map(TS()), [](Refinements& r) { r.len_max = -1; }), Status::Refinement);
  // the message says what is wrong
  try {
    refine(Type::list(TS()), [](Refinements& r) {
      r.len_min = 5;
      r.len_max = 3;
    });
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(e.message().find("upper bound 3 is less than lower bound 5"), std::string::npos)
        << e.message();
  }
  // consistent bounds are fine
  EXPECT_EQ(st(TN(), [](Refinements& r) {
              r.lower = bound(1, false);
              r.upper = bound(2, false);
            }),
            Status::Ok);
}

TEST(Refinement, EncodedPrefix) {
  Refinements r;
  r.prefix = std::string(300, 'a');  // "unk string prefix 300 a's": 254 a's on the wire
  EXPECT_EQ(dynval::encoded_prefix(r), std::string(254, 'a'));
  r.prefix = std::string(256, 'a');  // kept whole
  EXPECT_EQ(dynval::encoded_prefix(r), std::string(256, 'a'));
  r.prefix = std::string(254, 'a') + "-" + std::string(10, 'x');  // cut at 255, '-' is safe
  EXPECT_EQ(dynval::encoded_prefix(r), std::string(254, 'a') + "-");
  r.prefix = "foo-";
  EXPECT_EQ(dynval::encoded_prefix(r), "foo-");
  r.prefix.clear();
  EXPECT_EQ(dynval::encoded_prefix(r), "");
  // the stored prefix itself is never trimmed
  Value v = refine(TS(), [](Refinements& x) { x.prefix = std::string(300, 'a'); });
  EXPECT_EQ(v.refinements().prefix.size(), 300u);
}

// A set or decoded +/-Inf bound is a real bound (go-cty records it unless it
// is its NegativeInfinity/PositiveInfinity singleton, i.e. never set): it
// survives unknown_refined and takes part in equality, raw equality and
// hashing; a lower bound of -Inf exclusive excludes -Inf itself.
TEST(Refinement, InfiniteBoundsAreRealBounds) {
  Value lo = refine(TN(), [](Refinements& r) { r.lower = NumberBound{Number::infinity(true), false}; });
  ASSERT_FALSE(lo.is_known());
  ASSERT_TRUE(lo.refinements().lower.has_value());
  EXPECT_FALSE(lo.refinements().lower->inclusive);
  EXPECT_FALSE(lo.refinements().empty());
  Value plain = Value::unknown(TN());
  EXPECT_FALSE(lo.raw_equals(plain));
  EXPECT_TRUE(lo.raw_equals(refine(TN(), [](Refinements& r) { r.lower = NumberBound{Number::infinity(true), false}; })));
  EXPECT_FALSE(lo.raw_equals(refine(TN(), [](Refinements& r) { r.lower = NumberBound{Number::infinity(true), true}; })));
  EXPECT_NE(lo.hash(), plain.hash());
  // ValueRange.Includes: -Inf is not > -Inf; 0 might be.
  EXPECT_EQ(lo.equals(Value::number(Number::infinity(true))), dynval::Tristate::False);
  EXPECT_EQ(lo.equals(Value::number(Number::from_int64(0))), dynval::Tristate::Unknown);
  // [+Inf, +Inf] and NotNull collapses to +Inf (RefinementBuilder.NewValue).
  Value pinned = refine(TN(), [](Refinements& r) {
    r.not_null = true;
    r.lower = NumberBound{Number::infinity(false), true};
    r.upper = NumberBound{Number::infinity(false), true};
  });
  ASSERT_TRUE(pinned.is_known());
  EXPECT_TRUE(pinned.as_number().is_inf());
  EXPECT_EQ(lo.go_string(), "cty.UnknownVal(cty.Number).Refine().NumberLowerBound(cty.NumberFloatVal(-Inf), false).NewValue()");
}
