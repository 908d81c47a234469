package reconciler

import (
	"fmt"
	"reflect"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	"github.com/armgen/armgen/pkg/genruntime"
)

// original converts the stored hub to the API version the user wrote (spec.originalVersion),
// whose ConvertToARM and api-version the operator talks to Azure with. A hub without one (an
// object written at the storage version itself) talks with the API version the hub twins.
//
// A kind with one API version is stored and reconciled at that version (its CRD has no hub):
// such an object is its own original, and a copy of it is returned, which the caller may change
// without changing the object it read.
func (r *Reconciler) original(stored genruntime.ARMMetaObject, storedGVK schema.GroupVersionKind) (genruntime.ARMMetaObject, error) {
	hub, hubGVK := stored, storedGVK
	if _, ok := stored.(conversion.Hub); !ok {
		if _, ok := stored.(conversion.Convertible); !ok {
			return nil, fmt.Errorf("%s is neither the hub nor an API version that converts to it", storedGVK)
		}
		obj := stored.DeepCopyObject().(genruntime.ARMMetaObject)
		obj.GetObjectKind().SetGroupVersionKind(storedGVK)
		return obj, nil
	}
	version := specField(hub, "OriginalVersion").String()
	if version == "" {
		version = strings.TrimSuffix(hubGVK.Version, "storage")
	}
	gvk := hubGVK.GroupKind().WithVersion(version)
	o, err := r.scheme.New(gvk)
	if err != nil {
		return nil, fmt.Errorf("spec.originalVersion %q: %w", version, err)
	}
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return nil, fmt.Errorf("%s is not an Azure resource", gvk)
	}
	c, ok := o.(conversion.Convertible)
	if !ok {
		return nil, fmt.Errorf("%s does not convert from the hub", gvk)
	}
	if err := c.ConvertFrom(hub.(conversion.Hub)); err != nil {
		return nil, fmt.Errorf("converting to %s: %w", version, err)
	}
	// The operator's own copy, never written back: what the version cannot hold stays in the hub.
	genruntime.DropRetainedValues(obj)
	obj.GetObjectKind().SetGroupVersionKind(gvk)
	return obj, nil
}

// specOf is the spec of a generated resource: every generated kind has Spec and Status fields,
// and one function over them serves all kinds.
func specOf(obj genruntime.ARMMetaObject) (genruntime.ARMTransformer, error) {
	s, ok := field(obj, "Spec").Addr().Interface().(genruntime.ARMTransformer)
	if !ok {
		return nil, fmt.Errorf("%T has no spec that converts to ARM", obj)
	}
	return s, nil
}

func statusOf(obj genruntime.ARMMetaObject) (genruntime.FromARMConverter, error) {
	s, ok := field(obj, "Status").Addr().Interface().(genruntime.FromARMConverter)
	if !ok {
		return nil, fmt.Errorf("%T has no status that converts from ARM", obj)
	}
	return s, nil
}

// copyStatus sets to's status to from's (two objects of the same kind and version).
func copyStatus(from, to genruntime.ARMMetaObject) {
	field(to, "Status").Set(field(from, "Status"))
}

func field(obj genruntime.ARMMetaObject, name string) reflect.Value {
	return reflect.ValueOf(obj).Elem().FieldByName(name)
}

func specField(obj genruntime.ARMMetaObject, name string) reflect.Value {
	v := field(obj, "Spec").FieldByName(name)
	if !v.IsValid() {
		return reflect.ValueOf("")
	}
	return v
}

// ownerForARM is the owner PopulateFromARM records in the spec.
func ownerForARM(obj genruntime.ARMMetaObject) genruntime.ArbitraryOwnerReference {
	o := obj.Owner()
	if o == nil {
		return genruntime.ArbitraryOwnerReference{}
	}
	return genruntime.ArbitraryOwnerReference{Group: o.Group, Kind: o.Kind, Name: o.Name, ARMID: o.ARMID}
}
