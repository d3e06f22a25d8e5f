// Every number row of tests/data/gocty-vectors.txt (bytes produced by go-cty
// itself): MP rows give the msgpack form (and for float64/int/string the
// exact payload), JS rows the JSON text = Text('f', -1), HS rows the
// Text('f', -1) text (input column) and the set-hash String() (output).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "common/golden.hpp"
#include "number/number.hpp"

using dynval::Number;

namespace {

using dynval::test::GoldenRow;

bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

bool is_number_label(const std::string& l) {
  return starts_with(l, "parse ") || starts_with(l, "float ") || l == "uint max" ||
         starts_with(l, "bigfloat ") || l == "+Inf" || l == "-Inf" || starts_with(l, "int64 ");
}

// The MP, JS and HS rows about numbers, in file order.
std::vector<GoldenRow> number_rows() {
  std::vector<GoldenRow> rows;
  for (const GoldenRow& r : dynval::test::gocty_vectors()) {
    if ((r.kind == "MP" || r.kind == "JS" || r.kind == "HS") && is_number_label(r.label)) rows.push_back(r);
  }
  return rows;
}

// The value a label describes (how the vector generator built it).
std::optional<Number> build(const std::string& label) {
  if (starts_with(label, "parse ")) return Number::parse(label.substr(6));
  if (label == "+Inf") return Number::infinity(false);
  if (label == "-Inf") return Number::infinity(true);
  if (label == "uint max") return Number::from_uint64(UINT64_MAX);
  if (label == "bigfloat prec 10 of 1/3") return Number::from_double_prec(1.0 / 3, 10);
  if (label == "int64 from NumberIntVal(-5)") return Number::from_int64(-5);
  if (starts_with(label, "float ")) {
    std::string x = label.substr(6);
    size_t sp = x.find(' ');
    if (sp != std::string::npos) x = x.substr(0, sp);  // "1e-320 subnormal"
    if (x == "2^53") return Number::from_double(9007199254740992.0);
    if (x == "0.1+0.2") return Number::from_double(0.1 + 0.2);  // binary64 sum
    return Number::from_double(std::strtod(x.c_str(), nullptr));
  }
  return std::nullopt;
}

std::vector<uint8_t> unhex(const std::string& h) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i + 1 < h.size(); i += 2) {
    out.push_back(static_cast<uint8_t>(std::stoul(h.substr(i, 2), nullptr, 16)));
  }
  return out;
}

uint64_t be(const std::vector<uint8_t>& b, size_t off, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) v = (v << 8) | b.at(off + i);
  return v;
}

// Checks one MP row: header class selects the wire form, payload the value.
void check_msgpack(const Number& n, const std::string& hex, const std::string& where) {
  std::vector<uint8_t> b = unhex(hex);
  ASSERT_FALSE(b.empty()) << where;
  uint8_t h = b[0];
  bool exact = false;
  if (h <= 0x7f || h >= 0xe0 || (h >= 0xcc && h <= 0xd3)) {
    EXPECT_EQ(n.wire_form(), Number::WireForm::Int64) << where;
    int64_t want;
    if (h <= 0x7f) {
      want = h;
    } else if (h >= 0xe0) {
      want = static_cast<int8_t>(h);
    } else if (h <= 0xcf) {
      want = static_cast<int64_t>(be(b, 1, size_t{1} << (h - 0xcc)));
    } else {
      size_t len = size_t{1} << (h - 0xd0);
      uint64_t raw = be(b, 1, len);
      int shift = static_cast<int>(64 - 8 * len);
      want = static_cast<int64_t>(raw << shift) >> shift;
    }
    EXPECT_EQ(n.to_int64(&exact), want) << where;
    EXPECT_TRUE(exact) << where;
  } else if (h == 0xcb) {
    EXPECT_EQ(n.wire_form(), Number::WireForm::Float64) << where;
    double d = n.to_double(&exact);
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    EXPECT_EQ(bits, be(b, 1, 8)) << where;
    EXPECT_TRUE(exact) << where;
  } else {
    size_t off;
    if (h >= 0xa0 && h <= 0xbf) {
      off = 1;
    } else if (h == 0xd9) {
      off = 2;
    } else if (h == 0xda) {
      off = 3;
    } else {
      ASSERT_EQ(h, 0xdb) << where;
      off = 5;
    }
    EXPECT_EQ(n.wire_form(), Number::WireForm::Text) << where;
    EXPECT_EQ(n.text(), std::string(b.begin() + static_cast<long>(off), b.end())) << where;
  }
}

TEST(NumberVectors, AllNumberRows) {
  int mp = 0, js = 0, hs = 0;
  for (const GoldenRow& r : number_rows()) {
    std::string where = "line " + std::to_string(r.line) + ": " + r.kind + " " + r.label;
    std::optional<Number> n = build(r.label);
    ASSERT_TRUE(n.has_value()) << where;
    if (r.kind == "MP") {
      check_msgpack(*n, r.output, where);
      mp++;
    } else if (r.kind == "JS") {
      if (starts_with(r.output, "ERR")) {
        EXPECT_TRUE(n->is_inf()) << where;  // JSON cannot carry infinities
      } else {
        EXPECT_EQ(n->text(), r.output) << where;
      }
      js++;
    } else {
      EXPECT_EQ(n->text(), r.input) << where;
      EXPECT_EQ(n->hash_text(), r.output) << where;
      hs++;
    }
  }
  // The file has 60 MP, 60 JS and 14 HS number rows; fail loudly if the
  // row selection silently stops matching.
  EXPECT_EQ(mp, 60);
  EXPECT_EQ(js, 60);
  EXPECT_EQ(hs, 14);
  std::printf("checked %d MP, %d JS, %d HS number rows\n", mp, js, hs);
}

}  // namespace
