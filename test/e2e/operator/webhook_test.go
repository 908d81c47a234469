package operator_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// serveWebhook runs a manager in webhooks mode, as a deployment with separate webhook and
// watcher pods would: it serves the conversion webhook for every test, while each test runs its
// own watchers. The serving certificate is made here for 127.0.0.1.
func serveWebhook(tb testing.TB, c *cluster.Cluster) *cluster.WebhookConfig {
	dir := tb.TempDir()
	caPEM := writeServingCert(tb, dir)
	port := freePort(tb)
	op, err := manager.New(c.Config, manager.Options{
		Settings:        settings.Settings{OperatorMode: settings.ModeWebhooks},
		MetricsAddr:     "0",
		HealthAddr:      "0",
		WebhookHost:     "127.0.0.1",
		WebhookPort:     port,
		WebhookCertDir:  dir,
		SeveralManagers: true,
	})
	if err != nil {
		tb.Fatal(err)
	}
	startManager(tb, op)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(caPEM)
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := tls.Dial("tcp", addr, &tls.Config{RootCAs: pool})
		if err == nil {
			conn.Close()
			break
		}
		if time.Now().After(deadline) {
			tb.Fatalf("the manager's webhook server did not start on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return &cluster.WebhookConfig{URL: "https://" + addr + "/convert", CABundle: caPEM}
}

// writeServingCert writes a self-signed tls.crt and tls.key for 127.0.0.1 into dir and returns
// the certificate, which is its own CA.
func writeServingCert(tb testing.TB, dir string) []byte {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "armgen-webhook"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		tb.Fatal(err)
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER})
	if err := os.WriteFile(filepath.Join(dir, "tls.crt"), certPEM, 0o600); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tls.key"), keyPEM, 0o600); err != nil {
		tb.Fatal(err)
	}
	return certPEM
}

func freePort(tb testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
