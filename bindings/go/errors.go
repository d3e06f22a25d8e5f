package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import (
	"strconv"
	"strings"
)

// Status is a libdynval status code (dv_status_t). Values are pinned by the
// C library and never reused; codes unknown to this binding may appear and
// are failures.
type Status int32

// The status codes of libdynval (docs/errors.md).
const (
	StatusOK           Status = C.DV_OK
	StatusInvalidArg   Status = C.DV_ERR_INVALID_ARG
	StatusNoMem        Status = C.DV_ERR_NOMEM
	StatusTypeMismatch Status = C.DV_ERR_TYPE_MISMATCH
	StatusNotFound     Status = C.DV_ERR_NOT_FOUND
	StatusOutOfRange   Status = C.DV_ERR_OUT_OF_RANGE
	StatusParse        Status = C.DV_ERR_PARSE
	StatusSchema       Status = C.DV_ERR_SCHEMA
	StatusUnsupported  Status = C.DV_ERR_UNSUPPORTED
	StatusInternal     Status = C.DV_ERR_INTERNAL
	StatusRefinement   Status = C.DV_ERR_REFINEMENT
	StatusLimit        Status = C.DV_ERR_LIMIT
	StatusUnknownValue Status = C.DV_ERR_UNKNOWN_VALUE
)

// String returns the library's static name of the status, e.g. "parse error".
func (s Status) String() string {
	return C.GoString(C.dv_status_str(C.dv_status_t(s)))
}

// Sentinel errors, one per status: errors.Is(err, dynval.ErrParse) is true
// for any *Error with StatusParse.
var (
	ErrInvalidArg   = &Error{Status: StatusInvalidArg}
	ErrNoMem        = &Error{Status: StatusNoMem}
	ErrTypeMismatch = &Error{Status: StatusTypeMismatch}
	ErrNotFound     = &Error{Status: StatusNotFound}
	ErrOutOfRange   = &Error{Status: StatusOutOfRange}
	ErrParse        = &Error{Status: StatusParse}
	ErrSchema       = &Error{Status: StatusSchema}
	ErrUnsupported  = &Error{Status: StatusUnsupported}
	ErrInternal     = &Error{Status: StatusInternal}
	ErrRefinement   = &Error{Status: StatusRefinement}
	ErrLimit        = &Error{Status: StatusLimit}
	ErrUnknownValue = &Error{Status: StatusUnknownValue}
)

// Error is a failure reported by libdynval: a status, a message (go-cty's
// wording where go-cty has one), the path into the value where it happened
// (rendered and as steps) and the byte offset in the input (-1 when the
// error is not about input bytes).
type Error struct {
	Status  Status
	Message string
	Path    string // Steps as Path.String renders them
	Steps   Path   // set-element values are owned
	Offset  int64
}

// Error renders "message at PATH (byte N)" with the parts that are present.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("dynval: ")
	if e.Message != "" {
		b.WriteString(e.Message)
	} else {
		b.WriteString(e.Status.String())
	}
	if e.Path != "" {
		b.WriteString(" at ")
		b.WriteString(e.Path)
	}
	if e.Offset >= 0 && (e.Message != "" || e.Path != "") {
		b.WriteString(" (byte ")
		b.WriteString(strconv.FormatInt(e.Offset, 10))
		b.WriteString(")")
	}
	return b.String()
}

// Line renders the error as OpenTofu prints a diagnostic's detail
// (tfdiags.FormatError, dv_error_line): "PATH: MESSAGE", or the message
// alone when the error has no path.
func (e *Error) Line() string {
	if e.Path == "" {
		return e.Message
	}
	return e.Path + ": " + e.Message
}

// Is reports whether target is a sentinel (an *Error with only a Status,
// such as [ErrParse]) with the same status, so errors.Is works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok || t == nil {
		return false
	}
	if t.Message == "" && t.Path == "" && t.Steps == nil {
		return e.Status == t.Status
	}
	return e == t
}

// takeError converts a C error (and status) into a Go error and frees the C
// error. It returns nil for DV_OK.
func takeError(st C.dv_status_t, cerr *C.dv_error_t) error {
	if st == C.DV_OK {
		C.dv_error_free(cerr)
		return nil
	}
	e := copyError(st, cerr)
	C.dv_error_free(cerr)
	return e
}

// copyError converts a C error (which may be NULL) into an *Error with
// status st, leaving the C error to its owner.
func copyError(st C.dv_status_t, cerr *C.dv_error_t) *Error {
	e := &Error{Status: Status(st), Offset: -1}
	if cerr != nil {
		e.Message = goStr(C.dv_error_message(cerr))
		e.Path = goStr(C.dv_error_path(cerr))
		if steps := C.dv_error_path_steps(cerr); C.dv_path_length(steps) > 0 {
			e.Steps = goPath(steps, nil, nil)
		}
		if off := C.dv_error_offset(cerr); off != C.DV_OFFSET_NONE {
			e.Offset = int64(off)
		}
	}
	return e
}

// argError is an ErrInvalidArg raised by the binding itself.
func argError(msg string) error {
	return &Error{Status: StatusInvalidArg, Message: msg, Offset: -1}
}
