package reconciler

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/event"

	"github.com/armgen/armgen/generated/controllers"
	network "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

var (
	groupGK = schema.GroupKind{Group: resources.GroupVersion.Group, Kind: "ResourceGroup"}
	vnetGK  = schema.GroupKind{Group: network.GroupVersion.Group, Kind: "VirtualNetwork"}
)

func ready(status metav1.ConditionStatus) conditions.Conditions {
	return conditions.Conditions{conditions.NewReady(status, conditions.ConditionSeverityNone, "r", "", 1)}
}

func testVnet(ns, name, owner string, conds conditions.Conditions) *network.VirtualNetwork {
	v := &network.VirtualNetwork{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	if owner != "" {
		v.Spec.Owner = &genruntime.KnownResourceReference{Name: owner}
	}
	v.SetConditions(conds)
	return v
}

// TestWakeChildren: an owner that becomes usable maps to the children that name it, in its
// namespace, of the kind watched, and not yet Ready.
func TestWakeChildren(t *testing.T) {
	s := testScheme(t)
	vnets := []client.Object{
		testVnet("ns", "waiting", "rg", ready(metav1.ConditionFalse)),
		testVnet("ns", "new", "rg", nil),
		testVnet("ns", "done", "rg", ready(metav1.ConditionTrue)),
		testVnet("ns", "other-owner", "rg2", ready(metav1.ConditionFalse)),
		testVnet("other", "other-namespace", "rg", ready(metav1.ConditionFalse)),
		testVnet("ns", "by-arm-id", "", ready(metav1.ConditionFalse)),
	}
	byID := vnets[5].(*network.VirtualNetwork)
	byID.Spec.Owner = &genruntime.KnownResourceReference{ARMID: "/subscriptions/s/resourceGroups/rg"}
	c := fake.NewClientBuilder().WithScheme(s).WithObjects(vnets...).
		WithIndex(&network.VirtualNetwork{}, ownerIndex, indexOwner).Build()
	wake := wakeChildren(c, s, network.GroupVersion.WithKind("VirtualNetwork"), groupGK)

	cases := []struct {
		name      string
		ns, owner string
		want      []string
	}{
		{"children not Ready", "ns", "rg", []string{"ns/new", "ns/waiting"}},
		{"another owner", "ns", "rg2", []string{"ns/other-owner"}},
		{"the same name in another namespace", "other", "rg", []string{"other/other-namespace"}},
		{"no children", "ns", "rg3", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			owner := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: tc.ns, Name: tc.owner}}
			var got []string
			for _, r := range wake(context.Background(), owner) {
				got = append(got, r.String())
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("woken %v, want %v", got, tc.want)
			}
		})
	}
}

