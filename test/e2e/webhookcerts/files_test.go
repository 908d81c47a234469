package webhookcerts_test

import (
	"bytes"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	iwc "github.com/armgen/armgen/internal/webhookcerts"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// TestFilesMode: with --webhook-certs=files the webhook serves the tls.crt and tls.key of its
// cert dir (as cert-manager mounts them), conversions work with the CRD trusting that
// certificate, and the operator neither keeps a Secret nor touches the CRD's caBundle.
func TestFilesMode(t *testing.T) {
	ctx := t.Context()
	for _, name := range []string{operatorNS, "files"} {
		if err := shared.Client.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}); err != nil && !isAlreadyExists(err) {
			t.Fatal(err)
		}
	}
	_ = shared.Client.Delete(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: operatorNS, Name: iwc.DefaultSecretName}})
	hook := cluster.ServeWebhook(t, shared) // a manager with WebhookCerts: files
	shared.InstallCRDs(t, repoPath("generated", "crds", "resources.azure.com"), hook)
	eventually(t, time.Minute, "converting through the webhook serving files", func() error { return convert(t, "files", "from-files") })
	time.Sleep(time.Second) // a Rotator, were one running, would have written by now
	if got := caBundle(t); !bytes.Equal(got, hook.CABundle) {
		t.Error("the CRD's caBundle is not the one the files' owner wrote")
	}
	var s corev1.Secret
	err := shared.Client.Get(ctx, client.ObjectKey{Namespace: operatorNS, Name: iwc.DefaultSecretName}, &s)
	if !isNotFound(err) {
		t.Errorf("with --webhook-certs=files the Secret %s exists (err %v)", iwc.DefaultSecretName, err)
	}
}
