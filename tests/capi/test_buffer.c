/* tests/capi/test_buffer.c: buffer.h. */
#include <stdlib.h>

#include "check.h"

int main(void) {
  dv_buf_t b = DV_BUF_INIT;
  dv_value_t *v = NULL;

  dv_buf_dispose(NULL);  /* no-op */
  dv_buf_dispose(&b);    /* empty: no-op */
  CHECK(b.ptr == NULL && b.len == 0);

  CHECK(dv_value_new_string(&v, "hello", 5, NULL) == DV_OK);
  CHECK(dv_msgpack_encode(&b, v, dv_value_type(v), NULL) == DV_OK);
  CHECK(b.len == 6 && memcmp(b.ptr, "\xa5hello", 6) == 0);
  CHECK(b.ptr[b.len] == '\0'); /* courtesy terminator */
  dv_buf_dispose(&b);
  CHECK(b.ptr == NULL && b.len == 0 && b.reserved == 0);
  dv_buf_dispose(&b); /* twice is harmless */

  /* Output text is usable as a C string. */
  CHECK(dv_json_encode(&b, v, dv_value_type(v), NULL) == DV_OK);
  CHECK(strcmp(b.ptr, "\"hello\"") == 0);
  dv_buf_dispose(&b);

  /* On failure the buffer is left untouched. */
  b.ptr = (char *)"sentinel";
  b.len = 8;
  CHECK(dv_msgpack_encode(&b, v, dv_type_bool(), NULL) == DV_ERR_TYPE_MISMATCH);
  CHECK(b.len == 8 && strcmp(b.ptr, "sentinel") == 0);

  dv_value_free(v);

  /* Large outputs are handed over without another copy (the library keeps
   * its string and says so in `reserved`): the same contract. */
  {
    enum { kLen = 200000 };
    char *text = malloc(kLen);
    size_t i;
    CHECK(text != NULL);
    for (i = 0; i < kLen; ++i) text[i] = (char)('a' + i % 26);
    v = NULL;
    CHECK(dv_value_new_string(&v, text, kLen, NULL) == DV_OK);
    CHECK(dv_msgpack_encode(&b, v, dv_value_type(v), NULL) == DV_OK);
    CHECK(b.len == kLen + 5 && (unsigned char)b.ptr[0] == 0xdb && memcmp(b.ptr + 5, text, kLen) == 0);
    CHECK(b.ptr[b.len] == '\0');
    dv_buf_dispose(&b);
    CHECK(b.ptr == NULL && b.len == 0 && b.reserved == 0);
    dv_buf_dispose(&b);
    CHECK(dv_json_encode(&b, v, dv_value_type(v), NULL) == DV_OK);
    CHECK(b.len == kLen + 2 && strlen(b.ptr) == kLen + 2);
    dv_buf_dispose(&b);
    dv_value_free(v);
    free(text);
  }
  return check_result("test_buffer");
}
