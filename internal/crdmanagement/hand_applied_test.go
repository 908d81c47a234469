package crdmanagement

import (
	"slices"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armgen/armgen/internal/crdcheck"
)

// A one-version kind's CRD that someone applied by hand with more versions than the generator
// writes: an extra served API version, and the hub, both of our label. Versions no object is
// stored at go; a version objects are stored at (the extra one, made the storage version for a
// while) stays, unserved, converting through the webhook; either way the API server accepts the
// upgrade, and the next start finds nothing to do.
func TestUpgradeOverAHandAppliedCRDWithExtraVersions(t *testing.T) {
	cat, _ := singleVersionCatalog(t)
	p, _ := ParsePattern("*")
	for name, stored := range map[string][]string{
		"extra versions not stored":  {"v1api20210101"},
		"extra version stored there": {"v1api20200101", "v1api20210101"},
		"every version stored":       {"v1api20200101", "v1api20210101", "v1api20210101storage"},
	} {
		installed := installedWithHub()
		extra := *installed.Spec.Versions[0].DeepCopy()
		extra.Name = "v1api20200101"
		installed.Spec.Versions = append([]apiextv1.CustomResourceDefinitionVersion{extra}, installed.Spec.Versions...)
		installed.Status.StoredVersions = stored
		steps, err := Plan(cat, map[string]*apiextv1.CustomResourceDefinition{installed.Name: installed}, p, version1, "ops")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := steps[0]
		if s.Action != Upgrade {
			t.Fatalf("%s: plan %s (%s), want %s", name, s.Action, s.Reason, Upgrade)
		}
		var names []string
		for _, v := range s.Goal.Spec.Versions {
			names = append(names, v.Name)
			if v.Name != "v1api20210101" && (v.Served || v.Storage) {
				t.Errorf("%s: kept %s served=%v storage=%v, want neither", name, v.Name, v.Served, v.Storage)
			}
		}
		if want := slices.Sorted(slices.Values(append(slices.Clone(stored), "v1api20210101"))); !slices.Equal(names, slices.Compact(want)) {
			t.Errorf("%s: upgrade applies versions %v, want %v", name, names, slices.Compact(want))
		}
		if c := s.Goal.Spec.Conversion; len(names) > 1 && (c == nil || c.Strategy != apiextv1.WebhookConverter) {
			t.Errorf("%s: %d versions converting with %+v", name, len(names), c)
		}
		if errs := crdcheck.ValidateUpdate(s.Goal, installed); len(errs) > 0 {
			t.Errorf("%s: the API server would refuse the upgrade: %v", name, errs.ToAggregate())
		}
		applied := s.Goal.DeepCopy()
		apiextv1.SetObjectDefaults_CustomResourceDefinition(applied)
		applied.Status = installed.Status
		if steps, _ := Plan(cat, map[string]*apiextv1.CustomResourceDefinition{applied.Name: applied}, p, version1, "ops"); steps[0].Action != UpToDate {
			t.Errorf("%s: after the upgrade the next start plans %s (%s)", name, steps[0].Action, steps[0].Reason)
		}
	}
}
