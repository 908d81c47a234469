package operator_test

import (
	"context"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	managedidentity "github.com/armgen/armgen/generated/managedidentity/v1api20181130"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

func identity(name, owner string) *managedidentity.UserAssignedIdentity {
	location := "westus2"
	id := &managedidentity.UserAssignedIdentity{ObjectMeta: metav1.ObjectMeta{Name: name}}
	id.Spec.Location = &location
	id.Spec.Owner = &genruntime.KnownResourceReference{Name: owner}
	id.SetGroupVersionKind(managedidentity.GroupVersion.WithKind("UserAssignedIdentity"))
	return id
}

// TestSampleFailuresNameTheirKindAndWhy: the sample test's waits report every failing sample
// on its own, without stopping at the first: one ARM refused for good (its Ready condition, with
// ARM's code and message), one whose owner failed, one stuck waiting for an owner that never
// comes (at the timeout, with what armfake saw: no resource ID, so no PUT), while the good one
// is Ready and has exactly one accepted PUT; the refused one's PUT shows as refused.
func TestSampleFailuresNameTheirKindAndWhy(t *testing.T) {
	r := start(t, armfake.Options{LROPolls: -1, Faults: []armfake.Fault{{
		Kind: armfake.FaultConflict, Method: "PUT", Path: "/subscriptions/*/resourceGroups/refused",
		Code: "RequestDisallowedByPolicy", Message: "the policy allows no such group",
	}}}, time.Hour)
	fine, refused := group("fine", nil), group("refused", nil)
	child, orphan := identity("child", "refused"), identity("orphan", "absent")
	samples := []genruntime.ARMMetaObject{fine, refused, child, orphan}
	r.create(fine, refused, child, orphan)

	failed := awaitSamples(r, samples, 20*time.Second)
	want := map[genruntime.ARMMetaObject][]string{
		refused: {"Ready False Error RequestDisallowedByPolicy", "the policy allows no such group"},
		child:   {"its owner ResourceGroup/refused failed"},
		orphan:  {"not Ready after 20s", "no resource ID yet"},
	}
	if _, ok := failed[fine]; ok {
		t.Errorf("ResourceGroup/fine reported failed: %s", failed[fine])
	}
	for s, parts := range want {
		why, ok := failed[s]
		if !ok {
			t.Errorf("%s: not reported", sampleName(s))
			continue
		}
		for _, p := range parts {
			if !strings.Contains(why, p) {
				t.Errorf("%s: %q lacks %q", sampleName(s), why, p)
			}
		}
	}
	if err := r.get(fine); err != nil {
		t.Fatal(err)
	}
	if _, err := acceptedPut(r, fine.GetAnnotations()[genruntime.ResourceIDAnnotation]); err != nil {
		t.Errorf("ResourceGroup/fine: %v", err)
	}
	if _, err := acceptedPut(r, groupID("refused")); err == nil || !strings.Contains(err.Error(), "armfake refused PUTs to") || !strings.Contains(err.Error(), "HTTP 409") {
		t.Errorf("ResourceGroup/refused: %v", err)
	}

	// The identities never got an owner reference (their owners never reached Azure), so
	// deleting the resource groups leaves them, as the garbage collector would; each is named.
	left := deleteTreeReport(t, r, samples, 20*time.Second)
	want2 := []string{"UserAssignedIdentity/child: never deleted: none of its owners was deleted",
		"UserAssignedIdentity/orphan: never deleted: none of its owners was deleted"}
	if strings.Join(left, "\n") != strings.Join(want2, "\n") {
		t.Errorf("left after deleting:\n  %s\nwant\n  %s", strings.Join(left, "\n  "), strings.Join(want2, "\n  "))
	}
	for _, o := range []client.Object{child, orphan} {
		if err := shared.Client.Delete(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		waitGone(t, r, o)
	}
}
