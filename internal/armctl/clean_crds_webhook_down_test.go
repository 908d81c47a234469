package armctl

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armgen/armgen/internal/crdclean"
	"github.com/armgen/armgen/internal/testapiserver"
)

// setConversion gives the operator's widgets CRD conv and waits until the API server reads
// apps/w1 through it (want: whether that read should fail).
func setConversion(t *testing.T, s *testapiserver.Server, conv *apiextv1.CustomResourceConversion, fails bool) {
	t.Helper()
	api := s.Extensions.ApiextensionsV1().CustomResourceDefinitions()
	crd, err := api.Get(t.Context(), "widgets."+widgets.Group, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	crd.Spec.Conversion = conv
	if _, err := api.Update(t.Context(), crd, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	res := s.Dynamic.Resource(schema.GroupVersionResource{Group: widgets.Group, Version: newVersion, Resource: widgets.Resource})
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, err := res.Namespace("apps").Get(t.Context(), "w1", metav1.GetOptions{})
		if (err != nil) == fails {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the API server did not take up the conversion %+v: read error %v", conv, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// `armctl clean crds` while the conversion webhook is down (the operator not running, its
// Service gone) cannot read the objects stored at the old version: it says so, naming the CRD,
// rewrites nothing and leaves status.storedVersions as it was, so no object is stranded at a
// version the CRD may then drop. Once the webhook answers again, the same command cleans.
func TestCleanCRDsWithTheWebhookDownChangesNothing(t *testing.T) {
	s := cleanFixture(t)
	dead := "https://127.0.0.1:1/convert"
	setConversion(t, s, &apiextv1.CustomResourceConversion{
		Strategy: apiextv1.WebhookConverter,
		Webhook: &apiextv1.WebhookConversion{
			ClientConfig:             &apiextv1.WebhookClientConfig{URL: &dead},
			ConversionReviewVersions: []string{"v1"},
		},
	}, true)
	var out bytes.Buffer
	c := crdclean.Cleaner{
		CRDs: s.Extensions.ApiextensionsV1().CustomResourceDefinitions(), Dynamic: s.Dynamic,
		Groups: []string{widgets.Group}, Out: &out, PageSize: 2,
	}
	res, err := c.Run(t.Context())
	if err == nil || !strings.Contains(err.Error(), "widgets."+widgets.Group) || !strings.Contains(err.Error(), "status.storedVersions left as it was") {
		t.Fatalf("with the webhook down: %v (rewrote %d), want an error naming the CRD that changed nothing\n%s", err, res.Rewritten, out.String())
	}
	if got, want := storedVersions(t, s, widgets.Group), []string{oldVersion, newVersion}; !slices.Equal(got, want) {
		t.Errorf("storedVersions %v after a failed clean, want %v", got, want)
	}
	for o, at := range storedAt(t, s, widgets.Group) {
		if at != widgets.Group+"/"+oldVersion {
			t.Errorf("%s is stored at %s after a failed clean", o, at)
		}
	}

	// The webhook answers again (here: the versions need no conversion).
	setConversion(t, s, &apiextv1.CustomResourceConversion{Strategy: apiextv1.NoneConverter}, false)
	out.Reset()
	if _, err := c.Run(t.Context()); err != nil {
		t.Fatalf("once the webhook answers: %v\n%s", err, out.String())
	}
	if got, want := storedVersions(t, s, widgets.Group), []string{newVersion}; !slices.Equal(got, want) {
		t.Errorf("storedVersions %v after the clean, want %v", got, want)
	}
}
