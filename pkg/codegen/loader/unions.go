package loader

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
)

// variantInfo pins a union variant's discriminator.
type variantInfo struct {
	property string
	value    string
	enum     astmodel.Type
}

// unionType turns a discriminated base into a one-of object with an optional property per
// variant. It returns nil when no variant extends the base, so the base is a plain object.
func (b *TypeBuilder) unionType(doc *Document, ptr string, s *spec.Schema, name astmodel.TypeName) (*astmodel.ObjectType, error) {
	variants, err := b.variantsOf(Target{Doc: doc, Pointer: ptr})
	if err != nil || len(variants) == 0 {
		return nil, err
	}
	var props []*astmodel.Property
	seen := make(map[string]Target)
	for _, v := range variants {
		vs, _, err := v.Doc.Definition(v.Name())
		if err != nil {
			return nil, err
		}
		value := v.Name()
		if dv, ok := vs.Extensions["x-ms-discriminator-value"].(string); ok && dv != "" {
			value = dv
		}
		if err := uniqueDiscriminator(seen, v, value, s.Discriminator, name); err != nil {
			return nil, err
		}
		vname, err := b.variantType(v, vs, s.Discriminator, value, name)
		if err != nil {
			return nil, err
		}
		goName := variantName(value, v.Name(), props)
		props = append(props, &astmodel.Property{
			Name: goName, JSONName: astmodel.JSONName(goName), Type: astmodel.OptionalType{Element: vname},
			Description: astmodel.CleanDescription(vs.Description), ARMName: s.Discriminator + "=" + value,
			Source: v.Doc.Path + "#" + v.Pointer, Variant: true,
		})
	}
	obj := astmodel.NewObjectType(props...)
	obj.OneOf, obj.Discriminator = true, s.Discriminator
	return obj, nil
}

// uniqueDiscriminator refuses a second variant with a discriminator value already taken: Azure
// compares the values without regard to case, so two such variants could not be told apart on
// the wire (and would make one switch with the same case twice).
func uniqueDiscriminator(seen map[string]Target, v Target, value, discriminator string, union astmodel.TypeName) error {
	key := strings.ToLower(value)
	prev, dup := seen[key]
	if !dup {
		seen[key] = v
		return nil
	}
	return &SpecError{File: v.Doc.Path, Pointer: v.Pointer,
		Message: fmt.Sprintf("variants %s (%s#%s) and %s of %s both have the %s value %q, so a response could not say which it is; give each variant its own x-ms-discriminator-value, or leave the resource out",
			prev.Name(), prev.Doc.Path, prev.Pointer, v.Name(), union.Name, discriminator, value)}
}

// variantName names a union's property for a variant after its discriminator value, as Azure
// Service Operator does (backupPolicy.periodic for the value Periodic), falling back to the
// variant's definition name when two values would share a name.
func variantName(value, definition string, taken []*astmodel.Property) string {
	name := astmodel.ExportedName(value)
	if slices.ContainsFunc(taken, func(p *astmodel.Property) bool { return p.Name == name }) {
		return astmodel.ExportedName(definition)
	}
	return name
}

// variantType builds a variant's object, with its discriminator pinned to its value.
func (b *TypeBuilder) variantType(v Target, vs *spec.Schema, discriminator, value string, union astmodel.TypeName) (astmodel.TypeName, error) {
	key := schemaKey{v.Doc.Path, v.Pointer}
	if n, ok := b.named[key]; ok {
		return n, nil
	}
	name := b.allocateName(astmodel.ExportedName(v.Name()), key)
	b.named[key] = name
	enumName := b.allocateName(union.Name+"_"+astmodel.ExportedName(discriminator)+"_"+astmodel.ExportedName(value), schemaKey{"discriminator", name.Name})
	b.defs[enumName] = astmodel.Definition{Name: enumName, Type: astmodel.EnumType{Base: astmodel.StringType,
		Values: []astmodel.EnumValue{{Identifier: astmodel.ExportedName(value), Value: value}}}}
	obj, err := b.objectType(v.Doc, v.Pointer, vs, name, &variantInfo{property: discriminator, value: value, enum: enumName})
	if err != nil {
		return astmodel.TypeName{}, err
	}
	b.defs[name] = astmodel.Definition{Name: name, Type: obj, Description: astmodel.CleanDescription(vs.Description), Source: v.Doc.Path + "#" + v.Pointer}
	return name, nil
}

// variantsOf finds the definitions that extend base through allOf, transitively, in the version's
// documents and in base's own document; a variant that is itself extended is still a variant.
// Each base's document is indexed when first met: bases live in files the version only reaches
// through $refs (Data Factory's entityTypes/Dataset.json beside entityTypes/Pipeline.json), and
// indexing only the first one's would turn the others' unions into plain objects.
func (b *TypeBuilder) variantsOf(base Target) ([]Target, error) {
	if b.subtypes == nil {
		b.subtypes = make(map[schemaKey][]Target)
		b.indexed = make(map[*Document]bool)
	}
	for _, d := range append(slices.Clone(b.docs), base.Doc) {
		if err := b.indexSubtypes(d); err != nil {
			return nil, err
		}
	}
	var out []Target
	seen := make(map[schemaKey]bool)
	var walk func(t Target)
	walk = func(t Target) {
		for _, c := range b.subtypes[schemaKey{t.Doc.Path, t.Pointer}] {
			k := schemaKey{c.Doc.Path, c.Pointer}
			if !seen[k] {
				seen[k] = true
				out = append(out, c)
				walk(c)
			}
		}
	}
	walk(base)
	slices.SortFunc(out, func(a, b Target) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// indexSubtypes records, once per document, which definitions its definitions extend.
func (b *TypeBuilder) indexSubtypes(d *Document) error {
	if b.indexed[d] {
		return nil
	}
	b.indexed[d] = true
	for _, n := range d.DefinitionNames() {
		raw := d.RawDefinition(n)
		// Most definitions extend nothing; skip decoding them.
		if !jsonHasKey(raw, "allOf") {
			continue
		}
		s, _, err := d.Definition(n)
		if err != nil {
			return err
		}
		for i, parent := range s.AllOf {
			ref := parent.Ref.String()
			if ref == "" {
				continue
			}
			t, err := b.corpus.Resolve(d, Pointer("definitions", n, "allOf", itoa(i)), ref)
			if err != nil {
				return err
			}
			k := schemaKey{t.Doc.Path, t.Pointer}
			b.subtypes[k] = append(b.subtypes[k], Target{Doc: d, Pointer: Pointer("definitions", n)})
		}
	}
	return nil
}

func jsonHasKey(raw json.RawMessage, key string) bool {
	return strings.Contains(string(raw), `"`+key+`"`)
}
