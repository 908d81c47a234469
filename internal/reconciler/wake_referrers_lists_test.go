package reconciler

import (
	"context"
	"sync/atomic"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	network "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/genruntime"
)

// countingReader counts the Lists it is asked for.
type countingReader struct {
	client.Reader
	lists atomic.Int64
}

func (c *countingReader) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	c.lists.Add(1)
	return c.Reader.List(ctx, list, opts...)
}

// TestWakeReferrersListsOnlyKindsThatName: an object turning usable is looked up only in the
// referrer kinds some object of which has named its kind (as their index saw them): with ten
// referrer kinds started and only subnets naming security groups, a security group costs one
// List and a resource group, which nothing names, none. Each List is a scan of the cache and a
// copy of what it finds, once per object created, times the referrer kinds.
func TestWakeReferrersListsOnlyKindsThatName(t *testing.T) {
	s := testScheme(t)
	r := New(nil, s, Options{})
	kinds := []string{"VirtualNetworksSubnet", "NetworkInterface", "LoadBalancer", "PrivateEndpoint", "ApplicationGateway",
		"AzureFirewall", "BastionHost", "NatGateway", "VirtualNetworkGateway", "PublicIPAddress"}
	b := fake.NewClientBuilder().WithScheme(s).WithObjects(testSubnet("ns", "waiting", "nsg", nil))
	for _, k := range kinds {
		gvk := network.GroupVersion.WithKind(k)
		o, err := s.New(gvk)
		if err != nil {
			t.Fatal(err)
		}
		b = b.WithIndex(o.(client.Object), referenceIndex, r.referrers.index(gvk.GroupKind()))
	}
	c := b.Build()
	r.client = c
	for _, k := range kinds {
		q := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[reconcile.Request]())
		if err := r.referrers.add(network.GroupVersion.WithKind(k)).Start(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
	// The fake client indexes an object when a List asks for the index: list each kind once,
	// as the cache would have indexed them all before any event.
	for _, k := range kinds {
		l, err := s.New(network.GroupVersion.WithKind(k + "List"))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.List(context.Background(), l.(client.ObjectList), client.MatchingFields{referenceIndex: "x"}); err != nil {
			t.Fatal(err)
		}
	}

	reader := &countingReader{Reader: c}
	own := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[reconcile.Request]())
	nsg := &network.NetworkSecurityGroup{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "nsg"}}
	r.wakeReferrers(reader, nsgGK).Update(context.Background(), event.UpdateEvent{ObjectOld: nsg, ObjectNew: nsg}, own)
	if n := reader.lists.Load(); n != 1 {
		t.Errorf("a security group turning usable listed %d referrer kinds, want 1 (subnets name security groups)", n)
	}
	if q := r.referrers.queue(subnetGK); q.Len() != 1 {
		t.Errorf("%d subnets woken, want 1", q.Len())
	}

	reader.lists.Store(0)
	rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "rg"}}
	rgGK := resources.GroupVersion.WithKind("ResourceGroup").GroupKind()
	r.wakeReferrers(reader, rgGK).Update(context.Background(), event.UpdateEvent{ObjectOld: rg, ObjectNew: rg}, own)
	if n := reader.lists.Load(); n != 0 {
		t.Errorf("a resource group turning usable listed %d referrer kinds, want 0: nothing names one", n)
	}

	// A subnet naming a kind for the first time is indexed (as the cache does when it is added),
	// and from then on that kind's objects turning usable are looked up in subnets.
	sub := testSubnet("ns", "late", "nsg", nil)
	sub.Spec.RouteTable = &network.RouteTable_SubResourceEmbedded{
		Reference: &genruntime.ResourceReference{Group: network.GroupVersion.Group, Kind: "RouteTable", Name: "rt"},
	}
	if err := c.Create(context.Background(), sub); err != nil {
		t.Fatal(err)
	}
	if err := c.List(context.Background(), &network.VirtualNetworksSubnetList{}, client.MatchingFields{referenceIndex: "x"}); err != nil {
		t.Fatal(err)
	}
	reader.lists.Store(0)
	rt := &network.RouteTable{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "rt"}}
	r.wakeReferrers(reader, network.GroupVersion.WithKind("RouteTable").GroupKind()).Update(context.Background(), event.UpdateEvent{ObjectOld: rt, ObjectNew: rt}, own)
	if n := reader.lists.Load(); n != 1 {
		t.Errorf("a route table turning usable listed %d referrer kinds, want 1 (a subnet names one now)", n)
	}
	if q := r.referrers.queue(subnetGK); q.Len() != 2 {
		t.Errorf("%d subnets queued, want 2 (the one naming the route table added)", q.Len())
	}
}
