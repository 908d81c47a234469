package crd

import (
	"encoding/json"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// jsonSize is len(json.Marshal(s)) given the encoded sizes of its property schemas (by name),
// of its items schema and of its additionalProperties schema (-1 where there is none to count
// this way). Only the node itself is encoded: an object's JSON is its fields, comma-separated,
// in braces, so each child schema adds `"field":` (or `"name":`) and its own bytes.
func jsonSize(s *apiextv1.JSONSchemaProps, props map[string]int, items, additional int) int {
	shallow := *s
	var fields []int // the encoded length of each field moved out of shallow
	if len(s.Properties) > 0 {
		shallow.Properties = nil
		n := len(`"properties":{}`) + len(props) - 1
		for name, size := range props {
			n += keyLen(name) + 1 + size
		}
		fields = append(fields, n)
	}
	if items >= 0 && len(s.Items.JSONSchemas) == 0 {
		shallow.Items = nil
		fields = append(fields, len(`"items":`)+items)
	}
	if additional >= 0 {
		shallow.AdditionalProperties = nil
		fields = append(fields, len(`"additionalProperties":`)+additional)
	}
	raw, err := json.Marshal(&shallow)
	if err != nil {
		return 0 // as the whole encoding of s would fail too; the caller only ranks sizes
	}
	n := len(raw)
	for i, f := range fields {
		n += f
		if i > 0 || len(raw) > len("{}") {
			n++ // the comma before the field
		}
	}
	return n
}

// keyLen is the length of a JSON object key as encoding/json writes it, quoted and escaped.
func keyLen(k string) int {
	plain := true
	for i := 0; i < len(k) && plain; i++ {
		c := k[i]
		plain = c >= ' ' && c < 0x7F && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	if plain {
		return len(k) + 2
	}
	raw, _ := json.Marshal(k)
	return len(raw)
}
