package crd

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation"
)

// The API server refuses a CRD whose category is not a DNS-1035 label; a service's own group
// (network.frontdoor) has a dot in its short name.
func TestCategoryIsADNSLabel(t *testing.T) {
	for group, want := range map[string]string{
		"network.azure.com":           "network",
		"dbforpostgresql.azure.com":   "dbforpostgresql",
		"network.frontdoor.azure.com": "network-frontdoor",
	} {
		got := category(group)
		if got != want {
			t.Errorf("category(%q) = %q, want %q", group, got, want)
		}
		if errs := validation.IsDNS1035Label(got); len(errs) > 0 {
			t.Errorf("category(%q) = %q: %v", group, got, errs)
		}
	}
}
