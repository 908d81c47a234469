package bench

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/pkg/armfake"
)

// OperatorConfig is what a benchmark varies between runs of the manager.
type OperatorConfig struct {
	// SyncPeriod is how long after a success a resource is checked again.
	SyncPeriod time.Duration
	// Concurrency is MaxConcurrentReconciles: workers per controller (one controller per kind).
	Concurrency int
	// WaitDelay is the reconciler's (a child waiting for its owner looks again after it);
	// zero keeps the reconciler's default, as a user gets it.
	WaitDelay time.Duration
	// LogFile is where a controller run as a process logs, appended to; empty: a file in the
	// benchmark's temporary directory, gone with it.
	LogFile string
}

// Operator is a manager running in this process, as cmd/controller runs it, but watchers only:
// the conversion webhook is served apart (cluster.ServeConversion), so that stopping the
// manager to restart it leaves the API server able to convert.
type Operator struct {
	*manager.Operator
	stop func() error
}

// StartOperator starts a manager on the cluster cfg reaches, talking to srv, with its own
// Metrics, and returns once its caches have synced.
func StartOperator(ctx context.Context, cfg *rest.Config, srv *armfake.Server, oc OperatorConfig) (*Operator, error) {
	// Defaults as a user gets them, then what points the operator at armfake.
	st, err := settings.Load(func(string) string { return "" })
	if err != nil {
		return nil, err
	}
	st.ResourceManagerEndpoint = srv.URL() + "/"
	st.AuthorityHost = srv.AuthorityHost()
	st.OperatorMode = settings.ModeWatchers
	st.SyncPeriod = oc.SyncPeriod
	st.MaxConcurrentReconciles = oc.Concurrency
	op, err := manager.New(cfg, manager.Options{
		Settings:    st,
		MetricsAddr: "0",
		HealthAddr:  "0",
		Transport:   srv.Client(),
		WaitDelay:   oc.WaitDelay,
		Metrics:     reconciler.NewMetrics(prometheus.NewRegistry()),
		// A benchmark runs a second manager after the first (the resync).
		SeveralManagers: true,
	})
	if err != nil {
		return nil, fmt.Errorf("building the manager: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- op.Start(ctx) }()
	stop := func() error {
		cancel()
		return <-done
	}
	synced := make(chan bool, 1)
	go func() { synced <- op.GetCache().WaitForCacheSync(ctx) }()
	select {
	case err := <-done:
		cancel()
		return nil, fmt.Errorf("the manager stopped at start: %w", err)
	case ok := <-synced:
		if !ok {
			return nil, errors.Join(errors.New("the manager's caches did not sync"), stop())
		}
	}
	return &Operator{Operator: op, stop: stop}, nil
}

// Stop stops the manager and waits until it has.
func (o *Operator) Stop() error { return o.stop() }

// Reader reads the objects as the manager sees them (its cache: no load on the API server).
func (o *Operator) Reader() client.Reader { return o.GetCache() }

// Cached is true: Reader is the manager's cache.
func (o *Operator) Cached() bool { return true }

// Counts are the PUTs sent and avoided at resync since the manager started.
func (o *Operator) Counts() (puts, avoided int64, err error) {
	puts, avoided = o.Metrics.Counts()
	return puts, avoided, nil
}

// CPUTime of an operator in this process is the process's: see CPUTime.
func (o *Operator) CPUTime() (time.Duration, error) {
	return 0, errors.New("the operator shares this process")
}

// PeakRSS of an operator in this process is the process's: see PeakRSS.
func (o *Operator) PeakRSS() (int64, error) { return 0, errors.New("the operator shares this process") }
