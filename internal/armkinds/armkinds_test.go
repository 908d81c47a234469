package armkinds

import (
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/armgen/armgen/generated/controllers"
	networkarm "github.com/armgen/armgen/generated/network/v1api20210201/arm"
	"github.com/armgen/armgen/pkg/genruntime"
)

func table(t *testing.T) *Table {
	t.Helper()
	s := runtime.NewScheme()
	if err := controllers.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	tb, err := FromScheme(s)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestForType(t *testing.T) {
	tb := table(t)
	for _, c := range []struct{ armType, gvk, api string }{
		// Two versions generated: the newer.
		{"Microsoft.Network/virtualNetworks", "network.azure.com/v1api20210201, Kind=VirtualNetwork", "2021-02-01"},
		{"microsoft.network/VIRTUALNETWORKS/subnets", "network.azure.com/v1api20210201, Kind=VirtualNetworksSubnet", "2021-02-01"},
		// One version generated, stable or preview.
		{"Microsoft.Network/loadBalancers/inboundNatRules", "network.azure.com/v1api20210201, Kind=LoadBalancersInboundNatRule", "2021-02-01"},
		{"Microsoft.Sql/servers/failoverGroups", "sql.azure.com/v1api20210201preview, Kind=ServersFailoverGroup", "2021-02-01-preview"},
		{"Microsoft.Resources/resourceGroups", "resources.azure.com/v1api20210401, Kind=ResourceGroup", "2021-04-01"},
		// A stable version wins over a newer preview.
		{"Microsoft.KeyVault/vaults", "keyvault.azure.com/v1api20190901, Kind=Vault", "2019-09-01"},
		// Only a preview.
		{"Microsoft.Authorization/roleAssignments", "authorization.azure.com/v1api20200801preview, Kind=RoleAssignment", "2020-08-01-preview"},
	} {
		k, ok := tb.ForType(c.armType)
		if !ok || k.GVK.String() != c.gvk || k.APIVersion != c.api {
			t.Errorf("%s: %+v %v, want %s at %s", c.armType, k, ok, c.gvk, c.api)
		}
	}
	if k, ok := tb.ForType("Microsoft.Quota/quotaLimits"); ok {
		t.Errorf("quota limits have no kind, got %+v", k)
	}
}

func TestNewer(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"2021-02-01", "2020-11-01", true},
		{"2020-11-01", "2021-02-01", false},
		{"2020-11-01", "2021-04-01-preview", true},
		{"2021-04-01-preview", "2020-11-01", false},
		{"2021-04-01-preview", "2021-01-01-preview", true},
	} {
		if got := newer(c.a, c.b); got != c.want {
			t.Errorf("newer(%s, %s) = %v", c.a, c.b, got)
		}
	}
}

func TestChildrenScopeAndEmbedded(t *testing.T) {
	tb := table(t)
	var segs []string
	for _, k := range tb.Children("Microsoft.Network/virtualNetworks") {
		segs = append(segs, k.Segment())
	}
	if !slices.Equal(segs, []string{"subnets", "virtualNetworkPeerings"}) {
		t.Errorf("children of a vnet: %v", segs)
	}
	if got := tb.Embedded("Microsoft.Network/virtualNetworks", &networkarm.VirtualNetwork_Spec{}); !slices.Equal(got, []string{"subnets", "virtualNetworkPeerings"}) {
		t.Errorf("embedded in a vnet: %v", got)
	}
	if got := tb.Embedded("Microsoft.Network/virtualNetworks/subnets", &networkarm.VirtualNetworksSubnet_Spec{}); len(got) != 0 {
		t.Errorf("embedded in a subnet: %v", got)
	}
	var inGroup []string
	for _, k := range tb.InScope(genruntime.ResourceScopeResourceGroup) {
		inGroup = append(inGroup, k.ARMType)
	}
	for _, want := range []string{"Microsoft.Network/virtualNetworks", "Microsoft.Storage/storageAccounts"} {
		if !slices.Contains(inGroup, want) {
			t.Errorf("%s is not among the resource group's kinds %v", want, inGroup)
		}
	}
	if slices.Contains(inGroup, "Microsoft.Network/virtualNetworks/subnets") {
		t.Error("a child kind is listed as top-level")
	}
}
