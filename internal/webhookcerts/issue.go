package webhookcerts

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"time"
)

// keyPair is a certificate with its private key, parsed and as PEM.
type keyPair struct {
	cert    *x509.Certificate
	key     *ecdsa.PrivateKey
	certPEM []byte
	keyPEM  []byte
}

// backdate is how far before now a certificate starts: the API server's clock may lag ours.
// A short lifetime (tests) backdates less, so that renewal at two thirds of the life still
// falls after the issue.
func backdate(lifetime time.Duration) time.Duration {
	return min(time.Minute, lifetime/10)
}

// newCA makes a self-signed CA valid for lifetime from now.
func newCA(now time.Time, lifetime time.Duration) (*keyPair, error) {
	tmpl := &x509.Certificate{
		Subject:               pkix.Name{CommonName: fmt.Sprintf("armgen webhook CA %s", now.UTC().Format(time.RFC3339))},
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	return issue(tmpl, nil, now, lifetime)
}

// newServing makes a serving certificate for hosts (DNS names or IP addresses) signed by ca.
func newServing(ca *keyPair, hosts []string, now time.Time, lifetime time.Duration) (*keyPair, error) {
	tmpl := &x509.Certificate{
		Subject:     pkix.Name{CommonName: hosts[0]},
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	// A serving certificate never outlives its CA: the API server would stop trusting it first.
	if end := ca.cert.NotAfter; now.Add(lifetime).After(end) {
		lifetime = end.Sub(now)
	}
	return issue(tmpl, ca, now, lifetime)
}

// issue signs tmpl with parent (self-signed when nil) and a new P-256 key.
func issue(tmpl *x509.Certificate, parent *keyPair, now time.Time, lifetime time.Duration) (*keyPair, error) {
	if lifetime <= 0 {
		return nil, fmt.Errorf("certificate lifetime %s: must be positive", lifetime)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, err
	}
	tmpl.SerialNumber = serial
	tmpl.NotBefore = now.Add(-backdate(lifetime))
	tmpl.NotAfter = now.Add(lifetime)
	signer, signerCert := key, tmpl
	if parent != nil {
		signer, signerCert = parent.key, parent.cert
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, signerCert, &key.PublicKey, signer)
	if err != nil {
		return nil, fmt.Errorf("signing %q: %w", tmpl.Subject.CommonName, err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, err
	}
	return &keyPair{
		cert:    cert,
		key:     key,
		certPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		keyPEM:  pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}),
	}, nil
}

// renewAt is when a certificate is due for renewal: two thirds into its life, which leaves a
// third of it for every replica to pick the new one up.
func renewAt(c *x509.Certificate) time.Time {
	life := c.NotAfter.Sub(c.NotBefore)
	return c.NotBefore.Add(life * 2 / 3)
}
