package crd

import (
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// sizeFloor is a lower bound of the YAML bytes of a CRD's encoding (marshalWithoutStatus),
// counted on its schemas without building the tree, or a number over limit as soon as the bound
// passes it. It counts a subset of what the encoding holds: the description and type entries,
// property names and the entries that nest schemas. Every mapping entry takes at least its key
// and two bytes (the colon and a space or line break), every string at least a byte per rune
// (escapes and quotes only add; `\L` for a three-byte rune still takes two bytes).
func sizeFloor(crd *apiextv1.CustomResourceDefinition, limit int) int {
	n := 0
	for _, v := range crd.Spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil && !schemaFloor(v.Schema.OpenAPIV3Schema, &n, limit) {
			break
		}
	}
	return n
}

// schemaFloor adds to *n the floor of s and everything below it; false once *n is over limit.
func schemaFloor(s *apiextv1.JSONSchemaProps, n *int, limit int) bool {
	entry := func(key, value string) {
		if value != "" {
			*n += len(key) + 2 + utf8.RuneCountInString(value)
		}
	}
	entry("description", s.Description)
	entry("type", s.Type)
	if len(s.Properties) > 0 {
		*n += len("properties") + 2
		for name, p := range s.Properties {
			*n += utf8.RuneCountInString(name) + 2
			if *n > limit || !schemaFloor(&p, n, limit) {
				return false
			}
		}
	}
	if s.Items != nil && s.Items.Schema != nil {
		*n += len("items") + 2
		if !schemaFloor(s.Items.Schema, n, limit) {
			return false
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		*n += len("additionalProperties") + 2
		if !schemaFloor(s.AdditionalProperties.Schema, n, limit) {
			return false
		}
	}
	return *n <= limit
}
