// The dynval tool's files: reading inputs (a path or `-` for standard input)
// and writing outputs, with every failure an error that names the path.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "support/json_input.hpp"

namespace dynval::cli {

// A usage error: exit status 2 with the message (bad option, unreadable or
// unwritable file).
struct UsageError {
  std::string message;
};

// Reads a whole file (`-`: standard input) into a string, stopping with a
// Limit error as soon as it holds more than `max` bytes (/dev/zero is not read
// to the end). A directory, or any read error, is a UsageError naming the
// path. The string's capacity leaves room for JSON padding.
std::string read_all(const std::string& path, size_t max);

// The bytes of one input document with kJsonPadding readable bytes after
// them, so that the JSON readers parse in place. A regular file is mapped
// read-only (no copy, no fresh pages to clear; a SIGBUS from the file being
// truncated while mapped ends the process with exit status 1 and a
// message); anything else is read with read_all. Errors as read_all's.
class InputFile {
 public:
  InputFile(const std::string& path, size_t max);
  explicit InputFile(std::string bytes);  // bytes already in memory (--hex)
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  std::string_view bytes() const noexcept { return {data_, size_}; }
  JsonInput json() const noexcept { return JsonInput{bytes(), capacity_}; }

 private:
  std::string buf_;
  void* map_ = nullptr;  // the reservation of size + padding, or nullptr
  size_t map_len_ = 0;
  const char* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

// Writes everything and checks every write and the close: a full disk or a
// closed pipe is a UsageError naming the path, never a silent success.
void write_all(const std::string& path, std::string_view data);

}  // namespace dynval::cli
