package cluster

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/armgen/armgen/internal/webhookcerts"
)

// The file names controller-runtime's webhook server reads from its cert dir, and the CA
// beside them for whoever wants to call the webhook by hand.
const (
	CertFile = "tls.crt"
	KeyFile  = "tls.key"
	CAFile   = "ca.crt"
)

// WriteServingCert writes a serving certificate for 127.0.0.1 (and localhost, for people),
// valid from now for lifetime, its key and its CA into dir, for a manager's webhook server run
// on this machine (tests, devcluster), and returns the CA's PEM, which the CRDs take as their CA
// bundle. The certificates are the operator's own (webhookcerts), so the tests exercise what a
// cluster is served.
func WriteServingCert(dir string, now time.Time, lifetime time.Duration) (caPEM []byte, err error) {
	s, err := webhookcerts.IssueStandalone([]string{"127.0.0.1", "localhost"}, now, lifetime)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	for name, data := range map[string][]byte{CertFile: s.CertPEM, KeyFile: s.KeyPEM, CAFile: s.CAPEM} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			return nil, fmt.Errorf("writing the webhook certificate: %w", err)
		}
	}
	return s.CAPEM, nil
}
