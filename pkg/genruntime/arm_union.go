package genruntime

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// MarshalVariant marshals the chosen variant of a union together with the union's own fields
// (a polymorphic resource body's name): ARM sees one object. Nil fields are left out, as
// omitempty would.
func MarshalVariant(variant any, fields map[string]any) ([]byte, error) {
	data, err := json.Marshal(variant)
	if err != nil || len(fields) == 0 {
		return data, err
	}
	var merged map[string]json.RawMessage
	if err := json.Unmarshal(data, &merged); err != nil {
		return nil, fmt.Errorf("a union variant must marshal as an object: %w", err)
	}
	for k, v := range fields {
		if rv := reflect.ValueOf(v); v == nil || (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Map || rv.Kind() == reflect.Slice) && rv.IsNil() {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		merged[k] = raw
	}
	return json.Marshal(merged)
}
