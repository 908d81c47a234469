package armfake

import (
	"net/url"
	"strings"
	"testing"
)

func TestGroupResourcesAndPages(t *testing.T) {
	s := fixtureServer(t, Options{ListPageSize: 2})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	for _, n := range []string{"w1", "w2", "w3"} {
		expect(t, call(t, s, "PUT", rg+"/providers/Microsoft.Widgets/widgets/"+n+widgetsAPI, map[string]any{
			"location": "westus", "tags": map[string]any{"n": n}, "properties": map[string]any{"displayName": n}}), 201, "")
	}
	// A child is not the group's: it is listed through its parent.
	expect(t, call(t, s, "PUT", gadget+widgetsAPI, map[string]any{"properties": map[string]any{"teethCount": 3}}), 201, "")

	var names []string
	next := rg + "/resources" + rgAPI
	pages := 0
	for next != "" {
		r := call(t, s, "GET", next, nil)
		expect(t, r, 200, "")
		pages++
		for _, v := range r.body["value"].([]any) {
			item := v.(map[string]any)
			if item["type"] != "Microsoft.Widgets/widgets" || item["location"] != "westus" || item["properties"] != nil {
				t.Errorf("item %v: want the generic envelope of a widget", item)
			}
			names = append(names, item["name"].(string))
		}
		next = ""
		if l, ok := r.body["nextLink"].(string); ok {
			u, err := url.Parse(l)
			if err != nil || !strings.HasPrefix(l, s.URL()) {
				t.Fatalf("nextLink %q", l)
			}
			next = u.RequestURI()
		}
	}
	if got := strings.Join(names, ","); got != "w1,w2,w3" || pages != 2 {
		t.Errorf("listed %s in %d pages, want w1,w2,w3 in 2", got, pages)
	}

	// Typed lists page the same way.
	r := call(t, s, "GET", rg+"/providers/Microsoft.Widgets/widgets"+widgetsAPI, nil)
	if v := r.body["value"].([]any); len(v) != 2 || r.body["nextLink"] == nil {
		t.Errorf("first page of widgets: %s", r.raw)
	}
	expect(t, call(t, s, "GET", rg+"/providers/Microsoft.Widgets/widgets"+widgetsAPI+"&$skiptoken=x", nil), 400, "InvalidSkipToken")
	expect(t, call(t, s, "GET", sub+"/resourceGroups/nope/resources"+rgAPI, nil), 404, "ResourceGroupNotFound")
}
