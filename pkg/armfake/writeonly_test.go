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
