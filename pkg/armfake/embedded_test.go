package armfake

import (
	"testing"
)

const (
	vnetAPI = "?api-version=2021-02-01"
	vnet    = rg + "/providers/Microsoft.Network/virtualNetworks/vn1"
)

func networkServer(t *testing.T) *Server {
	t.Helper()
	return StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"network", "resources"}, LROPolls: -1})
}

func subnetNames(t *testing.T, r response) []string {
	t.Helper()
	list, ok := r.prop("properties", "subnets").([]any)
	if !ok {
		t.Fatalf("no properties.subnets in %s", r.raw)
	}
	var out []string
	for _, v := range list {
		out = append(out, v.(map[string]any)["name"].(string))
	}
	return out
}

func vnetBody(subnets ...string) map[string]any {
	props := map[string]any{"addressSpace": map[string]any{"addressPrefixes": []string{"10.0.0.0/16"}}}
	if subnets != nil {
		list := []any{}
		for i, n := range subnets {
			list = append(list, map[string]any{"name": n, "properties": map[string]any{"addressPrefix": "10.0." + string(rune('0'+i)) + ".0/24"}})
		}
		props["subnets"] = list
	}
	return map[string]any{"location": "westus", "properties": props}
}

// TestEmbeddedSubnets checks that a virtual network holds its subnets as ARM does: listed in its
// GET, created and deleted by a PUT that lists them, deleted by a PUT that leaves them out
// (before api-version 2023-09-01), untouched by a PUT that lists them as they are.
func TestEmbeddedSubnets(t *testing.T) {
	s := networkServer(t)
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	expect(t, call(t, s, "PUT", vnet+vnetAPI, vnetBody("a", "b")), 201, "")
	expect(t, call(t, s, "GET", vnet+"/subnets/a"+vnetAPI, nil), 200, "")
	g := call(t, s, "GET", vnet+vnetAPI, nil)
	if got := subnetNames(t, g); len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("subnets after a PUT with a and b: %v", got)
	}

	// A subnet PUT on its own shows in the network's GET.
	expect(t, call(t, s, "PUT", vnet+"/subnets/c"+vnetAPI, map[string]any{"properties": map[string]any{"addressPrefix": "10.0.9.0/24"}}), 201, "")
	before := call(t, s, "GET", vnet+"/subnets/c"+vnetAPI, nil)
	g = call(t, s, "GET", vnet+vnetAPI, nil)
	if got := subnetNames(t, g); len(got) != 3 {
		t.Fatalf("subnets after PUT of c: %v", got)
	}

	// Sending the GET back changes no subnet, not even its etag.
	expect(t, call(t, s, "PUT", vnet+vnetAPI, g.body), 200, "")
	if after := call(t, s, "GET", vnet+"/subnets/c"+vnetAPI, nil); after.prop("etag") != before.prop("etag") {
		t.Errorf("a PUT of the network as it is changed subnet c: %s -> %s", before.raw, after.raw)
	}

	// A PUT listing fewer deletes the others.
	expect(t, call(t, s, "PUT", vnet+vnetAPI, vnetBody("a")), 200, "")
	expect(t, call(t, s, "GET", vnet+"/subnets/b"+vnetAPI, nil), 404, "ResourceNotFound")

	// A PUT leaving them out deletes them all; at 2023-09-01 and later it keeps them.
	if _, ok := s.cat.lookup("Microsoft.Network/virtualNetworks").versions["2023-09-01"]; ok {
		expect(t, call(t, s, "PUT", vnet+"?api-version=2023-09-01", vnetBody()), 200, "")
		expect(t, call(t, s, "GET", vnet+"/subnets/a"+vnetAPI, nil), 200, "")
	}
	expect(t, call(t, s, "PUT", vnet+vnetAPI, vnetBody()), 200, "")
	expect(t, call(t, s, "GET", vnet+"/subnets/a"+vnetAPI, nil), 404, "ResourceNotFound")
	if got := subnetNames(t, call(t, s, "GET", vnet+vnetAPI, nil)); len(got) != 0 {
		t.Errorf("subnets after a PUT without any: %v", got)
	}

	// A PATCH without subnets keeps them.
	expect(t, call(t, s, "PUT", vnet+"/subnets/d"+vnetAPI, map[string]any{"properties": map[string]any{"addressPrefix": "10.0.8.0/24"}}), 201, "")
	if r := call(t, s, "PATCH", vnet+vnetAPI, map[string]any{"tags": map[string]any{"x": "y"}}); r.status == 200 {
		expect(t, call(t, s, "GET", vnet+"/subnets/d"+vnetAPI, nil), 200, "")
	}
}
