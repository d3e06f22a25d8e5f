package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import (
	"iter"
	"runtime"
)

// schemaOwner is what a schema view belongs to: a *Schema or an
// *IdentitySchema. check panics when it is nil or closed; a view holds its
// owner, so the owner stays alive (and is not cleaned up) while the view is
// reachable.
type schemaOwner interface {
	check()
}

func (s *Schema) check()         { s.ptr() }
func (s *IdentitySchema) check() { s.ptr() }

// DescriptionKind is the kind of a description (the protocol's StringKind).
type DescriptionKind int32

// Description kinds.
const (
	DescriptionPlain    DescriptionKind = C.DV_DESCRIPTION_PLAIN
	DescriptionMarkdown DescriptionKind = C.DV_DESCRIPTION_MARKDOWN
)

// Block is a view of a block of a schema: its attributes, nested block
// types, description and flags. It keeps its schema alive; using it after
// the schema's Close panics. The zero Block is not usable. A view that a
// lookup did not find (ok == false) answers every getter with a zero value.
type Block struct {
	owner schemaOwner
	p     *C.dv_block_t
}

// Attribute is a view of an attribute of a block, of a nested attribute
// object or of an identity schema; it keeps its schema alive.
type Attribute struct {
	owner schemaOwner
	p     *C.dv_attribute_t
}

// Object is a view of the object type of a protocol-6 nested attribute; it
// keeps its schema alive.
type Object struct {
	owner schemaOwner
	p     *C.dv_object_t
}

// NestedBlock is a view of a nested block type of a block; it keeps its
// schema alive.
type NestedBlock struct {
	owner schemaOwner
	p     *C.dv_nested_block_t
}

// Block returns the schema's root block.
func (s *Schema) Block() Block {
	p := C.dv_schema_block(s.ptr())
	runtime.KeepAlive(s)
	return Block{s, p}
}

// borrowedType returns a new reference to a type borrowed from a schema, or
// nil for NULL.
func borrowedType(p *C.dv_type_t) *Type {
	if p == nil {
		return nil
	}
	var out *C.dv_type_t
	mustOK(C.dv_type_clone(&out, p, nil))
	return newType(out)
}

// ---- Block

// NumAttributes returns the number of attributes.
func (b Block) NumAttributes() int {
	b.owner.check()
	n := int(C.dv_block_attribute_count(b.p))
	runtime.KeepAlive(b.owner)
	return n
}

// Attribute returns attribute i, in bytewise name order.
func (b Block) Attribute(i int) (Attribute, bool) {
	b.owner.check()
	if i < 0 {
		return Attribute{b.owner, nil}, false
	}
	p := C.dv_block_attribute(b.p, C.size_t(i))
	runtime.KeepAlive(b.owner)
	return Attribute{b.owner, p}, p != nil
}

// FindAttribute returns the attribute called name.
func (b Block) FindAttribute(name string) (Attribute, bool) {
	b.owner.check()
	s, n := cstr(name)
	p := C.dv_block_find_attribute(b.p, s, n)
	runtime.KeepAlive(name)
	runtime.KeepAlive(b.owner)
	return Attribute{b.owner, p}, p != nil
}

// AttributeByPath returns the attribute that a path into a value of the
// block's type leads to, as OpenTofu's configschema Block.AttributeByPath
// (dv_block_attribute_by_path): attribute steps go through nested blocks
// and into nested attribute objects, and the steps that select an element of
// a block or nested attribute collection are passed over, so
// .network_interface[0].subnet_id finds the block's subnet_id attribute.
// It reports false at the block itself, at a nested block, for a name that
// is not there, and for a path into an attribute's value (.tags["env"]:
// look up the path's prefixes p[:i] to find the attribute a value is
// inside).
func (b Block) AttributeByPath(p Path) (Attribute, bool) {
	b.owner.check()
	cp := p.cPath()
	defer C.dv_path_free(cp)
	a := C.dv_block_attribute_by_path(b.p, cp)
	runtime.KeepAlive(b.owner)
	return Attribute{b.owner, a}, a != nil
}

// Attributes iterates over the attributes in bytewise name order.
func (b Block) Attributes() iter.Seq[Attribute] {
	return func(yield func(Attribute) bool) {
		n := b.NumAttributes()
		for i := 0; i < n; i++ {
			a, _ := b.Attribute(i)
			if !yield(a) {
				return
			}
		}
	}
}

// NumNestedBlocks returns the number of nested block types.
func (b Block) NumNestedBlocks() int {
	b.owner.check()
	n := int(C.dv_block_nested_count(b.p))
	runtime.KeepAlive(b.owner)
	return n
}

