// gen_fixtures writes tests/data/schema-proto/go_schema_v{5,6}.hex: tfplugin5 /
// tfplugin6 `Schema` messages encoded by Go's protobuf runtime (dynamicpb over
// descriptors declared here with the field numbers of Terraform's
// docs/plugin-protocol/tfplugin5.proto (5.10) and tfplugin6.proto (6.11)),
// plus the implied type JSON each should have (hand-derived from OpenTofu's
// configschema rules, see the comments below); and go_identity.hex, a
// ResourceIdentitySchema message (the same in both protocols), with
// go_identity.type.json.
//
//	cd tests/gocty/schema && go run . ../../data/schema-proto
package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"
)

func field(name string, num int32, typ descriptorpb.FieldDescriptorProto_Type, label descriptorpb.FieldDescriptorProto_Label, typeName string) *descriptorpb.FieldDescriptorProto {
	f := &descriptorpb.FieldDescriptorProto{
		Name:   proto.String(name),
		Number: proto.Int32(num),
		Type:   typ.Enum(),
		Label:  label.Enum(),
	}
	if typeName != "" {
		f.TypeName = proto.String(typeName)
	}
	return f
}

const (
	opt   = descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL
	rep   = descriptorpb.FieldDescriptorProto_LABEL_REPEATED
	tI64  = descriptorpb.FieldDescriptorProto_TYPE_INT64
	tStr  = descriptorpb.FieldDescriptorProto_TYPE_STRING
	tByt  = descriptorpb.FieldDescriptorProto_TYPE_BYTES
	tBool = descriptorpb.FieldDescriptorProto_TYPE_BOOL
	tEnum = descriptorpb.FieldDescriptorProto_TYPE_ENUM
	tMsg  = descriptorpb.FieldDescriptorProto_TYPE_MESSAGE
)

func enum(name string, values ...string) *descriptorpb.EnumDescriptorProto {
	e := &descriptorpb.EnumDescriptorProto{Name: proto.String(name)}
	for i, v := range values {
		e.Value = append(e.Value, &descriptorpb.EnumValueDescriptorProto{Name: proto.String(v), Number: proto.Int32(int32(i))})
	}
	return e
}

func file(v int) protoreflect.FileDescriptor {
	pkg := fmt.Sprintf("tfplugin%d", v)
	p := "." + pkg + "."
	attr := []*descriptorpb.FieldDescriptorProto{
		field("name", 1, tStr, opt, ""),
		field("type", 2, tByt, opt, ""),
		field("description", 3, tStr, opt, ""),
		field("required", 4, tBool, opt, ""),
		field("optional", 5, tBool, opt, ""),
		field("computed", 6, tBool, opt, ""),
		field("sensitive", 7, tBool, opt, ""),
		field("description_kind", 8, tEnum, opt, p+"StringKind"),
		field("deprecated", 9, tBool, opt, ""),
	}
	block := []*descriptorpb.FieldDescriptorProto{
		field("version", 1, tI64, opt, ""),
		field("attributes", 2, tMsg, rep, p+"Schema.Attribute"),
		field("block_types", 3, tMsg, rep, p+"Schema.NestedBlock"),
		field("description", 4, tStr, opt, ""),
		field("description_kind", 5, tEnum, opt, p+"StringKind"),
		field("deprecated", 6, tBool, opt, ""),
	}
	nested := []*descriptorpb.DescriptorProto{
		{Name: proto.String("Block"), Field: block},
		{Name: proto.String("Attribute")},
		{Name: proto.String("NestedBlock"), Field: []*descriptorpb.FieldDescriptorProto{
			field("type_name", 1, tStr, opt, ""),
			field("block", 2, tMsg, opt, p+"Schema.Block"),
			field("nesting", 3, tEnum, opt, p+"Schema.NestedBlock.NestingMode"),
			field("min_items", 4, tI64, opt, ""),
			field("max_items", 5, tI64, opt, ""),
		}, EnumType: []*descriptorpb.EnumDescriptorProto{enum("NestingMode", "INVALID", "SINGLE", "LIST", "SET", "MAP", "GROUP")}},
	}
	nested[0].Field = append(nested[0].Field, field("deprecation_message", 7, tStr, opt, ""))
	if v == 5 {
		attr = append(attr,
			field("write_only", 10, tBool, opt, ""),
			field("deprecation_message", 11, tStr, opt, ""))
	} else {
		attr = append(attr,
			field("nested_type", 10, tMsg, opt, p+"Schema.Object"),
			field("write_only", 11, tBool, opt, ""),
			field("deprecation_message", 12, tStr, opt, ""))
		nested[0].Field = append(nested[0].Field, field("computed", 8, tBool, opt, ""))
		nested = append(nested, &descriptorpb.DescriptorProto{Name: proto.String("Object"), Field: []*descriptorpb.FieldDescriptorProto{
			field("attributes", 1, tMsg, rep, p+"Schema.Attribute"),
			field("nesting", 3, tEnum, opt, p+"Schema.Object.NestingMode"),
			field("min_items", 4, tI64, opt, ""),
			field("max_items", 5, tI64, opt, ""),
		}, EnumType: []*descriptorpb.EnumDescriptorProto{enum("NestingMode", "INVALID", "SINGLE", "LIST", "SET", "MAP")}})
	}
	nested[1].Field = attr
	fd := &descriptorpb.FileDescriptorProto{
		Name:     proto.String(pkg + ".proto"),
		Package:  proto.String(pkg),
		Syntax:   proto.String("proto3"),
		EnumType: []*descriptorpb.EnumDescriptorProto{enum("StringKind", "PLAIN", "MARKDOWN")},
		MessageType: []*descriptorpb.DescriptorProto{{
			Name: proto.String("Schema"),
			Field: []*descriptorpb.FieldDescriptorProto{
				field("version", 1, tI64, opt, ""),
				field("block", 2, tMsg, opt, p+"Schema.Block"),
			},
			NestedType: nested,
		}, {
			Name: proto.String("ResourceIdentitySchema"),
			Field: []*descriptorpb.FieldDescriptorProto{
				field("version", 1, tI64, opt, ""),
				field("identity_attributes", 2, tMsg, rep, p+"ResourceIdentitySchema.IdentityAttribute"),
			},
			NestedType: []*descriptorpb.DescriptorProto{{
				Name: proto.String("IdentityAttribute"),
				Field: []*descriptorpb.FieldDescriptorProto{
					field("name", 1, tStr, opt, ""),
					field("type", 2, tByt, opt, ""),
					field("required_for_import", 3, tBool, opt, ""),
					field("optional_for_import", 4, tBool, opt, ""),
					field("description", 5, tStr, opt, ""),
				},
			}},
		}},
	}
	f, err := protodesc.NewFile(fd, nil)
	if err != nil {
		panic(err)
	}
	return f
}

