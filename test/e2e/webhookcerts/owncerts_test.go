package webhookcerts_test

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	iwc "github.com/armgen/armgen/internal/webhookcerts"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// TestOwnCertificates: in a cluster without cert-manager, the operator makes its CA and
// serving certificate, writes the CA into the CRD, and conversions through its webhook work;
// the operator owns the CRD's caBundle alone, which an installer's apply of the CRD keeps; a
// restarted operator reuses the Secret; with short lifetimes the certificate and the CA are
// renewed while conversions keep working.
func TestOwnCertificates(t *testing.T) {
	ctx := t.Context()
	for _, name := range []string{operatorNS, "owncerts"} {
		if err := shared.Client.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}); err != nil && !isAlreadyExists(err) {
			t.Fatal(err)
		}
	}
	w := newWebhook(t)
	// Pointed at the webhook with no CA bundle: the operator writes it.
	shared.InstallCRDs(t, repoPath("generated", "crds", "resources.azure.com"), &cluster.WebhookConfig{URL: "https://" + w.addr + "/convert"})
	if len(caBundle(t)) != 0 {
		t.Fatal("the CRD has a caBundle before the operator ran")
	}

	// First start: the Secret is made, the CRD trusts its CA, conversions work.
	stop := w.start(t, iwc.Options{Interval: 500 * time.Millisecond})
	eventually(t, time.Minute, "converting through the operator's webhook", func() error { return convert(t, "owncerts", "first") })
	sec := secret(t)
	if !bytes.Equal(caBundle(t), sec.Data["ca.crt"]) {
		t.Errorf("the CRD's caBundle is not the Secret's ca.crt")
	}
	assertOnlyCABundleOwned(t, "https://"+w.addr+"/convert")
	leaf, err := w.served()
	if err != nil {
		t.Fatal(err)
	}
	if stored := parsePEM(t, sec.Data["tls.crt"])[0]; !leaf.Equal(stored) {
		t.Errorf("the webhook serves %s, not the Secret's certificate %s", leaf.SerialNumber, stored.SerialNumber)
	}

	// Restart: the same Secret, untouched, and the same certificate served.
	stop()
	w.start(t, iwc.Options{Interval: 500 * time.Millisecond})
	eventually(t, time.Minute, "the restarted webhook serving", func() error {
		got, err := w.served()
		if err == nil && !got.Equal(leaf) {
			return fmt.Errorf("serves %s, not the certificate of before the restart, %s", got.SerialNumber, leaf.SerialNumber)
		}
		return err
	})
	if err := convert(t, "owncerts", "after-restart"); err != nil {
		t.Errorf("after a restart: %v", err)
	}
	if after := secret(t); after.ResourceVersion != sec.ResourceVersion {
		t.Errorf("the restart rewrote the Secret (resourceVersion %s -> %s)", sec.ResourceVersion, after.ResourceVersion)
	}
}

// TestRenewalKeepsConversions: with a 6s serving certificate and a 15s CA, the operator
// renews both several times while conversions run every few hundred milliseconds; every one
// of them succeeds, the webhook serves several certificates in turn, each trusted by the CRD
// at the time.
func TestRenewalKeepsConversions(t *testing.T) {
	ctx := t.Context()
	for _, name := range []string{operatorNS, "renewal"} {
		if err := shared.Client.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}); err != nil && !isAlreadyExists(err) {
			t.Fatal(err)
		}
	}
	// Another test's Secret would be reused with its long lifetimes: start from none.
	_ = shared.Client.Delete(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: operatorNS, Name: iwc.DefaultSecretName}})
	w := newWebhook(t)
	shared.InstallCRDs(t, repoPath("generated", "crds", "resources.azure.com"), &cluster.WebhookConfig{URL: "https://" + w.addr + "/convert"})
	w.start(t, iwc.Options{ServingValidity: 6 * time.Second, CAValidity: 15 * time.Second, Interval: 200 * time.Millisecond})
	eventually(t, time.Minute, "converting through the operator's webhook", func() error { return convert(t, "renewal", "warm-up") })

	leaves, cas := map[string]bool{}, map[string]bool{}
	end := time.Now().Add(25 * time.Second)
	for i := 0; time.Now().Before(end); i++ {
		if err := convert(t, "renewal", fmt.Sprintf("rg-%d", i)); err != nil {
			t.Fatalf("conversion %d, %s into the run: %v", i, time.Until(end).Round(time.Second), err)
		}
		if leaf, err := w.served(); err == nil {
			leaves[leaf.SerialNumber.String()] = true
			if !trustedBy(leaf, parsePEM(t, caBundle(t))) {
				t.Errorf("the webhook serves a certificate the CRD does not trust")
			}
		}
		for _, ca := range parsePEM(t, secret(t).Data["ca.crt"]) {
			cas[ca.SerialNumber.String()] = true
		}
		time.Sleep(300 * time.Millisecond)
	}
	if len(leaves) < 3 {
		t.Errorf("the webhook served %d certificates in 25s of 6s certificates, want renewals", len(leaves))
	}
	if len(cas) < 2 {
		t.Errorf("the Secret held %d CAs in 25s of a 15s CA, want a CA renewal", len(cas))
	}
	t.Logf("%d serving certificates and %d CAs seen", len(leaves), len(cas))
}
