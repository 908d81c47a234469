package crdcheck

import (
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// TestValidateUpdateRefusesDroppingAStoredVersion: as the API server, ValidateUpdate refuses a
// CRD that no longer lists a version status.storedVersions names, and accepts it while it lists
// the version, even unserved.
func TestValidateUpdateRefusesDroppingAStoredVersion(t *testing.T) {
	old := widget(t)
	v0 := *old.Spec.Versions[0].DeepCopy()
	v0.Name, v0.Storage = "v0", false
	old.Spec.Versions = []apiextv1.CustomResourceDefinitionVersion{v0, old.Spec.Versions[0]}
	old.ResourceVersion = "7"
	old.Status.StoredVersions = []string{"v0", "v1"}

	dropped := old.DeepCopy()
	dropped.Spec.Versions = dropped.Spec.Versions[1:]
	errs := ValidateUpdate(dropped, old)
	if len(errs) == 0 || !strings.Contains(errs.ToAggregate().Error(), "storedVersions") {
		t.Fatalf("a CRD dropping stored version v0: %v, want an error about status.storedVersions", errs.ToAggregate())
	}

	kept := old.DeepCopy()
	kept.Spec.Versions[0].Served = false
	kept.ResourceVersion = ""
	if errs := ValidateUpdate(kept, old); len(errs) > 0 {
		t.Fatalf("a CRD keeping v0 unserved refused: %v", errs.ToAggregate())
	}
}
