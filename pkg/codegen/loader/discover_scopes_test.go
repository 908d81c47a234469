package loader

import (
	"context"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestDiscoverKeepsEveryScope: insights' 2021-05-01-preview declares diagnostic settings for a
// subscription, a management group and any resource, each in a file of its own with a body of
// its own. Discovery generates the narrowest (subscription) and keeps the others as its
// alternatives, so a kind configured at another scope ($scope) can be generated from its own
// path and body; the skipped paths name the one kept.
func TestDiscoverKeepsEveryScope(t *testing.T) {
	root := corpusRoot(t)
	ix, err := BuildIndex(root)
	if err != nil {
		t.Fatal(err)
	}
	dirs := ix.Find("insights", "2021-05-01-preview")
	c := NewCorpus(root)
	var docs []*Document
	for _, d := range dirs {
		ds, err := c.LoadAll(context.Background(), d.Files)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, ds...)
	}
	cat, err := Discover(c, "insights", "2021-05-01-preview", false, docs)
	if err != nil {
		t.Fatal(err)
	}
	var ds *Resource
	for _, r := range cat.Resources {
		if strings.EqualFold(r.ARMType, "Microsoft.Insights/diagnosticSettings") {
			ds = r
		}
	}
	if ds == nil {
		t.Fatal("no diagnosticSettings")
	}
	want := []astmodel.Scope{astmodel.ScopeSubscription, astmodel.ScopeManagementGroup, astmodel.ScopeExtension}
	if got := ds.Scopes(); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("scopes %v, want %v", got, want)
	}
	ext := ds.AtScope(astmodel.ScopeExtension)
	if ext == nil || ext.Path != "/{resourceUri}/providers/Microsoft.Insights/diagnosticSettings/{name}" ||
		!strings.HasSuffix(ext.File, "/diagnosticsSettings_API.json") || ext.Body.Doc.Path != ext.File {
		t.Fatalf("extension declaration %+v", ext)
	}
	if ds.AtScope(astmodel.ScopeTenant) != nil || ds.AtScope(astmodel.ScopeSubscription) != ds {
		t.Error("AtScope answers a scope not declared, or not the resource itself for its own")
	}
	skipped := 0
	for _, sk := range cat.Skipped {
		if strings.EqualFold(sk.ARMType, "Microsoft.Insights/diagnosticSettings") {
			skipped++
			if !sk.Duplicate || !strings.Contains(sk.Reason, ds.Path) {
				t.Errorf("skipped %+v, want a duplicate naming %s", sk, ds.Path)
			}
		}
	}
	if skipped != 2 {
		t.Errorf("%d skipped declarations, want 2", skipped)
	}
}
