package dynval_test

import (
	"errors"
	"fmt"

	dynval "github.com/libdynval/dynval-go"
)

// Decode a DynamicValue by type, read attributes, and encode it as JSON.
func Example() {
	ty, err := dynval.ParseType([]byte(`["object",{"name":"string","port":"number"}]`))
	if err != nil {
		panic(err)
	}
	defer ty.Close()
	// {"name": "web-1", "port": 8080} as MessagePack.
	data := []byte{0x82, 0xa4, 'n', 'a', 'm', 'e', 0xa5, 'w', 'e', 'b', '-', '1', 0xa4, 'p', 'o', 'r', 't', 0xcd, 0x1f, 0x90}
	v, err := dynval.DecodeMsgpack(data, ty, nil)
	if err != nil {
		panic(err)
	}
	defer v.Close()
	for name, attr := range v.Attributes() { // attr is a view of v: no Close
		g, _ := attr.ToGo()
		fmt.Printf("%s = %v\n", name, g)
	}
	js, _ := v.EncodeJSON(ty)
	fmt.Println(string(js))
	// Output:
	// name = web-1
	// port = 8080
	// {"name":"web-1","port":8080}
}

// Build a refined unknown and see go-cty's wire bytes.
func ExampleUnknownVal() {
	u, err := dynval.UnknownVal(dynval.TypeString(), &dynval.Refinements{NotNull: true, Prefix: "foo-"})
	if err != nil {
		panic(err)
	}
	defer u.Close()
	b, _ := u.EncodeMsgpack(u.Type())
	fmt.Printf("% x\n", b)
	fmt.Println(u.RefinedNotNull(), u.RefinedPrefix())
	// Output:
	// c7 09 0c 82 01 c2 02 a4 66 6f 6f 2d
	// true foo-
}

// Numbers remember their precision, which decides their wire form.
func ExampleParseNumber() {
	dec, _ := dynval.ParseNumber("0.1")
	bin, _ := dynval.FloatVal(0.1)
	a, _ := dec.EncodeMsgpack(dec.Type())
	b, _ := bin.EncodeMsgpack(bin.Type())
	fmt.Printf("% x\n% x\n", a, b)
	// Output:
	// a3 30 2e 31
	// cb 3f b9 99 99 99 99 99 9a
}

// Errors carry a status usable with errors.Is, a path and a byte offset.
func ExampleError() {
	ty, _ := dynval.ParseType([]byte(`["list","bool"]`))
	_, err := dynval.DecodeJSON([]byte(`[true, 3]`), ty, nil)
	var de *dynval.Error
	if errors.As(err, &de) {
		fmt.Println(errors.Is(err, dynval.ErrTypeMismatch) || errors.Is(err, dynval.ErrParse), de.Path)
	}
	// Output:
	// true [1]
}

// Convert plain Go values to and from cty values.
func ExampleFromGo() {
	v, _ := dynval.FromGo(map[string]any{"n": 1.5, "tags": []any{"a", "b"}}, nil)
	defer v.Close()
	js, _ := v.EncodeJSON(v.Type())
	fmt.Println(string(js), v.Type())
	// Output:
	// {"n":1.5,"tags":["a","b"]} ["object",{"n":"number","tags":["tuple",["string","string"]]}]
}

// Walk a value, replace parts of it, and compare plan and result.
func ExampleValue_Transform() {
	ty, _ := dynval.ParseType([]byte(`["object",{"id":"string","tags":["set","string"]}]`))
	defer ty.Close()
	planned, _ := dynval.DecodeJSON([]byte(`{"id":"i-1","tags":["b","a"]}`), ty, nil)
	defer planned.Close()
	planned.Walk(func(p dynval.Path, v *dynval.Value) (bool, error) {
		fmt.Println(p, v)
		return true, nil
	})
	applied, _ := planned.Transform(func(p dynval.Path, v *dynval.Value) (*dynval.Value, error) {
		if s, err := v.AsString(); err == nil && len(p) == 2 {
			return dynval.StringVal(s + "!"), nil
		}
		return v, nil
	})
	defer applied.Close()
	d := planned.Diff(applied)
	defer d.Close()
	for _, e := range d.All() {
		fmt.Println(e)
	}
	// Output:
	// cty.ObjectVal(map[string]cty.Value{"id":cty.StringVal("i-1"), "tags":cty.SetVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})})
	// .id cty.StringVal("i-1")
	// .tags cty.SetVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})
	// .tags["a"] cty.StringVal("a")
	// .tags["b"] cty.StringVal("b")
	// .tags["a!"]: - => cty.StringVal("a!")
	// .tags["b!"]: - => cty.StringVal("b!")
	// .tags["a"]: cty.StringVal("a") => -
	// .tags["b"]: cty.StringVal("b") => -
}

// Read a value into Go types of your own, and build one back.
func ExampleValue_As() {
	ty, _ := dynval.ParseType([]byte(`["object",{"name":"string","ports":["list","number"],"ip":"string"}]`))
	defer ty.Close()
	v, _ := dynval.DecodeJSON([]byte(`{"name":"web","ports":[80,443],"ip":null}`), ty, nil)
	defer v.Close()
	type server struct {
		Name  string               `dynval:"name"`
		Ports []uint16             `dynval:"ports"`
		IP    dynval.Maybe[string] `dynval:"ip"`
	}
	var s server
	if err := v.As(&s); err != nil {
		fmt.Println(err)
	}
	fmt.Println(s.Name, s.Ports, s.IP)

	s.Ports = append(s.Ports, 8080)
	s.IP = dynval.Unknown[string]()
	back, _ := dynval.FromGo(s, ty)
	defer back.Close()
	fmt.Println(back)

	var bytes struct {
		Name  string               `dynval:"name"`
		Ports []uint8              `dynval:"ports"`
		IP    dynval.Maybe[string] `dynval:"ip"` // a *string would refuse the unknown
	}
	fmt.Println(back.As(&bytes))
	// Output:
	// web [80 443] null
	// cty.ObjectVal(map[string]cty.Value{"ip":cty.UnknownVal(cty.String), "name":cty.StringVal("web"), "ports":cty.ListVal([]cty.Value{cty.NumberIntVal(80), cty.NumberIntVal(443), cty.NumberIntVal(8080)})})
	// dynval: value must be a whole number, between 0 and 255 inclusive at .ports[1]
}
