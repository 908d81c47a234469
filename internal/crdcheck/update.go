package crdcheck

import (
	"context"
	"fmt"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateUpdate returns every problem the API server would report when replacing the
// installed CRD old (its status included: status.storedVersions) with updated: both are
// defaulted and converted as on decode, updated is prepared as the CRD registry prepares an
// update (the status is the installed one's, the storage version joins the stored versions),
// and validated with validation.ValidateCustomResourceDefinitionUpdate, which refuses, among
// others, a CRD that no longer lists a version objects may be stored at. Neither is changed.
func ValidateUpdate(updated, old *apiextv1.CustomResourceDefinition) field.ErrorList {
	var in [2]apiextensions.CustomResourceDefinition
	for i, c := range []*apiextv1.CustomResourceDefinition{updated, old} {
		c = c.DeepCopy()
		scheme.Default(c)
		if err := scheme.Convert(c, &in[i], nil); err != nil {
			return field.ErrorList{field.InternalError(nil, fmt.Errorf("converting to the internal version: %w", err))}
		}
	}
	prepareForUpdate(&in[0], &in[1])
	return validation.ValidateCustomResourceDefinitionUpdate(context.Background(), &in[0], &in[1])
}

// prepareForUpdate does what the CRD registry strategy does to an update before validating it.
func prepareForUpdate(crd, old *apiextensions.CustomResourceDefinition) {
	crd.Status = old.Status
	if crd.ResourceVersion == "" {
		// A server-side apply names no resourceVersion: it updates the object the server holds.
		crd.ResourceVersion = old.ResourceVersion
	}
	crd.Generation = old.Generation + 1
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			if !apiextensions.IsStoredVersion(crd, v.Name) {
				crd.Status.StoredVersions = append(crd.Status.StoredVersions, v.Name)
			}
			break
		}
	}
}
