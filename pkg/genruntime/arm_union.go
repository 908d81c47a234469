package genruntime

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
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

// IsVariant reports whether the discriminator value Azure sent names the variant declared as
// declared: ARM compares discriminator values without regard to case, and services return them
// re-cased ("leaf" for "Leaf").
func IsVariant(sent, declared string) bool { return strings.EqualFold(sent, declared) }

// UnmarshalVariant decodes data, whose discriminator (sent) names the variant into, with the
// discriminator spelt as declared, so that a re-cased value reads back as the variant's own
// (which the variant's enum, and the CRD, accept).
func UnmarshalVariant(data []byte, discriminator, sent, declared string, into any) error {
	if sent != declared {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(data, &fields); err != nil {
			return err
		}
		fields[discriminator], _ = json.Marshal(declared)
		fixed, err := json.Marshal(fields)
		if err != nil {
			return err
		}
		data = fixed
	}
	return json.Unmarshal(data, into)
}

// UnknownVariantError says that a union was sent a variant this API version does not know.
type UnknownVariantError struct {
	// Union is the wire type; Discriminator its discriminator's wire name, Value what was sent.
	Union, Discriminator, Value string
}

func (e *UnknownVariantError) Error() string {
	return fmt.Sprintf("%s: %s %q names no variant this API version knows (a newer API version may)", e.Union, e.Discriminator, e.Value)
}
