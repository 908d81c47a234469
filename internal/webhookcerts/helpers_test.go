package webhookcerts

import (
	"context"
	"crypto/x509"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

var (
	resourceGroup = schema.GroupKind{Group: "resources.azure.com", Kind: "ResourceGroup"}
	t0            = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
)

// clock is a settable time for Options.Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

func testScheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := apiextv1.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return s
}

func newClient(t *testing.T, funcs *interceptor.Funcs, objs ...client.Object) client.WithWatch {
	t.Helper()
	b := fake.NewClientBuilder().WithScheme(testScheme(t)).WithObjects(objs...)
	if funcs != nil {
		b = b.WithInterceptorFuncs(*funcs)
	}
	return b.Build()
}

func newRotator(t *testing.T, c client.Client, clk *clock, mod ...func(*Options)) *Rotator {
	t.Helper()
	o := Options{Namespace: "ops", Kinds: []schema.GroupKind{resourceGroup}, Now: clk.Now,
		CAValidity: 30 * time.Hour, ServingValidity: 3 * time.Hour}
	for _, m := range mod {
		m(&o)
	}
	r, err := New(c, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func sync1(t *testing.T, r *Rotator) {
	t.Helper()
	if _, err := r.Sync(context.Background()); err != nil {
		t.Fatalf("Sync: %v", err)
	}
}

func readSecret(t *testing.T, c client.Client) *corev1.Secret {
	t.Helper()
	var s corev1.Secret
	if err := c.Get(context.Background(), client.ObjectKey{Namespace: "ops", Name: DefaultSecretName}, &s); err != nil {
		t.Fatalf("reading the Secret: %v", err)
	}
	return &s
}

// servedLeaf is the certificate r hands to a TLS client.
func servedLeaf(t *testing.T, r *Rotator) *x509.Certificate {
	t.Helper()
	c, err := r.GetCertificate(nil)
	if err != nil {
		t.Fatalf("GetCertificate: %v", err)
	}
	leaf, err := x509.ParseCertificate(c.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	return leaf
}

// verify checks leaf as the API server would for host at now, trusting bundle (PEM).
func verify(leaf *x509.Certificate, bundle []byte, host string, now time.Time) error {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(bundle)
	_, err := leaf.Verify(x509.VerifyOptions{DNSName: host, Roots: pool, CurrentTime: now})
	return err
}

// crd is a CRD of group/kind converting by webhook through the operator's Service, or with
// strategy None when webhook is false.
func crd(group, kind, plural string, webhook bool) *apiextv1.CustomResourceDefinition {
	c := &apiextv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: plural + "." + group},
		Spec: apiextv1.CustomResourceDefinitionSpec{
			Group: group,
			Names: apiextv1.CustomResourceDefinitionNames{Kind: kind, Plural: plural, ListKind: kind + "List", Singular: kind},
			Scope: apiextv1.NamespaceScoped,
			Versions: []apiextv1.CustomResourceDefinitionVersion{{Name: "v1", Served: true, Storage: true,
				Schema: &apiextv1.CustomResourceValidation{OpenAPIV3Schema: &apiextv1.JSONSchemaProps{Type: "object"}}}},
			Conversion: &apiextv1.CustomResourceConversion{Strategy: apiextv1.NoneConverter},
		},
	}
	if webhook {
		c.Spec.Conversion = &apiextv1.CustomResourceConversion{
			Strategy: apiextv1.WebhookConverter,
			Webhook: &apiextv1.WebhookConversion{
				ConversionReviewVersions: []string{"v1"},
				ClientConfig: &apiextv1.WebhookClientConfig{Service: &apiextv1.ServiceReference{
					Namespace: "ops", Name: DefaultServiceName, Path: ptr("/convert")}},
			},
		}
	}
	return c
}

func ptr[T any](v T) *T { return &v }

func caBundleOf(t *testing.T, c client.Client, name string) []byte {
	t.Helper()
	var got apiextv1.CustomResourceDefinition
	if err := c.Get(context.Background(), client.ObjectKey{Name: name}, &got); err != nil {
		t.Fatal(err)
	}
	conv := got.Spec.Conversion
	if conv == nil || conv.Webhook == nil || conv.Webhook.ClientConfig == nil {
		return nil
	}
	return conv.Webhook.ClientConfig.CABundle
}
