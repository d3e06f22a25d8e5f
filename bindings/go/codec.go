package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// DecodeOptions are resource limits and flags for the decoders. The zero
// value (or a nil *DecodeOptions) means the library defaults, which pass
// every real schema and value; a zero limit also means its default.
// Exceeding a limit gives ErrLimit.
type DecodeOptions struct {
	// RejectTrailing makes bytes after the top-level value an error
	// (ErrParse); by default they are ignored, as go-cty ignores them.
	RejectTrailing bool
	// MaxDepth limits nesting depth (default 1000).
	MaxDepth int
	// MaxInputSize limits the input length in bytes (default 256 MiB, the protocol's message cap).
	MaxInputSize int
	// MaxElements limits elements plus entries in the whole input (default
	// 2^28).
	MaxElements int
	// MaxStringLength limits the bytes of one string (default 1 GiB).
	MaxStringLength int
	// MaxNumberDigits limits the characters of one number's text (default
	// 10000); the numbers of one input may also print as at most 8 times
	// that many characters beyond their input length in total.
	MaxNumberDigits int
	// MaxOutputSize limits the bytes MsgpackToJSON and JSONToMsgpack write
	// (default 256 MiB, the protocol's message cap).
	MaxOutputSize int
	// IgnoreUndefinedAttributes skips object attributes the object type does
	// not have (at any depth, inside dynamic wrappers too; map keys are not
	// affected) instead of failing with "unsupported attribute", as
	// terraform-plugin-go's ValueFromJSONOpts does: for state written by an
	// older schema. Both formats; a MessagePack object must still hold every
	// attribute of the type.
	IgnoreUndefinedAttributes bool
}

// EncodeOptions are the encoders' limits. The zero value (or a nil
// *EncodeOptions) means the defaults, which EncodeMsgpack and EncodeJSON
// apply too; exceeding a limit gives ErrLimit.
type EncodeOptions struct {
	// MaxOutputSize limits the bytes of output (default 256 MiB, the
	// protocol's message cap).
	MaxOutputSize int
}

// c converts the options into the C struct; nil gives nil, the defaults.
func (o *EncodeOptions) c() *C.dv_encode_options_t {
	if o == nil {
		return nil
	}
	var co C.dv_encode_options_t
	mustOK(C.dv_encode_options_init(&co, C.DV_ENCODE_OPTIONS_VERSION, nil))
	co.max_output_size = C.size_t(o.MaxOutputSize)
	return &co
}

// c converts the options into the C struct (in Go memory: it holds no
// pointers). nil gives nil, the C defaults.
func (o *DecodeOptions) c() *C.dv_decode_options_t {
	if o == nil {
		return nil
	}
	var co C.dv_decode_options_t
	mustOK(C.dv_decode_options_init(&co, C.DV_DECODE_OPTIONS_VERSION, nil))
	if o.RejectTrailing {
		co.flags |= C.DV_DECODE_REJECT_TRAILING
	}
	if o.IgnoreUndefinedAttributes {
		co.flags |= C.DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES
	}
	co.max_depth = C.size_t(o.MaxDepth)
	co.max_input_size = C.size_t(o.MaxInputSize)
	co.max_elements = C.size_t(o.MaxElements)
	co.max_string_length = C.size_t(o.MaxStringLength)
	co.max_number_digits = C.size_t(o.MaxNumberDigits)
	co.max_output_size = C.size_t(o.MaxOutputSize)
	return &co
}

