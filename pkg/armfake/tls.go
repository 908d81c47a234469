package armfake

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
	"time"
)

// certificates are the CA and serving certificate made at start. The Azure SDK refuses bearer
// tokens over plain HTTP, so armfake speaks HTTPS only; clients trust the CA through its file
// (SSL_CERT_FILE) or pool.
type certificates struct {
	caPEM  []byte
	pool   *x509.CertPool
	server tls.Certificate
}

func newCertificates(hosts []string) (*certificates, error) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	caTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "armfake CA", Organization: []string{"armgen"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(10 * 365 * 24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "armfake"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(10 * 365 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else if h != "" {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	return &certificates{
		caPEM:  pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		pool:   pool,
		server: tls.Certificate{Certificate: [][]byte{der, caDER}, PrivateKey: key},
	}, nil
}

// writeCA writes the CA certificate into dir (a new temporary folder when dir is empty).
func (c *certificates) writeCA(dir string) (file string, tempDir string, err error) {
	if dir == "" {
		if tempDir, err = os.MkdirTemp("", "armfake-"); err != nil {
			return "", "", err
		}
		dir = tempDir
	}
	file = filepath.Join(dir, "armfake-ca.pem")
	if err := os.WriteFile(file, c.caPEM, 0o644); err != nil {
		return "", tempDir, fmt.Errorf("writing the CA file: %w", err)
	}
	return file, tempDir, nil
}
