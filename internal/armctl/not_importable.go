package armctl

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/pkg/genruntime"
)

// notImportable collects the kinds the generated registration list marks NotImportable
// ($importable: false), by group and kind: the list names the versions the CRDs store (a hub,
// or the API version of a kind with one), the import writes the newest API version of the same
// kind.
func notImportable(scheme *runtime.Scheme, known []genruntime.KnownResource) (map[schema.GroupKind]bool, error) {
	gvks, err := genruntime.GroupVersionKinds(scheme, known)
	if err != nil {
		return nil, err
	}
	out := map[schema.GroupKind]bool{}
	for i, k := range known {
		if k.NotImportable {
			out[gvks[i].GroupKind()] = true
		}
	}
	return out, nil
}
