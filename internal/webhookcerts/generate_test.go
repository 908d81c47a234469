package webhookcerts

import (
	"bytes"
	"crypto/x509"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
)

// TestGenerateOnFirstStart: with no Secret, Sync creates one holding a CA and a serving
// certificate for the webhook Service's names, signed by that CA, and serves it; before the
// first Sync the webhook is not ready.
func TestGenerateOnFirstStart(t *testing.T) {
	c := newClient(t, nil)
	clk := &clock{now: t0}
	r := newRotator(t, c, clk, func(o *Options) { o.ExtraHosts = []string{"127.0.0.1"} })
	if err := r.ReadyCheck(nil); err == nil {
		t.Fatal("ready before any certificate was made")
	}
	sync1(t, r)
	if err := r.ReadyCheck(nil); err != nil {
		t.Fatalf("not ready after Sync: %v", err)
	}
	sec := readSecret(t, c)
	if sec.Type != corev1.SecretTypeTLS {
		t.Errorf("Secret type %s, want %s", sec.Type, corev1.SecretTypeTLS)
	}
	for _, k := range []string{keyServingCert, keyServingKey, keyCABundle, keyCAKey} {
		if len(sec.Data[k]) == 0 {
			t.Errorf("Secret lacks %s", k)
		}
	}
	leaf := servedLeaf(t, r)
	if !bytes.Equal(leaf.Raw, mustParse(t, sec.Data[keyServingCert]).Raw) {
		t.Error("the served certificate is not the Secret's")
	}
	for _, host := range []string{"armgen-webhook-service.ops.svc", "armgen-webhook-service.ops.svc.cluster.local", "127.0.0.1"} {
		if err := verify(leaf, sec.Data[keyCABundle], host, t0); err != nil {
			t.Errorf("the API server would not trust the certificate for %s: %v", host, err)
		}
	}
	if got := leaf.NotAfter.Sub(t0); got != 3*time.Hour {
		t.Errorf("serving certificate valid for %s after issue, want the configured 3h", got)
	}
}

// TestOptionsRejected: a serving certificate may not outlive its CA's configured lifetime.
func TestOptionsRejected(t *testing.T) {
	_, err := New(newClient(t, nil), Options{CAValidity: time.Hour, ServingValidity: 2 * time.Hour})
	if err == nil || !strings.Contains(err.Error(), "exceeds the CA's") {
		t.Fatalf("err = %v, want the serving validity refused", err)
	}
}

func mustParse(t *testing.T, pemData []byte) *x509.Certificate {
	t.Helper()
	certs, err := parseCerts(pemData)
	if err != nil || len(certs) == 0 {
		t.Fatalf("no certificate in %q: %v", pemData, err)
	}
	return certs[0]
}