// NestedBlock returns nested block type i, in bytewise type-name order.
func (b Block) NestedBlock(i int) (NestedBlock, bool) {
	b.owner.check()
	if i < 0 {
		return NestedBlock{b.owner, nil}, false
	}
	p := C.dv_block_nested(b.p, C.size_t(i))
	runtime.KeepAlive(b.owner)
	return NestedBlock{b.owner, p}, p != nil
}

// FindNestedBlock returns the nested block type called typeName.
func (b Block) FindNestedBlock(typeName string) (NestedBlock, bool) {
	b.owner.check()
	s, n := cstr(typeName)
	p := C.dv_block_find_nested(b.p, s, n)
	runtime.KeepAlive(typeName)
	runtime.KeepAlive(b.owner)
	return NestedBlock{b.owner, p}, p != nil
}

// NestedBlocks iterates over the nested block types in bytewise type-name
// order.
func (b Block) NestedBlocks() iter.Seq[NestedBlock] {
	return func(yield func(NestedBlock) bool) {
		n := b.NumNestedBlocks()
		for i := 0; i < n; i++ {
			nb, _ := b.NestedBlock(i)
			if !yield(nb) {
				return
			}
		}
	}
}

// Description returns the block's description ("" when none).
func (b Block) Description() string {
	b.owner.check()
	s := goStr(C.dv_block_description(b.p))
	runtime.KeepAlive(b.owner)
	return s
}

// DescriptionKind returns the kind of the block's description.
func (b Block) DescriptionKind() DescriptionKind {
	b.owner.check()
	k := DescriptionKind(C.dv_block_description_kind(b.p))
	runtime.KeepAlive(b.owner)
	return k
}

// Deprecated reports whether the block is deprecated.
func (b Block) Deprecated() bool {
	b.owner.check()
	d := bool(C.dv_block_deprecated(b.p))
	runtime.KeepAlive(b.owner)
	return d
}

// DeprecationMessage returns the block's deprecation message ("" when none).
func (b Block) DeprecationMessage() string {
	b.owner.check()
	s := goStr(C.dv_block_deprecation_message(b.p))
	runtime.KeepAlive(b.owner)
	return s
}

// Computed reports tfplugin6.11 Block.computed: the provider may compute the
// block's content.
func (b Block) Computed() bool {
	b.owner.check()
	c := bool(C.dv_block_computed(b.p))
	runtime.KeepAlive(b.owner)
	return c
}

// HasSensitive reports whether an attribute of the block, of its nested
// blocks or of their nested attribute types is sensitive.
func (b Block) HasSensitive() bool {
	b.owner.check()
	s := bool(C.dv_block_has_sensitive(b.p))
	runtime.KeepAlive(b.owner)
	return s
}

// SensitivePrefix returns how much of p, a path into a value of the block,
// may be shown where sensitive values are masked: the number of leading
// steps up to and including the first sensitive attribute p passes through,
// or len(p). Print p[:b.SensitivePrefix(p)] in an error, as the dynval tool
// does, so that no map key or element below a sensitive attribute shows.
func (b Block) SensitivePrefix(p Path) int {
	b.owner.check()
	cp := p.cPath()
	defer C.dv_path_free(cp)
	n := int(C.dv_block_sensitive_prefix(b.p, cp))
	runtime.KeepAlive(b.owner)
	return n
}

// ImpliedType returns the block's implied value type (an object type).
func (b Block) ImpliedType() *Type {
	b.owner.check()
	t := borrowedType(C.dv_block_implied_type(b.p))
	runtime.KeepAlive(b.owner)
	return t
}

// ---- Attribute

// Name returns the attribute's name.
func (a Attribute) Name() string {
	a.owner.check()
	s := goStr(C.dv_attribute_name(a.p))
	runtime.KeepAlive(a.owner)
	return s
}

// Type returns the attribute's type, or nil for a nested attribute (see
// NestedType).
func (a Attribute) Type() *Type {
	a.owner.check()
	t := borrowedType(C.dv_attribute_type(a.p))
	runtime.KeepAlive(a.owner)
	return t
}

// NestedType returns the object type of a protocol-6 nested attribute.
func (a Attribute) NestedType() (Object, bool) {
	a.owner.check()
	p := C.dv_attribute_nested_type(a.p)
	runtime.KeepAlive(a.owner)
	return Object{a.owner, p}, p != nil
}

// Flags returns the attribute's flags (AttrRequired ... AttrWriteOnly; the
// import flags for identity attributes).
func (a Attribute) Flags() AttrFlags {
	a.owner.check()
	f := AttrFlags(C.dv_attribute_flags(a.p))
	runtime.KeepAlive(a.owner)
	return f
}

// Description returns the attribute's description ("" when none).
func (a Attribute) Description() string {
	a.owner.check()
	s := goStr(C.dv_attribute_description(a.p))
	runtime.KeepAlive(a.owner)
	return s
}

