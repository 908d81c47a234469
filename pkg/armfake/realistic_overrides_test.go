package armfake

import (
	"fmt"
	"testing"
)

// TestRealisticServiceOverrides: values a service completes or overrides are answered as it
// does (rows of overrides), whatever was sent for them.
func TestRealisticServiceOverrides(t *testing.T) {
	s := realisticServer(t, Options{})
	put(t, s, redisID+redisAPI, redisBody())
	put(t, s, postgresID+postgresAPI, postgresBody())
	put(t, s, postgresID+"/databases/db1"+postgresAPI, map[string]any{"properties": map[string]any{"charset": "utf8", "collation": "en_US.utf8"}})
	put(t, s, cosmosID+cosmosAPI, cosmosBody())
	put(t, s, sqlDBID+cosmosAPI, map[string]any{"properties": map[string]any{"resource": map[string]any{"id": "db1"}}})
	put(t, s, containerID+cosmosAPI, containerBody())
	put(t, s, storageID+storageAPI, storageBody())
	put(t, s, vnetID+networkAPI, vnet2Body())
	put(t, s, vnetID+"/subnets/sn1"+networkAPI, map[string]any{"properties": map[string]any{"addressPrefix": "10.0.0.0/24"}})
	cache := get(t, s, redisID+redisAPI)
	server := get(t, s, postgresID+postgresAPI)
	db := get(t, s, postgresID+"/databases/db1"+postgresAPI)
	account := get(t, s, cosmosID+cosmosAPI)
	container := get(t, s, containerID+cosmosAPI)
	storage := get(t, s, storageID+storageAPI)
	subnet := get(t, s, vnetID+"/subnets/sn1"+networkAPI)
	for _, tc := range []struct {
		name   string
		got    any
		want   string
		source recording
	}{
		{"redis version", cache.prop("properties", "redisVersion"), "6.0.14", recRedis},
		{"redis maxmemory-delta sent 10", cache.prop("properties", "redisConfiguration", "maxmemory-delta"), "642", recRedis},
		{"redis maxmemory-reserved", cache.prop("properties", "redisConfiguration", "maxmemory-reserved"), "642", recRedis},
		{"redis maxclients", cache.prop("properties", "redisConfiguration", "maxclients"), "7500", recRedis},
		{"redis policy kept", cache.prop("properties", "redisConfiguration", "maxmemory-policy"), "allkeys-lru", recRedis},
		{"postgresql charset", db.prop("properties", "charset"), "UTF8", recPostgreSQLFlexible},
		{"postgresql custom window", server.prop("properties", "maintenanceWindow", "customWindow"), "Enabled", recPostgreSQLFlexible},
		{"postgresql start hour", server.prop("properties", "maintenanceWindow", "startHour"), "0", recPostgreSQLFlexible},
		{"cosmos excluded paths", container.prop("properties", "resource", "indexingPolicy", "excludedPaths"),
			`[map[path:/myPathToNotIndex/*] map[path:/"_etag"/?]]`, recCosmosSQL},
		{"cosmos automatic", container.prop("properties", "resource", "indexingPolicy", "automatic"), "true", recCosmosSQL},
		{"cosmos conflict path", container.prop("properties", "resource", "conflictResolutionPolicy", "conflictResolutionPath"), "/_ts", recCosmosSQL},
		{"cosmos staleness", account.prop("properties", "consistencyPolicy", "maxStalenessPrefix"), "100", recCosmosSQL},
		{"storage tier", storage.prop("sku", "tier"), "Standard", recStorageAccount},
		{"storage https only", storage.prop("properties", "supportsHttpsTrafficOnly"), "true", recStorageAccount},
		{"subnet endpoint policies", subnet.prop("properties", "privateEndpointNetworkPolicies"), "Disabled", recVirtualNetwork},
	} {
		if got := fmt.Sprint(tc.got); got != tc.want {
			t.Errorf("%s = %s, want %s (as %s answered)", tc.name, got, tc.want, tc.source)
		}
	}
	t.Run("idempotent", func(t *testing.T) {
		// A second read (and a client sending back what it read) does not add the _etag path twice.
		again := get(t, s, containerID+cosmosAPI)
		if paths, _ := again.prop("properties", "resource", "indexingPolicy", "excludedPaths").([]any); len(paths) != 2 {
			t.Errorf("excludedPaths %v, want the sent path and _etag once", paths)
		}
	})
	t.Run("when", func(t *testing.T) {
		// A cache of another size keeps the memory settings it was sent: the row is for P1.
		body := redisBody()
		body["properties"].(map[string]any)["sku"] = map[string]any{"name": "Premium", "family": "P", "capacity": 2}
		other := rg + "/providers/Microsoft.Cache/redis/cache3"
		put(t, s, other+redisAPI, body)
		if got := get(t, s, other+redisAPI).prop("properties", "redisConfiguration", "maxmemory-delta"); got != "10" {
			t.Errorf("P2 maxmemory-delta = %v, want 10 as sent", got)
		}
	})
}
