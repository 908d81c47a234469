package specstatus

import (
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

func TestReferences(t *testing.T) {
	optRef := astmodel.OptionalType{Element: astmodel.ResourceReferenceType}.String()
	byConfig := func(p *astmodel.Property) { p.ARMReference, p.Provenance.Reference = true, astmodel.ByConfig }
	simple := func(p *astmodel.Property) { p.NotARMReference = true }
	wellKnown := func(p *astmodel.Property) { p.WellKnownReference = true }
	cases := []struct {
		name string
		raw  *astmodel.Property
		// In the spec: the property's Go and JSON names and type, and why it is a reference.
		wantName, wantJSON, wantType string
		wantWhy                      astmodel.Reason
	}{
		{"format arm-id", prop("subnetId", optString, armID), "SubnetReference", "subnetReference", optRef, astmodel.BySwagger},
		{"format arm-id on a list", prop("subnetIds", astmodel.ArrayType{Element: astmodel.StringType}, armID),
			"SubnetReferences", "subnetReferences", astmodel.ArrayType{Element: astmodel.ResourceReferenceType}.String(), astmodel.BySwagger},
		// ASO names every list of references <name>References (its FailoverGroup's databases ->
		// databasesReferences, RoleDefinition's assignableScopes -> assignableScopesReferences).
		{"a list not named ids", prop("databases", astmodel.ArrayType{Element: astmodel.StringType}, armID),
			"DatabasesReferences", "databasesReferences", astmodel.ArrayType{Element: astmodel.ResourceReferenceType}.String(), astmodel.BySwagger},
		{"$referenceType: arm", prop("keyVault", optString, byConfig), "KeyVaultReference", "keyVaultReference", optRef, astmodel.ByConfig},
		// ASO's arm+wellknown: the reference takes a name Azure knows (a built-in role) as well.
		{"$referenceType: arm+wellknown", prop("roleDefinitionId", optString, byConfig, wellKnown), "RoleDefinitionReference", "roleDefinitionReference",
			astmodel.OptionalType{Element: astmodel.WellKnownReferenceType}.String(), astmodel.ByConfig},
		{"a writable id", prop("id", optString), "Reference", "reference", optRef, astmodel.ByName},
		{"an id with $referenceType: simple", prop("id", optString, simple), "Id", "id", "*string", ""},
		{"arm-id on an integer stays as it is", prop("ordinalId", optInt, armID), "OrdinalId", "ordinalId", "*int", ""},
		{"a plain string", prop("subnetName", optString), "SubnetName", "subnetName", "*string", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Below the top, where the spec keeps id.
			defs := definitions(object("WidgetResource", prop("network", opt("Network"))), object("Network", c.raw))
			out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
			names := propertyNames(t, out, "Network")
			if len(names) != 1 || names[0] != c.wantName {
				t.Fatalf("spec Network has %v, want [%s]", names, c.wantName)
			}
			sp := propertyOf(t, out, "Network", c.wantName)
			if sp.JSONName != c.wantJSON || sp.Type.String() != c.wantType || sp.Provenance.Reference != c.wantWhy {
				t.Errorf("got %s %s %s (why %q), want %s %s %s (why %q)", sp.Name, sp.JSONName, sp.Type, sp.Provenance.Reference,
					c.wantName, c.wantJSON, c.wantType, c.wantWhy)
			}
			if sp.ARMName != c.raw.ARMName {
				t.Errorf("the wire name changed to %s", sp.ARMName)
			}
			// A status reports the ID as Azure returns it.
			st := propertyOf(t, out, "Network_STATUS", c.raw.Name)
			if st == nil || st.Type.String() != c.raw.Type.String() {
				t.Errorf("status has %+v, want %s as declared", st, c.raw.Name)
			}
		})
	}
}

// TestReadOnlyIDIsNoReference: an id Azure sets is not something a user refers with.
func TestReadOnlyIDIsNoReference(t *testing.T) {
	defs := definitions(object("WidgetResource", prop("network", opt("Network"))),
		object("Network", prop("id", optString, readOnly), prop("size", optInt)))
	out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
	if got := propertyNames(t, out, "Network"); len(got) != 1 || got[0] != "Size" {
		t.Errorf("spec Network has %v, want [Size]", got)
	}
}
