package webhookcerts

import (
	"bytes"
	"context"
	"crypto/x509"
	"errors"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

// TestCABundleInjected: every served CRD that converts by webhook gets the Secret's CA
// bundle, including one installed after the first Sync and one whose caBundle someone else
// overwrote; CRDs of other kinds or converting without a webhook are left alone.
func TestCABundleInjected(t *testing.T) {
	rg := crd("resources.azure.com", "ResourceGroup", "resourcegroups", true)
	vnet := crd("network.azure.com", "VirtualNetwork", "virtualnetworks", true)
	single := crd("network.azure.com", "Single", "singles", false)
	foreign := crd("example.com", "Widget", "widgets", true)
	c := newClient(t, nil, rg, single, foreign)
	clk := &clock{now: t0}
	r := newRotator(t, c, clk, func(o *Options) {
		o.Kinds = []schema.GroupKind{resourceGroup, {Group: "network.azure.com", Kind: "VirtualNetwork"}, {Group: "network.azure.com", Kind: "Single"}}
	})
	sync1(t, r)
	bundle := readSecret(t, c).Data[keyCABundle]
	if got := caBundleOf(t, c, rg.Name); !bytes.Equal(got, bundle) {
		t.Errorf("%s caBundle = %q, want the Secret's bundle", rg.Name, got)
	}
	if got := caBundleOf(t, c, foreign.Name); len(got) != 0 {
		t.Errorf("%s, not a served kind, got a caBundle", foreign.Name)
	}
	var s apiextv1.CustomResourceDefinition
	if err := c.Get(context.Background(), client.ObjectKey{Name: single.Name}, &s); err != nil {
		t.Fatal(err)
	}
	if s.Spec.Conversion.Strategy != apiextv1.NoneConverter || s.Spec.Conversion.Webhook != nil {
		t.Errorf("%s, converting without a webhook, was given one: %+v", single.Name, s.Spec.Conversion)
	}

	// Installed later, by the CRD installer or by hand.
	if err := c.Create(context.Background(), vnet); err != nil {
		t.Fatal(err)
	}
	// Overwritten by someone replacing the whole spec.
	var have apiextv1.CustomResourceDefinition
	if err := c.Get(context.Background(), client.ObjectKey{Name: rg.Name}, &have); err != nil {
		t.Fatal(err)
	}
	have.Spec.Conversion.Webhook.ClientConfig.CABundle = nil
	if err := c.Update(context.Background(), &have); err != nil {
		t.Fatal(err)
	}
	clk.Set(t0.Add(time.Minute))
	sync1(t, r)
	for _, name := range []string{rg.Name, vnet.Name} {
		if got := caBundleOf(t, c, name); !bytes.Equal(got, bundle) {
			t.Errorf("%s caBundle = %q after the next Sync, want the Secret's bundle", name, got)
		}
	}
	if ref := caBundleCRDService(t, c, rg.Name); ref == nil || ref.Name != DefaultServiceName {
		t.Errorf("writing the caBundle lost the CRD's Service reference: %+v", ref)
	}
}

// TestCABundleWriteErrorNamesCRD: a CRD that cannot be written is reported by name and field.
func TestCABundleWriteErrorNamesCRD(t *testing.T) {
	rg := crd("resources.azure.com", "ResourceGroup", "resourcegroups", true)
	c := newClient(t, &interceptor.Funcs{Apply: func(context.Context, client.WithWatch, runtime.ApplyConfiguration, ...client.ApplyOption) error {
		return errors.New("customresourcedefinitions is forbidden")
	}}, rg)
	_, err := newRotator(t, c, &clock{now: t0}).Sync(context.Background())
	if err == nil || !strings.Contains(err.Error(), "CRD resourcegroups.resources.azure.com (spec.conversion.webhook.clientConfig.caBundle)") {
		t.Fatalf("err = %v, want it to name the CRD and the field", err)
	}
}

// TestMergeBundleKeepsNewerCA: a replica that has not yet read a renewed Secret writes its
// older bundle; the newer CA already in the CRD stays, and an expired one goes.
func TestMergeBundleKeepsNewerCA(t *testing.T) {
	oldCA, err := newCA(t0, 10*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	newer, err := newCA(t0.Add(7*time.Hour), 10*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	expired, err := newCA(t0.Add(-20*time.Hour), 10*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	now := t0.Add(8 * time.Hour)
	inCRD := encodeCerts([]*x509.Certificate{newer.cert, oldCA.cert, expired.cert})
	merged, changed := mergeBundle([]*x509.Certificate{oldCA.cert}, inCRD, now)
	got := mustCerts(t, merged)
	if !changed || len(got) != 2 || !containsCert(got, newer.cert) || !containsCert(got, oldCA.cert) {
		t.Errorf("merged bundle has %d CAs (changed %v), want the old and the newer, not the expired", len(got), changed)
	}
	if _, changed := mergeBundle([]*x509.Certificate{oldCA.cert}, encodeCerts([]*x509.Certificate{newer.cert, oldCA.cert}), now); changed {
		t.Error("a CRD already trusting every CA of the bundle was to be rewritten")
	}
}

func caBundleCRDService(t *testing.T, c client.Client, name string) *apiextv1.ServiceReference {
	t.Helper()
	var got apiextv1.CustomResourceDefinition
	if err := c.Get(context.Background(), client.ObjectKey{Name: name}, &got); err != nil {
		t.Fatal(err)
	}
	return got.Spec.Conversion.Webhook.ClientConfig.Service
}
