package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	dynval "github.com/libdynval/dynval-go"
)

// decode reads a DynamicValue of block b, the request field name of RPC
// rpc (both for the log): MessagePack, as OpenTofu and
// Terraform send, or JSON. A value of a dynamic attribute keeps the type
// the client gave it, and unknown values keep their refinements.
func (p *provider) decode(b block, rpc, name string, dv *tfprotov6.DynamicValue) (*dynval.Value, error) {
	if dv == nil { // an optional field the client did not send
		t := b.schema.ImpliedType()
		defer t.Close()
		return dynval.NullVal(t), nil
	}
	p.log.record(rpc, "recv", name, b.selector, dv)
	if dv.MsgPack == nil && dv.JSON != nil {
		return b.schema.DecodeJSON(dv.JSON, nil)
	}
	return b.schema.DecodeMsgpack(dv.MsgPack, nil)
}

// field is a DynamicValue of a request with the name of its field.
type field struct {
	name  string
	value *tfprotov6.DynamicValue
}

// decodeAll decodes the DynamicValues of one request, in order; a failure
// is a diagnostic that names the field.
func (p *provider) decodeAll(b block, rpc string, fields ...field) ([]*dynval.Value, []*tfprotov6.Diagnostic) {
	var out []*dynval.Value
	for _, f := range fields {
		v, err := p.decode(b, rpc, f.name, f.value)
		if err != nil {
			closeAll(out)
			return nil, errorDiag("Invalid "+f.name, err)
		}
		out = append(out, v)
	}
	return out, nil
}

func closeAll(vs []*dynval.Value) {
	for _, v := range vs {
		v.Close()
	}
}

// encode writes a value of block b as a MessagePack DynamicValue, the bytes
// go-cty would write for it.
func (p *provider) encode(b block, rpc, name string, v *dynval.Value) (*tfprotov6.DynamicValue, error) {
	data, err := b.schema.EncodeMsgpack(v)
	if err != nil {
		return nil, err
	}
	dv := &tfprotov6.DynamicValue{MsgPack: data}
	p.log.record(rpc, "sent", name, b.selector, dv)
	return dv, nil
}

// valueLog appends every DynamicValue the provider receives or sends, one
// JSON object a line, to the file named by $DYNVALEXAMPLE_LOG (nothing when
// unset): the end-to-end test re-encodes each by the schema and compares
// the bytes.
type valueLog struct {
	mu sync.Mutex
	f  *os.File
}

type logEntry struct {
	RPC     string `json:"rpc"`
	Dir     string `json:"dir"`    // "recv" or "sent"
	Field   string `json:"field"`  // the request or response field
	Schema  string `json:"schema"` // the selector in schema.json
	MsgPack []byte `json:"msgpack,omitempty"`
	JSON    []byte `json:"json,omitempty"`
}

func openValueLog() (*valueLog, error) {
	name := os.Getenv("DYNVALEXAMPLE_LOG")
	if name == "" {
		return &valueLog{}, nil
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	return &valueLog{f: f}, nil
}

func (l *valueLog) record(rpc, dir, name, selector string, dv *tfprotov6.DynamicValue) {
	if l.f == nil {
		return
	}
	line, _ := json.Marshal(logEntry{rpc, dir, name, selector, dv.MsgPack, dv.JSON})
	l.mu.Lock()
	defer l.mu.Unlock()
	l.f.Write(append(line, '\n')) // one write a line: O_APPEND keeps lines whole
}

// errorDiag reports err as an error diagnostic; a libdynval error points at
// the attribute its path names.
func errorDiag(summary string, err error) []*tfprotov6.Diagnostic {
	d := &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError, Summary: summary, Detail: err.Error()}
	var de *dynval.Error
	if errors.As(err, &de) && len(de.Steps) > 0 {
		d.Attribute = attributePath(de.Steps)
	}
	return []*tfprotov6.Diagnostic{d}
}

func errorf(summary, format string, args ...any) []*tfprotov6.Diagnostic {
	return errorDiag(summary, fmt.Errorf(format, args...))
}

// attributePath spells a libdynval path as the protocol's attribute path.
// A set element would need a tftypes value: the path stops at the set.
func attributePath(p dynval.Path) *tftypes.AttributePath {
	ap := tftypes.NewAttributePath()
	for _, s := range p {
		switch s.Kind {
		case dynval.StepAttr:
			ap = ap.WithAttributeName(s.Name)
		case dynval.StepIndex:
			ap = ap.WithElementKeyInt(int(s.Index))
		case dynval.StepKey:
			ap = ap.WithElementKeyString(s.Name)
		default:
			return ap
		}
	}
	return ap
}
