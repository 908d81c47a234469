package crdmanagement_test

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/crdmanagement"
	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/pkg/crdowner"
	"github.com/armgen/armgen/test/e2e/cluster"
)

const (
	redisCRD    = "redis.cache.azure.com"
	storageCRD  = "storageaccounts.storage.azure.com"
	firewallCRD = "redisfirewallrules.cache.azure.com"
)

// TestCRDConflictsAreErrorsNotCrashes: a CRD of ours whose fields a tool other than kubectl
// owns (a GitOps controller, which would fight a takeover; then due an upgrade), and a CRD of the same name that another
// operator installed, are each an error naming the CRD and what to do; the operator starts all
// the same, does not watch those kinds, and leaves the other operator's CRD as it was. A caBundle
// written by the certificate component's field manager survives an upgrade.
func TestCRDConflictsAreErrorsNotCrashes(t *testing.T) {
	ctx := t.Context()
	// A CRD of ours an older operator installed, with the certificate component's CA in it.
	if op := buildOperator(t, "cache.azure.com/RedisFirewallRule", olderVersion); len(op.CRDs.Errors) > 0 {
		t.Fatal(op.CRDs.Errors)
	}
	caPEM, err := cluster.WriteServingCert(t.TempDir(), time.Now(), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := shared.Client.Patch(ctx, caBundlePatch(firewallCRD, caPEM), client.Apply, client.FieldOwner("armgen-webhook-certs")); err != nil {
		t.Fatalf("writing the caBundle: %v", err)
	}
	// Installed by a GitOps tool from an older operator's YAML: one API version fewer and the
	// older version label. (What kubectl installed is taken over: TestCRDsAppliedByHandAreTakenOver.)
	mine := olderCRD(t, redisCRD)
	if err := shared.Client.Create(ctx, mine, client.FieldOwner("argocd-controller")); err != nil {
		t.Fatal(err)
	}
	// Azure Service Operator's own CRD of the same name.
	theirs := embeddedCRD(t, storageCRD)
	theirs.Labels = map[string]string{crdowner.Label: "azure-service-operator", crdmanagement.VersionLabel: "v2.9.0"}
	theirs.Spec.Conversion = &apiextv1.CustomResourceConversion{Strategy: apiextv1.NoneConverter}
	theirs.Spec.Versions = theirs.Spec.Versions[len(theirs.Spec.Versions)-1:]
	if err := shared.Client.Create(ctx, theirs); err != nil {
		t.Fatal(err)
	}
	before := resourceVersions(t)

	op := buildOperator(t, "cache.azure.com/Redis;storage.azure.com/StorageAccount", version)
	errs := map[string]string{}
	for _, e := range op.CRDs.Errors {
		for _, name := range []string{redisCRD, storageCRD} {
			if strings.Contains(e.Error(), name) {
				errs[name] = e.Error()
			}
		}
	}
	if len(errs) != 2 || len(op.CRDs.Errors) != 2 {
		t.Fatalf("errors %v, want one for %s and one for %s", op.CRDs.Errors, redisCRD, storageCRD)
	}
	for name, hint := range map[string]string{redisCRD: "--force-conflicts", storageCRD: "azure-service-operator"} {
		if !strings.Contains(errs[name], hint) {
			t.Errorf("%s: error %q does not say %q", name, errs[name], hint)
		}
	}
	for _, k := range op.Kinds {
		if k == "StorageAccount.storage.azure.com" {
			t.Errorf("the operator watches StorageAccount, whose CRD is another operator's")
		}
	}
	after := resourceVersions(t)
	var other apiextv1.CustomResourceDefinition
	if err := shared.Client.Get(ctx, client.ObjectKey{Name: storageCRD}, &other); err != nil {
		t.Fatal(err)
	}
	// The API server writes the status of a new CRD itself: the spec's generation and the labels
	// say whether the operator wrote it.
	if other.Generation != 1 || other.Labels[crdowner.Label] != "azure-service-operator" {
		t.Errorf("the other operator's %s was written: generation %d, labels %v", storageCRD, other.Generation, other.Labels)
	}
	var fw apiextv1.CustomResourceDefinition
	if err := shared.Client.Get(ctx, client.ObjectKey{Name: firewallCRD}, &fw); err != nil {
		t.Fatal(err)
	}
	if before[firewallCRD] == after[firewallCRD] || fw.Labels[crdmanagement.VersionLabel] != version {
		t.Errorf("%s, of an older operator, was not upgraded: labels %v", firewallCRD, fw.Labels)
	}
	if got := fw.Spec.Conversion.Webhook.ClientConfig.CABundle; !bytes.Equal(got, caPEM) {
		t.Errorf("%s caBundle %q after the upgrade, want the certificate component's", firewallCRD, got)
	}
}

// buildOperator builds (without starting) the operator with CRD management at version.
func buildOperator(t *testing.T, pattern, version string) *manager.Operator {
	t.Helper()
	op, err := manager.New(shared.Config, manager.Options{
		Settings:        settings.Settings{PodNamespace: operatorNS, OperatorMode: settings.ModeWatchersAndWebhooks},
		CRDManagement:   manager.CRDManagementAuto,
		CRDPattern:      pattern,
		Version:         version,
		MetricsAddr:     "0",
		HealthAddr:      "0",
		WebhookHost:     "127.0.0.1",
		WebhookPort:     freePort(t),
		WebhookCertDir:  t.TempDir(),
		SeveralManagers: true,
	})
	if err != nil {
		t.Fatalf("the operator did not start: %v", err)
	}
	return op
}

// caBundlePatch is what the certificate component applies: the caBundle alone.
func caBundlePatch(name string, caPEM []byte) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{
		"metadata": map[string]any{"name": name},
		"spec": map[string]any{"conversion": map[string]any{
			"strategy": "Webhook",
			"webhook":  map[string]any{"clientConfig": map[string]any{"caBundle": base64.StdEncoding.EncodeToString(caPEM)}},
		}},
	}}
	u.SetGroupVersionKind(apiextv1.SchemeGroupVersion.WithKind("CustomResourceDefinition"))
	return u
}
