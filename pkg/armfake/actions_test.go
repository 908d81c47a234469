package armfake

import (
	"strings"
	"testing"
)

func TestActionsFixture(t *testing.T) {
	s := fixtureServer(t, Options{})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	expect(t, call(t, s, "POST", widget+"/restart"+widgetsAPI, nil), 404, "ResourceNotFound")
	expect(t, call(t, s, "PUT", widget+widgetsAPI, widgetBody()), 201, "")
	r := call(t, s, "POST", widget+"/restart"+widgetsAPI, nil)
	if r.status != 202 || r.header.Get("Location") == "" {
		t.Errorf("restart is long-running in the swagger: %d %v", r.status, r.header)
	}
	expect(t, call(t, s, "POST", widget+"/explode"+widgetsAPI, nil), 404, "ActionNotFound")
}

// TestActionsCorpus: listKeys answers schema-shaped keys, the same for the same account and
// seed, different for another account or after regenerateKey.
func TestActionsCorpus(t *testing.T) {
	root := corpusRoot(t)
	const api = "?api-version=2021-04-01"
	acct := rg + "/providers/Microsoft.Storage/storageAccounts/"
	keys := func(s *Server, name string) string {
		r := call(t, s, "POST", acct+name+"/listKeys"+api, nil)
		if r.status != 200 {
			t.Fatalf("listKeys: %s", r.raw)
		}
		list, _ := r.body["keys"].([]any)
		if len(list) != 2 || list[0].(map[string]any)["keyName"] == list[1].(map[string]any)["keyName"] {
			t.Fatalf("listKeys shape: %s", r.raw)
		}
		return r.raw
	}
	setup := func() *Server {
		s := StartTest(t, Options{SpecRoot: root, Groups: []string{"resources", "storage"}, LROPolls: -1, Seed: 42})
		expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
		for _, n := range []string{"acct1", "acct2"} {
			r := call(t, s, "PUT", acct+n+api, map[string]any{"location": "westus", "kind": "StorageV2", "sku": map[string]any{"name": "Standard_LRS"}})
			if r.status != 200 && r.status != 201 && r.status != 202 {
				t.Fatalf("PUT storage account: %s", r.raw)
			}
		}
		return s
	}
	a, b := setup(), setup()
	k1 := keys(a, "acct1")
	if k1 != keys(b, "acct1") || k1 == keys(a, "acct2") || k1 != keys(a, "acct1") {
		t.Error("listKeys is not deterministic per ARM ID and seed")
	}
	call(t, a, "POST", acct+"acct1/regenerateKey"+api, map[string]any{"keyName": "key1"})
	if k := keys(a, "acct1"); k == k1 || !strings.Contains(k, "key1") {
		t.Errorf("regenerateKey did not change the keys: %s", k)
	}
}
