package dynval

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
)

// MaybeState says what a [Maybe] holds.
type MaybeState uint8

// The states of a Maybe. The zero Maybe is null.
const (
	MaybeNull    MaybeState = iota // a null value
	MaybeKnown                     // a known, non-null value, in Value
	MaybeUnknown                   // an unknown value
)

// String returns "null", "known" or "unknown".
func (s MaybeState) String() string {
	switch s {
	case MaybeNull:
		return "null"
	case MaybeKnown:
		return "known"
	case MaybeUnknown:
		return "unknown"
	}
	return fmt.Sprintf("MaybeState(%d)", uint8(s))
}

// Maybe holds a value that may be null or unknown, as the plugin
// framework's types.String does for a string: [Value.As] sets State from the
// value and fills Value only when the value is known and not null;
// [FromGo] gives a null or an unknown of the type it is asked for, or
// converts Value. An unknown's refinements are not kept (read a *Value to
// keep them). The zero Maybe is null.
type Maybe[T any] struct {
	Value T
	State MaybeState
}

// Indices of Maybe's fields, for reflection.
const (
	maybeValueField = 0
	maybeStateField = 1
)

// Known returns a Maybe holding the known value v.
func Known[T any](v T) Maybe[T] { return Maybe[T]{Value: v, State: MaybeKnown} }

// Unknown returns an unknown Maybe.
func Unknown[T any]() Maybe[T] { return Maybe[T]{State: MaybeUnknown} }

// IsNull reports whether m is null.
func (m Maybe[T]) IsNull() bool { return m.State == MaybeNull }

// IsUnknown reports whether m is unknown.
func (m Maybe[T]) IsUnknown() bool { return m.State == MaybeUnknown }

// Get returns the value and whether it is known and not null.
func (m Maybe[T]) Get() (T, bool) { return m.Value, m.State == MaybeKnown }

// String renders the value when it is known, else "null" or "unknown".
func (m Maybe[T]) String() string {
	if m.State == MaybeKnown {
		return fmt.Sprint(m.Value)
	}
	return m.State.String()
}

func (Maybe[T]) isMaybe() {}

type maybeMarker interface{ isMaybe() }

var maybeType = reflect.TypeFor[maybeMarker]()

func isMaybe(t reflect.Type) bool { return t.Kind() == reflect.Struct && t.Implements(maybeType) }

// As fills the Go value target points to from v, as go-cty's
// gocty.FromCtyValue does (and tftypes' Value.As, the plugin framework's
// Plan.Get):
//
//   - bool, string and number values fill Go bools, strings and numbers of
//     their kind (named types too). A number must fit exactly into an int
//     or uint kind; a float32 or float64 takes the nearest value, and a
//     finite number too large for it is an error; big.Float takes the
//     number at its own precision, big.Int a whole number.
//   - Lists, sets and tuples fill slices, and arrays of their length (sets
//     in go-cty's order); a tuple also fills a struct field by field.
//   - Maps and objects fill maps with string keys.
//   - Objects fill structs whose fields are tagged `dynval:"name"`, by
//     gocty's rules: every attribute needs a field, and a field without an
//     attribute must be able to hold nothing (a pointer, slice, map,
//     interface or Maybe; it is left as it is).
//   - Pointers are allocated as needed; a null makes the pointer nil. A
//     null into a slice or map gives nil; into anything else that cannot
//     hold it, an error.
//   - A *Value field receives v itself (null, unknown or partly unknown),
//     as a new reference the caller owns and closes.
//   - A [Maybe] receives the state of v, and its Value is filled when v is
//     known and not null: with Maybe and *Value, an unknown is not lost.
//     An unknown into anything else is ErrUnknownValue.
//   - An empty interface (any) receives what [Value.ToGo] returns, unless
//     it holds a non-nil pointer, which is filled instead.
//
// A nil v (what Get returns for an attribute that is not there) counts as
// a null.
//
// Errors name the path in v where they happened (Error.Path and Steps; a
// set element by its value): ErrTypeMismatch (gocty's messages: "string
// value is required", "missing required attribute \"x\"", "null value is
// not allowed"), ErrOutOfRange ("value must be a whole number, between 0
// and 255 inclusive"), ErrUnknownValue ("value must be known"),
// ErrUnsupported (Go types that no value can fill: channels, functions,
// interfaces with methods, maps whose keys are not strings) and
// ErrInvalidArg (target is not a non-nil pointer; struct tags as for
// FromGo). On error the target may be partly filled.
//
// Deliberate differences from gocty:
//
//   - gocty panics on a target that is not a pointer; As returns
//     ErrInvalidArg. Two fields with one tag are ErrInvalidArg (gocty lets
//     the last one win).
//   - Objects also fill maps, and tuples slices and arrays (gocty fills
//     only structs from them); interfaces and Maybe are filled (gocty has
//     no Maybe and fills interfaces only through a pointer they hold).
//   - A null set fills a slice with nil (gocty refuses it; it accepts null
//     lists and maps). A null makes the outermost of several pointers nil,
//     and a pointer to a slice or map too (gocty allocates all but the
//     innermost pointer, and a pointer to the nil slice or map).
//   - A float32 takes the nearest float32 to the number, not to its
//     float64 rounding, and a number too large for a float32 is an error
//     (gocty gives an infinity).
//   - Paths: set elements appear in them (as cty.IndexStep{Key: element});
//     the "missing required attribute" error's path ends with the
//     attribute's name (gocty's with a nil step).
func (v *Value) As(target any) error {
	rv := reflect.ValueOf(target)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return argError(fmt.Sprintf("As needs a non-nil pointer to fill, not %T", target))
	}
	if rv.Type() == valuePtrType {
		return argError("As into a *Value needs its address (&v)")
	}
	return fillGo(v, rv.Elem(), nil)
}

