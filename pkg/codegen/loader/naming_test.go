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

func TestShortKindName(t *testing.T) {
	long := []string{"databaseAccounts", "mongodbDatabases", "collections", "throughputSettings"}
	if k := KindName(long); len(k) <= MaxKindLength {
		t.Fatalf("test needs a kind over the limit, %s is %d", k, len(k))
	}
	got := ShortKindName(long)
	if got != "DAMongodbDatabasesCollectionsThroughputSetting" || len(got) > MaxKindLength {
		t.Errorf("got %s", got)
	}
	if got := ShortKindName([]string{"virtualNetworks", "subnets"}); got != "VirtualNetworksSubnet" {
		t.Errorf("a short kind changed: %s", got)
	}
}

func TestShortKindNamesStayDistinct(t *testing.T) {
	a := ShortKindName([]string{"privateLinkServicesForM365SecurityCenter", "privateEndpointConnections"})
	b := ShortKindName([]string{"privateLinkServicesForMIPPolicySync", "privateEndpointConnections"})
	if a == b || len(a) > MaxKindLength || len(b) > MaxKindLength {
		t.Errorf("got %s and %s", a, b)
	}
}
