package dynval

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	_ "github.com/hashicorp/terraform-plugin-go/tfprotov5/tf5server" // registers tfplugin5
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// attributePathType finds the generated AttributePath message of
// terraform-plugin-go for "tfplugin5" or "tfplugin6". Its tfplugin5/6
// packages are internal; tf5server and tf6server link them, which
// registers their types with protobuf's global registry.
func attributePathType(t *testing.T, proto string) protoreflect.MessageType {
	t.Helper()
	mt, err := protoregistry.GlobalTypes.FindMessageByName(protoreflect.FullName(proto + ".AttributePath"))
	if err != nil {
		t.Fatalf("%s.AttributePath is not registered: %v", proto, err)
	}
	return mt
}

// genMessage builds p (which has no set-element steps) as the generated
// message of type mt.
func genMessage(mt protoreflect.MessageType, p Path) protoreflect.Message {
	m := mt.New()
	stepsFd := m.Descriptor().Fields().ByName("steps")
	steps := m.Mutable(stepsFd).List()
	for _, s := range p {
		st := steps.NewElement().Message()
		fds := st.Descriptor().Fields()
		switch s.Kind {
		case StepAttr:
			st.Set(fds.ByName("attribute_name"), protoreflect.ValueOfString(s.Name))
		case StepKey:
			st.Set(fds.ByName("element_key_string"), protoreflect.ValueOfString(s.Name))
		case StepIndex:
			st.Set(fds.ByName("element_key_int"), protoreflect.ValueOfInt64(s.Index))
		}
		steps.Append(protoreflect.ValueOfMessage(st))
	}
	return m
}

// genPath reads a generated message back as a path; ok is false when a
// step has no selector (which protobuf accepts and libdynval refuses).
func genPath(m protoreflect.Message) (p Path, ok bool) {
	steps := m.Get(m.Descriptor().Fields().ByName("steps")).List()
	for i := 0; i < steps.Len(); i++ {
		st := steps.Get(i).Message()
		fd := st.WhichOneof(st.Descriptor().Oneofs().ByName("selector"))
		if fd == nil {
			return p, false
		}
		switch fd.Name() {
		case "attribute_name":
			p = p.Attr(st.Get(fd).String())
		case "element_key_string":
			p = p.Key(st.Get(fd).String())
		case "element_key_int":
			p = p.Index(st.Get(fd).Int())
		}
	}
	return p, true
}

var attributePathCases = []Path{
	{},
	Path{}.Attr("network").Index(0).Attr("ip").Key("v4"),
	Path{}.Attr("").Key("").Index(0),
	Path{}.Index(math.MinInt64).Index(-1).Index(math.MaxInt64).Index(300),
	Path{}.Attr(strings.Repeat("n", 300)).Key("é😀").Key("with \"quotes\"\n"),
	func() Path {
		var p Path
		for i := 0; i < 200; i++ {
			p = p.Attr("a").Index(int64(i))
		}
		return p
	}(),
}

// TestAttributePathMatchesGeneratedMessages: for both protocols, our bytes
// are the bytes Go's protobuf writes for the generated message, and each
// side reads the other's bytes back as the same steps.
func TestAttributePathMatchesGeneratedMessages(t *testing.T) {
	for _, protocol := range []string{"tfplugin5", "tfplugin6"} {
		mt := attributePathType(t, protocol)
		for _, p := range attributePathCases {
			ours, err := p.AttributePath()
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			want, err := proto.Marshal(genMessage(mt, p).Interface())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ours, want) {
				t.Errorf("%s %s: ours %x, protobuf %x", protocol, p, ours, want)
			}
			m := mt.New()
			if err := proto.Unmarshal(ours, m.Interface()); err != nil {
				t.Fatalf("%s %s: protobuf cannot read our bytes: %v", protocol, p, err)
			}
			if back, ok := genPath(m); !ok || !back.Equals(p) {
				t.Errorf("%s %s: protobuf read our bytes as %s", protocol, p, back)
			}
			back, err := PathFromAttributePath(want)
			if err != nil || !back.Equals(p) {
				t.Errorf("%s %s: we read protobuf's bytes as %s (%v)", protocol, p, back, err)
			}
		}
	}
}

