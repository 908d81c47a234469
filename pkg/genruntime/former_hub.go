package genruntime

import (
	"fmt"
	"reflect"

	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ReplacedOriginalVersionAnnotation records, on an object of a kind with one API version read
// from a hub an earlier operator stored, the spec.originalVersion that hub recorded when it named
// another version: the kind has no other, so the operator talks to Azure at this version's
// api-version, and tells so (an Event naming the resource and the field) while the annotation
// is there. Informational only: nothing converts it back into a spec.
const ReplacedOriginalVersionAnnotation = "serviceoperator.azure.com/replaced-original-version"

// ConvertedFromFormerHub finishes the conversion of hub into obj, the only API version of its
// kind and the version the API server stores (the hub is unserved, kept while objects stored at
// it remain). Unlike RetainValues it records nothing of what obj cannot hold: obj written back is
// stored as it is, with no conversion to consume a retained-values annotation, which would stay
// in storage and, once the kind gains a version, put back into the hub values (an originalVersion
// naming a version that no longer exists) nobody wrote through the versions of then. What obj
// cannot hold is not what the operator sends to Azure either: it reconciles obj itself.
func ConvertedFromFormerHub(hub conversion.Hub, obj ConvertibleObject) error {
	setAnnotation(obj, RetainedValuesAnnotation, "")
	setAnnotation(obj, ReplacedOriginalVersionAnnotation, "")
	recorded := hubOriginalVersion(hub)
	if recorded == "" {
		return nil
	}
	// obj's version is what its conversion to the hub records.
	back, ok := reflect.New(reflect.TypeOf(hub).Elem()).Interface().(conversion.Hub)
	if !ok {
		return fmt.Errorf("%T: cannot make another", hub)
	}
	if err := obj.ConvertTo(back); err != nil {
		return fmt.Errorf("converting %T back to the hub to see its version: %w", obj, err)
	}
	if own := hubOriginalVersion(back); own != "" && CurrentVersionName(recorded) != own {
		setAnnotation(obj, ReplacedOriginalVersionAnnotation, recorded)
	}
	return nil
}

// hubOriginalVersion is a hub's spec.originalVersion ("" for a hub without the field).
func hubOriginalVersion(hub conversion.Hub) string {
	v := reflect.ValueOf(hub)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return ""
	}
	spec := v.Elem().FieldByName("Spec")
	if !spec.IsValid() || spec.Kind() != reflect.Struct {
		return ""
	}
	if f := spec.FieldByName("OriginalVersion"); f.IsValid() && f.Kind() == reflect.String {
		return f.String()
	}
	return ""
}
