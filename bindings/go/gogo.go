package dynval

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"sort"
)

// FromGo builds a value of type t (FromGo(x, t)) from a Go value, as go-cty's
// gocty.ToCtyValue does: the type guides the conversion.
//
//   - A nil pointer, nil interface, nil slice or nil map gives a null of t;
//     other pointers and interfaces are followed. A [Maybe] gives a null or
//     an unknown of t, or its Value.
//   - A *Value is converted to t with [Value.Convert] (a nil *Value is a
//     null of t).
//   - bool gives a bool. Numbers are exact: int and uint kinds give
//     integers (precision 64), float32 and float64 give NumberFloatVal
//     numbers (precision 53; NaN is ErrInvalidArg), *big.Int and
//     *big.Float their exact value, json.Number its text (as
//     ParseNumber). String kinds give strings.
//   - Slices and arrays give lists, sets and tuples (a tuple also from a
//     struct, field by field); maps with string keys give maps.
//   - Structs give objects: a field tagged `dynval:"name"` gives attribute
//     name. As in gocty, an attribute with no field (or no map key) is
//     null, and fields (keys) that t does not name are ignored.
//   - A dynamic position of t (and t == nil) takes the type the Go value
//     implies: primitives as above, slices and arrays give tuples, maps
//     with string keys give objects, *Value is kept as it is, nil gives a
//     null of the dynamic type. FromGo(x, nil) is what FromGo(x) was
//     before it took a type, except that a nil slice or map is null (it
//     was an empty tuple or object) and slices and maps of any element
//     type are read (they were only []any and map[string]any).
//
// Errors name the path in the result where they happened: ErrTypeMismatch
// for a Go value that cannot give the type there (gocty's message),
// ErrUnsupported for a Go type that never can (a channel, a map whose keys
// are not strings, a struct where no type says what it becomes),
// ErrInvalidArg for NaN and for misdeclared structs (a tag on an
// unexported field, two fields with one name).
//
// Deliberate differences from gocty: gocty accepts only cty.Value in
// dynamic positions, panics on NaN and on maps whose key type is a named
// string type, lets the last of two fields with one tag win, and reads
// unexported tagged fields. The precision of a *big.Float is kept when it
// is 53 (a float64 value), 64 (an integer) or 512; other precisions become
// 512: the value stays exact, only its shortest decimal rendering
// (NumberText, JSON) can differ from go-cty's. Types in the result carry no
// optional-attribute markers.
//
// The type is optional so that callers of the one-argument FromGo(x) of
// earlier releases still build: FromGo(x) is FromGo(x, nil), and more than
// one type is ErrInvalidArg.
func FromGo(x any, types ...*Type) (*Value, error) {
	var t *Type
	switch len(types) {
	case 0:
	case 1:
		t = types[0]
	default:
		return nil, argError("FromGo takes at most one type")
	}
	if t == nil {
		t = TypeDynamic()
		defer t.Close()
	}
	return fromGo(reflect.ValueOf(x), t, nil)
}

var (
	valuePtrType   = reflect.TypeFor[*Value]()
	valueType      = reflect.TypeFor[Value]()
	bigIntType     = reflect.TypeFor[big.Int]()
	bigFloatType   = reflect.TypeFor[big.Float]()
	jsonNumberType = reflect.TypeFor[json.Number]()
)

// goError is an error raised by the Go conversions at path (copied).
func goError(st Status, path Path, format string, args ...any) error {
	e := &Error{Status: st, Message: fmt.Sprintf(format, args...), Offset: -1}
	if len(path) > 0 {
		e.Steps = path.Copy()
		e.Path = e.Steps.String()
	}
	return e
}

// atPath puts path in front of the path of err (an *Error).
func atPath(err error, path Path) error {
	var e *Error
	if len(path) == 0 || !errors.As(err, &e) {
		return err
	}
	out := *e
	out.Steps = append(path.Copy(), e.Steps...)
	out.Path = out.Steps.String()
	return &out
}

