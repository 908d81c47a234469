package crdmanagement

import (
	"slices"
	"testing"
	"testing/fstest"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/pkg/crdconversion"
)

// singleVersionCatalog carries a kind with one API version as the generator now writes it: that
// version alone, served and stored, no conversion.
func singleVersionCatalog(t *testing.T) (*Catalog, *apiextv1.CustomResourceDefinition) {
	t.Helper()
	crd := testCRD("widgets.azure.com", "Widget", "widgets")
	crd.Spec.Versions = []apiextv1.CustomResourceDefinitionVersion{
		{Name: "v1api20210101", Served: true, Storage: true, Schema: crd.Spec.Versions[0].Schema},
	}
	crd.Spec.Conversion = nil
	crd.Annotations = nil
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

// installedWithHub is the same kind as an earlier operator (or ASO) installed it: the API version
// and its storage twin, the hub, which stored every object, converting through the webhook.
func installedWithHub() *apiextv1.CustomResourceDefinition {
	old := goal(testCRD("widgets.azure.com", "Widget", "widgets"), "ops", "v0.9.0")
	old.Spec.Versions[1].Schema = &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{Type: "object", Description: "the hub's schema as the earlier operator wrote it"}}
	apiextv1.SetObjectDefaults_CustomResourceDefinition(old)
	old.Generation, old.ResourceVersion = 2, "7"
	old.Status.StoredVersions = []string{"v1api20210101storage"}
	return old
}

// TestUpgradeFromHubStorageToSingleVersionCRD: a kind with one API version is now generated
// without its hub, but a cluster that ran an earlier layout has every object stored at the hub.
// The upgrade keeps the hub (unserved, not the storage version, its schema as it was) and keeps
// converting through the operator's webhook (Service in the operator's namespace, cert-manager's
// annotation), so the API server accepts the update and serves those objects, converted, at the
// API version the operator now reconciles; once `armctl clean crds` has rewritten them and
// dropped the hub from storedVersions, the next start writes the CRD as generated.
func TestUpgradeFromHubStorageToSingleVersionCRD(t *testing.T) {
	cat, current := singleVersionCatalog(t)
	installed := installedWithHub()
	if errs := crdcheck.ValidateUpdate(goal(current, "ops", version1), installed); len(errs) == 0 {
		t.Fatal("fixture: the API server would accept the generated CRD over one storing at the hub; the test proves nothing")
	}
	p, _ := ParsePattern("*")
	steps, err := Plan(cat, map[string]*apiextv1.CustomResourceDefinition{installed.Name: installed}, p, version1, "ops")
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
		switch v.Name {
		case "v1api20210101":
			if !v.Served || !v.Storage {
				t.Errorf("%s: served=%v storage=%v, want the API version served and stored", v.Name, v.Served, v.Storage)
			}
		case "v1api20210101storage":
			if v.Served || v.Storage {
				t.Errorf("kept hub %s: served=%v storage=%v, want neither", v.Name, v.Served, v.Storage)
			}
			if v.Schema == nil || v.Schema.OpenAPIV3Schema.Description != "the hub's schema as the earlier operator wrote it" {
				t.Errorf("kept hub %s lost the schema it had: %+v", v.Name, v.Schema)
			}
		}
	}
	if want := []string{"v1api20210101", "v1api20210101storage"}; !slices.Equal(names, want) {
		t.Fatalf("upgrade applies versions %v, want %v", names, want)
	}
	c := s.Goal.Spec.Conversion
	if c == nil || c.Strategy != apiextv1.WebhookConverter || c.Webhook == nil || c.Webhook.ClientConfig == nil || c.Webhook.ClientConfig.Service == nil {
		t.Fatalf("the upgraded CRD keeps the hub but converts with %+v: objects stored at the hub would be served unconverted", c)
	}
	if svc := c.Webhook.ClientConfig.Service; svc.Namespace != "ops" || svc.Name != "armgen-webhook-service" {
		t.Errorf("conversion webhook Service %s/%s, want ops/armgen-webhook-service", svc.Namespace, svc.Name)
	}
	if got := s.Goal.Annotations[crdconversion.InjectCAFromAnnotation]; got != "ops/armgen-serving-cert" {
		t.Errorf("annotation %s=%q, want ops/armgen-serving-cert", crdconversion.InjectCAFromAnnotation, got)
	}
	if errs := crdcheck.ValidateUpdate(s.Goal, installed); len(errs) > 0 {
		t.Fatalf("the API server would refuse the upgrade: %v", errs.ToAggregate())
	}

	// Applied, the CRD is what the next start finds: nothing left to do.
	applied := s.Goal.DeepCopy()
	apiextv1.SetObjectDefaults_CustomResourceDefinition(applied)
	applied.Status = installed.Status
	applied.ResourceVersion = "8"
	applied.Status.StoredVersions = []string{"v1api20210101storage", "v1api20210101"}
	steps, _ = Plan(cat, map[string]*apiextv1.CustomResourceDefinition{applied.Name: applied}, p, version1, "ops")
	if steps[0].Action != UpToDate {
		t.Errorf("after the upgrade, the next start plans %s (%s), want %s", steps[0].Action, steps[0].Reason, UpToDate)
	}

	// armctl clean crds rewrote the objects at the API version and dropped the hub.
	applied.Status.StoredVersions = []string{"v1api20210101"}
	steps, _ = Plan(cat, map[string]*apiextv1.CustomResourceDefinition{applied.Name: applied}, p, version1, "ops")
	g := steps[0].Goal
	if steps[0].Action != Upgrade || len(g.Spec.Versions) != 1 || g.Spec.Conversion != nil {
		t.Fatalf("with the hub no longer stored, the plan is %s with %+v; want an upgrade to the generated CRD", steps[0].Action, g)
	}
	if errs := crdcheck.ValidateUpdate(g, applied); len(errs) > 0 {
		t.Errorf("the API server would refuse dropping the hub once it is no longer stored: %v", errs.ToAggregate())
	}
}
