package bench_test

import (
	"testing"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/test/e2e/bench"
)

// TestCountRequestsNamesFailures: failed ARM answers are counted by method, status and the ARM
// type asked for (a poll as "operation"), so a report says which resources they were; GETs of
// resources answered 404 (reads before a create) are counted apart, not as failures.
func TestCountRequestsNamesFailures(t *testing.T) {
	sub := "/subscriptions/00000000-0000-0000-0000-000000000001"
	rg := sub + "/resourceGroups/rg"
	c := bench.CountRequests([]armfake.Request{
		{Method: "GET", Path: rg + "/providers/Microsoft.Network/virtualNetworks/v/subnets/s", Status: 404},
		{Method: "GET", Path: rg + "/providers/Microsoft.Network/virtualNetworks/v/subnets/t", Status: 404},
		{Method: "PUT", Path: rg, Status: 429},
		{Method: "GET", Path: sub + "/providers/Microsoft.Network/locations/westus2/operationStatuses/x", Status: 500},
		{Method: "GET", Path: rg, Status: 200},
		{Method: "POST", Path: "/tenant/oauth2/v2.0/token", Status: 400},
	})
	want := map[string]int{
		"PUT 429 Microsoft.Resources/resourceGroups": 1,
		"GET 500 operation":                          1,
	}
	if c.Failed != 2 || c.Token != 1 || c.ARM != 5 || c.Gets != 3 {
		t.Errorf("failed %d, token %d, ARM %d, GETs %d; want 2, 1, 5, 3", c.Failed, c.Token, c.ARM, c.Gets)
	}
	// A GET answered 404 is a read before a create, counted apart.
	if c.NotFound != 2 || c.NotFoundBy["Microsoft.Network/virtualNetworks/subnets"] != 2 {
		t.Errorf("not found %d %v; want the 2 subnet GETs", c.NotFound, c.NotFoundBy)
	}
	for k, v := range want {
		if c.FailedBy[k] != v {
			t.Errorf("%s: %d, want %d (all: %v)", k, c.FailedBy[k], v, c.FailedBy)
		}
	}
	if len(c.FailedBy) != len(want) {
		t.Errorf("FailedBy %v, want %v", c.FailedBy, want)
	}
}
