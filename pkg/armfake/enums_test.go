package armfake

import "testing"

// TestIntegerEnumWrittenAsStrings: the SQL short-term retention policy's
// diffBackupIntervalInHours is an integer whose enum the swagger writes as strings ("12", "24").
// armfake takes the integers Azure takes, and still refuses one outside the enum.
func TestIntegerEnumWrittenAsStrings(t *testing.T) {
	s := StartTest(t, Options{SpecRoot: corpusRoot(t), Groups: []string{"resources", "sql"}, LROPolls: -1})
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus"}), 201, "")
	const api = "?api-version=2021-02-01-preview"
	server := rg + "/providers/Microsoft.Sql/servers/sql1"
	expect(t, call(t, s, "PUT", server+api, map[string]any{"location": "westus2"}), 201, "")
	db := server + "/databases/db1"
	expect(t, call(t, s, "PUT", db+api, map[string]any{"location": "westus2"}), 201, "")
	policy := db + "/backupShortTermRetentionPolicies/default" + api
	expect(t, call(t, s, "PUT", policy, map[string]any{"properties": map[string]any{"retentionDays": 14, "diffBackupIntervalInHours": 12}}), 201, "")
	expect(t, call(t, s, "PUT", policy, map[string]any{"properties": map[string]any{"retentionDays": 14, "diffBackupIntervalInHours": 13}}), 400, "InvalidRequestContent")
}
