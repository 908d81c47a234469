package manager

import (
	"strings"
	"testing"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/webhook"

	"github.com/armgen/armgen/internal/webhookcerts"
)

// TestWebhookCertsModeChecked: a --webhook-certs value that did not come through the flag
// (a caller of New) is refused with the accepted values, not served without a certificate.
func TestWebhookCertsModeChecked(t *testing.T) {
	_, _, err := webhookServer(&rest.Config{Host: "https://127.0.0.1:1"}, nil, Options{WebhookCerts: webhookcerts.Mode("cert-manager")})
	if err == nil || !strings.Contains(err.Error(), `--webhook-certs "cert-manager": accepted values are operator, files`) {
		t.Fatalf("err = %v, want the accepted values", err)
	}
}

// TestWebhookCertsFilesMode: with files, no Rotator runs and the cert dir is the server's.
func TestWebhookCertsFilesMode(t *testing.T) {
	srv, rot, err := webhookServer(&rest.Config{Host: "https://127.0.0.1:1"}, nil, Options{WebhookCerts: webhookcerts.ModeFiles, WebhookCertDir: "/certs"})
	if err != nil {
		t.Fatal(err)
	}
	if rot != nil {
		t.Error("a Rotator runs with --webhook-certs=files")
	}
	if dir := srv.(*webhook.DefaultServer).Options.CertDir; dir != "/certs" {
		t.Errorf("cert dir %q, want /certs", dir)
	}
}
