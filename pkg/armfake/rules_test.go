package armfake

import (
	"net/http"
	"strings"
	"testing"
)

const (
	widgetsAPI = "?api-version=2021-01-01"
	rgAPI      = "?api-version=2021-04-01"
	rg         = sub + "/resourceGroups/rg1"
	widget     = rg + "/providers/Microsoft.Widgets/widgets/w1"
	gadget     = widget + "/gadgets/g1"
)

func fixtureServer(t *testing.T, opts Options) *Server {
	opts.SpecRoot = fixtureRoot
	if opts.LROPolls == 0 {
		opts.LROPolls = -1
	}
	return StartTest(t, opts)
}

func TestResourceLifecycle(t *testing.T) {
	s := fixtureServer(t, Options{})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	w := call(t, s, "PUT", widget+widgetsAPI, map[string]any{"location": "westus", "properties": map[string]any{"displayName": "one", "mode": "Manual"}})
	expect(t, w, 201, "")
	if w.header.Get("Azure-AsyncOperation") == "" || w.header.Get("Location") == "" || w.header.Get("Retry-After") == "" {
		t.Errorf("a long-running PUT needs Azure-AsyncOperation, Location and Retry-After: %v", w.header)
	}
	if got := w.prop("properties", "provisioningState"); got != "Creating" {
		t.Errorf("provisioningState after PUT = %v, want Creating", got)
	}
	expect(t, call(t, s, "PUT", gadget+widgetsAPI, map[string]any{"properties": map[string]any{"teethCount": 3}}), 201, "")

	// ARM IDs are case-insensitive; GET fills id, name, type, provisioningState, systemData.
	g := call(t, s, "GET", strings.ToUpper(widget)+widgetsAPI, nil)
	expect(t, g, 200, "")
	if g.prop("id") != widget || g.prop("name") != "w1" || g.prop("type") != "Microsoft.Widgets/widgets" ||
		g.prop("properties", "provisioningState") != "Succeeded" || g.prop("systemData", "createdAt") == nil {
		t.Errorf("GET widget: %s", g.raw)
	}

	// HEAD, list and PATCH.
	if r := call(t, s, "HEAD", widget+widgetsAPI, nil); r.status != 204 {
		t.Errorf("HEAD = %d", r.status)
	}
	l := call(t, s, "GET", rg+"/providers/Microsoft.Widgets/widgets"+widgetsAPI, nil)
	if v, _ := l.body["value"].([]any); l.status != 200 || len(v) != 1 {
		t.Errorf("list: %s", l.raw)
	}
	p := call(t, s, "PATCH", widget+widgetsAPI, map[string]any{"tags": map[string]any{"a": "b"}})
	if p.status != 200 || p.prop("tags", "a") != "b" || p.prop("properties", "displayName") != "one" {
		t.Errorf("PATCH: %s", p.raw)
	}

	// Deleting the resource group deletes what it holds.
	d := call(t, s, "DELETE", rg+rgAPI, nil)
	expect(t, d, 202, "")
	expect(t, call(t, s, "GET", rg+rgAPI, nil), 404, "ResourceGroupNotFound")
	expect(t, call(t, s, "GET", gadget+widgetsAPI, nil), 404, "ResourceGroupNotFound")
	if ids := s.ResourceIDs(); len(ids) != 0 {
		t.Errorf("left behind: %v", ids)
	}
	expect(t, call(t, s, "DELETE", widget+widgetsAPI, nil), 204, "")
}

