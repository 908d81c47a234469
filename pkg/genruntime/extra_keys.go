package genruntime

import (
	"encoding/json"
	"fmt"
	"slices"
)

// MarshalWithExtraKeys marshals declared (a wire object without its custom JSON methods) and
// writes the keys of extra beside its fields, for an object whose schema allows keys beyond the
// declared ones (additionalProperties beside properties). A declared field wins over an extra
// key of the same name.
func MarshalWithExtraKeys[V any](declared any, extra map[string]V) ([]byte, error) {
	data, err := json.Marshal(declared)
	if err != nil || len(extra) == 0 {
		return data, err
	}
	var merged map[string]json.RawMessage
	if err := json.Unmarshal(data, &merged); err != nil {
		return nil, fmt.Errorf("an object with extra keys must marshal as an object: %w", err)
	}
	for k, v := range extra {
		if _, taken := merged[k]; taken {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("extra key %q: %w", k, err)
		}
		merged[k] = raw
	}
	return json.Marshal(merged)
}

// UnmarshalExtraKeys reads into extra every key of the JSON object data that is not one of the
// declared names; extra stays nil when there are none.
func UnmarshalExtraKeys[V any](data []byte, extra *map[string]V, declared ...string) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	*extra = nil
	for k, raw := range all {
		if slices.Contains(declared, k) {
			continue
		}
		var v V
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("extra key %q: %w", k, err)
		}
		if *extra == nil {
			*extra = make(map[string]V)
		}
		(*extra)[k] = v
	}
	return nil
}
