package webhookcerts

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
)

// The Secret's keys: tls.crt and tls.key as cert-manager and controller-runtime name them, the
// CA bundle the CRDs trust as ca.crt, and the key of the bundle's first (newest) CA.
const (
	keyServingCert = corev1.TLSCertKey
	keyServingKey  = corev1.TLSPrivateKeyKey
	keyCABundle    = "ca.crt"
	keyCAKey       = "ca.key"
)

// material is what the Secret holds, parsed.
type material struct {
	// ca signs new serving certificates; it is bundle[0].
	ca *keyPair
	// bundle is every CA the CRDs are to trust, newest first: older ones stay until they
	// expire, as a replica may still serve a certificate one of them signed.
	bundle []*x509.Certificate
	// serving is nil when the Secret has none, or one that does not parse or match its key.
	serving *keyPair
}

// parseMaterial reads a Secret's data. An error means no usable CA: the Secret is to be
// replaced. A broken serving certificate alone is not an error (serving is nil): the CA
// issues another.
func parseMaterial(data map[string][]byte, now time.Time) (*material, error) {
	bundle, err := parseCerts(data[keyCABundle])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", keyCABundle, err)
	}
	if len(bundle) == 0 {
		return nil, fmt.Errorf("%s holds no certificate", keyCABundle)
	}
	caPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: bundle[0].Raw})
	ca, err := parsePair(caPEM, data[keyCAKey])
	if err != nil {
		return nil, fmt.Errorf("the CA of %s with %s: %w", keyCABundle, keyCAKey, err)
	}
	if !ca.cert.IsCA {
		return nil, fmt.Errorf("the first certificate of %s is not a CA", keyCABundle)
	}
	if !now.Before(ca.cert.NotAfter) {
		return nil, fmt.Errorf("the CA expired at %s", ca.cert.NotAfter.UTC().Format(time.RFC3339))
	}
	// Written by a clock running ahead: the API server would reject every certificate it
	// signed until then, so it is as unusable as an expired one.
	if now.Before(ca.cert.NotBefore) {
		return nil, fmt.Errorf("the CA is not valid until %s", ca.cert.NotBefore.UTC().Format(time.RFC3339))
	}
	m := &material{ca: ca, bundle: bundle}
	if s, err := parsePair(data[keyServingCert], data[keyServingKey]); err == nil {
		m.serving = s
	}
	return m, nil
}

// parsePair parses a certificate and its ECDSA key, checking that they belong together.
func parsePair(certPEM, keyPEM []byte) (*keyPair, error) {
	pair, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return nil, err
	}
	key, ok := pair.PrivateKey.(*ecdsa.PrivateKey)
	if !ok {
		return nil, errors.New("the key is not an ECDSA key")
	}
	return &keyPair{cert: pair.Leaf, key: key, certPEM: certPEM, keyPEM: keyPEM}, nil
}

// parseCerts reads every CERTIFICATE block of a PEM bundle.
func parseCerts(data []byte) ([]*x509.Certificate, error) {
	var out []*x509.Certificate
	for rest := bytes.TrimSpace(data); len(rest) > 0; rest = bytes.TrimSpace(rest) {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			return nil, errors.New("not PEM")
		}
		if block.Type != "CERTIFICATE" {
			continue
		}
		c, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// encodeCerts writes certs as one PEM bundle.
func encodeCerts(certs []*x509.Certificate) []byte {
	var b bytes.Buffer
	for _, c := range certs {
		_ = pem.Encode(&b, &pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})
	}
	return b.Bytes()
}

// data is the Secret's data for m.
func (m *material) data() map[string][]byte {
	return map[string][]byte{
		keyCABundle:    encodeCerts(m.bundle),
		keyCAKey:       m.ca.keyPEM,
		keyServingCert: m.serving.certPEM,
		keyServingKey:  m.serving.keyPEM,
	}
}

// tlsCertificate is the serving certificate as the webhook server hands it out.
func (m *material) tlsCertificate() (*tls.Certificate, error) {
	c, err := tls.X509KeyPair(m.serving.certPEM, m.serving.keyPEM)
	return &c, err
}

// freshMaterial is a new CA and a serving certificate it signed.
func freshMaterial(now time.Time, o *Options) (*material, error) {
	ca, err := newCA(now, o.CAValidity)
	if err != nil {
		return nil, err
	}
	m := &material{ca: ca, bundle: []*x509.Certificate{ca.cert}}
	return m, m.reissueServing(now, o)
}

func (m *material) reissueServing(now time.Time, o *Options) error {
	s, err := newServing(m.ca, o.hosts(), now, o.ServingValidity)
	if err != nil {
		return err
	}
	m.serving = s
	return nil
}

// renewCA adds a new CA in front of the bundle when the current one is due, and drops CAs
// that have expired. It says why it changed m, or "" when it did not.
func (m *material) renewCA(now time.Time, o *Options) (string, error) {
	var reasons []string
	kept := m.bundle[:1]
	for _, c := range m.bundle[1:] {
		if now.Before(c.NotAfter) {
			kept = append(kept, c)
		}
	}
	if len(kept) < len(m.bundle) {
		reasons = append(reasons, "an expired CA left the bundle")
	}
	m.bundle = kept
	if !now.Before(renewAt(m.ca.cert)) {
		ca, err := newCA(now, o.CAValidity)
		if err != nil {
			return "", err
		}
		m.ca, m.bundle = ca, append([]*x509.Certificate{ca.cert}, m.bundle...)
		reasons = append(reasons, "the CA was due for renewal")
	}
	return strings.Join(reasons, "; "), nil
}

// servingDue says why the serving certificate must be reissued, or "" when it is fine: it
// is missing, due for renewal, signed by an older CA than the current one, or does not name
// every host the webhook is called by.
func (m *material) servingDue(now time.Time, o *Options) string {
	s := m.serving
	switch {
	case s == nil:
		return "there is no valid serving certificate"
	case now.Before(s.cert.NotBefore):
		return "the serving certificate is not valid until " + s.cert.NotBefore.UTC().Format(time.RFC3339)
	case !now.Before(renewAt(s.cert)):
		return "the serving certificate was due for renewal"
	case s.cert.CheckSignatureFrom(m.ca.cert) != nil:
		return "the serving certificate is not signed by the current CA"
	}
	for _, h := range o.hosts() {
		if s.cert.VerifyHostname(h) != nil {
			return fmt.Sprintf("the serving certificate does not name %s", h)
		}
	}
	return ""
}

// nextCheck is when m next needs attention, whatever the polling interval.
func (m *material) nextCheck() time.Time {
	next := renewAt(m.ca.cert)
	if m.serving != nil {
		next = earliest(next, renewAt(m.serving.cert))
	}
	for _, c := range m.bundle[1:] {
		next = earliest(next, c.NotAfter)
	}
	return next
}

func earliest(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
