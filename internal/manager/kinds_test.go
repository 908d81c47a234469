package manager

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

func TestCRDPattern(t *testing.T) {
	rg := schema.GroupVersionKind{Group: "resources.azure.com", Version: "v1api20210401storage", Kind: "ResourceGroup"}
	vnet := schema.GroupVersionKind{Group: "network.azure.com", Version: "v1api20210201storage", Kind: "VirtualNetwork"}
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
		ps, err := parsePattern(c.pattern)
		if (err != nil) != c.wantParseFail {
			t.Errorf("%q: error %v, want failure %v", c.pattern, err, c.wantParseFail)
			continue
		}
		if err != nil {
			continue
		}
		if got := matches(ps, rg); got != c.rg {
			t.Errorf("%q matches ResourceGroup: %v, want %v", c.pattern, got, c.rg)
		}
		if got := matches(ps, vnet); got != c.vnet {
			t.Errorf("%q matches VirtualNetwork: %v, want %v", c.pattern, got, c.vnet)
		}
	}
}
