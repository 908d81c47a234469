package webhookcerts

import (
	"context"
	"crypto/x509"
	"errors"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

const host = "armgen-webhook-service.ops.svc"

// TestServingRenewedBeforeExpiry: with a 3h serving certificate, the same one is served
// until two thirds of its life, then a new one from the same CA, while the old one is still
// valid; Sync says when to look again.
func TestServingRenewedBeforeExpiry(t *testing.T) {
	c := newClient(t, nil)
	clk := &clock{now: t0}
	r := newRotator(t, c, clk)
	next, err := r.Sync(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	first := servedLeaf(t, r)
	if want := renewAt(first); !next.Equal(want) {
		t.Errorf("next check %s, want the serving certificate's renewal %s", next, want)
	}
	if next.After(t0.Add(2*time.Hour)) || !next.After(t0.Add(time.Hour)) {
		t.Errorf("renewal at %s is not about two thirds into a 3h life from %s", next, t0)
	}

	clk.Set(next.Add(-time.Second))
	sync1(t, r)
	if !servedLeaf(t, r).Equal(first) {
		t.Fatal("renewed before two thirds of its life")
	}

	clk.Set(next)
	sync1(t, r)
	second := servedLeaf(t, r)
	if second.Equal(first) {
		t.Fatal("not renewed at two thirds of its life")
	}
	if !clk.Now().Before(first.NotAfter) {
		t.Error("renewed only after the old certificate expired")
	}
	sec := readSecret(t, c)
	if err := verify(second, sec.Data[keyCABundle], host, clk.Now()); err != nil {
		t.Errorf("the renewed certificate does not verify: %v", err)
	}
	if len(mustCerts(t, sec.Data[keyCABundle])) != 1 {
		t.Error("a serving renewal changed the CA bundle")
	}
}

// TestCARotation: at two thirds of the CA's life a new CA joins the bundle, every served CRD
// gets both, the serving certificate moves to the new CA at the next check (the API server
// acts on a caBundle with some delay), and the old CA leaves the bundle (Secret and CRD) only
// once it has expired.
func TestCARotation(t *testing.T) {
	rg := crd("resources.azure.com", "ResourceGroup", "resourcegroups", true)
	c := newClient(t, nil, rg)
	clk := &clock{now: t0}
	r := newRotator(t, c, clk, longServing)
	sync1(t, r)
	oldCA := mustCerts(t, readSecret(t, c).Data[keyCABundle])[0]

	clk.Set(renewAt(oldCA))
	sync1(t, r)
	sec := readSecret(t, c)
	bundle := mustCerts(t, sec.Data[keyCABundle])
	if len(bundle) != 2 || !bundle[1].Equal(oldCA) {
		t.Fatalf("bundle after CA renewal has %d CAs, want the new one and the old one", len(bundle))
	}
	inCRD := caBundleOf(t, c, rg.Name)
	for _, ca := range bundle {
		if !containsCert(mustCerts(t, inCRD), ca) {
			t.Errorf("the CRD does not trust CA %s", ca.Subject.CommonName)
		}
	}
	if err := servedLeaf(t, r).CheckSignatureFrom(oldCA); err != nil {
		t.Errorf("the serving certificate moved to the new CA in the check that gave it to the CRD: %v", err)
	}
	clk.Set(clk.Now().Add(time.Second))
	sync1(t, r)
	if err := servedLeaf(t, r).CheckSignatureFrom(bundle[0]); err != nil {
		t.Errorf("at the next check the serving certificate is not the new CA's: %v", err)
	}

	clk.Set(oldCA.NotAfter.Add(time.Second))
	sync1(t, r)
	if got := mustCerts(t, readSecret(t, c).Data[keyCABundle]); len(got) != 1 || !got[0].Equal(bundle[0]) {
		t.Errorf("after the old CA expired the bundle has %d CAs, want the new one alone", len(got))
	}
	if got := mustCerts(t, caBundleOf(t, c, rg.Name)); len(got) != 1 || !got[0].Equal(bundle[0]) {
		t.Errorf("after the old CA expired the CRD trusts %d CAs, want the new one alone", len(got))
	}
}

// TestCARotationWaitsForCRDs: while a CRD cannot be given the new CA, the serving
// certificate stays the old CA's, which the API server still trusts; once it can, the
// serving certificate moves.
func TestCARotationWaitsForCRDs(t *testing.T) {
	rg := crd("resources.azure.com", "ResourceGroup", "resourcegroups", true)
	failing := true
	c := newClient(t, &interceptor.Funcs{Apply: func(ctx context.Context, c client.WithWatch, obj runtime.ApplyConfiguration, opts ...client.ApplyOption) error {
		if failing {
			return errors.New("forbidden, say")
		}
		return c.Apply(ctx, obj, opts...)
	}}, rg)
	clk := &clock{now: t0}
	r := newRotator(t, c, clk, longServing)
	failing = false
	sync1(t, r)
	oldCA := mustCerts(t, readSecret(t, c).Data[keyCABundle])[0]
	oldLeaf := servedLeaf(t, r)

	failing = true
	clk.Set(renewAt(oldCA))
	if _, err := r.Sync(context.Background()); err == nil {
		t.Fatal("Sync reported no error while the CRD could not be written")
	}
	if !servedLeaf(t, r).Equal(oldLeaf) {
		t.Fatal("the serving certificate moved to a CA the CRD does not trust yet")
	}
	if got := mustCerts(t, readSecret(t, c).Data[keyServingCert])[0]; !got.Equal(oldLeaf) {
		t.Fatal("the Secret's serving certificate moved to a CA the CRD does not trust yet")
	}

	failing = false
	sync1(t, r) // writes the CRD
	sync1(t, r) // finds it trusting the new CA
	newCA := mustCerts(t, readSecret(t, c).Data[keyCABundle])[0]
	if err := servedLeaf(t, r).CheckSignatureFrom(newCA); err != nil {
		t.Errorf("once the CRD trusts the new CA, the serving certificate is still the old CA's: %v", err)
	}
}

func mustCerts(t *testing.T, data []byte) []*x509.Certificate {
	t.Helper()
	certs, err := parseCerts(data)
	if err != nil {
		t.Fatal(err)
	}
	return certs
}

// longServing keeps the serving certificate valid when the 30h CA falls due, as the defaults
// (a year's certificate from a ten years' CA, each renewed at two thirds) do.
func longServing(o *Options) { o.ServingValidity = 24 * time.Hour }
