package armclient

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/armfake"
)

// TestList follows nextLink across pages, for a typed collection and a group's generic list.
func TestList(t *testing.T) {
	srv := startFake(t, armfake.Options{ListPageSize: 2, LROPolls: -1})
	cl := newClient(t, srv, testOptions(t, srv))
	ctx := context.Background()
	rg := putGroup(t, cl, "rg1")
	for _, n := range []string{"w1", "w2", "w3", "w4", "w5"} {
		p, err := cl.BeginCreateOrUpdate(ctx, rg+"/providers/Microsoft.Widgets/widgets/"+n, widgetAPI,
			map[string]any{"location": "westus", "properties": map[string]any{"displayName": n}})
		if err != nil {
			t.Fatal(err)
		}
		if !p.Done() {
			if _, err := pollToEnd(t, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct{ collection, api string }{
		{rg + "/providers/Microsoft.Widgets/widgets", widgetAPI},
		{rg + "/resources", rgAPI},
	} {
		srv.ResetRequests()
		items, err := cl.List(ctx, c.collection, c.api)
		if err != nil {
			t.Fatalf("%s: %v", c.collection, err)
		}
		var names []string
		for _, it := range items {
			var v struct{ Name string }
			if err := json.Unmarshal(it, &v); err != nil {
				t.Fatal(err)
			}
			names = append(names, v.Name)
		}
		if got := strings.Join(names, ","); got != "w1,w2,w3,w4,w5" {
			t.Errorf("%s: listed %s", c.collection, got)
		}
		if n := len(srv.Requests()); n != 3 {
			t.Errorf("%s: %d requests for 5 items in pages of 2, want 3", c.collection, n)
		}
	}
	if _, err := cl.List(ctx, sub+"/resourceGroups/nope/resources", rgAPI); !IsNotFound(err) {
		t.Errorf("listing a missing group: %v, want not found", err)
	}
}

func TestSameEndpoint(t *testing.T) {
	c := &Client{endpoint: "https://management.azure.com/"}
	if _, err := c.sameEndpoint("https://management.azure.com/x?api-version=1&$skiptoken=2"); err != nil {
		t.Error(err)
	}
	if _, err := c.sameEndpoint("https://evil.example/x"); err == nil {
		t.Error("a nextLink to another host was followed")
	}
}