// plain returns t without optional markers: what a value's type carries.
func plain(t *Type) *Type {
	if t.HasOptional() {
		return t.WithoutOptional()
	}
	return t.Clone()
}

func nullOf(t *Type) *Value {
	p := plain(t)
	defer p.Close()
	return NullVal(p)
}

func fromGo(val reflect.Value, t *Type, path Path) (*Value, error) {
	for {
		if !val.IsValid() {
			return nullOf(t), nil
		}
		if val.Type() == valuePtrType {
			return passValue(val.Interface().(*Value), t, path)
		}
		if k := val.Kind(); k != reflect.Pointer && k != reflect.Interface {
			break
		}
		if val.IsNil() {
			return nullOf(t), nil
		}
		val = val.Elem()
	}
	if isMaybe(val.Type()) {
		switch st := MaybeState(val.Field(maybeStateField).Uint()); st {
		case MaybeNull:
			return nullOf(t), nil
		case MaybeUnknown:
			p := plain(t)
			defer p.Close()
			return UnknownVal(p, nil)
		case MaybeKnown:
			return fromGo(val.Field(maybeValueField), t, path)
		default:
			return nil, goError(StatusInvalidArg, path, "invalid MaybeState %d", st)
		}
	}
	if val.Type() == valueType {
		return nil, goError(StatusUnsupported, path, "can't convert Go dynval.Value; use *dynval.Value")
	}
	switch t.Kind() {
	case KindDynamic:
		return impliedGo(val, path)
	case KindBool:
		if val.Kind() == reflect.Bool {
			return BoolVal(val.Bool()), nil
		}
	case KindNumber:
		if v, ok, err := goNumber(val, path); ok {
			return v, err
		}
	case KindString:
		if val.Kind() == reflect.String {
			return StringVal(val.String()), nil
		}
	case KindList, KindSet:
		if k := val.Kind(); k == reflect.Slice || k == reflect.Array {
			return goSequence(val, t, path)
		}
	case KindMap:
		if val.Kind() == reflect.Map {
			return goMap(val, t, path)
		}
	case KindObject:
		switch val.Kind() {
		case reflect.Map:
			return goObjectFromMap(val, t, path)
		case reflect.Struct:
			return goObjectFromStruct(val, t, path)
		}
	case KindTuple:
		switch val.Kind() {
		case reflect.Slice, reflect.Array, reflect.Struct:
			return goTuple(val, t, path)
		}
	}
	return nil, goError(StatusTypeMismatch, path, "can't convert Go %s to %s", goKind(val), t.FriendlyName())
}

// goKind names a Go value's type as gocty's messages do: by its kind, or by
// the type for structs.
func goKind(val reflect.Value) string {
	if val.Kind() == reflect.Struct {
		return val.Type().String()
	}
	return val.Kind().String()
}

// passValue converts a *Value to t (go-cty's passthrough of a cty.Value).
func passValue(v *Value, t *Type, path Path) (*Value, error) {
	if v == nil {
		return nullOf(t), nil
	}
	if t.Kind() == KindDynamic {
		return v.Clone(), nil
	}
	out, err := v.Convert(t)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			c := *e
			c.Message = "unsuitable value: " + e.Message
			err = &c
		}
		return nil, atPath(err, path)
	}
	return out, nil
}

