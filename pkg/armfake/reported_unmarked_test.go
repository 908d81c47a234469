package armfake

import (
	"strings"
	"testing"
)

// TestReportedUnmarkedNotificationHubsNamespace: the 2017-04-01 swagger leaves a Notification
// Hubs namespace's serviceBusEndpoint writable, yet Azure reports it; a GET of a namespace
// created without it answers it, as a URL, the same at every GET.
func TestReportedUnmarkedNotificationHubsNamespace(t *testing.T) {
	root := corpusRoot(t)
	s := StartTest(t, Options{SpecRoot: root, Groups: []string{"resources", "notificationhubs"}, LROPolls: -1})
	const api = "?api-version=2017-04-01"
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	ns := rg + "/providers/Microsoft.NotificationHubs/namespaces/nh1"
	if r := call(t, s, "PUT", ns+api, map[string]any{"location": "westus", "sku": map[string]any{"name": "Standard"}}); r.status != 200 && r.status != 201 {
		t.Fatalf("PUT %s: %s", ns, r.raw)
	}
	got := call(t, s, "GET", ns+api, nil)
	ep, _ := got.prop("properties", "serviceBusEndpoint").(string)
	if !strings.HasPrefix(ep, "https://nh1.") {
		t.Errorf("serviceBusEndpoint %q, want a URL of the namespace: %s", ep, got.raw)
	}
	if again := call(t, s, "GET", ns+api, nil); again.prop("properties", "serviceBusEndpoint") != ep {
		t.Errorf("serviceBusEndpoint changed between GETs: %q then %v", ep, again.prop("properties", "serviceBusEndpoint"))
	}
}
