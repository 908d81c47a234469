package webhookcerts

import (
	"errors"
	"time"
)

// Standalone is a CA and a serving certificate it signed, as PEM, for a webhook server whose
// certificate lives in files rather than the operator's Secret (the end-to-end harness, the dev
// cluster): issued from the same templates as the rotator's, so what the tests trust is what
// the operator serves.
type Standalone struct {
	// CAPEM is the bundle the CRDs trust (their caBundle, ca.crt).
	CAPEM []byte
	// CertPEM and KeyPEM are the serving pair (tls.crt, tls.key).
	CertPEM, KeyPEM []byte
}

// IssueStandalone makes a CA valid for lifetime from now and a serving certificate for hosts
// (DNS names or IP addresses, the first its common name) signed by it.
func IssueStandalone(hosts []string, now time.Time, lifetime time.Duration) (*Standalone, error) {
	if len(hosts) == 0 {
		return nil, errors.New("a serving certificate needs at least one host")
	}
	ca, err := newCA(now, lifetime)
	if err != nil {
		return nil, err
	}
	serving, err := newServing(ca, hosts, now, lifetime)
	if err != nil {
		return nil, err
	}
	return &Standalone{CAPEM: ca.certPEM, CertPEM: serving.certPEM, KeyPEM: serving.keyPEM}, nil
}
