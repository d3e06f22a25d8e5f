// Compares dynval::text with Go / go-cty on the lines printed by main.go
// (read from stdin): NFC, is_nfc, LastBoundary, %q, JSON and SafeKnownPrefix.
// Run by run.sh (meson test "gocty_text", suite "gocty").
// Exit status: 0 when everything matches, 1 otherwise.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "text/text.hpp"

using namespace dynval::text;

namespace {

std::string unhex(const std::string& h) {
  std::string out;
  out.reserve(h.size() / 2);
  for (size_t i = 0; i + 1 < h.size(); i += 2) out += static_cast<char>(std::stoi(h.substr(i, 2), nullptr, 16));
  return out;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> f;
  size_t start = 0;
  for (;;) {
    size_t t = line.find('\t', start);
    f.push_back(line.substr(start, t == std::string::npos ? std::string::npos : t - start));
    if (t == std::string::npos) break;
    start = t + 1;
  }
  return f;
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  long lines = 0, failures = 0;
  const char* names[] = {"nfc", "is_nfc", "last_boundary", "quote", "json", "safe_known_prefix"};
  long per_kind[6] = {};
  long declared = -1;
  while (std::getline(std::cin, line)) {
    if (line.rfind("#end ", 0) == 0) {
      declared = std::stol(line.substr(5));
      break;
    }
    auto f = split_tabs(line);
    if (f.size() != 6) {
      std::cerr << "malformed line " << lines + 1 << "\n";
      return 1;
    }
    ++lines;
    std::string in = unhex(f[0]);
    std::string want_nfc = unhex(f[1]);
    long want_lb = std::stol(f[2]);
    std::string want_q = unhex(f[3]), want_js = unhex(f[4]), want_skp = unhex(f[5]);

    std::string got_js;
    append_json_quoted(got_js, in);
    const bool ok[6] = {
        to_nfc(in) == want_nfc,
        is_nfc(in) == (want_nfc == in),
        nfc_last_boundary(in) == want_lb,
        go_quoted(in) == want_q,
        got_js == want_js,
        safe_known_prefix(in) == want_skp,
    };
    for (int k = 0; k < 6; ++k) {
      if (ok[k]) continue;
      ++per_kind[k];
      if (++failures <= 40) {
        std::cerr << "MISMATCH " << names[k] << " hex=" << f[0] << " input=" << go_quoted(in);
        if (k == 0) std::cerr << " got=" << go_quoted(to_nfc(in)) << " want=" << go_quoted(want_nfc);
        if (k == 2) std::cerr << " got=" << nfc_last_boundary(in) << " want=" << want_lb;
        if (k == 3) std::cerr << " got=" << go_quoted(in) << " want=" << want_q;
        if (k == 4) std::cerr << " got=" << got_js << " want=" << want_js;
        if (k == 5)
          std::cerr << " got=" << go_quoted(safe_known_prefix(in)) << " want=" << go_quoted(want_skp);
        std::cerr << "\n";
      }
    }
  }
  std::cout << lines << " strings checked, " << failures << " mismatches";
  for (int k = 0; k < 6; ++k)
    if (per_kind[k]) std::cout << " [" << names[k] << ": " << per_kind[k] << "]";
  std::cout << "\n";
  if (lines == 0 || declared != lines) {
    std::cerr << "incomplete input: " << lines << " lines, end marker " << declared << "\n";
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
