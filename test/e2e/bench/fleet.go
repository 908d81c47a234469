package bench

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	network "github.com/armgen/armgen/generated/network/v1api20201101"
	resources "github.com/armgen/armgen/generated/resources/v1api20200601"
	storage "github.com/armgen/armgen/generated/storage/v1api20210401"
	"github.com/armgen/armgen/pkg/genruntime"
)

// location is where every resource of the fleet goes; armfake accepts any.
const location = "westus2"

// Fleet is n resources in namespace ns, as a user would apply them: n/10 resource groups (at
// least one), the rest spread over the groups in turn as virtual networks, subnets of them and
// storage accounts, in equal shares (give or take one). Every child names its owner by Kubernetes name,
// so it waits for the owner to be Ready, as samples/ do. The versions are those of samples/,
// none of them a storage version, so every write goes through the conversion webhook.
func Fleet(ns string, n int) []client.Object {
	if n <= 0 {
		return nil
	}
	groups := max(1, n/10)
	objs := make([]client.Object, 0, n)
	for g := range groups {
		objs = append(objs, resourceGroup(ns, g))
	}
	// The rest come in triples, vnet, subnet of it, storage account, so the kinds differ by one
	// at most and a subnet comes right after its vnet; triple t goes to group t%groups.
	for k := range n - groups {
		t := k / 3
		g, i := t%groups, t/groups
		switch k % 3 {
		case 0:
			objs = append(objs, virtualNetwork(ns, g, i))
		case 1:
			objs = append(objs, subnet(ns, g, i))
		case 2:
			objs = append(objs, storageAccount(ns, g, i))
		}
	}
	return objs
}

func groupName(g int) string     { return fmt.Sprintf("rg-%d", g) }
func vnetName(g, i int) string   { return fmt.Sprintf("vnet-%d-%d", g, i) }
func subnetName(g, i int) string { return fmt.Sprintf("subnet-%d-%d", g, i) }

// storageName is unique across groups and valid in Azure: 3 to 24 lowercase letters and digits.
func storageName(g, i int) string { return fmt.Sprintf("st%dx%d", g, i) }

func resourceGroup(ns string, g int) *resources.ResourceGroup {
	return &resources.ResourceGroup{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: groupName(g)},
		Spec: resources.ResourceGroup_Spec{
			Location: ptr.To(location),
			Tags:     map[string]string{"environment": "bench"},
		},
	}
}

func virtualNetwork(ns string, g, i int) *network.VirtualNetwork {
	return &network.VirtualNetwork{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: vnetName(g, i)},
		Spec: network.VirtualNetwork_Spec{
			Owner:        &genruntime.KnownResourceReference{Name: groupName(g)},
			Location:     ptr.To(location),
			AddressSpace: &network.AddressSpace{AddressPrefixes: []string{"10.0.0.0/16"}},
			Tags:         map[string]string{"environment": "bench"},
		},
	}
}

func subnet(ns string, g, i int) *network.VirtualNetworksSubnet {
	return &network.VirtualNetworksSubnet{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: subnetName(g, i)},
		Spec: network.VirtualNetworksSubnet_Spec{
			Owner:         &genruntime.KnownResourceReference{Name: vnetName(g, i)},
			AzureName:     "default",
			AddressPrefix: ptr.To("10.0.0.0/24"),
		},
	}
}

func storageAccount(ns string, g, i int) *storage.StorageAccount {
	return &storage.StorageAccount{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: storageName(g, i)},
		Spec: storage.StorageAccount_Spec{
			Owner:                    &genruntime.KnownResourceReference{Name: groupName(g)},
			Location:                 ptr.To(location),
			Kind:                     ptr.To(storage.Kind_StorageV2),
			Sku:                      &storage.Sku{Name: ptr.To(storage.SkuName_StandardLRS)},
			AccessTier:               ptr.To(storage.AccessTier_Hot),
			MinimumTlsVersion:        ptr.To(storage.MinimumTlsVersion_TLS12),
			SupportsHttpsTrafficOnly: ptr.To(true),
			Tags:                     map[string]string{"environment": "bench"},
		},
	}
}
