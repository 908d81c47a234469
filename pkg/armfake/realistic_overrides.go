package armfake

import (
	"fmt"
	"reflect"
	"strings"
)

// overrideOp is what a service does to a property of what it was sent.
type overrideOp int

const (
	// opSet answers value whatever was sent, creating the objects on the way.
	opSet overrideOp = iota
	// opReplace answers value where from was sent (a major version completed to a full one).
	opReplace
	// opSetIfAbsent answers value where the client sent nothing, in an object the answer has:
	// the service's default, which may differ from the swagger's.
	opSetIfAbsent
	// opUpper answers the string sent in upper case.
	opUpper
	// opAppendIfAbsent adds value to the array (made if absent, in an object that was sent)
	// unless an equal item is there.
	opAppendIfAbsent
)

// override is a value a service completes or overrides in what it stores. when, if set, holds
// dotted paths of the resource that must hold the given values for the row to apply (Redis
// sizes its memory settings by SKU).
type override struct {
	armType string
	path    string
	op      overrideOp
	from    any
	value   any
	when    map[string]any
	source  recording
}

// premiumP1 is a Redis cache of SKU Premium P1, the size recRedis recorded.
var premiumP1 = map[string]any{"properties.sku.family": "P", "properties.sku.capacity": 1}

var overrides = []override{
	// Redis answers the full version of the major version it was asked for.
	{armType: "Microsoft.Cache/redis", path: "properties.redisVersion", op: opReplace, from: "6", value: "6.0.14", source: recRedis},
	// ... and sets the memory settings of the size, whatever it was sent for them.
	{armType: "Microsoft.Cache/redis", path: "properties.redisConfiguration.maxmemory-delta", op: opSet, value: "642", when: premiumP1, source: recRedis},
	{armType: "Microsoft.Cache/redis", path: "properties.redisConfiguration.maxmemory-reserved", op: opSet, value: "642", when: premiumP1, source: recRedis},
	{armType: "Microsoft.Cache/redis", path: "properties.redisConfiguration.maxfragmentationmemory-reserved", op: opSet, value: "642", when: premiumP1, source: recRedis},
	{armType: "Microsoft.Cache/redis", path: "properties.redisConfiguration.maxclients", op: opSet, value: "7500", when: premiumP1, source: recRedis},
	// PostgreSQL answers a database's charset in upper case (utf8 -> UTF8).
	{armType: "Microsoft.DBforPostgreSQL/flexibleServers/databases", path: "properties.charset", op: opUpper, source: recPostgreSQLFlexible},
	// ... and a maintenance window's customWindow capitalised, with its start filled in.
	{armType: "Microsoft.DBforPostgreSQL/flexibleServers", path: "properties.maintenanceWindow.customWindow", op: opReplace, from: "enabled", value: "Enabled", source: recPostgreSQLFlexible},
	{armType: "Microsoft.DBforPostgreSQL/flexibleServers", path: "properties.maintenanceWindow.startHour", op: opSetIfAbsent, value: 0, source: recPostgreSQLFlexible},
	{armType: "Microsoft.DBforPostgreSQL/flexibleServers", path: "properties.maintenanceWindow.startMinute", op: opSetIfAbsent, value: 0, source: recPostgreSQLFlexible},
	// Cosmos DB always excludes the _etag path from a container's index, and indexes automatically.
	{armType: "Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers", path: "properties.resource.indexingPolicy.excludedPaths", op: opAppendIfAbsent, value: map[string]any{"path": `/"_etag"/?`}, source: recCosmosSQL},
	{armType: "Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers", path: "properties.resource.indexingPolicy.automatic", op: opSetIfAbsent, value: true, source: recCosmosSQL},
	// ... resolves last-writer-wins conflicts by _ts unless told otherwise.
	{armType: "Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers", path: "properties.resource.conflictResolutionPolicy.conflictResolutionPath", op: opSetIfAbsent, value: "/_ts",
		when: map[string]any{"properties.resource.conflictResolutionPolicy.mode": "LastWriterWins"}, source: recCosmosSQL},
	// ... and completes a session consistency policy with its bounds.
	{armType: "Microsoft.DocumentDB/databaseAccounts", path: "properties.consistencyPolicy.maxIntervalInSeconds", op: opSetIfAbsent, value: 5, source: recCosmosSQL},
	{armType: "Microsoft.DocumentDB/databaseAccounts", path: "properties.consistencyPolicy.maxStalenessPrefix", op: opSetIfAbsent, value: 100, source: recCosmosSQL},
	// A subnet's network policies have the service's defaults when not sent.
	{armType: "Microsoft.Network/virtualNetworks/subnets", path: "properties.privateEndpointNetworkPolicies", op: opSetIfAbsent, value: "Disabled", source: recVirtualNetwork},
	{armType: "Microsoft.Network/virtualNetworks/subnets", path: "properties.privateLinkServiceNetworkPolicies", op: opSetIfAbsent, value: "Enabled", source: recVirtualNetwork},
	// A storage account answers its SKU's tier and HTTPS-only traffic when not sent.
	{armType: "Microsoft.Storage/storageAccounts", path: "sku.tier", op: opSetIfAbsent, value: "Standard", when: map[string]any{"sku.name": "Standard_LRS"}, source: recStorageAccount},
	{armType: "Microsoft.Storage/storageAccounts", path: "properties.supportsHttpsTrafficOnly", op: opSetIfAbsent, value: true, source: recStorageAccount},
}

// applyOverrides completes and overrides a rendered resource as its service does; sent is
// the body the client sent.
func applyOverrides(out, sent map[string]any, armType string) {
	for _, o := range overrides {
		if !strings.EqualFold(o.armType, armType) || !o.applies(out) {
			continue
		}
		o.apply(out, sent)
	}
}

func (o override) applies(out map[string]any) bool {
	for path, want := range o.when {
		got, ok := valueAt(out, path)
		if !ok || !sameJSON(got, want) {
			return false
		}
	}
	return true
}

// sameJSON compares a decoded JSON value with a table's Go value (1 and 1.0 are the same).
func sameJSON(got, want any) bool {
	return reflect.DeepEqual(got, want) || fmt.Sprint(got) == fmt.Sprint(want)
}

func (o override) apply(out, sent map[string]any) {
	segs := strings.Split(o.path, ".")
	parent := out
	for _, k := range segs[:len(segs)-1] {
		next, ok := parent[k].(map[string]any)
		if !ok {
			if o.op != opSet {
				return // the service completes what was sent; nothing was sent here
			}
			next = map[string]any{}
			parent[k] = next
		}
		parent = next
	}
	key := segs[len(segs)-1]
	cur, present := parent[key]
	switch o.op {
	case opSet:
		parent[key] = o.value
	case opReplace:
		if present && sameJSON(cur, o.from) {
			parent[key] = o.value
		}
	case opSetIfAbsent:
		if v, ok := valueAt(sent, o.path); !ok || v == nil {
			parent[key] = o.value
		}
	case opUpper:
		if s, ok := cur.(string); ok {
			parent[key] = strings.ToUpper(s)
		}
	case opAppendIfAbsent:
		items, _ := cur.([]any)
		for _, it := range items {
			if sameJSON(it, o.value) {
				return
			}
		}
		parent[key] = append(items, deepCopy(o.value))
	}
}
