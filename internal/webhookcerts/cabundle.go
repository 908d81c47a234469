package webhookcerts

import (
	"bytes"
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"strings"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextv1ac "k8s.io/apiextensions-apiserver/pkg/client/applyconfiguration/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// injectedCRDs remembers, per CRD, the resourceVersion at which it was found trusting the
// bundle, so that while nothing changes a check costs one metadata-only list rather than a
// read of every schema.
type injectedCRDs struct {
	bundle []byte
	rv     map[string]string
}

// inject makes every CRD the webhook serves trust bundle: CRDs installed since the last
// check, and ones whose caBundle someone else rewrote, included. It goes on past a CRD it
// cannot write and returns how many it wrote and every failure, each naming its CRD.
func (r *Rotator) inject(ctx context.Context, bundle []*x509.Certificate, now time.Time) (wrote int, err error) {
	if want := encodeCerts(bundle); !bytes.Equal(want, r.injected.bundle) {
		r.injected = injectedCRDs{bundle: want, rv: map[string]string{}}
	}
	var list metav1.PartialObjectMetadataList
	list.SetGroupVersionKind(apiextv1.SchemeGroupVersion.WithKind("CustomResourceDefinitionList"))
	if err := r.c.List(ctx, &list); err != nil {
		return 0, fmt.Errorf("listing CRDs: %w", err)
	}
	var errs []error
	for _, item := range list.Items {
		if !r.mayServe(item.Name) || r.injected.rv[item.Name] == item.ResourceVersion {
			continue
		}
		rv, err := r.injectOne(ctx, item.Name, bundle, now)
		switch {
		case err != nil:
			errs = append(errs, err)
		case rv == "":
			wrote++
		default:
			r.injected.rv[item.Name] = rv
		}
	}
	return wrote, errors.Join(errs...)
}

// injectOne writes bundle into one CRD if it lacks any of its CAs, and returns the
// resourceVersion at which the CRD needs nothing ("" after a write: the next check confirms;
// "" too for a CRD deleted meanwhile, which the next list no longer shows).
func (r *Rotator) injectOne(ctx context.Context, name string, bundle []*x509.Certificate, now time.Time) (string, error) {
	var crd apiextv1.CustomResourceDefinition
	if err := r.c.Get(ctx, client.ObjectKey{Name: name}, &crd); err != nil {
		if apierrors.IsNotFound(err) {
			return "", nil
		}
		return "", fmt.Errorf("reading CRD %s: %w", name, err)
	}
	cc := r.clientConfig(&crd)
	if cc == nil {
		return crd.ResourceVersion, nil
	}
	merged, changed := mergeBundle(bundle, cc.CABundle, now)
	if !changed {
		return crd.ResourceVersion, nil
	}
	// Server-side apply of this one field under our own manager: the installer's applies of
	// the rest of the CRD leave it alone, and ours leave theirs alone.
	ac := apiextv1ac.CustomResourceDefinition(name).WithSpec(apiextv1ac.CustomResourceDefinitionSpec().
		WithConversion(apiextv1ac.CustomResourceConversion().
			WithWebhook(apiextv1ac.WebhookConversion().
				WithClientConfig(apiextv1ac.WebhookClientConfig().WithCABundle(merged...)))))
	if err := r.c.Apply(ctx, ac, client.FieldOwner(FieldManager), client.ForceOwnership); err != nil {
		return "", fmt.Errorf("writing the webhook's CA into CRD %s (spec.conversion.webhook.clientConfig.caBundle): %w", name, err)
	}
	r.log.Info("wrote the webhook's CA bundle into a CRD", "crd", name, "cas", len(bundle))
	return "", nil
}

// mayServe tells by its name (<plural>.<group>) whether a CRD may be one the webhook serves,
// so that other operators' CRDs are never read.
func (r *Rotator) mayServe(name string) bool {
	for _, gk := range r.opts.Kinds {
		if strings.HasSuffix(name, "."+gk.Group) {
			return true
		}
	}
	return false
}

// clientConfig is where crd sends its conversion reviews, when it is one of the served kinds
// and converts by webhook; nil otherwise.
func (r *Rotator) clientConfig(crd *apiextv1.CustomResourceDefinition) *apiextv1.WebhookClientConfig {
	gk := schema.GroupKind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}
	served := false
	for _, k := range r.opts.Kinds {
		served = served || k == gk
	}
	conv := crd.Spec.Conversion
	if !served || conv == nil || conv.Strategy != apiextv1.WebhookConverter || conv.Webhook == nil {
		return nil
	}
	if conv.Webhook.ClientConfig == nil {
		return nil
	}
	return conv.Webhook.ClientConfig
}

// mergeBundle is want followed by the CAs of have that are not in want and have not
// expired, and whether that differs from have in anything but order. A CA stays trusted
// until it expires: a replica that has not read the Secret since a renewal may write an
// older bundle, and must not take the newer CA away from the API server.
func mergeBundle(want []*x509.Certificate, have []byte, now time.Time) ([]byte, bool) {
	haveCerts, err := parseCerts(have)
	changed := err != nil
	if err != nil {
		haveCerts = nil
	}
	out := append([]*x509.Certificate(nil), want...)
	for _, w := range want {
		changed = changed || !containsCert(haveCerts, w)
	}
	for _, h := range haveCerts {
		switch {
		case !now.Before(h.NotAfter):
			changed = true
		case !containsCert(want, h):
			out = append(out, h)
		}
	}
	return encodeCerts(out), changed
}

func containsCert(list []*x509.Certificate, c *x509.Certificate) bool {
	for _, l := range list {
		if l.Equal(c) {
			return true
		}
	}
	return false
}
