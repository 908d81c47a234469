package genruntime

import (
	"reflect"
	"strings"
)

// keptAll says whether back, hub converted to a version and back again, holds the same spec and
// status as hub, compared as Go values: equal values marshal to the same JSON, so then nothing
// was lost. False means only that the JSON must be compared (values that differ in Go may still
// marshal alike, such as a nil and an empty slice), or that the objects are not structs with a
// spec and a status.
func keptAll(hub, back any) bool {
	h, b := reflect.ValueOf(hub), reflect.ValueOf(back)
	if h.Kind() != reflect.Pointer || h.IsNil() || b.Kind() != reflect.Pointer || b.IsNil() || h.Type() != b.Type() {
		return false
	}
	h, b = h.Elem(), b.Elem()
	if h.Kind() != reflect.Struct {
		return false
	}
	fields := specAndStatusFields(h.Type())
	if len(fields) == 0 {
		return false
	}
	for _, i := range fields {
		// Pointers to the fields: DeepEqual follows them without copying the structs.
		if !reflect.DeepEqual(h.Field(i).Addr().Interface(), b.Field(i).Addr().Interface()) {
			return false
		}
	}
	return true
}

// specAndStatusFields are the indexes of t's fields marshalled as "spec" and "status": the
// members of the JSON that specAndStatus compares.
func specAndStatusFields(t reflect.Type) []int {
	var out []int
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "spec", "status":
			out = append(out, i)
		}
	}
	return out
}
