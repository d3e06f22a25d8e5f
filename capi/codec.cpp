// capi/codec.cpp: include/dynval/codec.h over dynval::codec
// (src/codec/codec.hpp).
#include <string>

#include "capi.hpp"
#include "codec/codec.hpp"
#include "codec/json_decode.hpp"
#include "support/json_input.hpp"
#include "support/limits.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

namespace dynval::capi {

size_t max_output_size(const dv_encode_options_t* o) {
  if (!o) return limits::kDefaultMaxOutputSize;
  check_version(o->version, DV_ENCODE_OPTIONS_VERSION, "dv_encode_options_t");
  if (o->flags != 0) invalid_arg("unknown dv_encode_options_t flags");
  return o->max_output_size ? o->max_output_size : limits::kDefaultMaxOutputSize;
}

}  // namespace dynval::capi

namespace {

constexpr uint32_t kDecodeFlagsAll =
    DV_DECODE_REJECT_TRAILING | DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES | DV_DECODE_JSON_PADDED;
static_assert(DV_JSON_PADDING == kJsonPadding, "codec.h's DV_JSON_PADDING is simdjson's padding");
static_assert(DV_DEFAULT_MAX_INPUT_SIZE == limits::kDefaultMaxInputSize, "codec.h's default is the limits'");
static_assert(DV_DEFAULT_MAX_OUTPUT_SIZE == limits::kDefaultMaxOutputSize, "codec.h's default is the limits'");

// JSON text as the JSON readers take it: with DV_DECODE_JSON_PADDED, the
// caller's padding lets them parse it in place.
JsonInput json_in(std::string_view in, const dv_decode_options_t* o) {
  const bool padded = o && (o->flags & DV_DECODE_JSON_PADDED);
  return JsonInput{in, padded ? in.size() + kJsonPadding : in.size()};
}

// dv_decode_options_t -> codec::DecodeOptions; 0 keeps each default.
codec::DecodeOptions to_options(const dv_decode_options_t* o) {
  codec::DecodeOptions d;
  if (!o) return d;
  capi::check_version(o->version, DV_DECODE_OPTIONS_VERSION, "dv_decode_options_t");
  if (o->flags & ~kDecodeFlagsAll) capi::invalid_arg("unknown DV_DECODE_* flags");
  if (o->max_depth) d.limits.max_depth = o->max_depth;
  if (o->max_input_size) d.limits.max_input_size = o->max_input_size;
  if (o->max_elements) d.limits.max_elements = o->max_elements;
  if (o->max_string_length) d.limits.max_string_length = o->max_string_length;
  if (o->max_number_digits) d.limits.max_number_digits = o->max_number_digits;
  if (o->version >= 2 && o->max_output_size) d.limits.max_output_size = o->max_output_size;
  d.trailing = (o->flags & DV_DECODE_REJECT_TRAILING) ? codec::Trailing::Reject : codec::Trailing::Ignore;
  d.ignore_undefined_attributes = (o->flags & DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES) != 0;
  return d;
}

// dv_encode_options_t -> codec::EncodeOptions.
codec::EncodeOptions to_options(const dv_encode_options_t* o) {
  codec::EncodeOptions e;
  e.max_output_size = capi::max_output_size(o);
  return e;
}

std::string_view bytes_in(const void* data, size_t len) {
  return capi::in_str(static_cast<const char*>(data), len, "data");
}

template <class Decode>
dv_status_t decode(dv_value_t** out, const void* data, size_t len, const dv_type_t* type,
                   const dv_decode_options_t* opts, dv_error_t** err, Decode fn) {
  return guard(err, [&] {
    need(out, "out");
    std::string_view in = bytes_in(data, len);
    need(type, "type");
    codec::DecodeOptions o = to_options(opts);
    Value v = fn(in, type->t, o);
    *out = capi::own(std::move(v));
  });
}

template <class Encode>
dv_status_t encode(dv_buf_t* out, const dv_value_t* v, const dv_type_t* type, const dv_encode_options_t* opts,
                   dv_error_t** err, Encode fn) {
  return guard(err, [&] {
    need(out, "out");
    need(v, "value");
    need(type, "type");
    const codec::EncodeOptions o = to_options(opts);
    std::string bytes;
    fn(bytes, v->v, type->t, o);
    capi::fill_buf(out, std::move(bytes));
  });
}

template <class Transcode>
dv_status_t transcode(dv_buf_t* out, const void* data, size_t len, const dv_type_t* type,
                      const dv_decode_options_t* opts, dv_error_t** err, Transcode fn) {
  return guard(err, [&] {
    need(out, "out");
    std::string_view in = bytes_in(data, len);
    need(type, "type");
    codec::DecodeOptions o = to_options(opts);
    std::string bytes;
    fn(bytes, in, type->t, o);
    capi::fill_buf(out, std::move(bytes));
  });
}

}  // namespace

