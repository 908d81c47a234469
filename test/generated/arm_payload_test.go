package generated_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	documentdb "github.com/armgen/armgen/generated/documentdb/v1api20210515"
	storage "github.com/armgen/armgen/generated/storage/v1api20210401"
	"github.com/armgen/armgen/pkg/genruntime"
)

// armPayload decodes a sample, converts its spec with resolved, and returns the wire JSON.
func armPayload(t *testing.T, file string, into interface {
	ConvertToARM(genruntime.ConvertToARMResolvedDetails) (any, error)
}, resolved genruntime.ConvertToARMResolvedDetails) map[string]any {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Spec json.RawMessage `json:"spec"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc.Spec, into); err != nil {
		t.Fatal(err)
	}
	wire, err := into.ConvertToARM(resolved)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(wire)
	if err != nil {
		t.Fatal(err)
	}
	var payload map[string]any
	if err := json.Unmarshal(out, &payload); err != nil {
		t.Fatal(err)
	}
	return payload
}

// TestUserAssignedIdentitiesGoOnTheWireAsAMap: the sample names its identity by Kubernetes
// name; the payload carries the map ARM expects, keyed by the ARM ID the reference resolved to.
func TestUserAssignedIdentitiesGoOnTheWireAsAMap(t *testing.T) {
	const identityID = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/aso-sample-rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/sampleidentity"
	const subnetID = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/aso-sample-rg/providers/Microsoft.Network/virtualNetworks/samplevnet/subnets/samplesubnet"
	resolved := genruntime.ConvertToARMResolvedDetails{
		Name: "samplestorageacct",
		ResolvedReferences: map[genruntime.ResourceReference]string{
			{Group: "managedidentity.azure.com", Kind: "UserAssignedIdentity", Name: "sampleidentity"}: identityID,
			{Group: "network.azure.com", Kind: "VirtualNetworksSubnet", Name: "samplesubnet"}:          subnetID,
		},
	}
	payload := armPayload(t, "../../samples/storage.azure.com/v1api20210401/storageaccount.yaml", &storage.StorageAccount_Spec{}, resolved)
	identity, _ := payload["identity"].(map[string]any)
	ids, _ := identity["userAssignedIdentities"].(map[string]any)
	if len(ids) != 1 || ids[identityID] == nil {
		t.Errorf("identity.userAssignedIdentities = %v, want a map keyed by %s", identity["userAssignedIdentities"], identityID)
	}
	props, _ := payload["properties"].(map[string]any)
	if !strings.Contains(mustJSON(t, props["networkAcls"]), subnetID) {
		t.Errorf("properties.networkAcls does not name the subnet by ARM ID: %v", props["networkAcls"])
	}
	if payload["name"] != "samplestorageacct" {
		t.Errorf("name = %v", payload["name"])
	}

	// Without the identity resolved, the conversion refuses, naming the property.
	delete(resolved.ResolvedReferences, genruntime.ResourceReference{Group: "managedidentity.azure.com", Kind: "UserAssignedIdentity", Name: "sampleidentity"})
	var spec storage.StorageAccount_Spec
	data, _ := os.ReadFile("../../samples/storage.azure.com/v1api20210401/storageaccount.yaml")
	var doc struct {
		Spec json.RawMessage `json:"spec"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc.Spec, &spec); err != nil {
		t.Fatal(err)
	}
	if _, err := spec.ConvertToARM(resolved); err == nil || !strings.Contains(err.Error(), "userAssignedIdentities") {
		t.Errorf("an unresolved identity: %v", err)
	}
}

// TestOneOfGoesOnTheWireAsTheVariant: backupPolicy.periodic is sent as ARM's backupPolicy with
// its discriminator.
func TestOneOfGoesOnTheWireAsTheVariant(t *testing.T) {
	payload := armPayload(t, "../../samples/documentdb.azure.com/v1api20210515/databaseaccount.yaml", &documentdb.DatabaseAccount_Spec{},
		genruntime.ConvertToARMResolvedDetails{Name: "sampledb"})
	props, _ := payload["properties"].(map[string]any)
	policy, _ := props["backupPolicy"].(map[string]any)
	if policy["type"] != "Periodic" || policy["periodicModeProperties"] == nil {
		t.Errorf("properties.backupPolicy = %v, want the periodic variant with type Periodic", props["backupPolicy"])
	}
	var back documentdb.DatabaseAccount_Spec
	wire := back.NewEmptyARMValue()
	data, _ := json.Marshal(payload)
	if err := json.Unmarshal(data, wire); err != nil {
		t.Fatal(err)
	}
	if err := back.PopulateFromARM(genruntime.ArbitraryOwnerReference{Name: "aso-sample-rg"}, wire); err != nil {
		t.Fatal(err)
	}
	if back.BackupPolicy == nil || back.BackupPolicy.Periodic == nil || back.BackupPolicy.Continuous != nil {
		t.Errorf("read back as %+v, want the periodic variant", back.BackupPolicy)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBadARMAnswersAreNamedErrors: what Azure (or a proxy) answers wrongly is refused with an
// error naming the type, never a panic or a half-filled spec.
func TestBadARMAnswersAreNamedErrors(t *testing.T) {
	var spec documentdb.DatabaseAccount_Spec
	if err := spec.PopulateFromARM(genruntime.ArbitraryOwnerReference{}, "not a wire value"); err == nil ||
		!strings.Contains(err.Error(), "unexpected type string for DatabaseAccount_Spec") {
		t.Errorf("a wrong input type: %v", err)
	}
	cases := []struct{ name, body, want string }{
		// A spec cannot hold a variant its API version does not describe; a status keeps it.
		{"unknown variant", `{"properties":{"backupPolicy":{"type":"Hourly"}}}`, `type "Hourly" names no variant this API version knows`},
		{"malformed variant", `{"properties":{"backupPolicy":{"type":5}}}`, "BackupPolicy"},
		{"malformed JSON", `{"properties":`, "unexpected end of JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wire := spec.NewEmptyARMValue()
			err := json.Unmarshal([]byte(c.body), wire)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error mentioning %q", err, c.want)
			}
		})
	}
}
