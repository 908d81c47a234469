package genruntime

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestWellKnownReferenceGoesOnTheWire: a role named by wellKnownName reaches the ARM payload as
// that name (ASO's manifests name built-in roles so), a reference still resolves to its ID, and
// a name beside a reference is refused, naming the property.
func TestWellKnownReferenceGoesOnTheWire(t *testing.T) {
	k8s := ResourceReference{Group: "authorization.azure.com", Kind: "RoleDefinition", Name: "custom"}
	d := ConvertToARMResolvedDetails{ResolvedReferences: map[ResourceReference]string{k8s: "/subscriptions/s/providers/Microsoft.Authorization/roleDefinitions/r1"}}

	var byName WellKnownResourceReference
	if err := json.Unmarshal([]byte(`{"wellKnownName":"Reader"}`), &byName); err != nil {
		t.Fatal(err)
	}
	if got, err := d.WellKnownARMID("spec.roleDefinitionReference", byName); err != nil || got != "Reader" {
		t.Errorf("wellKnownName Reader: got %q, %v; want Reader", got, err)
	}
	if got, err := d.WellKnownARMID("spec.roleDefinitionReference", WellKnownResourceReference{ResourceReference: k8s}); err != nil ||
		got != "/subscriptions/s/providers/Microsoft.Authorization/roleDefinitions/r1" {
		t.Errorf("a Kubernetes reference: got %q, %v", got, err)
	}
	_, err := d.WellKnownARMID("spec.roleDefinitionReference", WellKnownResourceReference{ResourceReference: k8s, WellKnownName: "Reader"})
	if err == nil || !strings.Contains(err.Error(), "spec.roleDefinitionReference") || !strings.Contains(err.Error(), "set only one") {
		t.Errorf("a name beside a reference: got %v, want an error naming the property", err)
	}
}

// TestWellKnownReferenceFromARM: reading back, an ARM ID is an armId and anything else (a name
// Azure kept) the well-known name, never an armId the CRD's pattern would refuse.
func TestWellKnownReferenceFromARM(t *testing.T) {
	id := "/subscriptions/s/providers/Microsoft.Authorization/roleDefinitions/acdd72a7-3385-48ef-bd42-f606fba81ae7"
	if got := WellKnownReferenceFromARM(id); got.ARMID != id || got.WellKnownName != "" {
		t.Errorf("an ID read back as %+v", got)
	}
	if got := WellKnownReferenceFromARM("myservice.1234.westus.azure.privatelinkservice"); got.WellKnownName == "" || got.ARMID != "" {
		t.Errorf("an alias read back as %+v", got)
	}
	data, err := json.Marshal(WellKnownResourceReference{WellKnownName: "Reader"})
	if err != nil || string(data) != `{"wellKnownName":"Reader"}` {
		t.Errorf("JSON %s, %v; want the name alone, as ASO writes it", data, err)
	}
}

// TestWellKnownNameIsNeverAnARMID: a wellKnownName goes to Azure as it is, and no credential
// check sees it (only an armId is held to the credential's subscription), so an ARM ID written
// there would reach a role definition of any subscription. It is refused, naming the property
// and pointing at armId.
func TestWellKnownNameIsNeverAnARMID(t *testing.T) {
	other := "/subscriptions/99999999-9999-9999-9999-999999999999/providers/Microsoft.Authorization/roleDefinitions/acdd72a7-3385-48ef-bd42-f606fba81ae7"
	ref := WellKnownResourceReference{WellKnownName: other}
	got, err := ConvertToARMResolvedDetails{}.WellKnownARMID("spec.roleDefinitionReference", ref)
	if err == nil || !strings.Contains(err.Error(), "spec.roleDefinitionReference") || !strings.Contains(err.Error(), "armId") {
		t.Errorf("wellKnownName %s: got %q, %v; want an error naming the property and armId", other, got, err)
	}
	if err := ref.Validate(); err == nil {
		t.Errorf("Validate accepted wellKnownName %s", other)
	}
}
