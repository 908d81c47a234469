package genruntime

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
)

// KnownResource: One entry in the generated list of resources a controller should watch.
// +kubebuilder:object:generate=false
type KnownResource struct {
	// Obj: An empty instance of the resource, used for its Go type.
	Obj ARMMetaObject
	// NotImportable: The import command refuses the kind; its configuration says an import of it would not make a manifest worth applying.
	NotImportable bool
}

// GroupVersionKinds looks up the kind of each resource in scheme, in order.
// It fails on the first resource the scheme does not know, since a missing registration would otherwise only show up as a silent gap in what is reconciled.
func GroupVersionKinds(scheme *runtime.Scheme, resources []KnownResource) ([]schema.GroupVersionKind, error) {
	result := make([]schema.GroupVersionKind, 0, len(resources))
	for i, resource := range resources {
		if resource.Obj == nil {
			return nil, fmt.Errorf("known resource %d has no object", i)
		}

		gvk, err := apiutil.GVKForObject(resource.Obj, scheme)
		if err != nil {
			return nil, fmt.Errorf("known resource %d (%T): %w", i, resource.Obj, err)
		}

		result = append(result, gvk)
	}

	return result, nil
}
