// The dynval tool's files (files.hpp).
#include "files.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>


namespace dynval::cli {

namespace {

std::string display_name(const std::string& path, const char* stdio_name) {
  return path == "-" ? stdio_name : path;
}

// A mapped input that shrinks under us faults with SIGBUS on the missing
// pages: report it as the read error it is instead of dying by the signal.
extern "C" void on_sigbus(int) {
  static const char msg[] = "dynval: input file changed (truncated) while being read\n";
  ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
  (void)ignored;
  _exit(1);
}

void catch_sigbus() {
  static bool installed = false;
  if (installed) return;
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigbus;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGBUS, &sa, nullptr);
  installed = true;
}

}  // namespace

InputError from_library(const dv_error_t* e) {
  InputError r{dv_error_status(e), std::string(dv_error_message(e).ptr, dv_error_message(e).len),
               std::string(dv_error_path(e).ptr, dv_error_path(e).len), dv_error_offset(e), nullptr};
  dv_path_t* steps = nullptr;
  if (dv_error_path_length(e) > 0 && dv_path_clone(&steps, dv_error_path_steps(e), nullptr) == DV_OK)
    r.steps.reset(steps, dv_path_free);
  return r;
}

// The offset is where reading stopped.
InputError input_too_large(size_t max) {
  return {DV_ERR_LIMIT, "input exceeds the limit of " + std::to_string(max) + " bytes", "", max, nullptr};
}

InputError output_too_large(size_t max) {
  return {DV_ERR_LIMIT, "output would exceed the limit of " + std::to_string(max) + " bytes", "", DV_OFFSET_NONE,
          nullptr};
}

std::string read_all(const std::string& path, size_t max) {
  const std::string name = display_name(path, "standard input");
  FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) throw UsageError{"cannot read " + name + ": " + std::strerror(errno)};
  struct Closer {
    FILE* f;
    ~Closer() {
      if (f != stdin) std::fclose(f);
    }
  } closer{f};
  struct stat st;
  const bool stat_ok = fstat(fileno(f), &st) == 0;
  if (stat_ok && S_ISDIR(st.st_mode)) throw UsageError{"cannot read " + name + ": is a directory"};
  // A regular file's size is known: one allocation, mapped in at once, with
  // room for the JSON readers' padding, and the file read straight into it
  // (asking one byte more than its size finds the end without growing).
  std::string s;
  if (stat_ok && S_ISREG(st.st_mode) && st.st_size > 0) {
    s.reserve(std::min(size_t(st.st_size), max) + 1 + DV_JSON_PADDING);
    for (;;) {
      const size_t at = s.size();
      const size_t room = s.capacity() - at > DV_JSON_PADDING ? s.capacity() - at - DV_JSON_PADDING : size_t(1) << 16;
      s.resize(at + room);
      const size_t n = std::fread(s.data() + at, 1, room, f);
      s.resize(at + n);
      if (s.size() > max) throw input_too_large(max);
      if (n < room) {
        if (std::ferror(f)) throw UsageError{"cannot read " + name + ": " + std::strerror(errno)};
        if (std::feof(f)) return s;
      }
    }
  }
  // Anything else (a pipe, a device) is read in chunks of 1 MiB, at most
  // one byte past the limit, then gathered into one string: each chunk is
  // freed once copied, so the memory held stays about what was read (a
  // string grown by doubling holds up to twice that while it is copied).
  constexpr size_t kChunk = size_t(1) << 20;
  std::vector<std::string> chunks;
  size_t total = 0;
  for (bool end = false; !end;) {
    std::string& c = chunks.emplace_back();
    c.resize(kChunk);
    size_t got = 0;
    while (got < kChunk) {
      const size_t n = std::fread(c.data() + got, 1, kChunk - got, f);
      got += n;
      if (n == 0) {
        if (std::ferror(f)) throw UsageError{"cannot read " + name + ": " + std::strerror(errno)};
        end = true;
        break;
      }
    }
    c.resize(got);
    total += got;
    if (total > max) throw input_too_large(max);
  }
  s.reserve(total + DV_JSON_PADDING);
  for (std::string& c : chunks) {
    s += c;
    std::string().swap(c);
  }
  return s;
}

InputFile::InputFile(const std::string& path, size_t max) {
  if (path != "-") {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw UsageError{"cannot read " + path + ": " + std::strerror(errno)};
    struct stat st;
    const bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
    if (regular && size_t(st.st_size) > max) {
      ::close(fd);
      throw input_too_large(max);
    }
    if (regular) {
      // Reserve size + padding (the tail past the file's last page reads as
      // zeros), then map the file over the start of the reservation.
      const size_t size = size_t(st.st_size);
      const size_t page = size_t(sysconf(_SC_PAGESIZE));
      const size_t len = (size + DV_JSON_PADDING + page - 1) / page * page;
      void* base = mmap(nullptr, len, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base != MAP_FAILED) {
        catch_sigbus();
        void* m = mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE, fd, 0);
        if (m != MAP_FAILED) {
          ::close(fd);
          map_ = base;
          map_len_ = len;
          data_ = static_cast<const char*>(base);
          size_ = size;
          capacity_ = len;
          return;
        }
        munmap(base, len);
      }
    }
    ::close(fd);  // not mappable (a pipe, /dev/zero, /proc): read it
  }
  buf_ = read_all(path, max);
  data_ = buf_.data();
  size_ = buf_.size();
  capacity_ = buf_.capacity();
}

InputFile::InputFile(std::string bytes) : buf_(std::move(bytes)) {
  data_ = buf_.data();
  size_ = buf_.size();
  capacity_ = buf_.capacity();
}

InputFile::~InputFile() {
  if (map_ != nullptr) munmap(map_, map_len_);
}

void write_all(const std::string& path, std::string_view data, std::string_view tail) {
  const std::string name = display_name(path, "standard output");
  FILE* f = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (f == nullptr) throw UsageError{"cannot write " + name + ": " + std::strerror(errno)};
  errno = 0;
  // An empty view may hold a null pointer, which fwrite must not get.
  auto put = [f](std::string_view s) { return s.empty() || std::fwrite(s.data(), 1, s.size(), f) == s.size(); };
  const bool wrote = put(data) && put(tail);
  const bool flushed = std::fflush(f) == 0;
  const int saved = errno;
  const bool closed = f == stdout || std::fclose(f) == 0;
  if (!wrote || !flushed || !closed) {
    const int e = saved != 0 ? saved : errno;
    throw UsageError{"cannot write " + name + ": " + (e != 0 ? std::strerror(e) : "write failed")};
  }
}

}  // namespace dynval::cli
