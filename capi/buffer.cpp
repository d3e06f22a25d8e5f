// capi/buffer.cpp: include/dynval/buffer.h. Buffers are filled by
// capi::fill_buf (common.cpp) with malloc'd memory; only libdynval frees it.
#include <cstdlib>

#include "capi.hpp"

extern "C" DV_API void dv_buf_dispose(dv_buf_t* buf) {
  if (!buf) return;
  std::free(buf->ptr);
  buf->ptr = nullptr;
  buf->len = 0;
  buf->reserved = 0;
}
