package dynval

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
)

// FromGo converts a Go value into a known Value:
//
//   - nil gives a null of the dynamic pseudo-type;
//   - bool gives a bool;
//   - int, int8..int64 give NumberIntVal-style numbers (precision 64); uint,
//     uint8..uint64 give NumberUIntVal-style numbers;
//   - float32 and float64 give NumberFloatVal-style numbers (precision 53;
//     NaN is an ErrInvalidArg);
//   - *big.Int and *big.Float give exact numbers (precision 512), and
//     json.Number is parsed like ParseNumber;
//   - string gives an (NFC-normalised) string;
//   - []any gives a tuple and map[string]any an object, as go-cty's JSON
//     implied types do (use ListVal, SetVal or MapVal for collections);
//   - a *Value is returned as a new reference.
//
// Other types give ErrUnsupported.
func FromGo(x any) (*Value, error) {
	switch x := x.(type) {
	case nil:
		return NullVal(TypeDynamic()), nil
	case *Value:
		return x.Clone(), nil
	case bool:
		return BoolVal(x), nil
	case int:
		return IntVal(int64(x)), nil
	case int8:
		return IntVal(int64(x)), nil
	case int16:
		return IntVal(int64(x)), nil
	case int32:
		return IntVal(int64(x)), nil
	case int64:
		return IntVal(x), nil
	case uint:
		return UintVal(uint64(x)), nil
	case uint8:
		return UintVal(uint64(x)), nil
	case uint16:
		return UintVal(uint64(x)), nil
	case uint32:
		return UintVal(uint64(x)), nil
	case uint64:
		return UintVal(x), nil
	case float32:
		return FloatVal(float64(x))
	case float64:
		return FloatVal(x)
	case *big.Int:
		if x == nil {
			return nil, argError("nil *big.Int")
		}
		return ParseNumber(x.String())
	case *big.Float:
		return NumberVal(x)
	case json.Number:
		return ParseNumber(string(x))
	case string:
		return StringVal(x), nil
	case []any:
		elems := make([]*Value, len(x))
		defer closeAll(elems)
		for i, e := range x {
			v, err := FromGo(e)
			if err != nil {
				return nil, err
			}
			elems[i] = v
		}
		return TupleVal(elems...), nil
	case map[string]any:
		attrs := make(map[string]*Value, len(x))
		defer func() {
			for _, v := range attrs {
				v.Close()
			}
		}()
		for k, e := range x {
			v, err := FromGo(e)
			if err != nil {
				return nil, err
			}
			attrs[k] = v
		}
		return ObjectVal(attrs)
	}
	return nil, &Error{Status: StatusUnsupported, Message: fmt.Sprintf("cannot convert Go %T to a value", x), Offset: -1}
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
// An unknown value anywhere gives ErrUnknownValue.
func (v *Value) ToGo() (any, error) {
	if !v.IsKnown() {
		return nil, &Error{Status: StatusUnknownValue, Message: "value is not known", Offset: -1}
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
		out := make([]any, 0, n)
		for _, e := range v.Elements() {
			g, err := e.ToGo()
			if err != nil {
				return nil, err
			}
			out = append(out, g)
		}
		return out, nil
	case KindMap, KindObject:
		out := map[string]any{}
		for k, e := range v.Entries() {
			g, err := e.ToGo()
			if err != nil {
				return nil, err
			}
			out[k] = g
		}
		return out, nil
	}
	return nil, &Error{Status: StatusUnsupported, Message: "cannot convert " + v.Kind().String() + " value", Offset: -1}
}
