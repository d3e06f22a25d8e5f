// A main() for the fuzz targets when they are built without libFuzzer (the
// ordinary gcc build and the sanitizer builds): runs the target once on
// every file named on the command line, or in the folders named there, so
// the seed corpora are regression tests in every build. A check that fails
// aborts, which fails the test.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

size_t run_file(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (!f.good() && !f.eof()) {
    std::fprintf(stderr, "cannot read %s\n", p.c_str());
    std::exit(2);
  }
  // A separate heap copy of exactly the input's size, so that ASan catches
  // reads past the end.
  auto* data = new uint8_t[bytes.size()];
  std::copy(bytes.begin(), bytes.end(), data);
  LLVMFuzzerTestOneInput(data, bytes.size());
  delete[] data;
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  size_t n = 0;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path p(argv[i]);
    if (std::filesystem::is_directory(p)) {
      std::vector<std::filesystem::path> files;
      for (const auto& e : std::filesystem::directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      for (const auto& f : files) n += run_file(f);
    } else if (std::filesystem::exists(p)) {
      n += run_file(p);
    } else {
      std::fprintf(stderr, "no such file or folder: %s\n", argv[i]);
      return 2;
    }
  }
  if (n == 0) {
    std::fprintf(stderr, "no inputs\n");
    return 2;
  }
  std::printf("ran %zu inputs\n", n);
  return 0;
}
