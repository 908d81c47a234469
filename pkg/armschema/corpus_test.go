package armschema

import (
	"testing"
	"time"

	"github.com/armgen/armgen/internal/testspecs"
)

// The same checks against the real specs, where schemas span files, inheritance chains and
// polymorphic hierarchies that the fixtures only sketch.

func corpus(t *testing.T) *Validator {
	t.Helper()
	root := testspecs.Root(t)
	start := time.Now()
	v, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("indexed %s in %v", root, time.Since(start))
	return v
}

type corpusCase struct {
	name        string
	payload     string
	path, inMsg string // empty: the payload is valid
}

func runCorpusCases(t *testing.T, v *Validator, armType, version string, cases []corpusCase) {
	t.Helper()
	s, err := v.Schema(armType, version)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := s.Validate([]byte(c.payload))
			if c.path == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			expectProblem(t, err, c.path, c.inMsg)
		})
	}
}

func TestCorpusRedis(t *testing.T) {
	runCorpusCases(t, corpus(t), "Microsoft.Cache/redis", "2020-12-01", []corpusCase{
		{"valid", `{"location": "westus", "tags": {"a": "b"}, "zones": ["1"], "properties": {"sku": {"name": "Basic", "family": "C", "capacity": 1},
			"enableNonSslPort": true, "redisConfiguration": {"maxmemory-policy": "allkeys-lru"}, "shardCount": 2}}`, "", ""},
		{"wrong wire name", `{"location": "westus", "properties": {"enableNonSSLPort": true}}`,
			"properties.enableNonSSLPort", `the wire name is "enableNonSslPort"`},
		{"lifted out of properties", `{"location": "westus", "sku": {"name": "Basic"}}`, "sku", `"properties" declares a property of that name`},
		{"wrong type", `{"location": "westus", "properties": {"shardCount": "2"}}`, "properties.shardCount", "must be of type integer"},
		// RedisCreateParameters is not a Resource: it has no name at all.
		{"name", `{"location": "westus", "name": "r"}`, "name", "not a property of RedisCreateParameters"},
	})
}

func TestCorpusVirtualNetwork(t *testing.T) {
	runCorpusCases(t, corpus(t), "Microsoft.Network/virtualNetworks", "2020-11-01", []corpusCase{
		{"valid", `{"location": "westus", "id": "/x", "properties": {"addressSpace": {"addressPrefixes": ["10.0.0.0/16"]},
			"subnets": [{"name": "s", "id": "/y", "properties": {"addressPrefix": "10.0.0.0/24", "networkSecurityGroup": {"id": "/nsg"}}}]}}`, "", ""},
		{"read-only deep in an array", `{"location": "westus", "properties": {"subnets": [{"name": "s"}, {"properties": {"provisioningState": "Succeeded"}}]}}`,
			"properties.subnets[1].properties.provisioningState", "read-only"},
		{"read-only etag", `{"location": "westus", "etag": "x"}`, "etag", "read-only"},
		{"wrong nesting in an item", `{"location": "westus", "properties": {"subnets": [{"addressPrefix": "10.0.0.0/24"}]}}`,
			"properties.subnets[0].addressPrefix", `"properties" declares a property of that name`},
	})
}

// Data Factory's pipeline activities are a polymorphic hierarchy (Activity, discriminated by
// type, through ControlActivity to Wait and ForEach) declared in a file outside the api-version
// folder; one array holds several variants.
func TestCorpusPolymorphicActivities(t *testing.T) {
	runCorpusCases(t, corpus(t), "Microsoft.DataFactory/factories/pipelines", "2018-06-01", []corpusCase{
		{"valid", `{"properties": {"activities": [
			{"name": "w", "type": "Wait", "typeProperties": {"waitTimeInSeconds": {}}},
			{"name": "f", "type": "ForEach", "typeProperties": {"items": {"type": "Expression", "value": "x"}, "isSequential": true,
				"activities": [{"name": "w2", "type": "Wait", "typeProperties": {"waitTimeInSeconds": {}}}]}}]}}`, "", ""},
		{"wrong variant property", `{"properties": {"activities": [
			{"name": "f", "type": "ForEach", "typeProperties": {"activities": []}},
			{"name": "w", "type": "Wait", "typeProperties": {"waitTimeInSeconds": {}, "isSequential": true}}]}}`,
			"properties.activities[1].typeProperties.isSequential", "not a property of WaitActivityTypeProperties"},
		{"wrong type in a nested variant", `{"properties": {"activities": [{"name": "f", "type": "ForEach", "typeProperties": {
			"activities": [{"name": "w2", "type": "Wait", "typeProperties": {"waitTimeInSeconds": 5}}]}}]}}`,
			"properties.activities[0].typeProperties.activities[0].typeProperties.waitTimeInSeconds", "must be of type object"},
		{"unknown variant", `{"properties": {"activities": [{"name": "x", "type": "Teleport"}]}}`,
			"properties.activities[0].type", `"Teleport" names no variant of Activity`},
	})
}