func fillGo(v *Value, target reflect.Value, path Path) error {
	t := target.Type()
	switch {
	case t == valuePtrType:
		if v == nil {
			target.Set(reflect.Zero(t))
		} else {
			target.Set(reflect.ValueOf(v.Clone()))
		}
		return nil
	case isMaybe(t):
		st := MaybeKnown
		switch {
		case v.IsNull():
			st = MaybeNull
		case !v.IsKnown():
			st = MaybeUnknown
		}
		target.Field(maybeStateField).SetUint(uint64(st))
		if st != MaybeKnown {
			f := target.Field(maybeValueField)
			f.Set(reflect.Zero(f.Type()))
			return nil
		}
		return fillGo(v, target.Field(maybeValueField), path)
	case t.Kind() == reflect.Interface:
		if !target.IsNil() {
			if e := target.Elem(); e.Kind() == reflect.Pointer && !e.IsNil() && e.Type() != valuePtrType {
				return fillGo(v, e.Elem(), path)
			}
		}
		if t.NumMethod() != 0 {
			return unsupportedTarget(t, path)
		}
		g, err := toGo(v, path)
		if err != nil {
			return err
		}
		if g == nil {
			target.Set(reflect.Zero(t))
		} else {
			target.Set(reflect.ValueOf(g))
		}
		return nil
	case t.Kind() == reflect.Pointer:
		if v.IsNull() {
			target.Set(reflect.Zero(t))
			return nil
		}
		if target.IsNil() {
			target.Set(reflect.New(t.Elem()))
		}
		return fillGo(v, target.Elem(), path)
	}
	if v.IsNull() {
		switch t.Kind() {
		case reflect.Slice, reflect.Map:
			target.Set(reflect.Zero(t))
			return nil
		}
		return goError(StatusTypeMismatch, path, "null value is not allowed")
	}
	if !v.IsKnown() {
		return goError(StatusUnknownValue, path, "value must be known")
	}
	switch v.Kind() {
	case KindBool:
		if t.Kind() == reflect.Bool {
			b, err := v.AsBool()
			target.SetBool(b)
			return atPath(err, path)
		}
	case KindString:
		if t.Kind() == reflect.String {
			s, err := v.AsString()
			target.SetString(s)
			return atPath(err, path)
		}
	case KindNumber:
		return fillNumber(v, target, path)
	case KindList, KindSet, KindTuple:
		return fillSequence(v, target, path)
	case KindMap, KindObject:
		return fillMapping(v, target, path)
	}
	return requiredError(t, path)
}

// requiredError says what kind of value the target could take (gocty's
// likelyRequiredTypesError), or that none can fill it.
func requiredError(t reflect.Type, path Path) error {
	msg := ""
	switch t.Kind() {
	case reflect.Bool:
		msg = "bool value is required"
	case reflect.String:
		msg = "string value is required"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		msg = "number value is required"
	case reflect.Slice, reflect.Array:
		msg = "list, set or tuple value is required"
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return unsupportedTarget(t, path)
		}
		msg = "map or object value is required"
	case reflect.Struct:
		if bigFloatType.ConvertibleTo(t) || bigIntType.ConvertibleTo(t) {
			msg = "number value is required"
		} else if t == valueType {
			return unsupportedTarget(t, path)
		} else {
			msg = "object or tuple value is required"
		}
	default:
		return unsupportedTarget(t, path)
	}
	return goError(StatusTypeMismatch, path, "%s", msg)
}

func unsupportedTarget(t reflect.Type, path Path) error {
	if t == valueType {
		return goError(StatusUnsupported, path, "can't fill Go dynval.Value; use *dynval.Value")
	}
	return goError(StatusUnsupported, path, "can't fill Go %s", t)
}

