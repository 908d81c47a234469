package manager

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"

	"github.com/armgen/armgen/generated/controllers"
	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/crdmanagement"
	"github.com/armgen/armgen/internal/credentials"
	"github.com/armgen/armgen/internal/extensions"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/internal/webhookcerts"
	"github.com/armgen/armgen/pkg/crdpattern"
	"github.com/armgen/armgen/pkg/genruntime"
)

// Operator is a manager with the generic reconciler set up on it.
type Operator struct {
	ctrl.Manager
	Metrics *reconciler.Metrics
	// Kinds are the kinds watched; Skipped the group/kinds matched whose CRD is not installed.
	Kinds   []string
	Skipped []string
	// CRDs is what CRD management did at start (nil with --crd-management=none).
	CRDs *crdmanagement.Result
}

// Scheme holds client-go's types and every generated version.
func Scheme() (*runtime.Scheme, error) {
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		return nil, err
	}
	if err := controllers.AddToScheme(s); err != nil {
		return nil, err
	}
	return s, nil
}

// New builds the operator on the cluster cfg points at. It does not start it: call Start.
func New(cfg *rest.Config, opts Options) (*Operator, error) {
	scheme, err := Scheme()
	if err != nil {
		return nil, err
	}
	st := opts.Settings
	// Checked apart before they are joined, so that an error names the one at fault.
	if _, err := crdmanagement.ParsePatterns(opts.CRDPattern, opts.AdditionalCRDPattern); err != nil {
		return nil, err
	}
	crds, err := manageCRDs(cfg, opts)
	if err != nil {
		return nil, err
	}
	mo := ctrl.Options{
		Scheme:                  scheme,
		Metrics:                 metricsserver.Options{BindAddress: opts.MetricsAddr},
		HealthProbeBindAddress:  opts.HealthAddr,
		PprofBindAddress:        opts.PprofAddr,
		LeaderElection:          opts.LeaderElection,
		LeaderElectionID:        "armgen-controller-leader",
		LeaderElectionNamespace: orDefault(opts.LeaderElectionNamespace, st.PodNamespace),
		Cache:                   cacheOptions(st),
	}
	if opts.SeveralManagers {
		skip := true
		mo.Controller = config.Controller{SkipNameValidation: &skip}
	}
	var certs *webhookcerts.Rotator
	if st.OperatorMode.IncludesWebhooks() {
		if mo.WebhookServer, certs, err = webhookServer(cfg, scheme, opts); err != nil {
			return nil, err
		}
	}
	mgr, err := ctrl.NewManager(cfg, mo)
	if err != nil {
		return nil, err
	}
	if certs != nil {
		if err := mgr.Add(certs); err != nil {
			return nil, err
		}
		if err := mgr.AddReadyzCheck("webhook-certs", certs.ReadyCheck); err != nil {
			return nil, err
		}
	}
	op := &Operator{Manager: mgr, Metrics: opts.Metrics, CRDs: crds}
	if op.Metrics == nil {
		op.Metrics = reconciler.DefaultMetrics()
	}
	if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
		return nil, err
	}
	if st.OperatorMode.IncludesWebhooks() {
		mgr.GetWebhookServer().Register("/convert", conversion.NewWebhookHandler(scheme))
		if err := mgr.AddReadyzCheck("webhook", mgr.GetWebhookServer().StartedChecker()); err != nil {
			return nil, err
		}
	} else if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
		return nil, err
	}
	if !st.OperatorMode.IncludesWatchers() {
		return op, nil
	}

	all, err := genruntime.GroupVersionKinds(scheme, controllers.KnownResources())
	if err != nil {
		return nil, err
	}
	var served map[schema.GroupKind]bool
	if crds != nil {
		served = crds.Served
	}
	kinds, skipped, err := selectKinds(all, crdpattern.Join(opts.CRDPattern, opts.AdditionalCRDPattern), served, mgr.GetRESTMapper())
	if err != nil {
		return nil, err
	}
	op.Skipped = skipped
	for _, k := range kinds {
		op.Kinds = append(op.Kinds, k.GroupKind().String())
	}
	log.Log.Info("watching kinds", "count", len(kinds), "notInstalled", len(skipped))

	// ARM and token requests share one transport, and its connections.
	transport := opts.Transport
	if transport == nil {
		transport = armclient.DefaultTransport()
	}
	armOpts := armclient.Options{
		Endpoint:        st.ResourceManagerEndpoint,
		Audience:        st.ResourceManagerAudience,
		Transport:       transport,
		UserAgentSuffix: st.UserAgentSuffix,
		Retry:           opts.Retry,
		RequestTimeout:  st.ARMRequestTimeout,
	}
	if st.RateLimit.Enabled() {
		armOpts.RateLimiter = armclient.NewRateLimiter(st.RateLimit.QPS, st.RateLimit.BucketSize)
	}
	credOpts := credentials.Options{OperatorNamespace: st.PodNamespace, AuthorityHost: st.AuthorityHost, Transport: transport}
	r := reconciler.New(mgr.GetClient(), scheme, reconciler.Options{
		Settings:    st,
		Clients:     armclient.NewCache(armOpts),
		Credentials: credentials.NewProvider(mgr.GetClient(), credOpts),
		Resolver:    resolver.New(mgr.GetClient(), scheme, kinds),
		Recorder:    mgr.GetEventRecorderFor("armgen-controller"),
		Metrics:     op.Metrics,
		WaitDelay:   opts.WaitDelay,
		PollDelay:   opts.PollDelay,
		APIReader:   mgr.GetAPIReader(),
		// Per-kind behaviour (a key vault's createMode createOrRecover and purgeThenCreate).
		PutModifiers: extensions.PutModifiers(),
	})
	if err := r.SetupWithManager(mgr, kinds, st.MaxConcurrentReconciles); err != nil {
		return nil, fmt.Errorf("setting up controllers: %w", err)
	}
	return op, nil
}

func orDefault(s, def string) string {
	if s != "" {
		return s
	}
	return def
}
