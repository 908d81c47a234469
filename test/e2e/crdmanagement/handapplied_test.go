package crdmanagement_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/crdmanagement"
	"github.com/armgen/armgen/test/e2e/cluster"
)

const (
	vaultCRD        = "vaults.keyvault.azure.com"
	identityCRD     = "userassignedidentities.managedidentity.azure.com"
	linkedServerCRD = "redislinkedservers.cache.azure.com"
	lastApplied     = "kubectl.kubernetes.io/last-applied-configuration"
)

// TestCRDsAppliedByHandAreTakenOver: CRDs of ours that a user installed by hand from an older
// release's YAML (kubectl apply, kubectl apply --server-side, kubectl create) are upgraded by
// the operator as if it had written them, as ASO's operator upgrades every CRD carrying its
// label whoever installed it: no conflict, the fields kubectl owned (its last-applied
// annotation among them) now the operator's, and a caBundle the certificate component wrote kept.
func TestCRDsAppliedByHandAreTakenOver(t *testing.T) {
	ctx := t.Context()
	// kubectl apply (client-side): a create under kubectl's field manager, recording what was
	// applied in the annotation kubectl diffs against next time.
	csa := olderCRD(t, vaultCRD)
	applied, err := json.Marshal(csa.Object)
	if err != nil {
		t.Fatal(err)
	}
	csa.SetAnnotations(map[string]string{lastApplied: string(applied)})
	if err := shared.Client.Create(ctx, csa, client.FieldOwner("kubectl-client-side-apply")); err != nil {
		t.Fatal(err)
	}
	// kubectl label: a person's own label, which the operator does not write and must not delete.
	userLabel := client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"labels":{"velero.io/exclude-from-backup":"true"}}}`))
	if err := shared.Client.Patch(ctx, olderCRD(t, vaultCRD), userLabel, client.FieldOwner("kubectl-label")); err != nil {
		t.Fatal(err)
	}
	// kubectl apply --server-side, whose field manager is "kubectl".
	if err := shared.Client.Patch(ctx, olderCRD(t, identityCRD), client.Apply, client.FieldOwner("kubectl")); err != nil {
		t.Fatal(err)
	}
	// kubectl create, then the certificate component's CA.
	if err := shared.Client.Create(ctx, olderCRD(t, linkedServerCRD), client.FieldOwner("kubectl-create")); err != nil {
		t.Fatal(err)
	}
	caPEM, err := cluster.WriteServingCert(t.TempDir(), time.Now(), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := shared.Client.Patch(ctx, caBundlePatch(linkedServerCRD, caPEM), client.Apply, client.FieldOwner("armgen-webhook-certs")); err != nil {
		t.Fatalf("writing the caBundle: %v", err)
	}

	op := buildOperator(t, "keyvault.azure.com/Vault", version)
	handApplied := []string{vaultCRD, identityCRD, linkedServerCRD}
	for _, e := range op.CRDs.Errors {
		// Other tests of the package leave CRDs in conflict on purpose.
		if slices.ContainsFunc(handApplied, func(name string) bool { return strings.Contains(e.Error(), name) }) {
			t.Errorf("CRD management: %v", e)
		}
	}
	for _, name := range handApplied {
		var crd apiextv1.CustomResourceDefinition
		if err := shared.Client.Get(ctx, client.ObjectKey{Name: name}, &crd); err != nil {
			t.Fatal(err)
		}
		if got := crd.Labels[crdmanagement.VersionLabel]; got != version {
			t.Errorf("%s: version label %q, want %q (not upgraded)", name, got, version)
		}
		if n, want := len(crd.Spec.Versions), len(embeddedCRD(t, name).Spec.Versions); n != want {
			t.Errorf("%s: %d API versions, the operator carries %d", name, n, want)
		}
		if name == vaultCRD && crd.Labels["velero.io/exclude-from-backup"] != "true" {
			t.Errorf("%s: the label a person added with kubectl label is gone: %v", name, crd.Labels)
		}
		if _, ok := crd.Annotations[lastApplied]; ok {
			t.Errorf("%s: kubectl's %s annotation, describing the older CRD, is still there", name, lastApplied)
		}
		var managers []string
		for _, f := range crd.ManagedFields {
			managers = append(managers, f.Manager)
		}
		for _, m := range []string{"kubectl-client-side-apply", "kubectl", "kubectl-create"} {
			if slices.Contains(managers, m) {
				t.Errorf("%s: field manager %s still owns fields: %v", name, m, managers)
			}
		}
	}
	var ls apiextv1.CustomResourceDefinition
	if err := shared.Client.Get(ctx, client.ObjectKey{Name: linkedServerCRD}, &ls); err != nil {
		t.Fatal(err)
	}
	if got := ls.Spec.Conversion.Webhook.ClientConfig.CABundle; !bytes.Equal(got, caPEM) {
		t.Errorf("%s caBundle %q after the takeover, want the certificate component's", linkedServerCRD, got)
	}
}