// DescriptionKind returns the kind of the attribute's description
// (Markdown for identity attributes).
func (a Attribute) DescriptionKind() DescriptionKind {
	a.owner.check()
	k := DescriptionKind(C.dv_attribute_description_kind(a.p))
	runtime.KeepAlive(a.owner)
	return k
}

// DeprecationMessage returns the attribute's deprecation message ("" when
// none).
func (a Attribute) DeprecationMessage() string {
	a.owner.check()
	s := goStr(C.dv_attribute_deprecation_message(a.p))
	runtime.KeepAlive(a.owner)
	return s
}

// ImpliedType returns the attribute's value type: its type, or its nested
// object's implied type.
func (a Attribute) ImpliedType() *Type {
	a.owner.check()
	t := borrowedType(C.dv_attribute_implied_type(a.p))
	runtime.KeepAlive(a.owner)
	return t
}

// ---- Object

// Nesting returns the nesting of the nested attribute (single, list, set or
// map).
func (o Object) Nesting() Nesting {
	o.owner.check()
	n := Nesting(C.dv_object_nesting(o.p))
	runtime.KeepAlive(o.owner)
	return n
}

// NumAttributes returns the number of the object's attributes.
func (o Object) NumAttributes() int {
	o.owner.check()
	n := int(C.dv_object_attribute_count(o.p))
	runtime.KeepAlive(o.owner)
	return n
}

// Attribute returns the object's attribute i, in bytewise name order.
func (o Object) Attribute(i int) (Attribute, bool) {
	o.owner.check()
	if i < 0 {
		return Attribute{o.owner, nil}, false
	}
	p := C.dv_object_attribute(o.p, C.size_t(i))
	runtime.KeepAlive(o.owner)
	return Attribute{o.owner, p}, p != nil
}

// FindAttribute returns the object's attribute called name.
func (o Object) FindAttribute(name string) (Attribute, bool) {
	o.owner.check()
	s, n := cstr(name)
	p := C.dv_object_find_attribute(o.p, s, n)
	runtime.KeepAlive(name)
	runtime.KeepAlive(o.owner)
	return Attribute{o.owner, p}, p != nil
}

// Attributes iterates over the object's attributes in bytewise name order.
func (o Object) Attributes() iter.Seq[Attribute] {
	return func(yield func(Attribute) bool) {
		n := o.NumAttributes()
		for i := 0; i < n; i++ {
			a, _ := o.Attribute(i)
			if !yield(a) {
				return
			}
		}
	}
}

// MinItems returns min_items (deprecated in the protocol, never validated).
func (o Object) MinItems() int64 {
	o.owner.check()
	n := int64(C.dv_object_min_items(o.p))
	runtime.KeepAlive(o.owner)
	return n
}

// MaxItems returns max_items (deprecated in the protocol, never validated).
func (o Object) MaxItems() int64 {
	o.owner.check()
	n := int64(C.dv_object_max_items(o.p))
	runtime.KeepAlive(o.owner)
	return n
}

// ImpliedType returns the nested attribute's implied type: the object type,
// or a list, set or map of it.
func (o Object) ImpliedType() *Type {
	o.owner.check()
	t := borrowedType(C.dv_object_implied_type(o.p))
	runtime.KeepAlive(o.owner)
	return t
}

// ---- NestedBlock

// TypeName returns the nested block's type name.
func (nb NestedBlock) TypeName() string {
	nb.owner.check()
	s := goStr(C.dv_nested_block_type_name(nb.p))
	runtime.KeepAlive(nb.owner)
	return s
}

// Nesting returns the nested block's nesting mode.
func (nb NestedBlock) Nesting() Nesting {
	nb.owner.check()
	n := Nesting(C.dv_nested_block_nesting(nb.p))
	runtime.KeepAlive(nb.owner)
	return n
}

// MinItems returns min_items (0 = no minimum).
func (nb NestedBlock) MinItems() int64 {
	nb.owner.check()
	n := int64(C.dv_nested_block_min_items(nb.p))
	runtime.KeepAlive(nb.owner)
	return n
}

// MaxItems returns max_items (0 = no maximum).
func (nb NestedBlock) MaxItems() int64 {
	nb.owner.check()
	n := int64(C.dv_nested_block_max_items(nb.p))
	runtime.KeepAlive(nb.owner)
	return n
}

// Body returns the nested block's body.
func (nb NestedBlock) Body() Block {
	nb.owner.check()
	p := C.dv_nested_block_body(nb.p)
	runtime.KeepAlive(nb.owner)
	return Block{nb.owner, p}
}

// ImpliedType returns the type the nested block contributes to its parent's
// object type.
func (nb NestedBlock) ImpliedType() *Type {
	nb.owner.check()
	t := borrowedType(C.dv_nested_block_implied_type(nb.p))
	runtime.KeepAlive(nb.owner)
	return t
}
