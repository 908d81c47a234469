package drift

import "testing"

// TestEquivalentKeepsCaseOutsideResourceTypes: only a value that names a resource type (its key
// says so: type, resourceType, targetResourceTypes, metricNamespace) compares without regard to
// case. Other values merely shaped like one (a container image "registry.example.io/app:V1", a
// host and path) keep their case: a change of case there is a change made outside the operator,
// and comparing it as a type hid it at every resync.
func TestEquivalentKeepsCaseOutsideResourceTypes(t *testing.T) {
	cases := []struct {
		path, sent, held string
		want             bool
	}{
		{"properties.type", "Microsoft.Cache/redis", "Microsoft.Cache/Redis", true},
		{"properties.targetResourceType", "Microsoft.Compute/virtualMachines", "microsoft.compute/virtualmachines", true},
		{"properties.scopes.resourceTypes[0]", "Microsoft.Network/virtualNetworks", "Microsoft.Network/VirtualNetworks", true},
		{"properties.criteria.allOf[0].metricNamespace", "Microsoft.Compute/virtualMachines", "microsoft.compute/virtualMachines", true},
		{"properties.containers[0].properties.image", "registry.example.io/app:V1", "registry.example.io/app:v1", false},
		{"properties.origin", "contoso.example/Login", "contoso.example/login", false},
		{"properties.type", "Microsoft.Cache/redis", "Microsoft.Cache/redisEnterprise", false},
	}
	for _, c := range cases {
		if got := equivalent(c.path, c.sent, c.held); got != c.want {
			t.Errorf("equivalent(%s, %q, %q) = %v, want %v", c.path, c.sent, c.held, got, c.want)
		}
	}
}

// TestEquivalentTellsRegionsAndResourcesApart: comparing as ARM does loosens case and spelling
// only: another region ("West US" is not westus2), a child of another parent in an ID, or an ID
// of another type or provider is a difference.
func TestEquivalentTellsRegionsAndResourcesApart(t *testing.T) {
	const rg = "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg/providers/"
	cases := []struct {
		path, sent, held string
		want             bool
	}{
		{"location", "westus2", "West US 2", true},
		{"location", "westus2", "West US", false},
		{"location", "westus", "West US 2", false},
		{"properties.subnet.id", rg + "Microsoft.Network/virtualNetworks/vn/subnets/s", rg + "microsoft.network/VirtualNetworks/VN/subnets/S", true},
		{"properties.subnet.id", rg + "Microsoft.Network/virtualNetworks/vn/subnets/s", rg + "Microsoft.Network/virtualNetworks/vn2/subnets/s", false},
		{"properties.target.id", rg + "Microsoft.Network/virtualNetworks/vn", rg + "Microsoft.Network/networkSecurityGroups/vn", false},
		{"properties.target.id", rg + "Microsoft.Cache/redis/r", rg + "Microsoft.CacheX/redis/r", false},
		{"name", "fwrule", "myredis/fwrule2", false},
	}
	for _, c := range cases {
		if got := equivalent(c.path, c.sent, c.held); got != c.want {
			t.Errorf("equivalent(%s, %q, %q) = %v, want %v", c.path, c.sent, c.held, got, c.want)
		}
	}
}
