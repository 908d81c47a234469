package armfake

import (
	"strings"
	"testing"
)

// TestRealisticIDsRecased: IDs and types are answered in the spelling of the service (rows of
// idCasings), the resource's own and those it references, whatever the client sent.
func TestRealisticIDsRecased(t *testing.T) {
	s := realisticServer(t, Options{})
	put(t, s, redisID+redisAPI, redisBody())
	other := rg + "/providers/microsoft.cache/REDIS/cache2"
	put(t, s, other+redisAPI, redisBody())
	put(t, s, redisID+"/firewallRules/fw"+redisAPI, map[string]any{"properties": map[string]any{"startIP": "1.2.3.4", "endIP": "1.2.3.4"}})
	put(t, s, redisID+"/linkedServers/cache2"+redisAPI, map[string]any{"properties": map[string]any{
		"linkedRedisCacheId": other, "linkedRedisCacheLocation": "westus2", "serverRole": "Secondary"}})
	put(t, s, identityID+identityAPI, map[string]any{"location": "westus2"})
	cache := get(t, s, redisID+redisAPI)
	rule := get(t, s, redisID+"/firewallRules/fw"+redisAPI)
	linked := get(t, s, redisID+"/linkedServers/cache2"+redisAPI)
	identity := get(t, s, identityID+identityAPI)
	for _, tc := range []struct {
		name   string
		got    any
		want   string
		source recording
	}{
		{"cache id", cache.body["id"], strings.Replace(redisID, "/redis/", "/Redis/", 1), recRedis},
		{"cache type", cache.body["type"], "Microsoft.Cache/Redis", recRedis},
		{"child id", rule.body["id"], strings.Replace(redisID, "/redis/", "/Redis/", 1) + "/firewallRules/fw", recRedis},
		{"child type", rule.body["type"], "Microsoft.Cache/Redis/firewallRules", recRedis},
		{"referenced id", linked.prop("properties", "linkedRedisCacheId"), rg + "/providers/microsoft.cache/Redis/cache2", recRedis},
		{"identity group segment", identity.body["id"], strings.Replace(identityID, "/resourceGroups/", "/resourcegroups/", 1), recCosmosSQL},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %q (as %s answered)", tc.name, tc.got, tc.want, tc.source)
		}
	}
	for in, want := range map[string]string{
		"not an id": "not an id",
		sub + "/resourceGroups/g/providers/Microsoft.Network/virtualNetworks/v": sub + "/resourceGroups/g/providers/Microsoft.Network/virtualNetworks/v",
	} {
		if got := recaseID(in); got != want {
			t.Errorf("recaseID(%q) = %q, want it unchanged", in, got)
		}
	}
}
