package crdmanagement

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/internal/crdcheck"
)

// twinCatalog carries a kind in two API versions with the hub, the newer one's storage twin: the
// older storage twin is no longer in the CRD, as the generator now writes it.
func twinCatalog(t *testing.T) (*Catalog, *apiextv1.CustomResourceDefinition) {
	t.Helper()
	crd := testCRD("widgets.azure.com", "Widget", "widgets")
	loose := &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: ptr(true)}}
	crd.Spec.Versions = []apiextv1.CustomResourceDefinitionVersion{
		{Name: "v1api20200101", Served: true, Schema: crd.Spec.Versions[0].Schema},
		{Name: "v1api20210101", Served: true, Schema: crd.Spec.Versions[0].Schema},
		{Name: "v1api20210101storage", Served: true, Storage: true, Schema: loose},
	}
	data, err := yaml.Marshal(crd)
	if err != nil {
		t.Fatal(err)
	}
	file := "widgets.azure.com/widgets.yaml"
	return &Catalog{
		Entries: []Entry{{Group: crd.Spec.Group, Kind: "Widget", Name: crd.Name, File: file}},
		Files:   fstest.MapFS{file: &fstest.MapFile{Data: data}},
	}, crd
}

// installedBefore is the CRD as an older operator left it: the kind had one API version, whose
// storage twin was the hub, then a second came and the newer twin became the hub. Objects may
// still be stored at the older twin, so the API server keeps it in status.storedVersions.
func installedBefore(current *apiextv1.CustomResourceDefinition) *apiextv1.CustomResourceDefinition {
	old := goal(current, "armgen-system", "v0.9.0")
	oldTwin := apiextv1.CustomResourceDefinitionVersion{
		Name: "v1api20200101storage", Served: false,
		Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{Type: "object", Description: "the schema the older operator wrote"}},
	}
	old.Spec.Versions = slices.Insert(old.Spec.Versions, 1, oldTwin)
	apiextv1.SetObjectDefaults_CustomResourceDefinition(old)
	old.Generation, old.ResourceVersion = 3, "42"
	old.Status.StoredVersions = []string{"v1api20200101storage", "v1api20210101storage"}
	return old
}

// TestUpgradeKeepsStoredVersionsTheCRDNoLongerLists: the generator leaves older storage twins
// out of the CRD, but a cluster may hold objects stored at one (it was the hub once). The
// operator's upgrade keeps such a version, with the schema it had, unserved and not the storage
// version, so the API server accepts the update and can still read those objects; once `armctl
// clean crds` has dropped it from storedVersions, the next upgrade leaves it out; and a CRD
// upgraded so is up to date at the next start (no write at every start).
func TestUpgradeKeepsStoredVersionsTheCRDNoLongerLists(t *testing.T) {
	cat, current := twinCatalog(t)
	installed := installedBefore(current)
	if errs := crdcheck.ValidateUpdate(goal(current, "armgen-system", version1), installed); len(errs) == 0 {
		t.Fatal("fixture: the API server would accept the generated CRD over one storing at v1api20200101storage; the test proves nothing")
	}
	p, _ := ParsePattern("*")
	steps, err := Plan(cat, map[string]*apiextv1.CustomResourceDefinition{installed.Name: installed}, p, version1, "armgen-system")
	if err != nil {
		t.Fatal(err)
	}
	s := steps[0]
	if s.Action != Upgrade {
		t.Fatalf("plan %s (%s), want %s", s.Action, s.Reason, Upgrade)
	}
	var names []string
	for _, v := range s.Goal.Spec.Versions {
		names = append(names, v.Name)
		if v.Name != "v1api20200101storage" {
			continue
		}
		if v.Served || v.Storage {
			t.Errorf("kept version %s: served=%v storage=%v, want neither", v.Name, v.Served, v.Storage)
		}
		if v.Schema == nil || v.Schema.OpenAPIV3Schema.Description != "the schema the older operator wrote" {
			t.Errorf("kept version %s lost the schema it had: %+v", v.Name, v.Schema)
		}
	}
	if want := []string{"v1api20200101", "v1api20200101storage", "v1api20210101", "v1api20210101storage"}; !slices.Equal(names, want) {
		t.Fatalf("upgrade applies versions %v, want %v", names, want)
	}
	if errs := crdcheck.ValidateUpdate(s.Goal, installed); len(errs) > 0 {
		t.Fatalf("the API server would refuse the upgrade: %v", errs.ToAggregate())
	}

	// Applied, the CRD is what the next start finds: nothing left to do.
	applied := s.Goal.DeepCopy()
	apiextv1.SetObjectDefaults_CustomResourceDefinition(applied)
	applied.Status = installed.Status
	steps, _ = Plan(cat, map[string]*apiextv1.CustomResourceDefinition{applied.Name: applied}, p, version1, "armgen-system")
	if steps[0].Action != UpToDate {
		t.Errorf("after the upgrade, the next start plans %s (%s), want %s", steps[0].Action, steps[0].Reason, UpToDate)
	}

	// armctl clean crds rewrote the objects and dropped the twin from storedVersions.
	applied.Status.StoredVersions = []string{"v1api20210101storage"}
	steps, _ = Plan(cat, map[string]*apiextv1.CustomResourceDefinition{applied.Name: applied}, p, version1, "armgen-system")
	if steps[0].Action != Upgrade || slices.ContainsFunc(steps[0].Goal.Spec.Versions, func(v apiextv1.CustomResourceDefinitionVersion) bool {
		return strings.HasPrefix(v.Name, "v1api20200101storage")
	}) {
		t.Errorf("with the twin no longer stored, the plan is %s with versions %v; want an upgrade without it", steps[0].Action, steps[0].Goal)
	}
}

const version1 = "v1.0.0"
