package crdmanagement_test

import (
	"context"
	"maps"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/prometheus/client_golang/prometheus"
	corev1 "k8s.io/api/core/v1"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	network "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/internal/crdmanagement"
	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/crdowner"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
	"github.com/armgen/armgen/test/e2e/cluster"
)

const (
	subscription = "00000000-0000-0000-0000-000000000000"
	operatorNS   = "armgen-test-system"
	version      = "v1.0.0"

	rgCRD        = "resourcegroups.resources.azure.com"
	vnetCRD      = "virtualnetworks.network.azure.com"
	subnetCRD    = "virtualnetworkssubnets.network.azure.com"
	peeringCRD   = "virtualnetworksvirtualnetworkpeerings.network.azure.com"
	gatewayCRD   = "virtualnetworkgateways.network.azure.com"
	nsgCRD       = "networksecuritygroups.network.azure.com"
	nsgRuleCRD   = "networksecuritygroupssecurityrules.network.azure.com"
	firstPattern = "resources.azure.com/*;network.azure.com/VirtualNetwork*"
	widerPattern = "resources.azure.com/*;network.azure.com/VirtualNetwork*;network.azure.com/NetworkSecurityGroup*"
	olderVersion = "v0.9.0"
	ns           = "crd-management"
	readyTimeout = 2 * time.Minute
)

// TestOperatorInstallsAndUpgradesItsCRDs is acceptance 1 of issue 23: started against an API
// server with no CRDs and a pattern, the operator installs exactly the CRDs named, and a
// ResourceGroup and a VirtualNetwork reach Ready against armfake; restarted with a wider pattern,
// it installs the new ones and leaves the others as they were; a CRD an older operator wrote
// with an older schema is upgraded, though the pattern would not install it anew.
func TestOperatorInstallsAndUpgradesItsCRDs(t *testing.T) {
	ctx := t.Context()
	if names := ourCRDs(t, "resources.azure.com", "network.azure.com"); len(names) != 0 {
		t.Fatalf("the cluster starts with CRDs of the groups: %v", names)
	}
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: testspecs.Root(t), RetryAfter: 20 * time.Millisecond, LROPolls: -1})
	mustCreate(t, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}})
	mustCreate(t, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "aso-credential"}, StringData: map[string]string{
		"AZURE_SUBSCRIPTION_ID": subscription, "AZURE_TENANT_ID": srv.TenantID(),
		"AZURE_CLIENT_ID": "operator", "AZURE_CLIENT_SECRET": "secret",
	}})

	stop := startOperator(t, srv, firstPattern)
	// VirtualNetwork* names VirtualNetworkGateway too, as ASO's glob would.
	want := sorted(gatewayCRD, peeringCRD, rgCRD, subnetCRD, vnetCRD)
	if got := ourCRDs(t, "resources.azure.com", "network.azure.com"); !slices.Equal(got, want) {
		t.Fatalf("CRDs installed for %q:\n  %v\nwant\n  %v", firstPattern, got, want)
	}
	for _, name := range want {
		checkApplied(t, name, version)
	}

	rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "rg"}}
	rg.Spec.Location = ptr("westus2")
	vnet := &network.VirtualNetwork{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "vnet"}}
	vnet.Spec.Location = ptr("westus2")
	vnet.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	vnet.Spec.AddressSpace = &network.AddressSpace{AddressPrefixes: []string{"10.0.0.0/16"}}
	mustCreate(t, rg)
	mustCreate(t, vnet)
	waitReady(t, rg, vnet)
	stop()

	// An older operator wrote the VirtualNetwork CRD: its version label, and an older schema
	// (one API version fewer), applied under the operator's field manager as it would.
	older := olderCRD(t, vnetCRD)
	if err := shared.Client.Patch(ctx, older, client.Apply, client.FieldOwner(crdmanagement.FieldManager), client.ForceOwnership); err != nil {
		t.Fatalf("writing the older VirtualNetwork CRD: %v", err)
	}
	before := resourceVersions(t)

	stop = startOperator(t, srv, widerPattern)
	defer stop()
	wantWider := sorted(gatewayCRD, nsgCRD, nsgRuleCRD, peeringCRD, rgCRD, subnetCRD, vnetCRD)
	if got := ourCRDs(t, "resources.azure.com", "network.azure.com"); !slices.Equal(got, wantWider) {
		t.Fatalf("CRDs installed for %q:\n  %v\nwant\n  %v", widerPattern, got, wantWider)
	}
	after := resourceVersions(t)
	for _, name := range []string{rgCRD, subnetCRD, peeringCRD, gatewayCRD} {
		if before[name] != after[name] {
			t.Errorf("%s was written again (resourceVersion %s -> %s) though up to date", name, before[name], after[name])
		}
	}
	if before[vnetCRD] == after[vnetCRD] {
		t.Errorf("%s, written by an older operator with an older schema, was not upgraded", vnetCRD)
	}
	for _, name := range wantWider {
		checkApplied(t, name, version)
	}
	waitReady(t, rg, vnet)
}

