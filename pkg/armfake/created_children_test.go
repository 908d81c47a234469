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

// TestCreatedChildrenNotificationHubs: a Notification Hubs namespace comes with its
// RootManageSharedAccessKey rule and a notification hub with DefaultFullSharedAccessSignature
// and DefaultListenSharedAccessSignature, as in Azure, so a client reads a hub's keys from the
// full-access rule without creating it.
func TestCreatedChildrenNotificationHubs(t *testing.T) {
	root := corpusRoot(t)
	s := StartTest(t, Options{SpecRoot: root, Groups: []string{"resources", "notificationhubs"}, LROPolls: -1})
	const api = "?api-version=2017-04-01"
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	ns := rg + "/providers/Microsoft.NotificationHubs/namespaces/nh1"
	if r := call(t, s, "PUT", ns+api, map[string]any{"location": "westus", "sku": map[string]any{"name": "Standard"}}); r.status != 200 && r.status != 201 {
		t.Fatalf("PUT %s: %s", ns, r.raw)
	}
	if r := call(t, s, "GET", ns+"/AuthorizationRules/RootManageSharedAccessKey"+api, nil); r.status != 200 {
		t.Errorf("the namespace's own rule: %s", r.raw)
	}
	hub := ns + "/notificationHubs/hub1"
	if r := call(t, s, "PUT", hub+api, map[string]any{"location": "westus", "properties": map[string]any{}}); r.status != 200 && r.status != 201 {
		t.Fatalf("PUT %s: %s", hub, r.raw)
	}
	keys := call(t, s, "POST", hub+"/AuthorizationRules/DefaultFullSharedAccessSignature/listKeys"+api, nil)
	if keys.status != 200 || keys.body["primaryConnectionString"] == nil {
		t.Errorf("listKeys of the hub's full-access rule: %s", keys.raw)
	}
	listen := call(t, s, "GET", hub+"/AuthorizationRules/DefaultListenSharedAccessSignature"+api, nil)
	if rights, _ := listen.prop("properties", "rights").([]any); listen.status != 200 || len(rights) != 1 || rights[0] != "Listen" {
		t.Errorf("the hub's listen rule: %s", listen.raw)
	}
}
