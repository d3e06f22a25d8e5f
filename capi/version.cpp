// capi/version.cpp: include/dynval/version.h
#include "capi.hpp"

extern "C" {

DV_API uint32_t dv_version(void) { return DV_VERSION_NUMBER; }

DV_API const char* dv_version_string(void) { return DV_VERSION_STRING; }

DV_API uint32_t dv_abi_version(void) { return DV_ABI_VERSION; }

}  // extern "C"
