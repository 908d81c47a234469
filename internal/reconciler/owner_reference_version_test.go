package reconciler_test

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armgen/armgen/pkg/armfake"
)

// TestOwnerReferenceNamingAnUnservedVersionIsRewritten: an object claimed by an older layout
// holds an ownerReference naming the owner's version of then, such as the hub of a kind with
// one API version, which an upgraded CRD keeps unserved and `armctl clean crds` then drops.
// Kubernetes' garbage collector looks owners up by the reference's apiVersion: one the API
// server no longer serves is never resolved, and the object would outlive its owner. The
// reference to the same owner (same uid) is rewritten at the owner's version of now.
func TestOwnerReferenceNamingAnUnservedVersionIsRewritten(t *testing.T) {
	rg := group("rg", "", nil)
	rg.UID = "rg-uid"
	v := vnet("vnet", "rg")
	stale := metav1.OwnerReference{APIVersion: "resources.azure.com/v1api20190101storage", Kind: "ResourceGroup", Name: "rg", UID: "rg-uid"}
	v.OwnerReferences = []metav1.OwnerReference{stale}
	e := newEnv(t, armfake.Options{}, rg, v)
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vnet")

	refs := e.get(vnetKind, "vnet").GetOwnerReferences()
	want := rgKind.GroupVersion().String()
	if len(refs) != 1 || refs[0].UID != "rg-uid" || refs[0].APIVersion != want || refs[0].Kind != "ResourceGroup" {
		t.Fatalf("owner references %+v; want one to the resource group (uid rg-uid) at %s", refs, want)
	}
}
