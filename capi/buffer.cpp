// capi/buffer.cpp: include/dynval/buffer.h. Buffers are filled by
// capi::fill_buf (common.cpp) with malloc'd memory or an adopted string;
// only libdynval frees them.
#include <cstdlib>
#include <string>

#include "capi.hpp"

extern "C" DV_API void dv_buf_dispose(dv_buf_t* buf) {
  if (!buf) return;
  if (buf->reserved & dynval::capi::kAdoptedBufTag)
    delete reinterpret_cast<std::string*>(buf->reserved & ~dynval::capi::kAdoptedBufTag);
  else
    std::free(buf->ptr);
  buf->ptr = nullptr;
  buf->len = 0;
  buf->reserved = 0;
}