type builder struct{ f protoreflect.FileDescriptor }

func (b builder) desc(path ...string) protoreflect.MessageDescriptor {
	d := b.f.Messages().ByName(protoreflect.Name(path[0]))
	for _, p := range path[1:] {
		d = d.Messages().ByName(protoreflect.Name(p))
	}
	return d
}

func set(m *dynamicpb.Message, name string, v interface{}) {
	fd := m.Descriptor().Fields().ByName(protoreflect.Name(name))
	if fd == nil {
		panic("no field " + name)
	}
	switch x := v.(type) {
	case string:
		m.Set(fd, protoreflect.ValueOfString(x))
	case []byte:
		m.Set(fd, protoreflect.ValueOfBytes(x))
	case bool:
		m.Set(fd, protoreflect.ValueOfBool(x))
	case int64:
		m.Set(fd, protoreflect.ValueOfInt64(x))
	case protoreflect.EnumNumber:
		m.Set(fd, protoreflect.ValueOfEnum(x))
	case *dynamicpb.Message:
		if fd.IsList() {
			m.Mutable(fd).List().Append(protoreflect.ValueOfMessage(x))
		} else {
			m.Set(fd, protoreflect.ValueOfMessage(x))
		}
	default:
		panic(fmt.Sprintf("bad value %T", v))
	}
}

// attr: name, type JSON, then flags by name ("optional", ...).
func (b builder) attr(name, typ string, flags ...string) *dynamicpb.Message {
	m := dynamicpb.NewMessage(b.desc("Schema", "Attribute"))
	set(m, "name", name)
	if typ != "" {
		set(m, "type", []byte(typ))
	}
	for _, f := range flags {
		set(m, f, true)
	}
	return m
}

func (b builder) block(attrs []*dynamicpb.Message, blocks []*dynamicpb.Message) *dynamicpb.Message {
	m := dynamicpb.NewMessage(b.desc("Schema", "Block"))
	for _, a := range attrs {
		set(m, "attributes", a)
	}
	for _, nb := range blocks {
		set(m, "block_types", nb)
	}
	return m
}

func (b builder) nested(name string, nesting int, body *dynamicpb.Message, min, max int64) *dynamicpb.Message {
	m := dynamicpb.NewMessage(b.desc("Schema", "NestedBlock"))
	set(m, "type_name", name)
	set(m, "block", body)
	set(m, "nesting", protoreflect.EnumNumber(nesting))
	set(m, "min_items", min)
	set(m, "max_items", max)
	return m
}

const (
	single = 1
	list   = 2
	setN   = 3
	mapN   = 4
	group  = 5
)

