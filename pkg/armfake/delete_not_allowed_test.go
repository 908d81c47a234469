package armfake

import (
	"strings"
	"testing"
)

// TestDeleteWithoutSwaggerDeleteIsRefused: a storage account's blobServices/default has no
// DELETE in the swagger, so ARM answers one with 405 MethodNotAllowed (existing or not) and the
// settings stay; deleting the account removes them with it.
func TestDeleteWithoutSwaggerDeleteIsRefused(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "storage"}, LROPolls: -1})
	const api = "?api-version=2021-04-01"
	acct := rg + "/providers/Microsoft.Storage/storageAccounts/acct1"
	blob := acct + "/blobServices/default"
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	if r := call(t, s, "PUT", acct+api, map[string]any{"location": "westus", "kind": "StorageV2", "sku": map[string]any{"name": "Standard_LRS"}}); r.status >= 300 {
		t.Fatalf("PUT storage account: %s", r.raw)
	}
	if r := call(t, s, "PUT", blob+api, map[string]any{"properties": map[string]any{"isVersioningEnabled": true}}); r.status >= 300 {
		t.Fatalf("PUT blob service: %s", r.raw)
	}
	r := call(t, s, "DELETE", blob+api, nil)
	expect(t, r, 405, "MethodNotAllowed")
	if !strings.Contains(r.raw, "does not support http method 'DELETE'") || !strings.Contains(r.header.Get("Allow"), "GET") {
		t.Errorf("405 body %s, Allow %q: want ARM's message and the allowed methods", r.raw, r.header.Get("Allow"))
	}
	expect(t, call(t, s, "GET", blob+api, nil), 200, "")
	// A type with a DELETE still answers it.
	expect(t, call(t, s, "DELETE", acct+"/blobServices/default/containers/none"+api, nil), 204, "")
	if r := call(t, s, "DELETE", acct+api, nil); r.status != 200 && r.status != 204 {
		t.Fatalf("DELETE storage account: %s", r.raw)
	}
	expect(t, call(t, s, "GET", blob+api, nil), 404, "ParentResourceNotFound")
}
