package conformance

import (
	"fmt"
	"math/big"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"
)

// Conversions between cty and terraform-plugin-go's tftypes. tftypes has no
// refinements (it writes every unknown as d4 00 00 and skips ext payloads),
// writes map entries in Go's random map order and does not NFC-normalise, so
// the comparisons are of values (after dropping refinements), never of
// tftypes' own bytes.

func tfType(t cty.Type) tftypes.Type {
	switch {
	case t == cty.String:
		return tftypes.String
	case t == cty.Number:
		return tftypes.Number
	case t == cty.Bool:
		return tftypes.Bool
	case t == cty.DynamicPseudoType:
		return tftypes.DynamicPseudoType
	case t.IsListType():
		return tftypes.List{ElementType: tfType(t.ElementType())}
	case t.IsSetType():
		return tftypes.Set{ElementType: tfType(t.ElementType())}
	case t.IsMapType():
		return tftypes.Map{ElementType: tfType(t.ElementType())}
	case t.IsObjectType():
		attrs := map[string]tftypes.Type{}
		for n, at := range t.AttributeTypes() {
			attrs[n] = tfType(at)
		}
		return tftypes.Object{AttributeTypes: attrs}
	case t.IsTupleType():
		elems := []tftypes.Type{}
		for _, et := range t.TupleElementTypes() {
			elems = append(elems, tfType(et))
		}
		return tftypes.Tuple{ElementTypes: elems}
	}
	panic("no tftypes type for " + t.FriendlyName())
}

func ctyType(t tftypes.Type) cty.Type {
	switch {
	case t.Is(tftypes.String):
		return cty.String
	case t.Is(tftypes.Number):
		return cty.Number
	case t.Is(tftypes.Bool):
		return cty.Bool
	case t.Is(tftypes.DynamicPseudoType):
		return cty.DynamicPseudoType
	case t.Is(tftypes.List{}):
		return cty.List(ctyType(t.(tftypes.List).ElementType))
	case t.Is(tftypes.Set{}):
		return cty.Set(ctyType(t.(tftypes.Set).ElementType))
	case t.Is(tftypes.Map{}):
		return cty.Map(ctyType(t.(tftypes.Map).ElementType))
	case t.Is(tftypes.Object{}):
		attrs := map[string]cty.Type{}
		for n, at := range t.(tftypes.Object).AttributeTypes {
			attrs[n] = ctyType(at)
		}
		return cty.Object(attrs)
	case t.Is(tftypes.Tuple{}):
		elems := []cty.Type{}
		for _, et := range t.(tftypes.Tuple).ElementTypes {
			elems = append(elems, ctyType(et))
		}
		return cty.Tuple(elems)
	}
	panic(fmt.Sprintf("no cty type for %s", t))
}

// toTF converts a cty value (without refinements) into a tftypes value typed
// by the value's own type, as a provider would build it.
func toTF(v cty.Value) tftypes.Value {
	t := v.Type()
	tt := tfType(t)
	if !v.IsKnown() {
		return tftypes.NewValue(tt, tftypes.UnknownValue)
	}
	if v.IsNull() {
		return tftypes.NewValue(tt, nil)
	}
	switch {
	case t == cty.String:
		return tftypes.NewValue(tt, v.AsString())
	case t == cty.Number:
		return tftypes.NewValue(tt, v.AsBigFloat())
	case t == cty.Bool:
		return tftypes.NewValue(tt, v.True())
	case t.IsListType() || t.IsSetType() || t.IsTupleType():
		elems := []tftypes.Value{}
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			elems = append(elems, toTF(e))
		}
		return tftypes.NewValue(tt, elems)
	default: // map, object
		m := map[string]tftypes.Value{}
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			m[k.AsString()] = toTF(e)
		}
		return tftypes.NewValue(tt, m)
	}
}

// fromTF converts a tftypes value into cty, each part by its own type, as
// go-cty's decoder builds it (collections take their elements' type).
func fromTF(v tftypes.Value) cty.Value {
	t := v.Type()
	ct := ctyType(t)
	if !v.IsKnown() {
		return cty.UnknownVal(ct)
	}
	if v.IsNull() {
		return cty.NullVal(ct)
	}
	switch {
	case ct == cty.String:
		var s string
		must(v.As(&s))
		return cty.StringVal(s)
	case ct == cty.Number:
		f := new(big.Float)
		must(v.As(&f))
		return cty.NumberVal(f)
	case ct == cty.Bool:
		var b bool
		must(v.As(&b))
		return cty.BoolVal(b)
	case ct.IsListType() || ct.IsSetType() || ct.IsTupleType():
		var elems []tftypes.Value
		must(v.As(&elems))
		vals := make([]cty.Value, len(elems))
		for i, e := range elems {
			vals[i] = fromTF(e)
		}
		switch {
		case ct.IsTupleType():
			return cty.TupleVal(vals)
		case len(vals) == 0 && ct.IsListType():
			return cty.ListValEmpty(ct.ElementType())
		case len(vals) == 0:
			return cty.SetValEmpty(ct.ElementType())
		case ct.IsListType():
			return cty.ListVal(vals)
		}
		return cty.SetVal(vals)
	default:
		var m map[string]tftypes.Value
		must(v.As(&m))
		vals := make(map[string]cty.Value, len(m))
		for k, e := range m {
			vals[k] = fromTF(e)
		}
		if ct.IsObjectType() {
			return cty.ObjectVal(vals)
		}
		if len(vals) == 0 {
			return cty.MapValEmpty(ct.ElementType())
		}
		return cty.MapVal(vals)
	}
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// stripRefinements replaces every unknown by an unrefined unknown of the same
// type (what tftypes can express).
func stripRefinements(v cty.Value) cty.Value {
	out, err := cty.Transform(v, func(_ cty.Path, v cty.Value) (cty.Value, error) {
		if !v.IsKnown() {
			return cty.UnknownVal(v.Type()), nil
		}
		return v, nil
	})
	if err != nil {
		panic(err)
	}
	return out
}