// startOperator builds and starts the operator as the binary would with --crd-management=auto
// (the default) and --crd-pattern pattern, serving webhooks as ASO's CRD-installing pods do.
func startOperator(t *testing.T, srv *armfake.Server, pattern string) (stop func()) {
	t.Helper()
	certDir := t.TempDir()
	if _, err := cluster.WriteServingCert(certDir, time.Now(), time.Hour); err != nil {
		t.Fatal(err)
	}
	op, err := manager.New(shared.Config, manager.Options{
		Settings: settings.Settings{
			ResourceManagerEndpoint: srv.URL() + "/",
			ResourceManagerAudience: "https://management.azure.com/",
			AuthorityHost:           srv.AuthorityHost(),
			SyncPeriod:              time.Hour,
			TargetNamespaces:        []string{ns},
			PodNamespace:            operatorNS,
			OperatorMode:            settings.ModeWatchersAndWebhooks,
			DefaultReconcilePolicy:  genruntime.ReconcilePolicyManage,
			MaxConcurrentReconciles: 2,
		},
		CRDManagement:   manager.CRDManagementAuto,
		CRDPattern:      pattern,
		Version:         version,
		MetricsAddr:     "0",
		HealthAddr:      "0",
		WebhookHost:     "127.0.0.1",
		WebhookPort:     freePort(t),
		WebhookCertDir:  certDir,
		Transport:       srv.Client(),
		Retry:           policy.RetryOptions{MaxRetries: 2, RetryDelay: 10 * time.Millisecond, MaxRetryDelay: 50 * time.Millisecond},
		WaitDelay:       200 * time.Millisecond,
		PollDelay:       50 * time.Millisecond,
		Metrics:         reconciler.NewMetrics(prometheus.NewRegistry()),
		SeveralManagers: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	// Other tests of the package leave CRDs of other groups in conflict on purpose.
	for _, e := range op.CRDs.Errors {
		if strings.Contains(e.Error(), ".resources.azure.com") || strings.Contains(e.Error(), ".network.azure.com") {
			t.Fatalf("CRD management error: %v", e)
		}
	}
	for _, k := range []string{"ResourceGroup.resources.azure.com", "VirtualNetwork.network.azure.com"} {
		if !slices.Contains(op.Kinds, k) {
			t.Fatalf("the operator does not watch %s: %v", k, op.Kinds)
		}
	}
	return cluster.StartManager(t, op)
}

// ourCRDs lists, sorted, the CRDs of groups carrying the operator's mark (other tests of the
// package install other groups).
func ourCRDs(t *testing.T, groups ...string) []string {
	t.Helper()
	var list apiextv1.CustomResourceDefinitionList
	if err := shared.Client.List(t.Context(), &list, client.MatchingLabels{crdowner.Label: crdowner.Value}); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range list.Items {
		if slices.Contains(groups, c.Spec.Group) {
			out = append(out, c.Name)
		}
	}
	slices.Sort(out)
	return out
}

func resourceVersions(t *testing.T) map[string]string {
	t.Helper()
	var list apiextv1.CustomResourceDefinitionList
	if err := shared.Client.List(t.Context(), &list); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, c := range list.Items {
		out[c.Name] = c.ResourceVersion
	}
	return out
}

// checkApplied: the CRD is as the embedded one with the operator's version, its conversion
// webhook the Service in the operator's namespace, no caBundle set, and its fields the
// operator's field manager's.
func checkApplied(t *testing.T, name, version string) {
	t.Helper()
	var crd apiextv1.CustomResourceDefinition
	if err := shared.Client.Get(t.Context(), client.ObjectKey{Name: name}, &crd); err != nil {
		t.Fatal(err)
	}
	if crd.Labels[crdmanagement.VersionLabel] != version {
		t.Errorf("%s: version label %q, want %q", name, crd.Labels[crdmanagement.VersionLabel], version)
	}
	if conv := crd.Spec.Conversion; conv != nil && conv.Webhook != nil {
		cc := conv.Webhook.ClientConfig
		if cc.Service == nil || cc.Service.Namespace != operatorNS || cc.Service.Name != "armgen-webhook-service" || len(cc.CABundle) != 0 {
			t.Errorf("%s: webhook client config %+v, want the Service armgen-webhook-service in %s, no caBundle", name, cc, operatorNS)
		}
	}
	embedded := embeddedCRD(t, name)
	if len(crd.Spec.Versions) != len(embedded.Spec.Versions) {
		t.Errorf("%s: %d versions, the operator carries %d", name, len(crd.Spec.Versions), len(embedded.Spec.Versions))
	}
	var managers []string
	for _, f := range crd.ManagedFields {
		managers = append(managers, f.Manager+"/"+string(f.Operation))
	}
	if !slices.Contains(managers, crdmanagement.FieldManager+"/Apply") {
		t.Errorf("%s: field managers %v, want %s applying", name, managers, crdmanagement.FieldManager)
	}
}

func embeddedCRD(t *testing.T, name string) *apiextv1.CustomResourceDefinition {
	t.Helper()
	cat := crdmanagement.Embedded()
	for _, e := range cat.Entries {
		if e.Name == name {
			crd, err := cat.CRD(e)
			if err != nil {
				t.Fatal(err)
			}
			return crd
		}
	}
	t.Fatalf("the operator carries no CRD %s", name)
	return nil
}

// olderCRD is the embedded CRD of name as an older operator would have applied it: its version
// label, its Service in the operator's namespace, and without the newest API version that is
// not the storage one (an older operator did not know it). A kind with one API version, whose
// CRD lists that version alone, gets an older schema instead: its spec without one property.
func olderCRD(t *testing.T, name string) *unstructured.Unstructured {
	t.Helper()
	crd := embeddedCRD(t, name)
	crd.Labels[crdmanagement.VersionLabel] = olderVersion
	if crd.Spec.Conversion == nil {
		spec := crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
		for _, p := range slices.Sorted(maps.Keys(spec.Properties)) {
			if p != "owner" && p != "azureName" && !slices.Contains(spec.Required, p) {
				delete(spec.Properties, p)
				break
			}
		}
		crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"] = spec
		return toUnstructured(t, crd)
	}
	crd.Spec.Conversion.Webhook.ClientConfig.Service.Namespace = operatorNS
	drop := -1
	for i, v := range crd.Spec.Versions {
		if !v.Storage && !strings.HasSuffix(v.Name, "storage") {
			drop = i
		}
	}
	if drop < 0 {
		t.Fatalf("%s has no API version to drop", name)
	}
	crd.Spec.Versions = slices.Delete(crd.Spec.Versions, drop, drop+1)
	return toUnstructured(t, crd)
}

// toUnstructured is crd as written to the API server (no status, no creation time).
func toUnstructured(t *testing.T, crd *apiextv1.CustomResourceDefinition) *unstructured.Unstructured {
	t.Helper()
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(crd)
	if err != nil {
		t.Fatal(err)
	}
	delete(m, "status")
	delete(m["metadata"].(map[string]any), "creationTimestamp")
	u := &unstructured.Unstructured{Object: m}
	u.SetGroupVersionKind(apiextv1.SchemeGroupVersion.WithKind("CustomResourceDefinition"))
	return u
}

func waitReady(t *testing.T, objs ...genruntime.ARMMetaObject) {
	t.Helper()
	deadline := time.Now().Add(readyTimeout)
	for {
		var pending []string
		for _, o := range objs {
			fresh := o.DeepCopyObject().(genruntime.ARMMetaObject)
			if err := shared.Client.Get(context.Background(), client.ObjectKeyFromObject(o), fresh); err != nil {
				pending = append(pending, o.GetName()+": "+err.Error())
				continue
			}
			if c, ok := fresh.GetConditions().Get(conditions.ConditionTypeReady); !ok || c.Status != metav1.ConditionTrue {
				pending = append(pending, o.GetName()+": "+c.Reason+" "+c.Message)
			}
		}
		if len(pending) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("not Ready after %s:\n  %s", readyTimeout, strings.Join(pending, "\n  "))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func mustCreate(t *testing.T, o client.Object) {
	t.Helper()
	if err := shared.Client.Create(context.Background(), o); err != nil {
		t.Fatalf("creating %T %s: %v", o, o.GetName(), err)
	}
}

func ptr[T any](v T) *T { return &v }

func sorted(s ...string) []string {
	slices.Sort(s)
	return s
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
