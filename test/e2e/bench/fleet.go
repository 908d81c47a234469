package bench

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
)

// FleetSamples are the files under samples/ a fleet copies: a resource group and what it holds,
// across many kinds and groups, each file one resource. Owners and the objects others
// reference by name come before them, so that any first part of the list is a fleet of its own
// in which nothing waits for an object that will never come. Chosen to need no input the user
// makes apart (no Secret or ConfigMap to read); several export Secrets and ConfigMaps, as
// users' resources do.
var FleetSamples = []string{
	"resources.azure.com/v1api20200601/resourcegroup.yaml",
	"network.azure.com/v1api20201101/virtualnetwork.yaml",
	"network.azure.com/v1api20201101/networksecuritygroup.yaml",
	"network.azure.com/v1api20201101/networksecuritygroupssecurityrule.yaml",
	"network.azure.com/v1api20201101/routetable.yaml",
	"network.azure.com/v1api20201101/routetablesroute.yaml",
	// A subnet referring to the security group and the route table above.
	"network.azure.com/v1api20201101/virtualnetworkssubnet.yaml",
	"network.azure.com/v1api20210201/virtualnetworkssubnet.yaml",
	"network.azure.com/v1api20201101/publicipaddress.yaml",
	"network.azure.com/v1api20210201/applicationsecuritygroup.yaml",
	"network.azure.com/v1api20180501/dnszone.yaml",
	"network.azure.com/v1api20180501/dnszonesarecord.yaml",
	"network.azure.com/v1api20180501/dnszonescnamerecord.yaml",
	"network.azure.com/v1api20200601/privatednszone.yaml",
	"network.azure.com/v1api20200601/privatednszonestxtrecord.yaml",
	"managedidentity.azure.com/v1api20181130/userassignedidentity.yaml",
	// A storage account with the identity above and a network rule for the subnet above.
	"storage.azure.com/v1api20210401/storageaccount.yaml",
	"storage.azure.com/v1api20210401/storageaccountsblobservice.yaml",
	"storage.azure.com/v1api20210401/storageaccountsblobservicescontainer.yaml",
	"servicebus.azure.com/v1api20210101preview/namespace.yaml",
	"servicebus.azure.com/v1api20210101preview/namespacesqueue.yaml",
	"servicebus.azure.com/v1api20210101preview/namespacestopic.yaml",
	"servicebus.azure.com/v1api20210101preview/namespacestopicssubscription.yaml",
	"eventhub.azure.com/v1api20210101preview/namespace.yaml",
	"eventhub.azure.com/v1api20210101preview/namespaceseventhub.yaml",
	"eventhub.azure.com/v1api20210101preview/namespaceseventhubsconsumergroup.yaml",
	"compute.azure.com/v1api20210301/availabilityset.yaml",
	"compute.azure.com/v1api20201201/diskaccess.yaml",
	"compute.azure.com/v1api20201201/disk.yaml",
	"insights.azure.com/v1api20190601/actiongroup.yaml",
	"operationalinsights.azure.com/v1api20210601/workspace.yaml",
}

// SampleGroups are the API groups' short names (network for network.azure.com) of samples,
// sorted: the groups armfake must serve (its Options.Groups) for a fleet of them.
func SampleGroups(samples []map[string]any) ([]string, error) {
	var out []string
	for _, s := range samples {
		gvk, err := gvkOf(s)
		if err != nil {
			return nil, err
		}
		short, _, _ := strings.Cut(gvk.Group, ".")
		if !slices.Contains(out, short) {
			out = append(out, short)
		}
	}
	slices.Sort(out)
	return out, nil
}

