package armfake

import (
	"strings"
	"testing"
)

const (
	kvAPI     = "?api-version=2019-09-01"
	vault     = rg + "/providers/Microsoft.KeyVault/vaults/kv1"
	deletedKV = sub + "/providers/Microsoft.KeyVault/locations/westus2/deletedVaults/kv1"
)

func vaultBody(createMode string, extra map[string]any) map[string]any {
	props := map[string]any{
		"tenantId": "00000000-0000-0000-0000-000000000000",
		"sku":      map[string]any{"family": "A", "name": "standard"},
	}
	if createMode != "" {
		props["createMode"] = createMode
	}
	for k, v := range extra {
		props[k] = v
	}
	return map[string]any{"location": "West US 2", "properties": props}
}

// TestVaultSoftDelete: a deleted key vault stays recoverable under deletedVaults with its keys,
// its name taken: a PUT default is refused as Key Vault refuses it (409 ConflictError), a PUT
// recover brings it back, a purge (long-running) frees the name.
func TestVaultSoftDelete(t *testing.T) {
	root := corpusRoot(t)
	type step struct {
		method, path string
		body         any
		status       int
		code         string
		check        func(t *testing.T, r response)
	}
	keyBody := map[string]any{"properties": map[string]any{"kty": "RSA", "keySize": 2048}}
	deleteVault := step{method: "DELETE", path: vault + kvAPI, status: 200}
	getDeleted := func(wantStatus int, code string) step {
		return step{method: "GET", path: deletedKV + kvAPI, status: wantStatus, code: code}
	}
	// poll is a step polling the operation the step before started, once.
	poll := step{method: "POLL", status: 200}
	cases := []struct {
		name string
		// polls is Options.LROPolls: -1 finishes an operation at the first look at it.
		polls int
		steps []step
	}{
		{"deleted vault is listed and read under its location", -1, []step{
			deleteVault,
			getDeleted(200, ""),
			{method: "GET", path: deletedKV + kvAPI, status: 200, check: func(t *testing.T, r response) {
				if r.prop("properties", "vaultId") != vault || r.prop("properties", "location") != "westus2" ||
					r.prop("type") != "Microsoft.KeyVault/deletedVaults" || r.prop("properties", "scheduledPurgeDate") == nil {
					t.Errorf("deleted vault: %s", r.raw)
				}
			}},
			{method: "GET", path: sub + "/providers/Microsoft.KeyVault/deletedVaults" + kvAPI, status: 200, check: func(t *testing.T, r response) {
				if v, _ := r.body["value"].([]any); len(v) != 1 {
					t.Errorf("list: %s", r.raw)
				}
			}},
			{method: "GET", path: vault + kvAPI, status: 404, code: "ResourceNotFound"},
		}},
		{"create while deleted is refused", -1, []step{
			deleteVault,
			{method: "PUT", path: vault + kvAPI, body: vaultBody("default", nil), status: 409, code: "ConflictError"},
			{method: "PUT", path: vault + kvAPI, body: vaultBody("", nil), status: 409, code: "ConflictError"},
			getDeleted(200, ""),
		}},
		{"recover restores the vault and its keys", -1, []step{
			deleteVault,
			{method: "GET", path: vault + "/keys/key1" + kvAPI, status: 404, code: "ParentResourceNotFound"},
			{method: "PUT", path: vault + kvAPI, body: vaultBody("recover", nil), status: 200},
			{method: "GET", path: vault + "/keys/key1" + kvAPI, status: 200},
			getDeleted(404, "DeletedVaultNotFound"),
		}},
		{"recover with nothing deleted", -1, []step{
			{method: "PUT", path: rg + "/providers/Microsoft.KeyVault/vaults/kv2" + kvAPI, body: vaultBody("recover", nil), status: 404, code: "DeletedVaultNotFound"},
		}},
		{"purge frees the name", 1, []step{
			deleteVault,
			{method: "POST", path: deletedKV + "/purge" + kvAPI, status: 202},
			// Until the purge has run, the name stays taken.
			{method: "PUT", path: vault + kvAPI, body: vaultBody("default", nil), status: 409, code: "ConflictError"},
			getDeleted(200, ""),
			// A second purge joins the running one.
			{method: "POST", path: deletedKV + "/purge" + kvAPI, status: 202},
			poll, poll,
			getDeleted(404, "DeletedVaultNotFound"),
			{method: "PUT", path: vault + kvAPI, body: vaultBody("default", nil), status: 201},
			{method: "GET", path: vault + "/keys/key1" + kvAPI, status: 404, code: "ResourceNotFound"},
		}},
		{"purge protection", -1, []step{
			{method: "PUT", path: vault + kvAPI, body: vaultBody("", map[string]any{"enablePurgeProtection": true, "enableSoftDelete": true}), status: 200},
			deleteVault,
			{method: "POST", path: deletedKV + "/purge" + kvAPI, status: 409, code: "Conflict"},
			getDeleted(200, ""),
		}},
		{"soft delete off", -1, []step{
			{method: "PUT", path: vault + kvAPI, body: vaultBody("", map[string]any{"enableSoftDelete": false}), status: 200},
			deleteVault,
			getDeleted(404, "DeletedVaultNotFound"),
			{method: "PUT", path: vault + kvAPI, body: vaultBody("default", nil), status: 201},
		}},
		{"deleting the resource group soft-deletes its vaults", -1, []step{
			{method: "DELETE", path: rg + rgAPI, status: 202},
			{method: "GET", path: rg + rgAPI, status: 404, code: "ResourceGroupNotFound"},
			getDeleted(200, ""),
		}},
		{"purge of nothing", -1, []step{
			{method: "POST", path: deletedKV + "/purge" + kvAPI, status: 404, code: "DeletedVaultNotFound"},
		}},
		{"an api-version vaults do not have", -1, []step{
			deleteVault,
			{method: "GET", path: deletedKV + "?api-version=2099-01-01", status: 400, code: "InvalidApiVersionParameter"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := StartTest(t, Options{SpecRoot: root, Groups: []string{"resources", "keyvault"}, LROPolls: c.polls})
			settle := func(r response) {
				for op := r.header.Get("Azure-AsyncOperation"); op != ""; {
					if p := call(t, s, "GET", strings.TrimPrefix(op, s.URL()), nil); p.body["status"] != "InProgress" {
						return
					}
				}
			}
			expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus2"}), 201, "")
			put := call(t, s, "PUT", vault+kvAPI, vaultBody("", nil))
			expect(t, put, 201, "")
			settle(put)
			expect(t, call(t, s, "PUT", vault+"/keys/key1"+kvAPI, keyBody), 201, "")
			var last response
			for i, st := range c.steps {
				var r response
				if st.method == "POLL" {
					r = call(t, s, "GET", strings.TrimPrefix(last.header.Get("Azure-AsyncOperation"), s.URL()), nil)
				} else {
					r = call(t, s, st.method, st.path, st.body)
					last = r
				}
				if r.status != st.status || r.errorCode() != st.code {
					t.Fatalf("step %d, %s %s: got %d %q, want %d %q: %s", i, st.method, st.path, r.status, r.errorCode(), st.status, st.code, r.raw)
				}
				if st.check != nil {
					st.check(t, r)
				}
			}
		})
	}
}
