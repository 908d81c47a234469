package armfake

import "testing"

// TestSecretsNotReturned: as ARM, armfake keeps a password a client sends (x-ms-secret, and
// x-ms-mutability without read) out of every answer, so that a client cannot see it back, and an
// operator's drift check cannot either.
func TestSecretsNotReturned(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "dbforpostgresql"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	server := rg + "/providers/Microsoft.DBforPostgreSQL/flexibleServers/pg?api-version=2021-06-01"
	put := call(t, s, "PUT", server, map[string]any{"location": "westus2",
		"properties": map[string]any{"administratorLogin": "myAdmin", "administratorLoginPassword": "hunter2-Passw0rd", "version": "13"}})
	expect(t, put, 201, "")
	get := call(t, s, "GET", server, nil)
	expect(t, get, 200, "")
	for name, r := range map[string]response{"PUT": put, "GET": get} {
		if r.prop("properties", "administratorLoginPassword") != nil || r.prop("properties", "administratorLogin") != "myAdmin" {
			t.Errorf("%s answer: %s", name, r.raw)
		}
	}
}

// TestReadOnlyValues: a user-assigned identity reads back the clientId, principalId and tenantId
// Azure gives it, the same at every GET; a cache its host name and ports; a storage account
// its endpoints, an object of the service's own.
func TestReadOnlyValues(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "managedidentity", "cache", "storage"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	identity := rg + "/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id1?api-version=2018-11-30"
	put := call(t, s, "PUT", identity, map[string]any{"location": "westus"})
	expect(t, put, 201, "")
	get := call(t, s, "GET", identity, nil)
	for _, k := range []string{"clientId", "principalId"} {
		v, _ := get.prop("properties", k).(string)
		if len(v) != 36 || put.prop("properties", k) != v {
			t.Errorf("%s %q (PUT answer %v): not a stable UUID", k, v, put.prop("properties", k))
		}
	}
	if get.prop("properties", "tenantId") != s.TenantID() {
		t.Errorf("tenantId %v, want armfake's tenant %s", get.prop("properties", "tenantId"), s.TenantID())
	}
	redis := rg + "/providers/Microsoft.Cache/redis/r1?api-version=2020-12-01"
	expect(t, call(t, s, "PUT", redis, map[string]any{"location": "westus", "properties": map[string]any{"sku": map[string]any{"name": "Basic", "family": "C", "capacity": 0}}}), 201, "")
	r := call(t, s, "GET", redis, nil)
	if r.prop("properties", "hostName") != "r1.armfake.example" || r.prop("properties", "sslPort") == nil || r.prop("properties", "port") == nil {
		t.Errorf("redis: %s", r.raw)
	}
	if r.prop("properties", "provisioningState") != "Succeeded" {
		t.Errorf("provisioningState %v", r.prop("properties", "provisioningState"))
	}
	acct := rg + "/providers/Microsoft.Storage/storageAccounts/acct1?api-version=2021-04-01"
	call(t, s, "PUT", acct, map[string]any{"location": "westus", "kind": "StorageV2", "sku": map[string]any{"name": "Standard_LRS"}})
	a := call(t, s, "GET", acct, nil)
	if got := a.prop("properties", "primaryEndpoints", "blob"); got != "https://acct1.blob.armfake.example/" {
		t.Errorf("storage account primaryEndpoints.blob %v: %s", got, a.raw)
	}
}

// TestServiceValuesNotInTheBody: a MariaDB server's GET answer has fullyQualifiedDomainName,
// not marked read-only but absent from the PUT body's schema, so the service's own: armfake
// fills it, as Azure does, and clients can export it.
func TestServiceValuesNotInTheBody(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "dbformariadb"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	server := rg + "/providers/Microsoft.DBforMariaDB/servers/mdb1?api-version=2018-06-01"
	expect(t, call(t, s, "PUT", server, map[string]any{"location": "westus2",
		"properties": map[string]any{"createMode": "Default", "administratorLogin": "myAdmin", "administratorLoginPassword": "hunter2-Passw0rd", "version": "10.3"}}), 201, "")
	get := call(t, s, "GET", server, nil)
	expect(t, get, 200, "")
	if got := get.prop("properties", "fullyQualifiedDomainName"); got != "mdb1.armfake.example" {
		t.Errorf("fullyQualifiedDomainName %v: %s", got, get.raw)
	}
	if get.prop("properties", "administratorLogin") != "myAdmin" || get.prop("properties", "version") != "10.3" {
		t.Errorf("the client's values changed: %s", get.raw)
	}
	if get.prop("location") != "westus2" {
		t.Errorf("location %v", get.prop("location"))
	}
}
