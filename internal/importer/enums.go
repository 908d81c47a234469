package importer

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/armgen/armgen/pkg/genruntime"
)

var enumInterface = reflect.TypeFor[genruntime.Enum]()

// unlistedEnumValues finds the spec's enum values the CRD does not accept: Azure reports values
// its modelAsString enums do not list (yet, or at this API version), and YAML holding one would
// be refused by kubectl apply. Each finding names the field by its path in the object, the value
// seen and the values allowed.
func unlistedEnumValues(spec reflect.Value) []string {
	var out []string
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		if v.Kind() == reflect.String && v.Type().Implements(enumInterface) {
			if msg := checkEnum(v); msg != "" {
				out = append(out, path+": "+msg)
			}
			return
		}
		switch v.Kind() {
		case reflect.Struct:
			t := v.Type()
			for i := range t.NumField() {
				f := t.Field(i)
				if !f.IsExported() {
					continue
				}
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if name == "-" {
					continue
				}
				if name == "" {
					walk(v.Field(i), path) // embedded or inlined
					continue
				}
				walk(v.Field(i), path+"."+name)
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Map:
			keys := v.MapKeys()
			sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
			for _, k := range keys {
				walk(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k))
			}
		}
	}
	walk(spec, "spec")
	return out
}

// checkEnum describes an enum value the CRD refuses, or returns "" for one it accepts.
func checkEnum(v reflect.Value) string {
	allowed := v.Interface().(genruntime.Enum).EnumValues()
	seen := v.String()
	for _, a := range allowed {
		if a == seen {
			return ""
		}
	}
	quoted := make([]string, len(allowed))
	for i, a := range allowed {
		quoted[i] = strconv.Quote(a)
	}
	return fmt.Sprintf("Azure reports %q, which the CRD does not accept (allowed: %s)", seen, strings.Join(quoted, ", "))
}
