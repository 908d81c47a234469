package docs

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

func resourceDef(group, version, kind, armType string, r astmodel.ResourceType) astmodel.Definition {
	pkg := astmodel.MakeAPIPackage("example.com/generated", group, version)
	r.ARMType = armType
	return astmodel.Definition{Name: astmodel.MakeTypeName(pkg, kind), Type: &r}
}

// TestIndexNamesASOKindAndExports: each index row names the ASO kind of its ARM type (matched
// ignoring case, with ASO's group when it is not ours, "-" when ASO has none) and the secret and
// config map keys the resource exports; the summary counts the matches.
func TestIndexNamesASOKindAndExports(t *testing.T) {
	defs := astmodel.Definitions{}.With(
		resourceDef("cache", "v1api20201201", "Redis", "Microsoft.Cache/redis", astmodel.ResourceType{
			AzureGeneratedSecrets: []astmodel.ExportedValue{{Name: "primaryKey", Action: "listKeys", Path: "primaryKey"}, {Name: "hostName", Path: "properties.hostName"}},
			GeneratedConfigs:      []astmodel.ExportedValue{{Name: "port", Path: "properties.port"}},
		}),
		resourceDef("network", "v1api20201101", "FrontDoorWebApplicationFirewallPolicy", "Microsoft.Network/FrontDoorWebApplicationFirewallPolicies", astmodel.ResourceType{}),
		resourceDef("widgets", "v1api20210101", "Widget", "Microsoft.Widgets/widgets", astmodel.ResourceType{}),
	)
	aso := ASOKinds{
		"microsoft.cache/redis": {Group: "cache", Kind: "Redis"},
		"microsoft.network/frontdoorwebapplicationfirewallpolicies": {Group: "network.frontdoor", Kind: "WebApplicationFirewallPolicy"},
	}
	index := string(Render(defs, aso)[IndexFile])
	for _, want := range []string{
		"3 resources in 3 groups; 2 of them are kinds Azure Service Operator exports (ASO kind column).",
		"| `Microsoft.Cache/redis` | Redis | secrets: primaryKey, hostName; configMaps: port |",
		"| `Microsoft.Network/FrontDoorWebApplicationFirewallPolicies` | network.frontdoor/WebApplicationFirewallPolicy | - |",
		"| `Microsoft.Widgets/widgets` | - | - |",
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %q:\n%s", want, index)
		}
	}
}
