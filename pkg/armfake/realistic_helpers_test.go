package armfake

import (
	"testing"
)

// realisticGroups are the provider groups the realistic tests need, one catalogue for all.
var realisticGroups = []string{"resources", "cache", "documentdb", "dbforpostgresql", "storage", "network", "managedidentity"}

func realisticServer(t *testing.T, opts Options) *Server {
	t.Helper()
	opts.SpecRoot = corpusRoot(t)
	opts.Groups = realisticGroups
	opts.Realistic = true
	if opts.LROPolls == 0 {
		opts.LROPolls = -1
	}
	s := StartTest(t, opts)
	expect(t, call(t, s, "PUT", rg+rgAPI, map[string]any{"location": "westus2"}), 201, "")
	return s
}

// Bodies as ASO's recordings sent them (see realistic_sources.go), valid for their api-versions.
const (
	redisAPI    = "?api-version=2020-12-01"
	cosmosAPI   = "?api-version=2021-05-15"
	postgresAPI = "?api-version=2021-06-01"
	storageAPI  = "?api-version=2021-04-01"
	networkAPI  = "?api-version=2020-11-01"
	identityAPI = "?api-version=2018-11-30"

	redisID     = rg + "/providers/Microsoft.Cache/redis/cache1"
	cosmosID    = rg + "/providers/Microsoft.DocumentDB/databaseAccounts/acct1"
	sqlDBID     = cosmosID + "/sqlDatabases/db1"
	containerID = sqlDBID + "/containers/c1"
	postgresID  = rg + "/providers/Microsoft.DBforPostgreSQL/flexibleServers/pg1"
	storageID   = rg + "/providers/Microsoft.Storage/storageAccounts/stor1"
	vnetID      = rg + "/providers/Microsoft.Network/virtualNetworks/vnet1"
	identityID  = rg + "/providers/Microsoft.ManagedIdentity/userAssignedIdentities/mi1"
)

func redisBody() map[string]any {
	return map[string]any{"location": "westus2", "properties": map[string]any{
		"sku": map[string]any{"name": "Premium", "family": "P", "capacity": 1}, "redisVersion": "6",
		"enableNonSslPort": false, "minimumTlsVersion": "1.2",
		"redisConfiguration": map[string]any{"maxmemory-delta": "10", "maxmemory-policy": "allkeys-lru"},
	}}
}

func cosmosBody() map[string]any {
	return map[string]any{"location": "westus2", "kind": "GlobalDocumentDB", "properties": map[string]any{
		"databaseAccountOfferType": "Standard", "locations": []any{map[string]any{"locationName": "westus2"}},
		"consistencyPolicy": map[string]any{"defaultConsistencyLevel": "Session"},
	}}
}

func containerBody() map[string]any {
	return map[string]any{"properties": map[string]any{"resource": map[string]any{
		"id": "c1", "partitionKey": map[string]any{"paths": []any{"/pk"}, "kind": "Hash"},
		"indexingPolicy": map[string]any{"indexingMode": "consistent", "includedPaths": []any{map[string]any{"path": "/*"}},
			"excludedPaths": []any{map[string]any{"path": "/myPathToNotIndex/*"}}},
		"conflictResolutionPolicy": map[string]any{"mode": "LastWriterWins"},
	}}}
}

func postgresBody() map[string]any {
	return map[string]any{"location": "westus2", "sku": map[string]any{"name": "Standard_D4s_v3", "tier": "GeneralPurpose"},
		"properties": map[string]any{"administratorLogin": "myadmin", "administratorLoginPassword": "Not-a-real-1",
			"version": "13", "storage": map[string]any{"storageSizeGB": 128},
			"maintenanceWindow": map[string]any{"customWindow": "enabled", "dayOfWeek": 5}}}
}

func storageBody() map[string]any {
	return map[string]any{"kind": "StorageV2", "location": "westus2", "sku": map[string]any{"name": "Standard_LRS"},
		"properties": map[string]any{"accessTier": "Hot"}}
}

func vnet2Body() map[string]any {
	return map[string]any{"location": "westus2", "properties": map[string]any{
		"addressSpace": map[string]any{"addressPrefixes": []any{"10.0.0.0/16"}}}}
}

// put creates a resource and settles its operation, failing the test on a refusal.
func put(t *testing.T, s *Server, path string, body any) response {
	t.Helper()
	r := call(t, s, "PUT", path, body)
	if r.status >= 300 {
		t.Fatalf("PUT %s: %d %s", path, r.status, r.raw)
	}
	return r
}

// get reads a resource, failing the test unless it answers 200.
func get(t *testing.T, s *Server, path string) response {
	t.Helper()
	r := call(t, s, "GET", path, nil)
	if r.status != 200 {
		t.Fatalf("GET %s: %d %s", path, r.status, r.raw)
	}
	return r
}
