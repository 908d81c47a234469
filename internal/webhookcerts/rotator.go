package webhookcerts

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// Rotator keeps the webhook's certificate: it is a manager Runnable that every replica runs
// (not only the leader: each serves the webhook), and the webhook server's GetCertificate.
type Rotator struct {
	opts Options
	c    client.Client
	log  logr.Logger

	current atomic.Pointer[tls.Certificate]

	mu       sync.Mutex // one Sync at a time; guards injected
	injected injectedCRDs
}

// New makes a Rotator that keeps its Secret and writes CRDs through c, which should read
// from the API server rather than a cache: the Secret is read only here, and a cache of CRDs
// would hold every schema in memory.
func New(c client.Client, opts Options) (*Rotator, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	return &Rotator{opts: o, c: c, log: log.Log.WithName("webhook-certs")}, nil
}

// TLSOption makes a webhook server serve the Rotator's current certificate, so a renewal
// takes effect at the next handshake, without a restart.
func (r *Rotator) TLSOption(c *tls.Config) { c.GetCertificate = r.GetCertificate }

// GetCertificate is the current serving certificate, or an error until the first Sync.
func (r *Rotator) GetCertificate(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	if c := r.current.Load(); c != nil {
		return c, nil
	}
	return nil, errors.New("the webhook's certificate is not ready yet")
}

// ReadyCheck fails until there is a certificate to serve (a healthz.Checker).
func (r *Rotator) ReadyCheck(*http.Request) error {
	_, err := r.GetCertificate(nil)
	return err
}

// NeedLeaderElection is false: every replica serves the webhook and needs the certificate.
func (r *Rotator) NeedLeaderElection() bool { return false }