func TestParentsAndVersions(t *testing.T) {
	s := fixtureServer(t, Options{})
	expect(t, call(t, s, "PUT", widget+widgetsAPI, widgetBody()), 404, "ResourceGroupNotFound")
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	expect(t, call(t, s, "PUT", gadget+widgetsAPI, map[string]any{}), 404, "ParentResourceNotFound")
	expect(t, call(t, s, "PUT", widget+"?api-version=2099-01-01", map[string]any{"location": "westus"}), 400, "InvalidApiVersionParameter")
	expect(t, call(t, s, "PUT", widget, map[string]any{"location": "westus"}), 400, "MissingApiVersionParameter")
	expect(t, call(t, s, "GET", rg+"/providers/Microsoft.Widgets/nothings/x"+widgetsAPI, nil), 400, "InvalidResourceType")
	expect(t, call(t, s, "GET", rg+"/providers/Microsoft.Nope/x/y"+widgetsAPI, nil), 400, "InvalidResourceNamespace")
	expect(t, call(t, s, "GET", "/what/ever", nil), 404, "NotFound")
	expect(t, call(t, s, "GET", widget+widgetsAPI, nil), 404, "ResourceNotFound")
	// Deleting a parent deletes its children.
	expect(t, call(t, s, "PUT", widget+widgetsAPI, widgetBody()), 201, "")
	expect(t, call(t, s, "PUT", gadget+widgetsAPI, map[string]any{}), 201, "")
	expect(t, call(t, s, "DELETE", widget+widgetsAPI, nil), 202, "")
	call(t, s, "GET", widget+widgetsAPI, nil) // a poll finishes the delete
	expect(t, call(t, s, "GET", gadget+widgetsAPI, nil), 404, "ParentResourceNotFound")
}

func TestValidation(t *testing.T) {
	s := fixtureServer(t, Options{})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	cases := []struct {
		name   string
		body   any
		target string
		code   string
	}{
		{"wrong type", map[string]any{"location": "westus", "properties": map[string]any{"displayName": 7}}, "properties.displayName", "InvalidPropertyType"},
		{"enum", map[string]any{"location": "westus", "properties": map[string]any{"displayName": "x", "mode": "Sometimes"}}, "properties.mode", "InvalidPropertyValue"},
		{"required", map[string]any{"properties": map[string]any{"displayName": "x"}}, "location", "MissingRequiredProperty"},
		{"pattern", map[string]any{"location": "westus", "properties": map[string]any{"displayName": "1bad"}}, "properties.displayName", "InvalidPropertyValue"},
		{"malformed", `{"location": `, "", ""},
		{"not an object", `[1]`, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := call(t, s, "PUT", widget+widgetsAPI, c.body)
			expect(t, r, 400, "InvalidRequestContent")
			if c.target != "" {
				d, _ := r.body["error"].(map[string]any)["details"].([]any)
				if r.prop("error", "target") != c.target || len(d) == 0 || d[0].(map[string]any)["code"] != c.code {
					t.Errorf("want target %s code %s: %s", c.target, c.code, r.raw)
				}
				if !strings.Contains(r.prop("error", "message").(string), c.target) {
					t.Errorf("message does not name %s: %s", c.target, r.raw)
				}
			}
		})
	}
	// Read-only properties sent by a client are ignored (here also serialNumber, read-only by
	// mutability): the answer holds the service's own.
	w := call(t, s, "PUT", widget+widgetsAPI, map[string]any{"location": "westus", "id": "/bogus",
		"properties": map[string]any{"displayName": "x", "provisioningState": "Bogus", "serialNumber": "x"}})
	expect(t, w, 201, "")
	if w.prop("id") != widget || w.prop("properties", "serialNumber") == "x" || w.prop("properties", "provisioningState") != "Creating" {
		t.Errorf("read-only properties were kept: %s", w.raw)
	}
}

