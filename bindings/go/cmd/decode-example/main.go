// Command decode-example decodes a planned state (MessagePack DynamicValue)
// by the implied type of a resource schema and prints one line per
// top-level attribute: `name: <JSON-ish value or (unknown ...)>`, then the
// whole value as the library renders it for people (Value.Render, the view
// of `dynval convert --to pretty`), with the attributes the schema marks
// sensitive masked.
//
//	go run ./cmd/decode-example                     # from bindings/go
//	go run ./cmd/decode-example -data X.msgpack -schema S.json -block resource:NAME
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	dynval "github.com/libdynval/dynval-go"
)

func main() {
	data := flag.String("data", "../../examples/data/planned-state.msgpack", "MessagePack DynamicValue to decode")
	schemaPath := flag.String("schema", "../../examples/data/schema.json", "`providers schema -json` document")
	block := flag.String("block", "resource:acme_server", "block selector: provider, resource:NAME, data:NAME, ephemeral:NAME")
	provider := flag.String("provider", "", "provider address when the document holds several")
	flag.Parse()
	if err := run(*data, *schemaPath, *block, *provider); err != nil {
		fmt.Fprintln(os.Stderr, "decode-example:", err)
		os.Exit(1)
	}
}

func run(dataPath, schemaPath, block, provider string) error {
	doc, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	schema, err := dynval.SchemaFromJSON(doc, block, provider)
	if err != nil {
		return err
	}
	defer schema.Close()
	ty := schema.ImpliedType()
	defer ty.Close()
	data, err := os.ReadFile(dataPath)
	if err != nil {
		return err
	}
	v, err := dynval.DecodeMsgpack(data, ty, nil)
	if err != nil {
		return err
	}
	defer v.Close()
	if !v.IsKnown() || v.IsNull() {
		fmt.Println(render(v))
	} else {
		for name, attr := range v.Attributes() { // attr is a view of v: no Close
			fmt.Printf("%s: %s\n", name, render(attr))
		}
	}
	// The library's own view, masking admin_password by the schema.
	text, err := v.Render(&dynval.RenderOptions{Schema: schema.Block()})
	if err != nil {
		return err
	}
	fmt.Print("== the human view (sensitive attributes masked)\n" + text)
	return nil
}

// render prints a value in the format the C and Rust examples share
// (examples/data/decode-example.expected): JSON-like with ", " and ": "
// separators, exact number text, and unknowns spelled out with their
// refinements.
func render(v *dynval.Value) string {
	if !v.IsKnown() {
		return renderUnknown(v)
	}
	if v.IsNull() {
		return "null"
	}
	var parts []string
	switch v.Kind() {
	case dynval.KindBool:
		b, _ := v.AsBool()
		return fmt.Sprint(b)
	case dynval.KindNumber:
		t, _ := v.NumberText()
		return t
	case dynval.KindString:
		s, _ := v.AsString()
		return quote([]byte(s))
	case dynval.KindMap, dynval.KindObject:
		for k, e := range v.Entries() {
			parts = append(parts, quote([]byte(k))+": "+render(e))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case dynval.KindList, dynval.KindSet, dynval.KindTuple:
		for _, e := range v.Elements() {
			parts = append(parts, render(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return v.GoString()
}

// quote writes s between double quotes, escaping only what the shared
// format escapes (quote, backslash, \n \r \t and other C0 controls).
func quote(s []byte) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString("\\n")
		case c == '\r':
			b.WriteString("\\r")
		case c == '\t':
			b.WriteString("\\t")
		case c < 0x20:
			fmt.Fprintf(&b, "\\u%04x", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func renderUnknown(v *dynval.Value) string {
	parts := []string{"unknown"}
	if v.RefinedNotNull() {
		parts = append(parts, "not null")
	}
	if p := v.RefinedPrefix(); p != "" {
		parts = append(parts, fmt.Sprintf("prefix %q", p))
	}
	switch v.Kind() {
	case dynval.KindNumber:
		if lo, inc, err := v.RefinedLowerBound(); err == nil {
			if t, _ := lo.NumberText(); t != "-Inf" {
				parts = append(parts, bound(">", inc, t))
			}
			lo.Close()
		}
		if hi, inc, err := v.RefinedUpperBound(); err == nil {
			if t, _ := hi.NumberText(); t != "+Inf" {
				parts = append(parts, bound("<", inc, t))
			}
			hi.Close()
		}
	case dynval.KindList, dynval.KindSet, dynval.KindMap:
		if mn, mx, err := v.RefinedLength(); err == nil {
			if mn != 0 {
				parts = append(parts, fmt.Sprintf("length >= %d", mn))
			}
			if mx != 1<<63-1 {
				parts = append(parts, fmt.Sprintf("length <= %d", mx))
			}
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func bound(op string, inclusive bool, text string) string {
	if inclusive {
		op += "="
	}
	return op + " " + text
}
