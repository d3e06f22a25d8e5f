// gocty_number_check: reads the TSV printed by the Go program in this folder
// (go run . | gocty_number_check) and recomputes every column with
// dynval::Number. Prints the number of cases and mismatches; exits 1 on any
// mismatch (the first few are shown in full), 2 on malformed input.
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "number/number.hpp"

using dynval::Number;

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> f;
  size_t start = 0;
  for (;;) {
    size_t p = line.find('\t', start);
    if (p == std::string::npos) {
      f.push_back(line.substr(start));
      return f;
    }
    f.push_back(line.substr(start, p - start));
    start = p + 1;
  }
}

template <class T>
bool parse_int(const std::string& s, T& v, int base = 10) {
  auto r = std::from_chars(s.data(), s.data() + s.size(), v, base);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

// Builds the value a row describes; nullopt for a failed parse.
std::optional<Number> build(const std::string& kind, const std::string& input, bool& bad) {
  bad = false;
  uint32_t prec = 0;
  if (kind.size() > 1 && !parse_int(kind.substr(1), prec)) {
    bad = true;
    return std::nullopt;
  }
  switch (kind[0]) {
    case 'p':
      return Number::parse_prec(input, prec);
    case 'd': {
      uint64_t bits;
      if (!parse_int(input, bits, 16)) break;
      double d;
      std::memcpy(&d, &bits, sizeof d);
      return Number::from_double_prec(d, prec);
    }
    case 'i': {
      int64_t v;
      if (!parse_int(input, v)) break;
      return Number::from_int64(v);
    }
    case 'u': {
      uint64_t v;
      if (!parse_int(input, v)) break;
      return Number::from_uint64(v);
    }
  }
  bad = true;
  return std::nullopt;
}

const char* wire_letter(Number::WireForm w) {
  switch (w) {
    case Number::WireForm::Int64:
      return "I";
    case Number::WireForm::Float64:
      return "F";
    case Number::WireForm::Text:
      return "T";
    case Number::WireForm::Uint64:
      return "U";
  }
  return "?";
}

std::string row(const std::string& kind, const std::string& input, const Number& n, const Number* prev) {
  std::string s = kind + "\t" + input + "\t" + n.text() + "\t" + n.hash_text();
  bool ex;
  char buf[64];
  int64_t i = n.to_int64(&ex);
  std::snprintf(buf, sizeof buf, "\t%" PRId64 "\t%d", i, ex ? 1 : 0);
  s += buf;
  uint64_t u = n.to_uint64(&ex);
  std::snprintf(buf, sizeof buf, "\t%" PRIu64 "\t%d", u, ex ? 1 : 0);
  s += buf;
  double d = n.to_double(&ex);
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  std::snprintf(buf, sizeof buf, "\t%016" PRIx64 "\t%d", bits, ex ? 1 : 0);
  s += buf;
  s += n.is_integer() ? "\t1" : "\t0";
  s += "\t" + std::to_string(n.sign());
  s += std::string("\t") + wire_letter(n.wire_form());
  if (prev) {
    s += "\t" + std::to_string(Number::compare(*prev, n));
    bool eq = Number::equal(*prev, n);
    s += eq ? "\t1" : "\t0";
    // The equality key must agree with equal().
    std::string ka, kb;
    prev->append_equality_key(ka);
    n.append_equality_key(kb);
    if ((ka == kb) != eq) s += "\tKEY-MISMATCH(" + ka + " vs " + kb + ")";
  } else {
    s += "\t-\t-";
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::istream* in = &std::cin;
  std::ifstream file;
  if (argc > 1) {
    file.open(argv[1]);
    if (!file) {
      std::fprintf(stderr, "cannot open %s\n", argv[1]);
      return 2;
    }
    in = &file;
  }
  std::string line;
  uint64_t cases = 0, mismatches = 0;
  std::optional<Number> prev;
  while (std::getline(*in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> f = split_tabs(line);
    if (f.size() < 3) {
      std::fprintf(stderr, "malformed line: %s\n", line.c_str());
      return 2;
    }
    cases++;
    bool bad = false;
    std::optional<Number> n;
    std::string got;
    try {
      n = build(f[0], f[1], bad);
      if (bad) {
        std::fprintf(stderr, "malformed line: %s\n", line.c_str());
        return 2;
      }
      got = n ? row(f[0], f[1], *n, prev ? &*prev : nullptr) : f[0] + "\t" + f[1] + "\tERR";
    } catch (const std::exception& e) {
      got = std::string("EXCEPTION ") + e.what();
    }
    if (got != line) {
      if (++mismatches <= 20) {
        std::printf("MISMATCH\n  go:  %s\n  c++: %s\n", line.c_str(), got.c_str());
      }
    }
    if (n) prev = std::move(n);
  }
  std::printf("gocty_number_check: %" PRIu64 " cases, %" PRIu64 " mismatches\n", cases, mismatches);
  return mismatches == 0 && cases > 0 ? 0 : 1;
}
