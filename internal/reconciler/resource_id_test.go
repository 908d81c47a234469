package reconciler

import (
	"testing"

	"github.com/armgen/armgen/pkg/genruntime"
)

func TestResourceID(t *testing.T) {
	const sub = "00000000-0000-0000-0000-000000000001"
	rg := "/subscriptions/" + sub + "/resourceGroups/rg"
	vnet := rg + "/providers/Microsoft.Network/virtualNetworks/vn"
	cases := []struct {
		name, armType, azureName string
		at                       place
		want, wantErr            string
	}{
		{"resource group", resourceGroupType, "rg", place{scope: genruntime.ResourceScopeSubscription, subscription: sub}, rg, ""},
		{"resource group without subscription", resourceGroupType, "rg", place{scope: genruntime.ResourceScopeSubscription}, "", "needs a subscription"},
		{"in a resource group", "Microsoft.Network/virtualNetworks", "vn", place{scope: genruntime.ResourceScopeResourceGroup, ownerID: rg, ownerType: resourceGroupType}, vnet, ""},
		{"child", "Microsoft.Network/virtualNetworks/subnets", "sn", place{scope: genruntime.ResourceScopeResourceGroup, ownerID: vnet, ownerType: "Microsoft.Network/virtualNetworks"}, vnet + "/subnets/sn", ""},
		{"child, type in other case", "Microsoft.Network/virtualNetworks/subnets", "sn", place{ownerID: vnet, ownerType: "microsoft.network/VIRTUALNETWORKS"}, vnet + "/subnets/sn", ""},
		{"extension", "Microsoft.Authorization/roleAssignments", "ra", place{scope: genruntime.ResourceScopeExtension, ownerID: vnet, ownerType: "Microsoft.Network/virtualNetworks"}, vnet + "/providers/Microsoft.Authorization/roleAssignments/ra", ""},
		{"subscription resource", "Microsoft.Subscription/aliases", "a", place{scope: genruntime.ResourceScopeTenant}, "/providers/Microsoft.Subscription/aliases/a", ""},
		{"in a subscription", "Microsoft.Resources/deployments", "d", place{scope: genruntime.ResourceScopeSubscription, subscription: sub}, "/subscriptions/" + sub + "/providers/Microsoft.Resources/deployments/d", ""},
		{"missing owner", "Microsoft.Network/virtualNetworks", "vn", place{scope: genruntime.ResourceScopeResourceGroup}, "", "needs an owner"},
		{"no name", "Microsoft.Network/virtualNetworks", "", place{ownerID: rg}, "", "has no name"},
		// A type that merely starts like the owner's is no child of it.
		{"prefix is not a child", "Microsoft.Network/virtualNetworksX", "x", place{ownerID: vnet, ownerType: "Microsoft.Network/virtualNetworks"}, vnet + "/providers/Microsoft.Network/virtualNetworksX/x", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := resourceID(c.armType, c.azureName, c.at)
			if c.wantErr != "" {
				if err == nil || !contains(err.Error(), c.wantErr) {
					t.Fatalf("got %q, %v; want an error with %q", got, err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %q, %v; want %q", got, err, c.want)
			}
		})
	}
}

func TestARMTypeOf(t *testing.T) {
	for id, want := range map[string]string{
		"/subscriptions/s/resourceGroups/rg": resourceGroupType,
		"/subscriptions/s":                   "Microsoft.Resources/subscriptions",
		"/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vn":                                                     "Microsoft.Network/virtualNetworks",
		"/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/vn/subnets/sn":                                          "Microsoft.Network/virtualNetworks/subnets",
		"/subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/sa/providers/Microsoft.Authorization/roleAssignments/r": "Microsoft.Authorization/roleAssignments",
		"/nonsense": "",
	} {
		if got := armTypeOf(id); got != want {
			t.Errorf("armTypeOf(%s) = %q, want %q", id, got, want)
		}
	}
}