// Start syncs until ctx ends: at every Interval, and sooner when a certificate falls due.
// A failed sync is logged and retried; the certificate already loaded keeps being served.
func (r *Rotator) Start(ctx context.Context) error {
	for {
		next, err := r.Sync(ctx)
		if err != nil && ctx.Err() == nil {
			r.log.Error(err, "keeping the webhook's certificate")
		}
		wait := r.opts.Interval
		if !next.IsZero() {
			wait = min(wait, max(next.Sub(r.opts.Now()), 0)+10*time.Millisecond)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
	}
}

// Sync brings the Secret, the CRDs' caBundle and the served certificate up to date once,
// and returns when the certificates next fall due. A conflict with another replica is
// resolved by reading again and adopting what it wrote.
func (r *Rotator) Sync(ctx context.Context) (next time.Time, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for range 5 {
		next, err = r.syncOnce(ctx)
		if !apierrors.IsConflict(err) && !apierrors.IsAlreadyExists(err) {
			return next, err
		}
		r.log.V(1).Info("another writer changed the webhook certificate Secret first; reading it again", "reason", err.Error())
	}
	return next, err
}

func (r *Rotator) syncOnce(ctx context.Context) (time.Time, error) {
	now := r.opts.Now()
	key := client.ObjectKey{Namespace: r.opts.Namespace, Name: r.opts.SecretName}
	var sec corev1.Secret
	err := r.c.Get(ctx, key, &sec)
	if apierrors.IsNotFound(err) {
		m, err := freshMaterial(now, &r.opts)
		if err != nil {
			return time.Time{}, err
		}
		created, err := r.create(ctx, m)
		if err != nil {
			return time.Time{}, err
		}
		r.log.Info("created the webhook's CA and serving certificate", "secret", key.String(), "caExpires", m.ca.cert.NotAfter)
		return r.finish(ctx, m, now, created)
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("reading Secret %s: %w", key, err)
	}

	m, err := parseMaterial(sec.Data, now)
	if err != nil {
		r.log.Info("replacing the webhook certificate Secret: it has no usable CA", "secret", key.String(), "problem", err.Error())
		if m, err = freshMaterial(now, &r.opts); err != nil {
			return time.Time{}, err
		}
		if err := r.update(ctx, &sec, m); err != nil {
			return time.Time{}, err
		}
		return r.finish(ctx, m, now, &sec)
	}
	why, err := m.renewCA(now, &r.opts)
	if err != nil {
		return time.Time{}, err
	}
	if why != "" {
		if m.serving == nil {
			// Nothing to serve meanwhile: sign one with the new CA right away.
			if err := m.reissueServing(now, &r.opts); err != nil {
				return time.Time{}, err
			}
		}
		if err := r.update(ctx, &sec, m); err != nil {
			return time.Time{}, err
		}
		r.log.Info("updated the webhook's CA bundle", "secret", key.String(), "why", why, "cas", len(m.bundle))
	}
	return r.finish(ctx, m, now, &sec)
}

// finish writes m's bundle into the CRDs and only then, if the serving certificate is due or
// signed by an older CA, issues a new one: the API server must trust a CA before a
// certificate it signed is served. A move to a new CA waits for a Sync that finds every CRD
// already trusting it, as the API server takes a moment to act on a CRD's new caBundle. It
// loads what is to be served.
func (r *Rotator) finish(ctx context.Context, m *material, now time.Time, sec *corev1.Secret) (time.Time, error) {
	wrote, injectErr := r.inject(ctx, m.bundle, now)
	if why := m.servingDue(now, &r.opts); why != "" {
		s := m.serving
		newCA := s != nil && s.cert.CheckSignatureFrom(m.ca.cert) != nil
		if newCA && now.Before(s.cert.NotAfter) && (injectErr != nil || wrote > 0) {
			if err := r.load(m); err != nil {
				return time.Time{}, err
			}
			if injectErr != nil {
				return time.Time{}, fmt.Errorf("%s, but the CRDs do not trust the new CA yet: %w", why, injectErr)
			}
			r.log.Info("the CRDs were just given the new CA; the serving certificate moves to it at the next check", "why", why)
			return now.Add(r.opts.Interval), nil
		}
		if err := m.reissueServing(now, &r.opts); err != nil {
			return time.Time{}, err
		}
		if err := r.update(ctx, sec, m); err != nil {
			return time.Time{}, err
		}
		r.log.Info("issued a new webhook serving certificate", "why", why, "expires", m.serving.cert.NotAfter)
	}
	if err := r.load(m); err != nil {
		return time.Time{}, err
	}
	return m.nextCheck(), injectErr
}

func (r *Rotator) load(m *material) error {
	if m.serving == nil {
		return nil
	}
	c, err := m.tlsCertificate()
	if err != nil {
		return fmt.Errorf("loading the serving certificate: %w", err)
	}
	r.current.Store(c)
	return nil
}

func (r *Rotator) create(ctx context.Context, m *material) (*corev1.Secret, error) {
	sec := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{
			Name:      r.opts.SecretName,
			Namespace: r.opts.Namespace,
			Labels:    map[string]string{"app.kubernetes.io/name": "armgen", "app.kubernetes.io/component": "webhook-certs"},
		},
		Type: corev1.SecretTypeTLS,
		Data: m.data(),
	}
	err := r.c.Create(ctx, sec, client.FieldOwner(FieldManager))
	if err != nil && !apierrors.IsAlreadyExists(err) {
		return nil, fmt.Errorf("creating Secret %s/%s: %w", sec.Namespace, sec.Name, err)
	}
	return sec, err
}

// update writes m over sec at the resourceVersion read, so that of two replicas renewing at
// once one fails with a conflict and adopts the other's.
func (r *Rotator) update(ctx context.Context, sec *corev1.Secret, m *material) error {
	sec.Data = m.data()
	err := r.c.Update(ctx, sec, client.FieldOwner(FieldManager))
	if err != nil && !apierrors.IsConflict(err) {
		return fmt.Errorf("updating Secret %s/%s: %w", sec.Namespace, sec.Name, err)
	}
	return err
}
