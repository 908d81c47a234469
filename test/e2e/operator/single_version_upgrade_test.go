package operator_test

import (
	"encoding/json"
	"io"
	"slices"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"sigs.k8s.io/controller-runtime/pkg/client"

	network "github.com/armgen/armgen/generated/network/v1api20210201"
	networkstorage "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401"
	"github.com/armgen/armgen/internal/crdclean"
	"github.com/armgen/armgen/internal/crdmanagement"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

const (
	natCRD = "natgateways.network.azure.com"
	natAPI = "v1api20210201"
	natHub = "v1api20210201storage"
	// deadVersion is a version NatGateway does not have.
	deadVersion = "v1api20190101"
)

// TestSingleVersionKindUpgradesFromHubStorage: NatGateway has one API version, so its CRD lists
// that version alone and the operator reconciles it there. A cluster that ran the earlier layout
// (the hub listed and storing, as ASO's CRDs do) holds objects stored at the hub. The operator's
// CRD upgrade keeps the hub (unserved) and the conversion webhook, so those objects stay
// readable at the API version, reconcile to Ready and are stored anew at the API version when
// written (a dead originalVersion recorded at the hub replaced, nothing retained that a later hub
// would take back); `armctl clean crds` then drops the hub from storedVersions, and the next upgrade
// writes the CRD as generated. Nothing is lost on the way.
func TestSingleVersionKindUpgradesFromHubStorage(t *testing.T) {
	ctx := t.Context()
	r := start(t, armfake.Options{LROPolls: 1}, time.Hour)
	r.stop() // the objects are written under the old layout before the operator sees them
	live := getCRD(t, natCRD)
	if len(live.Spec.Versions) != 1 || live.Spec.Versions[0].Name != natAPI || !live.Spec.Versions[0].Storage {
		t.Fatalf("%s as generated lists %d versions; want %s alone, stored", natCRD, len(live.Spec.Versions), natAPI)
	}
	hook := getCRD(t, "resourcegroups.resources.azure.com").Spec.Conversion.DeepCopy()

	// The earlier layout: the hub served and storing, conversions through the webhook.
	old := live.DeepCopy()
	yes := true
	old.Spec.Versions[0].Storage = false
	old.Spec.Versions = append(old.Spec.Versions, apiextv1.CustomResourceDefinitionVersion{
		Name: natHub, Served: true, Storage: true,
		Schema:       &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: &yes}},
		Subresources: &apiextv1.CustomResourceSubresources{Status: &apiextv1.CustomResourceSubresourceStatus{}},
	})
	old.Spec.Conversion = hook
	if err := shared.Client.Update(ctx, old); err != nil {
		t.Fatalf("writing the earlier layout of %s: %v", natCRD, err)
	}

	rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: r.ns, Name: "rg"}}
	rg.Spec.Location = ptr("westus")
	mustCreate(t, rg)
	nat := func() *network.NatGateway {
		n := &network.NatGateway{ObjectMeta: metav1.ObjectMeta{Namespace: r.ns, Name: "nat"}}
		n.Spec.Location = ptr("westus")
		n.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
		n.Spec.IdleTimeoutInMinutes = ptr(7)
		return n
	}
	// Written at the hub, as ASO or an earlier layout stored it, recording an originalVersion
	// no version of the kind has (one not exported, or ASO's).
	atHub := func() *networkstorage.NatGateway {
		n := &networkstorage.NatGateway{ObjectMeta: metav1.ObjectMeta{Namespace: r.ns, Name: "nat"}}
		n.Spec.Location = ptr("westus")
		n.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
		n.Spec.IdleTimeoutInMinutes = ptr(7)
		n.Spec.OriginalVersion = deadVersion
		return n
	}
	// The API server takes a moment to store at the new storage version: write until it does.
	deadline := time.Now().Add(time.Minute)
	for storedAt(t, r.ns, "nat", true) != network.GroupVersion.Group+"/"+natHub {
		if time.Now().After(deadline) {
			t.Fatalf("the NAT gateway is stored at %s, not at the hub of the earlier layout", storedAt(t, r.ns, "nat", false))
		}
		_ = shared.Client.Delete(ctx, nat())
		time.Sleep(200 * time.Millisecond)
		_ = shared.Client.Create(ctx, atHub())
	}

	// The upgrade, as the operator's CRD management plans it, pointed at this test's webhook.
	installed := getCRD(t, natCRD)
	p, err := crdmanagement.ParsePattern("network.azure.com/NatGateway")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := crdmanagement.Plan(crdmanagement.Embedded(), map[string]*apiextv1.CustomResourceDefinition{natCRD: installed}, p, "v1.0.0", "armgen-system")
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(steps, func(s crdmanagement.Step) bool { return s.Entry.Name == natCRD })
	goal := steps[i].Goal
	if steps[i].Action != crdmanagement.Upgrade || goal.Spec.Conversion == nil || goal.Spec.Conversion.Webhook == nil || len(goal.Spec.Versions) != 2 {
		t.Fatalf("the upgrade of a CRD storing at the hub plans %s with %+v; want the hub kept and the webhook", steps[i].Action, goal)
	}
	goal.Spec.Conversion.Webhook.ClientConfig = hook.Webhook.ClientConfig
	goal.ResourceVersion = installed.ResourceVersion
	if err := shared.Client.Update(ctx, goal); err != nil {
		t.Fatalf("the API server refuses the upgrade: %v", err)
	}

	// Stored at the hub, read at the API version through the webhook, as written.
	var read network.NatGateway
	deadline = time.Now().Add(time.Minute)
	for {
		err := shared.Client.Get(ctx, client.ObjectKeyFromObject(nat()), &read)
		if err == nil && read.Spec.IdleTimeoutInMinutes != nil && *read.Spec.IdleTimeoutInMinutes == 7 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the object stored at the hub is not readable at %s after the upgrade: %v %+v", natAPI, err, read.Spec)
		}
		time.Sleep(200 * time.Millisecond)
	}

	r.startManager()
	r.waitReady(2*time.Minute, rg, &read)
	if got := storedAt(t, r.ns, "nat", false); got != network.GroupVersion.String() {
		t.Errorf("after the operator wrote it, the NAT gateway is stored at %s, want %s", got, network.GroupVersion)
	}
	// Stored as written back, with no conversion: no retained values that a later hub would take
	// back (the dead originalVersion first), only the record of the version it replaced.
	var stored metav1.PartialObjectMetadata
	if err := json.Unmarshal(shared.Stored(t, schema.GroupResource{Group: network.GroupVersion.Group, Resource: "natgateways"}, r.ns, "nat"), &stored); err != nil {
		t.Fatal(err)
	}
	if a, ok := stored.Annotations[genruntime.RetainedValuesAnnotation]; ok {
		t.Errorf("stored at %s, the NAT gateway carries %s %s", natAPI, genruntime.RetainedValuesAnnotation, a)
	}
	if got := stored.Annotations[genruntime.ReplacedOriginalVersionAnnotation]; got != deadVersion {
		t.Errorf("stored at %s, the NAT gateway has %s %q, want %s", natAPI, genruntime.ReplacedOriginalVersionAnnotation, got, deadVersion)
	}

	// armctl clean crds: rewrites what is left at the hub, then drops it from storedVersions.
	ext, err := apiextclient.NewForConfig(shared.Config)
	if err != nil {
		t.Fatal(err)
	}
	dyn, err := dynamic.NewForConfig(shared.Config)
	if err != nil {
		t.Fatal(err)
	}
	c := &crdclean.Cleaner{CRDs: ext.ApiextensionsV1().CustomResourceDefinitions(), Dynamic: dyn, Groups: []string{"network.azure.com"}, Out: io.Discard}
	if _, err := c.Run(ctx); err != nil {
		t.Fatalf("armctl clean crds: %v", err)
	}
	cleaned := getCRD(t, natCRD)
	if !slices.Equal(cleaned.Status.StoredVersions, []string{natAPI}) {
		t.Fatalf("after the clean, status.storedVersions is %v, want [%s]", cleaned.Status.StoredVersions, natAPI)
	}
	steps, err = crdmanagement.Plan(crdmanagement.Embedded(), map[string]*apiextv1.CustomResourceDefinition{natCRD: cleaned}, p, "v1.0.0", "armgen-system")
	if err != nil {
		t.Fatal(err)
	}
	final := steps[slices.IndexFunc(steps, func(s crdmanagement.Step) bool { return s.Entry.Name == natCRD })].Goal
	if final == nil || len(final.Spec.Versions) != 1 || final.Spec.Conversion != nil {
		t.Fatalf("with the hub no longer stored, the next upgrade plans %+v; want the CRD as generated", final)
	}
	final.ResourceVersion = cleaned.ResourceVersion
	if err := shared.Client.Update(ctx, final); err != nil {
		t.Fatalf("the API server refuses the CRD as generated after the clean: %v", err)
	}
	if err := shared.Client.Get(ctx, client.ObjectKeyFromObject(&read), &read); err != nil || read.Spec.IdleTimeoutInMinutes == nil || *read.Spec.IdleTimeoutInMinutes != 7 {
		t.Errorf("after the migration the NAT gateway reads %v %+v; want it as written", err, read.Spec)
	}
}

func getCRD(t *testing.T, name string) *apiextv1.CustomResourceDefinition {
	t.Helper()
	var crd apiextv1.CustomResourceDefinition
	if err := shared.Client.Get(t.Context(), client.ObjectKey{Name: name}, &crd); err != nil {
		t.Fatal(err)
	}
	return &crd
}

// storedAt is the apiVersion etcd holds the NAT gateway name at ("" when absent and missingOK).
func storedAt(t *testing.T, namespace, name string, missingOK bool) string {
	t.Helper()
	if missingOK {
		var n network.NatGateway
		if err := shared.Client.Get(t.Context(), client.ObjectKey{Namespace: namespace, Name: name}, &n); err != nil {
			return ""
		}
	}
	raw := shared.Stored(t, schema.GroupResource{Group: network.GroupVersion.Group, Resource: "natgateways"}, namespace, name)
	var tm metav1.TypeMeta
	if err := json.Unmarshal(raw, &tm); err != nil {
		t.Fatalf("etcd holds no JSON for %s: %v", name, err)
	}
	return tm.APIVersion
}

func ptrTo[T any](v T) *T { return &v }
