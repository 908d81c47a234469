package astmodel

import (
	"fmt"
	"slices"
	"strings"
)

// ObjectType is a struct: an ordered set of properties, sorted by Go name so that output does not
// depend on the order of the source.
type ObjectType struct {
	properties []*Property
	// OneOf marks a discriminated union: exactly one of its variants (the properties marked
	// Variant, one per variant) is set. Other properties, such as the azureName and owner of a
	// resource whose body is itself polymorphic, are set as in any object.
	OneOf bool
	// Discriminator is the wire name of the property that tells variants apart.
	Discriminator string
	// DiscriminatorValue is this variant's value of the discriminator, when this is a variant.
	DiscriminatorValue string
	// Reported marks a union of values Azure reports (a status): it holds at most one variant,
	// and none of the known ones when Azure sent a variant this API version does not know (that
	// one is kept in the property marked OtherVariant).
	Reported bool
	// Rules are CEL rules the API server checks on the object (x-kubernetes-validations).
	Rules []ValidationRule
}

func (*ObjectType) isType() {}

// NewObjectType builds an object with exactly the given properties (sorted). Two of one name
// are both kept, never one silently for the other: check-names then reports the clash.
func NewObjectType(props ...*Property) *ObjectType {
	o := &ObjectType{properties: slices.Clone(props)}
	slices.SortStableFunc(o.properties, func(a, b *Property) int { return strings.Compare(a.Name, b.Name) })
	return o
}

// Properties returns the properties in order; callers must not change the slice.
func (o *ObjectType) Properties() []*Property { return o.properties }

// Property finds a property by Go name.
func (o *ObjectType) Property(name string) (*Property, bool) {
	for _, p := range o.properties {
		if p.Name == name {
			return p, true
		}
	}
	return nil, false
}

// PropertyByJSON finds a property by JSON name.
func (o *ObjectType) PropertyByJSON(name string) (*Property, bool) {
	for _, p := range o.properties {
		if p.JSONName == name {
			return p, true
		}
	}
	return nil, false
}

// Variants returns the properties of a union that are its variants, in order; nil when the
// object is not a union.
func (o *ObjectType) Variants() []*Property {
	if !o.OneOf {
		return nil
	}
	var out []*Property
	for _, p := range o.properties {
		if p.Variant {
			out = append(out, p)
		}
	}
	return out
}

// OnlyVariants reports whether the object is a union whose every property is a variant, so that
// "exactly one property is set" says the same as "exactly one variant is set".
func (o *ObjectType) OnlyVariants() bool {
	return o.OneOf && len(o.Variants()) == len(o.properties)
}

// WithProperties returns a copy with these properties added or replaced (matched by Go name).
func (o *ObjectType) WithProperties(props ...*Property) *ObjectType {
	c := *o
	c.properties = slices.Clone(o.properties)
	for _, p := range props {
		if i := slices.IndexFunc(c.properties, func(q *Property) bool { return q.Name == p.Name }); i >= 0 {
			c.properties[i] = p
		} else {
			c.properties = append(c.properties, p)
		}
	}
	slices.SortStableFunc(c.properties, func(a, b *Property) int { return strings.Compare(a.Name, b.Name) })
	return &c
}

// WithNewProperties returns a copy with these properties added; unlike WithProperties it
// refuses to replace one already there (same Go or JSON name), so that a property added beside
// the swagger's never silently takes the place of one.
func (o *ObjectType) WithNewProperties(props ...*Property) (*ObjectType, error) {
	for i, p := range props {
		for _, q := range append(slices.Clone(o.properties), props[:i]...) {
			if q.Name == p.Name || q.JSONName == p.JSONName {
				return nil, fmt.Errorf("property %s (%s) is already there as %s (%s, from %s)", p.Name, p.JSONName, q.Name, q.JSONName, q.Source)
			}
		}
	}
	return o.WithProperties(props...), nil
}

// WithoutProperty returns a copy without the named property.
func (o *ObjectType) WithoutProperty(name string) *ObjectType {
	c := *o
	c.properties = slices.DeleteFunc(slices.Clone(o.properties), func(p *Property) bool { return p.Name == name })
	return &c
}

// WithOnlyProperties returns a copy holding exactly props (sorted); like NewObjectType it keeps
// two of one name, for check-names to report.
func (o *ObjectType) WithOnlyProperties(props []*Property) *ObjectType {
	c := *o
	c.properties = NewObjectType(props...).properties
	return &c
}

func (o *ObjectType) String() string {
	var b strings.Builder
	if o.OneOf {
		b.WriteString("oneOf ")
	}
	b.WriteString("{")
	for i, p := range o.properties {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.Name)
		b.WriteString(" ")
		b.WriteString(p.Type.String())
		if p.Required {
			b.WriteString(" required")
		}
		if p.ReadOnly {
			b.WriteString(" readonly")
		}
	}
	b.WriteString("}")
	return b.String()
}

// PropertySource returns where the named property came from.
func (o *ObjectType) PropertySource(name string) string {
	if p, ok := o.Property(name); ok {
		return p.Source
	}
	return ""
}
