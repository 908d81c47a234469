package loader

import "testing"

func TestKindName(t *testing.T) {
	cases := map[string][]string{
		"VirtualNetworksSubnet":                {"virtualNetworks", "subnets"},
		"ResourceGroup":                        {"resourceGroups"},
		"Redis":                                {"redis"},
		"RedisFirewallRule":                    {"redis", "firewallRules"},
		"UserAssignedIdentity":                 {"userAssignedIdentities"},
		"PublicIPAddress":                      {"publicIPAddresses"},
		"StorageAccountsBlobServicesContainer": {"storageAccounts", "blobServices", "containers"},
		"NamespacesEventhub":                   {"namespaces", "eventhubs"},
		"NamespacesEventhubsConsumergroup":     {"namespaces", "eventhubs", "consumergroups"},
		"FlexibleServersConfiguration":         {"flexibleServers", "configurations"},
		"Vault":                                {"vaults"},
		"ZoneDns":                              {"zoneDns"},
		"PolicyDefinition":                     {"policyDefinitions"},
		"ServiceApiVersionSet":                 {"service", "api-version-sets"},
		"DnsZonesAAAA":                         {"dnsZones", "AAAA"},
	}
	for want, segs := range cases {
		if got := KindName(segs); got != want {
			t.Errorf("%v: got %s, want %s", segs, got, want)
		}
	}
}

func TestSingularOddWords(t *testing.T) {
	for _, w := range []string{"", "s", "S", "ss", "x", "1s", "IPs"} {
		_ = Singular(w) // must not panic
	}
}