func fillNumber(v *Value, target reflect.Value, path Path) error {
	t := target.Type()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
	case reflect.Struct:
		if !bigFloatType.ConvertibleTo(t) && !bigIntType.ConvertibleTo(t) {
			return requiredError(t, path)
		}
	default:
		return requiredError(t, path)
	}
	bf, err := v.AsBigFloat()
	if err != nil {
		return atPath(err, path)
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		lo, hi := int64(math.MinInt64)>>(64-bits), int64(math.MaxInt64)>>(64-bits)
		iv, acc := bf.Int64()
		if acc != big.Exact || iv < lo || iv > hi {
			return goError(StatusOutOfRange, path, "value must be a whole number, between %d and %d", lo, hi)
		}
		target.SetInt(iv)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		hi := uint64(math.MaxUint64) >> (64 - t.Bits())
		uv, acc := bf.Uint64()
		if acc != big.Exact || uv > hi {
			return goError(StatusOutOfRange, path, "value must be a whole number, between 0 and %d inclusive", hi)
		}
		target.SetUint(uv)
	case reflect.Float32:
		f, _ := bf.Float32()
		if math.IsInf(float64(f), 0) && !bf.IsInf() {
			return goError(StatusOutOfRange, path, "value must be between %f and %f inclusive", -math.MaxFloat32, math.MaxFloat32)
		}
		target.SetFloat(float64(f))
	case reflect.Float64:
		f, _ := bf.Float64()
		if math.IsInf(f, 0) && !bf.IsInf() {
			return goError(StatusOutOfRange, path, "value must be between %f and %f inclusive", -math.MaxFloat64, math.MaxFloat64)
		}
		target.SetFloat(f)
	default: // big.Float or big.Int (or a type convertible from them)
		if bigFloatType.ConvertibleTo(t) {
			target.Set(reflect.ValueOf(bf).Elem().Convert(t))
			return nil
		}
		bi, acc := bf.Int(nil)
		if acc != big.Exact {
			return goError(StatusOutOfRange, path, "value must be a whole number")
		}
		target.Set(reflect.ValueOf(bi).Elem().Convert(t))
	}
	return nil
}

func fillSequence(v *Value, target reflect.Value, path Path) error {
	t := target.Type()
	n, err := v.Len()
	if err != nil {
		return atPath(err, path)
	}
	set := v.Kind() == KindSet
	switch t.Kind() {
	case reflect.Slice:
		out := reflect.MakeSlice(t, n, n)
		for i, e := range v.Elements() {
			if err := fillGo(e, out.Index(i), append(path, seqStep(set, i, e))); err != nil {
				return err
			}
		}
		target.Set(out)
		return nil
	case reflect.Array:
		if n != t.Len() {
			return goError(StatusTypeMismatch, path, "must be a %s of length %d", v.Kind(), t.Len())
		}
		for i, e := range v.Elements() {
			if err := fillGo(e, target.Index(i), append(path, seqStep(set, i, e))); err != nil {
				return err
			}
		}
		return nil
	case reflect.Struct:
		if v.Kind() != KindTuple || bigFloatType.ConvertibleTo(t) || bigIntType.ConvertibleTo(t) || t == valueType {
			break
		}
		if t.NumField() != n {
			return goError(StatusTypeMismatch, path, "a tuple of %d elements is required", t.NumField())
		}
		if err := exportedFields(t, path); err != nil {
			return err
		}
		for i, e := range v.Elements() {
			if err := fillGo(e, target.Field(i), append(path, Index(int64(i)))); err != nil {
				return err
			}
		}
		return nil
	}
	return requiredError(t, path)
}

func fillMapping(v *Value, target reflect.Value, path Path) error {
	t := target.Type()
	obj := v.Kind() == KindObject
	switch t.Kind() {
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return unsupportedTarget(t, path)
		}
		n, err := v.Len()
		if err != nil {
			return atPath(err, path)
		}
		out := reflect.MakeMapWithSize(t, n)
		for k, e := range v.Entries() {
			ev := reflect.New(t.Elem()).Elem()
			if err := fillGo(e, ev, append(path, mapStep(obj, k))); err != nil {
				return err
			}
			out.SetMapIndex(reflect.ValueOf(k).Convert(t.Key()), ev)
		}
		target.Set(out)
		return nil
	case reflect.Struct:
		if !obj || bigFloatType.ConvertibleTo(t) || bigIntType.ConvertibleTo(t) || t == valueType {
			break
		}
		fields, err := structFields(t, path)
		if err != nil {
			return err
		}
		for i := 0; i < t.NumField(); i++ {
			name := t.Field(i).Tag.Get("dynval")
			if name == "" || v.Get(name) != nil {
				continue
			}
			switch ft := t.Field(i).Type; ft.Kind() {
			case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			default:
				if !isMaybe(ft) {
					return goError(StatusTypeMismatch, append(path, Attr(name)), "missing required attribute %q", name)
				}
			}
		}
		for name, e := range v.Attributes() {
			i, ok := fields[name]
			if !ok {
				return goError(StatusTypeMismatch, append(path, Attr(name)), "unsupported attribute %q", name)
			}
			if err := fillGo(e, target.Field(i), append(path, Attr(name))); err != nil {
				return err
			}
		}
		return nil
	}
	return requiredError(t, path)
}