// DecodeMsgpack decodes MessagePack bytes as a value of type t (cty
// msgpack.Unmarshal), including refined unknowns and dynamic wrappers.
// Errors carry a status (ErrParse, ErrTypeMismatch, ErrRefinement,
// ErrLimit), the path and the byte offset.
func DecodeMsgpack(data []byte, t *Type, opts *DecodeOptions) (*Value, error) {
	p, n := cbytes(data)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_msgpack_decode(&out, p, n, t.ptr(), opts.c(), &cerr)
	runtime.KeepAlive(data)
	runtime.KeepAlive(t)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// DecodeJSON decodes JSON text as a value of type t (cty json.Unmarshal).
func DecodeJSON(data []byte, t *Type, opts *DecodeOptions) (*Value, error) {
	p, n := cbytes(data)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_json_decode(&out, (*C.char)(p), n, t.ptr(), opts.c(), &cerr)
	runtime.KeepAlive(data)
	runtime.KeepAlive(t)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// EncodeMsgpack encodes the value as MessagePack by type t, byte-identical
// to cty msgpack.Marshal: t is the type the value was decoded with, or use
// Schema.EncodeMsgpack. Pass v.Type() only for a value built by hand: by its
// own type a value decoded by a schema loses the wrappers of its dynamic
// attributes and no longer decodes by that schema. A nil t gives
// ErrInvalidArg. A value whose type does not conform to t is converted first
// (Convert), as go-cty's Marshal does; one that does not convert gives
// ErrTypeMismatch.
func (v *Value) EncodeMsgpack(t *Type) ([]byte, error) {
	return v.EncodeMsgpackWith(t, nil)
}

// EncodeMsgpackWith is EncodeMsgpack with options (nil for the defaults):
// output beyond opts.MaxOutputSize gives ErrLimit.
func (v *Value) EncodeMsgpackWith(t *Type, opts *EncodeOptions) ([]byte, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_msgpack_encode_ext(&buf, v.ptr(), typePtr(t), opts.c(), &cerr)
	runtime.KeepAlive(v)
	runtime.KeepAlive(t)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}

// EncodeJSON encodes the value as JSON by type t (required, as for
// EncodeMsgpack), byte-identical to cty json.Marshal. Unknown values give
// ErrUnknownValue, infinities ErrUnsupported.
func (v *Value) EncodeJSON(t *Type) ([]byte, error) {
	return v.EncodeJSONWith(t, nil)
}

// EncodeJSONWith is EncodeJSON with options (nil for the defaults): output
// beyond opts.MaxOutputSize gives ErrLimit.
func (v *Value) EncodeJSONWith(t *Type, opts *EncodeOptions) ([]byte, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_json_encode_ext(&buf, v.ptr(), typePtr(t), opts.c(), &cerr)
	runtime.KeepAlive(v)
	runtime.KeepAlive(t)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}

// MsgpackToJSON converts MessagePack to JSON by type t in one pass, with the
// same bytes and errors as DecodeMsgpack followed by EncodeJSON.
func MsgpackToJSON(data []byte, t *Type, opts *DecodeOptions) ([]byte, error) {
	return transcode(data, t, opts, func(out *C.dv_buf_t, p unsafe.Pointer, n C.size_t, ty *C.dv_type_t, o *C.dv_decode_options_t, e **C.dv_error_t) C.dv_status_t {
		return C.dv_msgpack_to_json(out, p, n, ty, o, e)
	})
}

// JSONToMsgpack converts JSON to MessagePack by type t in one pass, with the
// same bytes and errors as DecodeJSON followed by EncodeMsgpack.
func JSONToMsgpack(data []byte, t *Type, opts *DecodeOptions) ([]byte, error) {
	return transcode(data, t, opts, func(out *C.dv_buf_t, p unsafe.Pointer, n C.size_t, ty *C.dv_type_t, o *C.dv_decode_options_t, e **C.dv_error_t) C.dv_status_t {
		return C.dv_json_to_msgpack(out, (*C.char)(p), n, ty, o, e)
	})
}

// MsgpackToMsgpack canonicalises MessagePack by type t in one pass, without
// building a value: the same bytes and errors as DecodeMsgpack followed by
// EncodeMsgpack (strings in NFC, sets and maps in go-cty's order).
func MsgpackToMsgpack(data []byte, t *Type, opts *DecodeOptions) ([]byte, error) {
	return transcode(data, t, opts, func(out *C.dv_buf_t, p unsafe.Pointer, n C.size_t, ty *C.dv_type_t, o *C.dv_decode_options_t, e **C.dv_error_t) C.dv_status_t {
		return C.dv_msgpack_to_msgpack(out, p, n, ty, o, e)
	})
}

// JSONToJSON canonicalises JSON by type t in one pass, without building a
// value: the same bytes and errors as DecodeJSON followed by EncodeJSON.
func JSONToJSON(data []byte, t *Type, opts *DecodeOptions) ([]byte, error) {
	return transcode(data, t, opts, func(out *C.dv_buf_t, p unsafe.Pointer, n C.size_t, ty *C.dv_type_t, o *C.dv_decode_options_t, e **C.dv_error_t) C.dv_status_t {
		return C.dv_json_to_json(out, (*C.char)(p), n, ty, o, e)
	})
}

// transcode runs one of the C transcoders on data and takes its output.
func transcode(data []byte, t *Type, opts *DecodeOptions,
	fn func(*C.dv_buf_t, unsafe.Pointer, C.size_t, *C.dv_type_t, *C.dv_decode_options_t, **C.dv_error_t) C.dv_status_t) ([]byte, error) {
	p, n := cbytes(data)
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := fn(&buf, p, n, t.ptr(), opts.c(), &cerr)
	runtime.KeepAlive(data)
	runtime.KeepAlive(t)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}
