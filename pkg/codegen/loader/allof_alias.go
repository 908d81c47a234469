package loader

import (
	"github.com/go-openapi/spec"
)

// isAllOfAlias reports whether a schema only wraps one non-object schema in allOf
// (`{"allOf": [{"$ref": "#/definitions/Colour"}], "description": "..."}`, a common way to give
// an enum, string or map reference a description or readOnly of its own). Such a schema has no
// properties to collect, so building it as an object would turn an enum or a map into an empty
// object and lose every value; it is the schema it wraps. A schema that is an object in its own
// right (properties, a discriminator, additionalProperties, several parents, or a parent that
// is itself an object) is not an alias. Wrappers of wrappers are followed a few levels deep,
// which also stops at allOf cycles.
func (b *TypeBuilder) isAllOfAlias(doc *Document, ptr string, s *spec.Schema) (bool, error) {
	for range 8 {
		if len(s.AllOf) != 1 || len(s.Properties) > 0 || s.Discriminator != "" || s.AdditionalProperties != nil {
			return false, nil
		}
		inner, idoc, iptr := &s.AllOf[0], doc, ptr+"/allOf/0"
		if ref := inner.Ref.String(); ref != "" {
			t, rs, err := b.resolveSchema(doc, iptr, ref)
			if err != nil {
				return false, err
			}
			inner, idoc, iptr = rs, t.Doc, t.Pointer
		}
		if len(inner.Properties) > 0 || inner.Discriminator != "" {
			return false, nil
		}
		if len(inner.AllOf) == 0 {
			return true, nil
		}
		s, doc, ptr = inner, idoc, iptr
	}
	return false, nil
}
