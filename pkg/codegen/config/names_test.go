package config

import "testing"

func TestValidAPIVersion(t *testing.T) {
	for v, want := range map[string]bool{
		"2020-06-01":                true,
		"2020-06-01-preview":        true,
		"2020-06-01-privatepreview": true,
		"2020-06-01-beta":           true,
		"2020-06-01-alpha":          true,
		"2020-02-29":                true,
		"2021-02-29":                false, // not a leap year
		"2020-06-01-":               false,
		"2020-06-01-Preview":        false,
		"2020-06-01-gamma":          false,
		"2020-06-01preview":         false,
		"2020-6-01":                 false,
		"20200601":                  false,
		"v2020-06-01":               false,
		"":                          false,
	} {
		if got := validAPIVersion(v); got != want {
			t.Errorf("validAPIVersion(%q) = %v, want %v", v, got, want)
		}
	}
}

// A service's own group (network.frontdoor, as Azure Service Operator names it) is dotted.
func TestValidGroupName(t *testing.T) {
	for g, want := range map[string]bool{
		"network":            true,
		"dbforpostgresql":    true,
		"network.frontdoor":  true,
		"":                   false,
		"Network":            false,
		"network.":           false,
		".network":           false,
		"network..frontdoor": false,
		"network-frontdoor":  false,
	} {
		if got := validGroupName(g); got != want {
			t.Errorf("validGroupName(%q) = %v, want %v", g, got, want)
		}
	}
}

func TestFixes(t *testing.T) {
	tests := []struct {
		fix  func(string) string
		in   string
		want string
	}{
		{fixGroupName, "Network", "network"},
		{fixGroupName, "Microsoft.DocumentDB", "documentdb"},
		{fixGroupName, "network", ""}, // already valid: nothing to suggest
		{fixGroupName, "---", ""},
		{fixGroupName, "Network.FrontDoor", "network.frontdoor"},
		{fixGroupName, "network.frontdoor", ""},
		{fixAPIVersion, "2020-6-1", "2020-06-01"},
		{fixAPIVersion, "2020-06-01-Preview", "2020-06-01-preview"},
		{fixAPIVersion, "2020-06-01-privatepreviw", "2020-06-01-privatepreview"},
		{fixAPIVersion, "2020-06-01-nightly", ""},
		{fixAPIVersion, "2020-13-01", ""},
		{fixAPIVersion, "latest", ""},
		{fixTypeName, "virtualNetwork", "VirtualNetwork"},
		{fixTypeName, "sql-database", "SqlDatabase"},
		{fixTypeName, "storage account", "StorageAccount"},
		{fixTypeName, "Virtual_network", ""},
		{fixTypeName, "9Lives", ""},
		{fixTypeName, "ñu", ""},
	}
	for _, tt := range tests {
		if got := tt.fix(tt.in); got != tt.want {
			t.Errorf("fix(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