// impliedGo converts a Go value (not a pointer, interface or Maybe) in a
// dynamic position: the value's own Go type says what it becomes.
func impliedGo(val reflect.Value, path Path) (*Value, error) {
	if v, ok, err := goNumber(val, path); ok {
		return v, err
	}
	switch val.Kind() {
	case reflect.Bool:
		return BoolVal(val.Bool()), nil
	case reflect.String:
		return StringVal(val.String()), nil
	case reflect.Slice, reflect.Array:
		if val.Kind() == reflect.Slice && val.IsNil() {
			return NullVal(TypeDynamic()), nil
		}
		dyn := TypeDynamic()
		defer dyn.Close()
		elems := make([]*Value, val.Len())
		defer closeAll(elems)
		for i := range elems {
			e, err := fromGo(val.Index(i), dyn, append(path, Index(int64(i))))
			if err != nil {
				return nil, err
			}
			elems[i] = e
		}
		return TupleVal(elems...), nil
	case reflect.Map:
		if val.Type().Key().Kind() != reflect.String {
			return nil, goError(StatusUnsupported, path, "can't convert Go map with key type %s; key type must be string", val.Type().Key())
		}
		if val.IsNil() {
			return NullVal(TypeDynamic()), nil
		}
		dyn := TypeDynamic()
		defer dyn.Close()
		attrs := make(map[string]*Value, val.Len())
		defer func() {
			for _, v := range attrs {
				v.Close()
			}
		}()
		for _, k := range sortedKeys(val) {
			e, err := fromGo(val.MapIndex(k), dyn, append(path, Attr(k.String())))
			if err != nil {
				return nil, err
			}
			attrs[k.String()] = e
		}
		v, err := ObjectVal(attrs)
		return v, atPath(err, path)
	}
	return nil, goError(StatusUnsupported, path, "can't convert Go %s to a value without a type to say what it becomes", val.Type())
}

// goNumber converts a Go number (int and uint kinds, floats, big.Int,
// big.Float, json.Number); ok is false for other Go values.
func goNumber(val reflect.Value, path Path) (v *Value, ok bool, err error) {
	switch val.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return IntVal(val.Int()), true, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return UintVal(val.Uint()), true, nil
	case reflect.Float32, reflect.Float64:
		f := val.Float()
		if math.IsNaN(f) {
			return nil, true, goError(StatusInvalidArg, path, "can't convert NaN to number")
		}
		v, err := FloatVal(f)
		return v, true, atPath(err, path)
	case reflect.String:
		if val.Type() != jsonNumberType {
			return nil, false, nil
		}
		v, err := ParseNumber(val.String())
		return v, true, atPath(err, path)
	case reflect.Struct:
		switch val.Type() {
		case bigIntType:
			b := bigAddr(val).(*big.Int)
			v, err := bigIntVal(b)
			return v, true, atPath(err, path)
		case bigFloatType:
			v, err := bigFloatVal(bigAddr(val).(*big.Float))
			return v, true, atPath(err, path)
		}
	}
	return nil, false, nil
}

// bigAddr returns a pointer to a big.Int or big.Float struct value (its
// address, or that of a copy when it has none).
func bigAddr(val reflect.Value) any {
	if val.CanAddr() {
		return val.Addr().Interface()
	}
	p := reflect.New(val.Type())
	p.Elem().Set(val)
	return p.Interface()
}

// bigIntVal keeps go-cty's precision for integers that fit 64 bits.
func bigIntVal(b *big.Int) (*Value, error) {
	switch {
	case b.IsInt64():
		return IntVal(b.Int64()), nil
	case b.IsUint64():
		return UintVal(b.Uint64()), nil
	}
	return ParseNumber(b.String())
}

// bigFloatVal keeps f's precision where libdynval has a number of that
// precision: 53 (float64 values) and 64 (integers); else NumberVal (512).
func bigFloatVal(f *big.Float) (*Value, error) {
	switch f.Prec() {
	case 53:
		if d, acc := f.Float64(); acc == big.Exact {
			return FloatVal(d)
		}
	case 64:
		if f.IsInt() && f.Sign() != 0 {
			if i, acc := f.Int64(); acc == big.Exact {
				return IntVal(i), nil
			}
			if u, acc := f.Uint64(); acc == big.Exact {
				return UintVal(u), nil
			}
		}
	}
	return NumberVal(f)
}

func sortedKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	return keys
}