// A provider whose ValidateResourceConfig returns one diagnostic per path.
type diagProvider struct {
	tfprotov6.ProviderServer
	paths []*tftypes.AttributePath
}

func (d diagProvider) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	resp := &tfprotov6.ValidateResourceConfigResponse{}
	for _, p := range d.paths {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: "x", Attribute: p})
	}
	return resp, nil
}

// TestAttributePathAsTerraformPluginGoSendsIt: the attribute paths of
// diagnostics as tf6server puts them on the wire (its toproto conversion,
// which stops at a set element), equal ours for the same paths.
func TestAttributePathAsTerraformPluginGoSendsIt(t *testing.T) {
	t.Setenv("TF_LOG_SDK_PROTO", "OFF") // tf6server logs every request at trace level
	web := tftypes.NewValue(tftypes.String, "web")
	elem := StringVal("web")
	defer elem.Close()
	cases := []struct {
		tf  *tftypes.AttributePath
		our Path
	}{
		{tftypes.NewAttributePath().WithAttributeName("rule").WithElementKeyInt(0).WithAttributeName("ip").WithElementKeyString("v4"),
			Path{}.Attr("rule").Index(0).Attr("ip").Key("v4")},
		{tftypes.NewAttributePath().WithAttributeName("tags").WithElementKeyValue(web).WithAttributeName("x"),
			Path{}.Attr("tags").Element(elem).Attr("x")},
		{tftypes.NewAttributePath().WithElementKeyValue(web),
			Path{}.Element(elem)},
		{tftypes.NewAttributePath().WithAttributeName("n").WithElementKeyInt(-7),
			Path{}.Attr("n").Index(-7)},
	}
	var prov diagProvider
	for _, c := range cases {
		prov.paths = append(prov.paths, c.tf)
	}
	srv := tf6server.New("dynval-test", prov)
	method := reflect.ValueOf(srv).MethodByName("ValidateResourceConfig")
	req := reflect.New(method.Type().In(1).Elem())
	out := method.Call([]reflect.Value{reflect.ValueOf(context.Background()), req})
	if err, _ := out[1].Interface().(error); err != nil {
		t.Fatal(err)
	}
	resp := out[0].Interface().(proto.Message).ProtoReflect()
	diags := resp.Get(resp.Descriptor().Fields().ByName("diagnostics")).List()
	if diags.Len() != len(cases) {
		t.Fatalf("%d diagnostics, want %d", diags.Len(), len(cases))
	}
	for i, c := range cases {
		d := diags.Get(i).Message()
		attr := d.Get(d.Descriptor().Fields().ByName("attribute")).Message()
		wire, err := proto.Marshal(attr.Interface())
		if err != nil {
			t.Fatal(err)
		}
		ours, err := c.our.AttributePath()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ours, wire) {
			t.Errorf("%s: ours %x, terraform-plugin-go %x", c.our, ours, wire)
		}
	}
}

