package reconciler

import (
	"context"
	"slices"
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
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

var (
	nsgGK    = network.GroupVersion.WithKind("NetworkSecurityGroup").GroupKind()
	subnetGK = network.GroupVersion.WithKind("VirtualNetworksSubnet").GroupKind()
)

func testSubnet(ns, name, nsg string, conds conditions.Conditions) *network.VirtualNetworksSubnet {
	s := &network.VirtualNetworksSubnet{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	s.Spec.NetworkSecurityGroup = &network.NetworkSecurityGroup_SubResourceEmbedded{
		Reference: &genruntime.ResourceReference{Group: nsgGK.Group, Kind: nsgGK.Kind, Name: nsg},
	}
	s.SetConditions(conds)
	return s
}

// TestIndexReferences: a spec is indexed by each resource it names by Kubernetes name, not by
// an ARM ID.
func TestIndexReferences(t *testing.T) {
	s := testSubnet("ns", "sub", "nsg", nil)
	s.Spec.RouteTable = &network.RouteTable_SubResourceEmbedded{Reference: &genruntime.ResourceReference{ARMID: "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/routeTables/rt"}}
	got := indexReferences(s)
	if want := []string{ownerKey(nsgGK.Group, nsgGK.Kind, "nsg")}; !slices.Equal(got, want) {
		t.Errorf("index %q, want %q", got, want)
	}
}

// TestSpecHasReferences: only kinds whose spec can name another resource are referrers.
func TestSpecHasReferences(t *testing.T) {
	if !specHasReferences(&network.VirtualNetworksSubnet{}) {
		t.Error("a subnet (naming a security group) is not a referrer")
	}
	if specHasReferences(&resources.ResourceGroup{}) {
		t.Error("a resource group (naming nothing) is a referrer")
	}
}

// TestWakeReferrers: a security group turning usable adds to the subnet controller's queue the
// subnets of its namespace that name it and are not Ready, and nothing before that controller
// has started.
func TestWakeReferrers(t *testing.T) {
	s := testScheme(t)
	subnets := []client.Object{
		testSubnet("ns", "waiting", "nsg", ready(metav1.ConditionFalse)),
		testSubnet("ns", "new", "nsg", nil),
		testSubnet("ns", "done", "nsg", ready(metav1.ConditionTrue)),
		testSubnet("ns", "other-nsg", "nsg2", ready(metav1.ConditionFalse)),
		testSubnet("other", "other-namespace", "nsg", ready(metav1.ConditionFalse)),
	}
	r := New(nil, s, Options{})
	c := fake.NewClientBuilder().WithScheme(s).WithObjects(subnets...).
		WithIndex(&network.VirtualNetworksSubnet{}, referenceIndex, r.referrers.index(subnetGK)).Build()
	r.client = c
	// The cache indexes each object as it is added; the fake client when a List asks.
	if err := c.List(context.Background(), &network.VirtualNetworksSubnetList{}, client.MatchingFields{referenceIndex: "x"}); err != nil {
		t.Fatal(err)
	}
	src := r.referrers.add(network.GroupVersion.WithKind("VirtualNetworksSubnet"))
	h := r.wakeReferrers(c, nsgGK)
	nsg := &network.NetworkSecurityGroup{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "nsg"}}
	own := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[reconcile.Request]())
	h.Update(context.Background(), event.UpdateEvent{ObjectOld: nsg, ObjectNew: nsg}, own)

	q := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[reconcile.Request]())
	if err := src.Start(context.Background(), q); err != nil {
		t.Fatal(err)
	}
	h.Update(context.Background(), event.UpdateEvent{ObjectOld: nsg, ObjectNew: nsg}, own)
	var got []string
	for q.Len() > 0 {
		req, _ := q.Get()
		got = append(got, req.Name)
		q.Done(req)
	}
	slices.Sort(got)
	if want := []string{"new", "waiting"}; !slices.Equal(got, want) {
		t.Errorf("woken %q, want %q", got, want)
	}
	if own.Len() != 0 {
		t.Errorf("the security group's own queue got %d requests", own.Len())
	}
}
