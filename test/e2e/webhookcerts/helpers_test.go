package webhookcerts_test

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"net"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v20200601 "github.com/armgen/armgen/generated/resources/v1api20200601"
	v20210401 "github.com/armgen/armgen/generated/resources/v1api20210401"
	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/settings"
	iwc "github.com/armgen/armgen/internal/webhookcerts"
	"github.com/armgen/armgen/test/e2e/cluster"
)

const (
	operatorNS = "armgen-system"
	crdName    = "resourcegroups.resources.azure.com"
)

// webhook is the operator's conversion webhook on 127.0.0.1: the CRDs are pointed at its URL,
// which the operator's certificate names through ExtraHosts, as a Service name in a cluster.
type webhook struct {
	port int
	addr string
}

func newWebhook(t *testing.T) *webhook {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return &webhook{port: port, addr: fmt.Sprintf("127.0.0.1:%d", port)}
}

// start runs a manager in webhooks mode with the operator's own certificates, kept as certs
// says, until the returned stop (or the test's end).
func (w *webhook) start(t *testing.T, certs iwc.Options) (stop func()) {
	t.Helper()
	certs.ExtraHosts = []string{"127.0.0.1"}
	op, err := manager.New(shared.Config, manager.Options{
		Settings:           settings.Settings{OperatorMode: settings.ModeWebhooks, PodNamespace: operatorNS},
		MetricsAddr:        "0",
		HealthAddr:         "0",
		WebhookHost:        "127.0.0.1",
		WebhookPort:        w.port,
		WebhookCerts:       iwc.ModeOperator,
		WebhookCertOptions: certs,
		SeveralManagers:    true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return cluster.StartManager(t, op)
}

// served is the certificate the webhook hands out now, or an error while it serves none.
func (w *webhook) served() (*x509.Certificate, error) {
	conn, err := tls.DialWithDialer(&net.Dialer{Timeout: 2 * time.Second}, "tcp", w.addr, &tls.Config{InsecureSkipVerify: true}) //nolint:gosec // the test inspects what is served
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	return conn.ConnectionState().PeerCertificates[0], nil
}

func secret(t *testing.T) *corev1.Secret {
	t.Helper()
	var s corev1.Secret
	if err := shared.Client.Get(t.Context(), client.ObjectKey{Namespace: operatorNS, Name: iwc.DefaultSecretName}, &s); err != nil {
		t.Fatalf("reading the operator's Secret: %v", err)
	}
	return &s
}

func caBundle(t *testing.T) []byte {
	t.Helper()
	var crd apiextv1.CustomResourceDefinition
	if err := shared.Client.Get(t.Context(), client.ObjectKey{Name: crdName}, &crd); err != nil {
		t.Fatal(err)
	}
	return crd.Spec.Conversion.Webhook.ClientConfig.CABundle
}

func parsePEM(t *testing.T, data []byte) []*x509.Certificate {
	t.Helper()
	var out []*x509.Certificate
	for rest := data; ; {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			return out
		}
		c, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
}

// convert writes a ResourceGroup at v1api20200601 and reads it back at v1api20210401: both
// go through the conversion webhook, as the storage version is neither.
func convert(t *testing.T, ns, name string) error {
	ctx := t.Context()
	old := &v20200601.ResourceGroup{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns},
		Spec:       v20200601.ResourceGroup_Spec{Location: ptr.To("westeurope"), Tags: map[string]string{"n": name}},
	}
	if err := shared.Client.Create(ctx, old); err != nil {
		return fmt.Errorf("creating at v1api20200601: %w", err)
	}
	var asNew v20210401.ResourceGroup
	if err := shared.Client.Get(ctx, client.ObjectKeyFromObject(old), &asNew); err != nil {
		return fmt.Errorf("reading at v1api20210401: %w", err)
	}
	if asNew.Spec.Tags["n"] != name || ptr.Deref(asNew.Spec.Location, "") != "westeurope" {
		return fmt.Errorf("read at v1api20210401: %+v, want what was written", asNew.Spec)
	}
	return nil
}

// eventually retries f until it succeeds or timeout passes, then fails with its last error.
func eventually(t *testing.T, timeout time.Duration, what string, f func() error) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		err := f()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still failing after %s: %v", what, timeout, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func isAlreadyExists(err error) bool { return apierrors.IsAlreadyExists(err) }

// trustedBy says whether one of cas signed leaf.
func trustedBy(leaf *x509.Certificate, cas []*x509.Certificate) bool {
	for _, ca := range cas {
		if leaf.CheckSignatureFrom(ca) == nil {
			return true
		}
	}
	return false
}

func isNotFound(err error) bool { return apierrors.IsNotFound(err) }
