package cluster_test

import (
	"encoding/json"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v20200601 "github.com/armgen/armgen/generated/resources/v1api20200601"
	v20210401 "github.com/armgen/armgen/generated/resources/v1api20210401"
	hub "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
)

// TestConversionWebhook: with the ResourceGroup CRD pointed at the conversion webhook served
// in this process, an object written at one API version is stored as the hub and read at
// any other, in both directions.
func TestConversionWebhook(t *testing.T) {
	ctx := t.Context()
	c := shared.Client
	shared.InstallCRDs(t, repoPath("generated", "crds", "resources.azure.com"), hook)
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "conversion"}}
	if err := c.Create(ctx, ns); err != nil {
		t.Fatal(err)
	}
	tags := map[string]string{"written-at": "some version"}

	old := &v20200601.ResourceGroup{
		ObjectMeta: metav1.ObjectMeta{Name: "written-old", Namespace: ns.Name},
		Spec:       v20200601.ResourceGroup_Spec{Location: ptr.To("westeurope"), Tags: tags},
	}
	if err := c.Create(ctx, old); err != nil {
		t.Fatalf("creating at v1api20200601: %v", err)
	}
	assertStoredAsHub(t, old.Name)
	var asNew v20210401.ResourceGroup
	if err := c.Get(ctx, client.ObjectKeyFromObject(old), &asNew); err != nil {
		t.Fatalf("reading at v1api20210401: %v", err)
	}
	if got := ptr.Deref(asNew.Spec.Location, ""); got != "westeurope" || asNew.Spec.Tags["written-at"] != "some version" {
		t.Errorf("read at v1api20210401: location %q, tags %v; want what was written at v1api20200601", got, asNew.Spec.Tags)
	}

	newer := &v20210401.ResourceGroup{
		ObjectMeta: metav1.ObjectMeta{Name: "written-new", Namespace: ns.Name},
		Spec:       v20210401.ResourceGroup_Spec{Location: ptr.To("northeurope"), ManagedBy: ptr.To("/subscriptions/x/resourceGroups/y"), Tags: tags},
	}
	if err := c.Create(ctx, newer); err != nil {
		t.Fatalf("creating at v1api20210401: %v", err)
	}
	assertStoredAsHub(t, newer.Name)
	var asOld v20200601.ResourceGroup
	if err := c.Get(ctx, client.ObjectKeyFromObject(newer), &asOld); err != nil {
		t.Fatalf("reading at v1api20200601: %v", err)
	}
	if got := ptr.Deref(asOld.Spec.Location, ""); got != "northeurope" || ptr.Deref(asOld.Spec.ManagedBy, "") != *newer.Spec.ManagedBy {
		t.Errorf("read at v1api20200601: location %q, managedBy %q; want what was written at v1api20210401", got, ptr.Deref(asOld.Spec.ManagedBy, ""))
	}
}

// assertStoredAsHub checks, in etcd itself, that the ResourceGroup name of namespace
// "conversion" was stored at the hub version, whatever version it was written at.
func assertStoredAsHub(t *testing.T, name string) {
	t.Helper()
	raw := shared.Stored(t, schema.GroupResource{Group: hub.GroupVersion.Group, Resource: "resourcegroups"}, "conversion", name)
	var stored metav1.TypeMeta
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatalf("etcd holds no JSON for %s: %v", name, err)
	}
	if want := hub.GroupVersion.String(); stored.APIVersion != want {
		t.Errorf("%s stored as %s, want the hub %s", name, stored.APIVersion, want)
	}
}