// goSequence builds a list or set from a slice or array. Errors in a set's
// elements name the element by its index in the Go slice, as cty's
// conversions name a tuple's elements.
func goSequence(val reflect.Value, t *Type, path Path) (*Value, error) {
	if val.Kind() == reflect.Slice && val.IsNil() {
		return nullOf(t), nil
	}
	ety := t.ElementType()
	defer ety.Close()
	build := ListVal
	if t.Kind() == KindSet {
		build = SetVal
	}
	if val.Len() == 0 {
		p := plain(ety)
		defer p.Close()
		return build(p)
	}
	elems := make([]*Value, val.Len())
	defer closeAll(elems)
	for i := range elems {
		e, err := fromGo(val.Index(i), ety, append(path, Index(int64(i))))
		if err != nil {
			return nil, err
		}
		elems[i] = e
	}
	v, err := build(nil, elems...)
	return v, atPath(err, path)
}

func mapKeyError(val reflect.Value, path Path) error {
	return goError(StatusUnsupported, path, "can't convert Go map with key type %s; key type must be string", val.Type().Key())
}

func goMap(val reflect.Value, t *Type, path Path) (*Value, error) {
	if val.Type().Key().Kind() != reflect.String {
		return nil, mapKeyError(val, path)
	}
	if val.IsNil() {
		return nullOf(t), nil
	}
	ety := t.ElementType()
	defer ety.Close()
	if val.Len() == 0 {
		p := plain(ety)
		defer p.Close()
		return mapVal(p, nil, nil)
	}
	keys := sortedKeys(val)
	names := make([]string, len(keys))
	vals := make([]*Value, len(keys))
	defer closeAll(vals)
	for i, k := range keys {
		names[i] = k.String()
		e, err := fromGo(val.MapIndex(k), ety, append(path, Key(names[i])))
		if err != nil {
			return nil, err
		}
		vals[i] = e
	}
	v, err := mapVal(nil, names, vals)
	return v, atPath(err, path)
}

// goObject builds an object of type t from the Go value of each attribute
// (get returns an invalid reflect.Value for an attribute it lacks: null).
func goObject(t *Type, path Path, get func(name string) reflect.Value) (*Value, error) {
	attrs := make(map[string]*Value, t.NumAttributes())
	defer func() {
		for _, v := range attrs {
			v.Close()
		}
	}()
	for name, at := range t.Attributes() {
		e, err := fromGo(get(name), at, append(path, Attr(name)))
		at.Close()
		if err != nil {
			return nil, err
		}
		attrs[name] = e
	}
	v, err := ObjectVal(attrs)
	return v, atPath(err, path)
}

func goObjectFromMap(val reflect.Value, t *Type, path Path) (*Value, error) {
	if val.Type().Key().Kind() != reflect.String {
		return nil, mapKeyError(val, path)
	}
	if val.IsNil() {
		return nullOf(t), nil
	}
	kt := val.Type().Key()
	return goObject(t, path, func(name string) reflect.Value {
		return val.MapIndex(reflect.ValueOf(name).Convert(kt))
	})
}

func goObjectFromStruct(val reflect.Value, t *Type, path Path) (*Value, error) {
	fields, err := structFields(val.Type(), path)
	if err != nil {
		return nil, err
	}
	return goObject(t, path, func(name string) reflect.Value {
		if i, ok := fields[name]; ok {
			return val.Field(i)
		}
		return reflect.Value{}
	})
}

// goTuple builds a tuple from a slice or array of the right length, or from
// a struct whose fields are the elements in order (gocty's rule).
func goTuple(val reflect.Value, t *Type, path Path) (*Value, error) {
	n := t.TupleLen()
	var elem func(i int) reflect.Value
	switch val.Kind() {
	case reflect.Struct:
		if nf := val.NumField(); nf != n {
			return nil, goError(StatusTypeMismatch, path, "wrong number of struct fields %d; need %d", nf, n)
		}
		if err := exportedFields(val.Type(), path); err != nil {
			return nil, err
		}
		elem = val.Field
	default:
		if val.Kind() == reflect.Slice && val.IsNil() {
			return nullOf(t), nil
		}
		if val.Len() != n {
			return nil, goError(StatusTypeMismatch, path, "wrong number of elements %d; need %d", val.Len(), n)
		}
		elem = val.Index
	}
	elems := make([]*Value, n)
	defer closeAll(elems)
	for i := range elems {
		et := t.TupleElement(i)
		e, err := fromGo(elem(i), et, append(path, Index(int64(i))))
		et.Close()
		if err != nil {
			return nil, err
		}
		elems[i] = e
	}
	return TupleVal(elems...), nil
}

