package webhookcerts

import (
	"bytes"
	"context"
	"encoding/pem"
	"maps"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// TestExistingSecretReused: a second Rotator (a restart, another replica) serves the
// certificate the first one stored, and writes nothing.
func TestExistingSecretReused(t *testing.T) {
	c := newClient(t, nil)
	clk := &clock{now: t0}
	first := newRotator(t, c, clk)
	sync1(t, first)
	before := readSecret(t, c)

	clk.Set(t0.Add(time.Hour))
	second := newRotator(t, c, clk)
	sync1(t, second)
	after := readSecret(t, c)
	if after.ResourceVersion != before.ResourceVersion || !maps.EqualFunc(after.Data, before.Data, bytes.Equal) {
		t.Errorf("the Secret was rewritten (resourceVersion %s -> %s)", before.ResourceVersion, after.ResourceVersion)
	}
	if !servedLeaf(t, second).Equal(servedLeaf(t, first)) {
		t.Error("the second Rotator serves another certificate than the first")
	}
}

// TestBrokenSecretReplaced: a Secret whose CA is unusable (garbage, a key of another
// certificate, expired, missing) is replaced by a new CA and certificate; one whose serving
// certificate alone is broken keeps its CA and gets a new serving certificate.
func TestBrokenSecretReplaced(t *testing.T) {
	good := func(t *testing.T) map[string][]byte {
		c := newClient(t, nil)
		sync1(t, newRotator(t, c, &clock{now: t0}))
		return readSecret(t, c).Data
	}
	other := good(t)
	cases := map[string]struct {
		edit   func(d map[string][]byte)
		keepCA bool
	}{
		"garbage CA":        {edit: func(d map[string][]byte) { d[keyCABundle] = []byte("not a certificate") }},
		"CA key of another": {edit: func(d map[string][]byte) { d[keyCAKey] = other[keyCAKey] }},
		"no CA key":         {edit: func(d map[string][]byte) { delete(d, keyCAKey) }},
		"empty":             {edit: func(d map[string][]byte) { clear(d) }},
		"CA not a CA":       {edit: func(d map[string][]byte) { d[keyCABundle], d[keyCAKey] = d[keyServingCert], d[keyServingKey] }},
		"serving key garbage": {edit: func(d map[string][]byte) {
			d[keyServingKey] = pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: []byte{1}})
		}, keepCA: true},
		"serving of another": {edit: func(d map[string][]byte) { d[keyServingCert] = other[keyServingCert] }, keepCA: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			data := good(t)
			oldCA := data[keyCABundle]
			tc.edit(data)
			c := newClient(t, nil, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ops", Name: DefaultSecretName}, Data: data})
			r := newRotator(t, c, &clock{now: t0})
			sync1(t, r)
			sec := readSecret(t, c)
			if got := bytes.Equal(sec.Data[keyCABundle], oldCA); got != tc.keepCA {
				t.Errorf("CA kept: %v, want %v", got, tc.keepCA)
			}
			if err := verify(servedLeaf(t, r), sec.Data[keyCABundle], "armgen-webhook-service.ops.svc", t0); err != nil {
				t.Errorf("the served certificate does not verify against the Secret's CA: %v", err)
			}
		})
	}
}

// TestExpiredSecretReplaced: after the CA expired (an operator stopped for longer than its
// life), the next start makes a new CA rather than serving an expired certificate.
func TestExpiredSecretReplaced(t *testing.T) {
	c := newClient(t, nil)
	clk := &clock{now: t0}
	sync1(t, newRotator(t, c, clk))
	old := readSecret(t, c).Data[keyCABundle]

	later := t0.Add(31 * time.Hour) // past the CA's 30h
	clk.Set(later)
	r := newRotator(t, c, clk)
	sync1(t, r)
	sec := readSecret(t, c)
	if bytes.Equal(sec.Data[keyCABundle], old) {
		t.Fatal("the expired CA was kept")
	}
	if err := verify(servedLeaf(t, r), sec.Data[keyCABundle], "armgen-webhook-service.ops.svc", later); err != nil {
		t.Errorf("the served certificate is not valid now: %v", err)
	}
}

// TestSecretNamespaceAndName: the Secret lives where Options say, which is where the RBAC
// Role of config/ lets the operator write.
func TestSecretNamespaceAndName(t *testing.T) {
	c := newClient(t, nil)
	r := newRotator(t, c, &clock{now: t0}, func(o *Options) { o.Namespace, o.SecretName = "elsewhere", "certs" })
	sync1(t, r)
	var s corev1.Secret
	if err := c.Get(context.Background(), client.ObjectKey{Namespace: "elsewhere", Name: "certs"}, &s); err != nil {
		t.Fatal(err)
	}
	if err := verify(servedLeaf(t, r), s.Data[keyCABundle], "armgen-webhook-service.elsewhere.svc", t0); err != nil {
		t.Error(err)
	}
}
