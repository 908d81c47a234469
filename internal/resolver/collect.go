package resolver

import (
	"reflect"

	"github.com/armgen/armgen/pkg/genruntime"
)

var (
	referenceType = reflect.TypeFor[genruntime.ResourceReference]()
	secretType    = reflect.TypeFor[genruntime.SecretReference]()
	configMapType = reflect.TypeFor[genruntime.ConfigMapReference]()
)

// Found is what a spec refers to outside itself, each listed once, in the order met.
type Found struct {
	References []genruntime.ResourceReference
	Secrets    []genruntime.SecretReference
	ConfigMaps []genruntime.ConfigMapReference
}

// Collect walks a spec (any generated type, or a pointer to one) and lists the references,
// secret references and config-map references it holds. The owner is not among them: it has
// types of its own (KnownResourceReference, ArbitraryOwnerReference) and is resolved first.
// Reflection keeps this one function for every generated kind; the walk is over a spec, small
// beside the ARM call it precedes.
func Collect(spec any) Found {
	var f Found
	seen := make(map[any]bool)
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			switch v.Type() {
			case referenceType:
				if r := v.Interface().(genruntime.ResourceReference); !seen[r] {
					seen[r] = true
					f.References = append(f.References, r)
				}
				return
			case secretType:
				if s := v.Interface().(genruntime.SecretReference); !seen[s] {
					seen[s] = true
					f.Secrets = append(f.Secrets, s)
				}
				return
			case configMapType:
				if c := v.Interface().(genruntime.ConfigMapReference); !seen[c] {
					seen[c] = true
					f.ConfigMaps = append(f.ConfigMaps, c)
				}
				return
			}
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			iter := v.MapRange()
			for iter.Next() {
				walk(iter.Value())
			}
		}
	}
	walk(reflect.ValueOf(spec))
	return f
}
