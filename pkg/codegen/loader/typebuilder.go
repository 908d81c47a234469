package loader

import (
	"fmt"
	"path"
	"strings"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TypeBuilder translates swagger schemas of one API version into raw definitions: objects keep
// every property (read-only ones flagged) so that later stages can derive spec and status shapes.
// It is used by one goroutine at a time.
type TypeBuilder struct {
	corpus *Corpus
	pkg    astmodel.PackageReference
	// docs are the version's documents, searched for discriminator variants.
	docs []*Document

	defs  astmodel.Definitions
	named map[schemaKey]astmodel.TypeName
	taken map[string]schemaKey
	enums map[string]astmodel.TypeName
	// subtypes caches, per base definition, the definitions that extend it through allOf.
	subtypes map[schemaKey][]Target
	// indexed are the documents subtypes covers.
	indexed map[*Document]bool
}

type schemaKey struct{ file, pointer string }

// NewTypeBuilder starts a builder for one API package.
func NewTypeBuilder(c *Corpus, pkg astmodel.PackageReference, docs []*Document) *TypeBuilder {
	return &TypeBuilder{
		corpus: c, pkg: pkg, docs: docs,
		defs:  make(astmodel.Definitions),
		named: make(map[schemaKey]astmodel.TypeName),
		taken: make(map[string]schemaKey),
		enums: make(map[string]astmodel.TypeName),
	}
}

// Definitions returns what has been built so far.
func (b *TypeBuilder) Definitions() astmodel.Definitions { return b.defs }

// Named returns the name given to the schema at ref, when it was named.
func (b *TypeBuilder) Named(ref SchemaRef) (astmodel.TypeName, bool) {
	n, ok := b.named[schemaKey{ref.Doc.Path, ref.Pointer}]
	return n, ok
}

// RootType translates a resource's body or response schema, which always becomes a named object.
func (b *TypeBuilder) RootType(ref SchemaRef, hint string) (astmodel.TypeName, error) {
	if ref.Schema == nil {
		// A PUT without a body: the resource has nothing to set beyond its name and owner.
		name := b.allocateName(hint, schemaKey{"no-body", hint})
		b.defs[name] = astmodel.Definition{Name: name, Type: astmodel.NewObjectType()}
		return name, nil
	}
	t, err := b.schemaType(ref.Doc, ref.Pointer, ref.Schema, hint)
	if err != nil {
		return astmodel.TypeName{}, err
	}
	if n, ok := t.(astmodel.TypeName); ok {
		if _, isObj := b.defs[n].Type.(*astmodel.ObjectType); isObj {
			return n, nil
		}
	}
	return astmodel.TypeName{}, &SpecError{File: ref.Doc.Path, Pointer: ref.Pointer, Message: "resource schema is not an object but " + t.String()}
}

// resolveSchema follows a $ref to a definition.
func (b *TypeBuilder) resolveSchema(doc *Document, at, ref string) (Target, *spec.Schema, error) {
	t, err := b.corpus.Resolve(doc, at, ref)
	if err != nil {
		return Target{}, nil, err
	}
	name, ok := strings.CutPrefix(t.Pointer, "/definitions/")
	if !ok || strings.Contains(name, "/") {
		return Target{}, nil, &SpecError{File: doc.Path, Pointer: at + "/$ref", Message: "$ref " + ref + " does not point at a definition"}
	}
	name = unescapePointer(name)
	s, found, err := t.Doc.Definition(name)
	if err != nil {
		return Target{}, nil, err
	}
	if !found {
		return Target{}, nil, &SpecError{File: doc.Path, Pointer: at + "/$ref",
			Message:    fmt.Sprintf("dangling $ref %q: %s has no definition %q", ref, t.Doc.Path, name),
			Suggestion: nearestRef(ref, name, t.Doc.DefinitionNames())}
	}
	return t, s, nil
}

// schemaType translates the schema s written at doc#ptr; hint names it if it needs a name.
func (b *TypeBuilder) schemaType(doc *Document, ptr string, s *spec.Schema, hint string) (astmodel.Type, error) {
	if ref := s.Ref.String(); ref != "" {
		target, rs, err := b.resolveSchema(doc, ptr, ref)
		if err != nil {
			return nil, err
		}
		key := schemaKey{target.Doc.Path, target.Pointer}
		if n, ok := b.named[key]; ok {
			return n, nil
		}
		if needsName(rs) {
			return b.namedObjectOrEnum(target.Doc, target.Pointer, rs, astmodel.ExportedName(target.Name()))
		}
		// Primitive, array and map definitions are written in place.
		return b.schemaType(target.Doc, target.Pointer, rs, astmodel.ExportedName(target.Name()))
	}
	if needsName(s) {
		return b.namedObjectOrEnum(doc, ptr, s, hint)
	}
	switch {
	case isArray(s):
		var elem astmodel.Type = astmodel.JSONType
		if s.Items != nil && s.Items.Schema != nil {
			var err error
			elem, err = b.schemaType(doc, ptr+"/items", s.Items.Schema, hint)
			if err != nil {
				return nil, err
			}
		}
		return astmodel.NewValidated(astmodel.ArrayType{Element: elem}, validations(s, false)), nil
	case hasType(s, "object") || s.AdditionalProperties != nil:
		return b.mapType(doc, ptr, s, hint)
	}
	return b.primitive(s), nil
}

// needsName reports whether a schema becomes a named type: objects with properties, unions and
// enums (of strings, integers, numbers and booleans alike, so that each keeps its values'
// validation) do; primitives, arrays and maps are written in place.
func needsName(s *spec.Schema) bool {
	if len(s.Enum) > 0 {
		return true
	}
	return len(s.Properties) > 0 || len(s.AllOf) > 0 || s.Discriminator != ""
}

func hasType(s *spec.Schema, t string) bool { return s.Type.Contains(t) }

func isArray(s *spec.Schema) bool { return hasType(s, "array") || (len(s.Type) == 0 && s.Items != nil) }

// mapType translates additionalProperties; objects with no shape at all hold arbitrary JSON.
func (b *TypeBuilder) mapType(doc *Document, ptr string, s *spec.Schema, hint string) (astmodel.Type, error) {
	ap := s.AdditionalProperties
	if ap == nil || ap.Schema == nil || isEmptySchema(ap.Schema) {
		return astmodel.MapType{Key: astmodel.StringType, Value: astmodel.JSONType}, nil
	}
	val, err := b.schemaType(doc, ptr+"/additionalProperties", ap.Schema, hint+"Value")
	if err != nil {
		return nil, err
	}
	return astmodel.MapType{Key: astmodel.StringType, Value: astmodel.WithoutOptional(val)}, nil
}

func isEmptySchema(s *spec.Schema) bool {
	return s.Ref.String() == "" && len(s.Type) == 0 && len(s.Properties) == 0 && len(s.AllOf) == 0 &&
		s.Items == nil && s.AdditionalProperties == nil && len(s.Enum) == 0
}

// primitive maps swagger scalar types; a schema with no type at all holds arbitrary JSON.
func (b *TypeBuilder) primitive(s *spec.Schema) astmodel.Type {
	var t astmodel.Type
	integer := false
	switch {
	case hasType(s, "string") || hasType(s, "file"):
		t = astmodel.StringType
	case hasType(s, "integer"):
		t, integer = astmodel.IntType, true
	case hasType(s, "number"):
		t = astmodel.FloatType
	case hasType(s, "boolean"):
		t = astmodel.BoolType
	default:
		return astmodel.JSONType
	}
	return astmodel.NewValidated(t, validations(s, integer))
}

// allocateName picks a free Go name for the schema at key, preferring base.
func (b *TypeBuilder) allocateName(base string, key schemaKey) astmodel.TypeName {
	candidates := []string{base, base + "_" + astmodel.ExportedName(strings.TrimSuffix(path.Base(key.file), ".json"))}
	for _, c := range candidates {
		if owner, ok := b.taken[c]; !ok || owner == key {
			b.taken[c] = key
			return astmodel.MakeTypeName(b.pkg, c)
		}
	}
	for i := 2; ; i++ {
		c := fmt.Sprintf("%s%d", base, i)
		if _, ok := b.taken[c]; !ok {
			b.taken[c] = key
			return astmodel.MakeTypeName(b.pkg, c)
		}
	}
}

// Identity returns where a schema is really defined: the target of its $ref, or itself. Two
// references to one definition have the same identity.
func (c *Corpus) Identity(ref SchemaRef) (file, pointer string) {
	if ref.Schema == nil {
		return "", ""
	}
	if r := ref.Schema.Ref.String(); r != "" {
		if t, err := c.Resolve(ref.Doc, ref.Pointer, r); err == nil {
			return t.Doc.Path, t.Pointer
		}
	}
	return ref.Doc.Path, ref.Pointer
}

// NameAt returns the name given to the schema defined at file#pointer, if it was built.
func (b *TypeBuilder) NameAt(file, pointer string) (astmodel.TypeName, bool) {
	n, ok := b.named[schemaKey{file, pointer}]
	return n, ok
}
