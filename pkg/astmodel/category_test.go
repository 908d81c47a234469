package astmodel

import (
	"regexp"
	"testing"
)

// dns1035Label is the API server's rule for a category (k8s.io/apimachinery's IsDNS1035Label).
var dns1035Label = regexp.MustCompile(`^[a-z]([-a-z0-9]*[a-z0-9])?$`)

// The API server refuses a CRD whose category is not a DNS-1035 label; a service's own group
// (network.frontdoor) has a dot in its short name. The CRD emitter passes the full group, the Go
// emitter's kubebuilder marker the short one: both must give the same category.
func TestCategoryIsADNSLabel(t *testing.T) {
	for group, want := range map[string]string{
		"network":                     "network",
		"network.azure.com":           "network",
		"dbforpostgresql.azure.com":   "dbforpostgresql",
		"network.frontdoor":           "network-frontdoor",
		"network.frontdoor.azure.com": "network-frontdoor",
	} {
		got := Category(group)
		if got != want {
			t.Errorf("Category(%q) = %q, want %q", group, got, want)
		}
		if !dns1035Label.MatchString(got) || len(got) > 63 {
			t.Errorf("Category(%q) = %q is not a DNS-1035 label", group, got)
		}
	}
}
