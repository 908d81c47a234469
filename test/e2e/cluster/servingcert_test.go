package cluster

import (
	"crypto/tls"
	"crypto/x509"
	"path/filepath"
	"testing"
	"time"
)

// TestServingCertVerifiesFor127001: the API server checks the webhook's certificate against
// the CA bundle put in the CRDs, for the address in the URL; the files are the ones
// controller-runtime's webhook server loads.
func TestServingCertVerifiesFor127001(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	ca, err := WriteServingCert(dir, now, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	pair, err := tls.LoadX509KeyPair(filepath.Join(dir, CertFile), filepath.Join(dir, KeyFile))
	if err != nil {
		t.Fatalf("the webhook server could not load the pair: %v", err)
	}
	leaf, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(ca) {
		t.Fatal("the CA bundle holds no certificate")
	}
	opts := x509.VerifyOptions{DNSName: "127.0.0.1", Roots: roots, CurrentTime: now, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	if _, err := leaf.Verify(opts); err != nil {
		t.Fatalf("certificate does not verify for 127.0.0.1: %v", err)
	}
	opts.DNSName = "example.com"
	if _, err := leaf.Verify(opts); err == nil {
		t.Fatal("certificate verifies for a name it was not made for")
	}
}