func schema(v int) ([]byte, string) {
	b := builder{file(v)}
	doc := b.attr("doc", `"string"`, "optional", "deprecated")
	set(doc, "description", "the *doc*")
	set(doc, "description_kind", protoreflect.EnumNumber(1))
	set(doc, "deprecation_message", "use id")
	attrs := []*dynamicpb.Message{doc, b.attr("id", `"string"`, "computed")}
	if v == 6 {
		net := b.attr("net", "", "optional")
		obj := dynamicpb.NewMessage(b.desc("Schema", "Object"))
		set(obj, "attributes", b.attr("ip", `"string"`, "required"))
		set(obj, "attributes", b.attr("port", `"number"`, "optional"))
		set(obj, "nesting", protoreflect.EnumNumber(list))
		set(net, "nested_type", obj)
		attrs = append(attrs, net)
	}
	attrs = append(attrs, b.attr("secret", `"string"`, "optional", "sensitive", "write_only"),
		b.attr("tags", `["map","string"]`, "optional"))
	blocks := []*dynamicpb.Message{
		b.nested("disk", list, b.block([]*dynamicpb.Message{b.attr("size", `"number"`, "required")}, nil), 1, 3),
		b.nested("dyn", list, b.block([]*dynamicpb.Message{b.attr("v", `"dynamic"`, "optional")}, nil), 0, 0),
		b.nested("grp", group, b.block([]*dynamicpb.Message{b.attr("x", `"bool"`, "optional")}, nil), 0, 0),
		b.nested("m", mapN, b.block([]*dynamicpb.Message{b.attr("k", `"string"`, "required")}, nil), 0, 0),
		b.nested("s", setN, b.block([]*dynamicpb.Message{b.attr("n", `"number"`, "optional")}, nil), 0, 0),
		b.nested("one", single, b.block([]*dynamicpb.Message{b.attr("o", `["object",{"a":"string"}]`, "optional")}, nil), 1, 1),
	}
	// block types sorted by name as a frozen schema keeps them
	blocks[4], blocks[5] = blocks[5], blocks[4]
	root := b.block(attrs, blocks)
	set(root, "description", "root")
	set(root, "deprecated", true)
	set(root, "deprecation_message", "use other")
	if v == 6 {
		set(blocks[0].Get(blocks[0].Descriptor().Fields().ByName("block")).Message().Interface().(*dynamicpb.Message), "computed", true)
	}
	s := dynamicpb.NewMessage(b.desc("Schema"))
	set(s, "version", int64(3))
	set(s, "block", root)
	out, err := proto.MarshalOptions{Deterministic: true}.Marshal(s)
	if err != nil {
		panic(err)
	}
	// Implied type per OpenTofu configschema: LIST block with a dynamic
	// attribute -> dynamic; GROUP/SINGLE -> object; MAP/SET -> map/set of
	// object; nested list attribute -> list(object) without optional markers.
	net := ""
	if v == 6 {
		net = `"net":["list",["object",{"ip":"string","port":"number"}]],`
	}
	typ := `["object",{"disk":["list",["object",{"size":"number"}]],"doc":"string","dyn":"dynamic",` +
		`"grp":["object",{"x":"bool"}],"id":"string","m":["map",["object",{"k":"string"}]],` + net +
		`"one":["object",{"o":["object",{"a":"string"}]}],"s":["set",["object",{"n":"number"}]],` +
		`"secret":"string","tags":["map","string"]}]`
	return out, typ
}

// identity: a ResourceIdentitySchema (attributes sorted by name, as a frozen
// identity schema keeps them); its implied type is the object of the
// attribute types.
func identity() ([]byte, string) {
	b := builder{file(6)}
	m := dynamicpb.NewMessage(b.desc("ResourceIdentitySchema"))
	set(m, "version", int64(2))
	attr := func(name, typ string, flag string, desc string) *dynamicpb.Message {
		a := dynamicpb.NewMessage(b.desc("ResourceIdentitySchema", "IdentityAttribute"))
		set(a, "name", name)
		set(a, "type", []byte(typ))
		if flag != "" {
			set(a, flag, true)
		}
		if desc != "" {
			set(a, "description", desc)
		}
		return a
	}
	set(m, "identity_attributes", attr("account", `"string"`, "optional_for_import", "the *account*"))
	set(m, "identity_attributes", attr("id", `"string"`, "required_for_import", ""))
	set(m, "identity_attributes", attr("ports", `["list","number"]`, "", ""))
	out, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		panic(err)
	}
	return out, `["object",{"account":"string","id":"string","ports":["list","number"]}]`
}

func write(dir, base string, bytes []byte, typ string) {
	path := filepath.Join(dir, base)
	if err := os.WriteFile(path+".hex", []byte(hex.EncodeToString(bytes)+"\n"), 0o644); err != nil {
		panic(err)
	}
	if err := os.WriteFile(path+".type.json", []byte(typ+"\n"), 0o644); err != nil {
		panic(err)
	}
	fmt.Printf("%s: %d bytes\n", base, len(bytes))
}

func main() {
	dir := "."
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	for _, v := range []int{5, 6} {
		bytes, typ := schema(v)
		write(dir, fmt.Sprintf("go_schema_v%d", v), bytes, typ)
	}
	bytes, typ := identity()
	write(dir, "go_identity", bytes, typ)
}