func TestIndexOwner(t *testing.T) {
	cases := []struct {
		name string
		obj  client.Object
		want []string
	}{
		{"by name", testVnet("ns", "v", "rg", nil), []string{"resources.azure.com/ResourceGroup/rg"}},
		{"no owner", testVnet("ns", "v", "", nil), nil},
		{"a resource group has none", &resources.ResourceGroup{}, nil},
		{"not an Azure resource", &metav1.PartialObjectMetadata{}, nil},
	}
	for _, tc := range cases {
		if got := indexOwner(tc.obj); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestOwnerKindOf: the owner's kind is read from the generated Owner method; every generated
// kind but the resource groups has one.
func TestOwnerKindOf(t *testing.T) {
	if gk, arbitrary, ok := ownerKindOf(&network.VirtualNetwork{}); !ok || arbitrary || gk != groupGK {
		t.Errorf("VirtualNetwork: %v %v %v", gk, arbitrary, ok)
	}
	if gk, _, ok := ownerKindOf(&network.VirtualNetworksSubnet{}); !ok || gk != vnetGK {
		t.Errorf("VirtualNetworksSubnet: %v %v", gk, ok)
	}
	if _, _, ok := ownerKindOf(&resources.ResourceGroup{}); ok {
		t.Error("ResourceGroup has an owner")
	}
	for _, k := range controllers.KnownResources() {
		obj := k.Obj.DeepCopyObject().(genruntime.ARMMetaObject)
		gk, arbitrary, ok := ownerKindOf(obj)
		if _, isGroup := k.Obj.(*resources.ResourceGroup); isGroup {
			continue
		}
		if !reflect.ValueOf(obj).Elem().FieldByName("Spec").FieldByName("Owner").IsValid() {
			// A tenant-scope kind (a subscription alias) has no owner, as a resource group.
			if obj.Owner() != nil {
				t.Errorf("%T has no spec.owner but an owner %v", k.Obj, obj.Owner())
			}
			continue
		}
		if !ok || (!arbitrary && gk.Kind == "") {
			t.Errorf("%T: no owner kind found", k.Obj)
		}
	}
}

func TestOwnerBecameUsable(t *testing.T) {
	group := func(id string, status metav1.ConditionStatus) *resources.ResourceGroup {
		rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Name: "rg"}}
		if id != "" {
			rg.Annotations = map[string]string{genruntime.ResourceIDAnnotation: id}
		}
		if status != "" {
			rg.SetConditions(ready(status))
		}
		return rg
	}
	const id = "/subscriptions/s/resourceGroups/rg"
	cases := []struct {
		name     string
		old, new *resources.ResourceGroup
		want     bool
	}{
		{"turns Ready", group(id, metav1.ConditionFalse), group(id, metav1.ConditionTrue), true},
		{"Ready from no condition", group(id, ""), group(id, metav1.ConditionTrue), true},
		{"the resource-id comes last", group("", metav1.ConditionTrue), group(id, metav1.ConditionTrue), true},
		{"was Ready already", group(id, metav1.ConditionTrue), group(id, metav1.ConditionTrue), false},
		{"Ready without a resource-id", group("", metav1.ConditionFalse), group("", metav1.ConditionTrue), false},
		{"no longer Ready", group(id, metav1.ConditionTrue), group(id, metav1.ConditionFalse), false},
		{"still not Ready", group(id, metav1.ConditionFalse), group(id, metav1.ConditionFalse), false},
	}
	p := ownerBecameUsable()
	for _, tc := range cases {
		if got := p.Update(event.UpdateEvent{ObjectOld: tc.old, ObjectNew: tc.new}); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	if p.Create(event.CreateEvent{Object: group(id, metav1.ConditionTrue)}) {
		t.Error("a creation wakes children")
	}
}

func testScheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s := runtime.NewScheme()
	if err := controllers.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestWaitQuietly: a young child of a watched kind waits without a word for an owner on its way,
// and speaks up once it is quietWait old, when its owner reports a problem, or when waiting
// cannot help.
func TestWaitQuietly(t *testing.T) {
	notYet := &resolver.Error{Reason: resolver.ReasonWaitingForOwner, Message: "not Ready yet"}
	group := func(c *conditions.Condition) genruntime.ARMMetaObject {
		rg := &resources.ResourceGroup{}
		if c != nil {
			rg.SetConditions(conditions.Conditions{*c})
		}
		return rg
	}
	reconciling := conditions.NewReady(metav1.ConditionFalse, conditions.ConditionSeverityInfo, "Reconciling", "", 1)
	failing := conditions.NewReady(metav1.ConditionFalse, conditions.ConditionSeverityWarning, "Conflict", "", 1)
	cases := []struct {
		name    string
		age     time.Duration
		owner   genruntime.ARMMetaObject
		err     error
		watched bool
		quiet   bool
	}{
		{"owner being created", time.Second, group(&reconciling), notYet, true, true},
		{"owner with no condition yet", time.Second, group(nil), notYet, true, true},
		{"owner not there yet", time.Second, nil, notYet, true, true},
		{"waited long enough", quietWait + time.Second, group(&reconciling), notYet, true, false},
		{"owner failing", time.Second, group(&failing), notYet, true, false},
		{"owner's kind not watched", time.Second, group(&reconciling), notYet, false, false},
		{"waiting cannot help", time.Second, nil, &resolver.Error{Reason: resolver.ReasonWaitingForOwner, Fatal: true}, true, false},
		{"not the resolver's", time.Second, nil, errors.New("the API server is away"), true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			child := testVnet("ns", "v", "rg", nil)
			child.CreationTimestamp = metav1.NewTime(time.Now().Add(-tc.age))
			a := &attempt{r: &Reconciler{woken: map[schema.GroupKind]bool{vnetGK: tc.watched}}, obj: child, gvk: network.GroupVersion.WithKind("VirtualNetwork")}
			wait, quiet := a.waitQuietly(tc.owner, tc.err)
			if quiet != tc.quiet {
				t.Fatalf("quiet %v, want %v", quiet, tc.quiet)
			}
			if quiet && (wait <= 0 || wait > quietWait-tc.age+time.Second) {
				t.Errorf("waits %s, want until it is %s old", wait, quietWait)
			}
		})
	}
}
