package armfake

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkGetVNetAmongFleet GETs a virtual network with two subnets (its body embeds them, its
// etag follows theirs) from an armfake that also holds a fleet of 3,000 other resources.
func BenchmarkGetVNetAmongFleet(b *testing.B) {
	s := StartTest(b, Options{SpecRoot: corpusRoot(b), Groups: []string{"network", "resources"}, LROPolls: -1})
	expect(b, call(b, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	expect(b, call(b, s, "PUT", vnet+vnetAPI, vnetBody("a", "b")), 201, "")
	now := time.Now()
	s.mu.Lock()
	for i := range 1000 {
		g := fmt.Sprintf("%s/resourceGroups/fleet%d", sub, i)
		v := g + "/providers/Microsoft.Network/virtualNetworks/vn"
		for _, r := range []*stored{
			{id: g, armType: resourceGroupType, apiVersion: "2021-04-01"},
			{id: v, armType: "Microsoft.Network/virtualNetworks", apiVersion: "2021-02-01"},
			{id: v + "/subnets/sn", armType: "Microsoft.Network/virtualNetworks/subnets", apiVersion: "2021-02-01"},
		} {
			r.body, r.provisioningState, r.etag, r.created, r.modified = map[string]any{"location": "westus"}, "Succeeded", newEtag(), now, now
			s.store.put(r)
		}
	}
	s.mu.Unlock()
	for b.Loop() {
		expect(b, call(b, s, "GET", vnet+vnetAPI, nil), 200, "")
	}
}
