package loader

import (
	"slices"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
)

// namedObjectOrEnum gives the schema at doc#ptr a name and builds its definition. The name is
// recorded before the body is built, so recursive schemas refer back to it.
func (b *TypeBuilder) namedObjectOrEnum(doc *Document, ptr string, s *spec.Schema, base string) (astmodel.Type, error) {
	if alias, err := b.isAllOfAlias(doc, ptr, s); err != nil {
		return nil, err
	} else if alias {
		return b.schemaType(doc, ptr+"/allOf/0", &s.AllOf[0], base)
	}
	if len(s.Enum) > 0 && len(s.Properties) == 0 && len(s.AllOf) == 0 {
		return b.enumType(doc, ptr, s, base)
	}
	key := schemaKey{doc.Path, ptr}
	name := b.allocateName(base, key)
	b.named[key] = name
	var obj *astmodel.ObjectType
	var err error
	if s.Discriminator != "" {
		obj, err = b.unionType(doc, ptr, s, name)
	}
	if obj == nil && err == nil {
		obj, err = b.objectType(doc, ptr, s, name, nil)
	}
	if err != nil {
		return nil, err
	}
	b.defs[name] = astmodel.Definition{Name: name, Type: obj, Description: astmodel.CleanDescription(s.Description), Source: doc.Path + "#" + ptr}
	return name, nil
}

// collected is a property with the place it was declared.
type collected struct {
	name   string
	schema *spec.Schema
	doc    *Document
	ptr    string
}

// collectProperties gathers the properties of s and of everything it extends through allOf,
// ancestors first so that a schema's own declarations win; required names are gathered too.
func (b *TypeBuilder) collectProperties(doc *Document, ptr string, s *spec.Schema, seen map[schemaKey]bool) ([]collected, map[string]bool, error) {
	var props []collected
	required := make(map[string]bool)
	put := func(c collected) {
		if i := slices.IndexFunc(props, func(p collected) bool { return p.name == c.name }); i >= 0 {
			props[i] = c
		} else {
			props = append(props, c)
		}
	}
	for i := range s.AllOf {
		parent := &s.AllOf[i]
		pdoc, pptr := doc, ptr+"/allOf/"+itoa(i)
		if ref := parent.Ref.String(); ref != "" {
			t, rs, err := b.resolveSchema(doc, pptr, ref)
			if err != nil {
				return nil, nil, err
			}
			pdoc, pptr, parent = t.Doc, t.Pointer, rs
		}
		key := schemaKey{pdoc.Path, pptr}
		if seen[key] {
			continue // allOf cycles exist in the wild; each ancestor counts once
		}
		seen[key] = true
		pp, preq, err := b.collectProperties(pdoc, pptr, parent, seen)
		if err != nil {
			return nil, nil, err
		}
		for _, p := range pp {
			put(p)
		}
		for r := range preq {
			required[r] = true
		}
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		ps := s.Properties[n]
		put(collected{name: n, schema: &ps, doc: doc, ptr: ptr + Pointer("properties", n)})
	}
	for _, r := range s.Required {
		required[r] = true
	}
	return props, required, nil
}

// objectType builds an object from s and its ancestors. discriminator, when set, pins the
// discriminator property of a union variant to the variant's value.
func (b *TypeBuilder) objectType(doc *Document, ptr string, s *spec.Schema, name astmodel.TypeName, discriminator *variantInfo) (*astmodel.ObjectType, error) {
	props, required, err := b.collectProperties(doc, ptr, s, map[schemaKey]bool{{doc.Path, ptr}: true})
	if err != nil {
		return nil, err
	}
	obj := astmodel.NewObjectType()
	var out []*astmodel.Property
	for _, c := range props {
		p, err := b.property(c, name.Name, required[c.name])
		if err != nil {
			return nil, err
		}
		if discriminator != nil && c.name == discriminator.property {
			p.Type = discriminator.enum
			p.Required, p.ReadOnly = true, false
		}
		out = append(out, p)
	}
	extra, ok, err := b.extraKeys(doc, ptr, s, name.Name, map[schemaKey]bool{{doc.Path, ptr}: true})
	if err != nil {
		return nil, err
	}
	if ok {
		// Beside a swagger property of that name, the extra keys are the ones numbered
		// (UniqueNames): dropping either would lose its values on every read.
		out = append(out, extra)
	}
	obj = obj.WithProperties(astmodel.UniqueNames(out)...)
	if discriminator != nil {
		obj.Discriminator, obj.DiscriminatorValue = discriminator.property, discriminator.value
	}
	return obj, nil
}

// property translates one property.
func (b *TypeBuilder) property(c collected, owner string, required bool) (*astmodel.Property, error) {
	s := c.schema
	t, err := b.schemaType(c.doc, c.ptr, s, owner+"_"+astmodel.ExportedName(c.name))
	if err != nil {
		return nil, err
	}
	readOnly := serviceSet(s)
	if !readOnly && s.Ref.String() != "" {
		// A definition can be read-only as a whole (storage's Tier, Cosmos DB's
		// ProvisioningState): a property of that type is the service's to set too, and ARM
		// refuses or ignores it in a PUT body.
		_, target, err := b.resolveSchema(c.doc, c.ptr, s.Ref.String())
		if err != nil {
			return nil, err
		}
		readOnly = serviceSet(target)
	}
	format := s.Format
	if s.Items != nil && s.Items.Schema != nil {
		format = s.Items.Schema.Format
	}
	p := &astmodel.Property{
		Name:         astmodel.ExportedName(c.name),
		JSONName:     astmodel.WireJSONName(c.name),
		Type:         optional(t),
		Description:  astmodel.CleanDescription(s.Description),
		Required:     required && !readOnly,
		ReadOnly:     readOnly,
		Secret:       extensionTrue(s, "x-ms-secret"),
		ARMReference: strings.EqualFold(format, "arm-id"),
		Flatten:      extensionTrue(s, "x-ms-client-flatten"),
		ARMName:      c.name,
		Source:       c.doc.Path + "#" + c.ptr,
	}
	return p, nil
}

// optional makes scalars and objects pointers; slices and maps are already nilable.
func optional(t astmodel.Type) astmodel.Type {
	switch x := t.(type) {
	case astmodel.ArrayType, astmodel.MapType:
		return t
	case astmodel.ValidatedType:
		if _, ok := x.Element.(astmodel.ArrayType); ok {
			return t
		}
	case astmodel.TypeName:
		if x == astmodel.JSONType {
			return astmodel.OptionalType{Element: t}
		}
	}
	return astmodel.NewOptional(t)
}

// serviceSet says the service sets a value a client must not send: readOnly, or an
// x-ms-mutability that allows neither create nor update.
func serviceSet(s *spec.Schema) bool {
	if s.ReadOnly {
		return true
	}
	m, ok := s.Extensions["x-ms-mutability"].([]any)
	if !ok {
		return false
	}
	for _, v := range m {
		if v == "create" || v == "update" {
			return false
		}
	}
	return true
}

func extensionTrue(s *spec.Schema, name string) bool {
	v, ok := s.Extensions[name].(bool)
	return ok && v
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
