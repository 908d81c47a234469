package crdmanagement

import (
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// keepStoredVersions is want with every version of the installed CRD's status.storedVersions
// that want does not list carried over from the installed CRD, with the schema it has there,
// neither served nor the storage version. Objects may still be stored in etcd at such a version
// (a storage twin that was the hub before a newer API version came, which the generator now
// leaves out of the CRD), so the API server refuses a CRD without it, and needs it to decode
// those objects and hand them to the conversion webhook. `armctl clean crds` rewrites them at
// the storage version and drops the version from storedVersions; the next start then leaves it
// out. want is not changed; versions stay ordered by name, as the generator orders them.
func keepStoredVersions(want, installed *apiextv1.CustomResourceDefinition) *apiextv1.CustomResourceDefinition {
	if installed == nil {
		return want
	}
	var kept []apiextv1.CustomResourceDefinitionVersion
	for _, name := range installed.Status.StoredVersions {
		if hasVersion(want, name) {
			continue
		}
		i := slices.IndexFunc(installed.Spec.Versions, func(v apiextv1.CustomResourceDefinitionVersion) bool { return v.Name == name })
		if i < 0 {
			// The API server never lets a stored version leave spec.versions; nothing to keep.
			continue
		}
		v := *installed.Spec.Versions[i].DeepCopy()
		v.Served, v.Storage = false, false
		v.Deprecated, v.DeprecationWarning = false, nil
		kept = append(kept, v)
	}
	if len(kept) == 0 {
		return want
	}
	out := want.DeepCopy()
	out.Spec.Versions = append(out.Spec.Versions, kept...)
	slices.SortStableFunc(out.Spec.Versions, func(a, b apiextv1.CustomResourceDefinitionVersion) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func hasVersion(crd *apiextv1.CustomResourceDefinition, name string) bool {
	return slices.ContainsFunc(crd.Spec.Versions, func(v apiextv1.CustomResourceDefinitionVersion) bool { return v.Name == name })
}
