package generated_test

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/internal/crdcheck"
)

// resourceGroup is the sample every ASO user starts with.
const resourceGroup = `
apiVersion: resources.azure.com/v1api20200601
kind: ResourceGroup
metadata: {name: aso-sample-rg, namespace: default}
spec: {location: westcentralus}
`

const virtualNetwork = `
apiVersion: network.azure.com/v1api20201101
kind: VirtualNetwork
metadata: {name: aso-sample-vnet, namespace: default}
spec:
  location: westcentralus
  owner: {name: aso-sample-rg}
  addressSpace: {addressPrefixes: [10.0.0.0/16]}
`

const vault = `
apiVersion: keyvault.azure.com/v1api20210401preview
kind: Vault
metadata: {name: aso-sample-kv, namespace: default}
spec:
  location: westcentralus
  owner: {name: aso-sample-rg}
  properties:
    tenantId: 00000000-0000-0000-0000-000000000000
    sku: {family: A, name: standard}
`

const storageAccount = `
apiVersion: storage.azure.com/v1api20210401
kind: StorageAccount
metadata: {name: aso-sample-sa, namespace: default}
spec:
  location: westcentralus
  owner: {name: aso-sample-rg}
  kind: StorageV2
  sku: {name: Standard_LRS}
`

// TestCustomResources creates custom resources against the generated CRDs as the API server
// would: good ones are accepted, and each kind of bad input a schema should catch is refused.
func TestCustomResources(t *testing.T) {
	crds := generatedCRDs(t)
	cases := []struct {
		name string
		doc  string
		// edit replaces old with new in doc; both empty leaves doc as it is.
		old, new string
		// want lists what the error must mention; empty means the object is accepted.
		want []string
	}{
		{name: "resource group", doc: resourceGroup},
		{name: "resource group location not a string", doc: resourceGroup, old: "westcentralus", new: "5",
			want: []string{`spec.location: Invalid value: "integer": spec.location in body must be of type string`}},
		{name: "resource group without location", doc: resourceGroup, old: "location: westcentralus", new: "tags: {a: b}",
			want: []string{"spec.location: Required value"}},
		{name: "resource group azureName too long", doc: resourceGroup, old: "{location:", new: "{azureName: " + strings.Repeat("r", 91) + ", location:",
			want: []string{"spec.azureName: Too long: may not be more than 90"}},
		{name: "resource group metadata.name invalid", doc: resourceGroup, old: "aso-sample-rg", new: "ASO_rg",
			want: []string{"metadata.name: Invalid value"}},

		{name: "virtual network", doc: virtualNetwork},
		{name: "virtual network without owner", doc: virtualNetwork, old: "owner: {name: aso-sample-rg}", new: "tags: {a: b}",
			want: []string{"spec.owner: Required value"}},
		{name: "virtual network owner ARM ID malformed", doc: virtualNetwork, old: "{name: aso-sample-rg}", new: "{armId: /not/an/arm/id}",
			want: []string{"spec.owner.armId: Invalid value", "should match"}},
		{name: "virtual network unknown spec field", doc: virtualNetwork, old: "addressSpace:", new: "addressSpaces:",
			want: []string{"spec.addressSpaces: Invalid value: unknown field"}},
		{name: "virtual network address prefixes not a list", doc: virtualNetwork, old: "[10.0.0.0/16]", new: "10.0.0.0/16",
			want: []string{"spec.addressSpace.addressPrefixes: Invalid value", "must be of type array"}},
		{name: "virtual network secret expression without value", doc: virtualNetwork, old: "  location:", new: "  operatorSpec: {secretExpressions: [{name: s}]}\n  location:",
			want: []string{"spec.operatorSpec.secretExpressions[0].value: Required value"}},

		{name: "key vault", doc: vault},
		{name: "key vault sku name not in enum", doc: vault, old: "name: standard", new: "name: gold",
			want: []string{`spec.properties.sku.name: Unsupported value: "gold": supported values: "standard", "premium"`}},
		{name: "key vault azureName against pattern", doc: vault, old: "  location:", new: "  azureName: my_vault\n  location:",
			want: []string{"spec.azureName: Invalid value", "should match '^[a-zA-Z0-9-]{3,24}$'"}},
		{name: "key vault azureName too short for pattern", doc: vault, old: "  location:", new: "  azureName: kv\n  location:",
			want: []string{"spec.azureName: Invalid value"}},
		{name: "key vault retention not an integer", doc: vault, old: "    tenantId:", new: "    softDeleteRetentionInDays: \"90\"\n    tenantId:",
			want: []string{"spec.properties.softDeleteRetentionInDays: Invalid value", "must be of type integer"}},

		{name: "storage account", doc: storageAccount},
		{name: "storage account kind not in enum", doc: storageAccount, old: "kind: StorageV2", new: "kind: StorageV3",
			want: []string{`spec.kind: Unsupported value: "StorageV3"`}},
		{name: "storage account azureName too long", doc: storageAccount, old: "  location:", new: "  azureName: " + strings.Repeat("s", 25) + "\n  location:",
			want: []string{"spec.azureName: Too long: may not be more than 24"}},
		{name: "storage account sku without name", doc: storageAccount, old: "{name: Standard_LRS}", new: "{tier: Standard}",
			want: []string{"spec.sku.name: Required value"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := tc.doc
			if tc.old != "" {
				if !strings.Contains(doc, tc.old) {
					t.Fatalf("case edits %q, which is not in the document", tc.old)
				}
				doc = strings.Replace(doc, tc.old, tc.new, 1)
			}
			err := crdcheck.ValidateYAML(crds, []byte(doc))
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("rejected:\n%v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted:\n%s", doc)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not mention %q:\n%v", w, err)
				}
			}
		})
	}
}
