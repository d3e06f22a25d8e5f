package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import "runtime"

// RenderStyle is a view Render writes.
type RenderStyle int32

// Render styles.
const (
	// RenderPretty is the value alone, as `dynval convert --to pretty`
	// prints it: an indented, HCL-like text; unknowns as
	// (unknown string, not null, prefix "i-").
	RenderPretty RenderStyle = C.DV_RENDER_PRETTY
	// RenderInspect is what `dynval inspect` prints: the type, the pretty
	// view, every unknown value (path and refinements) and, with a schema,
	// every sensitive path.
	RenderInspect RenderStyle = C.DV_RENDER_INSPECT
)

// RenderOptions configure Render. The zero value (or a nil *RenderOptions)
// means the pretty view, nothing masked and the default output limit.
type RenderOptions struct {
	// Style is the view to write.
	Style RenderStyle
	// Schema, when set, is the block of the value (e.g. the Block of the
	// schema it was decoded with): the attributes it marks sensitive, at
	// any depth, are printed as (sensitive value) and nothing below them
	// is, unless ShowSensitive. Attributes are matched by name. The zero
	// Block means no schema.
	Schema Block
	// ShowSensitive prints the values of sensitive attributes too.
	ShowSensitive bool
	// MaxOutputSize limits the bytes of text (default 256 MiB); past it,
	// ErrLimit.
	MaxOutputSize int
}

// c converts the options into the C struct (in Go memory: its only pointer,
// the block, is C memory). nil gives nil, the C defaults.
func (o *RenderOptions) c() *C.dv_render_options_t {
	if o == nil {
		return nil
	}
	var co C.dv_render_options_t
	mustOK(C.dv_render_options_init(&co, C.DV_RENDER_OPTIONS_VERSION, nil))
	co.style = C.uint32_t(o.Style)
	if o.Schema.owner != nil {
		o.Schema.owner.check()
		co.schema = o.Schema.p
	}
	if o.ShowSensitive {
		co.flags |= C.DV_RENDER_SHOW_SENSITIVE
	}
	co.max_output_size = C.size_t(o.MaxOutputSize)
	return &co
}

// Render returns the value as text for people, in the view opts names
// (nil for the pretty view with nothing masked); every line ends with a
// newline. A format for logs and error reports that may change between
// releases: do not parse it (GoString gives go-cty's form). Text beyond
// opts.MaxOutputSize gives ErrLimit.
func (v *Value) Render(opts *RenderOptions) (string, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_value_render(&buf, v.ptr(), opts.c(), &cerr)
	runtime.KeepAlive(v)
	if opts != nil {
		runtime.KeepAlive(opts.Schema.owner)
	}
	if err := takeError(st, cerr); err != nil {
		return "", err
	}
	return string(takeBuf(&buf)), nil
}
