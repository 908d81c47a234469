package apiserver_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestKustomizations: generated/crds/kustomization.yaml lists every group folder, and each
// group's kustomization.yaml lists exactly the CRD files of its folder, so `kubectl apply -k`
// installs all CRDs, or one group's.
func TestKustomizations(t *testing.T) {
	dir := filepath.Join(mustRoot(t), "generated", "crds")
	top := readKustomization(t, dir)
	var groups []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			groups = append(groups, e.Name())
		}
	}
	if !slices.Equal(top, groups) {
		t.Errorf("%s/kustomization.yaml lists %v, the folder holds %v", dir, top, groups)
	}
	listed := 0
	for _, g := range groups {
		res := readKustomization(t, filepath.Join(dir, g))
		files, err := filepath.Glob(filepath.Join(dir, g, "*.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, f := range files {
			if b := filepath.Base(f); b != "kustomization.yaml" {
				want = append(want, b)
			}
		}
		if !slices.Equal(res, want) {
			t.Errorf("%s/kustomization.yaml lists %v, the folder holds %v", g, res, want)
		}
		listed += len(res)
	}
	if listed != len(crds) {
		t.Errorf("the kustomizations list %d files, there are %d CRDs", listed, len(crds))
	}
}

func readKustomization(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "kustomization.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var k struct {
		APIVersion string   `json:"apiVersion"`
		Kind       string   `json:"kind"`
		Resources  []string `json:"resources"`
	}
	if err := yaml.UnmarshalStrict(data, &k); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	if k.APIVersion != "kustomize.config.k8s.io/v1beta1" || k.Kind != "Kustomization" {
		t.Errorf("%s/kustomization.yaml is a %s %s", dir, k.APIVersion, k.Kind)
	}
	if !slices.IsSorted(k.Resources) {
		t.Errorf("%s/kustomization.yaml: resources are not sorted: %s", dir, strings.Join(k.Resources, ", "))
	}
	return k.Resources
}
