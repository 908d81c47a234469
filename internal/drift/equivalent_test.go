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
