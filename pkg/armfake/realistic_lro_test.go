package armfake

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestRealisticLROAnswers: a long-running request is answered as its service does (rows of
// lroStyles): status, Azure-AsyncOperation and/or Location, Retry-After, body.
func TestRealisticLROAnswers(t *testing.T) {
	s := realisticServer(t, Options{LROPolls: 1})
	settle := func(r response) {
		t.Helper()
		for _, h := range []string{"Azure-AsyncOperation", "Location"} {
			if u := r.header.Get(h); u != "" {
				for range 3 {
					call(t, s, "GET", strings.TrimPrefix(u, s.URL()), nil)
				}
				return
			}
		}
	}
	put := func(path string, body any) response {
		t.Helper()
		r := call(t, s, "PUT", path, body)
		settle(r)
		return r
	}
	put(redisID+redisAPI, redisBody())
	put(cosmosID+cosmosAPI, cosmosBody())
	put(postgresID+postgresAPI, postgresBody())
	put(vnetID+networkAPI, vnet2Body())
	for _, tc := range []struct {
		name, method, path string
		body               any
		status             int
		async, location    bool
		retryAfter         string
		bodyKey            string // a key the first answer's body has ("" : no body)
		source             recording
	}{
		{"network create", "PUT", vnetID + "/subnets/sn1" + networkAPI, map[string]any{"properties": map[string]any{"addressPrefix": "10.0.0.0/24"}},
			201, true, false, "3", "properties", recVirtualNetwork},
		{"network update", "PUT", vnetID + "/subnets/sn1" + networkAPI, map[string]any{"properties": map[string]any{"addressPrefix": "10.0.0.0/24"}},
			200, true, false, "3", "properties", recVirtualNetwork},
		{"storage account create", "PUT", storageID + storageAPI, storageBody(), 202, false, true, "17", "", recStorageAccount},
		{"cosmos account create", "PUT", rg + "/providers/Microsoft.DocumentDB/databaseAccounts/acct2" + cosmosAPI, cosmosBody(),
			200, true, true, "", "properties", recCosmosSQL},
		{"cosmos child create", "PUT", sqlDBID + cosmosAPI, map[string]any{"properties": map[string]any{"resource": map[string]any{"id": "db1"}}},
			202, true, true, "", "status", recCosmosSQL},
		{"postgresql delete", "DELETE", postgresID + postgresAPI, nil, 202, true, true, "15", "", recPostgreSQLFlexible},
		{"resource group delete", "DELETE", sub + "/resourceGroups/doomed" + rgAPI, nil, 202, false, true, "15", "", recPostgreSQLFlexible},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.path, "/doomed") {
				expect(t, call(t, s, "PUT", tc.path, map[string]any{"location": "westus2"}), 201, "")
			}
			r := call(t, s, tc.method, tc.path, tc.body)
			defer settle(r)
			got := []any{r.status, r.header.Get("Azure-AsyncOperation") != "", r.header.Get("Location") != "", r.header.Get("Retry-After")}
			want := []any{tc.status, tc.async, tc.location, tc.retryAfter}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("status, Azure-AsyncOperation, Location, Retry-After = %v, want %v (as %s answered): %s", got, want, tc.source, r.raw)
				}
			}
			if (tc.bodyKey == "") != (r.raw == "") || tc.bodyKey != "" && r.body[tc.bodyKey] == nil {
				t.Errorf("body %q, want one with %q (as %s answered)", r.raw, tc.bodyKey, tc.source)
			}
		})
	}
	t.Run("Options.RetryAfter wins", func(t *testing.T) {
		fast := realisticServer(t, Options{RetryAfter: 20 * time.Millisecond})
		r := call(t, fast, "PUT", storageID+storageAPI, storageBody())
		if r.status != 202 || r.header.Get("retry-after-ms") != "20" {
			t.Errorf("got %d with retry-after-ms %q, want 202 advising the test's 20ms", r.status, r.header.Get("retry-after-ms"))
		}
	})
}

// TestRealisticLROsDrivenBySDK: azcore's poller drives every style of the table to the end,
// as an operator's client does.
func TestRealisticLROsDrivenBySDK(t *testing.T) {
	s := realisticServer(t, Options{LROPolls: 2, RetryAfter: 10 * time.Millisecond})
	c := sdkClient(t, s, "app", "secret")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, tc := range []struct {
		method, path, api string
		body              any
	}{
		{"PUT", storageID, "2021-04-01", storageBody()},
		{"PUT", vnetID, "2020-11-01", vnet2Body()},
		{"PUT", cosmosID, "2021-05-15", cosmosBody()},
		{"PUT", sqlDBID, "2021-05-15", map[string]any{"properties": map[string]any{"resource": map[string]any{"id": "db1"}}}},
		{"PUT", postgresID, "2021-06-01", postgresBody()},
		{"DELETE", postgresID, "2021-06-01", nil},
		{"DELETE", rg, "2021-04-01", nil},
	} {
		if _, err := sdkDo(ctx, c, tc.method, tc.path, tc.api, tc.body); err != nil {
			t.Fatalf("%s %s: %v", tc.method, tc.path, err)
		}
	}
	if ids := s.ResourceIDs(); len(ids) != 0 {
		t.Errorf("after deleting the group, left %v", ids)
	}
}

// TestRealisticAnotherOperationInProgress: a second write while an operation runs on the
// resource answers 409 AnotherOperationInProgress, whose code internal/armclient retries.
func TestRealisticAnotherOperationInProgress(t *testing.T) {
	s := realisticServer(t, Options{LROPolls: 2})
	first := call(t, s, "PUT", vnetID+networkAPI, vnet2Body())
	if first.status != 201 {
		t.Fatalf("first PUT: %d %s", first.status, first.raw)
	}
	for _, m := range []string{"PUT", "PATCH"} {
		expect(t, call(t, s, m, vnetID+networkAPI, vnet2Body()), 409, "AnotherOperationInProgress")
	}
	for range 3 {
		call(t, s, "GET", strings.TrimPrefix(first.header.Get("Azure-AsyncOperation"), s.URL()), nil)
	}
	if r := call(t, s, "PUT", vnetID+networkAPI, vnet2Body()); r.status != 200 {
		t.Errorf("PUT after the operation: %d %s, want 200", r.status, r.raw)
	}
}