// TestAttributePathHostileInputsAgreeWithProtobuf: on malformed and
// mutated messages, we fail exactly where protobuf fails, except for a step
// with no selector, which protobuf accepts and we refuse (it would vanish
// from the path); where both succeed, the paths are the same.
func TestAttributePathHostileInputsAgreeWithProtobuf(t *testing.T) {
	mt := attributePathType(t, "tfplugin6")
	inputs := [][]byte{
		{}, {0x0a}, {0x0a, 0x05, 0x0a, 0x01, 'a'}, {0x0a, 0x03, 0x0a, 0x05, 'a'}, {0x0a, 0x00},
		{0x0a, 0x02, 0x08, 0x05}, {0x0a, 0x03, 0x0a, 0x01, 0xff}, {0x0a, 0x03, 0x12, 0x01, 0xc0},
		{0x0a, 0x02, 0x18, 0x80}, {0x0e}, {0x0c}, {0x0b}, {0x0b, 0x14}, {0x00}, {0x80, 0x80, 0x80, 0x80, 0x10},
		{0xf8, 0xff, 0xff, 0xff, 0x0f, 0x00}, // field 2^29-1, the largest: an unknown varint
		{0x0a, 0x0b, 0x18, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
		{0x08, 0x07, 0x0a, 0x04, 0x08, 0x05, 0x18, 0x07},
	}
	var seeds [][]byte
	for _, p := range attributePathCases[:5] {
		b, err := p.AttributePath()
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	rng := rand.New(rand.NewSource(21))
	for i := 0; i < 20000; i++ {
		var in []byte
		if i%4 == 0 {
			in = make([]byte, rng.Intn(12))
			rng.Read(in)
		} else {
			in = append([]byte(nil), seeds[rng.Intn(len(seeds))]...)
			for k := 1 + rng.Intn(3); k > 0; k-- {
				switch op := rng.Intn(4); {
				case op == 0 && len(in) > 0:
					in[rng.Intn(len(in))] = byte(rng.Intn(256))
				case op == 1 && len(in) > 0:
					in = in[:rng.Intn(len(in))]
				case op == 2:
					at := rng.Intn(len(in) + 1)
					in = append(in[:at], append([]byte{byte(rng.Intn(256))}, in[at:]...)...)
				default:
					in = append(in, seeds[rng.Intn(len(seeds))]...)
				}
			}
		}
		inputs = append(inputs, in)
	}
	accepted, refused, noSelector := 0, 0, 0
	for _, in := range inputs {
		m := mt.New()
		goErr := proto.Unmarshal(in, m.Interface())
		ours, err := PathFromAttributePath(in)
		var de *Error
		if err != nil && (!errors.As(err, &de) || de.Offset < 0 || de.Offset > int64(len(in))) {
			t.Fatalf("%x: error %v has no offset inside the input", in, err)
		}
		if goErr != nil {
			if err == nil {
				t.Errorf("%x: protobuf refuses it (%v), we read %s", in, goErr, ours)
			}
			refused++
			continue
		}
		want, ok := genPath(m)
		if !ok {
			if !errors.Is(err, ErrParse) || !strings.Contains(de.Message, "step has no") {
				t.Errorf("%x: a step with no selector gave %v", in, err)
			}
			noSelector++
			continue
		}
		if err != nil {
			t.Errorf("%x: protobuf reads %s, we fail: %v", in, want, err)
			continue
		}
		// Keys are NFC on our side: compare through our reading of the
		// canonical bytes of protobuf's steps.
		canon, err := proto.Marshal(genMessage(mt, want).Interface())
		if err != nil {
			t.Fatal(err)
		}
		if back, err := PathFromAttributePath(canon); err != nil || len(ours) != len(want) || !back.Equals(ours) {
			t.Errorf("%x: protobuf reads %s, we read %s", in, want, ours)
		}
		accepted++
	}
	t.Logf("%d inputs: %d accepted by both, %d refused by protobuf, %d with a step without selector", len(inputs), accepted, refused, noSelector)
	if accepted < 1000 || refused < 1000 {
		t.Errorf("the mutations are lopsided: %d accepted, %d refused", accepted, refused)
	}
}

func TestAttributePathErrors(t *testing.T) {
	if _, err := (Path{}.Key("\xff")).AttributePath(); !errors.Is(err, ErrInvalidArg) {
		t.Errorf("a key that is not UTF-8: %v", err)
	}
	_, err := PathFromAttributePath([]byte{0x0a, 0x02, 0x18, 0x01, 0x0a, 0x00})
	var de *Error
	if !errors.As(err, &de) || de.Status != StatusParse || de.Offset != 4 || de.Path != ".steps[1]" {
		t.Errorf("a step with no selector: %#v", err)
	}
	many := bytes.Repeat([]byte{0x0a, 0x02, 0x18, 0x00}, 4097)
	if p, err := PathFromAttributePath(many[:4*4096]); err != nil || len(p) != 4096 {
		t.Errorf("4096 steps: %d, %v", len(p), err)
	}
	if _, err := PathFromAttributePath(many); !errors.Is(err, ErrLimit) {
		t.Errorf("4097 steps: %v", err)
	}
	if p, err := PathFromAttributePath(nil); err != nil || len(p) != 0 {
		t.Errorf("the empty message: %s, %v", p, err)
	}
}
