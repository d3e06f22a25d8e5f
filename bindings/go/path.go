package dynval

/*
#include <stdlib.h>
#include <dynval/dynval.h>
*/
import "C"

import (
	"runtime"
	"strconv"
	"unsafe"
)

// PathStepKind says what a [PathStep] selects.
type PathStepKind uint32

// The kinds of path steps (dv_path_step_kind_t).
const (
	// StepAttr selects an object attribute by Name.
	StepAttr PathStepKind = C.DV_PATH_ATTR
	// StepIndex selects a list or tuple element (or a set element by its
	// position in go-cty's order) by Index.
	StepIndex PathStepKind = C.DV_PATH_INDEX
	// StepKey selects a map element by Name.
	StepKey PathStepKind = C.DV_PATH_KEY
	// StepElement selects a set element by its value, Elem (cty
	// IndexStep{Key: element}).
	StepElement PathStepKind = C.DV_PATH_ELEMENT
)

// PathStep is one step of a path into a value (cty PathStep).
type PathStep struct {
	Kind  PathStepKind
	Index int64  // for StepIndex
	Name  string // for StepAttr and StepKey
	Elem  *Value // for StepElement
}

// Attr returns a step selecting object attribute name.
func Attr(name string) PathStep { return PathStep{Kind: StepAttr, Name: name} }

// Index returns a step selecting element i of a list or tuple.
func Index(i int64) PathStep { return PathStep{Kind: StepIndex, Index: i} }

// Key returns a step selecting the map element with key k.
func Key(k string) PathStep { return PathStep{Kind: StepKey, Name: k} }

// Element returns a step selecting the set element equal to v.
func Element(v *Value) PathStep { return PathStep{Kind: StepElement, Elem: v} }

// String renders the step as [Path.String] does: .name, [3], ["key"].
func (s PathStep) String() string { return Path{s}.String() }

// Path is a path into a value (cty.Path): the steps from a value to one
// nested in it. Paths built with the methods below share nothing with the
// path they extend, as cty's do.
//
// A path handed to a Walk or Transform callback, and the set-element
// values in it, are valid during the call only (its backing array is
// reused, as in go-cty); keep a copy with [Path.Copy].
type Path []PathStep

func (p Path) with(s PathStep) Path {
	out := make(Path, len(p)+1)
	copy(out, p)
	out[len(p)] = s
	return out
}

// Attr returns p with an attribute step appended (cty Path.GetAttr).
func (p Path) Attr(name string) Path { return p.with(Attr(name)) }

// Index returns p with a list or tuple index step appended.
func (p Path) Index(i int64) Path { return p.with(Index(i)) }

// Key returns p with a map key step appended.
func (p Path) Key(k string) Path { return p.with(Key(k)) }

// Element returns p with a set element step appended.
func (p Path) Element(v *Value) Path { return p.with(Element(v)) }

// Copy returns a copy of p that stays valid on its own: its set-element
// values are new owned references.
func (p Path) Copy() Path {
	out := make(Path, len(p))
	copy(out, p)
	for i := range out {
		if out[i].Kind == StepElement && out[i].Elem != nil {
			out[i].Elem = out[i].Elem.Clone()
		}
	}
	return out
}

// cPath builds a C path of p's steps; free it with C.dv_path_free. It
// panics when a set-element step has a closed or nil value, and on a step
// of no known kind (such as the zero PathStep).
func (p Path) cPath() *C.dv_path_t {
	var cp *C.dv_path_t
	mustOK(C.dv_path_new(&cp, nil))
	for _, s := range p {
		var st C.dv_status_t
		switch s.Kind {
		case StepAttr:
			n, l := cstr(s.Name)
			st = C.dv_path_append_attr(cp, n, l, nil)
			runtime.KeepAlive(s.Name)
		case StepKey:
			n, l := cstr(s.Name)
			st = C.dv_path_append_key(cp, n, l, nil)
			runtime.KeepAlive(s.Name)
		case StepElement:
			st = C.dv_path_append_element(cp, s.Elem.ptr(), nil)
			runtime.KeepAlive(s.Elem)
		case StepIndex:
			st = C.dv_path_append_index(cp, C.int64_t(s.Index), nil)
		default:
			C.dv_path_free(cp)
			panic("dynval: a PathStep of unknown kind " + strconv.FormatUint(uint64(s.Kind), 10))
		}
		if st != C.DV_OK {
			C.dv_path_free(cp)
			mustOK(st)
		}
	}
	return cp
}

