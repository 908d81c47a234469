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
	// CRDPattern selects the kinds to watch: patterns of group/Kind separated by ';', with *
	// wildcards (network.azure.com/*;resources.azure.com/ResourceGroup); empty or * is every
	// kind whose CRD is installed.
	CRDPattern string
	// MetricsAddr and HealthAddr serve metrics and probes; "0" turns either off.
	MetricsAddr, HealthAddr string
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
