package armclient

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/armgen/armgen/pkg/armfake"
)

// lifecycleCase is a resource under a resource group, long-running to create and delete.
type lifecycleCase struct {
	root   string
	groups []string
	api    string
	path   string // below the resource group
	body   map[string]any
}

func lifecycleCases(t *testing.T) map[string]lifecycleCase {
	cases := map[string]lifecycleCase{
		"widget (fixture)": {
			root: fixtureRoot, api: widgetAPI,
			path: "/providers/Microsoft.Widgets/widgets/w1",
			body: map[string]any{"location": "westus", "properties": map[string]any{"displayName": "w"}},
		},
	}
	if !testing.Short() {
		if root := corpusRootOrEmpty(t); root != "" {
			cases["virtual network (corpus)"] = lifecycleCase{
				root: root, groups: []string{"network"}, api: "2020-11-01",
				path: "/providers/Microsoft.Network/virtualNetworks/vnet1",
				body: map[string]any{"location": "westus", "properties": map[string]any{
					"addressSpace": map[string]any{"addressPrefixes": []string{"10.0.0.0/16"}}}},
			}
		}
	}
	return cases
}

// TestLifecycle drives PUT, GET and DELETE as the reconciler will: one poll per call, the
// resource group synchronous, the resource long-running, a second DELETE finding nothing.
func TestLifecycle(t *testing.T) {
	for name, c := range lifecycleCases(t) {
		t.Run(name, func(t *testing.T) {
			// ForceLRO makes the resource group's DELETE long-running too, as ARM's is.
			srv := startFake(t, armfake.Options{SpecRoot: c.root, Groups: c.groups, LROPolls: 2, ForceLRO: true})
			opts := testOptions(t, srv)
			cl := newClient(t, srv, opts)
			ctx := context.Background()

			rg := putGroup(t, cl, "rg1")
			id := rg + c.path
			p, err := cl.BeginCreateOrUpdate(ctx, id, c.api, c.body)
			if err != nil {
				t.Fatal(err)
			}
			if p.Done() {
				t.Fatal("a long-running PUT is done before any poll")
			}
			if p.RetryAfter() <= 0 {
				t.Error("no Retry-After advice from the PUT")
			}
			polls, err := pollToEnd(t, p)
			if err != nil {
				t.Fatal(err)
			}
			if polls != 3 {
				t.Errorf("finished after %d polls, want 3 (two InProgress, then Succeeded)", polls)
			}
			var put struct {
				ID         string `json:"id"`
				Properties struct {
					ProvisioningState string `json:"provisioningState"`
				} `json:"properties"`
			}
			if err := p.Result(&put); err != nil {
				t.Fatal(err)
			}
			if put.ID != id || put.Properties.ProvisioningState != "Succeeded" {
				t.Errorf("PUT result %+v", put)
			}
			if _, err := p.ResumeToken(); err == nil {
				t.Error("a finished operation gave a resume token")
			}

			var got map[string]any
			if err := cl.GetByID(ctx, id, c.api, &got); err != nil {
				t.Fatal(err)
			}
			if got["id"] != id {
				t.Errorf("GET %v", got)
			}
			var raw json.RawMessage
			if err := cl.GetByID(ctx, id, c.api, &raw); err != nil || len(raw) == 0 {
				t.Errorf("GET into RawMessage: %v %s", err, raw)
			}

			d, err := cl.BeginDelete(ctx, id, c.api)
			if err != nil {
				t.Fatal(err)
			}
			if d.Done() {
				t.Fatal("a long-running DELETE is done before any poll")
			}
			if _, err := pollToEnd(t, d); err != nil {
				t.Fatal(err)
			}
			err = cl.GetByID(ctx, id, c.api, &got)
			if !IsNotFound(err) {
				t.Fatalf("GET after DELETE: %v", err)
			}
			again, err := cl.BeginDelete(ctx, id, c.api)
			if err != nil || !again.Done() {
				t.Fatalf("DELETE of a deleted resource: done %v, %v", again != nil && again.Done(), err)
			}
			if done, _, err := again.Poll(ctx); !done || err != nil {
				t.Errorf("polling a finished delete: %v %v", done, err)
			}

			rd, err := cl.BeginDelete(ctx, rg, rgAPI)
			if err != nil {
				t.Fatal(err)
			}
			if !rd.Done() {
				if _, err := pollToEnd(t, rd); err != nil {
					t.Fatal(err)
				}
			}
			stats := opts.Metrics.Stats()
			if stats["PUT"] != 2 || stats["DELETE"] != 3 || stats["GET"] < 6 {
				t.Errorf("requests by method %v", stats)
			}
		})
	}
}

// TestResume: a PUT and a DELETE started by one client are finished by another, built from
// scratch, with only the resume token in hand, as after an operator restart.
func TestResume(t *testing.T) {
	for name, c := range lifecycleCases(t) {
		t.Run(name, func(t *testing.T) {
			srv := startFake(t, armfake.Options{SpecRoot: c.root, Groups: c.groups, LROPolls: 2})
			ctx := context.Background()
			first := newClient(t, srv, testOptions(t, srv))
			id := putGroup(t, first, "rg1") + c.path

			p, err := first.BeginCreateOrUpdate(ctx, id, c.api, c.body)
			if err != nil {
				t.Fatal(err)
			}
			if done, _, err := p.Poll(ctx); done || err != nil {
				t.Fatalf("first poll: done %v, %v", done, err)
			}
			token, err := p.ResumeToken()
			if err != nil || token == "" {
				t.Fatalf("resume token: %q %v", token, err)
			}

			second := newClient(t, srv, testOptions(t, srv))
			resumed, err := second.ResumeCreateOrUpdate(ctx, token)
			if err != nil {
				t.Fatal(err)
			}
			polls, err := pollToEnd(t, resumed)
			if err != nil {
				t.Fatal(err)
			}
			if polls != 2 {
				t.Errorf("resumed PUT finished after %d more polls, want 2", polls)
			}
			var put map[string]any
			if err := resumed.Result(&put); err != nil || put["id"] != id {
				t.Errorf("resumed PUT result %v, %v", put, err)
			}

			d, err := second.BeginDelete(ctx, id, c.api)
			if err != nil {
				t.Fatal(err)
			}
			dtoken, err := d.ResumeToken()
			if err != nil {
				t.Fatal(err)
			}
			third := newClient(t, srv, testOptions(t, srv))
			rd, err := third.ResumeDelete(ctx, dtoken)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pollToEnd(t, rd); err != nil {
				t.Fatal(err)
			}
			if err := third.GetByID(ctx, id, c.api, nil); !IsNotFound(err) {
				t.Errorf("GET after the resumed DELETE: %v", err)
			}

			if _, err := third.ResumeCreateOrUpdate(ctx, "not a token"); err == nil {
				t.Error("a malformed token was accepted")
			}
			if _, err := third.ResumeCreateOrUpdate(ctx, ""); err == nil {
				t.Error("an empty token was accepted")
			}
		})
	}
}
