// The dynval tool's files: reading inputs (a path or `-` for standard input)
// and writing outputs, with every failure an error that names the path.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include <dynval/dynval.h>

namespace dynval::cli {

// A usage error: exit status 2 with the message (bad option, unreadable or
// unwritable file).
struct UsageError {
  std::string message;
};

// An error about the input: exit status 1 with its status, its path in the
// value (cty style; empty when none), its byte offset (DV_OFFSET_NONE when
// none) and its message. Library errors are copied with from_library;
// `steps` keeps their path's steps, which the tool cuts at sensitive
// attributes before printing.
struct InputError {
  dv_status_t status;
  std::string message;
  std::string path;
  size_t offset = DV_OFFSET_NONE;
  std::shared_ptr<dv_path_t> steps;
};

// A copy of an error the library reported (which stays the caller's).
InputError from_library(const dv_error_t* e);

// The tool's own limits, on what it reads and writes, with the library's
// wording: DV_ERR_LIMIT errors.
InputError input_too_large(size_t max);
InputError output_too_large(size_t max);

// Reads a whole file (`-`: standard input) into a string, stopping with a
// limit error as soon as it holds more than `max` bytes (/dev/zero is not read
// to the end). A directory, or any read error, is a UsageError naming the
// path. The string's capacity leaves room for JSON padding.
std::string read_all(const std::string& path, size_t max);

// The bytes of one input document, usually with DV_JSON_PADDING readable
// bytes after them, so that the JSON readers parse in place. A regular file is mapped
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
  // Whether DV_JSON_PADDING bytes after bytes() may be read
  // (DV_DECODE_JSON_PADDED).
  bool padded() const noexcept { return capacity_ - size_ >= DV_JSON_PADDING; }

 private:
  std::string buf_;
  void* map_ = nullptr;  // the reservation of size + padding, or nullptr
  size_t map_len_ = 0;
  const char* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

// Writes data, then tail, and checks every write and the close: a full disk or a
// closed pipe is a UsageError naming the path, never a silent success.
void write_all(const std::string& path, std::string_view data, std::string_view tail = {});

}  // namespace dynval::cli
