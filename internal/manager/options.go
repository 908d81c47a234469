package manager

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"

	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/internal/webhookcerts"
)

// Options configure the manager. Settings come from the environment (see package settings);
// the rest from flags, named as Azure Service Operator's manager names them.
type Options struct {
	Settings settings.Settings
	// CRDPattern names kinds: patterns of group/Kind separated by ';', with * and ? wildcards
	// (network.azure.com/*;resources.azure.com/ResourceGroup), the grammar of
	// crdmanagement.ParsePattern. With CRDManagement auto it names the CRDs to install (those
	// of ours installed already are upgraded and watched anyway); with none, the kinds to watch
	// (empty: every kind whose CRD is installed).
	CRDPattern string
	// AdditionalCRDPattern is joined to CRDPattern (env ADDITIONAL_ASO_CRDS, as Cluster API
	// Provider Azure adds kinds to the pattern it installs ASO with).
	AdditionalCRDPattern string
	// CRDManagement is "auto" (install and upgrade the operator's CRDs at start, as ASO's
	// --crd-management) or "none" (leave CRDs alone). Empty means none here, so that tests and
	// embedders that install CRDs themselves keep theirs; the binary's flag defaults to auto.
	CRDManagement string
	// Version is the operator's, written on the CRDs it applies (crdmanagement.BinaryVersion
	// when empty).
	Version string
	// MetricsAddr and HealthAddr serve metrics and probes; "0" turns either off.
	MetricsAddr, HealthAddr string
	// PprofAddr serves Go's /debug/pprof/ profiles (heap, CPU), to see what the caches hold
	// at scale; "" or "0" leaves it off, as it serves the process's insides unauthenticated.
	PprofAddr string
	// WebhookPort serves the conversion webhook over TLS; WebhookHost binds it to one address
	// (empty: all).
	WebhookPort int
	WebhookHost string
	// WebhookCerts says where its certificate comes from: the operator's own (the default),
	// kept as WebhookCertOptions say (the namespace defaults to the operator's), or the
	// tls.crt and tls.key files of WebhookCertDir.
	WebhookCerts       webhookcerts.Mode
	WebhookCertOptions webhookcerts.Options
	WebhookCertDir     string
	// LeaderElection makes replicas elect one active manager, through a Lease in
	// LeaderElectionNamespace (default: the operator's namespace).
	LeaderElection          bool
	LeaderElectionNamespace string
	// Transport, when set, carries every ARM and token request (tests: trust armfake's CA).
	Transport policy.Transporter
	// Retry shortens the ARM pipeline's retries in tests; zero means azcore's defaults.
	Retry policy.RetryOptions
	// WaitDelay and PollDelay are the reconciler's (see reconciler.Options); zero means its defaults.
	WaitDelay, PollDelay time.Duration
	// Metrics, when set, counts this manager's PUTs apart from the default, process-wide ones
	// (tests that run several managers in one process).
	Metrics *reconciler.Metrics
	// SeveralManagers lets a process build more than one manager: controller-runtime refuses
	// two controllers of the same name in a process unless told (tests).
	SeveralManagers bool
}
