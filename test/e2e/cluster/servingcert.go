package cluster

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
	"os"
	"path/filepath"
	"time"
)

// The file names controller-runtime's webhook server reads from its cert dir, and the CA
// beside them for whoever wants to call the webhook by hand.
const (
	CertFile = "tls.crt"
	KeyFile  = "tls.key"
	CAFile   = "ca.crt"
)

// WriteServingCert writes a self-signed certificate for 127.0.0.1, valid from now for
// lifetime, and its key into dir, for a manager's webhook server run on this machine (tests,
// devcluster), and returns its PEM, which the CRDs take as their CA bundle. Self-signed is
// enough: the API server is its only client, and trusts exactly this certificate.
func WriteServingCert(dir string, now time.Time, lifetime time.Duration) (caPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "armgen conversion webhook"},
		NotBefore:    now.Add(-time.Minute), // clocks of the API server and this process agree, but be kind
		NotAfter:     now.Add(lifetime),
		// The API server calls https://127.0.0.1:<port>; localhost is there for people.
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	for name, data := range map[string][]byte{CertFile: certPEM, KeyFile: keyPEM, CAFile: certPEM} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			return nil, fmt.Errorf("writing the webhook certificate: %w", err)
		}
	}
	return certPEM, nil
}
