package webhookcerts_test

import (
	"bytes"
	"encoding/json"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/crdcheck"
	iwc "github.com/armgen/armgen/internal/webhookcerts"
)

// assertOnlyCABundleOwned checks that the operator's field manager owns exactly the CRD's
// caBundle, and that a server-side apply of the whole CRD by another manager that leaves
// caBundle out (the CRD installer) keeps it.
func assertOnlyCABundleOwned(t *testing.T, url string) {
	t.Helper()
	ctx := t.Context()
	var crd apiextv1.CustomResourceDefinition
	if err := shared.Client.Get(ctx, client.ObjectKey{Name: crdName}, &crd); err != nil {
		t.Fatal(err)
	}
	want := `{"f:spec":{"f:conversion":{"f:webhook":{"f:clientConfig":{"f:caBundle":{}}}}}}`
	found := false
	for _, mf := range crd.ManagedFields {
		if mf.Manager != iwc.FieldManager {
			continue
		}
		found = true
		var got, exp any
		_ = json.Unmarshal(mf.FieldsV1.Raw, &got)
		_ = json.Unmarshal([]byte(want), &exp)
		g, _ := json.Marshal(got)
		e, _ := json.Marshal(exp)
		if mf.Operation != "Apply" || !bytes.Equal(g, e) {
			t.Errorf("%s %s owns %s, want only the caBundle %s", iwc.FieldManager, mf.Operation, g, e)
		}
	}
	if !found {
		t.Fatalf("no managedFields entry of %s on %s", iwc.FieldManager, crdName)
	}
	bundle := crd.Spec.Conversion.Webhook.ClientConfig.CABundle

	crds, err := crdcheck.LoadDir(repoPath("generated", "crds", "resources.azure.com"))
	if err != nil {
		t.Fatal(err)
	}
	installed := crds[0]
	installed.Spec.Conversion.Webhook.ClientConfig = &apiextv1.WebhookClientConfig{URL: &url}
	installed.APIVersion, installed.Kind = "apiextensions.k8s.io/v1", "CustomResourceDefinition"
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(installed)
	if err != nil {
		t.Fatal(err)
	}
	u := &unstructured.Unstructured{Object: m}
	unstructured.RemoveNestedField(u.Object, "status")
	unstructured.RemoveNestedField(u.Object, "metadata", "creationTimestamp")
	if err := shared.Client.Patch(ctx, u, client.Apply, client.FieldOwner("armgen-crd-manager"), client.ForceOwnership); err != nil { //nolint:staticcheck // the installer's way of applying
		t.Fatalf("applying the CRD as the installer would: %v", err)
	}
	if got := caBundle(t); !bytes.Equal(got, bundle) {
		t.Errorf("an apply of the CRD without caBundle by another manager changed it (%d bytes -> %d)", len(bundle), len(got))
	}
}
