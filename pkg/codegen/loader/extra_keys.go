package loader

import (
	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
)

// extraKeysName is the property that holds an object's keys beyond its declared properties, named
// as ASO names it.
const extraKeysName = "AdditionalProperties"

// extraKeys returns the property holding the keys of an object beyond its declared properties,
// when the object (or an ancestor through allOf) allows them with additionalProperties: a map of
// their schema (of arbitrary JSON for `true`, `{}` or a free-form `{"type": "object"}`, as ASO
// has it: a value that is not quite what the swagger says must not make a GET unreadable). Without it such keys, which Azure sends
// and accepts (207 definitions of the corpus, metric alerts' criteria among them), would be
// dropped on every read and never sent. ok is false when the object allows no extra keys.
func (b *TypeBuilder) extraKeys(doc *Document, ptr string, s *spec.Schema, owner string, seen map[schemaKey]bool) (*astmodel.Property, bool, error) {
	if ap := s.AdditionalProperties; ap != nil && (ap.Schema != nil || ap.Allows) {
		var value astmodel.Type = astmodel.JSONType
		objects := ap.Schema != nil && isFreeFormObject(ap.Schema)
		if ap.Schema != nil && !isEmptySchema(ap.Schema) && !objects {
			t, err := b.schemaType(doc, ptr+"/additionalProperties", ap.Schema, owner+"Value")
			if err != nil {
				return nil, false, err
			}
			value = astmodel.WithoutOptional(t)
		}
		return &astmodel.Property{
			Name:        extraKeysName,
			JSONName:    astmodel.JSONName(extraKeysName),
			Type:        astmodel.MapType{Key: astmodel.StringType, Value: value},
			Description: "keys beyond the declared properties, which the object allows (additionalProperties); sent inline.",
			ARMName:     "additionalProperties",
			ExtraKeys:   true,
			JSONObjects: objects,
			Source:      doc.Path + "#" + ptr + "/additionalProperties",
		}, true, nil
	}
	for i := range s.AllOf {
		parent, pdoc, pptr := &s.AllOf[i], doc, ptr+"/allOf/"+itoa(i)
		if ref := parent.Ref.String(); ref != "" {
			t, rs, err := b.resolveSchema(doc, pptr, ref)
			if err != nil {
				return nil, false, err
			}
			parent, pdoc, pptr = rs, t.Doc, t.Pointer
		}
		key := schemaKey{pdoc.Path, pptr}
		if seen[key] {
			continue
		}
		seen[key] = true
		if p, ok, err := b.extraKeys(pdoc, pptr, parent, owner, seen); err != nil || ok {
			return p, ok, err
		}
	}
	return nil, false, nil
}

// isFreeFormObject reports a schema that says only "an object".
func isFreeFormObject(s *spec.Schema) bool {
	return s.Ref.String() == "" && hasType(s, "object") && len(s.Properties) == 0 && len(s.AllOf) == 0 &&
		s.AdditionalProperties == nil && s.Discriminator == ""
}
