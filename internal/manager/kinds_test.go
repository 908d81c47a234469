package manager

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var (
	rgGVK   = schema.GroupVersionKind{Group: "resources.azure.com", Version: "v1api20210401storage", Kind: "ResourceGroup"}
	vnetGVK = schema.GroupVersionKind{Group: "network.azure.com", Version: "v1api20210201storage", Kind: "VirtualNetwork"}
)

// installedMapper serves the kinds given, as the API server would with their CRDs installed.
func installedMapper(gvks ...schema.GroupVersionKind) meta.RESTMapper {
	m := meta.NewDefaultRESTMapper(nil)
	for _, g := range gvks {
		m.Add(g, meta.RESTScopeNamespace)
	}
	return m
}

func TestSelectKindsByPattern(t *testing.T) {
	all := []schema.GroupVersionKind{rgGVK, vnetGVK}
	mapper := installedMapper(rgGVK, vnetGVK)
	cases := []struct {
		pattern       string
		rg, vnet      bool
		wantParseFail bool
	}{
		{pattern: "", rg: true, vnet: true},
		{pattern: "*", rg: true, vnet: true},
		{pattern: "network.azure.com/*", vnet: true},
		{pattern: "resources.azure.com/ResourceGroup;network.azure.com/*", rg: true, vnet: true},
		{pattern: "RESOURCES.azure.com/resourcegroup", rg: true},
		{pattern: " network.azure.com/Virtual* ; ", vnet: true},
		{pattern: "network.azure.com", wantParseFail: true},
		{pattern: "network.azure.com/[", wantParseFail: true},
	}
	for _, c := range cases {
		got, _, err := selectKinds(all, c.pattern, nil, mapper)
		if (err != nil) != c.wantParseFail {
			t.Errorf("%q: error %v, want failure %v", c.pattern, err, c.wantParseFail)
			continue
		}
		has := map[schema.GroupVersionKind]bool{}
		for _, g := range got {
			has[g] = true
		}
		if has[rgGVK] != c.rg || has[vnetGVK] != c.vnet {
			t.Errorf("%q selects %v, want ResourceGroup %v, VirtualNetwork %v", c.pattern, got, c.rg, c.vnet)
		}
	}
}

// TestSelectKindsServedByCRDManagement: with CRD management, the kinds of our installed CRDs are
// watched whatever the pattern says, and a kind whose CRD is not served is skipped.
func TestSelectKindsServedByCRDManagement(t *testing.T) {
	all := []schema.GroupVersionKind{rgGVK, vnetGVK}
	served := map[schema.GroupKind]bool{rgGVK.GroupKind(): true, vnetGVK.GroupKind(): true}
	got, skipped, err := selectKinds(all, "resources.azure.com/*", served, installedMapper(rgGVK))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != rgGVK || len(skipped) != 1 {
		t.Errorf("selected %v, skipped %v", got, skipped)
	}
	got, _, _ = selectKinds(all, "resources.azure.com/*", map[schema.GroupKind]bool{vnetGVK.GroupKind(): true}, installedMapper(rgGVK, vnetGVK))
	if len(got) != 1 || got[0] != vnetGVK {
		t.Errorf("served VirtualNetwork only: selected %v", got)
	}
}
