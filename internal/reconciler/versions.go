package reconciler

import (
	"fmt"
	"reflect"
	"strings"

	corev1 "k8s.io/api/core/v1"
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
//
// An originalVersion naming a version the kind does not have was not written through this
// operator's API (the served versions are the kind's; a version since dropped, or one of Azure
// Service Operator's on an object migrated from it): the object is not left stuck on it, but
// talks with the API version the hub twins, which holds every value the hub does. unknown then
// says so, for the caller to tell the user which api-version changed and why.
func (r *Reconciler) original(stored genruntime.ARMMetaObject, storedGVK schema.GroupVersionKind) (obj genruntime.ARMMetaObject, unknown string, err error) {
	hub, hubGVK := stored, storedGVK
	if _, ok := stored.(conversion.Hub); !ok {
		if _, ok := stored.(conversion.Convertible); !ok {
			return nil, "", fmt.Errorf("%s is neither the hub nor an API version that converts to it", storedGVK)
		}
		obj := stored.DeepCopyObject().(genruntime.ARMMetaObject)
		obj.GetObjectKind().SetGroupVersionKind(storedGVK)
		// Read from a hub an earlier operator stored, whose originalVersion named another.
		if recorded := stored.GetAnnotations()[genruntime.ReplacedOriginalVersionAnnotation]; recorded != "" && genruntime.CurrentVersionName(recorded) != storedGVK.Version {
			unknown = recorded
		}
		return obj, unknown, nil
	}
	twin := strings.TrimSuffix(hubGVK.Version, "storage")
	version := twin
	if recorded := specField(hub, "OriginalVersion").String(); recorded != "" {
		version = genruntime.CurrentVersionName(recorded)
		if !r.isAPIVersion(hubGVK.GroupKind().WithVersion(version)) {
			version, unknown = twin, recorded
		}
	}
	gvk := hubGVK.GroupKind().WithVersion(version)
	o, err := r.scheme.New(gvk)
	if err != nil {
		return nil, "", fmt.Errorf("spec.originalVersion %q: %w", version, err)
	}
	obj, ok := o.(genruntime.ARMMetaObject)
	if !ok {
		return nil, "", fmt.Errorf("%s is not an Azure resource", gvk)
	}
	c, ok := o.(conversion.Convertible)
	if !ok {
		return nil, "", fmt.Errorf("%s does not convert from the hub", gvk)
	}
	if err := c.ConvertFrom(hub.(conversion.Hub)); err != nil {
		return nil, "", fmt.Errorf("converting to %s: %w", version, err)
	}
	// The operator's own copy, never written back: what the version cannot hold stays in the hub.
	genruntime.DropRetainedValues(obj)
	obj.GetObjectKind().SetGroupVersionKind(gvk)
	return obj, unknown, nil
}

// isAPIVersion says gvk is an API version of its kind: one the scheme knows that converts from
// the hub. The storage versions are known too (a user may write an object through one, and
// spec.originalVersion with it), but the hub converts to none of them and none talks to Azure.
func (r *Reconciler) isAPIVersion(gvk schema.GroupVersionKind) bool {
	o, err := r.scheme.New(gvk)
	if err != nil {
		return false
	}
	_, hub := o.(conversion.Hub)
	_, convertible := o.(conversion.Convertible)
	return convertible && !hub
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

// reasonOriginalVersionUnknown is the Event telling that spec.originalVersion names no version
// of the kind, and which version the operator talks to Azure with instead.
const reasonOriginalVersionUnknown = "OriginalVersionUnknown"

// original is the reconciler's original of the attempt's object; an originalVersion it had to
// replace is told in a Warning Event, as the api-version sent to Azure is not the recorded one.
func (a *attempt) original() (genruntime.ARMMetaObject, error) {
	obj, unknown, err := a.r.original(a.obj, a.gvk)
	if err != nil || unknown == "" {
		return obj, err
	}
	// What makes the warning go: a spec written through a served version records that version
	// in the hub; an object of a kind with one version carries the record in an annotation.
	remedy := "write the spec through a served version to record one"
	if _, ok := a.obj.(conversion.Hub); !ok {
		remedy = "remove the annotation " + genruntime.ReplacedOriginalVersionAnnotation + " that says so to silence this"
	}
	a.event(corev1.EventTypeWarning, reasonOriginalVersionUnknown,
		"spec.originalVersion %q of %s %s/%s names no version of the kind (one no longer exported, or one of another operator the object was migrated from); talking to Azure at %s (api-version %s), the version that holds every value of the stored object; %s",
		unknown, a.gvk.Kind, a.obj.GetNamespace(), a.obj.GetName(), obj.GetObjectKind().GroupVersionKind().Version, obj.GetAPIVersion(), remedy)
	return obj, nil
}