// structFields maps the names of a struct's `dynval:"name"` tags to the
// field indices. A tag on an unexported field and a name used twice are
// ErrInvalidArg (gocty lets the last of the fields win).
func structFields(st reflect.Type, path Path) (map[string]int, error) {
	fields := make(map[string]int, st.NumField())
	for i := 0; i < st.NumField(); i++ {
		f := st.Field(i)
		name := f.Tag.Get("dynval")
		if name == "" {
			continue
		}
		if !f.IsExported() {
			return nil, goError(StatusInvalidArg, path, "field %s of %s has a dynval tag but is not exported", f.Name, st)
		}
		if j, dup := fields[name]; dup {
			return nil, goError(StatusInvalidArg, path, "fields %s and %s of %s are both tagged dynval:%q", st.Field(j).Name, f.Name, st, name)
		}
		fields[name] = i
	}
	return fields, nil
}

// exportedFields checks that a struct read or filled as a tuple has only
// exported fields.
func exportedFields(st reflect.Type, path Path) error {
	for i := 0; i < st.NumField(); i++ {
		if f := st.Field(i); !f.IsExported() {
			return goError(StatusInvalidArg, path, "field %s of %s (a tuple element) is not exported", f.Name, st)
		}
	}
	return nil
}

func closeAll(vs []*Value) {
	for _, v := range vs {
		v.Close()
	}
}

// ToGo converts a wholly known value into plain Go values:
//
//   - null gives nil; bool gives bool; string gives string;
//   - a number gives an int64 when it is exactly an int64, else a float64
//     when it is exactly a float64 (infinities included), else a *big.Float
//     holding exactly the value at the number's own precision;
//   - lists, sets and tuples give []any (sets in go-cty's order); maps and
//     objects give map[string]any.
//
// An unknown value anywhere gives ErrUnknownValue, with its path. To fill
// Go types of your own, see [Value.As].
func (v *Value) ToGo() (any, error) { return toGo(v, nil) }

func toGo(v *Value, path Path) (any, error) {
	if !v.IsKnown() {
		return nil, goError(StatusUnknownValue, path, "value must be known")
	}
	if v.IsNull() {
		return nil, nil
	}
	switch v.Kind() {
	case KindBool:
		return v.AsBool()
	case KindString:
		return v.AsString()
	case KindNumber:
		if n, err := v.AsInt64(); err == nil {
			return n, nil
		}
		f, exact, err := v.AsFloat64()
		if err != nil {
			return nil, err
		}
		if exact && !math.IsNaN(f) {
			return f, nil
		}
		return v.AsBigFloat()
	case KindList, KindSet, KindTuple:
		n, err := v.Len()
		if err != nil {
			return nil, err
		}
		set := v.Kind() == KindSet
		out := make([]any, 0, n)
		for i, e := range v.Elements() {
			g, err := toGo(e, append(path, seqStep(set, i, e)))
			if err != nil {
				return nil, err
			}
			out = append(out, g)
		}
		return out, nil
	case KindMap, KindObject:
		obj := v.Kind() == KindObject
		out := map[string]any{}
		for k, e := range v.Entries() {
			g, err := toGo(e, append(path, mapStep(obj, k)))
			if err != nil {
				return nil, err
			}
			out[k] = g
		}
		return out, nil
	}
	return nil, goError(StatusUnsupported, path, "cannot convert %s value", v.Kind())
}

// seqStep is the path step of element i of a list or tuple, or of a set's
// element e (by its value, as cty's IndexStep{Key: e}).
func seqStep(set bool, i int, e *Value) PathStep {
	if set {
		return Element(e)
	}
	return Index(int64(i))
}

// mapStep is the path step of an object's attribute or a map's key.
func mapStep(obj bool, k string) PathStep {
	if obj {
		return Attr(k)
	}
	return Key(k)
}