// Fleet is n objects in namespace ns, as a user would apply them: copies of samples (loaded
// by LoadSamples from FleetSamples), each copy's objects renamed with a suffix of its own
// (copy 12 of samplevnet is samplevnetc12), and so are the owners and references by name and
// the Secrets and ConfigMaps they export, so that each copy is a resource group of its own
// with everything in it. The last copy is the first part of the samples that n leaves room
// for. The versions are those of samples/, mostly not the storage version, so writes go
// through the conversion webhook.
func Fleet(scheme *runtime.Scheme, samples []map[string]any, ns string, n int) ([]client.Object, error) {
	if len(samples) == 0 {
		return nil, fmt.Errorf("a fleet needs samples to copy")
	}
	names := map[string]bool{}
	for _, s := range samples {
		names[nameOf(s)] = true
	}
	objs := make([]client.Object, 0, n)
	for i := range n {
		c, s := i/len(samples), samples[i%len(samples)]
		obj, err := fleetCopy(scheme, s, names, ns, "c"+strconv.Itoa(c))
		if err != nil {
			return nil, err
		}
		objs = append(objs, obj)
	}
	return objs, nil
}

// KindCounts counts objs by kind, as "group/Kind".
func KindCounts(scheme *runtime.Scheme, objs []client.Object) (map[string]int, error) {
	out := map[string]int{}
	for _, obj := range objs {
		gvk, err := apiutil.GVKForObject(obj, scheme)
		if err != nil {
			return nil, err
		}
		out[gvk.GroupKind().String()]++
	}
	return out, nil
}

// SortedKinds are the keys of counts, sorted.
func SortedKinds(counts map[string]int) []string { return slices.Sorted(maps.Keys(counts)) }

// fleetCopy is sample s renamed into copy suffix of namespace ns, as the typed object.
func fleetCopy(scheme *runtime.Scheme, s map[string]any, names map[string]bool, ns, suffix string) (client.Object, error) {
	u := runtime.DeepCopyJSON(s)
	meta := u["metadata"].(map[string]any)
	meta["name"] = nameOf(u) + suffix
	meta["namespace"] = ns
	if spec, ok := u["spec"].(map[string]any); ok {
		renameReferences(spec, names, suffix)
		if op, ok := spec["operatorSpec"].(map[string]any); ok {
			renameDestinations(op, suffix)
		}
	}
	gvk, err := gvkOf(u)
	if err != nil {
		return nil, err
	}
	o, err := scheme.New(gvk)
	if err != nil {
		return nil, fmt.Errorf("sample %s: %w", nameOf(s), err)
	}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u, o); err != nil {
		return nil, fmt.Errorf("sample %s: %w", nameOf(s), err)
	}
	obj, ok := o.(client.Object)
	if !ok {
		return nil, fmt.Errorf("sample %s: %T is not an object", nameOf(s), o)
	}
	return obj, nil
}

// renameReferences renames, below v, the owner and every reference by Kubernetes name (a map
// with kind and name, no armId) to an object of the samples. Other maps with a name (a rule,
// a receiver) are the user's own and kept.
func renameReferences(v any, names map[string]bool, suffix string) {
	switch v := v.(type) {
	case map[string]any:
		if name, ok := v["name"].(string); ok && names[name] && v["armId"] == nil {
			if _, hasKind := v["kind"]; hasKind {
				v["name"] = name + suffix
			}
		}
		for k, child := range v {
			if k == "operatorSpec" {
				continue
			}
			if k == "owner" {
				if o, ok := child.(map[string]any); ok {
					if name, ok := o["name"].(string); ok && names[name] {
						o["name"] = name + suffix
					}
				}
				continue
			}
			renameReferences(child, names, suffix)
		}
	case []any:
		for _, child := range v {
			renameReferences(child, names, suffix)
		}
	}
}

// renameDestinations renames the Secrets and ConfigMaps operatorSpec exports to, so that two
// copies do not write the same key.
func renameDestinations(v any, suffix string) {
	switch v := v.(type) {
	case map[string]any:
		if name, ok := v["name"].(string); ok {
			if _, dest := v["key"]; dest {
				v["name"] = name + suffix
			}
		}
		for _, child := range v {
			renameDestinations(child, suffix)
		}
	case []any:
		for _, child := range v {
			renameDestinations(child, suffix)
		}
	}
}
