package armfake

import "testing"

// TestRealisticChildNames: a child's name is answered as its service does (rows of
// childNames): the chain of names, a fixed name, an opaque token stable across GETs, or the
// last segment.
func TestRealisticChildNames(t *testing.T) {
	s := realisticServer(t, Options{})
	put(t, s, redisID+redisAPI, redisBody())
	put(t, s, cosmosID+cosmosAPI, cosmosBody())
	put(t, s, sqlDBID+cosmosAPI, map[string]any{"properties": map[string]any{"resource": map[string]any{"id": "db1"}}})
	put(t, s, storageID+storageAPI, storageBody())
	put(t, s, vnetID+networkAPI, vnet2Body())
	for _, tc := range []struct {
		name, path string
		body       any
		want       string
		source     recording
	}{
		{"redis firewall rule: chain", redisID + "/firewallRules/fwrule" + redisAPI,
			map[string]any{"properties": map[string]any{"startIP": "1.2.3.4", "endIP": "1.2.3.4"}}, "cache1/fwrule", recRedis},
		{"management policy: fixed", storageID + "/managementPolicies/default" + storageAPI,
			map[string]any{"properties": map[string]any{"policy": map[string]any{"rules": []any{map[string]any{
				"enabled": true, "name": "r", "type": "Lifecycle", "definition": map[string]any{
					"actions": map[string]any{"baseBlob": map[string]any{"delete": map[string]any{"daysAfterModificationGreaterThan": 30}}},
					"filters": map[string]any{"blobTypes": []any{"blockBlob"}}}}}}}}, "DefaultManagementPolicy", recStorageAccount},
		{"sql database: last", sqlDBID + cosmosAPI, nil, "db1", recCosmosSQL},
		{"subnet: last", vnetID + "/subnets/sn1" + networkAPI,
			map[string]any{"properties": map[string]any{"addressPrefix": "10.0.0.0/24"}}, "sn1", recVirtualNetwork},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.body != nil {
				put(t, s, tc.path, tc.body)
			}
			if got := get(t, s, tc.path).body["name"]; got != tc.want {
				t.Errorf("name = %v, want %q (as %s answered)", got, tc.want, tc.source)
			}
		})
	}
	t.Run("throughput settings: opaque and stable", func(t *testing.T) {
		path := sqlDBID + "/throughputSettings/default" + cosmosAPI
		put(t, s, path, map[string]any{"properties": map[string]any{"resource": map[string]any{"throughput": 400}}})
		first, second := get(t, s, path).body["name"], get(t, s, path).body["name"]
		if n, _ := first.(string); n == "" || n == "default" || first != second {
			t.Errorf("names %v then %v, want one opaque token of the service's (as %s answered)", first, second, recCosmosSQL)
		}
	})
}
