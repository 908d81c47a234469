package crdmanagement

import (
	"io/fs"
	"path"
	"testing"

	"github.com/armgen/armgen/pkg/crdowner"
)

// TestEmbeddedCatalogIsEveryGeneratedCRD: the index names each embedded CRD file once, and
// each file holds the CRD its entry says, marked as ours.
func TestEmbeddedCatalogIsEveryGeneratedCRD(t *testing.T) {
	cat := Embedded()
	files, err := fs.Glob(cat.Files, "*/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	indexed := map[string]bool{}
	for _, e := range cat.Entries {
		indexed[e.File] = true
	}
	n := 0
	for _, f := range files {
		if path.Base(f) == "kustomization.yaml" {
			continue
		}
		n++
		if !indexed[f] {
			t.Errorf("%s is embedded but not indexed", f)
		}
	}
	if n != len(cat.Entries) || n == 0 {
		t.Fatalf("%d CRD files, %d entries", n, len(cat.Entries))
	}
	for _, e := range cat.Entries {
		crd, err := cat.CRD(e)
		if err != nil {
			t.Fatal(err)
		}
		if crd.Labels[crdowner.Label] != crdowner.Value {
			t.Errorf("%s: labels %v, want %s=%s", e.Name, crd.Labels, crdowner.Label, crdowner.Value)
		}
	}
}
