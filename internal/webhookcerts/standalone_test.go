package webhookcerts

import (
	"crypto/tls"
	"crypto/x509"
	"testing"
	"time"
)

// TestStandaloneVerifiesForItsHosts: the pair loads as a TLS server's, and its certificate
// verifies against the CA bundle for each host it was issued for, and no other.
func TestStandaloneVerifiesForItsHosts(t *testing.T) {
	now := time.Now()
	s, err := IssueStandalone([]string{"127.0.0.1", "localhost"}, now, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	pair, err := tls.X509KeyPair(s.CertPEM, s.KeyPEM)
	if err != nil {
		t.Fatalf("a webhook server could not load the pair: %v", err)
	}
	leaf, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(s.CAPEM) {
		t.Fatal("the CA bundle holds no certificate")
	}
	for host, want := range map[string]bool{"127.0.0.1": true, "localhost": true, "example.com": false} {
		opts := x509.VerifyOptions{DNSName: host, Roots: roots, CurrentTime: now, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
		if _, err := leaf.Verify(opts); (err == nil) != want {
			t.Errorf("verifies for %s: %v, want %v", host, err == nil, want)
		}
	}
	if _, err := IssueStandalone(nil, now, time.Hour); err == nil {
		t.Error("a certificate for no host was issued")
	}
}
