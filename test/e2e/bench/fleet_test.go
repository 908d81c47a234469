package bench_test

import (
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"

	network "github.com/armgen/armgen/generated/network/v1api20201101"
	resources "github.com/armgen/armgen/generated/resources/v1api20200601"
	storage "github.com/armgen/armgen/generated/storage/v1api20210401"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/test/e2e/bench"
)

// TestFleet: the fleet has exactly n objects, a tenth of them groups and the rest in roughly
// equal shares, unique names, and every owner among the objects before it (so nothing waits
// for an owner that will never come).
func TestFleet(t *testing.T) {
	for _, n := range []int{1, 2, 10, 11, 100, 1000, 1003} {
		objs := bench.Fleet("ns", n)
		if len(objs) != n {
			t.Fatalf("n=%d: %d objects", n, len(objs))
		}
		seen := map[string]bool{}
		count := map[string]int{}
		for _, obj := range objs {
			kind, owner := describe(t, obj)
			count[kind]++
			key := kind + "/" + obj.GetName()
			if seen[key] {
				t.Fatalf("n=%d: %s twice", n, key)
			}
			if owner != "" && !seen[owner] {
				t.Fatalf("n=%d: %s is owned by %s, not made before it", n, key, owner)
			}
			seen[key] = true
		}
		if want := max(1, n/10); count["ResourceGroup"] != want {
			t.Errorf("n=%d: %d groups, want %d", n, count["ResourceGroup"], want)
		}
		rest := n - count["ResourceGroup"]
		for _, k := range []string{"VirtualNetwork", "VirtualNetworksSubnet", "StorageAccount"} {
			if got := count[k]; got < rest/3 || got > rest/3+1 {
				t.Errorf("n=%d: %d of %s, want about %d", n, got, k, rest/3)
			}
		}
	}
}

// describe names obj's kind and, as kind/name, its owner.
func describe(t *testing.T, obj client.Object) (kind, owner string) {
	t.Helper()
	ownerKey := func(kind string, ref *genruntime.KnownResourceReference) string {
		if ref == nil {
			t.Fatalf("%s has no owner", obj.GetName())
		}
		return kind + "/" + ref.Name
	}
	switch o := obj.(type) {
	case *resources.ResourceGroup:
		return "ResourceGroup", ""
	case *network.VirtualNetwork:
		return "VirtualNetwork", ownerKey("ResourceGroup", o.Spec.Owner)
	case *network.VirtualNetworksSubnet:
		return "VirtualNetworksSubnet", ownerKey("VirtualNetwork", o.Spec.Owner)
	case *storage.StorageAccount:
		return "StorageAccount", ownerKey("ResourceGroup", o.Spec.Owner)
	}
	t.Fatalf("unexpected %T", obj)
	return "", ""
}
