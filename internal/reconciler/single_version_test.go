package reconciler_test

import (
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	network "github.com/armgen/armgen/generated/network/v1api20210201"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestSingleVersionKindReconcilesAtItsAPIVersion: a kind with one API version is stored and
// reconciled at that version (its CRD lists no hub), so the object the reconciler reads is an
// API version, its own original: no spec.originalVersion, no conversion. It is PUT with its
// api-version, its status filled from Azure and marked Ready on that same object.
func TestSingleVersionKindReconcilesAtItsAPIVersion(t *testing.T) {
	nat := &network.NatGateway{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "nat", Generation: 1}}
	nat.Spec.Location = ptr("westus")
	nat.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	nat.Spec.IdleTimeoutInMinutes = ptr(4)
	e := newEnv(t, armfake.Options{LROPolls: 1, ForceLRO: true}, group("rg", "", nil), nat)
	natKind := network.GroupVersion.WithKind("NatGateway")
	e.kinds = append(e.kinds, natKind)
	e.restart()

	e.settle(rgKind, "rg")
	e.settle(natKind, "nat")
	if c := e.ready(natKind, "nat"); c.Status != metav1.ConditionTrue || c.ObservedGeneration != 1 {
		t.Fatalf("the NAT gateway reconciled at its API version is not Ready: %+v", c)
	}
	if n, versions := e.requests("PUT", "/natGateways/nat"); n != 1 || versions[0] != "2021-02-01" {
		t.Errorf("NAT gateway PUTs %d with api-versions %v, want one with 2021-02-01", n, versions)
	}
	got := e.get(natKind, "nat").(*network.NatGateway)
	if got.Status.Id == nil || !strings.HasSuffix(*got.Status.Id, "/natGateways/nat") {
		t.Errorf("status.id %v: status was not filled from Azure", got.Status.Id)
	}
	if got.Status.IdleTimeoutInMinutes == nil || *got.Status.IdleTimeoutInMinutes != 4 {
		t.Errorf("status.idleTimeoutInMinutes %v, want 4 from Azure", got.Status.IdleTimeoutInMinutes)
	}
}

// TestReplacedOriginalVersionOfASoleVersionIsTold: a kind with one API version read from the
// hub an earlier operator stored it at, whose originalVersion named another version, carries
// that version in an annotation (the conversion records nothing else): the object is reconciled
// at its own version, and a Warning Event tells which api-version replaced the recorded one.
func TestReplacedOriginalVersionOfASoleVersionIsTold(t *testing.T) {
	nat := &network.NatGateway{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "nat", Generation: 1,
		Annotations: map[string]string{genruntime.ReplacedOriginalVersionAnnotation: "v1api20190101"}}}
	nat.Spec.Location = ptr("westus")
	nat.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	e := newEnv(t, armfake.Options{}, group("rg", "", nil), nat)
	natKind := network.GroupVersion.WithKind("NatGateway")
	e.kinds = append(e.kinds, natKind)
	e.restart()

	e.settle(rgKind, "rg")
	e.settle(natKind, "nat")
	if c := e.ready(natKind, "nat"); c.Status != metav1.ConditionTrue {
		t.Fatalf("the NAT gateway is not Ready: %+v", c)
	}
	if n, versions := e.requests("PUT", "/natGateways/nat"); n != 1 || versions[0] != "2021-02-01" {
		t.Errorf("NAT gateway PUTs %d with api-versions %v, want one with 2021-02-01", n, versions)
	}
	events := drain(e)
	want := `Warning OriginalVersionUnknown spec.originalVersion "v1api20190101" of NatGateway ns/nat`
	if !strings.Contains(events, want) || !strings.Contains(events, genruntime.ReplacedOriginalVersionAnnotation) {
		t.Errorf("events %q: want %q, naming the annotation to remove", events, want)
	}
}