func TestLongRunningOperation(t *testing.T) {
	s := fixtureServer(t, Options{LROPolls: 2})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	w := call(t, s, "PUT", widget+widgetsAPI, widgetBody())
	op := strings.TrimPrefix(w.header.Get("Azure-AsyncOperation"), s.URL())
	for i, want := range []string{"InProgress", "InProgress", "Succeeded"} {
		r := call(t, s, "GET", op, nil)
		if r.status != 200 || r.prop("status") != want {
			t.Fatalf("poll %d: want %s: %s", i, want, r.raw)
		}
	}
	if r := call(t, s, "GET", widget+widgetsAPI, nil); r.prop("properties", "provisioningState") != "Succeeded" {
		t.Errorf("after the operation: %s", r.raw)
	}
	// DELETE: 202 with a Location that answers 202 until done, then 204.
	d := call(t, s, "DELETE", widget+widgetsAPI, nil)
	expect(t, d, 202, "")
	loc := strings.TrimPrefix(d.header.Get("Location"), s.URL())
	if r := call(t, s, "GET", widget+widgetsAPI, nil); r.prop("properties", "provisioningState") != "Deleting" {
		t.Errorf("during delete: %s", r.raw)
	}
	codes := []int{}
	for range 3 {
		codes = append(codes, call(t, s, "GET", loc, nil).status)
	}
	if codes[0] != 202 || codes[2] != 204 {
		t.Errorf("operation result codes %v, want 202 ... 204", codes)
	}
	expect(t, call(t, s, "GET", widget+widgetsAPI, nil), 404, "ResourceNotFound")

	// A non-long-running type answers synchronously, unless ForceLRO.
	expect(t, call(t, s, "PUT", widget+widgetsAPI, widgetBody()), 201, "")
	g := call(t, s, "PUT", gadget+widgetsAPI, map[string]any{})
	if g.status != 201 || g.header.Get("Azure-AsyncOperation") != "" {
		t.Errorf("gadget PUT is not long-running in the swagger: %s %v", g.raw, g.header)
	}
	f := fixtureServer(t, Options{ForceLRO: true})
	expect(t, call(t, f, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	expect(t, call(t, f, "PUT", widget+widgetsAPI, widgetBody()), 201, "")
	if g := call(t, f, "PUT", gadget+widgetsAPI, map[string]any{}); g.header.Get("Azure-AsyncOperation") == "" {
		t.Errorf("ForceLRO: gadget PUT answered synchronously")
	}
}

func TestSubscriptions(t *testing.T) {
	s := fixtureServer(t, Options{Subscriptions: []string{"00000000-0000-0000-0000-000000000001"}})
	r := call(t, s, "GET", sub+rgAPI, nil)
	if r.status != 200 || r.prop("state") != "Enabled" {
		t.Errorf("GET subscription: %s", r.raw)
	}
	expect(t, call(t, s, "GET", "/subscriptions/other"+rgAPI, nil), 404, "SubscriptionNotFound")
	expect(t, call(t, s, "PUT", "/subscriptions/other/resourceGroups/x"+rgAPI, map[string]any{"location": "w"}), 404, "SubscriptionNotFound")
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	l := call(t, s, "GET", sub+"/resourceGroups"+rgAPI, nil)
	if v, _ := l.body["value"].([]any); len(v) != 1 {
		t.Errorf("list resource groups: %s", l.raw)
	}
}

func TestRecorder(t *testing.T) {
	s := fixtureServer(t, Options{})
	call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"})
	call(t, s, "GET", rg+"?api-version=2099-01-01", nil)
	reqs := s.Requests()
	if len(reqs) != 2 || reqs[0].Method != "PUT" || reqs[0].Status != 201 || reqs[0].APIVersion != "2021-04-01" ||
		!strings.Contains(reqs[0].Body, "westus") || reqs[1].Status != 400 || reqs[1].Path != rg {
		t.Fatalf("recorded: %+v", reqs)
	}
	// The admin endpoint serves the same record.
	a := call(t, s, "GET", "/armfake/requests", nil)
	if a.status != http.StatusOK || !strings.Contains(a.raw, `"apiVersion":"2099-01-01"`) {
		t.Errorf("admin: %s", a.raw)
	}
	s.ResetRequests()
	if len(s.Requests()) != 0 {
		t.Error("reset kept requests")
	}
}

func widgetBody() map[string]any {
	return map[string]any{"location": "westus", "properties": map[string]any{"displayName": "w"}}
}