// The resources generated/ holds, as one generated test binary would load them.
func TestCorpusLoadsGeneratedResourcesQuickly(t *testing.T) {
	v := corpus(t)
	start := time.Now()
	for _, r := range [][2]string{
		{"Microsoft.Cache/redis", "2020-06-01"}, {"Microsoft.Cache/redis/firewallRules", "2020-12-01"},
		{"Microsoft.ContainerService/managedClusters", "2021-05-01"}, {"Microsoft.DBforPostgreSQL/flexibleServers", "2021-06-01"},
		{"Microsoft.DocumentDB/databaseAccounts", "2021-05-15"}, {"Microsoft.EventHub/namespaces", "2021-01-01-preview"},
		{"Microsoft.KeyVault/vaults", "2021-04-01-preview"}, {"Microsoft.ManagedIdentity/userAssignedIdentities", "2018-11-30"},
		{"Microsoft.Network/loadBalancers", "2020-11-01"}, {"Microsoft.Network/virtualNetworks/subnets", "2021-02-01"},
		{"Microsoft.Resources/resourceGroups", "2021-04-01"}, {"Microsoft.ServiceBus/namespaces/topics/subscriptions", "2021-01-01-preview"},
		{"Microsoft.Storage/storageAccounts", "2021-04-01"},
	} {
		if _, err := v.Schema(r[0], r[1]); err != nil {
			t.Error(err)
		}
	}
	t.Logf("loaded 13 schemas in %v", time.Since(start))
}

// The Front Door specs form a group of their own (network.frontdoor), yet their ARM types are
// Microsoft.Network's: the validator finds a type in whichever group of its namespace declares it.
func TestCorpusFrontDoorTypesInTheirOwnGroup(t *testing.T) {
	v := corpus(t)
	runCorpusCases(t, v, "Microsoft.Network/FrontDoorWebApplicationFirewallPolicies", "2020-11-01", []corpusCase{
		{"valid", `{"location": "Global", "sku": {"name": "Premium_AzureFrontDoor"}, "properties": {"policySettings": {"enabledState": "Enabled", "mode": "Prevention"}}}`, "", ""},
		{"wrong type", `{"location": "Global", "properties": {"policySettings": {"customBlockResponseStatusCode": "403"}}}`,
			"properties.policySettings.customBlockResponseStatusCode", "must be of type integer"},
	})
	runCorpusCases(t, v, "Microsoft.Network/ApplicationGatewayWebApplicationFirewallPolicies", "2020-11-01", []corpusCase{
		{"valid", `{"location": "westus2", "properties": {"managedRules": {"managedRuleSets": [{"ruleSetType": "OWASP", "ruleSetVersion": "3.1"}]}}}`, "", ""},
	})
}

// A dashboard part's metadata is polymorphic; its base says additionalProperties: true, so a
// variant that declares properties of its own (MarkdownPartMetadata) still admits other keys,
// which the generator keeps (inherited extra keys) and sends inline.
func TestCorpusInheritedOpenAdditionalProperties(t *testing.T) {
	runCorpusCases(t, corpus(t), "Microsoft.Portal/dashboards", "2020-09-01-preview", []corpusCase{
		{"extra key of a variant whose base is open", `{"location": "westus", "properties": {"lenses": [{"order": 0, "parts": [
			{"position": {"x": 0, "y": 0, "colSpan": 1, "rowSpan": 1}, "metadata": {"type": "Extension/HubsExtension/PartType/MarkdownPart",
				"inputs": [], "filters": {"a": 1}}}]}]}}`, "", ""},
		{"a declared property keeps its type", `{"location": "westus", "properties": {"lenses": [{"order": 0, "parts": [
			{"position": {"x": 0, "y": 0, "colSpan": 1, "rowSpan": 1}, "metadata": {"type": "Extension/HubsExtension/PartType/MarkdownPart",
				"inputs": "x"}}]}]}}`, "properties.lenses[0].parts[0].metadata.inputs", "must be of type array"},
	})
}