extern "C" {

DV_API dv_status_t dv_decode_options_init(dv_decode_options_t* opts, uint32_t version, dv_error_t** err) {
  return guard(err, [&] {
    need(opts, "opts");
    capi::check_version(version, DV_DECODE_OPTIONS_VERSION, "dv_decode_options_t");
    // A caller built against version 1 passes the smaller version-1 struct:
    // write only the members its version has.
    opts->version = version;
    opts->flags = 0;
    opts->max_depth = 0;
    opts->max_input_size = 0;
    opts->max_elements = 0;
    opts->max_string_length = 0;
    opts->max_number_digits = 0;
    if (version >= 2) opts->max_output_size = 0;
  });
}

DV_API dv_status_t dv_msgpack_decode(dv_value_t** out, const void* data, size_t len, const dv_type_t* type,
                                     const dv_decode_options_t* opts, dv_error_t** err) {
  return decode(out, data, len, type, opts, err,
                [](std::string_view in, const Type& t, const codec::DecodeOptions& o) {
                  return codec::msgpack_decode(in, t, o);
                });
}

DV_API dv_status_t dv_json_decode(dv_value_t** out, const char* json, size_t len, const dv_type_t* type,
                                  const dv_decode_options_t* opts, dv_error_t** err) {
  return decode(out, json, len, type, opts, err,
                [opts](std::string_view in, const Type& t, const codec::DecodeOptions& o) {
                  const JsonInput j = json_in(in, opts);
                  return codec::json_decode_padded(j.text.data(), j.text.size(), j.capacity, t, o);
                });
}

DV_API dv_status_t dv_encode_options_init(dv_encode_options_t* opts, uint32_t version, dv_error_t** err) {
  return guard(err, [&] {
    need(opts, "opts");
    capi::check_version(version, DV_ENCODE_OPTIONS_VERSION, "dv_encode_options_t");
    *opts = dv_encode_options_t DV_ENCODE_OPTIONS_INIT;
    opts->version = version;
  });
}

namespace {

void msgpack_encode_fn(std::string& o, const Value& x, const Type& t, const codec::EncodeOptions& e) {
  codec::msgpack_encode(o, x, t, e);
}
void json_encode_fn(std::string& o, const Value& x, const Type& t, const codec::EncodeOptions& e) {
  codec::json_encode(o, x, t, e);
}

}  // namespace

DV_API dv_status_t dv_msgpack_encode(dv_buf_t* out, const dv_value_t* v, const dv_type_t* type,
                                     dv_error_t** err) {
  return encode(out, v, type, nullptr, err, msgpack_encode_fn);
}

DV_API dv_status_t dv_msgpack_encode_ext(dv_buf_t* out, const dv_value_t* v, const dv_type_t* type,
                                         const dv_encode_options_t* opts, dv_error_t** err) {
  return encode(out, v, type, opts, err, msgpack_encode_fn);
}

DV_API dv_status_t dv_json_encode(dv_buf_t* out, const dv_value_t* v, const dv_type_t* type, dv_error_t** err) {
  return encode(out, v, type, nullptr, err, json_encode_fn);
}

DV_API dv_status_t dv_json_encode_ext(dv_buf_t* out, const dv_value_t* v, const dv_type_t* type,
                                      const dv_encode_options_t* opts, dv_error_t** err) {
  return encode(out, v, type, opts, err, json_encode_fn);
}

DV_API dv_status_t dv_msgpack_to_json(dv_buf_t* out, const void* data, size_t len, const dv_type_t* type,
                                      const dv_decode_options_t* opts, dv_error_t** err) {
  return transcode(out, data, len, type, opts, err,
                   [](std::string& o, std::string_view in, const Type& t, const codec::DecodeOptions& d) {
                     codec::msgpack_to_json(o, in, t, d);
                   });
}

DV_API dv_status_t dv_json_to_msgpack(dv_buf_t* out, const char* json, size_t len, const dv_type_t* type,
                                      const dv_decode_options_t* opts, dv_error_t** err) {
  return transcode(out, json, len, type, opts, err,
                   [opts](std::string& o, std::string_view in, const Type& t, const codec::DecodeOptions& d) {
                     codec::json_to_msgpack(o, json_in(in, opts), t, d);
                   });
}

DV_API dv_status_t dv_msgpack_to_msgpack(dv_buf_t* out, const void* data, size_t len, const dv_type_t* type,
                                         const dv_decode_options_t* opts, dv_error_t** err) {
  return transcode(out, data, len, type, opts, err,
                   [](std::string& o, std::string_view in, const Type& t, const codec::DecodeOptions& d) {
                     codec::msgpack_to_msgpack(o, in, t, d);
                   });
}

DV_API dv_status_t dv_json_to_json(dv_buf_t* out, const char* json, size_t len, const dv_type_t* type,
                                   const dv_decode_options_t* opts, dv_error_t** err) {
  return transcode(out, json, len, type, opts, err,
                   [opts](std::string& o, std::string_view in, const Type& t, const codec::DecodeOptions& d) {
                     codec::json_to_json(o, json_in(in, opts), t, d);
                   });
}

DV_API dv_status_t dv_json_implied_type(dv_type_t** out, const char* json, size_t len, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = capi::own(Type::implied_from_json(capi::in_str(json, len, "json")));
  });
}

