package reconciler_test

import (
	"context"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// TestOrphanDeleteKeepsToItsResourceGroup: a child deleted after its owner's object is gone
// (as garbage collection does) must not be pointed, by an edit of its resource-id annotation,
// at a namesake in another resource group of the same subscription: only its own vnet may be
// deleted.
func TestOrphanDeleteKeepsToItsResourceGroup(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", map[string]string{genruntime.ReconcilePolicyAnnotation: "detach-on-delete"}), vnet("vn", "rg"))
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vn")
	prod := "/subscriptions/" + subscription + "/resourceGroups/prod"
	e.createInAzure(prod, "2021-04-01", `{"location":"westus"}`)
	victim := prod + "/providers/Microsoft.Network/virtualNetworks/vn"
	e.createInAzure(victim, "2020-11-01", `{"location":"westus","properties":{"addressSpace":{"addressPrefixes":["10.1.0.0/16"]}}}`)
	if err := e.client.Delete(context.Background(), e.get(rgKind, "rg")); err != nil {
		t.Fatal(err)
	}
	e.settle(rgKind, "rg")
	e.tamperThenDelete(vnetKind, "vn", victim)
	e.step(vnetKind, "vn")
	if n, _ := e.requests("DELETE", "/resourceGroups/prod/providers/Microsoft.Network/virtualNetworks/vn"); n != 0 {
		t.Fatalf("%d DELETEs of %s, a namesake in another resource group, on a tampered annotation's word", n, victim)
	}
	if c := e.ready(vnetKind, "vn"); c.Reason != "ResourceIDMismatch" || !strings.Contains(c.Message, "status.id") {
		t.Errorf("condition %+v, want ResourceIDMismatch naming status.id", c)
	}
}
