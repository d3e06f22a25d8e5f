/* tests/capi/test_version.c: common.h and version.h. */
#include "check.h"

int main(void) {
  /* Header and library agree. */
  CHECK(dv_version() == DV_VERSION_NUMBER);
  CHECK(strcmp(dv_version_string(), DV_VERSION_STRING) == 0);
  CHECK(dv_abi_version() == DV_ABI_VERSION);
  CHECK(DV_VERSION_CHECK(0, 0, 1));
  CHECK(!DV_VERSION_CHECK(DV_VERSION_MAJOR + 1, 0, 0));

  /* Status names: static, distinct for every pinned code. */
  CHECK(strcmp(dv_status_str(DV_OK), "ok") == 0);
  CHECK(strcmp(dv_status_str(DV_ERR_PARSE), "parse error") == 0);
  CHECK(strcmp(dv_status_str((dv_status_t)12345), "unknown status") == 0);
  CHECK(strcmp(dv_status_str((dv_status_t)-1), "unknown status") == 0);
  {
    int a, b;
    for (a = 0; a <= DV_ERR_UNKNOWN_VALUE; a++) {
      CHECK(dv_status_str((dv_status_t)a) != NULL);
      CHECK(strcmp(dv_status_str((dv_status_t)a), "unknown status") != 0);
      for (b = 0; b < a; b++) CHECK(strcmp(dv_status_str((dv_status_t)a), dv_status_str((dv_status_t)b)) != 0);
    }
  }
  /* Pinned values (never renumbered). */
  CHECK(DV_ERR_INVALID_ARG == 1 && DV_ERR_NOMEM == 2 && DV_ERR_INTERNAL == 9 && DV_ERR_UNKNOWN_VALUE == 12);
  /* The deprecated name of code 12 stays the same code. */
  CHECK(DV_ERR_UNKNOWN == DV_ERR_UNKNOWN_VALUE);
  CHECK(sizeof(dv_status_t) == 4);
  return check_result("test_version");
}
