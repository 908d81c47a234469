package cluster

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/internal/testsupport"
)

// WebhookConfig is where the API server sends a CRD's conversion reviews.
type WebhookConfig struct {
	// URL is the webhook's https URL, path included.
	URL string
	// CABundle is the PEM of the CA that signed the webhook's serving certificate.
	CABundle []byte
	// Calls counts the reviews the webhook answers, when it is served in this process
	// (ServeConversion); nil otherwise.
	Calls *testsupport.ConversionCalls
}

// crdTimeout bounds the wait for n CRDs to become Established and discoverable: seconds
// normally, but the machine is shared and each CRD adds to the work (231 CRDs took over 6
// minutes on 2 busy cores).
func crdTimeout(n int) time.Duration { return 2*time.Minute + 3*time.Duration(n)*time.Second }

// pollEvery is how often InstallCRDs lists CRDs while it waits: each list carries every schema,
// so asking more often slows the server that is busy establishing them.
const pollEvery = 250 * time.Millisecond

// InstallCRDs creates (or updates) every CRD in the YAML under dir, group folders included,
// as generated/crds lays them out, then waits until each is Established and discovery (which
// Client maps kinds through) lists its served versions. A CRD that converts by webhook is pointed at webhook when given: the
// generated CRDs name the in-cluster Service armgen-webhook-service, which this cluster has
// no Pods behind. Without webhook, only objects at a CRD's storage version can be written.
func (c *Cluster) InstallCRDs(tb testing.TB, dir string, webhook *WebhookConfig) {
	tb.Helper()
	crds, err := crdcheck.LoadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	if len(crds) == 0 {
		tb.Fatalf("no CRDs in %s", dir)
	}
	ctx := tb.Context()
	start := time.Now()
	errs := make([]error, len(crds))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8) // the server takes many at once; this keeps 2 cores usable
	for i, crd := range crds {
		if webhook != nil {
			pointAt(crd, webhook)
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = c.apply(ctx, crd)
		})
	}
	wg.Wait()
	var failed []string
	for _, err := range errs {
		if err != nil {
			failed = append(failed, err.Error())
		}
	}
	if len(failed) > 0 {
		tb.Fatalf("installing CRDs from %s:\n  %s", dir, strings.Join(failed, "\n  "))
	}
	if err := c.waitReady(ctx, crds); err != nil {
		tb.Fatal(err)
	}
	tb.Logf("cluster: %d CRDs from %s installed and established in %s", len(crds), dir, time.Since(start).Round(time.Millisecond))
}

// pointAt sends crd's conversion reviews, if it converts by webhook, to webhook.
func pointAt(crd *apiextv1.CustomResourceDefinition, webhook *WebhookConfig) {
	conv := crd.Spec.Conversion
	if conv == nil || conv.Strategy != apiextv1.WebhookConverter || conv.Webhook == nil {
		return
	}
	url := webhook.URL
	conv.Webhook.ClientConfig = &apiextv1.WebhookClientConfig{URL: &url, CABundle: webhook.CABundle}
}

// applyAttempts bounds how often apply tries again after the server's own request timeout.
const applyAttempts = 5

// apply creates crd, or when it exists already (installed by an earlier test of the same
// cluster) replaces its spec, so that calling InstallCRDs twice is harmless. A busy server can
// time out creating a large CRD (the whole corpus's largest, on 2 busy cores) and still store
// it, so after a server timeout apply tries again, and a create that did land reads as exists.
func (c *Cluster) apply(ctx context.Context, crd *apiextv1.CustomResourceDefinition) error {
	for attempt := 1; ; attempt++ {
		err := c.applyOnce(ctx, crd)
		if attempt == applyAttempts || !(apierrors.IsTimeout(err) || apierrors.IsServerTimeout(err)) {
			return err
		}
	}
}

