package stages

import (
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// TestSingleVersionKindCRDListsOnlyItsAPIVersion: a kind exported in one api-version gets a CRD
// with that version alone, served and stored, and no conversion (the API server keeps a
// storage, watch cache and codecs per listed version); its storage twin is still generated as
// the hub. A kind in two api-versions keeps the hub as its storage version.
func TestSingleVersionKindCRDListsOnlyItsAPIVersion(t *testing.T) {
	cfg := parseConfig(t, "objectModelConfiguration:\n  cachelite:\n"+
		"    2020-12-01:\n      Cache:\n        $export: true\n")
	s, err := runTo(cfg, EmitCRDs)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Definitions()[cacheIn("v1api20201201", true)]; !ok {
		t.Errorf("no storage twin %s: the hub must still be generated", cacheIn("v1api20201201", true))
	}
	r := s.Definitions()[cacheIn("v1api20201201", false)].Type.(*astmodel.ResourceType)
	if !r.IsStorageVersion {
		t.Errorf("%s is not the storage version", cacheIn("v1api20201201", false))
	}
	crd := renderedCRD(t, s, "crds/cachelite.azure.com/caches.yaml")
	if len(crd.Spec.Versions) != 1 {
		var names []string
		for _, v := range crd.Spec.Versions {
			names = append(names, v.Name)
		}
		t.Fatalf("the CRD lists versions %v, want only v1api20201201", names)
	}
	if v := crd.Spec.Versions[0]; v.Name != "v1api20201201" || !v.Served || !v.Storage {
		t.Errorf("the CRD's version is %s served=%v storage=%v, want v1api20201201 served and stored", v.Name, v.Served, v.Storage)
	}
	if crd.Spec.Conversion != nil {
		t.Errorf("a CRD of one version has conversion %+v", crd.Spec.Conversion)
	}

	two, err := runCacheLite(t, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if two.Definitions()[cacheIn("v1api20201201", false)].Type.(*astmodel.ResourceType).IsStorageVersion {
		t.Error("a kind in two api-versions stores an API version, want its hub")
	}
}

// renderedCRD is the CRD emit-crds rendered at path.
func renderedCRD(t *testing.T, s pipeline.State, path string) *apiextv1.CustomResourceDefinition {
	t.Helper()
	files := mustGet(t, s, crdFilesKey)
	content, ok := files[path]
	if !ok {
		t.Fatalf("emit-crds rendered no %s", path)
	}
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.Unmarshal(content, &crd); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &crd
}