// String renders the path with libdynval's one path printer
// (dv_path_to_string), as Terraform and OpenTofu diagnostics print paths:
// .network[0].ip["v4"]. Map keys are quoted as strconv.Quote does; a set
// element is written by its value: a string quoted, a number in %g form, null
// as [null], an unknown as [(not yet known)], anything else as [...].
func (p Path) String() string {
	if len(p) == 0 {
		return ""
	}
	cp := p.cPath()
	defer C.dv_path_free(cp)
	var buf C.dv_buf_t
	mustOK(C.dv_path_to_string(&buf, cp, nil))
	return string(takeBuf(&buf))
}

// Equals reports whether two paths are equal as cty's Path.Equals: the same
// steps, set-element values compared with RawEquals.
func (p Path) Equals(o Path) bool {
	a, b := p.cPath(), o.cPath()
	defer C.dv_path_free(a)
	defer C.dv_path_free(b)
	var eq C.bool
	mustOK(C.dv_path_equals(&eq, a, b, nil))
	return bool(eq)
}

// Apply applies the path to v exactly as cty's Path.Apply does: through
// unknown values it yields unknowns of the right type, and a set-element
// step yields the step's own value when the set holds an equal element.
// Errors carry go-cty's message ("at step 0: object has no attribute \"x\"")
// and are ErrTypeMismatch (a step that does not apply, a null value) or
// ErrNotFound (no such attribute, index, key or element). The result is an
// owned value.
func (p Path) Apply(v *Value) (*Value, error) {
	cp := p.cPath()
	defer C.dv_path_free(cp)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_path_apply(&out, cp, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// AttributePath encodes the path as the protobuf bytes of the plugin
// protocol's AttributePath message (tfplugin5 and tfplugin6 alike), as Go's
// protobuf writes it, for a diagnostic's attribute or a RequiresReplace
// entry: Attr steps become attribute_name, Key steps element_key_string,
// Index steps element_key_int. The protocol cannot name a set element, so
// the message stops before the first StepElement and names the whole set,
// as terraform-plugin-go does. A name or key (among the steps encoded) that
// is not valid UTF-8 gives ErrInvalidArg: protobuf strings must be UTF-8.
func (p Path) AttributePath() ([]byte, error) {
	cp := p.cPath()
	defer C.dv_path_free(cp)
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_path_to_attribute_path(&buf, cp, &cerr)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}

// PathFromAttributePath decodes the protobuf bytes of an AttributePath
// message: attribute_name gives an Attr step, element_key_string a Key step
// (in NFC, as cty strings are), element_key_int an Index step. Unknown
// fields are skipped, as protobuf does. Malformed protobuf, a string that
// is not UTF-8 and a step with no selector give ErrParse, with the byte
// Offset and the field in Path (".steps[1]"); more than 4096 steps give
// ErrLimit.
func PathFromAttributePath(data []byte) (Path, error) {
	p, n := cbytes(data)
	var out *C.dv_path_t
	var cerr *C.dv_error_t
	st := C.dv_path_from_attribute_path(&out, p, n, &cerr)
	runtime.KeepAlive(data)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	defer C.dv_path_free(out)
	return goPath(out, nil, nil), nil
}

// goPath reads a C path into a Go one. Set-element values are owned clones
// when src is nil, else views on src (valid while src is). When prev is
// given, its steps are reused (with their strings) as far as they match,
// and its backing array when it is large enough.
func goPath(cp *C.dv_path_t, src *source, prev Path) Path {
	n := int(C.dv_path_length(cp))
	out := prev[:0]
	if cap(prev) < n {
		out = make(Path, 0, n)
	}
	for i := 0; i < n; i++ {
		var cs C.dv_path_step_t
		if !C.dv_path_step(cp, C.size_t(i), &cs) {
			break
		}
		kind := PathStepKind(cs.kind)
		if i < len(prev) && prev[i].Kind == kind {
			// Reuse prev[i] when it is the same step (no new string).
			old := prev[i]
			same := false
			switch kind {
			case StepIndex:
				same = old.Index == int64(cs.index)
			case StepAttr, StepKey:
				same = len(old.Name) == int(cs.name.len) &&
					(cs.name.len == 0 || old.Name == unsafe.String((*byte)(unsafe.Pointer(cs.name.ptr)), int(cs.name.len)))
			case StepElement:
				same = old.Elem != nil && old.Elem.p == C.dv_path_step_element(cp, C.size_t(i)) && old.Elem.src == src
			}
			if same {
				out = append(out, old)
				continue
			}
		}
		step := PathStep{Kind: kind}
		switch kind {
		case StepIndex:
			step.Index = int64(cs.index)
		case StepAttr, StepKey:
			step.Name = goStr(cs.name)
		case StepElement:
			e := C.dv_path_step_element(cp, C.size_t(i))
			if src == nil {
				step.Elem = cloneOf(e)
			} else {
				step.Elem = &Value{p: e, src: src, borrowed: true}
			}
		}
		out = append(out, step)
		prev = nil // steps after a change are new
	}
	return out
}