func (c *Cluster) applyOnce(ctx context.Context, crd *apiextv1.CustomResourceDefinition) error {
	want := crd.DeepCopy()
	want.ResourceVersion, want.Status = "", apiextv1.CustomResourceDefinitionStatus{}
	err := c.Client.Create(ctx, want)
	if !apierrors.IsAlreadyExists(err) {
		return wrap(err, "creating CRD %s", crd.Name)
	}
	var have apiextv1.CustomResourceDefinition
	if err := c.Client.Get(ctx, client.ObjectKey{Name: crd.Name}, &have); err != nil {
		return wrap(err, "reading CRD %s", crd.Name)
	}
	have.Spec = crd.Spec
	return wrap(c.Client.Update(ctx, &have), "updating CRD %s", crd.Name)
}

// waitReady polls until every CRD is Established and discovery lists each served version of
// its kind: a CRD is Established before discovery, which Client's mapper reads, has it.
func (c *Cluster) waitReady(ctx context.Context, crds []*apiextv1.CustomResourceDefinition) error {
	var notYet []string
	timeout := crdTimeout(len(crds))
	err := wait.PollUntilContextTimeout(ctx, pollEvery, timeout, true, func(ctx context.Context) (bool, error) {
		var err error
		if notYet, err = c.notEstablished(ctx, crds); err != nil {
			// A list of every schema can fail on a busy server (a stream reset); ask again.
			notYet = []string{"listing CRDs: " + err.Error()}
			return false, nil
		}
		if len(notYet) > 0 {
			return false, nil
		}
		notYet = c.notDiscovered(crds)
		return len(notYet) == 0, nil
	})
	if err != nil {
		return fmt.Errorf("CRDs not ready after %s (%v):\n  %s", timeout, err, strings.Join(notYet, "\n  "))
	}
	return nil
}

// notEstablished lists, with their conditions, the crds not Established yet: one List, as a
// Get each would take seconds for a few dozen CRDs on a busy machine.
func (c *Cluster) notEstablished(ctx context.Context, crds []*apiextv1.CustomResourceDefinition) ([]string, error) {
	var list apiextv1.CustomResourceDefinitionList
	if err := c.Client.List(ctx, &list); err != nil {
		return nil, err
	}
	have := make(map[string]*apiextv1.CustomResourceDefinition, len(list.Items))
	for i := range list.Items {
		have[list.Items[i].Name] = &list.Items[i]
	}
	var out []string
	for _, crd := range crds {
		switch h := have[crd.Name]; {
		case h == nil:
			out = append(out, crd.Name+": not listed yet")
		case !established(h):
			out = append(out, fmt.Sprintf("%s: %s", crd.Name, conditions(h)))
		}
	}
	return out, nil
}

// notDiscovered lists the served versions of crds that discovery does not list yet, asking
// once per group and version.
func (c *Cluster) notDiscovered(crds []*apiextv1.CustomResourceDefinition) []string {
	kinds := map[schema.GroupVersion][]string{}
	for _, crd := range crds {
		for _, v := range crd.Spec.Versions {
			if v.Served {
				gv := schema.GroupVersion{Group: crd.Spec.Group, Version: v.Name}
				kinds[gv] = append(kinds[gv], crd.Spec.Names.Kind)
			}
		}
	}
	var out []string
	for gv, want := range kinds {
		list, err := c.discovery.ServerResourcesForGroupVersion(gv.String())
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %v", gv, err))
			continue
		}
		listed := map[string]bool{}
		for _, r := range list.APIResources {
			listed[r.Kind] = true
		}
		for _, k := range want {
			if !listed[k] {
				out = append(out, fmt.Sprintf("%s %s: not in discovery yet", gv, k))
			}
		}
	}
	return out
}

func established(crd *apiextv1.CustomResourceDefinition) bool {
	for _, cond := range crd.Status.Conditions {
		if cond.Type == apiextv1.Established {
			return cond.Status == apiextv1.ConditionTrue
		}
	}
	return false
}

func conditions(crd *apiextv1.CustomResourceDefinition) string {
	var out []string
	for _, cond := range crd.Status.Conditions {
		out = append(out, fmt.Sprintf("%s=%s (%s: %s)", cond.Type, cond.Status, cond.Reason, cond.Message))
	}
	if len(out) == 0 {
		return "no conditions yet"
	}
	return strings.Join(out, "; ")
}

// wrap is fmt.Errorf with %w, but nil for a nil err.
func wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}
