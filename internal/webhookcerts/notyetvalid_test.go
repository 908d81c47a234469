package webhookcerts

import (
	"bytes"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestNotYetValidSecretReplaced: a Secret written by a replica whose clock ran ahead holds
// certificates that only start later. The API server rejects a certificate before its start,
// so a CA not yet valid is replaced and a serving certificate not yet valid is reissued, the
// same as an expired one, rather than served as it is.
func TestNotYetValidSecretReplaced(t *testing.T) {
	host := "armgen-webhook-service.ops.svc"
	ahead := func(t *testing.T) map[string][]byte {
		c := newClient(t, nil)
		sync1(t, newRotator(t, c, &clock{now: t0.Add(48 * time.Hour)}))
		return readSecret(t, c).Data
	}
	cases := map[string]struct {
		data   func(t *testing.T) map[string][]byte
		keepCA bool
	}{
		"CA and serving from the future": {data: ahead},
		"serving from the future": {keepCA: true, data: func(t *testing.T) map[string][]byte {
			c := newClient(t, nil)
			r := newRotator(t, c, &clock{now: t0})
			sync1(t, r)
			d := readSecret(t, c).Data
			m, err := parseMaterial(d, t0)
			if err != nil {
				t.Fatal(err)
			}
			s, err := newServing(m.ca, r.opts.hosts(), t0.Add(10*time.Hour), 3*time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			d[keyServingCert], d[keyServingKey] = s.certPEM, s.keyPEM
			return d
		}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			data := tc.data(t)
			oldCA := data[keyCABundle]
			c := newClient(t, nil, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ops", Name: DefaultSecretName}, Data: data})
			r := newRotator(t, c, &clock{now: t0})
			sync1(t, r)
			sec := readSecret(t, c)
			if got := bytes.Equal(sec.Data[keyCABundle], oldCA); got != tc.keepCA {
				t.Errorf("CA kept: %v, want %v", got, tc.keepCA)
			}
			if err := verify(servedLeaf(t, r), sec.Data[keyCABundle], host, t0); err != nil {
				t.Errorf("the served certificate does not verify now: %v", err)
			}
		})
	}
}
