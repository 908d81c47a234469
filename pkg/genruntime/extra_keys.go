package genruntime

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// MarshalWithExtraKeys marshals declared (a wire object without its custom JSON methods) and
// writes the keys of extra beside its fields, for an object whose schema allows keys beyond the
// declared ones (additionalProperties beside properties). An extra key named like a declared
// field is refused, set or not: sent, it would reach Azure as that property past the field's own
// validation; dropped, the user's value would be lost without a word. (Reading never puts one
// there: UnmarshalExtraKeys leaves declared names to their fields.)
func MarshalWithExtraKeys[V any](declared any, extra map[string]V) ([]byte, error) {
	data, err := json.Marshal(declared)
	if err != nil || len(extra) == 0 {
		return data, err
	}
	names := jsonFieldNames(reflect.TypeOf(declared))
	for k := range extra {
		if name, ok := names[strings.ToLower(k)]; ok {
			return nil, fmt.Errorf("additionalProperties holds %q, the declared property %q (Azure does not tell their case apart): set the property itself", k, name)
		}
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
// declared names, in any case; extra stays nil when there are none.
func UnmarshalExtraKeys[V any](data []byte, extra *map[string]V, declared ...string) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	*extra = nil
	for k, raw := range all {
		if slices.ContainsFunc(declared, func(d string) bool { return strings.EqualFold(d, k) }) {
			continue // encoding/json filled the declared field from it, whatever its case
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

// fieldNames caches jsonFieldNames per wire type.
var fieldNames sync.Map // reflect.Type -> map[string]string

// jsonFieldNames maps the lower-cased JSON names the fields of struct type t marshal as to
// those names.
func jsonFieldNames(t reflect.Type) map[string]string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	if names, ok := fieldNames.Load(t); ok {
		return names.(map[string]string)
	}
	names := make(map[string]string, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		names[strings.ToLower(name)] = name
	}
	fieldNames.Store(t, names)
	return names
}
