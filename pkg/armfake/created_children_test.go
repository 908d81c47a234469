package armfake

import "testing"

// TestCreatedChildren: a new Service Bus or Event Hubs namespace comes with its
// RootManageSharedAccessKey rule, as in Azure, so listKeys on it answers before any client
// created the rule; deleting the namespace takes the rule with it.
func TestCreatedChildren(t *testing.T) {
	root := corpusRoot(t)
	s := StartTest(t, Options{SpecRoot: root, Groups: []string{"resources", "servicebus", "eventhub"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	for _, tc := range []struct{ ns, api string }{
		{rg + "/providers/Microsoft.ServiceBus/namespaces/sb1", "?api-version=2021-01-01-preview"},
		{rg + "/providers/Microsoft.EventHub/namespaces/eh1", "?api-version=2021-01-01-preview"},
	} {
		rule := tc.ns + "/authorizationRules/RootManageSharedAccessKey"
		expect(t, call(t, s, "POST", rule+"/listKeys"+tc.api, nil), 404, "ParentResourceNotFound")
		r := call(t, s, "PUT", tc.ns+tc.api, map[string]any{"location": "westus", "sku": map[string]any{"name": "Standard"}})
		if r.status != 200 && r.status != 201 {
			t.Fatalf("PUT %s: %s", tc.ns, r.raw)
		}
		keys := call(t, s, "POST", rule+"/listKeys"+tc.api, nil)
		if keys.status != 200 || keys.body["primaryConnectionString"] == nil {
			t.Errorf("listKeys of %s's own rule: %s", tc.ns, keys.raw)
		}
		got := call(t, s, "GET", rule+tc.api, nil)
		if got.status != 200 || got.prop("properties", "rights") == nil {
			t.Errorf("GET %s: %s", rule, got.raw)
		}
		// A second PUT of the namespace keeps the rule as it is.
		call(t, s, "PUT", tc.ns+tc.api, map[string]any{"location": "westus", "sku": map[string]any{"name": "Standard"}})
		if again := call(t, s, "GET", rule+tc.api, nil); again.body["etag"] != got.body["etag"] {
			t.Errorf("updating the namespace recreated its rule: %v then %v", got.body["etag"], again.body["etag"])
		}
		if d := call(t, s, "DELETE", tc.ns+tc.api, nil); d.status != 200 && d.status != 202 {
			t.Fatalf("DELETE %s: %s", tc.ns, d.raw)
		}
		// Reading the namespace polls its deletion to the end.
		expect(t, call(t, s, "GET", tc.ns+tc.api, nil), 404, "ResourceNotFound")
		expect(t, call(t, s, "GET", rule+tc.api, nil), 404, "ParentResourceNotFound")
	}
}
