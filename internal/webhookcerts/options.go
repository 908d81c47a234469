package webhookcerts

import (
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Defaults, as the deployment in config/ names things.
const (
	DefaultNamespace   = "armgen-system"
	DefaultSecretName  = "armgen-webhook-cert"
	DefaultServiceName = "armgen-webhook-service"
	// FieldManager owns the caBundle of the CRDs; the CRD installer applies the rest of them
	// under its own name, so neither undoes the other.
	FieldManager = "armgen-webhook-certs"
)

// Options configure a Rotator. Zero values take the defaults.
type Options struct {
	// Namespace holds the Secret and the webhook Service (the operator's, POD_NAMESPACE).
	Namespace string
	// SecretName is the Secret shared by replicas and restarts.
	SecretName string
	// ServiceName is the Service the CRDs send conversion reviews to: the serving certificate
	// names <service>.<namespace>.svc and .svc.cluster.local.
	ServiceName string
	// ExtraHosts are more DNS names or IP addresses for the serving certificate (a webhook
	// called by URL outside a cluster, as the end-to-end tests do on 127.0.0.1).
	ExtraHosts []string
	// CAValidity and ServingValidity are the lifetimes of new certificates; each is renewed
	// two thirds into its life. Defaults: 10 years and 1 year.
	CAValidity, ServingValidity time.Duration
	// Interval is how often the Secret and the CRDs are checked: a CRD installed later gets the
	// CA bundle within it, and a certificate another replica renewed is picked up. Default 30s.
	Interval time.Duration
	// Kinds are the kinds whose CRDs the webhook serves: each such CRD converting by webhook
	// gets the CA bundle.
	Kinds []schema.GroupKind
	// Now is the clock (tests); default time.Now.
	Now func() time.Time
}

func (o Options) withDefaults() (Options, error) {
	def := func(s *string, d string) {
		if *s == "" {
			*s = d
		}
	}
	def(&o.Namespace, DefaultNamespace)
	def(&o.SecretName, DefaultSecretName)
	def(&o.ServiceName, DefaultServiceName)
	if o.CAValidity == 0 {
		o.CAValidity = 10 * 365 * 24 * time.Hour
	}
	if o.ServingValidity == 0 {
		o.ServingValidity = 365 * 24 * time.Hour
	}
	if o.Interval == 0 {
		o.Interval = 30 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.CAValidity < 0 || o.ServingValidity < 0 || o.Interval < 0 {
		return o, fmt.Errorf("webhook certificates: CA validity %s, serving validity %s and interval %s must be positive", o.CAValidity, o.ServingValidity, o.Interval)
	}
	if o.ServingValidity > o.CAValidity {
		return o, fmt.Errorf("webhook certificates: the serving validity %s exceeds the CA's %s, which would cut it short", o.ServingValidity, o.CAValidity)
	}
	return o, nil
}

// hosts are the names the serving certificate must hold, the Service's first.
func (o *Options) hosts() []string {
	svc := o.ServiceName + "." + o.Namespace + ".svc"
	return append([]string{svc, svc + ".cluster.local"}, o.ExtraHosts...)
}