// ---- by schema: the schema's implied type ----

DV_API dv_status_t dv_schema_decode_msgpack(dv_value_t** out, const dv_schema_t* s, const void* data, size_t len,
                                            const dv_decode_options_t* opts, dv_error_t** err) {
  if (!s) return capi::report(err, DV_ERR_INVALID_ARG, "schema is NULL");
  return dv_msgpack_decode(out, data, len, dv_schema_implied_type(s), opts, err);
}

DV_API dv_status_t dv_schema_decode_json(dv_value_t** out, const dv_schema_t* s, const char* json, size_t len,
                                         const dv_decode_options_t* opts, dv_error_t** err) {
  if (!s) return capi::report(err, DV_ERR_INVALID_ARG, "schema is NULL");
  return dv_json_decode(out, json, len, dv_schema_implied_type(s), opts, err);
}

DV_API dv_status_t dv_schema_encode_msgpack(dv_buf_t* out, const dv_schema_t* s, const dv_value_t* v,
                                            dv_error_t** err) {
  if (!s) return capi::report(err, DV_ERR_INVALID_ARG, "schema is NULL");
  return dv_msgpack_encode(out, v, dv_schema_implied_type(s), err);
}

DV_API dv_status_t dv_schema_encode_json(dv_buf_t* out, const dv_schema_t* s, const dv_value_t* v,
                                         dv_error_t** err) {
  if (!s) return capi::report(err, DV_ERR_INVALID_ARG, "schema is NULL");
  return dv_json_encode(out, v, dv_schema_implied_type(s), err);
}

}  // extern "C"
