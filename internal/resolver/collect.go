package resolver

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/armgen/armgen/pkg/genruntime"
)

var (
	referenceType = reflect.TypeFor[genruntime.ResourceReference]()
	wellKnownType = reflect.TypeFor[genruntime.WellKnownResourceReference]()
	secretType    = reflect.TypeFor[genruntime.SecretReference]()
	secretMapType = reflect.TypeFor[genruntime.SecretMapReference]()
	configMapType = reflect.TypeFor[genruntime.ConfigMapReference]()
)

// Found is what a spec refers to outside itself, each listed once, in the order met.
type Found struct {
	References []genruntime.ResourceReference
	Secrets    []genruntime.SecretReference
	// SecretMaps are the Secrets a spec reads whole (a map of secrets).
	SecretMaps []genruntime.SecretMapReference
	ConfigMaps []genruntime.ConfigMapReference
	// Where is the JSON path (spec.subnet.reference) of each reference's first occurrence, so
	// that an error about one can say which field to fix.
	Where map[genruntime.ResourceReference]string
}

// Collect walks a spec (any generated type, or a pointer to one) and lists the references,
// secret references and config-map references it holds. The owner is not among them: it has
// types of its own (KnownResourceReference, ArbitraryOwnerReference) and is resolved first.
// Reflection keeps this one function for every generated kind; the walk is over a spec, small
// beside the ARM call it precedes.
func Collect(spec any) Found {
	f := Found{Where: map[genruntime.ResourceReference]string{}}
	seen := make(map[any]bool)
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), path)
			}
		case reflect.Struct:
			switch v.Type() {
			case referenceType:
				if r := v.Interface().(genruntime.ResourceReference); !seen[r] {
					seen[r] = true
					f.References = append(f.References, r)
					f.Where[r] = path
				}
				return
			case wellKnownType:
				// A well-known name goes to Azure as it is: nothing in the cluster to resolve.
				if w := v.Interface().(genruntime.WellKnownResourceReference); w.WellKnownName == "" {
					walk(v.FieldByName("ResourceReference"), path)
				}
				return
			case secretType:
				if s := v.Interface().(genruntime.SecretReference); !seen[s] {
					seen[s] = true
					f.Secrets = append(f.Secrets, s)
				}
				return
			case secretMapType:
				if s := v.Interface().(genruntime.SecretMapReference); !seen[s] {
					seen[s] = true
					f.SecretMaps = append(f.SecretMaps, s)
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
				if field := v.Type().Field(i); field.IsExported() {
					walk(v.Field(i), path+"."+jsonName(field))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i), path+"["+strconv.Itoa(i)+"]")
			}
		case reflect.Map:
			iter := v.MapRange()
			for iter.Next() {
				walk(iter.Value(), path+"["+strconv.Quote(iter.Key().String())+"]")
			}
		}
	}
	walk(reflect.ValueOf(spec), "spec")
	return f
}

// jsonName is the name a field has in the object's JSON, as a user writes it.
func jsonName(f reflect.StructField) string {
	if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
		return name
	}
	return f.Name
}
