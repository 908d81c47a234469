package loader

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/go-openapi/spec"

	"github.com/armgen/armgen/pkg/astmodel"
)

// enumType builds (or extends) a named enum. Enums named by x-ms-enum are shared across the
// package: specs often repeat one enum in several places, sometimes with values added, so the
// shared type takes the union.
func (b *TypeBuilder) enumType(doc *Document, ptr string, s *spec.Schema, hint string) (astmodel.Type, error) {
	base := astmodel.StringType
	switch {
	case hasType(s, "integer"):
		base = astmodel.IntType
	case hasType(s, "number"):
		base = astmodel.FloatType
	case hasType(s, "boolean"):
		base = astmodel.BoolType
	}
	var values []astmodel.EnumValue
	ids := make(map[string]bool)
	for _, raw := range s.Enum {
		var v string
		switch x := raw.(type) {
		case string:
			v = x
		case float64:
			v = strconv.FormatFloat(x, 'f', -1, 64)
		default:
			v = fmt.Sprint(x)
		}
		if slices.ContainsFunc(values, func(e astmodel.EnumValue) bool { return e.Value == v }) {
			continue
		}
		values = append(values, astmodel.EnumValue{Identifier: uniqueIdentifier(ids, astmodel.ExportedName(v)), Value: v})
	}
	name := hint
	if xe, ok := s.Extensions["x-ms-enum"].(map[string]any); ok {
		if n, ok := xe["name"].(string); ok && n != "" {
			name = astmodel.ExportedName(n)
		}
	}
	key := schemaKey{"x-ms-enum", name}
	if existing, ok := b.enums[name]; ok {
		if e, ok := b.defs[existing].Type.(astmodel.EnumType); ok && e.Base == base {
			merged := e
			merged.Values = slices.Clone(e.Values)
			have := make(map[string]bool)
			for _, v := range merged.Values {
				have[v.Identifier] = true
			}
			for _, v := range values {
				if !slices.ContainsFunc(merged.Values, func(m astmodel.EnumValue) bool { return m.Value == v.Value }) {
					merged.Values = append(merged.Values, astmodel.EnumValue{Identifier: uniqueIdentifier(have, v.Identifier), Value: v.Value})
				}
			}
			b.defs[existing] = b.defs[existing].WithType(merged)
			b.named[schemaKey{doc.Path, ptr}] = existing
			return existing, nil
		}
		key = schemaKey{doc.Path, ptr}
	}
	tn := b.allocateName(name, key)
	b.enums[tn.Name] = tn
	b.named[schemaKey{doc.Path, ptr}] = tn
	b.defs[tn] = astmodel.Definition{Name: tn, Type: astmodel.EnumType{Base: base, Values: values},
		Description: astmodel.CleanDescription(s.Description), Source: doc.Path + "#" + ptr}
	return tn, nil
}

func uniqueIdentifier(taken map[string]bool, id string) string {
	out := id
	for i := 2; taken[out]; i++ {
		out = fmt.Sprintf("%s%d", id, i)
	}
	taken[out] = true
	return out
}
