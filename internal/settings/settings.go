package settings

import (
	"errors"
	"os"
	"time"

	"github.com/armgen/armgen/pkg/genruntime"
)

// Settings are the operator-wide settings.
type Settings struct {
	// ResourceManagerEndpoint is the ARM URL, with a trailing slash.
	ResourceManagerEndpoint string
	// ResourceManagerAudience is the audience of ARM tokens.
	ResourceManagerAudience string
	// AuthorityHost is the Microsoft Entra authority credentials get tokens from.
	AuthorityHost string
	// SyncPeriod is how long after a successful reconcile a resource is checked against Azure
	// again; zero means never (AZURE_SYNC_PERIOD=never).
	SyncPeriod time.Duration
	// TargetNamespaces are the namespaces watched; empty means all.
	TargetNamespaces []string
	// OperatorMode says whether watchers, webhooks or both run.
	OperatorMode OperatorMode
	// DefaultReconcilePolicy applies to resources (and namespaces) without the annotation.
	DefaultReconcilePolicy genruntime.ReconcilePolicy
	// MaxConcurrentReconciles is the number of workers per controller.
	MaxConcurrentReconciles int
	// RateLimit limits the rate of ARM requests across the operator.
	RateLimit RateLimit
	// UserAgentSuffix is appended to the User-Agent of ARM requests.
	UserAgentSuffix string
	// ARMRequestTimeout bounds one ARM call, retries and token included (ARM_REQUEST_TIMEOUT).
	ARMRequestTimeout time.Duration
	// ReconcileTimeout bounds one reconcile of one object (RECONCILE_TIMEOUT): a stalled call
	// cannot hold a worker longer.
	ReconcileTimeout time.Duration
	// MaxOperationAge is how long a long-running operation is followed before it is given up
	// as lost (a Warning names it; the resource is read and sent again if needed): ARM forgets
	// operations, and a resume token restored from a backup may point nowhere.
	MaxOperationAge time.Duration
	// PodNamespace is the operator's namespace, where the global aso-controller-settings Secret
	// lives; empty when the operator runs outside a cluster, in which case only the environment
	// supplies the global credential.
	PodNamespace string
}

// RateLimit is a token bucket shared by every ARM request of the operator.
type RateLimit struct {
	Mode RateLimitMode
	// QPS is the rate the bucket refills at, in requests per second.
	QPS float64
	// BucketSize is the burst the bucket allows.
	BucketSize int
}

// Enabled reports whether requests wait for the bucket.
func (r RateLimit) Enabled() bool { return r.Mode == RateLimitBucket }

// SyncEnabled reports whether resources are checked against Azure periodically.
func (s Settings) SyncEnabled() bool { return s.SyncPeriod > 0 }

// FromEnvironment reads the settings from the process environment.
func FromEnvironment() (Settings, error) {
	return Load(os.Getenv)
}

// Load reads the settings through getenv, so tests need not change the process environment.
// It reports every bad setting at once, joined, rather than the first, so one restart fixes all.
func Load(getenv func(string) string) (Settings, error) {
	r := reader{getenv: getenv}
	s := Settings{
		ResourceManagerEndpoint: r.url(ResourceManagerEndpointVar, DefaultResourceManagerEndpoint),
		ResourceManagerAudience: r.text(ResourceManagerAudienceVar, DefaultResourceManagerAudience),
		AuthorityHost:           r.url(AuthorityHostVar, DefaultAuthorityHost),
		SyncPeriod:              r.syncPeriod(SyncPeriodVar),
		TargetNamespaces:        r.list(TargetNamespacesVar),
		OperatorMode:            r.operatorMode(OperatorModeVar),
		DefaultReconcilePolicy:  r.reconcilePolicy(DefaultReconcilePolicyVar),
		MaxConcurrentReconciles: r.positiveInt(MaxConcurrentReconcilesVar, DefaultMaxConcurrentReconciles),
		RateLimit: RateLimit{
			Mode:       r.rateLimitMode(RateLimitModeVar),
			QPS:        r.positiveFloat(RateLimitQPSVar, DefaultRateLimitQPS),
			BucketSize: r.positiveInt(RateLimitBucketSizeVar, DefaultRateLimitBucketSize),
		},
		UserAgentSuffix:   r.text(UserAgentSuffixVar, ""),
		PodNamespace:      r.text(PodNamespaceVar, ""),
		ARMRequestTimeout: r.duration(ARMRequestTimeoutVar, DefaultARMRequestTimeoutText),
		ReconcileTimeout:  r.duration(ReconcileTimeoutVar, DefaultReconcileTimeoutText),
		MaxOperationAge:   r.duration(MaxOperationAgeVar, DefaultMaxOperationAgeText),
	}
	if s.ARMRequestTimeout > 0 && s.ReconcileTimeout > 0 && s.ReconcileTimeout < s.ARMRequestTimeout {
		// A reconcile that cannot wait for one request would abandon every slow one half-way.
		r.fail(ReconcileTimeoutVar, getenv(ReconcileTimeoutVar),
			"a duration of at least "+ARMRequestTimeoutVar+" ("+s.ARMRequestTimeout.String()+")")
	}
	if len(s.TargetNamespaces) > 0 && !s.OperatorMode.IncludesWatchers() {
		// Target namespaces restrict watchers; accepting them without watchers would hide a
		// misunderstanding of what this process does.
		r.fail(TargetNamespacesVar, getenv(TargetNamespacesVar),
			"no value when "+OperatorModeVar+"="+string(s.OperatorMode)+", which runs no watchers")
	}
	if err := errors.Join(r.errs...); err != nil {
		return Settings{}, err
	}
	return s, nil
}
