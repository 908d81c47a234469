package crdmanagement

import (
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/pkg/crdconversion"
)

// keepStoredVersions is want with every version of the installed CRD's status.storedVersions
// that want does not list carried over from the installed CRD, with the schema it has there,
// neither served nor the storage version. Objects may still be stored in etcd at such a version
// (a storage twin that was the hub before a newer API version came, which the generator now
// leaves out of the CRD), so the API server refuses a CRD without it, and needs it to decode
// those objects and hand them to the conversion webhook. `armctl clean crds` rewrites them at
// the storage version and drops the version from storedVersions; the next start then leaves it
// out. want is not changed; versions stay ordered by name, as the generator orders them.
//
// A kind with one API version is generated with that version alone and no conversion, but a
// cluster that ran an earlier layout stores its objects at the hub: with the hub kept, the CRD
// converts through the operator's webhook again (keepConversion), so those objects are read at
// the API version the operator reconciles.
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
	keepConversion(out)
	return out
}

// keepConversion has a CRD that now lists several versions convert through the operator's
// webhook, with the annotation that has cert-manager give the API server its CA, when the
// generated CRD (of one version) had no conversion: without it the API server would hand out
// objects stored at the kept version as they are, under the other version's name.
func keepConversion(crd *apiextv1.CustomResourceDefinition) {
	if c := crd.Spec.Conversion; c != nil && c.Strategy == apiextv1.WebhookConverter {
		return
	}
	crd.Spec.Conversion = crdconversion.Webhook()
	if crd.Annotations == nil {
		crd.Annotations = map[string]string{}
	}
	crd.Annotations[crdconversion.InjectCAFromAnnotation] = crdconversion.ServingCertificate
}

func hasVersion(crd *apiextv1.CustomResourceDefinition, name string) bool {
	return slices.ContainsFunc(crd.Spec.Versions, func(v apiextv1.CustomResourceDefinitionVersion) bool { return v.Name == name })
}
